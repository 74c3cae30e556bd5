"""The saved invoice (/invoices/<number>) and the customer's pay page (/pay/<token>)."""

import asyncio
import dataclasses
import logging

import reflex as rx

from renovation_app.services import invoices, payments, refunds
from renovation_app.services.clients import client_address_from_headers, client_fingerprint
from renovation_app.services.invoice_list import InvoiceFilters, list_invoices
from renovation_app.services.money import format_usd
from renovation_app.state.payments import CardPaymentMixin
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)


def _path_part(state: rx.State, index: int) -> str:
    parts = [p for p in state.router.url.path.split("/") if p]
    return parts[index] if len(parts) > index else ""


def _money(view: invoices.InvoiceView | None) -> dict:
    """An invoice's paid, refunded and due amounts (run in a worker thread)."""
    return dataclasses.asdict(payments.payment_summary(view.id)) if view else {}


def _staff_invoice(number: str) -> tuple[invoices.InvoiceView | None, dict]:
    view = invoices.get_invoice(number)
    return view, _money(view)


def _customer_invoice(token: str) -> tuple[str, invoices.InvoiceView | None, dict]:
    """The pay link's state ("unknown", "open", "void", "expired"), its invoice and money."""
    found = invoices.pay_link(token)
    if found is None:
        return "unknown", None, {}
    state, view = found
    if state != invoices.PayLinkState.OPEN:
        return str(state), None, {}
    return str(state), view, _money(view)


class InvoiceDetailState(CardPaymentMixin, StaffState):
    invoice: dict = {}
    money: dict = {}
    refund_amount: str = ""
    refund_reason: str = ""
    lines: list[dict] = []
    events: list[dict] = []
    emails: list[dict] = []
    found: bool = True
    void_reason: str = ""
    action_error: str = ""

    @rx.var
    def can_void(self) -> bool:
        """The invoice's status allows it (the service says) and this user may."""
        return bool(self.invoice.get("can_be_voided")) and (
            self.is_admin or self.invoice.get("author_id") == self._user_id
        )

    async def _show(self, number: str) -> None:
        view, self.money = await asyncio.to_thread(_staff_invoice, number)
        self.found = view is not None
        data = dataclasses.asdict(view) if view else {}
        # The view's tuples as lists, the vars' declared type.
        self.lines = list(data.pop("lines", ()))
        self.events = list(reversed(data.pop("events", ())))  # newest first
        self.emails = list(data.pop("emails", ()))
        self.invoice = data

    def _checkout(self) -> payments.CardCheckout:
        return payments.start_card_payment(self._invoice_id())

    def _invoice_id(self) -> int:
        return int(self.invoice.get("id") or 0)

    async def _after_payment(self):
        await self._show(self.invoice.get("number", ""))

    @rx.event
    def set_refund_amount(self, text: str):
        self.refund_amount = text[:20]

    @rx.event
    def set_refund_reason(self, text: str):
        self.refund_reason = text[:500]

    @rx.event
    async def refund(self):
        number = self.invoice.get("number", "")
        try:
            cents = await asyncio.to_thread(
                refunds.refund,
                number,
                self._signed_in_user(),
                self.refund_amount,
                self.refund_reason,
            )
        except payments.PaymentRefused as refused:
            self.action_error = refused.message
            await self._show(number)
            return
        except Exception:
            log.exception("refund of invoice %s failed", number)
            self.action_error = "The refund could not be made. Please try again."
            return
        self.action_error, self.refund_amount, self.refund_reason = "", "", ""
        await self._show(number)
        yield rx.toast.success(f"Refund of {format_usd(cents)} sent to Stripe.", duration=3000)

    @rx.event
    async def load(self):
        self.action_error, self.void_reason = "", ""
        self.reset_payment_dialog()
        await self._show(_path_part(self, 1))

    @rx.event
    async def resend_email(self):
        number = self.invoice.get("number", "")
        try:
            await asyncio.to_thread(invoices.resend_invoice_email, number, self._signed_in_user())
        except invoices.InvoiceActionRefused as refused:
            self.action_error = str(refused)
            return
        await self._show(number)
        yield rx.toast.success("The invoice e-mail is queued again.", duration=2000)

    @rx.event
    def set_void_reason(self, text: str):
        self.void_reason = text[:500]

    @rx.event
    async def void(self):
        number = self.invoice.get("number", "")
        try:
            await asyncio.to_thread(
                invoices.void_invoice, number, self._signed_in_user(), self.void_reason
            )
        except invoices.InvoiceActionRefused as refused:
            self.action_error = str(refused)
            await self._show(number)
            return
        except Exception:
            log.exception("void of invoice %s failed", number)
            self.action_error = "The invoice could not be voided. Please try again."
            return
        self.action_error, self.void_reason = "", ""
        await self._show(number)
        yield rx.toast.success(f"Invoice {number} is void.", duration=2000)


