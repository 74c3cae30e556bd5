"""Invoices: the one validation, gap-free numbers, one invoice per form, e-mail with PDF,
the staff view, the customer's pay link, voiding and resending."""

import hashlib
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import event
from sqlmodel import func, select, update

from renovation_app.content import BUSINESS, INVOICE_OPTIONS
from renovation_app.db import db_session
from renovation_app.models import (
    CustomerLink,
    CustomerLinkKind,
    Invoice,
    InvoiceCounter,
    InvoiceEvent,
    InvoiceLine,
    InvoiceStatus,
    OutboxAttachment,
    OutboxEmail,
    Role,
)
from renovation_app.services import links
from renovation_app.services.billing import shown
from renovation_app.services.billing.pdf import render_invoice_pdf
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.invoicing import (
    create_invoice,
    get_invoice,
    invoice_for_pay_token,
    invoice_pdf,
    invoice_words,
    record_view,
    resend_invoice_email,
    validate_invoice,
    void_invoice,
)
from renovation_app.services.invoicing import validation as validation_module
from renovation_app.services.mail import outbox as mail
from renovation_app.services.staff.sessions import SignedInUser
from renovation_app.settings import settings
from tests.factories import (
    invoice_payload,
    pay_link_from_before_the_upgrade,
    pay_token,
    signed_in,
    staff_user,
    tables_holding,
)

TODAY = date(2026, 11, 23)
NOON = datetime(2026, 11, 23, 17, 0, tzinfo=UTC)  # noon in New York

# Every value here is asserted on below.
VALID = invoice_payload(
    name="Maria Lopez",
    email="maria@example.com",
    phone="718-555-0142",
    address="45 Prospect Park West\nBrooklyn, NY 11215",
    note="Thank you for your business.",
    due_date="",
    lines=[
        {"service": "kitchenRemodelling", "price": "$12,500.00", "description": "New cabinets"},
        {"service": "floorAndTile", "price": "1,250.5", "description": ""},
    ],
)


def errors_for(**changes) -> dict[str, str]:
    with pytest.raises(FormInvalid) as invalid:
        validate_invoice({**VALID, **changes}, today=TODAY)
    return invalid.value.errors


def line_errors(*lines) -> dict[str, str]:
    return errors_for(lines=list(lines))


def make_invoice(author: SignedInUser, token: str = "", now=NOON, **changes) -> Invoice:
    return create_invoice(
        validate_invoice({**VALID, **changes}, today=TODAY), author.id, token, now=now
    )


def count(model) -> int:
    with db_session() as session:
        return session.exec(select(func.count()).select_from(model)).one()


# --- validation ------------------------------------------------------------------------------


def test_a_valid_invoice_is_trimmed_normalised_and_priced_in_cents():
    valid = validate_invoice(
        {**VALID, "name": "  Maria Lopez ", "email": "maria@EXAMPLE.com"}, today=TODAY
    )
    assert valid.name == "Maria Lopez"
    assert valid.email == "maria@example.com"
    assert valid.phone == "(718) 555-0142"
    assert valid.due_date == TODAY + timedelta(days=14)
    assert [(line.service, invoice_words(line)[0], line.price_cents) for line in valid.lines] == [
        ("kitchenRemodelling", "Kitchen Remodelling", 1_250_000),
        ("floorAndTile", "Floor and Tile", 125_050),
    ]
    assert valid.total_cents == 1_375_050


def test_phone_address_and_note_are_optional():
    valid = validate_invoice({**VALID, "phone": "", "address": None, "note": ""}, today=TODAY)
    assert (valid.phone, valid.address, valid.note) == ("", "", "")


def test_a_foreign_phone_number_is_kept_in_international_form():
    assert validate_invoice({**VALID, "phone": "+44 20 7946 0958"}, today=TODAY).phone == (
        "+44 20 7946 0958"
    )


