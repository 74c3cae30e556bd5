"""Pieces of the staff area."""

from renovation_app.components.staff.frame import login_form, staff_page

__all__ = ["login_form", "staff_page"]
