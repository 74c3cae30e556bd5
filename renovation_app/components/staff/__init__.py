"""Pieces of the staff area."""

from renovation_app.components.staff.frame import login_form, staff_page
from renovation_app.components.staff.pager import pager

__all__ = ["login_form", "pager", "staff_page"]
