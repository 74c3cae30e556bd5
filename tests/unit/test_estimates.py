"""Estimates: written, sent with a link, signed (once) by the customer as a contract with a
hash of exactly what was accepted, revised, invoiced as deposit and final, and cancelled
within three business days with the deposit returned."""

import hashlib
import json
import secrets
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from pypdf import PdfReader
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    CustomerLink,
    CustomerLinkKind,
    Estimate,
    EstimateLine,
    EstimateStatus,
    Invoice,
    InvoiceStatus,
    OutboxAttachment,
    OutboxEmail,
)
from renovation_app.services import estimates, invoicing, jobs, links, payments
from renovation_app.services.billing import shown
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.estimates.deadlines import cancellation_deadline
from renovation_app.services.signatures import canonical, document_hash
from renovation_app.settings import settings
from tests.factories import (
    bill_deposit,
    bill_final,
    estimate_token,
    mails,
    pay,
    signed_in,
    tables_holding,
)

CLIENT = "c" * 64
# The default line is a capital improvement: the owner signs Form ST-124 with the contract.
ST124_TICKED = ["st124"]


def estimate_form(**changes) -> dict:
    form = {
        "name": "Maria Lopez",
        "email": "maria@example.com",
        "phone": "718-555-0100",
        "address": "12 Atlantic Ave, Brooklyn, NY 11201",
        "lines": [
            {
                "description": "New kitchen cabinets, installed",
                "quantity": "1",
                "unit_price": "8,000",
            },
            {
                "description": "Backsplash tile",
                "quantity": "30",
                "unit": "sq ft",
                "unit_price": "40",
                "optional": True,
            },
        ],
        "deposit_kind": "percent",
        "deposit_value": "30",
        "start_date": "",
        "completion_date": "",
        "contingencies": "Hidden water damage behind the walls.",
    }
    return {**form, **changes}


@pytest.fixture
def sent(admin, contract_settings) -> Estimate:
    draft = estimates.create_estimate(
        estimates.validate_estimate(estimate_form()), signed_in(admin), "form-1"
    )
    return estimates.send_estimate(draft.number, signed_in(admin))


def lines_of(estimate: Estimate) -> list[EstimateLine]:
    with db_session() as session:
        return list(
            session.exec(
                select(EstimateLine)
                .where(EstimateLine.estimate_id == estimate.id)
                .order_by(EstimateLine.position)
            )
        )


def reload(estimate: Estimate) -> Estimate:
    with db_session() as session:
        return session.get(Estimate, estimate.id)


def optional_id(estimate: Estimate) -> int:
    return next(line.id for line in lines_of(estimate) if line.optional)


# --- validation and totals ------------------------------------------------------------------


def test_quantities_prices_deposit_and_discount_are_checked_with_a_message_each():
    bad = estimate_form(
        lines=[{"description": "Tile", "quantity": "two", "unit_price": "-5"}],
        deposit_kind="percent",
        deposit_value="130",
        discount="abc",
        valid_until="2020-01-01",
    )
    with pytest.raises(FormInvalid) as invalid:
        estimates.validate_estimate(bad)
    assert set(invalid.value.errors) >= {"line:0", "deposit", "discount", "valid_until"}
    with pytest.raises(FormInvalid) as only_optional:
        estimates.validate_estimate(
            estimate_form(lines=[{"description": "Paint", "unit_price": "100", "optional": True}])
        )
    assert "required" in only_optional.value.errors["lines"]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ({"service": "otherWork", "unit_price": "100"}, "describe the work on the Other work"),
        ({"service": "gutters", "unit_price": "100"}, "not one of the services"),
        ({"description": "Tile", "unit": "x" * 21, "unit_price": "100"}, "20 characters"),
        ({"description": "Tile", "unit_price": "abc"}, "price in dollars"),
    ],
)
def test_an_estimate_line_follows_the_same_rules_as_an_invoice_line(line, words):
    with pytest.raises(FormInvalid) as on_estimate:
        estimates.validate_estimate(
            estimate_form(lines=[line, {"description": "Paint", "unit_price": "1"}])
        )
    with pytest.raises(FormInvalid) as on_invoice:
        invoicing.validate_invoice({"name": "Al", "email": "al@example.com", "lines": [line]})
    estimate_error = on_estimate.value.errors["line:0"]
    assert words in estimate_error
    assert estimate_error == next(
        v for k, v in on_invoice.value.errors.items() if k.startswith("line:")
    )
    too_many = [{"description": "Paint", "unit_price": "1"}] * 41
    with pytest.raises(FormInvalid, match="at most 40 lines"):
        estimates.validate_estimate(estimate_form(lines=too_many))


