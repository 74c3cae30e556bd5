"""Invoice drafts (no number, nothing sent, sent once), revisions of a sent invoice (reason,
before and after, new PDF, the pay link charges the new balance), lines with quantity, unit and
free text, and a discount before tax. The real stripe SDK against the local fake Stripe."""

from datetime import timedelta

import pytest
from sqlmodel import func, select

from renovation_app.db import db_session
from renovation_app.models import Invoice, InvoiceCounter, InvoiceDraft, InvoiceRevision, Payment
from renovation_app.services import invoicing, payments
from renovation_app.services.billing import business_today, shown
from renovation_app.services.errors import ActionRefused, FormInvalid
from tests.factories import invoice_payload, mails, record_payment, signed_in, status_of
from tests.fakes.stripe_js_client import js_confirm

CARD = "4242424242424242"


def form(**changes) -> dict:
    lines = [
        {"service": "kitchenRemodelling", "unit_price": "8000"},
        {
            "service": "",
            "description": "Tile the floor",
            "quantity": "120",
            "unit": "sq ft",
            "unit_price": "12.50",
        },
    ]
    return invoice_payload(name="Dana Draft", lines=lines) | changes


def invoice_count() -> int:
    with db_session() as session:
        return session.exec(select(func.count()).select_from(Invoice)).one()


def sent(author, token: str = "rev-1", **changes) -> Invoice:
    return invoicing.create_invoice(invoicing.validate_invoice(form(**changes)), author.id, token)


# --- lines, quantities and the discount ---------------------------------------------------------


def test_a_line_is_quantity_times_unit_price_rounded_half_up_and_free_text_is_allowed():
    valid = invoicing.validate_invoice(form())
    kitchen, tiles = valid.lines
    assert (kitchen.price_cents, tiles.price_cents) == (800_000, 150_000)
    assert (tiles.service, tiles.words, tiles.quantity_milli, tiles.unit) == (
        "",
        "Tile the floor",
        120_000,
        "sq ft",
    )
    half = invoicing.validate_invoice(
        form(
            lines=[
                {"service": "", "description": "Grout", "quantity": "0.333", "unit_price": "1.50"}
            ]
        )
    )
    assert half.lines[0].price_cents == 50  # 0.333 x 150 = 49.95 -> 50


@pytest.mark.parametrize(
    "line, words",
    [
        ({"service": "", "unit_price": "10"}, "describe the work"),
        (
            {"service": "", "description": "x", "quantity": "two", "unit_price": "10"},
            "quantity as a number",
        ),
        ({"service": "", "description": "x", "quantity": "0", "unit_price": "10"}, "more than 0"),
        (
            {"service": "", "description": "x", "unit": "a" * 21, "unit_price": "10"},
            "20 characters",
        ),
        ({"service": "", "description": "x", "unit_price": "ten"}, "price"),
    ],
)
def test_a_bad_line_gets_a_clear_message(line, words):
    with pytest.raises(FormInvalid) as refused:
        invoicing.validate_invoice(form(lines=[line]))
    assert words in refused.value.errors["line:0"]


def test_a_discount_comes_off_before_tax_and_its_taxed_share_lowers_the_tax():
    lines = [
        {"service": "kitchenRemodelling", "unit_price": "800"},
        {
            "service": "",
            "description": "Fix the faucet",
            "unit_price": "200",
            "tax_category": "repair",
        },
    ]
    valid = invoicing.validate_invoice(form(lines=lines, discount="100"))
    # $100 off $1,000: $20 of it falls on the taxed $200, whose $17.75 tax becomes $15.97.
    assert (valid.subtotal_cents, valid.discount_cents, valid.tax_cents) == (100_000, 10_000, 1_597)
    assert valid.total_cents == 100_000 - 10_000 + 1_597
    for bad, words in (
        ("1000", "less than the subtotal"),
        ("abc", "in dollars"),
        ([5], "in dollars"),
    ):
        with pytest.raises(FormInvalid) as refused:
            invoicing.validate_invoice(form(lines=lines, discount=bad))
        assert words in refused.value.errors["discount"]


def test_quantities_discount_and_tax_read_the_same_on_page_pdf_and_e_mail(fake, admin):
    lines = [
        {
            "service": "",
            "description": "Tile the floor",
            "quantity": "120",
            "unit": "sq ft",
            "unit_price": "12.50",
        },
        {
            "service": "",
            "description": "Fix the faucet",
            "unit_price": "200",
            "tax_category": "repair",
        },
    ]
    # $50 off $1,700: $5.88 of it falls on the taxed $200, so the tax is $17.75 - $0.52.
    invoice = sent(admin, lines=lines, discount="50")
    view = shown(invoicing.get_invoice(invoice.number))
    assert [(r["label"], r["amount"]) for r in view["sum_rows"]] == [
        ("Subtotal", "$1,700.00"),
        ("Discount", "-$50.00"),
        ("Sales tax 8.875% (New York City)", "$17.23"),
    ]
    assert view["total"] == "$1,667.23"
    assert view["lines"][0]["quantity_note"] == "120 sq ft x $12.50"
    email = mails("invoice")[-1]
    for text in ("120 sq ft x $12.50", "-$50.00", "$17.23", "$1,667.23"):
        assert text in email.text and text in email.html
    pdf = invoicing.invoice_pdf(invoice.number)[1]
    assert pdf.startswith(b"%PDF")


