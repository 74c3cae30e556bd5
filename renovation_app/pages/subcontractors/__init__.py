"""The staff subcontractor screens: the list and one subcontractor."""

from renovation_app.pages.subcontractors import detail, list  # noqa: F401
