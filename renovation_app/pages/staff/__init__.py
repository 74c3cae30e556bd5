"""The staff area's own pages: the dashboard, sign-in, sign-out, enquiries."""

from renovation_app.pages.staff import dashboard, enquiries, login  # noqa: F401
