"""Every customer link has an end that fits it (services/links/lifetimes): a change order's 30
days after its answer or its sign-by day, a lien waiver's 30 days after it is signed, a visit's
3 days after the visit, a project page's 90 days after the job closed or was cancelled. Past it
the link's page says it has ended and whom to call, and nothing is shown or done through it."""

from datetime import UTC, datetime, time, timedelta

import pytest
from sqlmodel import select

from renovation_app.api.first_paint_pages import project_first_paint
from renovation_app.db import db_session
from renovation_app.models import (
    Appointment,
    ChangeOrder,
    CustomerLinkKind,
    Job,
    JobStatus,
    Signature,
)
from renovation_app.services import change_orders, estimates, jobs, lien_waivers, project
from renovation_app.services.errors import ActionRefused
from renovation_app.services.links import lifetimes
from renovation_app.services.schedule import booking, visits, windows
from renovation_app.services.signatures import LinkSigning
from renovation_app.settings import settings
from tests.factories import (
    SIGNER_CLIENT,
    change_order_token,
    link_token,
    make_change_order,
    sign_change_order,
)
from tests.factories.costs import days_ago, insured_sub, pay_bill, sub_bill_of, waiver_of
from tests.unit.test_schedule import NOW, booking_form

MINUTE = timedelta(minutes=1)


def test_an_unanswered_change_order_link_ends_30_days_after_its_sign_by_day(job, user):
    order = make_change_order(job, user, "co-form-ends-1")
    token = change_order_token(order)
    day_after = datetime.combine(order.valid_until + timedelta(days=1), time(), UTC)
    # The end of the sign-by day in New York is 4 or 5 hours after midnight UTC.
    end = day_after + lifetimes.CHANGE_ORDER_AFTER_ANSWER + timedelta(hours=6)
    assert change_orders.read_link(token, end - timedelta(hours=12)).state == "expired"
    ended = change_orders.read_link(token, end)
    assert ended.state == "ended" and ended.change_order == {}
    with pytest.raises(ActionRefused):
        change_orders.decline(token, "too late", now=end)


def test_a_signed_change_order_link_ends_30_days_after_the_signature(job, user):
    order = sign_change_order(make_change_order(job, user, "co-form-ends-2"))
    token = change_order_token(order)
    end = order.answered_at + lifetimes.CHANGE_ORDER_AFTER_ANSWER
    assert change_orders.read_link(token, end - MINUTE).state == "signed"
    assert change_orders.read_link(token, end).state == "ended"


@pytest.fixture
def files_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(settings, "files_dir", str(tmp_path / "files"))


def test_a_lien_waiver_link_ends_30_days_after_it_is_signed(job, admin, files_dir):
    sub = insured_sub(by=admin, email="office@gowanusplumbing.com")
    cost = sub_bill_of(job, sub, "5,600", "400", days_ago(10), by=admin)
    waiver = waiver_of(pay_bill(job, cost.id, by=admin, paid_on=days_ago(5)))
    token = link_token(CustomerLinkKind.LIEN_WAIVER, waiver.id)
    a_year_on = datetime.now(UTC) + timedelta(days=365)
    assert not lien_waivers.read_waiver_link(token, a_year_on).ended  # unsigned: still wanted
    shown = lien_waivers.read_waiver_link(token).waiver["document_sha256_shown"]
    lien_waivers.sign_waiver(
        token, LinkSigning("Luis Ortiz", True, client_hash=SIGNER_CLIENT, seen_sha256=shown)
    )
    with db_session() as session:
        signed_at = session.exec(
            select(Signature.signed_at).where(Signature.kind == "lien_waiver")
        ).one()
    signed_at = signed_at.replace(tzinfo=UTC)
    end = signed_at + lifetimes.LIEN_WAIVER_AFTER_SIGNED
    assert lien_waivers.read_waiver_link(token, end - MINUTE).signed
    ended = lien_waivers.read_waiver_link(token, end)
    assert ended.ended and ended.waiver == {}


