"""The customer's project page: each contact's own link opens only their job, shows only what
the office shared (never costs, unshared photos or notes, or a photo's original with its
location), a waiting change order and an invoice to pay; a revoked link, another kind of link
or one 90 days after the job closed opens nothing."""

import asyncio
from datetime import timedelta

import pytest

from renovation_app.db import db_session
from renovation_app.models import ChangeOrderStatus, CustomerContact, Estimate, Job, utc_now
from renovation_app.services import change_orders, estimates, invoicing, photos, project
from renovation_app.services.errors import ActionRefused
from renovation_app.services.signatures import LinkSigning
from tests.factories import (
    bill,
    change_order_token,
    estimate_token,
    job_of,
    mails,
    make_change_order,
    pay_token,
    seen_hash,
    sign_change_order,
)
from tests.factories.costs import audit_rows, contract_28k, insured_sub, pay_bill, sub_bill_of
from tests.factories.estimates import SIGNER_CLIENT
from tests.unit.test_job_photos import phone_jpeg

pytestmark = pytest.mark.usefixtures("photo_storage")


def token_of(url: str) -> str:
    return url.rsplit("/", 1)[1]


def add_photo(job, user, key: str, shared: bool, note_id=None) -> int:
    saved = asyncio.run(
        photos.receive_photo(job.number, user, key, "during", "", note_id, phone_jpeg(800, 600))
    )
    if shared:
        photos.set_shared(job.number, "photo", saved.id, True, user)
    return saved.id


def test_each_contact_has_their_own_link_and_revoking_one_leaves_the_other(job, user):
    with db_session() as session:
        row = session.get(Job, job.id)
        session.add(
            CustomerContact(customer_id=row.customer_id, kind="email", value="partner@example.com")
        )
        session.commit()
    emails = [r.email for r in photos.job_photos(job.number).viewers]
    assert emails == [job.customer_email, "partner@example.com"]

    mine = token_of(project.make_link(job.number, job.customer_email, user))
    theirs = token_of(project.make_link(job.number, "partner@example.com", user, send=True))
    assert mine != theirs and len(mine) == 43
    assert project.make_link(job.number, job.customer_email, user).endswith(mine)  # the same link
    [sent] = mails("project_link")
    assert sent.to == "partner@example.com"
    assert theirs in sent.text

    project.revoke_link(job.number, job.customer_email, user)
    assert project.project_page(mine) is None and project.project_page(theirs) is not None
    fresh = token_of(project.make_link(job.number, job.customer_email, user))
    assert fresh != mine and project.project_page(fresh) is not None
    assert len(audit_rows("project_link.revoked")) == 1
    with pytest.raises(ActionRefused, match="not an e-mail of this job"):
        project.make_link(job.number, "stranger@example.com", user)


def test_the_page_shows_only_what_was_shared(job, user):
    note = photos.save_note(job.number, user, "note-key-0100", "Subfloor replaced under the tub")
    photos.save_note(job.number, user, "note-key-0101", "Internal: the sub was late")
    photos.set_shared(job.number, "note", note.id, True, user)
    shown_ids = [add_photo(job, user, f"shared-{n:04}", True, note.id) for n in range(2)]
    hidden = add_photo(job, user, "hidden-0001", False)
    make_change_order(job, user, "co-form-1")

    token = token_of(project.make_link(job.number, job.customer_email, user))
    page = project.project_page(token)
    assert [n.text for n in page.notes] == ["Subfloor replaced under the tub"]
    sources = [p.src for n in page.notes for p in n.photos] + [p.src for p in page.photos]
    assert sorted(int(s.split("/")[4]) for s in sources) == sorted(shown_ids)
    assert [d.action for d in page.to_sign] == ["Review and sign"]
    assert "Internal" not in repr(page) and str(hidden) not in [s.split("/")[4] for s in sources]

    assert project.shared_photo(token, shown_ids[0], "800") is not None
    assert project.shared_photo(token, hidden, "800") is None
    assert project.shared_photo(token, shown_ids[0], "original") is None  # keeps the location


def test_a_link_never_opens_another_jobs_photo(admin, job, user, contract_settings):
    other = job_of(contract_28k(admin, token="second-contract"))
    theirs = add_photo(other, user, "other-job-0001", True)
    token = token_of(project.make_link(job.number, job.customer_email, user))
    assert project.shared_photo(token, theirs, "800") is None
    assert project.shared_photo("a" * 43, theirs, "800") is None


def test_a_link_stops_90_days_after_the_job_closed(job, user):
    token = token_of(project.make_link(job.number, job.customer_email, user))
    closed = utc_now()
    with db_session() as session:
        row = session.get(Job, job.id)
        row.closed_at = closed
        session.add(row)
        session.commit()
    assert project.project_page(token, now=closed + timedelta(days=89)) is not None
    assert project.project_page(token, now=closed + timedelta(days=90)) is None


def _add_partner(job) -> str:
    with db_session() as session:
        row = session.get(Job, job.id)
        session.add(
            CustomerContact(customer_id=row.customer_id, kind="email", value="partner@example.com")
        )
        session.commit()
    return "partner@example.com"


def test_a_revoked_person_can_use_nothing_their_page_gave_them_and_the_owner_still_can(job, user):
    partner = _add_partner(job)
    order = make_change_order(job, user, "co-form-revoke")
    invoice = bill(job, "deposit", user)
    pay_bill(job, sub_bill_of(job, insured_sub(by=user), by=user).id, by=user)  # a lien waiver
    page = project.project_page(token_of(project.make_link(job.number, partner, user)))
    change_order = token_of(page.to_sign[0].action_href)
    pay = token_of(page.invoices[0].action_href)
    contract = page.documents[0].href.rsplit("/", 2)[1]
    assert "lien-waiver" not in repr(page)  # a waiver is the subcontractor's, never on the page
    # The person's own links, not the owner's e-mailed ones; they work while the person may.
    with db_session() as session:
        estimate = session.get(Estimate, job.estimate_id)
    owner = {change_order_token(order), pay_token(invoice), estimate_token(estimate)}
    assert owner.isdisjoint({change_order, pay, contract})
    assert change_orders.read_link(change_order) is not None
    assert invoicing.invoice_for_pay_token(pay) is not None and estimates.read_link(contract)

    project.revoke_link(job.number, partner, user)
    with pytest.raises(ActionRefused):
        change_orders.sign(
            change_order, LinkSigning("Not The Owner", True, "", SIGNER_CLIENT, "x" * 64)
        )
    with pytest.raises(ActionRefused):
        change_orders.decline(change_order, "no")
    with pytest.raises(ActionRefused):
        estimates.cancel_contract(contract)
    with pytest.raises(ActionRefused, match="call us"):
        invoicing.payable_invoice_id(pay)
    assert change_orders.read_link(change_order) is None
    assert change_orders.change_order_pdf(change_order) is None
    assert invoicing.pay_page(pay)[0] == "unknown" and invoicing.invoice_for_pay_token(pay) is None
    assert estimates.read_link(contract) is None
    assert estimates.customer_estimate_pdf(contract) is None

    # The owner's e-mailed links keep working.
    assert seen_hash(change_order_token(order))
    assert sign_change_order(order).status == ChangeOrderStatus.SIGNED
    assert invoicing.payable_invoice_id(pay_token(invoice)) == invoice.id
    assert estimates.read_link(estimate_token(estimate)) is not None
