"""What every paged staff list holds (the page, the counts, the links to the pages beside it),
drawn by components.staff.pager, and its search form's submit; and the one load of the lists
searched by words and a status (?q=&status=)."""

import asyncio
from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol
from urllib.parse import urlencode

import reflex as rx

from renovation_app.services.fields import whole_number


class Listing(Protocol):
    """One page of a list, as the services' listing functions return it."""

    rows: Sequence
    page: int
    page_count: int
    total_count: int


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

    def _show_page(self, listing: Listing, link_to: Callable[[int], str]) -> None:
        """The page shown; `link_to(n)` is the address of page n with the same search."""
        page, page_count = listing.page, listing.page_count
        self.page, self.page_count, self.total_count = page, page_count, listing.total_count
        self.previous_link = link_to(page - 1) if page > 1 else ""
        self.next_link = link_to(page + 1) if page < page_count else ""


class SearchedListMixin(PagedListMixin, mixin=True):
    """A list searched by words (?q=) and, where `search_fields` names it, filtered by a status
    (?status=): `load` reads both from the address, asks `_listing` for the page and links the
    pages beside it with the same search. A list declares its `rows`, `list_path` and
    `_listing`; `_show_rows` when its rows need more than copying."""

    search_fields: ClassVar[tuple[str, ...]] = ("q", "status")
    list_path: ClassVar[str] = ""
    query: str = ""
    status: str = ""

    def _listing(self, query: str, status: str, page: int) -> Listing:
        """The list's service call (it runs in a worker thread)."""
        raise NotImplementedError

    def _show_rows(self, listing: Listing) -> None:
        self.rows = listing.rows

    @rx.event
    async def load(self):
        await self._load_list()

    async def _load_list(self) -> None:
        params = self.router.url.query_parameters
        self.query, self.status = params.get("q", "")[:100], params.get("status", "")[:30]
        listing = await asyncio.to_thread(
            self._listing, self.query, self.status, self._requested_page()
        )
        self._show_rows(listing)
        values = {"q": self.query, "status": self.status}
        search = {name: values[name] for name in self.search_fields}
        self._show_page(listing, lambda n: f"{self.list_path}?{urlencode({**search, 'page': n})}")
