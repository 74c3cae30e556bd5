"""The line editor's state, shared by the estimate and invoice forms: the rows as typed, the
tax area and the discount, and the live amounts and totals (computed by the services as the
server will save them; the browser computes nothing)."""

import reflex as rx

from renovation_app.content.tax import CAPITAL_IMPROVEMENT, DEFAULT_TAX_AREA
from renovation_app.services.billing import form_lines as typed
from renovation_app.services.billing import format_usd
from renovation_app.services.billing.form_lines import LineDraft
from renovation_app.services.billing.lines import LINES_MAX
from renovation_app.services.billing.totals import TAX_AREA_BY_SLUG

DISCOUNT_TEXT_MAX = 40


class LineEditorMixin(rx.State, mixin=True):
    lines: list[LineDraft] = []
    tax_area: str = DEFAULT_TAX_AREA
    discount: str = ""

    def _lines_changed(self) -> None:
        """Called after every change to the rows, the tax area or the discount."""

    @rx.var
    def amounts(self) -> dict[str, str]:
        return typed.amount_texts(self.lines)

    @rx.var
    def price_notes(self) -> dict[str, str]:
        return typed.price_notes(self.lines)

    @rx.var
    def tax_display(self) -> str:
        """The sales tax of the taxed lines ("" when none)."""
        tax = typed.live_totals(self.lines, self.discount, self.tax_area).tax_cents
        return format_usd(tax) if tax else ""

    @rx.var
    def total_display(self) -> str:
        return format_usd(typed.live_totals(self.lines, self.discount, self.tax_area).total_cents)

    @rx.var
    def capital_improvement(self) -> bool:
        """A line is a capital improvement: untaxed only with the owner's signed ST-124."""
        return any(line.tax_category == CAPITAL_IMPROVEMENT.slug for line in self.lines)

    @rx.var
    def optional_display(self) -> str:
        """The optional lines' amounts before tax ("" when there are none)."""
        optional = [line.amount_cents for line in self.lines if line.optional]
        return format_usd(sum(optional)) if optional else ""

    @rx.event
    def add_line(self):
        if len(self.lines) < LINES_MAX:
            self.lines = [*self.lines, LineDraft()]
            self._lines_changed()

    @rx.event
    def remove_line(self, key: str):
        if len(self.lines) > 1:
            self.lines = [line for line in self.lines if line.key != key]
            self._lines_changed()

    @rx.event
    def set_line(self, key: str, name: str, value: str | bool):
        for line in self.lines:
            if line.key == key and typed.edited(line, name, value):
                self.lines = list(self.lines)
                self._lines_changed()
                return

    @rx.event
    def set_tax_area(self, area: str):
        if area in TAX_AREA_BY_SLUG:
            self.tax_area = area
            self._lines_changed()

    @rx.event
    def set_discount(self, text: str):
        self.discount = str(text)[:DISCOUNT_TEXT_MAX]
        self._lines_changed()
