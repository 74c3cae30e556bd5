"""What every paged staff list holds (the page, the counts, the links to the pages beside it),
drawn by components.staff.pager, and its search form's submit."""

from collections.abc import Callable
from typing import ClassVar
from urllib.parse import urlencode

import reflex as rx

from renovation_app.services.fields import whole_number


class PagedListMixin(rx.State, mixin=True):
    page: int = 1
    page_count: int = 1
    total_count: int = 0
    previous_link: str = ""
    next_link: str = ""
    # The names of the list's search form fields: what its address holds.
    search_fields: ClassVar[tuple[str, ...]] = ()

    @rx.event
    def search(self, form_data: dict):
        """The list's search form, once the page is live: its filled-in fields become the
        page's address, as the form's own GET does before the scripts run, so a link still
        reproduces the view and the page loads from it."""
        # Reflex's form data holds each field twice, by its name and by its id ("filter_search"):
        # only the names are the address's, as in the form's own GET.
        names = self.search_fields
        query = urlencode(
            {k: str(v) for k, v in form_data.items() if k in names and str(v or "").strip()}
        )
        path = self.router.url.path
        return rx.redirect(f"{path}?{query}" if query else path)

    def _requested_page(self) -> int:
        page = self.router.url.query_parameters.get("page", "1")
        return whole_number(page) or 1

    def _show_page(
        self, page: int, page_count: int, total_count: int, link_to: Callable[[int], str]
    ) -> None:
        """The page shown; `link_to(n)` is the address of page n with the same search."""
        self.page, self.page_count, self.total_count = page, page_count, total_count
        self.previous_link = link_to(page - 1) if page > 1 else ""
        self.next_link = link_to(page + 1) if page < page_count else ""
