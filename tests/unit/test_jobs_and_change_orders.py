"""Jobs and signed change orders: the contract value follows only signatures, the schedule
moves by exactly the change, the final invoice bills exactly the rest, and every refusal an
attacker, a second tab, a double click or a late answer would meet."""

import threading
from datetime import timedelta

import pytest
import time_machine
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    AuditEvent,
    ChangeOrder,
    ChangeOrderStatus,
    Invoice,
    InvoiceLine,
    JobEvent,
    Signature,
    utc_now,
)
from renovation_app.services import change_orders, jobs
from renovation_app.services.billing import business_today
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.signatures import LinkSigning
from tests.factories import (
    accepted_estimate,
    bill,
    change_order_token,
    job_of,
    mails,
    make_change_order,
    record_payment,
    seen_hash,
    sign_change_order,
    signed_in,
    stages_of,
)
from tests.factories.estimates import contract_25k as contract_of_25k
from tests.factories.papers import one_page_pdf

VANITY = "M 10 50 L 40 20 L 80 70 L 120 30"


def contract_25k(admin, token="contract-25k"):
    """The $25,000 contract, to be done in 60 days."""
    return contract_of_25k(admin, token, completion_date=str(business_today() + timedelta(days=60)))


def amounts(job) -> list[int]:
    return [stage.amount_cents for stage in stages_of(job)]


def money(job):
    return jobs.get_job(job.number)


def test_a_signed_contract_makes_its_job_with_its_payment_schedule(admin, contract_settings):
    estimate = contract_25k(admin)
    job = job_of(estimate)
    assert job.number == f"J-{business_today().year}-0001"
    assert [(s.kind, s.label) for s in stages_of(job)] == [
        ("deposit", "Deposit"),
        ("progress", "Rough-in done"),
        ("final", "Final payment"),
    ]
    assert amounts(job) == [7_500_00, 10_000_00, 7_500_00]
    view = money(job)
    assert (view.value_cents, view.owed_cents, view.estimate_number) == (
        25_000_00,
        25_000_00,
        estimate.number,
    )
    assert "made" in [e.kind for e in view.events]


def test_the_whole_job_change_orders_spread_signed_and_billed_to_the_cent(admin, contract_settings):
    job = job_of(contract_25k(admin))
    deposit = bill(job, "deposit", admin)
    record_payment(deposit, admin, amount="7,500.00")
    completion = money(job).completion
    co1 = make_change_order(job, admin, "co-1")
    assert co1.number == 1 and co1.total_cents == 3_200_00
    # Unsigned, it changes nothing.
    assert money(job).value_cents == 25_000_00 and amounts(job) == [7_500_00, 10_000_00, 7_500_00]
    signed = sign_change_order(co1, drawing=VANITY)
    assert signed.status == ChangeOrderStatus.SIGNED
    view = money(job)
    assert view.value_cents == 28_200_00
    assert view.completion != completion and view.days_added == 5
    # The two stages not yet billed carry the $3,200 between them, in proportion (40:30).
    assert amounts(job) == [7_500_00, 11_828_57, 8_871_43]
    assert sum(amounts(job)) == 28_200_00
    # CO-2 takes out $700 of work, taken off the next payment.
    lines = [{"description": "No towel heater after all", "unit_price": "700", "credit": True}]
    co2 = make_change_order(job, admin, "co-2", lines=lines, payment="next", days="0")
    assert co2.total_cents == -700_00
    sign_change_order(co2)
    assert money(job).value_cents == 27_500_00
    assert amounts(job) == [7_500_00, 11_128_57, 8_871_43]
    progress = bill(job, "progress", admin)
    assert progress.total_cents == 11_128_57
    record_payment(progress, admin, amount="11,128.57")
    final = bill(job, "final", admin)
    assert final.total_cents == 27_500_00 - 7_500_00 - 11_128_57 == 8_871_43
    with db_session() as session:
        labels = [
            line.label
            for line in session.exec(select(InvoiceLine).where(InvoiceLine.invoice_id == final.id))
        ]
    assert labels.count("Less deposit") == 1 and labels.count("Less progress payment") == 1
    assert sum(1 for label in labels if label.endswith("/ CO-1")) == 1
    view = money(job)
    assert view.unbilled_cents == 0 and view.owed_cents == 8_871_43