def test_the_spec_options_are_offered_with_their_slugs():
    assert [(o.slug, o.label) for o in INVOICE_OPTIONS] == [
        ("kitchenRemodelling", "Kitchen Remodelling"),
        ("bathroomRemodelling", "Bathroom Remodelling"),
        ("furnitureRenovation", "Furniture Renovation"),
        ("paversAndWalkways", "Pavers and Walkways"),
        ("screenEnclosure", "Screen Enclosure"),
        ("floorAndTile", "Floor and Tile"),
        ("otherWork", "Other work"),
    ]


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("name", "", "customer's name"),
        ("name", " \u00a0\u3000 ", "customer's name"),
        ("name", "x" * 101, "100 characters"),
        ("name", "Maria\nBcc: x@example.com", "cannot accept"),
        ("name", "Maria \u202egnol", "cannot accept"),
        ("name", 42, "must be text"),
        ("email", "", "valid e-mail"),
        ("email", "maria@", "valid e-mail"),
        ("email", "maria@example.com\r\nBcc: x@example.com", "cannot accept"),
        ("phone", "12", "valid phone"),
        ("phone", "not a phone", "valid phone"),
        ("address", "x" * 501, "500 characters"),
        ("address", "45 Main St\x00", "cannot accept"),
        ("note", "x" * 2001, "2,000 characters"),
        ("note", "ok\x1b[31m", "cannot accept"),
        ("due_date", "2026-11-22", "in the past"),
        ("due_date", "2027-11-24", "within one year"),
        ("due_date", "12/07/2026", "like 2026-12-07"),
        ("due_date", "20261207", "like 2026-12-07"),
        ("due_date", "2026-02-30", "like 2026-12-07"),
        ("due_date", 20261207, "like 2026-12-07"),
        ("lines", [], "at least one service"),
        ("lines", "kitchenRemodelling", "at least one service"),
        ("lines", None, "at least one service"),
    ],
)
def test_each_bad_field_gets_a_plain_words_message(field, value, words):
    errors = errors_for(**{field: value})
    assert list(errors) == [field]
    assert words in errors[field]


def test_due_dates_from_today_to_one_year_ahead_are_accepted():
    for due in (TODAY, TODAY + timedelta(days=365)):
        assert validate_invoice({**VALID, "due_date": due.isoformat()}, today=TODAY).due_date == due


def test_every_mistake_is_reported_at_once():
    errors = errors_for(name="", email="nope", lines=[])
    assert set(errors) == {"name", "email", "lines"}


# --- tampering with lines and amounts ----------------------------------------------------------


@pytest.mark.parametrize(
    ("price", "words"),
    [
        ("-100", "more than $0.00"),
        (-100, "more than $0.00"),
        ("0", "more than $0.00"),
        ("1000000000", "$999,999.99 or less"),
        (10**12, "$999,999.99 or less"),
        ("NaN", "in dollars"),
        (float("nan"), "in dollars"),
        (float("inf"), "in dollars"),
        ("1e3", "in dollars"),
        ("twelve hundred", "in dollars"),
        ("12.345", "at most 2 decimals"),
        (12.345, "at most 2 decimals"),
        (True, "in dollars"),
        ({"amount": 5}, "in dollars"),
        ("", "enter a price"),
        (None, "enter a price"),
    ],
)
def test_a_tampered_price_is_refused_on_its_line(price, words):
    errors = line_errors({"service": "bathroomRemodelling", "price": price})
    assert list(errors) == ["line:0"]
    assert words in errors["line:0"]


def test_json_numbers_are_read_as_prices():
    valid = validate_invoice(
        {**VALID, "lines": [{"service": "bathroomRemodelling", "price": 1250}]}, today=TODAY
    )
    assert valid.total_cents == 125_000
    valid = validate_invoice(
        {**VALID, "lines": [{"service": "bathroomRemodelling", "price": 99.9}]}, today=TODAY
    )
    assert valid.total_cents == 9_990


def test_a_service_we_do_not_offer_is_refused():
    errors = line_errors(
        {"service": "kitchenRemodelling", "price": "10"}, {"service": "roofing", "price": "10"}
    )
    assert list(errors) == ["line:1"]
    assert "not one of the services we offer" in errors["line:1"]


def test_a_service_may_be_billed_on_several_lines():
    # Two bathrooms of one job are two lines of the same service, as on an estimate.
    valid = validate_invoice(
        {
            **VALID,
            "lines": [
                {"service": "bathroomRemodelling", "price": "10", "description": "Main bath"},
                {"service": "bathroomRemodelling", "price": "1", "description": "Powder room"},
            ],
        },
        today=TODAY,
    )
    assert [line.price_cents for line in valid.lines] == [1_000, 100]


