"""Staff event handlers check the session on the server: called directly, without a browser."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
import reflex as rx

from renovation_app.services import auth
from renovation_app.services.enquiries import submit_enquiry, validate_enquiry
from renovation_app.state.auth import AuthState
from renovation_app.state.staff import EnquiriesState
from tests.unit.test_enquiry_validation import VALID


def run(coroutine):
    """Run a handler on its own event loop (Playwright's sync API may hold this thread's loop)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture
def states(clean_db):
    root = rx.State(_reflex_internal_init=True)
    return root.get_substate(AuthState.get_full_name().split(".")[1:]), root.get_substate(
        EnquiriesState.get_full_name().split(".")[1:]
    )


@pytest.fixture
def stored_enquiry(clean_db):
    submit_enquiry(validate_enquiry(VALID), "192.0.2.1")


def test_a_signed_out_caller_gets_no_enquiries(states, stored_enquiry):
    auth_state, enquiries = states
    run(EnquiriesState.load.fn(enquiries))
    assert enquiries.enquiries == []
    assert auth_state.signed_in is False


def test_a_made_up_or_revoked_token_gets_no_enquiries(states, stored_enquiry):
    auth_state, enquiries = states
    user = auth.create_user("s@example.com", "Sam", "long enough password")
    token = auth.start_session(user.id)
    auth.revoke_session(token)
    for bad in ("made-up-token", token):
        auth_state.session_token = bad
        run(EnquiriesState.load.fn(enquiries))
        assert enquiries.enquiries == []


def test_a_signed_in_caller_gets_the_enquiries(states, stored_enquiry):
    auth_state, enquiries = states
    user = auth.create_user("s@example.com", "Sam", "long enough password")
    auth_state.session_token = auth.start_session(user.id)
    run(EnquiriesState.load.fn(enquiries))
    assert [e["name"] for e in enquiries.enquiries] == ["Maria Lopez"]
    assert auth_state.signed_in is True
