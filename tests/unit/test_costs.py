"""A job's costs: amounts in cents computed on the server (labour at the person's rate), the
budget and margins to the cent, the estimated cost kept off the customer's documents, a closed
job changed only by an admin with a reason, paying a sub bill (once, this job's money only, a
lapse confirmed in words, one waiver and one e-mail) and receipts judged by their content."""

import io
import json
from datetime import date, timedelta

import pytest
from PIL import Image
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Estimate, Invoice, Payment, PaymentStatus, Signature
from renovation_app.services import change_orders, costs, jobs, payments
from renovation_app.services.billing import business_today
from renovation_app.services.costs import LapseNeedsConfirming, labour_cost
from renovation_app.services.costs.budget import invoice_revenue
from renovation_app.services.costs.paying import OTHER_JOB
from renovation_app.services.errors import ActionRefused
from renovation_app.settings import settings
from tests.factories import (
    bill,
    change_order_token,
    job_of,
    mails,
    make_change_order,
    make_invoice,
    record_payment,
    signed_in,
)
from tests.factories import sign_change_order as sign_co
from tests.factories.costs import (
    ESTIMATED_28K,
    RECEIPT_PDF,
    audit_rows,
    budget_of,
    contract_28k,
    contract_line_key,
    cost_of,
    costs_of,
    crew_day_form,
    crew_day_of,
    days_ago,
    insured_sub,
    pay_bill,
    payments_of_invoice,
    phone_photo,
    png_bomb,
    png_claiming,
    png_of,
    purchase_form,
    purchase_of,
    receipt_kept,
    sub_bill_form,
    sub_bill_of,
    waiver_of,
    waivers_made,
    worker_with_rate,
)
from tests.factories.subcontractors import certificate_of, subcontractor_of


@pytest.fixture(autouse=True)
def files_dir(tmp_path, monkeypatch):
    folder = tmp_path / "files"
    monkeypatch.setattr(settings, "files_dir", str(folder))
    return folder


@pytest.fixture
def sub(admin):
    return insured_sub(by=admin, email="office@gowanusplumbing.com", trade="Plumbing")


def refused(match: str = ""):
    return pytest.raises(ActionRefused, match=match)


# Amounts: integer cents, computed here.


def test_labour_is_the_hours_times_the_persons_own_rate_rounded_half_up(job, admin):
    ken = worker_with_rate(38_25, "Ken Crew")
    # Whatever rate or amount the browser sends, the rate is the one on the person's row.
    day = crew_day_of(job, ken, "6.5", by=admin, hourly_cost_cents=1, rate="1.00", amount="1")
    assert (day.amount_cents, day.hourly_cost_cents, day.hours_milli) == (248_63, 38_25, 6500)
    assert (day.tax_cents, day.payee, day.category) == (0, "Ken Crew", "labour")
    assert (labour_cost(6500, 38_25), labour_cost(500, 1), labour_cost(499, 1)) == (248_63, 1, 0)
    with refused("Nia Norate has no hourly cost"):
        crew_day_of(job, worker_with_rate(0, "Nia Norate"), by=admin)
    for hours in ("", "0", "24.5", "eight"):
        with refused("hours"):
            crew_day_of(job, ken, hours, by=admin)
    assert len(costs_of(job)) == 1


def test_a_negative_amount_is_refused_unless_a_credit_and_the_tax_is_optional(job, admin):
    with refused("more than"):
        purchase_of(job, amount="-50.00", by=admin)
    for typed in ("50.00", "-50.00"):  # ticked as a credit, with or without the minus
        credit = purchase_of(job, amount=typed, tax="4.44", by=admin, credit=True)
        assert (credit.amount_cents, credit.tax_cents, credit.credit) == (-50_00, -4_44, True)
    assert budget_of(job).actual_cents == -108_88
    for tax in ("", "0", "0.00"):  # the tax is optional
        assert purchase_of(job, amount="12.34", tax=tax, by=admin).total_cents == 12_34
    with refused("The tax"):
        purchase_of(job, tax="lots", by=admin)


