"""How a payment was made, in words ("Visa ending 4242", "Check #1045", "Zelle (ref 7HX2)"),
and the day its money came."""

from datetime import date

from renovation_app.content.payment_methods import METHOD_LABELS
from renovation_app.models import Payment, PaymentMethod
from renovation_app.services.billing import business_today


def method_words(payment: Payment) -> str:
    """How it was paid, for the history, receipts and pages: "Visa ending 4242",
    "Bank debit (STRIPE TEST BANK ending 6789)", "Check #1045", "Zelle (ref 7HX2)", "Cash"."""
    if payment.method == PaymentMethod.CARD:
        if payment.card_last4:
            return f"{payment.card_brand.capitalize()} ending {payment.card_last4}"
        return "card"
    if payment.method == PaymentMethod.BANK_DEBIT:
        if payment.card_last4:  # the bank's name and the account's last 4 digits
            bank = f"{payment.card_brand} " if payment.card_brand else ""
            return f"Bank debit ({bank}ending {payment.card_last4})"
        return "Bank debit"
    return recorded_means(PaymentMethod(payment.method), payment.reference)


def recorded_means(method: PaymentMethod, reference: str) -> str:
    """A check, Zelle, transfer or cash in words: "Check #1045", "Zelle (ref 7HX2)", "Cash"."""
    label = METHOD_LABELS[method]
    if not reference:
        return label
    if method == PaymentMethod.CHECK:
        return f"{label} #{reference}"
    return f"{label} (ref {reference})"


def in_a_sentence(words: str, method: PaymentMethod) -> str:
    """Means in words inside a sentence: "paid by check #1045", "by Visa ending 4242"."""
    if method in (PaymentMethod.CHECK, PaymentMethod.BANK_TRANSFER, PaymentMethod.CASH):
        return words[0].lower() + words[1:]
    return words


def method_in_words(payment: Payment) -> str:
    """method_words inside a sentence: "paid by check #1045", "by Visa ending 4242"."""
    return in_a_sentence(method_words(payment), PaymentMethod(payment.method))


def payment_day(payment: Payment) -> date:
    """The day the money came: a recorded payment's day, a Stripe payment's success (New York)."""
    if payment.received_on is not None:
        return payment.received_on
    return business_today(payment.succeeded_at or payment.created_at)
