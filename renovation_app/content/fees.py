"""What Stripe charges the business per online payment, as data (Stripe's published US prices).

Rates are in basis points (hundredths of a percent: 290 -> 2.9%); amounts in cents. Update
them here when Stripe's prices or the business's plan change.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Fee:
    label: str  # as the pay page names the way to pay
    rate_bp: int  # percent of the amount, in basis points
    fixed_cents: int  # added to each payment
    cap_cents: int | None  # the most one payment costs, None for no cap

    def cents_on(self, amount_cents: int) -> int:
        """The fee on one payment, in cents (half a cent rounds up), within its cap."""
        cents = (amount_cents * self.rate_bp + 5_000) // 10_000 + self.fixed_cents
        return cents if self.cap_cents is None else min(cents, self.cap_cents)


CARD_FEE = Fee("card", rate_bp=290, fixed_cents=30, cap_cents=None)  # 2.9% + 30c
BANK_DEBIT_FEE = Fee("bank debit", rate_bp=80, fixed_cents=0, cap_cents=500)  # 0.8%, max $5
FEES = (CARD_FEE, BANK_DEBIT_FEE)
# From this amount on, the pay page says which way costs the business less.
FEE_NOTE_FROM_CENTS = 100_000  # $1,000.00
FEE_NOTE = "On {amount} a bank debit costs the office about {bank} against {card} by card."

# The bank debit option's words in the payment dialog (the mandate Stripe's ACH rules need
# the customer to accept before the account is debited; {business} and {amount} filled in).
BANK_DEBIT_LABEL = "US bank account"
BANK_DEBIT_MANDATE = (
    "By pressing Pay, you authorize {business} to debit the bank account you choose for "
    "{amount}, once, and if needed to credit it to correct an error. A bank debit takes about "
    "4 business days to clear; the invoice shows it as processing until then."
)
