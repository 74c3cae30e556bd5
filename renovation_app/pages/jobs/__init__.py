"""The staff job screens: the list, one job, its change order form, and a job for small work."""

from renovation_app.pages.jobs import change_order_form, detail, list, new  # noqa: F401
