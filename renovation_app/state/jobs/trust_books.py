"""/jobs/<number>/trust-books: a job's trust fund books for a period (from its first day through
today unless staff pick other days), read again whenever a day changes."""

import asyncio

import reflex as rx

from renovation_app.routes import trust_books_path
from renovation_app.services.billing.money import shown
from renovation_app.services.fields import iso_date
from renovation_app.services.trust_books import trust_books_view
from renovation_app.state.record import RecordPage
from renovation_app.state.staff import StaffState

BAD_DAY = "Please give both days, like 2026-11-25."
BACKWARDS = "The first day must be on or before the last."


class TrustBooksState(RecordPage, StaffState):
    books: dict = {}  # TrustBooksView in words beside its cents (billing.shown)
    start: str = ""  # the date inputs, as typed (ISO)
    end: str = ""
    period_error: str = ""

    async def _read_record(self, key: str) -> bool:
        self._show(await asyncio.to_thread(trust_books_view, key, admin=self.is_admin))
        return bool(self.books)

    def _show(self, view) -> None:
        self.books = shown(view) if view else {}
        if view:
            self.start, self.end = view.start, view.end

    async def _read(self) -> None:
        start, end = iso_date(self.start), iso_date(self.end)
        if start is None or end is None:
            self.period_error = BAD_DAY
            return
        if end < start:
            self.period_error = BACKWARDS
            return
        self.period_error = ""
        number = self.books.get("number")
        if not number:
            return
        self._show(await asyncio.to_thread(trust_books_view, number, start, end, self.is_admin))

    @rx.event
    async def set_start(self, value: str):
        self.start = str(value)[:10]
        await self._read()

    @rx.event
    async def set_end(self, value: str):
        self.end = str(value)[:10]
        await self._read()

    def _file(self, kind: str) -> str:
        """The download of the books shown (their period, not a half-typed one)."""
        if not self.books:
            return ""
        query = f"?from={self.books['start']}&to={self.books['end']}"
        return f"{trust_books_path(self.books['number'])}.{kind}{query}"

    @rx.var
    def pdf_href(self) -> str:
        return self._file("pdf")

    @rx.var
    def csv_href(self) -> str:
        return self._file("csv")
