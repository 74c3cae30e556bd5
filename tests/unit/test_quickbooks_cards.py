"""A card payment through the fake Stripe and its refund reach QuickBooks once: the payment
applied to its invoice, its card fee as an expense, the refund as a refund receipt out of the
same account."""

from sqlalchemy import update

from renovation_app.db import db_session
from renovation_app.models import QuickBooksSync, SyncState
from renovation_app.services import payments
from renovation_app.services import quickbooks as qb
from tests.factories import make_invoice, pay, signed_in, turn_on_two_step
from tests.factories.lookups import count_queries
from tests.factories.quickbooks import (
    connect_quickbooks,
    dollars_in_cents,
    map_quickbooks,
    push_all,
    sync_row,
)


def test_a_card_payment_and_its_refund_reach_quickbooks_once(fake, quickbooks, admin):
    codes = turn_on_two_step(admin.id)
    owner = signed_in(admin)
    connect_quickbooks(quickbooks, owner)
    map_quickbooks(quickbooks, owner)
    invoice = make_invoice(admin, "form-card", price="1,250.00")
    pay(fake, invoice)
    fake.drain_webhooks()
    assert push_all() == 4  # the customer, the invoice, the card payment and its fee
    payments.refund(invoice.number, owner, "250", "one cabinet not delivered", codes.pop())
    fake.wait_for_deliveries(1, type_="charge.refunded")
    fake.drain_webhooks()
    assert push_all() == 1
    assert push_all() == 0
    [payment] = quickbooks.of("Payment")
    [theirs] = quickbooks.of("Invoice")
    assert dollars_in_cents(payment["TotalAmt"]) == 1_250_00
    assert payment["Line"][0]["LinkedTxn"][0]["TxnId"] == theirs["Id"]
    assert payment["PaymentRefNum"].startswith("x")  # the card's last four digits
    [receipt] = quickbooks.of("RefundReceipt")
    assert dollars_in_cents(receipt["TotalAmt"]) == 250_00
    assert receipt["DepositToAccountRef"] == payment["DepositToAccountRef"]
    assert receipt["CustomerRef"] == theirs["CustomerRef"]
    [fee] = quickbooks.of("Purchase")  # 2.9% + 30c of $1,250.00, into the card fees account
    assert dollars_in_cents(fee["TotalAmt"]) == 36_55
    assert fee["AccountRef"] == payment["DepositToAccountRef"]
    fees_account = quickbooks.find("Account", "Merchant fees")["Id"]
    assert fee["Line"][0]["AccountBasedExpenseLineDetail"]["AccountRef"]["value"] == fees_account
    assert sync_row("invoice", invoice.id).quickbooks_id == theirs["Id"]
    # Refused later (say, a deleted account in QuickBooks), each is named on the settings page's
    # list by our record, and all of them are read in a handful of queries, not per row.
    with db_session() as session:
        session.execute(update(QuickBooksSync).values(state=SyncState.NEEDS_ATTENTION))
        session.commit()
    with count_queries() as counted:
        refused = {r.kind: (r.name, r.path) for r in qb.needing_attention()}
    on_invoice = f" on invoice {invoice.number}"
    assert refused == {
        "customer": (invoice.customer_name, f"/customers/{invoice.customer_id}"),
        "invoice": (f"Invoice {invoice.number}", f"/invoices/{invoice.number}"),
        "payment": ("Payment $1,250.00" + on_invoice, f"/invoices/{invoice.number}"),
        "fee": ("Card fee of the $1,250.00 payment" + on_invoice, f"/invoices/{invoice.number}"),
        "refund": ("Refund $250.00" + on_invoice, f"/invoices/{invoice.number}"),
    }
    assert len(counted) <= 7