def test_change_orders_signed_out_of_order_add_up_the_same(admin, contract_settings):
    results = []
    for order, token in (((0, 1), "in-order"), ((1, 0), "reversed")):
        job = job_of(contract_25k(admin, token))
        made = [
            make_change_order(job, admin, f"{token}-a"),
            make_change_order(
                job,
                admin,
                f"{token}-b",
                payment="next",
                lines=[{"description": "Cheaper faucet", "unit_price": "250", "credit": True}],
            ),
        ]
        for index in order:
            sign_change_order(made[index])
        results.append((money(job).value_cents, sum(amounts(job))))
    assert results[0] == results[1] == (27_950_00, 27_950_00)


def test_two_tabs_signing_at_once_make_one_signature(admin, contract_settings):
    job = job_of(contract_25k(admin))
    co = make_change_order(job, admin)
    token = change_order_token(co)
    seen = seen_hash(token)
    outcomes, start = [], threading.Barrier(2)

    def tab(name):
        start.wait()
        try:
            change_orders.sign(token, LinkSigning(name, True, "", "c" * 64, seen))
            outcomes.append("signed")
        except ActionRefused as refused:
            outcomes.append(str(refused))

    threads = [threading.Thread(target=tab, args=(n,)) for n in ("Maria Lopez", "Maria L")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes)[1] == "signed" and "already signed" in sorted(outcomes)[0]
    with db_session() as session:
        assert (
            len(session.exec(select(Signature).where(Signature.kind == "change_order")).all()) == 1
        )
    assert money(job).value_cents == 28_200_00
    assert len(mails("change_order_signed")) == 2  # one copy to the owner, one to the office


def test_a_double_click_on_send_makes_one_change_order(admin, contract_settings):
    job = job_of(contract_25k(admin))
    first = make_change_order(job, admin, "same-click")
    second = make_change_order(job, admin, "same-click")
    assert first.id == second.id
    assert len(mails("change_order")) == 1


def test_a_line_of_another_job_or_a_tampered_price_changes_nothing(admin, contract_settings):
    mine, theirs = job_of(contract_25k(admin, "mine")), job_of(contract_25k(admin, "theirs"))
    with db_session() as session:
        from renovation_app.services.change_orders.records import removable_lines

        their_key = next(iter(removable_lines(session, session.merge(theirs))))
        my_key = next(iter(removable_lines(session, session.merge(mine))))
    with pytest.raises(FormInvalid) as refused:
        make_change_order(mine, admin, lines=[{"removes": their_key}])
    assert refused.value.errors == {"line:0": "That line is not part of this job's contract."}
    # A line taken out costs what the contract says, whatever price the browser sent.
    co = make_change_order(
        mine, admin, payment="next", lines=[{"removes": my_key, "unit_price": "1", "quantity": "9"}]
    )
    assert co.total_cents == -21_000_00
    with pytest.raises(FormInvalid):  # it cannot be taken out twice
        make_change_order(mine, admin, lines=[{"removes": my_key}])


def test_a_forged_token_or_another_kind_of_link_opens_no_change_order(admin, contract_settings):
    job = job_of(contract_25k(admin))
    co = make_change_order(job, admin)
    assert change_orders.read_link("not-a-token") is None
    from tests.factories import estimate_token

    other_kind = estimate_token(contract_25k(admin, "other"))
    assert change_orders.read_link(other_kind) is None
    with pytest.raises(ActionRefused, match="not valid"):
        change_orders.sign(other_kind, LinkSigning("Maria Lopez", True))
    assert change_orders.read_link(change_order_token(co)).state == "open"


