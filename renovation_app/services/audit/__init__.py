"""The audit log: one append-only row for every staff action that changes something."""

from renovation_app.services.audit.log import (
    AuditFilters,
    AuditPage,
    AuditRow,
    acting_client,
    audit_csv_rows,
    audit_page,
    record,
    record_own_account,
    record_staff_action,
)

__all__ = [
    "AuditFilters",
    "AuditPage",
    "AuditRow",
    "acting_client",
    "audit_csv_rows",
    "audit_page",
    "record",
    "record_own_account",
    "record_staff_action",
]
