"""Customers: one record per person, found by e-mail or phone from invoices and enquiries,
merged by staff, searched, and shown with everything about them in time order."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Customer, CustomerContact, Enquiry, Invoice
from renovation_app.services import customers, invoicing
from renovation_app.services.enquiries import submit_enquiry, validate_enquiry
from renovation_app.services.errors import ActionRefused
from tests.factories import invoice_payload, make_customer, signed_in


def invoice_for(admin, token: str, email: str, phone: str = "", address: str = "") -> Invoice:
    raw = invoice_payload(email=email, phone=phone, address=address)  # Pat Payer, $100
    return invoicing.create_invoice(invoicing.validate_invoice(raw), admin.id, token)


def enquiry_from(email: str, phone: str = "", name: str = "Maria Lopez") -> Enquiry:
    form = validate_enquiry(
        {
            "name": name,
            "email": email,
            "phone": phone,
            "service": "kitchen-remodeling",
            "message": "A new kitchen, please.",
        }
    )
    return submit_enquiry(form, "203.0.113.9")


def customer_ids() -> list[int]:
    with db_session() as session:
        return [c.id for c in session.exec(select(Customer)).all()]


def test_invoices_to_one_email_or_phone_share_one_customer(admin):
    first = invoice_for(admin, "t1", "pat@example.com", address="12 Atlantic Ave, Brooklyn 11201")
    second = invoice_for(admin, "t2", "PAT@Example.com")
    third = invoice_for(admin, "t3", "other@example.com", phone="(718) 555-0142")
    fourth = invoice_for(admin, "t4", "third@example.com", phone="718 555 0142")
    assert first.customer_id == second.customer_id
    assert third.customer_id == fourth.customer_id != first.customer_id
    view = customers.customer_view(first.customer_id)
    assert view.emails == ["pat@example.com"]
    assert view.addresses == ["12 Atlantic Ave, Brooklyn 11201 (Brooklyn)"]


def test_an_enquiry_makes_one_customer_however_often_it_is_clicked(clean_db):
    enquiry = enquiry_from("maria@example.com", "718-555-0100")
    with ThreadPoolExecutor(max_workers=4) as pool:
        ids = set(pool.map(lambda _: customers.customer_for_enquiry(enquiry.id), range(4)))
    assert len(ids) == 1 and customer_ids() == list(ids)
    with db_session() as session:
        assert session.get(Enquiry, enquiry.id).customer_id == ids.pop()


def test_a_known_persons_enquiry_is_linked_to_them_when_it_arrives(admin):
    invoice = invoice_for(admin, "t1", "maria@example.com")
    enquiry = enquiry_from("Maria@example.com")
    assert enquiry.customer_id == invoice.customer_id
    spam = submit_enquiry(
        validate_enquiry(
            {
                "name": "Bot",
                "email": "maria@example.com",
                "service": "kitchen-remodeling",
                "message": "buy now",
            }
        ),
        "203.0.113.10",
        honeypot="filled",
    )
    assert spam.customer_id is None and spam.status == "spam"


def test_merging_moves_everything_and_old_links_find_the_kept_customer(admin):
    kept = invoice_for(admin, "t1", "pat@example.com").customer_id
    other_invoice = invoice_for(admin, "t2", "pat.work@example.com", phone="(718) 555-0199")
    other = other_invoice.customer_id
    enquiry = enquiry_from("pat.work@example.com")
    customers.merge_customers(kept, other, signed_in(admin))
    view = customers.customer_view(other)  # an old link
    assert view.id == kept
    assert set(view.emails) == {"pat@example.com", "pat.work@example.com"}
    assert view.phones == ["(718) 555-0199"]
    kinds = [e.kind for e in view.timeline]
    assert kinds.count("invoice") == 2 and kinds.count("enquiry") == 1
    with db_session() as session:
        assert session.get(Enquiry, enquiry.id).customer_id == kept
    with pytest.raises(ActionRefused):
        customers.merge_customers(kept, kept, signed_in(admin))
    with pytest.raises(ActionRefused):
        customers.merge_customers(kept, other, signed_in(admin))  # already merged
    assert invoice_for(admin, "t3", "pat.work@example.com").customer_id == kept


def test_the_list_searches_names_contacts_and_addresses(admin):
    invoice_for(admin, "t1", "zoe@example.com", phone="(718) 555-0142", address="9 Court St")
    invoice_for(admin, "t2", "sam@example.com")
    for query in ("pat", "zoe@", "555-0142", "7185550142", "court st"):
        found = customers.list_customers(query)
        assert [r.emails for r in found.rows] == ["zoe@example.com"] or query == "pat"
    assert customers.list_customers("pat").total_count == 2
    assert customers.list_customers("nobody").rows == []
    assert [r.emails for r in customers.suggest_customers("sam@")] == ["sam@example.com"]
    assert customers.suggest_customers("sa") == []  # fewer than 3 characters


def test_the_list_pages_through_many_customers(admin):
    for n in range(30):
        make_customer(f"Customer {n:02d}", email=f"customer{n:02d}@example.com")
    first, second = customers.list_customers("", 1), customers.list_customers("", 2)
    assert first.page_count == 2 and len(first.rows) == 25 and len(second.rows) == 5
    assert customers.list_customers("", 99).page == 2


def test_the_timeline_is_newest_first_with_links(admin):
    enquiry_from("pat@example.com")
    invoice = invoice_for(admin, "t1", "pat@example.com")
    view = customers.customer_view(invoice.customer_id)
    kinds = [e.kind for e in view.timeline]
    assert kinds[0] in ("invoice", "email") and "enquiry" in kinds
    assert [e.when for e in view.timeline] == sorted((e.when for e in view.timeline), reverse=True)
    [entry] = [e for e in view.timeline if e.kind == "invoice"]
    assert entry.link == f"/invoices/{invoice.number}"
    assert any(e.kind == "email" and "Invoice" in e.text for e in view.timeline)


def test_an_enquirys_status_is_one_of_the_list(clean_db):
    enquiry = enquiry_from("pat@example.com")
    customers.set_enquiry_status(enquiry.id, "won")
    with pytest.raises(ActionRefused):
        customers.set_enquiry_status(enquiry.id, "paid")
    with db_session() as session:
        assert session.get(Enquiry, enquiry.id).status == "won"


def test_one_contact_belongs_to_one_customer(clean_db):
    with db_session() as session:
        a, b = Customer(name="A"), Customer(name="B")
        session.add_all([a, b])
        session.flush()
        session.add(CustomerContact(customer_id=a.id, kind="email", value="x@example.com"))
        session.add(CustomerContact(customer_id=b.id, kind="email", value="x@example.com"))
        with pytest.raises(Exception, match="(?i)unique"):
            session.commit()


def test_each_staff_change_leaves_exactly_one_audit_row(admin):
    from renovation_app.models import AuditEvent
    from renovation_app.services import reminders

    user = signed_in(admin)
    enquiry = enquiry_from("pat@example.com")
    customers.set_enquiry_status(enquiry.id, "won", admin.id)
    first = invoice_for(admin, "a1", "pat@example.com")
    second = invoice_for(admin, "a2", "pat2@example.com")
    customers.merge_customers(first.customer_id, second.customer_id, user)
    reminders.set_customer_reminders(first.customer_id, True, admin.id)
    invoicing.void_invoice(second.number, user, "entered twice")
    draft = invoicing.save_draft({"name": "Dana"}, user, "draft-a")
    invoicing.delete_draft(draft, user)
    with db_session() as session:
        rows = session.exec(
            select(AuditEvent).where(AuditEvent.actor != "command line").order_by(AuditEvent.id)
        ).all()
    assert [(r.action, r.record_kind) for r in rows] == [
        ("enquiry.status", "enquiry"),
        ("invoice.created", "invoice"),
        ("invoice.emailed", "invoice"),
        ("invoice.created", "invoice"),
        ("invoice.emailed", "invoice"),
        ("customer.merged", "customer"),
        ("customer.reminders_paused", "customer"),
        ("invoice.voided", "invoice"),
        ("draft.saved", "draft"),
        ("draft.deleted", "draft"),
    ]
    assert all(r.user_id == admin.id for r in rows)
    assert rows[0].before == '{"status": "new"}' and rows[0].after == '{"status": "won"}'
    assert rows[7].record_id == second.number
