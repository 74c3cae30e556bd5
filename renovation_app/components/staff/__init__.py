"""Pieces of the staff area."""

from renovation_app.components.staff.card import (
    card_intro,
    confirmed_delete,
    form_card,
    remove_button,
    row_form,
    staff_card,
    titled_section,
    with_cancel,
)
from renovation_app.components.staff.figure import figure
from renovation_app.components.staff.frame import (
    code_field,
    login_form,
    staff_page,
    staff_screen,
)
from renovation_app.components.staff.list_page import (
    bullets,
    cards,
    list_page,
    list_row,
    row_link,
    table,
)
from renovation_app.components.staff.pager import pager
from renovation_app.components.staff.record_page import (
    NO_JOB,
    history_details,
    record_cards,
    record_links,
    record_page,
    record_title,
)
from renovation_app.components.staff.search import (
    filter_input,
    list_search,
    search_form,
)

__all__ = [
    "NO_JOB",
    "bullets",
    "card_intro",
    "cards",
    "code_field",
    "confirmed_delete",
    "figure",
    "filter_input",
    "form_card",
    "history_details",
    "list_page",
    "list_row",
    "list_search",
    "login_form",
    "pager",
    "record_cards",
    "record_links",
    "record_page",
    "record_title",
    "remove_button",
    "row_form",
    "row_link",
    "search_form",
    "staff_card",
    "staff_page",
    "staff_screen",
    "table",
    "titled_section",
    "with_cancel",
]
