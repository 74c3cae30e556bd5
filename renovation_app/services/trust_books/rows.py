"""The rows of a job's trust books (Lien Law §75) and the books themselves, in integer cents."""

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class ReceivedRow:
    """Money the owner paid into the trust (a payment) or was given back (a refund, negative)."""

    day: date  # the day the money came (or went back), New York
    id: int  # the payment's id, or the refund's
    kind: str  # "payment" or "refund"
    invoice_number: str
    method: str  # "Check #1045", "Visa ending 4242"
    reference: str  # the check number, the Stripe id, the refund's reason
    amount_cents: int  # a refund's is negative


@dataclass(frozen=True)
class PaidRow:
    """A payment out of the trust for the job: a purchase, a sub bill, a crew day, or a vendor's
    credit (negative)."""

    day: date  # paid_on
    id: int  # the cost's id
    payee: str  # to whom
    description: str  # what
    category: str  # a content/costs.py category slug
    kind: str  # purchase, sub_bill, labour
    paid_how: str  # a content/costs.PAID_HOW key ("" when not said)
    reference: str  # a check number
    amount_cents: int  # with tax


@dataclass(frozen=True)
class ReceivableRow:
    """An invoice of the job, issued by the end of the period, with what is still to come."""

    invoice_number: str
    issued_on: date
    due_on: date
    total_cents: int
    received_cents: int  # received on it by the end of the period, less refunds
    receivable_cents: int  # total less received, never below zero


@dataclass(frozen=True)
class PayableRow:
    """A cost incurred by the end of the period and not paid by then."""

    id: int
    incurred_on: date
    due_on: date | None  # a sub bill's due date
    payee: str
    description: str
    category: str
    kind: str
    amount_cents: int  # with tax


@dataclass(frozen=True)
class TrustBooks:
    """A job's trust books for the days [start, end]. Each total is the sum of the rows it lists;
    the balance held in trust is opening + received - paid, and a negative one was advanced by
    the business (allowed: the contractor paid for the job before the owner did)."""

    job_number: str
    start: date
    end: date
    opening_cents: int  # everything received minus everything paid before `start`
    received: tuple[ReceivedRow, ...]
    paid: tuple[PaidRow, ...]
    receivable: tuple[ReceivableRow, ...]  # at `end`
    payable: tuple[PayableRow, ...]  # at `end`
    received_cents: int
    paid_cents: int
    closing_cents: int
    receivable_cents: int
    payable_cents: int

    @property
    def advanced_cents(self) -> int:
        """What the business put in of its own money by the end: 0 unless the balance is below 0."""
        return max(-self.closing_cents, 0)
