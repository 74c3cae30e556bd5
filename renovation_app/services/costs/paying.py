"""Paying a subcontractor's bill: the day, how (a check and its number), optionally the owner's
payment it was paid from, which must be this job's (trust money of one job never pays another
job's costs, Lien Law Article 3-A). While the subcontractor's insurance has lapsed, the payment
needs the office to confirm the lapse in its words. The payment makes the lien waiver for
exactly the amount paid and that day (§34: a waiver given before the payment is void)."""

from collections.abc import Mapping

from sqlmodel import Session, func, select

from renovation_app.content.costs import PAID_HOW
from renovation_app.db import db_session
from renovation_app.models import (
    CostKind,
    CustomerLinkKind,
    Invoice,
    JobCost,
    LienWaiver,
    Payment,
    PaymentStatus,
    utc_now,
)
from renovation_app.services import audit
from renovation_app.services.billing.money import format_usd
from renovation_app.services.costs.entry import day, words
from renovation_app.services.costs.recording import cost_of, ended_job_reason, open_job_locked
from renovation_app.services.errors import ActionRefused
from renovation_app.services.lien_waivers import queue_waiver_email
from renovation_app.services.links import issue_link
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.payments.ledger import kept_cents
from renovation_app.services.staff import SignedInUser
from renovation_app.services.subcontractors import lapse_words

OTHER_JOB = (
    "That payment was received for another job: money an owner pays for one job is held in "
    "trust for that job and cannot pay this job's costs."
)


class LapseNeedsConfirming(ActionRefused):
    """The subcontractor's insurance lapsed: the payment is made only once these words are
    confirmed (the page shows them and sends them back)."""

    def __init__(self, words: str) -> None:
        super().__init__(f"{words} Confirm to pay anyway.")
        self.words = words


def unspent_cents(session: Session, payment: Payment) -> int:
    """What of an owner's payment is still there to pay costs from: what the business kept of
    it (refunds and returns less) less the costs already paid from it."""
    spent = session.exec(
        select(func.coalesce(func.sum(JobCost.amount_cents + JobCost.tax_cents), 0)).where(
            JobCost.funded_by_payment_id == payment.id, JobCost.deleted_at.is_(None)
        )
    ).one()
    return kept_cents(payment) - spent


def funding_payment(
    session: Session, job_id: int, payment_id: object, amount_cents: int
) -> int | None:
    """The owner's payment a cost of `amount_cents` is paid from: None, or one of this job's
    invoices that was received and still holds that much (the trust books never show a cost
    paid from money that was refunded or already spent)."""
    if payment_id in (None, "", 0):
        return None
    payment = session.get(Payment, payment_id) if isinstance(payment_id, int) else None
    if payment is None:
        raise ActionRefused("That payment does not exist.")
    invoice = session.get(Invoice, payment.invoice_id)
    if invoice is None or invoice.job_id != job_id:
        raise ActionRefused(OTHER_JOB)
    if payment.status != PaymentStatus.SUCCEEDED or payment.voided_at is not None:
        raise ActionRefused("That payment has not been received: it cannot pay a cost.")
    left = unspent_cents(session, payment)
    if left < amount_cents:
        raise ActionRefused(
            f"Only {format_usd(max(left, 0))} of that payment is left after its refunds and the "
            f"costs already paid from it, less than this bill's {format_usd(amount_cents)}: "
            'choose another payment, or "Not said".'
        )
    return payment.id


def _confirm_lapse(session: Session, cost: JobCost, paid_on, confirmed: object) -> str:
    lapse = lapse_words(session, cost.subcontractor_id, paid_on)
    if lapse and confirmed != lapse:
        raise LapseNeedsConfirming(lapse)
    return lapse


def pay_sub_bill(
    number: str, cost_id: int, raw: Mapping, user: SignedInUser, reason: object = ""
) -> int:
    """Record the payment of a sub bill; returns its lien waiver's id. Paid twice: refused."""
    with db_session() as session:
        job = open_job_locked(session, number)  # a second tab waits here, then finds it paid
        why = ended_job_reason(job, user, reason)
        cost = cost_of(session, job, cost_id)
        if cost.kind != CostKind.SUB_BILL:
            raise ActionRefused("Only a subcontractor's bill is paid here.")
        if cost.paid_on is not None:
            raise ActionRefused(f"This bill was already paid on {cost.paid_on}: nothing changed.")
        paid_on = day(raw, "paid_on", "day it was paid")
        if paid_on < cost.incurred_on:
            raise ActionRefused("The payment cannot be before the bill's day.")
        how = raw.get("paid_how")
        if how not in PAID_HOW or how == "payroll":
            raise ActionRefused("Please choose how it was paid.")
        reference = words(raw, "paid_reference", "The check number or reference", 100, False)
        if how == "check" and not reference:
            raise ActionRefused("Please give the check number.")
        funded = funding_payment(session, job.id, raw.get("funded_by_payment_id"), cost.total_cents)
        lapse = _confirm_lapse(session, cost, paid_on, raw.get("lapse_confirmed"))
        cost.paid_on, cost.paid_how, cost.paid_reference = paid_on, how, reference
        cost.funded_by_payment_id, cost.lapse_confirmed = funded, lapse[:300]
        cost.updated_at = utc_now()
        session.add(cost)
        waiver = LienWaiver(
            cost_id=cost.id,
            job_id=job.id,
            subcontractor_id=cost.subcontractor_id,
            amount_cents=cost.total_cents,
            paid_on=paid_on,
        )
        session.add(waiver)
        session.flush()  # unique cost_id: one waiver per bill
        issue_link(session, CustomerLinkKind.LIEN_WAIVER, waiver.id)
        queue_waiver_email(session, waiver)
        audit.record(
            session,
            "cost.paid",
            user_id=user.id,
            record_kind="job_cost",
            record_id=cost.id,
            detail=f"{job.number}: {cost.payee} {format_usd(cost.total_cents)} paid {paid_on} "
            f"by {how} {reference}; {'lapse confirmed: ' + lapse if lapse else ''} {why}"[:500],
        )
        session.commit()
    wake_outbox_worker()
    return waiver.id
