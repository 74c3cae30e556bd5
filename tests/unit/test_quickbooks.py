"""QuickBooks Online through the fake QuickBooks the real clients talk to: connecting with the
tokens encrypted at rest, a job's invoices and payments pushed once each with totals equal to
ours, revisions and voids of the same invoice, and every fault QuickBooks answers with."""

import threading
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    Invoice,
    Payment,
    QuickBooksConnection,
    QuickBooksSync,
    SyncState,
    utc_now,
)
from renovation_app.services import invoicing, payments
from renovation_app.services import quickbooks as qb
from renovation_app.services.billing import business_today
from renovation_app.services.errors import ActionRefused
from renovation_app.services.quickbooks.mapping import (
    DEFAULT_ITEM,
)
from renovation_app.services.staff.two_step import decrypt
from tests.factories import (
    bill,
    invoice_payload,
    job_of,
    make_change_order,
    make_invoice,
    record_payment,
    sign_change_order,
    signed_in,
    turn_on_two_step,
)
from tests.factories.estimates import contract_25k
from tests.factories.quickbooks import (
    SESSION_KEY,
    connect_quickbooks,
    dollars_in_cents,
    map_quickbooks,
    push_all,
    sync_row,
)
from tests.fakes.quickbooks_server import COMPANY_NAME, REALM_ID


@pytest.fixture
def owner(admin):
    """Bea Boss, an admin with two-step sign-in on (admins change settings only so)."""
    turn_on_two_step(admin.id)
    return signed_in(admin)


@pytest.fixture
def connected(quickbooks, owner):
    connect_quickbooks(quickbooks, owner)
    map_quickbooks(quickbooks, owner)
    return quickbooks


# --- connecting -----------------------------------------------------------------------------


def test_connecting_keeps_the_tokens_encrypted_and_shows_the_company(quickbooks, owner):
    row = connect_quickbooks(quickbooks, owner)
    assert row.realm_id == REALM_ID
    assert row.company_name == COMPANY_NAME
    access = next(iter(quickbooks.access_tokens))
    refresh = next(iter(quickbooks.refresh_tokens))
    with db_session() as session:
        stored = session.get(QuickBooksConnection, row.id)
    assert access not in stored.access_token and refresh not in stored.refresh_token
    assert (decrypt(stored.access_token), decrypt(stored.refresh_token)) == (access, refresh)
    view = qb.connection_view()
    assert view.connected and view.company_name == COMPANY_NAME and view.renew_warning == ""
    assert view.renew_by - utc_now() > timedelta(days=99)


def test_the_admin_is_warned_two_weeks_before_the_connection_must_be_renewed(quickbooks, owner):
    connect_quickbooks(quickbooks, owner)
    assert qb.connection_view(utc_now() + timedelta(days=85)).renew_warning == ""
    warning = qb.connection_view(utc_now() + timedelta(days=87)).renew_warning
    assert "must be connected again by" in warning


def test_a_callback_of_another_session_or_a_forged_state_connects_nothing(quickbooks, owner):
    callback = quickbooks.approve(qb.authorize_url(owner, SESSION_KEY))
    params = {k: v[0] for k, v in parse_qs(urlsplit(callback).query).items()}
    with pytest.raises(ActionRefused, match="not for this sign-in"):
        qb.finish_connect(owner, "b" * 64, params)
    with pytest.raises(ActionRefused, match="not for this sign-in"):
        qb.finish_connect(owner, SESSION_KEY, {**params, "state": "forged.1.abc"})
    assert not qb.connection_view().connected


def test_only_an_admin_with_two_step_sign_in_connects(quickbooks, admin, clerk):
    with pytest.raises(ActionRefused, match="Turn on two-step"):
        qb.authorize_url(signed_in(admin), SESSION_KEY)
    with pytest.raises(ActionRefused, match="Only an admin"):
        qb.authorize_url(signed_in(clerk), SESSION_KEY)


def test_refreshing_stores_intuits_new_refresh_token_encrypted(quickbooks, owner):
    row = connect_quickbooks(quickbooks, owner)
    first_refresh = next(iter(quickbooks.refresh_tokens))
    tokens = qb.current_tokens(now=utc_now() + timedelta(hours=2))
    assert tokens.access_token in quickbooks.access_tokens
    assert first_refresh not in quickbooks.refresh_tokens  # Intuit rotated it
    with db_session() as session:
        stored = session.get(QuickBooksConnection, row.id)
    new_refresh = next(iter(quickbooks.refresh_tokens))
    assert new_refresh not in stored.refresh_token and decrypt(stored.refresh_token) == new_refresh
    assert qb.current_tokens().access_token == tokens.access_token


