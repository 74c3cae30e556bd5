"""What every paged staff list holds (the page, the counts, the links to the pages beside it),
drawn by components.staff.pager."""

from collections.abc import Callable

import reflex as rx


class PagedListMixin(rx.State, mixin=True):
    page: int = 1
    page_count: int = 1
    total_count: int = 0
    previous_link: str = ""
    next_link: str = ""

    def _requested_page(self) -> int:
        page = self.router.url.query_parameters.get("page", "1")
        return int(page) if page.isdigit() else 1

    def _show_page(
        self, page: int, page_count: int, total_count: int, link_to: Callable[[int], str]
    ) -> None:
        """The page shown; `link_to(n)` is the address of page n with the same search."""
        self.page, self.page_count, self.total_count = page, page_count, total_count
        self.previous_link = link_to(page - 1) if page > 1 else ""
        self.next_link = link_to(page + 1) if page < page_count else ""
