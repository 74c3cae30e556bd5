"""The pay page's first paint: the prerendered frame of /pay (header, footer, an empty slot)
with the invoice of the link asked for written into the slot by the server. The customer sees
the amount due, the lines and "Pay now" before any JavaScript runs or the websocket opens; the
page's React content then takes the slot's place at the same size (pages/pay.py)."""

from renovation_app.api.prerendered import built_page, fill_slot
from renovation_app.components.billing.schedule import STAGE_STATE_WORDS
from renovation_app.components.styles import BUTTON, CARD, SECONDARY_BUTTON
from renovation_app.first_paint import FIRST_PAINT_SLOT, PAY_FRAME_PAGE
from renovation_app.services import invoicing, payments
from renovation_app.services.billing.money import shown
from renovation_app.services.mail.templates import render_page


def _frame() -> str | None:
    return built_page(PAY_FRAME_PAGE)


def first_paint_page(token: str) -> tuple[bool, str | None]:
    """(the link exists, the page's HTML): the frame with the invoice in its slot when the link
    is open; the frame alone for a void or expired link (the page says so once it loads); None
    when there is no built frame (the dev server)."""
    state, view, money = invoicing.pay_page(token)
    if state == "unknown":
        return False, None
    frame = _frame()
    if frame is None or view is None:
        return True, frame
    invoice_html = render_page(
        "pay_first_paint.html",
        invoice=shown(view),
        money=shown(money),
        fee_note=payments.fee_note(money.pay_now_cents),
        cards=payments.payments_enabled(),
        not_set_up=payments.NOT_SET_UP,
        first_label=payments.pay_now_label(money),
        pdf_href=f"/pay/{token}/pdf",
        stage_words=STAGE_STATE_WORDS,
        styles={"card": CARD, "button": BUTTON, "secondary": SECONDARY_BUTTON},
    )
    filled = fill_slot(frame, FIRST_PAINT_SLOT, str(invoice_html))
    return True, filled
