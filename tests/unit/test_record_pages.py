"""A page of one record (state/record.py) in a tab used all day: it shows the record of its
address after another's, says so when the load fails, and refuses an action for a record it no
longer shows. Without a browser: the states and the guard as the server runs them."""

import inspect
import logging

import pytest
import reflex as rx
from reflex.istate.data import HeaderData, ReflexURL, URLData
from reflex_base.event import Event

from renovation_app.components.links import link
from renovation_app.services import jobs
from renovation_app.services.staff import sessions
from renovation_app.state.jobs import JobDetailState
from renovation_app.state.jobs.costs import JobCostsState
from renovation_app.state.jobs.photos import JobPhotosState
from renovation_app.state.record import RecordGuard, RecordStatus
from renovation_app.state.staff.guard import StaffGuard
from tests.factories import as_signed_in, staff_user
from tests.unit.test_staff_state import ref, run, substate


def small_job(admin, name: str, category: str = "capital_improvement") -> str:
    work = jobs.validate_small_work(
        {
            "name": name,
            "email": f"{name.split()[0].lower()}@example.com",
            "phone": "718-555-0101",
            "address": "10 Court St, Brooklyn, NY 11201",
            "title": f"Window for {name}",
            "price": "400",
            "tax_category": category,
            "tax_area": "nyc",
        }
    )
    return jobs.create_small_job(work, as_signed_in(admin)).number


@pytest.fixture
def office(clean_db):
    admin = staff_user(role="admin")
    token = sessions.start_session(admin.id)
    root = rx.State(_reflex_internal_init=True)
    root.rx_router_headers = HeaderData(cookie=f"staff_session_ref={ref(token)}")
    return root, small_job(admin, "Ann Able"), small_job(admin, "Bob Brown", "repair")


def at(root, path: str):
    root.rx_router_url = URLData.from_url(ReflexURL(f"http://localhost:3000{path}"))
    return root


def send(root, cls, handler: str, **payload):
    """What the server does with an event: the guards first, then the handler if they allow."""
    event = Event(name=f"{cls.get_full_name()}.{handler}", payload=payload)
    for guard in (StaffGuard(), RecordGuard()):
        if run(guard.preprocess(None, root, event)) is not None:
            return False
    result = getattr(cls, handler).fn(substate(root, cls), **payload)
    if inspect.iscoroutine(result):
        run(result)
    return True


@pytest.mark.parametrize("cls", [JobDetailState, JobPhotosState, JobCostsState])
def test_a_job_page_opened_after_another_shows_the_job_in_its_address(office, cls):
    root, first, second = office
    suffix = {JobDetailState: "", JobPhotosState: "/photos", JobCostsState: "/costs"}[cls]
    for number in (first, second, first):
        assert send(at(root, f"/jobs/{number}{suffix}"), cls, "load")
        page = substate(root, cls)
        held = page.job if cls is JobDetailState else page.page
        assert held["number"] == number
        assert page.record_path == f"/jobs/{number}{suffix}"
        assert page.record_status == RecordStatus.FOUND


def test_a_failed_load_says_so_and_keeps_nothing_of_the_record_before(office, monkeypatch, caplog):
    root, first, second = office
    send(at(root, f"/jobs/{first}"), JobDetailState, "load")

    def broken(number):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(jobs, "get_job", broken)
    with caplog.at_level(logging.ERROR):
        send(at(root, f"/jobs/{second}"), JobDetailState, "load")
    page = substate(root, JobDetailState)
    assert page.record_status == RecordStatus.FAILED
    assert page.job == {} and page.budget == {} and page.days == []
    assert first not in str(page.dict())
    assert second in caplog.text and "loading the record" in caplog.text


def test_an_unknown_address_is_missing_not_the_job_before(office):
    root, first, _ = office
    send(at(root, f"/jobs/{first}"), JobDetailState, "load")
    send(at(root, "/jobs/J-2099-9999"), JobDetailState, "load")
    page = substate(root, JobDetailState)
    assert page.record_status == RecordStatus.MISSING and page.job == {}


def test_an_action_for_a_job_the_page_no_longer_holds_is_refused(office):
    """The tab holds job A while its address names B (it moved on, or the event is forged):
    the action is not run on A, and the page says why."""
    root, first, second = office
    send(at(root, f"/jobs/{first}"), JobDetailState, "load")
    at(root, f"/jobs/{second}")
    assert not send(root, JobDetailState, "set_status", status="cancelled")
    assert jobs.get_job(first).status != "cancelled"
    assert substate(root, JobDetailState).record_status == RecordStatus.STALE
    # The page's own load is always let through, and then its actions are again.
    assert send(root, JobDetailState, "load")
    job_page = substate(root, JobDetailState)
    job_page.action_error = "Please choose the scan of the signed page."
    assert send(root, JobDetailState, "open_paper", row=1)
    assert (job_page.paper_for, job_page.action_error) == (1, "")  # an earlier try forgotten


def test_a_link_to_a_file_is_a_plain_link_the_browser_loads():
    """A router link to a PDF draws the 404 page instead of giving the file."""
    number = rx.Var.create("J-2026-0001")
    for anchor in (
        link("PDF", href="/jobs/" + number + "/change-orders/CO-1/pdf"),
        link("PDF", href="/estimates/2026-0001/pdf"),
        link("CSV", href="/jobs/J-2026-0001/trust-books.csv"),
        link("Calendar", href="/calendar/abc.ics"),
    ):
        assert anchor.tag == "a" and type(anchor).__name__ == "A"
    assert type(link("About", href="/about")).__name__ == "ReactRouterLink"