@pytest.mark.parametrize("ending", ["expired", "withdrawn", "declined"])
def test_an_expired_withdrawn_or_declined_change_order_takes_no_signature(
    admin, contract_settings, ending
):
    job = job_of(contract_25k(admin))
    co = make_change_order(job, admin)
    token = change_order_token(co)
    later = utc_now()
    if ending == "expired":
        later = utc_now() + timedelta(days=20)
    elif ending == "withdrawn":
        change_orders.withdraw_change_order(job.number, "CO-1", signed_in(admin))
    else:
        change_orders.decline(token, "Too expensive")
    with time_machine.travel(later, tick=False), pytest.raises(ActionRefused):
        change_orders.sign(token, LinkSigning("Maria Lopez", True))
    assert change_orders.read_link(token).state == ending if ending != "expired" else True
    assert money(job).value_cents == 25_000_00


def test_a_cancelled_or_closed_job_takes_no_change_order(admin, contract_settings):
    job = job_of(contract_25k(admin))
    waiting = make_change_order(job, admin)
    jobs.set_job_status(job.number, "cancelled", signed_in(admin))
    with pytest.raises(ActionRefused, match="cancelled"):
        make_change_order(job, admin, "after")
    with pytest.raises(ActionRefused):
        change_orders.sign(change_order_token(waiting), LinkSigning("Maria Lopez", True))
    assert money(job).value_cents == 25_000_00


def test_a_credit_beyond_what_is_left_is_owed_back_never_a_negative_invoice(
    admin, contract_settings
):
    job = job_of(contract_25k(admin))
    for kind, amount in (("deposit", "7,500.00"), ("progress", "10,000.00")):
        record_payment(bill(job, kind, admin), admin, amount=amount)
    credit = [
        {"description": "Tub refinished, not replaced", "unit_price": "9,000", "credit": True}
    ]
    sign_change_order(make_change_order(job, admin, lines=credit, payment="spread"))
    view = money(job)
    assert view.value_cents == 16_000_00 and view.credit_due_cents == 1_500_00
    with pytest.raises(ActionRefused, match="Nothing is left to bill"):
        bill(job, "final", admin)
    with db_session() as session:
        assert all(i.total_cents > 0 for i in session.exec(select(Invoice)).all())


def test_a_change_signed_after_the_final_invoice_is_a_supplement(admin, contract_settings):
    job = job_of(contract_25k(admin))
    final = bill(job, "final", admin)
    assert final.total_cents == 25_000_00
    co = sign_change_order(make_change_order(job, admin))
    with db_session() as session:
        assert session.get(Invoice, final.id).total_cents == 25_000_00  # never edited
        supplement = session.get(Invoice, co.invoice_id)
    assert supplement.total_cents == 3_200_00 and supplement.estimate_part == "change"
    assert money(job).unbilled_cents == 0


def test_a_change_order_billed_on_its_own_carries_its_lines_and_tax(admin, contract_settings):
    job = job_of(contract_25k(admin))
    lines = [
        {"description": "Repair the radiator valve", "unit_price": "200", "tax_category": "repair"}
    ]
    co = sign_change_order(make_change_order(job, admin, lines=lines, payment="own"))
    assert co.tax_cents == 17_75 and co.total_cents == 217_75
    with db_session() as session:
        invoice = session.get(Invoice, co.invoice_id)
    assert (invoice.total_cents, invoice.tax_cents) == (217_75, 17_75)
    assert amounts(job)[-1] == 217_75
    with pytest.raises(FormInvalid, match="never an invoice of its own"):
        make_change_order(
            job,
            admin,
            payment="own",
            lines=[{"description": "Less paint", "unit_price": "50", "credit": True}],
        )


