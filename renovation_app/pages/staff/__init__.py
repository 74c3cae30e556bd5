"""The staff area's own pages: the dashboard, sign-in, sign-out, enquiries, the person's
account, staff accounts and the audit log (admins), and the one-time link pages."""

from renovation_app.pages.staff import (  # noqa: F401
    account,
    accounts,
    audit,
    dashboard,
    enquiries,
    links,
    login,
)
