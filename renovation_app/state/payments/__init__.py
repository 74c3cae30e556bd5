"""The 'Enter Payment Details' dialog, shared by staff and customer pages."""

from renovation_app.state.payments.dialog import (
    PAYMENT_SUCCESSFUL,
    CardPaymentMixin,
    path_part,
    payment_money,
)

__all__ = ["PAYMENT_SUCCESSFUL", "CardPaymentMixin", "path_part", "payment_money"]