@pytest.mark.parametrize("line", [{"price": "10"}, {"service": "", "price": "10"}])
def test_a_line_without_a_service_needs_a_description(line):
    assert "describe the work" in line_errors(line)["line:0"]


@pytest.mark.parametrize("line", ["x", None, {"service": 5, "price": "1"}])
def test_a_line_that_is_not_a_line_is_refused(line):
    assert list(line_errors(line)) == ["line:0"]


def test_more_lines_than_the_most_are_refused_before_reading_them():
    errors = line_errors(*({"service": f"s{i}", "price": "1"} for i in range(1000)))
    assert list(errors) == ["lines"]
    assert "40 lines" in errors["lines"]


def test_other_work_needs_a_description():
    errors = line_errors({"service": "otherWork", "price": "80", "description": "  "})
    assert "describe the work" in errors["line:0"]
    valid = validate_invoice(
        {**VALID, "lines": [{"service": "otherWork", "price": "80", "description": "Hang a door"}]},
        today=TODAY,
    )
    assert valid.lines[0].description == "Hang a door"


@pytest.mark.parametrize(
    ("description", "words"),
    [("x" * 501, "500 characters"), ("tile\x07", "cannot accept"), (12, "must be text")],
)
def test_a_bad_description_is_refused_on_its_line(description, words):
    errors = line_errors({"service": "floorAndTile", "price": "80", "description": description})
    assert words in errors["line:0"]


def test_a_multi_line_description_is_accepted():
    valid = validate_invoice(
        {**VALID, "lines": [{"service": "floorAndTile", "price": "8", "description": "a\nb"}]},
        today=TODAY,
    )
    assert valid.lines[0].description == "a\nb"


def test_the_total_limit_is_enforced(monkeypatch):
    monkeypatch.setattr(validation_module, "MAX_TOTAL_CENTS", 1_000_000)
    errors = line_errors(
        {"service": "kitchenRemodelling", "price": "6000"},
        {"service": "floorAndTile", "price": "4000.01"},
    )
    assert list(errors) == ["total"] and "$10,000.00 or less" in errors["total"]


def test_a_forged_total_is_ignored_and_the_server_adds_up_the_lines(clean_db):
    author = signed_in(staff_user())
    invoice = make_invoice(
        author,
        total="0.01",
        totalAmount=1,
        total_cents=1,
        lines=[
            {"service": "kitchenRemodelling", "price": "100", "total": "1"},
            {"service": "paversAndWalkways", "price": "0.50", "price_cents": 1},
        ],
    )
    assert invoice.total_cents == invoice.subtotal_cents == 10_050
    with db_session() as session:
        stored = session.exec(select(InvoiceLine.price_cents)).all()
    assert sorted(stored) == [50, 10_000]


# --- creating ----------------------------------------------------------------------------------


def test_an_invoice_is_saved_numbered_and_emailed_with_its_pdf(clean_db):
    author = signed_in(staff_user())
    invoice = make_invoice(author, token="form-1")
    assert invoice.number == "2026-0001"
    assert invoice.status == InvoiceStatus.SENT
    assert invoice.total_cents == 1_375_050
    assert invoice.location == "Brooklyn"
    assert invoice.due_date == TODAY + timedelta(days=14)
    assert invoice.sent_at is not None and invoice.author_id == author.id
    with db_session() as session:
        [email] = session.exec(select(OutboxEmail)).all()
        [attachment] = session.exec(select(OutboxAttachment)).all()
        kinds = session.exec(select(InvoiceEvent.kind).order_by(InvoiceEvent.id)).all()
    assert kinds == ["created", "emailed"]
    assert (email.about_kind, email.about_id, email.kind) == ("invoice", invoice.id, "invoice")
    assert email.to == "maria@example.com"
    assert email.subject == f"Invoice 2026-0001 from {BUSINESS.name}"
    pay_link = settings.url(f"/pay/{pay_token(invoice)}")
    for body in (email.text, email.html):
        for part in (
            "2026-0001",
            pay_link,
            "Kitchen Remodelling",
            "$12,500.00",
            "Floor and Tile",
            "$1,250.50",
            "$13,750.50",
            "December 7, 2026",
            "Thank you for your business.",
            BUSINESS.address.one_line,
        ):
            assert part in body, part
    assert attachment.email_id == email.id
    assert (attachment.filename, attachment.content_type) == (
        "invoice-2026-0001.pdf",
        "application/pdf",
    )
    assert attachment.content.startswith(b"%PDF-")


