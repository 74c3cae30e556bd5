"""How a customer may pay, in the words the pages and the books use."""

from renovation_app.models.payments import PaymentMethod

METHOD_LABELS = {
    PaymentMethod.CARD: "Card",
    PaymentMethod.BANK_DEBIT: "Bank debit",
    PaymentMethod.CHECK: "Check",
    PaymentMethod.ZELLE: "Zelle",
    PaymentMethod.BANK_TRANSFER: "Bank transfer",
    PaymentMethod.CASH: "Cash",
}