@pytest.mark.parametrize("day", ["tomorrow", "1999-12-31", "12/01/2026", "2026-02-30", ""])
def test_a_day_that_did_not_happen_is_refused(job, admin, day):
    if day == "tomorrow":
        day = str(business_today() + timedelta(days=1))
    with refused("day of the receipt"):
        costs.add_cost(job.number, "purchase", purchase_form(incurred_on=day), signed_in(admin))
    assert costs_of(job) == []
    assert purchase_of(job, day=business_today(), by=admin).incurred_on == business_today()
    assert purchase_of(job, day=date(2000, 1, 1), by=admin).incurred_on == date(2000, 1, 1)


@pytest.mark.parametrize("category", ["snacks", "labour", "subcontractor", None])
def test_a_purchase_is_one_of_the_purchase_categories(job, admin, category):
    with refused("what kind of cost"):
        purchase_of(job, category=category, by=admin)
    assert purchase_of(job, category="permits", by=admin).category == "permits"
    with refused("purchase, a subcontractor's bill or a crew day"):
        costs.add_cost(job.number, "gift", purchase_form(), signed_in(admin))


# The budget: estimated against actual, to the cent.


def test_the_budget_adds_up_the_receipt_the_sub_bill_and_three_crew_days(job, admin, sub):
    rosa, ken = worker_with_rate(45_50, "Rosa Crew"), worker_with_rate(38_25, "Ken Crew")
    purchase_of(job, amount="3,959.20", tax="351.35", by=admin)
    bill_id = sub_bill_of(job, sub, by=admin).id
    for days, rosa_hours, ken_hours in ((3, "8", "8"), (2, "8", "6.5"), (1, "7.5", "8")):
        crew_day_of(job, rosa, rosa_hours, days_ago(days), by=admin)
        crew_day_of(job, ken, ken_hours, days_ago(days), by=admin)
    bill(job, "deposit", admin)  # 30% of $28,200, no sales tax
    labour = (364_00 + 364_00 + 341_25) + (306_00 + 248_63 + 306_00)
    actual = {"materials": 4_310_55, "subcontractor": 6_000_00, "labour": labour}
    budget = budget_of(job)
    assert [(c.slug, c.estimated_cents, c.actual_cents) for c in budget.categories] == [
        (k, ESTIMATED_28K[k], actual[k]) for k in ("materials", "subcontractor", "labour")
    ]
    assert budget.revenue_cents == 28_200_00 and budget.invoiced_cents == 8_460_00
    assert budget.actual_cents == 4_310_55 + 6_000_00 + 1_929_88
    assert budget.margin_so_far_cents == 8_460_00 - budget.actual_cents
    # At completion: materials (over) cost what they cost; the rest will cost its estimate.
    assert budget.margin_at_completion_cents == 28_200_00 - (4_310_55 + 7_523_00 + 3_017_00)
    assert budget.sub_unpaid_cents == 6_000_00
    assert [c.slug for c in budget.categories if c.over] == ["materials"] and budget.over_estimate
    pay_bill(job, bill_id, by=admin)
    after = budget_of(job)
    assert (after.sub_unpaid_cents, after.actual_cents) == (0, budget.actual_cents)


def test_invoiced_is_counted_before_sales_tax(job, admin):
    lines = [
        {
            "description": "Repair the radiator valve",
            "unit_price": "200",
            "unit_cost": "80",
            "tax_category": "repair",
            "cost_category": "materials",
        }
    ]
    sign_co(make_change_order(job, admin, lines=lines, payment="own"))
    budget = budget_of(job)
    assert (budget.revenue_cents, budget.invoiced_cents) == (28_400_00, 200_00)
    assert budget.categories[0].estimated_cents == ESTIMATED_28K["materials"] + 80_00


def _revenue_of(invoice_id: int, total: int, tax: int, paid: list[tuple[int, int]]) -> int:
    """The revenue expression alone, for an invoice of `total` with `tax` and payments of
    (amount, refunded) cents that went through."""
    with db_session() as session:
        invoice = session.get(Invoice, invoice_id)
        invoice.total_cents, invoice.tax_cents = total, tax
        session.add(invoice)
        for amount, refunded in paid:
            session.add(
                Payment(
                    invoice_id=invoice_id,
                    amount_cents=amount,
                    amount_refunded_cents=refunded,
                    status=PaymentStatus.SUCCEEDED,
                )
            )
        session.commit()
        return session.exec(select(invoice_revenue()).where(Invoice.id == invoice_id)).one()


