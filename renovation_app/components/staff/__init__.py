"""Pieces of the staff area."""

from renovation_app.components.staff.figure import figure
from renovation_app.components.staff.frame import login_form, staff_page
from renovation_app.components.staff.pager import pager
from renovation_app.components.staff.search import list_search

__all__ = ["figure", "list_search", "login_form", "pager", "staff_page"]
