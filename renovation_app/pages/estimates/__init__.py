"""The staff estimate screens: the form, the list and one estimate."""

from renovation_app.pages.estimates import detail, form, list  # noqa: F401