def test_disconnecting_revokes_at_intuit_and_nothing_is_pushed_after(connected, owner, admin):
    waiting = make_invoice(admin, "form-before")  # queued, not yet pushed
    refresh = next(iter(connected.refresh_tokens))
    assert qb.disconnect(owner)
    assert connected.revoked == [refresh] and not connected.refresh_tokens
    invoice = make_invoice(admin, "form-after")
    record_payment(invoice, admin, amount="100.00")
    assert push_all(later=timedelta(days=1)) == 0
    assert connected.of("Invoice") == [] and connected.of("Customer") == []
    with db_session() as session:
        kinds = {(row.record_kind, row.record_id) for row in session.exec(select(QuickBooksSync))}
    assert ("invoice", waiting.id) in kinds and ("invoice", invoice.id) not in kinds
    assert not qb.connection_view().connected


# --- pushing ----------------------------------------------------------------------------------


def test_a_jobs_deposit_and_progress_invoices_and_two_payments_reach_quickbooks_once(
    connected, admin, contract_settings
):
    job = job_of(contract_25k(admin))
    deposit, progress = bill(job, "deposit", admin), bill(job, "progress", admin)
    record_payment(deposit, admin, amount="7,500.00", reference="1045")
    record_payment(progress, admin, amount="10,000.00", method="zelle", reference="ZL-88")
    assert push_all() == 6  # a customer, its job, two invoices, two payments
    assert push_all(later=timedelta(hours=2)) == 0

    customers = connected.of("Customer")
    parent, sub = [c for c in customers if not c.get("Job")], [c for c in customers if c.get("Job")]
    assert [c["DisplayName"] for c in parent] == ["Maria Lopez"]
    address = parent[0]["BillAddr"]
    assert (address["Line1"], address["City"], address["CountrySubDivisionCode"]) == (
        "12 Atlantic Ave",
        "Brooklyn",
        "NY",
    )
    assert address["PostalCode"] == "11201"
    assert parent[0]["PrimaryEmailAddr"]["Address"] == "maria@example.com"
    assert parent[0]["PrimaryPhone"]["FreeFormNumber"] == "(718) 555-0100"
    assert len(sub) == 1 and sub[0]["ParentRef"]["value"] == parent[0]["Id"]
    assert sub[0]["DisplayName"].startswith(job.number)
    invoices = {i["DocNumber"]: i for i in connected.of("Invoice")}
    assert set(invoices) == {deposit.number, progress.number}
    for ours in (deposit, progress):
        theirs = invoices[ours.number]
        assert dollars_in_cents(theirs["TotalAmt"]) == ours.total_cents
        assert theirs["CustomerRef"]["value"] == sub[0]["Id"]  # income by job
    assert dollars_in_cents(invoices[deposit.number]["TotalAmt"]) == 7_500_00
    assert dollars_in_cents(invoices[progress.number]["TotalAmt"]) == 10_000_00
    payments = connected.of("Payment")
    assert sorted(dollars_in_cents(p["TotalAmt"]) for p in payments) == [7_500_00, 10_000_00]
    linked = {p["Line"][0]["LinkedTxn"][0]["TxnId"] for p in payments}
    assert linked == {invoices[deposit.number]["Id"], invoices[progress.number]["Id"]}
    assert all(dollars_in_cents(i["Balance"]) == 0 for i in invoices.values())
    row = sync_row("invoice", deposit.id)
    assert row.state == SyncState.IN_QUICKBOOKS and row.pushed_version == row.version
    view = qb.sync_state(qb.SyncKind.INVOICE, deposit.id)
    assert view.words == "In QuickBooks" and view.link.endswith(f"txnId={row.quickbooks_id}")


