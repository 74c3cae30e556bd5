"""What a job's money adds up to, derived from its rows (nothing here is stored): the contract
value (the signed contract plus every signed change order), what was invoiced and paid, what is
still owed, what is held in escrow, and what is owed back when credits pass what was paid."""

from dataclasses import dataclass
from datetime import date

from sqlmodel import Session

from renovation_app.models import ChangeOrder, Invoice, InvoiceStatus, Job
from renovation_app.services.payments import money_summary


@dataclass(frozen=True)
class JobMoney:
    contract_cents: int  # as signed, before any change order
    changes_cents: int  # every signed change order, credits less
    invoiced_cents: int  # the job's invoices that count (not void)
    paid_cents: int  # received on them, less refunds
    held_cents: int  # received before substantial completion: in escrow

    @property
    def value_cents(self) -> int:
        return self.contract_cents + self.changes_cents

    @property
    def owed_cents(self) -> int:
        """What the owner still has to pay for the contract as amended."""
        return max(self.value_cents - self.paid_cents, 0)

    @property
    def unbilled_cents(self) -> int:
        """What no invoice bills yet (the final invoice bills it); negative: billed too much."""
        return self.value_cents - self.invoiced_cents

    @property
    def credit_due_cents(self) -> int:
        """What was paid beyond the amended contract's value: owed back to the owner."""
        return max(self.paid_cents - self.value_cents, 0)


def job_money(
    session: Session,
    job: Job,
    signed: list[ChangeOrder],
    invoices: list[Invoice],
    today: date | None = None,
) -> JobMoney:
    counting = [invoice for invoice in invoices if invoice.status != InvoiceStatus.VOID]
    summaries = [money_summary(session, invoice, today) for invoice in invoices]
    return JobMoney(
        contract_cents=job.contract_cents,
        changes_cents=sum(co.total_cents for co in signed),
        invoiced_cents=sum(invoice.total_cents for invoice in counting),
        paid_cents=sum(s.paid_cents - s.refunded_cents for s in summaries),
        held_cents=sum(s.held_cents for s in summaries),
    )
