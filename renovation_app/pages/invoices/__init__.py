"""The staff invoice screens: the form, the list and one invoice."""

from renovation_app.pages.invoices import detail, form, list  # noqa: F401