@pytest.mark.parametrize(
    ("total", "tax", "paid", "revenue"),
    [
        (108_25, 8_25, [(108_25, 0)], 100_00),  # nothing refunded: the price before tax
        (108_25, 8_25, [(108_25, 50_00)], 53_81),  # 50.00 x 100.00 / 108.25 = 46.19 given back
        (108_25, 8_25, [(108_25, 108_25)], 0),  # all refunded
        (1_000_00, 0, [(1_000_00, 0), (1_000_00, 1_000_00)], 1_000_00),  # overpaid, extra back
        (1_000_00, 0, [(1_000_00, 300_00), (500_00, 500_00)], 700_00),  # 500 over, 800 back
        (0, 0, [], 0),  # a $0 invoice divides by nothing
    ],
)
def test_an_invoices_revenue_is_its_price_less_what_was_given_back_in_whole_cents(
    admin, total, tax, paid, revenue
):
    invoice = make_invoice(admin, f"revenue-{total}-{len(paid)}-{revenue}")
    counted = _revenue_of(invoice.id, total, tax, paid)
    assert counted == revenue and isinstance(counted, int)


def test_a_signed_change_order_moves_the_estimated_cost_an_unsigned_one_does_not(job, admin):
    tile = contract_line_key(job, "Tile")
    credit = {
        "description": "Cheaper fixtures",
        "unit_price": "250",
        "credit": True,
        "cost_category": "subcontractor",
        "unit_cost": "100",
    }
    waiting = make_change_order(job, admin, "waiting", lines=[credit], payment="next")
    assert {c.slug: c.estimated_cents for c in budget_of(job).categories} == ESTIMATED_28K
    sign_co(waiting)
    sign_co(make_change_order(job, admin, "out", lines=[{"removes": tile}], payment="next"))
    estimated = {c.slug: c.estimated_cents for c in budget_of(job).categories}
    assert estimated == {"subcontractor": 7_423_00, "labour": 3_017_00}  # materials: 0, gone
    assert budget_of(job).revenue_cents == 28_200_00 - 250_00 - 4_800_00


def test_the_estimated_cost_is_never_on_the_customers_documents(job, admin):
    line = {
        "description": "Heated floor mat",
        "unit_price": "900",
        "cost_category": "materials",
        "unit_cost": "412.77",
    }
    co = sign_co(make_change_order(job, admin, lines=[line]))
    with db_session() as session:
        contract = session.get(Estimate, job.estimate_id).signed_document
        signed_co = session.exec(
            select(Signature).where(Signature.kind == "change_order", Signature.record_id == co.id)
        ).one()
    shown_co = json.dumps(change_orders.read_link(change_order_token(co)).change_order)
    for document in (contract, signed_co.document, shown_co):
        assert "$9,000.00" in document or "$900.00" in document  # the prices are there
        for secret in (
            "$3,017.00",
            "$31.13",
            "$7,523.00",
            "$412.77",
            "412.77",
            "41277",
            "unit_cost",
            "cost_category",
        ):
            assert secret not in document


# A closed job, the audit log, deleting and a double click.


def test_a_closed_jobs_costs_change_only_by_an_admin_with_a_reason(job, admin, clerk):
    cost = purchase_of(job, by=admin)
    record_payment(bill(job, "final", admin), admin, amount="28,200.00")
    jobs.set_job_status(job.number, "closed", signed_in(admin))
    staff, boss = signed_in(clerk), signed_in(admin)
    for who, match in ((staff, "only an admin"), (boss, "give the reason")):
        with refused(match):
            costs.add_cost(job.number, "purchase", purchase_form(), who)
        with refused(match):
            costs.edit_cost(job.number, cost.id, purchase_form(amount="1.00"), who)
        with refused(match):
            costs.delete_cost(job.number, cost.id, who)
    assert [(c.id, c.amount_cents) for c in costs_of(job)] == [(cost.id, 4_000_00)]
    added = purchase_of(job, by=admin, reason="Late receipt from the supplier")
    costs.edit_cost(job.number, cost.id, purchase_form(amount="3,000.00"), boss, "Typo in amount")
    costs.delete_cost(job.number, added.id, boss, "Entered twice")
    assert [(c.id, c.amount_cents) for c in costs_of(job)] == [(cost.id, 3_000_00)]
    assert cost_of(added.id).deleted_reason == "Entered twice"
    for action, reason in (
        ("cost.added", "Late receipt"),
        ("cost.changed", "Typo in amount"),
        ("cost.deleted", "Entered twice"),
    ):
        assert any(reason in a.detail and a.user_id == admin.id for a in audit_rows(action))