def test_the_customers_choice_changes_the_total_and_deposit_as_the_server_computes(sent):
    everything = estimates.read_link(estimate_token(sent)).estimate
    assert (everything.total_cents, everything.deposit_cents) == (9_200_00, 2_760_00)
    without = estimates.read_link(estimate_token(sent), choice=[]).estimate
    assert (without.total_cents, without.deposit_cents) == (8_000_00, 2_400_00)


def test_a_line_id_from_another_estimate_or_a_required_line_changes_nothing(admin, sent):
    other = estimates.create_estimate(
        estimates.validate_estimate(estimate_form()), signed_in(admin), "form-2"
    )
    foreign = optional_id(other)
    required = next(line.id for line in lines_of(sent) if not line.optional)
    shown = estimates.read_link(
        estimate_token(sent), choice=[foreign, required, "x", None]
    ).estimate
    assert shown.total_cents == 8_000_00
    view = estimates.accept(
        estimate_token(sent), [foreign], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
    )
    assert view.total_cents == 8_000_00
    assert reload(sent).accepted_total_cents == 8_000_00


# --- sending ---------------------------------------------------------------------------------


def test_no_contract_goes_out_without_the_licence_and_escrow_bank(admin):
    draft = estimates.create_estimate(
        estimates.validate_estimate(estimate_form()), signed_in(admin), "form-3"
    )
    with pytest.raises(ActionRefused, match="CONTRACTOR_LICENCE"):
        estimates.send_estimate(draft.number, signed_in(admin))
    assert reload(draft).status == EstimateStatus.DRAFT
    assert mails("estimate") == []


def test_sending_mails_the_pdf_and_the_link_and_numbers_per_year(admin, sent):
    assert sent.number == f"E-{date.today().year}-0001"
    assert sent.status == EstimateStatus.SENT
    [mail] = mails("estimate")
    assert mail.to == "maria@example.com"
    assert f"/estimate/{estimate_token(sent)}" in mail.text
    assert len(estimate_token(sent)) >= 43  # 256 bits
    with db_session() as session:
        [pdf] = session.exec(
            select(OutboxAttachment).where(OutboxAttachment.email_id == mail.id)
        ).all()
    text = "".join(
        page.extract_text() for page in PdfReader(__import__("io").BytesIO(pdf.content)).pages
    )
    assert "Estimate E-" in text and "2099999-DCA" in text


def test_a_double_submit_of_the_form_saves_one_draft(admin):
    valid = estimates.validate_estimate(estimate_form())
    with ThreadPoolExecutor(max_workers=4) as pool:
        made = list(
            pool.map(lambda _: estimates.create_estimate(valid, signed_in(admin), "same"), range(4))
        )
    assert len({e.id for e in made}) == 1


# --- accepting -------------------------------------------------------------------------------