def test_a_paper_signature_needs_a_real_scan_and_a_day(admin, contract_settings):
    job = job_of(contract_25k(admin))
    make_change_order(job, admin)
    paper = change_orders.PaperSignature("Maria Lopez", business_today(), b"not a scan", "x.pdf")
    with pytest.raises(ActionRefused, match="PDF, JPEG or PNG"):
        change_orders.record_paper_signature(job.number, "CO-1", paper, signed_in(admin))
    tomorrow = business_today() + timedelta(days=1)
    scan = one_page_pdf("CO-1 signed by Maria Lopez")
    with pytest.raises(ActionRefused, match="day it was signed"):
        change_orders.record_paper_signature(
            job.number,
            "CO-1",
            change_orders.PaperSignature("Maria Lopez", tomorrow, scan, "s.pdf"),
            signed_in(admin),
        )
    good = change_orders.PaperSignature("Maria Lopez", business_today(), scan, "signed.pdf")
    change_orders.record_paper_signature(job.number, "CO-1", good, signed_in(admin))
    with db_session() as session:
        signature = session.exec(select(Signature).where(Signature.kind == "change_order")).one()
    assert signature.method == "paper" and signature.recorded_by == admin.id
    assert money(job).value_cents == 28_200_00


def test_only_an_admin_or_the_change_orders_author_records_it_signed_on_paper(job, admin, clerk):
    make_change_order(job, admin)
    paper = change_orders.PaperSignature(
        "Maria Lopez", business_today(), one_page_pdf("CO signed"), "s.pdf"
    )
    with pytest.raises(ActionRefused, match="Only Bea Boss, who wrote CO-1, or an admin"):
        change_orders.record_paper_signature(job.number, "CO-1", paper, signed_in(clerk))
    with db_session() as session:
        assert session.exec(select(Signature).where(Signature.kind == "change_order")).all() == []

    own = make_change_order(job, clerk, "clerks-own")
    change_orders.record_paper_signature(job.number, f"CO-{own.number}", paper, signed_in(clerk))
    change_orders.record_paper_signature(job.number, "CO-1", paper, signed_in(admin))
    with db_session() as session:
        signed = session.exec(
            select(Signature).where(Signature.kind == "change_order").order_by(Signature.id)
        ).all()
    assert [s.recorded_by for s in signed] == [clerk.id, admin.id]


def test_every_step_leaves_a_row_in_the_jobs_history_and_the_audit_log(admin, contract_settings):
    job = job_of(contract_25k(admin))
    co = make_change_order(job, admin)
    change_orders.record_view(change_order_token(co))
    sign_change_order(co)
    with db_session() as session:
        kinds = [e.kind for e in session.exec(select(JobEvent).order_by(JobEvent.id))]
        audited = [a.action for a in session.exec(select(AuditEvent))]
    assert kinds == ["made", "change_order_sent", "change_order_viewed", "change_order_signed"]
    for kind in kinds:
        assert f"job.{kind}" in audited


def test_the_signed_document_and_pdf_carry_both_signatures(admin, contract_settings):
    job = job_of(contract_25k(admin))
    co = sign_change_order(make_change_order(job, admin), drawing=VANITY)
    page = change_orders.read_link(change_order_token(co))
    view = page.change_order
    assert page.state == "signed"
    assert (view["original_value"], view["change"], view["new_value"]) == (
        "$25,000.00",
        "$3,200.00",
        "$28,200.00",
    )
    assert view["method"] == "drawn signature" and len(view["document_sha256"]) == 64
    from tests.fixtures.office_before_e1lines.snapshot import pdf_text

    text = pdf_text(change_orders.change_order_pdf(change_order_token(co))[1])
    assert "Owner: Maria Lopez, drawn signature" in text
    assert "For the contractor: Bea Boss, who sent it on" in text
    assert view["document_sha256"] in text
    with db_session() as session:
        assert session.get(ChangeOrder, co.id).signature_id is not None


