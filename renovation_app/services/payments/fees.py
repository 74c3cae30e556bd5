"""What a payment costs the business by card and by bank debit, and the pay page's words."""

from dataclasses import dataclass

from renovation_app.content.fees import (
    BANK_DEBIT_FEE,
    CARD_FEE,
    FEE_NOTE,
    FEE_NOTE_FROM_CENTS,
    Fee,
)
from renovation_app.services.billing import format_usd


def fee_cents(fee: Fee, amount_cents: int) -> int:
    """Stripe's fee on one payment, in cents (half a cent rounds up), within its cap."""
    return fee.cents_on(amount_cents)


@dataclass(frozen=True)
class FeeComparison:
    amount_cents: int
    card_cents: int
    bank_cents: int

    @property
    def bank_is_cheaper(self) -> bool:
        return self.bank_cents < self.card_cents

    @property
    def words(self) -> str:
        """ "On $10,000.00 a bank debit costs the office about $5.00 against $290.30 by card." """
        return FEE_NOTE.format(
            amount=format_usd(self.amount_cents),
            bank=format_usd(self.bank_cents),
            card=format_usd(self.card_cents),
        )


def compare_fees(amount_cents: int) -> FeeComparison:
    return FeeComparison(
        amount_cents, fee_cents(CARD_FEE, amount_cents), fee_cents(BANK_DEBIT_FEE, amount_cents)
    )


def fee_note(amount_cents: int) -> str:
    """The pay page's line on what is cheaper for this amount: only for large amounts where a
    bank debit costs less ("" otherwise)."""
    if amount_cents < FEE_NOTE_FROM_CENTS:
        return ""
    comparison = compare_fees(amount_cents)
    return comparison.words if comparison.bank_is_cheaper else ""