def test_every_change_of_a_cost_leaves_an_audit_row(job, clerk):
    cost = purchase_of(job, by=clerk)
    costs.edit_cost(job.number, cost.id, purchase_form(payee="Lowe's"), signed_in(clerk))
    costs.delete_cost(job.number, cost.id, signed_in(clerk))
    for action in ("cost.added", "cost.changed", "cost.deleted"):
        (row,) = audit_rows(action)
        assert (row.record_kind, row.record_id, row.user_id) == ("job_cost", str(cost.id), clerk.id)
    assert "Home Depot" in audit_rows("cost.changed")[0].before
    assert "Lowe's" in audit_rows("cost.changed")[0].after


def test_a_deleted_cost_counts_nowhere_and_a_paid_bill_is_never_deleted(job, admin, sub):
    boss = signed_in(admin)
    kept, gone = purchase_of(job, by=admin), purchase_of(job, amount="99.00", tax="", by=admin)
    costs.delete_cost(job.number, gone.id, boss)
    assert budget_of(job).actual_cents == kept.total_cents and costs_of(job) == [kept]
    with refused("not one of this job's"):
        costs.edit_cost(job.number, gone.id, purchase_form(), boss)
    paid = sub_bill_of(job, sub, by=admin)
    pay_bill(job, paid.id, by=admin, paid_on=days_ago(2))
    with refused("cannot be deleted"):
        costs.delete_cost(job.number, paid.id, boss)
    # Its waiver names the subcontractor, the amount and the day paid: none of them changes.
    with refused("cannot change"):
        costs.edit_cost(job.number, paid.id, sub_bill_form(sub, amount="5,000"), boss)
    with refused("subcontractor cannot change"):
        costs.edit_cost(job.number, paid.id, sub_bill_form(insured_sub("Red Hook", admin)), boss)
    with refused("after the day it was paid"):
        costs.edit_cost(job.number, paid.id, sub_bill_form(sub, days_ago(1)), boss)
    costs.edit_cost(job.number, paid.id, sub_bill_form(sub, description="Rough-in"), boss)
    assert (cost_of(paid.id).subcontractor_id, cost_of(paid.id).description) == (sub.id, "Rough-in")
    assert cost_of(paid.id).paid_on == business_today() - timedelta(days=2)
    assert budget_of(job).actual_cents == kept.total_cents + 6_000_00


def test_a_double_click_adds_one_cost(job, clerk):
    first = purchase_of(job, by=clerk, form_token="form-1")
    again = purchase_of(job, by=clerk, form_token="form-1")
    assert first.id == again.id and len(costs_of(job)) == 1 and len(audit_rows("cost.added")) == 1
    assert purchase_of(job, by=clerk, form_token="form-2").id != first.id


# Paying a subcontractor's bill.


def test_a_bill_is_paid_once_not_before_its_day_and_a_check_has_its_number(job, admin, sub):
    cost = sub_bill_of(job, sub, day=days_ago(10), by=admin)
    with refused("before the bill's day"):
        pay_bill(job, cost.id, by=admin, paid_on=days_ago(11))
    with refused("after|between 2000 and today"):
        pay_bill(job, cost.id, by=admin, paid_on=business_today() + timedelta(days=1))
    with refused("check number"):
        pay_bill(job, cost.id, by=admin, reference="")
    assert cost_of(cost.id).paid_on is None and waivers_made() == []
    pay_bill(job, cost.id, by=admin, paid_on=days_ago(2))
    with refused("already paid"):
        pay_bill(job, cost.id, by=admin, reference="9999")
    paid = cost_of(cost.id)
    when = business_today() - timedelta(days=2)
    assert (paid.paid_on, paid.paid_how, paid.paid_reference) == (when, "check", "1042")
    assert len(waivers_made()) == 1 and len(mails("lien_waiver")) == 1


