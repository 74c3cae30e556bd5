"""The staff guard: every staff event and every hydration passes it, without a browser."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
import reflex as rx
from reflex.istate.data import HeaderData
from reflex_base.event import Event

from renovation_app.services.enquiries import submit_enquiry, validate_enquiry
from renovation_app.services.staff import sessions
from renovation_app.state.enquiries import EnquiriesState
from renovation_app.state.staff import StaffState
from renovation_app.state.staff.guard import StaffGuard
from tests.factories import staff_user
from tests.unit.test_enquiry_validation import VALID


def run(coroutine):
    """Run on its own event loop (Playwright's sync API may hold this thread's loop)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def ref(token: str) -> str:
    """What api/middleware.py puts on the websocket in place of the token."""
    return sessions.session_ref(token)


@pytest.fixture
def root(clean_db):
    submit_enquiry(validate_enquiry(VALID), "192.0.2.1")
    return rx.State(_reflex_internal_init=True)


def with_cookie(root, cookie: str):
    root.rx_router_headers = HeaderData(cookie=cookie)
    return root


def substate(root, cls):
    return root.get_substate(cls.get_full_name().split(".")[1:])


def load_enquiries(root) -> list[dict]:
    """What the page's on_load does: the guard first, then the handler if the guard allows it."""
    event = Event(name=f"{EnquiriesState.get_full_name()}.load", payload={})
    blocked = run(StaffGuard().preprocess(None, root, event))
    enquiries = substate(root, EnquiriesState)
    if blocked is None:
        run(EnquiriesState.load.fn(enquiries))
    return enquiries.enquiries


def test_a_signed_out_caller_gets_no_enquiries(root):
    assert load_enquiries(with_cookie(root, "")) == []
    assert substate(root, StaffState).signed_in is False


def test_a_made_up_or_revoked_session_gets_no_enquiries(root):
    token = sessions.start_session(staff_user().id)
    sessions.revoke_session(token)
    for cookie in (f"staff_session_ref={ref('made-up')}", f"staff_session_ref={ref(token)}"):
        assert load_enquiries(with_cookie(root, cookie)) == []


def test_the_raw_token_is_not_accepted_where_only_its_hash_belongs(root):
    token = sessions.start_session(staff_user().id)
    assert load_enquiries(with_cookie(root, f"staff_session={token}")) == []


def test_a_signed_in_caller_gets_the_enquiries_and_their_name(root):
    token = sessions.start_session(staff_user(name="Sam").id)
    names = [e.name for e in load_enquiries(with_cookie(root, f"staff_session_ref={ref(token)}"))]
    assert names == ["Maria Lopez"]
    staff = substate(root, StaffState)
    assert staff.signed_in is True and staff.user_name == "Sam" and staff.is_admin is False


def test_a_session_ended_elsewhere_empties_every_staff_state_on_the_next_event(root):
    token = sessions.start_session(staff_user().id)
    with_cookie(root, f"staff_session_ref={ref(token)}")
    assert load_enquiries(root)
    sessions.revoke_session(token)
    assert load_enquiries(root) == []
    assert substate(root, StaffState).signed_in is False
    assert substate(root, StaffState).user_name == ""


def test_a_signed_out_hydration_is_emptied_before_it_is_sent(root):
    token = sessions.start_session(staff_user().id)
    with_cookie(root, f"staff_session_ref={ref(token)}")
    assert load_enquiries(root)
    sessions.revoke_session(token)
    hydrate = Event(name=f"{rx.State.get_full_name()}.hydrate_and_load", payload={})
    assert run(StaffGuard().preprocess(None, root, hydrate)) is None  # hydration goes on...
    assert substate(root, EnquiriesState).enquiries == []  # ...with nothing private in it
    assert "Maria Lopez" not in str(root.dict())


def test_public_events_pass_the_guard_untouched(root):
    from renovation_app.state.contact import ContactState

    event = Event(name=f"{ContactState.get_full_name()}.submit", payload={})
    assert run(StaffGuard().preprocess(None, with_cookie(root, ""), event)) is None


def test_the_footer_year_is_read_when_a_tab_connects_not_when_the_site_was_built(monkeypatch):
    import datetime

    from renovation_app.state import site

    class NextYear(datetime.date):
        @classmethod
        def today(cls):
            return cls(2031, 1, 1)

    monkeypatch.setattr(site, "date", NextYear)
    state = rx.State(_reflex_internal_init=True)
    assert substate(state, site.SiteState).current_year == "2031"