def test_new_york_sales_tax_computed_here_makes_the_same_total_in_quickbooks(connected, admin):
    lines = [
        {"description": "Fix the leaking faucet", "unit_price": "333.33", "tax_category": "repair"},
        {"description": "New cabinets", "quantity": "3", "unit_price": "1,111.11"},
    ]
    invoice = make_invoice(admin, "form-tax", lines=lines)
    assert invoice.tax_cents > 0
    push_all()
    theirs = connected.of("Invoice")[0]
    assert dollars_in_cents(theirs["TotalAmt"]) == invoice.total_cents
    tax_line = [x for x in theirs["Line"] if "sales tax" in x.get("Description", "")]
    assert dollars_in_cents(tax_line[0]["Amount"]) == invoice.tax_cents


def test_a_push_that_quickbooks_took_before_timing_out_makes_one_invoice(connected, admin):
    invoice = make_invoice(admin, "form-hang", price="2,400.00")
    connected.hang_on, connected.commit_then_hang = "invoice", 1
    assert qb.push_due() == 1  # the customer; the invoice went in, its answer never came
    row = sync_row("invoice", invoice.id)
    assert row.state == SyncState.WAITING and row.uncertain and row.quickbooks_id == ""
    assert len(connected.of("Invoice")) == 1
    # Revised meanwhile: the next push is a new version with a new requestid, which alone
    # would make a second invoice. QuickBooks is asked first, and the one invoice is updated.
    changed = invoice_payload(price="2,600.00", phone="718-555-0142")
    invoicing.revise_invoice(invoice.number, changed, "Price agreed", signed_in(admin))
    assert push_all(later=timedelta(minutes=5)) == 1
    [theirs] = connected.of("Invoice")
    assert dollars_in_cents(theirs["TotalAmt"]) == 2_600_00
    row = sync_row("invoice", invoice.id)
    assert (row.state, row.quickbooks_id, row.uncertain) == (
        SyncState.IN_QUICKBOOKS,
        theirs["Id"],
        False,
    )


def test_a_worker_that_died_after_pushing_leaves_one_invoice_once_its_lease_ends(connected, admin):
    invoice = make_invoice(admin, "form-died", price="900.00")
    connected.hang_on, connected.commit_then_hang = "invoice", 1
    qb.push_due()  # the customer goes; the invoice reaches QuickBooks without our knowing
    with db_session() as session:  # as if the worker had died holding the lease
        row = session.get(QuickBooksSync, sync_row("invoice", invoice.id).id)
        row.state, row.claimed_by, row.uncertain = SyncState.PUSHING, "dead-worker", False
        row.claimed_until = utc_now() + timedelta(seconds=60)
        session.add(row)
        session.commit()
    assert push_all() == 0  # the lease still holds: nobody else takes it
    assert push_all(later=timedelta(seconds=61)) == 1
    assert len(connected.of("Invoice")) == 1
    assert sync_row("invoice", invoice.id).quickbooks_id == connected.of("Invoice")[0]["Id"]


def test_a_revision_updates_the_same_invoice_even_after_the_bookkeeper_touched_it(connected, admin):
    invoice = make_invoice(admin, "form-rev", price="1,000.00")
    push_all()
    [theirs] = connected.of("Invoice")
    connected.touch("Invoice", theirs["Id"])  # our SyncToken is now stale (5010)
    changed = invoice_payload(price="1,250.00", phone="718-555-0142")
    invoicing.revise_invoice(invoice.number, changed, "More tile", signed_in(admin))
    assert push_all() == 1
    [theirs] = connected.of("Invoice")
    assert dollars_in_cents(theirs["TotalAmt"]) == 1_250_00 and theirs["SyncToken"] == "2"
    assert sync_row("invoice", invoice.id).sync_token == "2"


def test_a_void_voids_the_quickbooks_invoice_and_deletes_nothing(connected, admin):
    invoice = make_invoice(admin, "form-void", price="640.00")
    push_all()
    invoicing.void_invoice(invoice.number, signed_in(admin), "Entered twice")
    assert push_all() == 1
    [theirs] = connected.of("Invoice")
    assert theirs["PrivateNote"].startswith("Voided") and dollars_in_cents(theirs["TotalAmt"]) == 0
    assert push_all(later=timedelta(hours=1)) == 0  # voided once