def test_html_typed_into_an_invoice_is_escaped_in_the_email(clean_db):
    make_invoice(signed_in(staff_user()), name="<b>Bob</b>", note="<script>alert(1)</script>")
    with db_session() as session:
        [email] = session.exec(select(OutboxEmail)).all()
    assert "<script>" not in email.html and "<b>Bob</b>" not in email.html
    assert "&lt;script&gt;" in email.html


def test_numbers_run_per_new_york_calendar_year(clean_db):
    author = signed_in(staff_user())
    numbers = [
        make_invoice(author, now=NOON).number,
        make_invoice(author, now=NOON + timedelta(days=3)).number,
        # 22:00 on New Year's Eve in New York is already 2027 in UTC
        make_invoice(author, now=datetime(2027, 1, 1, 3, 0, tzinfo=UTC)).number,
        make_invoice(author, now=datetime(2027, 1, 1, 5, 30, tzinfo=UTC)).number,
        make_invoice(author, now=datetime(2027, 1, 2, tzinfo=UTC)).number,
    ]
    assert numbers == ["2026-0001", "2026-0002", "2026-0003", "2027-0001", "2027-0002"]


def test_a_double_submit_of_one_form_saves_one_invoice_and_uses_no_number(clean_db):
    author = signed_in(staff_user())
    first = make_invoice(author, token="form-abc")
    again = make_invoice(author, token="form-abc", name="Someone Else")
    assert again.id == first.id and again.customer_name == "Maria Lopez"
    assert count(Invoice) == 1 and count(OutboxEmail) == 1
    assert make_invoice(author, token="form-xyz").number == "2026-0002"


def test_parallel_submits_of_one_form_save_one_invoice(clean_db):
    author = signed_in(staff_user())
    valid = validate_invoice(VALID, today=TODAY)
    with ThreadPoolExecutor(max_workers=8) as pool:
        made = list(pool.map(lambda _: create_invoice(valid, author.id, "same-form"), range(8)))
    assert len({i.id for i in made}) == 1
    assert count(Invoice) == 1 and count(OutboxEmail) == 1
    with db_session() as session:
        assert session.exec(select(InvoiceCounter.last_number)).one() == 1


@pytest.mark.slow  # 11-13 s: `make test-slow`, which CI runs
def test_fifty_parallel_submits_get_fifty_consecutive_numbers(clean_db):
    author = signed_in(staff_user())
    valid = validate_invoice(VALID, today=TODAY)
    with ThreadPoolExecutor(max_workers=50) as pool:
        made = list(
            pool.map(lambda i: create_invoice(valid, author.id, f"form-{i}", now=NOON), range(50))
        )
    assert sorted(i.number for i in made) == [f"2026-{n:04d}" for n in range(1, 51)]
    assert count(Invoice) == 50 and count(OutboxEmail) == 50


def test_a_form_token_longer_than_the_column_is_refused(clean_db):
    with pytest.raises(ValueError):
        make_invoice(signed_in(staff_user()), token="x" * 65)
    assert count(Invoice) == 0


# --- the staff view ----------------------------------------------------------------------------


def test_the_staff_view_has_lines_history_and_email_status(clean_db, monkeypatch):
    monkeypatch.setattr(settings, "resend_api_key", "")
    author = signed_in(staff_user(name="Sam Staff"))
    invoice = make_invoice(author)
    assert mail.deliver_due() == 1
    view = get_invoice(invoice.number)
    assert view.number == "2026-0001" and view.status == "sent" and view.status_label == "Sent"
    assert view.can_be_voided and not view.is_void
    words = shown(view)
    assert (words["total"], view.total_cents, words["subtotal"]) == (
        "$13,750.50",
        1_375_050,
        "$13,750.50",
    )
    assert [(line["label"], line["price"]) for line in words["lines"]] == [
        ("Kitchen Remodelling", "$12,500.00"),
        ("Floor and Tile", "$1,250.50"),
    ]
    assert view.lines[0].description == "New cabinets"
    assert (view.issue_date, view.due_date) == ("2026-11-23", "2026-12-07")
    assert view.due_date_display == "December 7, 2026"
    assert view.author_name == "Sam Staff"
    assert view.pay_url == settings.url(f"/pay/{pay_token(invoice)}")
    assert [(e.kind, e.who) for e in view.events] == [
        ("created", "Sam Staff"),
        ("emailed", "Sam Staff"),
    ]
    assert view.events[0].when_display == "Nov 23, 2026, 12:00 PM"
    [email] = view.emails
    assert (email.to, email.status) == ("maria@example.com", "logged")
    assert email.delivery == "logged (no mail service configured)"