def test_accepting_stores_signer_time_address_and_the_hash_of_the_exact_document(sent):
    estimates.record_view(estimate_token(sent))
    assert reload(sent).status == EstimateStatus.VIEWED
    view = estimates.accept(
        estimate_token(sent), [], "  Maria   Lopez ", True, CLIENT, certificates=ST124_TICKED
    )
    stored = reload(sent)
    assert stored.status == EstimateStatus.ACCEPTED
    assert stored.signer_name == "Maria Lopez" and stored.signer_address_hash == CLIENT
    document = json.loads(stored.signed_document)
    assert stored.document_sha256 == document_hash(document)
    assert canonical(document) == stored.signed_document
    assert document["total"] == "$8,000.00" == shown(view)["total"]
    assert [line["included"] for line in document["lines"]] == [True, False]
    [optional] = [line for line in lines_of(sent) if line.optional]
    assert optional.chosen is False
    # The same estimate with the other choice is another document, with another hash.
    other = {**document, "total": "$9,200.00"}
    assert document_hash(other) != stored.document_sha256
    customer, office = mails("estimate_signed")
    assert {customer.to, office.to} == {"maria@example.com", settings.business_inbox}


def test_signing_needs_a_typed_name_and_the_ticked_box(sent):
    for name, agreed in (
        ("", True),
        ("   ", True),
        ("M", True),
        ("Maria Lopez", False),
        ("Maria Lopez", "true"),
    ):
        with pytest.raises(ActionRefused):
            estimates.accept(estimate_token(sent), [], name, agreed, CLIENT)
    assert reload(sent).status == EstimateStatus.SENT


def test_two_tabs_accepting_at_the_same_moment_make_one_acceptance(sent):
    token = estimate_token(sent)

    def sign(name):
        try:
            estimates.accept(token, [], name, True, CLIENT, certificates=ST124_TICKED)
            return "signed"
        except ActionRefused:
            return "refused"

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(sign, ["Maria Lopez", "Maria Lopez", "Mario Lopez", "Maria L"]))
    assert results.count("signed") == 1
    assert len(mails("estimate_signed")) == 2  # one to the customer, one to the office


def test_an_expired_link_takes_no_signature(sent):
    later = datetime.combine(
        reload(sent).valid_until + timedelta(days=1), datetime.min.time(), UTC
    ) + timedelta(hours=17)
    with time_machine.travel(later, tick=False):
        assert estimates.read_link(estimate_token(sent)).state == estimates.LinkState.EXPIRED
        with pytest.raises(ActionRefused, match="expired"):
            estimates.accept(
                estimate_token(sent), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
            )
        estimates.record_view(estimate_token(sent))
    assert reload(sent).status == EstimateStatus.EXPIRED


def test_a_declined_estimate_takes_no_signature_and_tells_the_office(sent):
    estimates.decline(estimate_token(sent), "Too expensive for us this year.")
    with pytest.raises(ActionRefused):
        estimates.accept(
            estimate_token(sent), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
        )
    assert reload(sent).decline_reason == "Too expensive for us this year."
    assert mails("estimate_notice")[0].subject.startswith("Estimate declined")


def test_a_draft_link_shows_nothing_and_unknown_tokens_are_refused(admin, contract_settings):
    draft = estimates.create_estimate(
        estimates.validate_estimate(estimate_form()), signed_in(admin), "form-4"
    )
    assert estimates.read_link(estimate_token(draft)) is None
    assert estimates.read_link("x" * 43) is None
    with pytest.raises(ActionRefused):
        estimates.accept(
            estimate_token(draft), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
        )


def test_the_database_keeps_only_the_hash_of_an_estimate_link_outside_the_outbox(sent):
    token = estimate_token(sent)
    # The e-mail that carries it, kept in the outbox, is still a copy: a known limit.
    assert tables_holding(token) - {"outbox_email", "outbox_attachment"} == set()
    with db_session() as session:
        [link] = session.exec(
            select(CustomerLink).where(CustomerLink.kind == CustomerLinkKind.ESTIMATE)
        ).all()
    assert link.token_hash == hashlib.sha256(token.encode()).hexdigest()
    # Made again from the stored salt with SECRET_KEY: the staff page shows the e-mailed link.
    assert estimates.get_estimate(sent.number).link_url == settings.url(f"/estimate/{token}")