def test_another_jobs_payment_never_pays_this_jobs_bill(job, admin, sub, contract_settings):
    other = job_of(contract_28k(admin, "other-job"))
    their_deposit = bill(other, "deposit", admin)
    record_payment(their_deposit, admin, amount="8,460.00")
    their_payment = payments_of_invoice(their_deposit.id)[0]
    cost = sub_bill_of(job, sub, by=admin)
    with refused("held in trust") as refusal:
        pay_bill(job, cost.id, by=admin, funded_by_payment_id=their_payment.id)
    assert str(refusal.value) == OTHER_JOB
    assert cost_of(cost.id).paid_on is None and waivers_made() == [] and mails("lien_waiver") == []
    deposit = bill(job, "deposit", admin)
    record_payment(deposit, admin, amount="8,460.00")
    mine = payments_of_invoice(deposit.id)[0]
    pay_bill(job, cost.id, by=admin, funded_by_payment_id=mine.id)
    assert cost_of(cost.id).funded_by_payment_id == mine.id and len(waivers_made()) == 1


def test_a_bill_is_paid_only_from_money_the_owners_payment_still_holds(
    job, admin, sub, contract_settings
):
    deposit = bill(job, "deposit", admin)
    record_payment(deposit, admin, method="check", amount="8,460.00", reference="1045")
    payment = payments_of_invoice(deposit.id)[0]
    first = sub_bill_of(job, sub, amount="6,000", by=admin)
    second = sub_bill_of(job, sub, amount="3,000", by=admin)
    pay_bill(job, first.id, by=admin, funded_by_payment_id=payment.id)
    assert (
        "$2,460.00 left of $8,460.00"
        in costs.get_job_costs(job.number, signed_in(admin)).payments[0].label
    )
    # $2,460 is left of it: the $3,000 bill cannot be paid from it.
    with refused(r"Only \$2,460.00 of that payment is left"):
        pay_bill(job, second.id, by=admin, funded_by_payment_id=payment.id)
    # Returned to the owner, it funds nothing more, and is no longer offered.
    back = {
        "method": "check",
        "amount": "2,460.00",
        "received_on": str(business_today()),
        "reference": "2001",
    }
    payments.record_return(deposit.number, payment.id, back, signed_in(admin))
    with refused(r"Only \$0.00 of that payment is left"):
        pay_bill(job, second.id, by=admin, funded_by_payment_id=payment.id)
    assert costs.get_job_costs(job.number, signed_in(admin)).payments == []
    assert cost_of(second.id).paid_on is None and len(waivers_made()) == 1


@pytest.mark.parametrize("insurance", ["lapsed", "none on file"])
def test_paying_while_the_insurance_lapsed_needs_its_words_confirmed(job, admin, insurance):
    sub = subcontractor_of("Lapsed Tile Co", admin, email="lapsed@example.com")
    if insurance == "lapsed":
        certificate_of(sub, "general_liability", business_today() - timedelta(days=3), admin)
        certificate_of(sub, "workers_comp", business_today() + timedelta(days=200), admin)
    cost = sub_bill_of(job, sub, by=admin)
    with pytest.raises(LapseNeedsConfirming) as lapse:
        pay_bill(job, cost.id, by=admin)
    words = lapse.value.words
    assert ("insurance lapsed on" if insurance == "lapsed" else "No general liability") in words
    with pytest.raises(LapseNeedsConfirming):
        pay_bill(job, cost.id, by=admin, lapse_confirmed="Yes, pay anyway.")
    assert cost_of(cost.id).paid_on is None and waivers_made() == []
    pay_bill(job, cost.id, by=admin, lapse_confirmed=words)
    assert cost_of(cost.id).lapse_confirmed == words and len(waivers_made()) == 1
    assert any(words in a.detail for a in audit_rows("cost.paid"))


def test_a_payment_makes_one_waiver_for_the_bills_total_and_day_and_one_email(job, admin, sub):
    cost = sub_bill_of(job, sub, amount="5,500", tax="487.50", by=admin)
    waiver = waiver_of(pay_bill(job, cost.id, by=admin, paid_on=days_ago(1)))
    assert (waiver.cost_id, waiver.job_id, waiver.subcontractor_id) == (cost.id, job.id, sub.id)
    assert (waiver.amount_cents, waiver.paid_on) == (5_987_50, business_today() - timedelta(days=1))
    (mail,) = mails("lien_waiver")
    assert mail.to == "office@gowanusplumbing.com" and "$5,987.50" in mail.text
    no_email = insured_sub("Quiet Masonry", admin)
    pay_bill(job, sub_bill_of(job, no_email, by=admin).id, by=admin)
    assert len(waivers_made()) == 2 and len(mails("lien_waiver")) == 1
    with refused("Only a subcontractor's bill"):
        pay_bill(job, purchase_of(job, by=admin).id, by=admin)


