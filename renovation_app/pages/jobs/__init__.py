"""The staff job screens: the list, one job, and its change order form."""

from renovation_app.pages.jobs import change_order_form, detail, list  # noqa: F401