def test_throttling_backs_off_without_counting_against_the_record(connected, admin):
    invoice = make_invoice(admin, "form-429", price="300.00")
    connected.throttle_next = 1
    assert qb.push_due() == 0
    row = sync_row("customer", invoice.customer_id)
    assert row.state == SyncState.WAITING and row.attempts == 0 and "429" in row.last_error
    assert row.next_try_at > utc_now() + timedelta(seconds=50)
    assert qb.push_due() == 0  # not yet: backing off
    assert push_all(later=timedelta(minutes=2)) == 2
    assert len(connected.of("Invoice")) == 1


def test_an_expired_access_token_is_refreshed_and_the_push_made_once(connected, admin):
    invoice = make_invoice(admin, "form-401", price="410.00")
    old_refresh = next(iter(connected.refresh_tokens))
    connected.expire_access_tokens()
    assert push_all() == 2
    assert len(connected.of("Invoice")) == 1 and len(connected.of("Customer")) == 1
    assert old_refresh not in connected.refresh_tokens  # refreshed, and the new one kept
    assert sync_row("invoice", invoice.id).state == SyncState.IN_QUICKBOOKS


def test_a_customer_whose_name_quickbooks_already_has_gets_a_suffix(connected, admin):
    with connected._lock:  # the bookkeeper typed a customer of that name in QuickBooks
        connected._store("Customer", {"DisplayName": "Pat Payer", "Active": True})
    invoice = make_invoice(admin, "form-dup", price="120.00")
    assert push_all() == 2
    names = sorted(c["DisplayName"] for c in connected.of("Customer"))
    assert names == ["Pat Payer", "Pat Payer (1)"]
    [theirs] = connected.of("Invoice")
    assert theirs["CustomerRef"]["value"] == sync_row("customer", invoice.customer_id).quickbooks_id


def test_a_refusal_needs_attention_in_quickbooks_words_and_is_retried_once_fixed(
    connected, admin, owner
):
    qb.set_mapping(owner, DEFAULT_ITEM, "999999", "An item deleted in QuickBooks")
    invoice = make_invoice(admin, "form-refused", price="99.00")
    assert push_all() == 1  # the customer
    [attention] = qb.needing_attention()
    assert (attention.kind, attention.record_id) == ("invoice", invoice.id)
    assert (attention.name, attention.path) == (
        f"Invoice {invoice.number}",
        f"/invoices/{invoice.number}",
    )
    assert "Invalid Reference Id : Item 999999" in attention.problem
    assert attention.words == "Needs attention" and attention.link == ""
    assert push_all(later=timedelta(days=1)) == 0  # it waits for someone
    qb.set_mapping(owner, DEFAULT_ITEM, connected.find("Item", "Services")["Id"])
    assert qb.retry(owner, attention.sync_id)
    assert push_all() == 1 and qb.needing_attention() == []
    assert len(connected.of("Invoice")) == 1


