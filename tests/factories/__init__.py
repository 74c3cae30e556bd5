"""Shared test data, made through the real services so every rule applies: staff users,
customers, invoices, estimates and payments, their customer links, and what they left; and
the zoo, an office with every kind of record the app can make (zoo/).

One module per kind of record; everything is importable from here (`from tests.factories
import make_invoice`)."""

from tests.factories.customers import make_customer
from tests.factories.estimates import (
    ALL_CERTIFICATES,
    SIGNER_CLIENT,
    accepted_estimate,
    draft_estimate,
    estimate_payload,
    sent_estimate,
)
from tests.factories.invoices import history, invoice_payload, make_invoice, status_of
from tests.factories.jobs import (
    bill,
    bill_deposit,
    bill_final,
    change_order_payload,
    change_order_token,
    job_of,
    make_change_order,
    seen_hash,
    sign_change_order,
    stages_of,
)
from tests.factories.links import (
    estimate_token,
    link_token,
    pay_link_from_before_the_upgrade,
    pay_token,
)
from tests.factories.lookups import mails, tables_holding
from tests.factories.payments import pay, payment_payload, record_payment
from tests.factories.staff import (
    ADMIN_PASSWORD,
    STAFF_PASSWORD,
    as_signed_in,
    sign_in,
    signed_in,
    staff_user,
    turn_on_two_step,
    two_step_code,
)
from tests.factories.zoo import Zoo, make_zoo

__all__ = [
    "bill",
    "bill_deposit",
    "bill_final",
    "change_order_payload",
    "change_order_token",
    "job_of",
    "make_change_order",
    "seen_hash",
    "sign_change_order",
    "stages_of",
    "ADMIN_PASSWORD",
    "ALL_CERTIFICATES",
    "SIGNER_CLIENT",
    "STAFF_PASSWORD",
    "accepted_estimate",
    "as_signed_in",
    "draft_estimate",
    "estimate_payload",
    "estimate_token",
    "history",
    "invoice_payload",
    "link_token",
    "mails",
    "make_customer",
    "make_invoice",
    "pay",
    "pay_link_from_before_the_upgrade",
    "pay_token",
    "payment_payload",
    "record_payment",
    "sent_estimate",
    "sign_in",
    "signed_in",
    "staff_user",
    "status_of",
    "tables_holding",
    "turn_on_two_step",
    "two_step_code",
    "Zoo",
    "make_zoo",
]