def test_a_visit_link_ends_three_days_after_the_visit(clean_db, monkeypatch):
    monkeypatch.setattr(settings, "booking_days", "0,1,2,3,4")
    monkeypatch.setattr(settings, "booking_hours", "8-18")
    with db_session() as session:
        first = windows.free_windows(session, NOW)[0]
    visit = booking.book_visit(booking_form(first.key), "203.0.113.9", now=NOW)
    token = link_token(CustomerLinkKind.VISIT, visit.id)
    with db_session() as session:
        ends_at = session.get(Appointment, visit.id).ends_at.replace(tzinfo=UTC)
    end = ends_at + lifetimes.VISIT_AFTER_IT
    assert visits.read_visit(token, end - MINUTE).status == "past"
    assert visits.read_visit(token, end) == visits.VisitPage("ended", "", "", [])
    with pytest.raises(ActionRefused):
        visits.cancel_visit(token, end)


def test_a_cancelled_jobs_project_link_ends_90_days_after_cancelling(job, user):
    token = project.make_link(job.number, job.customer_email, user).rsplit("/", 1)[1]
    contract = project.project_page(token).documents[0].href.rsplit("/", 2)[1]
    jobs.set_job_status(job.number, "cancelled", user)
    with db_session() as session:
        cancelled = session.get(Job, job.id)
        assert cancelled.status == JobStatus.CANCELLED and cancelled.closed_at is not None
        end = cancelled.closed_at.replace(tzinfo=UTC) + lifetimes.PROJECT_AFTER_THE_JOB_ENDED
    assert project.project_page(token, now=end - MINUTE) is not None
    assert project.project_page(token, now=end) is None and project.link_has_ended(token, end)
    _ended_long_ago(job)
    assert estimates.read_link(contract) is None  # what the page gave ends with it
    with db_session() as session:
        owners = link_token(CustomerLinkKind.ESTIMATE, session.get(Job, job.id).estimate_id)
    assert estimates.read_link(owners) is not None  # the owner's own contract link has no end


def _ended_long_ago(job) -> None:
    with db_session() as session:
        row = session.get(Job, job.id)
        row.closed_at = datetime.now(UTC) - lifetimes.PROJECT_AFTER_THE_JOB_ENDED
        session.add(row)
        session.commit()


def test_the_page_of_an_ended_project_link_says_whom_to_call_and_nothing_of_the_job(job, user):
    token = project.make_link(job.number, job.customer_email, user).rsplit("/", 1)[1]
    jobs.set_job_status(job.number, "cancelled", user)
    _ended_long_ago(job)
    html = project_first_paint(token)
    assert "This link has ended" in html and "call us" in html
    assert job.address not in html and job.title not in html
    assert project_first_paint("x" * 43) is None  # an unknown link: the 404 page


def test_an_ended_links_pages_tell_what_to_do_next():
    from renovation_app.pages.change_order_link import change_order_link
    from renovation_app.pages.lien_waiver_link import lien_waiver_link
    from renovation_app.pages.visit_link import visit_link

    for drawn in (change_order_link(), lien_waiver_link(), visit_link()):
        page = str(drawn)
        assert "This link has ended" in page and "please call us at" in page


def test_a_withdrawn_change_order_of_a_closed_job_counts_from_its_withdrawal(job, user):
    order = make_change_order(job, user, "co-form-ends-4")
    token = change_order_token(order)
    jobs.set_job_status(job.number, "cancelled", user)
    with db_session() as session:
        withdrawn = session.exec(select(ChangeOrder).where(ChangeOrder.id == order.id)).one()
    end = withdrawn.answered_at.replace(tzinfo=UTC) + lifetimes.CHANGE_ORDER_AFTER_ANSWER
    assert change_orders.read_link(token, end - MINUTE).state == "withdrawn"
    assert change_orders.read_link(token, end).state == "ended"
