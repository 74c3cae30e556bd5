"""The pay page's first paint: the server writes the customer's view of the invoice into the
prerendered frame's slot, for the token asked only, escaped, and nothing staff-only."""

import pytest
from starlette.testclient import TestClient

from renovation_app.api import create_api, pay_first_paint
from renovation_app.models import Role
from renovation_app.services import invoicing
from tests.factories import invoice_payload, pay_token, signed_in, staff_user

FRAME = (
    "<!DOCTYPE html><html><body><header>Site</header>"
    '<section><div class="rx-Html" id="pay-first-paint"></div></section></body></html>'
)


@pytest.fixture
def frame(monkeypatch):
    monkeypatch.setattr(pay_first_paint, "_frame", lambda: FRAME)


def make(
    author, token: str, name: str = "Ann <b>Customer</b>", **changes
) -> invoicing.ValidInvoice:
    lines = [
        {"service": "kitchenRemodelling", "unit_price": "1000"},
        {
            "service": "",
            "description": "Paint",
            "quantity": "2",
            "unit": "days",
            "unit_price": "450",
        },
    ]
    raw = invoice_payload(
        name=name, email="ann@example.com", phone="(718) 555-0100", lines=lines, **changes
    )
    return invoicing.create_invoice(invoicing.validate_invoice(raw), author.id, token)


def test_the_slot_holds_the_customers_invoice_escaped_and_nothing_staff_only(clean_db, frame):
    author = staff_user(name="Wendy Writer")
    invoice = make(author, "fp-1")
    other = make(author, "fp-2", name="Someone Else")
    token = pay_token(invoice)
    found, html = pay_first_paint.first_paint_page(token)
    assert found and html.startswith("<!DOCTYPE html>") and "<header>Site</header>" in html
    slot = html[html.index('id="pay-first-paint">') :]
    assert "Invoice " + invoice.number in slot and "Due now: <strong>$1,900.00</strong>" in slot
    assert "2 days x $450.00" in slot and f'href="/pay/{token}/pdf"' in slot
    assert "Ann &lt;b&gt;Customer&lt;/b&gt;" in slot and "<b>Customer" not in slot
    for private in ("ann@example.com", "555-0100", "Wendy Writer", other.number):
        assert private not in html


def test_an_unknown_link_is_404_and_a_void_invoice_gets_the_frame_alone(clean_db, frame):
    admin = staff_user(Role.ADMIN, name="Ada Admin")
    invoice = make(admin, "fp-3")
    client = TestClient(create_api())
    assert client.get("/pay/not-a-real-token").status_code == 404
    token = pay_token(invoice)
    answer = client.get(f"/pay/{token}", headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == 200 and answer.headers["content-encoding"] == "gzip"
    assert answer.headers["cache-control"] == "no-store" and "Due now" in answer.text
    invoicing.void_invoice(invoice.number, signed_in(admin), "Entered twice")
    found, html = pay_first_paint.first_paint_page(token)
    assert found and html == FRAME  # the page itself says it was cancelled


def test_without_a_built_frame_the_page_is_drawn_in_the_browser(clean_db, monkeypatch):
    monkeypatch.setattr(pay_first_paint, "_frame", lambda: None)
    author = staff_user(name="Wendy Writer")
    invoice = make(author, "fp-4")
    assert pay_first_paint.first_paint_page(pay_token(invoice)) == (True, None)