def test_an_estimate_link_opens_only_its_one_estimate(admin, sent):
    other = estimates.create_estimate(
        estimates.validate_estimate(estimate_form(name="Omar Other")), signed_in(admin), "o-1"
    )
    other = estimates.send_estimate(other.number, signed_in(admin))
    assert estimates.read_link(estimate_token(sent)).estimate.number == sent.number
    assert estimates.read_link(estimate_token(other)).estimate.number == other.number
    estimates.accept(
        estimate_token(other), [], "Omar Other", True, CLIENT, certificates=ST124_TICKED
    )
    assert reload(sent).status == EstimateStatus.SENT and reload(other).accepted_at
    # Nor does it open an invoice of the same id as a pay link.
    assert invoicing.invoice_for_pay_token(estimate_token(sent)) is None


def test_a_made_up_or_forged_estimate_token_opens_nothing(sent, monkeypatch):
    with db_session() as session:
        [link] = session.exec(select(CustomerLink)).all()
    # What a copy of the database holds, and a token made from it without SECRET_KEY.
    monkeypatch.setattr(settings, "secret_key", "a key that is not the site's, long enough")
    with db_session() as session:
        forged = links.link_token(session, CustomerLinkKind.ESTIMATE, sent.id)
        session.rollback()
    monkeypatch.undo()
    for token in (secrets.token_urlsafe(32), link.token_hash, link.salt, forged, "x" * 65):
        assert estimates.read_link(token) is None
        with pytest.raises(ActionRefused, match="not valid"):
            estimates.accept(token, [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED)
    assert estimates.customer_estimate_pdf(forged) is None
    assert reload(sent).status == EstimateStatus.SENT


# --- revisions -------------------------------------------------------------------------------


def test_a_change_after_sending_is_a_new_revision_signed_again(admin, sent):
    with pytest.raises(ActionRefused, match="revision"):
        estimates.update_draft(
            sent.number, estimates.validate_estimate(estimate_form()), signed_in(admin)
        )
    revision = estimates.revise_estimate(sent.number, signed_in(admin))
    assert (revision.number, revision.revision, revision.status) == (sent.number, 2, "draft")
    assert estimate_token(revision) != estimate_token(sent)
    assert reload(sent).status == EstimateStatus.WITHDRAWN
    assert estimates.read_link(estimate_token(sent)).state == estimates.LinkState.WITHDRAWN
    with pytest.raises(ActionRefused):
        estimates.accept(
            estimate_token(sent), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
        )
    changed = estimate_form(lines=[{"description": "Cabinets", "unit_price": "7,500"}])
    estimates.update_draft(sent.number, estimates.validate_estimate(changed), signed_in(admin))
    estimates.send_estimate(sent.number, signed_in(admin))
    view = estimates.accept(
        estimate_token(revision), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
    )
    assert view.total_cents == 7_500_00 and view.label.endswith("(revision 2)")
    with pytest.raises(ActionRefused):
        estimates.revise_estimate(sent.number, signed_in(admin))  # a signed contract is locked


# --- invoices --------------------------------------------------------------------------------


def test_deposit_then_final_invoice_bill_the_accepted_total_once(admin, sent):
    estimates.accept(
        estimate_token(sent),
        [optional_id(sent)],
        "Maria Lopez",
        True,
        CLIENT,
        certificates=ST124_TICKED,
    )
    user = signed_in(admin)
    deposit = bill_deposit(sent.number, user)
    assert deposit.total_cents == 2_760_00  # 30% of $9,200.00
    with pytest.raises(ActionRefused, match="already billed"):
        bill_deposit(sent.number, user)
    final = bill_final(sent.number, user)
    assert final.total_cents == 9_200_00 - 2_760_00
    view = invoicing.get_invoice(final.number)
    assert [line.price_cents for line in view.lines] == [8_000_00, 1_200_00, -2_760_00]
    assert reload(sent).status == EstimateStatus.INVOICED
    with pytest.raises(ActionRefused):
        bill_final(sent.number, user)


def test_the_contracts_discount_stays_a_discount_on_the_final_invoice(admin, contract_settings):
    raw = estimate_form(discount="500")
    draft = estimates.create_estimate(estimates.validate_estimate(raw), signed_in(admin), "disc-1")
    estimate = estimates.send_estimate(draft.number, signed_in(admin))
    estimates.accept(
        estimate_token(estimate), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
    )
    deposit = bill_deposit(estimate.number, signed_in(admin))
    assert deposit.total_cents == 2_250_00  # 30% of $8,000.00 less $500.00
    final = bill_final(estimate.number, signed_in(admin))
    view = invoicing.get_invoice(final.number)
    assert [line.label for line in view.lines] == [
        "New kitchen cabinets, installed",
        "Less deposit",
    ]
    assert (final.discount_cents, final.total_cents) == (500_00, 7_500_00 - 2_250_00)
    assert "Discount" in [row.label for row in view.sum_rows]


def test_two_clicks_on_create_deposit_invoice_make_one(admin, sent):
    estimates.accept(
        estimate_token(sent), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
    )

    def click(_):
        try:
            return bill_deposit(sent.number, signed_in(admin)).number
        except ActionRefused:
            return None

    with ThreadPoolExecutor(max_workers=3) as pool:
        made = [n for n in pool.map(click, range(3)) if n]
    assert len(made) == 1
    with db_session() as session:
        assert len(session.exec(select(Invoice).where(Invoice.estimate_id == sent.id)).all()) == 1


def test_an_estimate_not_accepted_has_no_job_to_invoice(admin, sent):
    with db_session() as session:
        assert jobs.job_for_estimate(session, sent.id) is None
    estimates.accept(
        estimate_token(sent), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
    )
    with db_session() as session:
        job = jobs.job_for_estimate(session, sent.id)
    assert job.contract_cents == reload(sent).accepted_total_cents


# --- the right to cancel ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("signed_new_york", "last_day"),
    [
        ("2026-11-24 10:00", "2026-11-30"),  # Tue -> Wed, (Thanksgiving Thu), Fri, Mon
        ("2026-11-27 21:00", "2026-12-02"),  # Fri evening -> Mon, Tue, Wed
        ("2026-12-31 09:00", "2027-01-06"),  # New Year's Day and a weekend skipped
        ("2026-10-09 12:00", "2026-10-15"),  # Columbus Day (Mon Oct 12) skipped
    ],
)
def test_the_cancellation_deadline_skips_weekends_and_new_york_holidays(signed_new_york, last_day):
    from renovation_app.services.billing import BUSINESS_TIMEZONE

    signed = datetime.fromisoformat(signed_new_york).replace(tzinfo=BUSINESS_TIMEZONE)
    deadline = cancellation_deadline(signed).astimezone(BUSINESS_TIMEZONE)
    assert deadline.date().isoformat() == last_day
    assert (deadline.hour, deadline.minute) == (23, 59)