# Receipts, judged by what they are.


def test_a_phone_photo_is_kept_upright_without_its_exif(job, admin):
    cost = purchase_of(job, by=admin, receipt=(phone_photo(), "IMG 0042.HEIC.jpg"))
    assert (cost.receipt_type, cost.receipt_name) == ("image/jpeg", "IMG 0042HEIC.jpg")
    with Image.open(io.BytesIO(receipt_kept(cost))) as kept:
        assert kept.format == "JPEG" and "exif" not in kept.info and not kept.getexif()
        assert kept.size == (20, 40)  # turned upright: the red half on top
        upright = kept.convert("RGB")
        assert upright.getpixel((10, 2))[0] > 200 and upright.getpixel((10, 37))[2] > 200
    assert b"PhoneMaker" not in receipt_kept(cost)


def test_a_png_is_kept_as_a_jpeg_a_pdf_byte_for_byte_and_only_for_a_purchase(job, admin, sub):
    png = purchase_of(job, by=admin, receipt=(png_of(), "scan.png"))
    assert png.receipt_type == "image/jpeg" and receipt_kept(png).startswith(b"\xff\xd8\xff")
    pdf = purchase_of(job, by=admin, receipt=(RECEIPT_PDF, "invoice 4471.pdf"))
    assert (pdf.receipt_type, pdf.receipt_name) == ("application/pdf", "invoice 4471.pdf")
    assert receipt_kept(pdf) == RECEIPT_PDF
    with refused("Only a purchase"):
        costs.add_cost(job.number, "sub_bill", sub_bill_form(sub), signed_in(admin), (png_of(), ""))
    assert len(costs_of(job)) == 2


@pytest.mark.parametrize(
    "content, name, match",
    [
        (b"MZ\x90\x00\x03\x00 This program cannot be run in DOS mode", "receipt.jpg", "a photo"),
        (b"Thank you for shopping at Home Depot: $4,310.55", "receipt.pdf", "must be a photo"),
        (b"%PDF-" + b"0" * (15 * 1024 * 1024 - 4), "big.pdf", "larger than 15 MB"),
        (b"\xff\xd8\xff\xe0 not really a jpeg", "photo.jpg", "could not be read"),
        (lambda: png_claiming(20_000, 20_000), "bomb.png", "at most 50 megapixels"),  # Pillow's
        (lambda: png_claiming(10_000, 10_000), "scan.png", "at most 50 megapixels"),  # 100 MP
        (png_bomb, "bomb.png", "too large"),  # 64 megapixels, under Pillow's limits
    ],
)
def test_a_file_that_is_not_a_receipt_is_refused_and_adds_no_cost(
    job, admin, files_dir, content, name, match
):
    with refused(match):
        purchase_of(job, by=admin, receipt=(content() if callable(content) else content, name))
    assert costs_of(job, deleted=True) == [] and audit_rows("cost.added") == []
    assert not files_dir.exists() or not any(p.is_file() for p in files_dir.rglob("*"))


def test_staff_never_see_a_loaded_rate_admins_do(job, admin, clerk):
    rosa = worker_with_rate(45_50, "Rosa Crew")
    costs.add_cost(job.number, "labour", crew_day_form(rosa), signed_in(admin))
    purchase_of(job, by=admin)
    staff_page = costs.get_job_costs(job.number, signed_in(clerk))
    assert [row.rate for row in staff_page.rows] == ["", ""]
    assert all("$" not in worker.label for worker in staff_page.workers)
    assert "Rosa Crew" in [w.label for w in staff_page.workers]
    admin_page = costs.get_job_costs(job.number, signed_in(admin))
    assert [row.rate for row in admin_page.rows if row.kind == "labour"] == ["$45.50/h"]
    assert "Rosa Crew ($45.50/h)" in [w.label for w in admin_page.workers]
    assert costs.get_job_costs("J-1999-0404", signed_in(admin)) is None