# --- drafts -------------------------------------------------------------------------------------


def test_a_draft_takes_no_number_sends_nothing_and_may_be_incomplete(clean_db, admin):
    draft_id = invoicing.save_draft(form(email="not yet"), signed_in(admin), "draft-1")
    assert invoice_count() == 0 and mails("invoice") == []
    with db_session() as session:
        assert session.get(InvoiceCounter, business_today().year) is None  # no number taken
    rows = invoicing.list_drafts()
    assert [(r.id, r.customer_name, r.total) for r in rows] == [
        (draft_id, "Dana Draft", "$9,500.00")
    ]
    # A double click (the same form token) changes the same draft; editing keeps its id.
    assert invoicing.save_draft(form(), signed_in(admin), "draft-1") == draft_id
    assert (
        invoicing.save_draft(form(name="Dana D."), signed_in(admin), "other", draft_id) == draft_id
    )
    assert invoicing.draft_form(draft_id)["name"] == "Dana D." and len(invoicing.list_drafts()) == 1


def test_sending_a_draft_numbers_e_mails_and_removes_it_once(fake, admin):
    draft_id = invoicing.save_draft(form(), signed_in(admin), "draft-2")
    valid = invoicing.validate_invoice(invoicing.draft_form(draft_id))
    invoice = invoicing.create_invoice(valid, admin.id, "send-2", draft_id=draft_id)
    assert invoice.number.endswith("-0001") and len(mails("invoice")) == 1
    assert invoicing.list_drafts() == []
    # The same click again returns the same invoice; the draft sent from another tab is refused.
    assert invoicing.create_invoice(valid, admin.id, "send-2", draft_id=draft_id).id == invoice.id
    with pytest.raises(ActionRefused, match="sent or deleted"):
        invoicing.create_invoice(valid, admin.id, "another-tab", draft_id=draft_id)
    assert invoice_count() == 1 and len(mails("invoice")) == 1


def test_only_the_author_or_an_admin_deletes_a_draft(clean_db, admin, clerk):
    draft_id = invoicing.save_draft(form(), signed_in(admin), "draft-3")
    with pytest.raises(ActionRefused, match="author"):
        invoicing.delete_draft(draft_id, signed_in(clerk))
    invoicing.delete_draft(draft_id, signed_in(admin))
    with db_session() as session:
        assert session.get(InvoiceDraft, draft_id) is None
    with pytest.raises(ActionRefused, match="sent or deleted"):
        invoicing.delete_draft(draft_id, signed_in(admin))


def test_only_the_author_or_an_admin_changes_or_sends_a_draft(clean_db, admin, clerk):
    draft_id = invoicing.save_draft(form(), signed_in(admin), "draft-5")
    with pytest.raises(ActionRefused, match="author can change"):
        invoicing.save_draft(form(name="Someone Else"), signed_in(clerk), "draft-6", draft_id)
    valid = invoicing.validate_invoice(form())
    with pytest.raises(ActionRefused, match="author can send"):
        invoicing.create_invoice(valid, clerk.id, "send-5", draft_id=draft_id)
    assert invoice_count() == 0 and mails("invoice") == []
    assert invoicing.draft_form(draft_id)["name"] == "Dana Draft"  # unchanged, still there
    # the clerk's own draft is theirs; an admin may send a colleague's
    own = invoicing.save_draft(form(), signed_in(clerk), "draft-7")
    assert invoicing.save_draft(form(name="Dana D."), signed_in(clerk), "draft-7", own) == own
    invoicing.create_invoice(valid, admin.id, "send-7", draft_id=own)
    assert invoice_count() == 1 and invoicing.draft_form(own) is None


def test_a_draft_too_long_to_keep_is_refused_with_a_message(clean_db, admin):
    with pytest.raises(ActionRefused, match="too long"):
        invoicing.save_draft(form(note="x" * 70_000), signed_in(admin), "draft-4")


# --- revisions ----------------------------------------------------------------------------------


