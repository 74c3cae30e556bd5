"""The staff customer screens: the list and one customer."""

from renovation_app.pages.customers import detail, list  # noqa: F401