def test_a_failed_delivery_shows_its_reason(clean_db):
    invoice = make_invoice(signed_in(staff_user()))
    with db_session() as session:
        session.exec(update(OutboxEmail).values(status="failed", last_error="422: bad address"))
        session.commit()
    [email] = get_invoice(invoice.number).emails
    assert email.delivery == "failed: 422: bad address"


def test_an_unknown_number_has_no_view_and_no_pdf(clean_db):
    assert get_invoice("2026-9999") is None
    assert get_invoice("") is None
    assert invoice_pdf("2026-9999") is None


def test_the_staff_pdf_is_a_pdf(clean_db):
    invoice = make_invoice(signed_in(staff_user()))
    assert invoice_pdf(invoice.number)[1].startswith(b"%PDF-")


# --- the customer's pay link -------------------------------------------------------------------


def test_the_pay_link_shows_the_invoice_without_its_history(clean_db):
    invoice = make_invoice(signed_in(staff_user()))
    view = invoice_for_pay_token(pay_token(invoice))
    assert view.number == invoice.number and shown(view)["total"] == "$13,750.50"
    assert view.events == () and view.emails == () and view.author_name == ""
    assert render_invoice_pdf(view).startswith(b"%PDF-")  # what /pay/<token>/pdf sends


@pytest.mark.parametrize("token", ["", "nope", "x" * 500, None])
def test_an_unknown_pay_token_shows_nothing(clean_db, token):
    make_invoice(signed_in(staff_user()))
    assert invoice_for_pay_token(token) is None  # so /pay/<token>/pdf answers 404


def test_pay_tokens_are_long_and_unique(clean_db):
    author = signed_in(staff_user())
    tokens = {pay_token(make_invoice(author)) for _ in range(3)}
    assert len(tokens) == 3 and all(len(t) >= 43 for t in tokens)


# The e-mails that carry a link (their text and PDF) are kept in the outbox: still a copy of
# its token, a known limit these checks leave out by name.
OUTBOX_TABLES = {"outbox_email", "outbox_attachment"}


def test_the_database_keeps_only_the_hash_of_a_pay_link_outside_the_outbox(clean_db):
    invoice = make_invoice(signed_in(staff_user()))
    token = pay_token(invoice)
    assert tables_holding(token) - OUTBOX_TABLES == set()
    with db_session() as session:
        [link] = session.exec(select(CustomerLink)).all()
    assert (link.kind, link.record_id) == (CustomerLinkKind.PAY, invoice.id)
    assert link.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert get_invoice(invoice.number).pay_url == settings.url(f"/pay/{token}")  # made again


def test_a_pay_link_opens_only_its_one_invoice(clean_db):
    author = signed_in(staff_user())
    first, second = make_invoice(author), make_invoice(author)
    assert invoice_for_pay_token(pay_token(first)).number == first.number
    assert invoice_for_pay_token(pay_token(second)).number == second.number
    # Not another kind of record with the same id either: an estimate link finds nothing.
    with db_session() as session:
        assert links.find_record(session, CustomerLinkKind.ESTIMATE, pay_token(first)) is None


def test_a_made_up_or_forged_pay_token_opens_nothing(clean_db, monkeypatch):
    invoice = make_invoice(signed_in(staff_user()))
    with db_session() as session:
        [link] = session.exec(select(CustomerLink)).all()
    # What a copy of the database holds, and a token made from it without SECRET_KEY.
    monkeypatch.setattr(settings, "secret_key", "a key that is not the site's, long enough")
    with db_session() as session:
        forged = links.link_token(session, CustomerLinkKind.PAY, invoice.id)
        session.rollback()
    monkeypatch.undo()
    for token in (secrets.token_urlsafe(32), link.token_hash, link.salt, forged, "x" * 43):
        assert invoice_for_pay_token(token) is None
    assert forged != pay_token(invoice) and invoice_for_pay_token(pay_token(invoice))