def test_cancelling_within_the_period_refunds_the_paid_deposit(fake, admin, contract_settings):
    draft = estimates.create_estimate(
        estimates.validate_estimate(estimate_form()), signed_in(admin), "form-5"
    )
    estimate = estimates.send_estimate(draft.number, signed_in(admin))
    estimates.accept(
        estimate_token(estimate), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
    )
    deposit = bill_deposit(estimate.number, signed_in(admin))
    _, status, _ = pay(fake, deposit)
    assert status == 200
    fake.wait_for_deliveries(1, type_="payment_intent.succeeded")
    fake.drain_webhooks()
    assert payments.payment_summary(deposit.id).paid_cents == 240_000
    assert estimates.cancel_contract(estimate_token(estimate)) == []
    assert reload(estimate).status == EstimateStatus.CANCELLED
    fake.drain_webhooks()
    summary = payments.payment_summary(deposit.id)
    assert summary.refunds and summary.refunds[0].amount_cents == 240_000
    assert summary.refundable_cents == 0
    with pytest.raises(ActionRefused, match="already cancelled"):
        estimates.cancel_contract(estimate_token(estimate))
    assert mails("estimate_notice")[0].subject.startswith("Contract cancelled")


def test_cancelling_voids_an_unpaid_deposit_invoice(admin, sent):
    estimates.accept(
        estimate_token(sent), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
    )
    deposit = bill_deposit(sent.number, signed_in(admin))
    assert estimates.cancel_contract(estimate_token(sent)) == []
    with db_session() as session:
        assert session.get(Invoice, deposit.id).status == InvoiceStatus.VOID


