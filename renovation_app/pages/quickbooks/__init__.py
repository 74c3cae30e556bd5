"""The books in QuickBooks Online: /settings/quickbooks (admins)."""

from renovation_app.pages.quickbooks import settings  # noqa: F401