def test_a_revoked_or_expired_link_opens_nothing_and_a_new_one_is_given(clean_db):
    invoice = make_invoice(signed_in(staff_user()))
    old = pay_token(invoice)
    with db_session() as session:
        assert links.revoke_links(session, CustomerLinkKind.PAY, invoice.id) == 1
        session.commit()
    assert invoice_for_pay_token(old) is None
    new = pay_token(invoice)
    assert new != old and invoice_for_pay_token(new).number == invoice.number
    with db_session() as session:
        soon = links.issue_link(
            session, CustomerLinkKind.PAY, invoice.id, expires_at=NOON + timedelta(hours=1)
        )
        session.commit()
        assert links.find_record(session, CustomerLinkKind.PAY, soon, now=NOON) == invoice.id
        later = NOON + timedelta(hours=2)
        assert links.find_record(session, CustomerLinkKind.PAY, soon, now=later) is None


def test_a_link_from_before_the_upgrade_still_opens_and_staff_get_one_new_link(clean_db):
    """A link the migration moved cannot be made again: the staff page and the next e-mail
    get one new link, kept from the first time it is shown; both open the invoice."""
    invoice = make_invoice(signed_in(staff_user()))
    old = pay_link_from_before_the_upgrade(invoice)
    assert invoice_for_pay_token(old).number == invoice.number
    shown = get_invoice(invoice.number).pay_url
    assert shown != settings.url(f"/pay/{old}")
    assert get_invoice(invoice.number).pay_url == shown  # the same on every visit
    assert invoice_for_pay_token(shown.rsplit("/", 1)[1]).number == invoice.number
    assert invoice_for_pay_token(old).number == invoice.number


def test_after_a_new_secret_key_the_e_mailed_link_still_opens_and_staff_get_a_new_one(
    clean_db, monkeypatch
):
    invoice = make_invoice(signed_in(staff_user()))
    e_mailed = pay_token(invoice)
    monkeypatch.setattr(settings, "secret_key", "the site's new key, long enough for production")
    new = pay_token(invoice)
    assert new != e_mailed and pay_token(invoice) == new
    for token in (e_mailed, new):
        assert invoice_for_pay_token(token).number == invoice.number


def test_a_view_of_the_pay_page_is_recorded_once_per_new_york_day(clean_db):
    invoice = make_invoice(signed_in(staff_user()))
    evening = datetime(2026, 11, 24, 4, 30, tzinfo=UTC)  # 11:30 PM on Nov 23 in New York
    assert record_view(invoice.id, now=NOON) is True
    assert record_view(invoice.id, now=NOON + timedelta(hours=1)) is False
    assert record_view(invoice.id, now=evening) is False
    assert record_view(invoice.id, now=evening + timedelta(hours=1)) is True  # Nov 24
    viewed = [e for e in get_invoice(invoice.number).events if e.kind == "viewed"]
    assert len(viewed) == 2 and viewed[0].who == "Customer"
    assert record_view(999_999, now=NOON) is False


def test_parallel_views_add_one_event(clean_db):
    invoice = make_invoice(signed_in(staff_user()))

    def slow_insert(conn, cursor, statement, *args):  # widen the check-then-insert gap
        if statement.startswith("INSERT INTO invoice_event"):
            time.sleep(0.05)

    event.listen(clean_db, "before_cursor_execute", slow_insert)
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            added = list(pool.map(lambda _: record_view(invoice.id, now=NOON), range(8)))
    finally:
        event.remove(clean_db, "before_cursor_execute", slow_insert)
    assert added.count(True) == 1
    assert [e.kind for e in get_invoice(invoice.number).events].count("viewed") == 1


# --- voiding -----------------------------------------------------------------------------------


