"""The staff area's own pages: sign-in, sign-out, enquiries."""

from renovation_app.pages.staff import enquiries, login  # noqa: F401