def test_a_revision_keeps_the_number_records_before_and_after_and_e_mails_the_new_pdf(fake, admin):
    invoice = sent(admin)
    changed = form(lines=[{"service": "kitchenRemodelling", "unit_price": "9000"}])
    view = invoicing.revise_invoice(invoice.number, changed, "Added the pantry", signed_in(admin))
    assert (view.number, view.total_cents, view.revision) == (invoice.number, 900_000, 2)
    with db_session() as session:
        row = session.exec(select(InvoiceRevision)).one()
    assert "Total: $9,500.00" in row.before and "Total: $9,000.00" in row.after
    assert row.reason == "Added the pantry" and row.user_id == admin.id
    assert view.revisions[0].who == "Bea Boss"
    assert any("Revision 2: Added the pantry" in e.detail for e in view.events)
    # No order is asked of the database: the revised one is found by its subject.
    [revised] = [m for m in mails("invoice") if m.subject.startswith("Revised invoice")]
    assert "Added the pantry" in revised.text and len(mails("invoice")) == 2


def test_the_pay_link_charges_the_new_balance_after_a_revision(fake, admin):
    invoice = sent(admin)
    old = payments.start_card_payment(invoice.id, client_hash="customer")
    assert old.amount_cents == 950_000
    changed = form(lines=[{"service": "kitchenRemodelling", "unit_price": "9000"}])
    invoicing.revise_invoice(invoice.number, changed, "Price agreed", signed_in(admin))
    # The intent for the old amount was cancelled at Stripe: it can no longer take a card.
    assert fake.get(old.payment_intent_id)["status"] == "canceled"
    new = payments.start_card_payment(invoice.id, client_hash="customer")
    assert new.amount_cents == 900_000 and new.payment_intent_id != old.payment_intent_id
    js_confirm(fake, new.client_secret, CARD)
    fake.drain_webhooks()
    assert status_of(invoice) == "paid"


@pytest.mark.parametrize("who", ["clerk", "nobody"])
def test_a_revision_needs_a_reason_and_the_author_or_an_admin(fake, admin, clerk, who):
    invoice = sent(admin)
    user, reason = (signed_in(clerk), "why") if who == "clerk" else (signed_in(admin), "  ")
    with pytest.raises(ActionRefused):
        invoicing.revise_invoice(invoice.number, form(), reason, user)
    with db_session() as session:
        assert session.get(Invoice, invoice.id).revision == 1
        assert session.exec(select(InvoiceRevision)).all() == []


def test_a_paid_invoice_is_not_revised_and_a_total_below_what_was_paid_is_refused(fake, admin):
    invoice = sent(admin, "rev-5")
    record_payment(invoice, admin, "rec-1", amount="9000", reference="77")
    smaller = form(lines=[{"service": "kitchenRemodelling", "unit_price": "8000"}])
    with pytest.raises(ActionRefused, match="less than the \\$9,000.00 already paid"):
        invoicing.revise_invoice(invoice.number, smaller, "Cheaper", signed_in(admin))
    # Revised down to what was paid, it is paid in full; then it is no longer revised.
    exact = form(lines=[{"service": "kitchenRemodelling", "unit_price": "9000"}])
    invoicing.revise_invoice(invoice.number, exact, "Tiles dropped", signed_in(admin))
    assert status_of(invoice) == "paid"
    with pytest.raises(ActionRefused, match="refund or a credit note"):
        invoicing.revise_invoice(invoice.number, form(), "Again", signed_in(admin))


def test_a_revision_waits_for_a_payment_under_way(fake, admin):
    invoice = sent(admin, "rev-6")
    checkout = payments.start_card_payment(invoice.id)
    fake.set_intent_status(checkout.payment_intent_id, "processing")
    with pytest.raises(ActionRefused, match="under way"):
        invoicing.revise_invoice(invoice.number, form(discount="10"), "Discount", signed_in(admin))
    with db_session() as session:
        assert session.get(Invoice, invoice.id).total_cents == 950_000
        assert session.exec(select(Payment)).one().amount_cents == 950_000


def test_a_revision_form_holds_the_invoice_as_sent(fake, admin):
    schedule = [
        {"label": "Deposit", "amount": "30%", "due_date": str(business_today())},
        {"label": "Rest", "amount": "70%", "due_date": str(business_today() + timedelta(9))},
    ]
    invoice = sent(admin, "rev-7", schedule=schedule, discount="25")
    again = invoicing.revision_form(invoice.number)
    assert [line["unit_price"] for line in again["lines"]] == ["8000.00", "12.50"]
    assert again["lines"][1]["description"] == "Tile the floor" and again["discount"] == "25.00"
    assert [s["amount"] for s in again["schedule"]] == ["30%", "70%"]
    # Revised unchanged, the amounts are the same.
    view = invoicing.revise_invoice(invoice.number, again, "No change", signed_in(admin))
    assert view.total_cents == invoice.total_cents and len(view.stages) == 2