# What the customer sees of an invoice; nothing about staff, e-mails or history.
CUSTOMER_FIELDS = (
    "number",
    "status",
    "status_label",
    "customer_name",
    "customer_address",
    "note",
    "subtotal",
    "total",
    "issue_date_display",
    "due_date_display",
)


class PayState(CardPaymentMixin, rx.State):
    """The customer's view: only what the invoice itself shows, found by its pay token. The
    token itself is read from the address on each event and kept in no var."""

    invoice: dict = {}
    lines: list[dict] = []
    # "open" (the invoice is shown), "void", "expired" or "unknown" (a page that says so).
    link_state: str = "open"
    due_cents: int = 0
    _invoice_pk: int = 0
    _client_hash: str = ""

    @rx.var
    def found(self) -> bool:
        return self.link_state == "open"

    def _checkout(self) -> payments.CardCheckout:
        return payments.start_card_payment(self._invoice_pk, client_hash=self._client_hash)

    def _invoice_id(self) -> int:
        return self._invoice_pk

    async def _after_payment(self):
        await self._load(record_view=False)

    @rx.event
    async def load(self):
        self.reset_payment_dialog()  # a reload shows the page fresh, never the dialog
        headers = self.router.headers.raw_headers
        self._client_hash = client_fingerprint(
            client_address_from_headers(headers, headers.get("asgi-scope-client", ""))
        )
        await self._load(record_view=True)

    async def _load(self, record_view: bool) -> None:
        state, view, money = await asyncio.to_thread(_customer_invoice, _path_part(self, 1))
        self.link_state = state
        self._invoice_pk = view.id if view else 0
        data = dataclasses.asdict(view) if view else {}
        self.lines = [
            {k: line[k] for k in ("label", "description", "price")}
            for line in data.get("lines", [])
        ]
        self.invoice = {k: data[k] for k in CUSTOMER_FIELDS if k in data}
        self.invoice["due"] = money.get("due", "")
        self.due_cents = int(money.get("due_cents", 0))
        if view and record_view:
            await asyncio.to_thread(invoices.record_view, view.id)


class InvoiceListState(StaffState):
    rows: list[dict] = []
    total_count: int = 0
    page: int = 1
    page_count: int = 1
    filters: dict[str, str] = {}
    options: dict[str, list[dict]] = {}
    previous_link: str = ""
    next_link: str = ""

    @rx.event
    async def load(self):
        filters = InvoiceFilters.from_query(self.router.url.query_parameters)
        listing = await asyncio.to_thread(list_invoices, filters)
        self.rows = [dataclasses.asdict(r) for r in listing.rows]
        self.total_count, self.page, self.page_count = (
            listing.total_count,
            listing.page,
            listing.page_count,
        )
        applied = listing.filters
        self.filters = {k: str(v) for k, v in dataclasses.asdict(applied).items()}
        self.options = {
            name: [dataclasses.asdict(o) for o in getattr(listing, f"{name}_options")]
            for name in ("status", "type", "location", "sort")
        }
        self.previous_link = (
            f"/invoices{applied.with_page(listing.page - 1).query_string()}"
            if listing.page > 1
            else ""
        )
        self.next_link = (
            f"/invoices{applied.with_page(listing.page + 1).query_string()}"
            if listing.page < listing.page_count
            else ""
        )