def test_after_the_deadline_the_contract_cannot_be_cancelled(sent):
    estimates.accept(
        estimate_token(sent), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
    )
    deadline = cancellation_deadline(reload(sent).accepted_at)
    with time_machine.travel(deadline + timedelta(seconds=1), tick=False):
        assert estimates.read_link(estimate_token(sent)).estimate.can_cancel is False
        with pytest.raises(ActionRefused, match="ended"):
            estimates.cancel_contract(estimate_token(sent))
    with time_machine.travel(deadline - timedelta(minutes=1), tick=False):
        assert estimates.read_link(estimate_token(sent)).estimate.can_cancel is True
    assert reload(sent).status == EstimateStatus.ACCEPTED


def test_an_unsigned_estimate_cannot_be_cancelled(sent):
    with pytest.raises(ActionRefused, match="signed"):
        estimates.cancel_contract(estimate_token(sent))


def test_every_change_is_in_the_history(admin, sent):
    estimates.record_view(estimate_token(sent))
    estimates.accept(
        estimate_token(sent), [], "Maria Lopez", True, CLIENT, certificates=ST124_TICKED
    )
    view = estimates.get_estimate(sent.number)
    assert [e.kind for e in view.events] == ["created", "emailed", "viewed", "accepted"]
    assert view.events[0].who == admin.name


def test_outbox_rows_are_about_the_estimate(sent):
    with db_session() as session:
        row = session.exec(select(OutboxEmail).where(OutboxEmail.kind == "estimate")).one()
    assert (row.about_kind, row.about_id) == ("estimate", sent.id)


def test_the_customers_page_lists_the_estimate_and_its_mail(sent):
    from renovation_app.services import customers

    view = customers.customer_view(reload(sent).customer_id)
    kinds = [entry.kind for entry in view.timeline]
    assert "estimate" in kinds and "email" in kinds
    [entry] = [e for e in view.timeline if e.kind == "estimate"]
    assert entry.link == f"/estimates/{sent.number}"


def test_ticking_texts_when_signing_records_the_mobiles_yes_and_not_ticking_records_none(
    sent, admin
):
    from renovation_app.services import texts

    phone = reload(sent).customer_phone
    estimates.accept(estimate_token(sent), [], "Maria Lopez", True, CLIENT, None, ST124_TICKED)
    with db_session() as session:
        assert texts.latest_consent(session, phone) is None  # not ticked: never asked
    other = estimates.create_estimate(
        estimates.validate_estimate(estimate_form()), signed_in(admin), "form-texts"
    )
    estimates.send_estimate(other.number, signed_in(admin))
    estimates.accept(
        estimate_token(other), [], "Maria Lopez", True, CLIENT, None, ST124_TICKED, texts_ok=True
    )
    with db_session() as session:
        consent = texts.latest_consent(session, phone)
    assert consent.consented and consent.source == "estimate"
    assert consent.customer_id == reload(other).customer_id
