"""The customer's pay page (/pay/<token>): only what the invoice itself shows."""

import asyncio

import reflex as rx

from renovation_app.services import invoicing, payments
from renovation_app.services.billing.money import shown
from renovation_app.services.limits import client_address_from_headers, client_fingerprint
from renovation_app.state.payments import CardPaymentMixin, path_part
from renovation_app.state.record import RecordPage

# What the customer sees of an invoice; nothing about staff, e-mails or history.
CUSTOMER_FIELDS = (
    "number",
    "status",
    "status_label",
    "customer_name",
    "customer_address",
    "note",
    "subtotal",
    "tax",
    "tax_label",
    "total",
    "issue_date_display",
    "due_date_display",
)


class PayState(RecordPage, CardPaymentMixin, rx.State):
    """The customer's view: only what the invoice itself shows, found by its pay token. The
    token itself is read from the address on each event and kept in no var."""

    invoice: dict = {}
    lines: list[dict] = []
    # "open" (the invoice is shown), "void", "expired" or "unknown" (a page that says so).
    link_state: str = "open"
    # False until the invoice is read: until then the page shows what the server put in the
    # HTML (api/pay_first_paint.py), so the invoice is on screen before the websocket opens.
    loaded: bool = False
    has_tax: bool = False
    sum_rows: list[dict] = []  # subtotal, discount, tax
    due_cents: int = 0  # due now (the balance when there is no schedule)
    balance_cents: int = 0
    paid_cents: int = 0
    next_cents: int = 0  # the next stage, payable early when nothing is due now
    pay_now_cents: int = 0  # what "Pay now" takes
    # A bank debit in flight: shown as "Payment processing"; nothing more is payable meanwhile.
    processing_cents: int = 0
    # due, balance, paid, next_words, pay_now, processing, processing_how, fee_note: as text
    money: dict[str, str] = {}
    stages: list[dict] = []
    _invoice_pk: int = 0
    _client_hash: str = ""

    @rx.var
    def found(self) -> bool:
        return self.link_state == "open"

    def _checkout(self) -> payments.CardCheckout:
        invoice_id = invoicing.payable_invoice_id(path_part(self, 1))  # the link, checked again
        return payments.start_card_payment(
            invoice_id, client_hash=self._client_hash, whole_balance=self.whole_balance
        )

    def _invoice_id(self) -> int:
        return self._invoice_pk

    def _takes_bank_debit(self) -> bool:
        return True

    async def _after_payment(self):
        await self._load(record_view=False)

    async def _read_record(self, key: str) -> bool:
        """A reload shows the page fresh, never the dialog (the reset closed it)."""
        headers = self.router.headers.raw_headers
        self._client_hash = client_fingerprint(
            client_address_from_headers(headers, headers.get("asgi-scope-client", ""))
        )
        await self._load(record_view=True)
        return True  # a void, expired or unknown link has its own words (link_state)

    async def _load(self, record_view: bool) -> None:
        state, view, money = await asyncio.to_thread(invoicing.pay_page, path_part(self, 1))
        self.link_state, self.loaded = state, True
        self._invoice_pk = view.id if view else 0
        data = shown(view) if view else {}
        self.lines = [
            {k: line[k] for k in ("label", "description", "price", "tax_note", "quantity_note")}
            for line in data.get("lines", [])
        ]
        self.invoice = {k: data[k] for k in CUSTOMER_FIELDS if k in data}
        self.has_tax = bool(view and view.tax_cents)
        self.sum_rows = list(data.get("sum_rows", []))
        self.due_cents, self.balance_cents = money.due_cents, money.balance_cents
        self.next_cents, self.pay_now_cents = money.next_cents, money.pay_now_cents
        self.paid_cents = money.paid_cents
        self.processing_cents = money.processing_cents
        words = shown(money)
        self.money = {
            **{key: words[key] for key in ("due", "balance", "paid", "next_words", "pay_now")},
            "pay_label": payments.pay_now_label(money),
            "processing": words["processing"],
            "processing_how": money.processing_how,
            "fee_note": payments.fee_note(money.pay_now_cents),
        }
        self.stages = words["stages"]
        if view and record_view:
            await asyncio.to_thread(invoicing.record_view, view.id)
