"""What a job's money adds up to, derived from its rows (nothing here is stored): the contract
value (the signed contract plus every signed change order), what was invoiced and paid, what is
still owed, what is held in escrow, and what is owed back when credits pass what was paid."""

from collections import defaultdict
from dataclasses import dataclass

from sqlmodel import Session, select

from renovation_app.models import (
    ChangeOrder,
    Invoice,
    InvoiceStatus,
    Job,
    JobStatus,
    Payment,
    PaymentStatus,
)
from renovation_app.services.payments.ledger import refunded_cents


@dataclass(frozen=True)
class JobMoney:
    contract_cents: int  # as signed, before any change order
    changes_cents: int  # every signed change order, credits less
    invoiced_cents: int  # the job's invoices that count (not void)
    paid_cents: int  # received on them, less refunds
    held_cents: int  # received before substantial completion: in escrow
    cancelled: bool = False  # the job was cancelled: nothing more is owed for it

    @property
    def value_cents(self) -> int:
        return self.contract_cents + self.changes_cents

    @property
    def _owed_for_cents(self) -> int:
        return 0 if self.cancelled else self.value_cents

    @property
    def owed_cents(self) -> int:
        """What the owner still has to pay for the contract as amended."""
        return max(self._owed_for_cents - self.paid_cents, 0)

    @property
    def unbilled_cents(self) -> int:
        """What no invoice bills yet (the final invoice bills it); negative: billed beyond the
        value (a credit signed after its invoices were paid)."""
        return 0 if self.cancelled else self.value_cents - self.invoiced_cents

    @property
    def credit_due_cents(self) -> int:
        """What was paid beyond the amended contract's value (all of it for a cancelled job):
        owed back to the owner."""
        return max(self.paid_cents - self._owed_for_cents, 0)


def job_money(
    session: Session, job: Job, signed: list[ChangeOrder], invoices: list[Invoice]
) -> JobMoney:
    """The job's money, as each invoice's own summary counts it (payments.summary: paid less
    refunds; held while its work is not substantially complete), with the payments of all
    its invoices read at once: a job of ten years has hundreds of invoices."""
    counting = [invoice for invoice in invoices if invoice.status != InvoiceStatus.VOID]
    payments: dict[int, list[Payment]] = defaultdict(list)
    for payment in session.exec(
        select(Payment).where(Payment.invoice_id.in_([i.id for i in invoices] or [0]))
    ):
        payments[payment.invoice_id].append(payment)
    net = {invoice.id: _net(payments[invoice.id]) for invoice in invoices}
    return JobMoney(
        contract_cents=job.contract_cents,
        changes_cents=sum(co.total_cents for co in signed),
        invoiced_cents=sum(invoice.total_cents for invoice in counting),
        paid_cents=sum(net.values()),
        held_cents=sum(net[i.id] for i in invoices if i.work_completed_on is None),
        cancelled=job.status == JobStatus.CANCELLED,
    )


def _net(payments: list[Payment]) -> int:
    paid = sum(p.amount_cents for p in payments if p.status == PaymentStatus.SUCCEEDED)
    return paid - refunded_cents(payments)