def test_the_author_voids_an_invoice_and_its_pay_link_stops_working(clean_db):
    author = signed_in(staff_user())
    invoice = make_invoice(author)
    view = void_invoice(invoice.number, author, "  Customer cancelled the job. ", now=NOON)
    assert view.status == "void" and view.is_void and not view.can_be_voided
    assert view.void_reason == "Customer cancelled the job."
    assert view.voided_at.startswith("2026-11-23T17:00")
    assert view.events[-1].kind == "voided"
    assert view.events[-1].detail == "Customer cancelled the job."
    assert invoice_for_pay_token(pay_token(invoice)) is None  # page and PDF answer 404
    assert invoice_pdf(invoice.number)[1].startswith(b"%PDF-")  # staff keep the record


def test_an_admin_may_void_another_persons_invoice(clean_db):
    invoice = make_invoice(signed_in(staff_user(name="Sam Staff")))
    admin = signed_in(staff_user(Role.ADMIN, name="Ada Admin"))
    assert void_invoice(invoice.number, admin, "Duplicate").status == "void"


def test_other_staff_may_not_void_an_invoice(clean_db):
    invoice = make_invoice(signed_in(staff_user(name="Sam Staff")))
    with pytest.raises(ActionRefused) as refused:
        void_invoice(invoice.number, signed_in(staff_user(name="Other Staff")), "Duplicate")
    assert "administrator" in refused.value.message
    assert get_invoice(invoice.number).status == "sent"


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        ("", "give a reason"),
        ("   ", "give a reason"),
        (None, "give a reason"),
        ("x" * 501, "500 characters"),
        ("bad\x00reason", "cannot accept"),
        ("two\nlines", "cannot accept"),
    ],
)
def test_voiding_needs_a_clean_reason(clean_db, reason, words):
    author = signed_in(staff_user())
    invoice = make_invoice(author)
    with pytest.raises(ActionRefused) as refused:
        void_invoice(invoice.number, author, reason)
    assert words in refused.value.message
    assert get_invoice(invoice.number).status == "sent"


@pytest.mark.parametrize("status", ["paid", "partially_paid", "refunded"])
def test_a_paid_invoice_cannot_be_voided(clean_db, status):
    author = signed_in(staff_user())
    invoice = make_invoice(author)
    with db_session() as session:
        session.exec(update(Invoice).values(status=status))
        session.commit()
    with pytest.raises(ActionRefused) as refused:
        void_invoice(invoice.number, author, "Changed my mind")
    assert "cannot be voided" in refused.value.message
    assert get_invoice(invoice.number).status == status


def test_a_void_invoice_cannot_be_voided_again_or_resent(clean_db):
    author = signed_in(staff_user())
    invoice = make_invoice(author)
    void_invoice(invoice.number, author, "Duplicate")
    with pytest.raises(ActionRefused, match="already void"):
        void_invoice(invoice.number, author, "Again")
    with pytest.raises(ActionRefused, match="void"):
        resend_invoice_email(invoice.number, author)
    assert count(OutboxEmail) == 1


def test_unknown_invoices_cannot_be_voided_or_resent(clean_db):
    author = signed_in(staff_user())
    with pytest.raises(ActionRefused, match="no invoice"):
        void_invoice("2026-0404", author, "x")
    with pytest.raises(ActionRefused, match="no invoice"):
        resend_invoice_email("2026-0404", author)


# --- resending ---------------------------------------------------------------------------------


def test_resending_queues_the_same_email_again_with_its_pdf(clean_db):
    author = signed_in(staff_user(name="Sam Staff"))
    invoice = make_invoice(author)
    colleague = signed_in(staff_user(name="Kim Colleague"))
    view = resend_invoice_email(invoice.number, colleague, now=NOON + timedelta(hours=1))
    assert [(e.kind, e.who) for e in view.events][-1] == ("emailed", "Kim Colleague")
    assert len(view.emails) == 2
    with db_session() as session:
        first, second = session.exec(select(OutboxEmail).order_by(OutboxEmail.id)).all()
        attachments = session.exec(select(OutboxAttachment)).all()
    assert (second.to, second.subject, second.text) == (first.to, first.subject, first.text)
    assert second.idempotency_key != first.idempotency_key
    assert sorted(a.email_id for a in attachments) == [first.id, second.id]
    assert all(a.filename == "invoice-2026-0001.pdf" for a in attachments)