def test_three_workers_draining_one_queue_push_each_record_once(connected, admin):
    invoices = [make_invoice(admin, f"form-w{i}", price=f"{100 + i}.00") for i in range(7)]
    for invoice in invoices[:3]:
        record_payment(invoice, admin, amount="50.00")
    pushed: list[int] = []

    def worker(name: str) -> None:
        while True:
            done = qb.push_due(batch=3, worker=name)
            pushed.append(done)
            if not done and not due_rows():
                return

    threads = [
        threading.Thread(target=worker, args=(f"worker-{i}",), daemon=True) for i in range(3)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sum(pushed) == 1 + 7 + 3
    assert len(connected.of("Customer")) == 1
    assert sorted(i["DocNumber"] for i in connected.of("Invoice")) == sorted(
        i.number for i in invoices
    )
    assert len(connected.of("Payment")) == 3
    creates = [r for r in connected.requests if r["method"] == "POST" and "/invoice?" in r["path"]]
    assert len(creates) == 7  # not one request twice
    with db_session() as session:
        states = {row.state for row in session.exec(select(QuickBooksSync))}
    assert states == {SyncState.IN_QUICKBOOKS}


def due_rows() -> list[int]:
    with db_session() as session:
        return list(
            session.exec(
                select(QuickBooksSync.id).where(
                    QuickBooksSync.state.in_([SyncState.WAITING, SyncState.PUSHING])
                )
            )
        )


@pytest.mark.parametrize("entity", ["customer", "invoice", "payment"])
def test_whichever_push_times_out_after_quickbooks_took_it_each_record_is_there_once(
    connected, admin, entity
):
    invoice = make_invoice(admin, f"form-hang-{entity}", price="700.00")
    record_payment(invoice, admin, amount="700.00")
    connected.hang_on, connected.commit_then_hang = entity, 1
    push_all()
    assert connected.commit_then_hang == 0  # it hung once, after QuickBooks took it
    push_all(later=timedelta(minutes=10))
    assert len(connected.of("Customer")) == 1
    assert len(connected.of("Invoice")) == 1
    assert len(connected.of("Payment")) == 1
    with db_session() as session:
        rows = session.exec(select(QuickBooksSync)).all()
    assert {row.state for row in rows} == {SyncState.IN_QUICKBOOKS}
    assert not any(row.uncertain for row in rows)


def test_a_recorded_payment_taken_back_is_voided_in_quickbooks_not_deleted(connected, admin, owner):
    invoice = make_invoice(admin, "form-bounce", price="800.00")
    record_payment(invoice, admin, amount="800.00")
    push_all()
    with db_session() as session:
        payment_id = session.exec(select(Payment.id).where(Payment.invoice_id == invoice.id)).one()
    payments.void_recorded_payment(invoice.number, payment_id, "The check bounced", owner)
    assert push_all() >= 1
    [theirs] = connected.of("Payment")
    assert theirs["PrivateNote"].startswith("Voided") and dollars_in_cents(theirs["TotalAmt"]) == 0
    assert dollars_in_cents(connected.of("Invoice")[0]["Balance"]) == 800_00


def test_the_settings_page_offers_the_companys_items_and_accounts(connected, owner):
    assert [o.name for o in qb.offered("Item")] == ["Sales tax", "Services"]
    accounts = [o.name for o in qb.offered("Account")]
    assert accounts == ["Checking", "Merchant fees", "Undeposited Funds"]
    assert qb.mappings()[DEFAULT_ITEM] == "Services"
    with pytest.raises(ActionRefused, match="nothing called"):
        qb.set_mapping(owner, "item:made-up", "1")


def test_connecting_another_company_pushes_what_we_hold_to_it_afresh(connected, owner, admin):
    invoice = make_invoice(admin, "form-other", price="300.00")
    push_all()
    with db_session() as session:  # the company connected before was another one
        for row in session.exec(select(QuickBooksConnection)):
            row.realm_id = "1234"
            session.add(row)
        session.commit()
    connect_quickbooks(connected, owner)
    row = sync_row("invoice", invoice.id)
    assert (row.state, row.quickbooks_id, row.pushed_version) == (SyncState.WAITING, "", 0)
    assert push_all() == 2  # its customer and the invoice, to the new company


def test_the_worker_is_woken_when_the_change_is_committed(connected, admin, monkeypatch):
    woken = []
    monkeypatch.setattr(
        "renovation_app.services.quickbooks.queueing.wake_quickbooks_worker",
        lambda: woken.append(True),
    )
    make_invoice(admin, "form-wake", price="10.00")
    assert woken == [True]


def test_a_customer_pushed_with_a_suffix_keeps_updating_after_the_name_is_taken(connected, admin):
    with connected._lock:  # the bookkeeper typed a customer of that name in QuickBooks
        connected._store("Customer", {"DisplayName": "Pat Payer", "Active": True})
    make_invoice(admin, "form-dup-1", price="120.00", phone="")
    push_all()
    make_invoice(admin, "form-dup-2", price="130.00", phone="718-555-0199")  # now a phone
    push_all()
    [ours] = [c for c in connected.of("Customer") if c.get("Notes", "").startswith("renovation")]
    assert ours["DisplayName"].startswith("Pat Payer (") and ours["SyncToken"] != "0"
    assert ours["PrimaryPhone"]["FreeFormNumber"] == "(718) 555-0199"
    assert len(connected.of("Customer")) == 2 and len(connected.of("Invoice")) == 2
    assert qb.needing_attention() == []


def test_an_invoices_payment_stages_are_in_its_quickbooks_memo(connected, admin):
    today = business_today()
    schedule = [
        {"label": "Deposit", "amount": "30%", "due_date": str(today)},
        {"label": "On completion", "amount": "70%", "due_date": str(today + timedelta(days=30))},
    ]
    make_invoice(admin, "form-stages", price="10,000.00", schedule=schedule)
    push_all()
    [theirs] = connected.of("Invoice")
    memo = theirs["CustomerMemo"]["value"]
    assert "Payment schedule: Deposit $3,000.00 due" in memo and "On completion $7,000.00" in memo
    assert dollars_in_cents(theirs["TotalAmt"]) == 10_000_00


@pytest.mark.parametrize("state", ["x.²³.y", "x.١٢.y", "", "...", "a.99999999999999999999999.b"])
def test_a_state_of_digits_that_are_no_number_is_refused_in_words(quickbooks, owner, state):
    with pytest.raises(ActionRefused, match="not for this sign-in"):
        qb.finish_connect(owner, SESSION_KEY, {"state": state, "code": "c", "realmId": "1"})


def test_a_connection_intuit_no_longer_refreshes_says_connect_again_and_pushes_nothing(
    connected, admin
):
    invoice = make_invoice(admin, "form-revoked", price="75.00")
    connected.refresh_tokens.clear()  # the app was removed from the company in QuickBooks
    connected.expire_access_tokens()
    assert push_all() == 0
    assert "must connect QuickBooks again" in qb.connection_view().problem
    row = sync_row("customer", invoice.customer_id)
    assert row.state == SyncState.WAITING and "connect QuickBooks again" in row.last_error
    assert row.next_try_at > utc_now() + timedelta(minutes=50)
    assert connected.of("Customer") == [] and qb.needing_attention() == []


def test_a_change_orders_credit_reaches_quickbooks_as_the_same_invoices_credit_line(
    connected, admin, contract_settings
):
    job = job_of(contract_25k(admin))
    invoices = [bill(job, kind, admin) for kind in ("deposit", "progress", "final")]
    push_all()
    credit = [{"description": "Tub refinished, not replaced", "unit_price": "900", "credit": True}]
    sign_change_order(make_change_order(job, admin, lines=credit, payment="next"))
    assert push_all() == 1  # the final invoice, revised
    with db_session() as session:
        ours = {i.number: session.get(Invoice, i.id) for i in invoices}
    theirs = {i["DocNumber"]: i for i in connected.of("Invoice")}
    assert set(theirs) == set(ours)
    for number, invoice in ours.items():
        assert dollars_in_cents(theirs[number]["TotalAmt"]) == invoice.total_cents
    final = theirs[invoices[2].number]
    [credit_line] = [x for x in final["Line"] if "Tub" in x.get("Description", "")]
    assert dollars_in_cents(credit_line["Amount"]) == -900_00 and final["SyncToken"] == "1"


def test_an_invoices_page_says_where_it_stands_in_quickbooks(quickbooks, owner, admin):
    before = make_invoice(admin, "form-before")
    assert qb.record_words(qb.SyncKind.INVOICE, before.id) == {}  # never connected: nothing
    connect_quickbooks(quickbooks, owner)
    map_quickbooks(quickbooks, owner)
    assert qb.record_words(qb.SyncKind.INVOICE, before.id)["words"].startswith(
        "Not in QuickBooks yet"
    )
    made = make_invoice(admin, "form-after")
    assert qb.record_words(qb.SyncKind.INVOICE, made.id)["words"] == "Waiting to go to QuickBooks"
    qb.push_due()
    shown = qb.record_words(qb.SyncKind.INVOICE, made.id)
    assert shown["words"] == "In QuickBooks" and shown["link"].startswith("https://app.sandbox.qbo")
    qb.disconnect(owner)
    later = make_invoice(admin, "form-later")
    assert qb.record_words(qb.SyncKind.INVOICE, later.id) == {
        "words": "Not in QuickBooks: QuickBooks is disconnected"
    }


def test_the_dashboard_warns_before_the_connection_must_be_renewed_and_of_refusals(
    connected, owner
):
    from renovation_app.services.dashboard.attention import QUICKBOOKS, attention_rows

    def books(now=None) -> list[str]:
        with db_session() as session:
            rows = attention_rows(session, business_today(), now)
        return [row.words for row in rows if row.customer == QUICKBOOKS]

    assert books() == []
    assert "connected again by" in books(utc_now() + timedelta(days=87))[0]
    with db_session() as session:
        row = QuickBooksSync(record_kind="invoice", record_id=1, state=SyncState.NEEDS_ATTENTION)
        session.add(row)
        session.commit()
    assert books() == ["1 record refused by QuickBooks: see why, and retry."]