def test_a_customers_page_shows_their_jobs_and_a_merge_takes_them_along(admin, contract_settings):
    from renovation_app.services import customers
    from tests.factories import make_customer

    job = job_of(contract_25k(admin))
    duplicate = make_customer("Maria L.", email="maria.other@example.com")
    customers.merge_customers(duplicate.id, job.customer_id, signed_in(admin))
    with db_session() as session:
        from renovation_app.models import Job

        assert session.get(Job, job.id).customer_id == duplicate.id
    timeline = customers.customer_view(duplicate.id).timeline
    assert any(e.kind == "job" and e.link == f"/jobs/{job.number}" for e in timeline)


SMALL_WORK = {
    "name": "Lee Chan",
    "email": "lee@example.com",
    "phone": "",
    "address": "5 Court St, Brooklyn",
    "title": "Replace the kitchen faucet",
    "price": "300",
    "tax_category": "repair",
    "tax_area": "nyc",
}


def test_small_work_makes_a_job_by_hand_and_its_invoice_bills_the_price_with_tax(admin):
    work = jobs.validate_small_work(SMALL_WORK)
    job = jobs.create_small_job(work, signed_in(admin), "small-1")
    assert jobs.create_small_job(work, signed_in(admin), "small-1").id == job.id  # double click
    assert job.estimate_id is None and job.contract_cents == 326_63  # $300 + 8.875% tax
    assert amounts(job) == [326_63]
    invoice = bill(job, "final", admin)
    assert (invoice.total_cents, invoice.tax_cents) == (326_63, 26_63)
    assert money(job).unbilled_cents == 0


def test_work_over_500_dollars_needs_a_signed_contract_not_a_job_by_hand():
    with pytest.raises(FormInvalid) as refused:
        jobs.validate_small_work({**SMALL_WORK, "price": "460"})  # $500.83 with tax
    assert "General Business Law" in refused.value.errors["price"]
    with pytest.raises(FormInvalid) as refused:
        jobs.validate_small_work({**SMALL_WORK, "title": " ", "price": "abc", "email": "x"})
    assert set(refused.value.errors) == {"title", "price", "email"}


@pytest.mark.parametrize("category", ["repair", "capital_improvement"])
@pytest.mark.parametrize("rate", [0, 4_000, 8_375, 8_875])
def test_a_small_jobs_price_is_read_back_from_its_total_to_the_cent(rate, category):
    """Taxed or not: an untaxed job in a taxed area (a capital improvement in New York City)
    is its total."""
    from renovation_app.models import Job
    from renovation_app.services.jobs.small_work import price_before_tax, work_total

    for price in [*range(1, 50_001, 37), 40_000, 50_000]:
        total = work_total(price, category, rate)
        job = Job(contract_cents=total, tax_rate=rate, tax_category=category)
        assert price_before_tax(job) == price


def test_the_dashboard_counts_the_changes_awaiting_a_signature(admin, contract_settings):
    from renovation_app.services.dashboard import dashboard

    job = job_of(contract_25k(admin))
    make_change_order(job, admin, "waiting")
    sign_change_order(make_change_order(job, admin, "signed"))
    waiting = dashboard().changes_waiting
    assert (waiting.count, waiting.cents, waiting.link) == (1, 3_200_00, "/jobs")


def test_the_job_list_shows_the_value_with_signed_changes_and_the_ones_waiting(
    admin, contract_settings
):
    job = job_of(contract_25k(admin))
    sign_change_order(make_change_order(job, admin, "signed"))
    make_change_order(job, admin, "waiting")
    make_change_order(job, admin, "late", valid_until=str(business_today()))
    with time_machine.travel(utc_now() + timedelta(days=1), tick=False):
        row = jobs.list_jobs(job.customer_name, "", 1).rows[0]
    assert (row.number, row.value_cents, row.waiting) == (job.number, 28_200_00, 1)


