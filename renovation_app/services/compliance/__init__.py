"""New York's duties during a job, done by the app: deposits in escrow on time and the owner
told where they are held (Lien Law §71-a), the last day to file a mechanic's lien (§10), and
the record of lead-safe work signed by the certified renovator (40 CFR 745.86(b)(6))."""

from renovation_app.services.compliance.documents import document_pdf, send_st124_copy
from renovation_app.services.compliance.duties import JobDuties, get_job_duties, job_duties
from renovation_app.services.compliance.escrow import (
    deposit_deadline,
    notice_deadline,
    record_deposit,
    reminder_day,
    send_escrow_notice,
)
from renovation_app.services.compliance.lead_safe import (
    LeadSafeView,
    lead_safe_view,
    sign_lead_safe_record,
)
from renovation_app.services.compliance.office import (
    DutyRow,
    duty_rows,
    send_due_office_notices,
)
from renovation_app.services.compliance.property import set_property_type

__all__ = [
    "document_pdf",
    "send_st124_copy",
    "JobDuties",
    "job_duties",
    "get_job_duties",
    "deposit_deadline",
    "notice_deadline",
    "record_deposit",
    "reminder_day",
    "send_escrow_notice",
    "DutyRow",
    "duty_rows",
    "send_due_office_notices",
    "set_property_type",
    "LeadSafeView",
    "lead_safe_view",
    "sign_lead_safe_record",
]