def test_the_final_invoice_of_a_taxed_discounted_contract_bills_exactly_what_is_left(
    admin, contract_settings
):
    lines = [{"description": "Boiler repair", "unit_price": "10,000", "tax_category": "repair"}]
    estimate = accepted_estimate(
        admin,
        "taxed",
        lines=lines,
        discount="500",
        deposit_kind="percent",
        deposit_value="50",
        progress_schedule="Parts fitted: 48%",
    )
    job = job_of(estimate)
    deposit, progress = bill(job, "deposit", admin), bill(job, "progress", admin)
    final = bill(job, "final", admin)
    total = estimate.accepted_total_cents
    assert total == 10_343_12  # $9,500 + 8.875% tax
    assert final.total_cents == total - deposit.total_cents - progress.total_cents


def test_the_owner_signs_only_the_change_order_as_it_was_shown(admin, contract_settings):
    job = job_of(contract_25k(admin))
    first, second = make_change_order(job, admin, "a"), make_change_order(job, admin, "b")
    token = change_order_token(second)
    shown = seen_hash(token)  # "value before: $25,000"
    sign_change_order(first)  # meanwhile: the value before is now $28,200
    with pytest.raises(ActionRefused, match="changed since you opened it"):
        change_orders.sign(token, LinkSigning("Maria Lopez", True, "", "c" * 64, shown))
    with pytest.raises(ActionRefused, match="changed since you opened it"):
        change_orders.sign(token, LinkSigning("Maria Lopez", True, "", "c" * 64, ""))
    change_orders.sign(token, LinkSigning("Maria Lopez", True, "", "c" * 64, seen_hash(token)))
    assert money(job).value_cents == 31_400_00


def test_a_job_with_money_owed_back_or_unbilled_does_not_close(admin, contract_settings):
    job = job_of(contract_25k(admin))
    record_payment(bill(job, "final", admin), admin, amount="25,000.00")
    credit = [{"description": "Smaller vanity", "unit_price": "500", "credit": True}]
    sign_change_order(make_change_order(job, admin, lines=credit))
    with pytest.raises(ActionRefused, match=r"\$500.00 is owed back"):
        jobs.set_job_status(job.number, "closed", signed_in(admin))


def test_an_invoice_billed_after_substantial_completion_holds_nothing_in_escrow(
    admin, contract_settings
):
    job = job_of(contract_25k(admin))
    jobs.set_job_status(job.number, "substantially_complete", signed_in(admin))
    final = bill(job, "final", admin)
    with db_session() as session:
        assert session.get(Invoice, final.id).work_completed_on == business_today()


def test_an_expired_change_order_frees_its_lines_and_takes_no_paper_signature(
    admin, contract_settings
):
    job = job_of(contract_25k(admin))
    with db_session() as session:
        from renovation_app.services.change_orders.records import removable_lines

        key = next(iter(removable_lines(session, session.merge(job))))
    make_change_order(
        job,
        admin,
        "old",
        lines=[{"removes": key}],
        payment="next",
        valid_until=str(business_today()),
    )
    with time_machine.travel(utc_now() + timedelta(days=2), tick=False):
        scan = change_orders.PaperSignature(
            "Maria Lopez", business_today(), one_page_pdf("CO-1 signed"), "s.pdf"
        )
        with pytest.raises(ActionRefused, match="expired"):
            change_orders.record_paper_signature(job.number, "CO-1", scan, signed_in(admin))
        again = make_change_order(job, admin, "new", lines=[{"removes": key}], payment="next")
    assert again.number == 2


@pytest.mark.parametrize("drawing", ["M . .", "M 1.2.3 4", "L 1 2 <script>", "M 1e9 2"])
def test_a_drawing_that_is_not_a_signature_path_is_refused_in_words(
    admin, contract_settings, drawing
):
    job = job_of(contract_25k(admin))
    token = change_order_token(make_change_order(job, admin))
    with pytest.raises(ActionRefused, match="drawn signature could not be read"):
        change_orders.sign(
            token, LinkSigning("Maria Lopez", True, drawing, "c" * 64, seen_hash(token))
        )
