"""The estimate's HTTP routes: the staff PDF needs a session, the customer's PDF and page need
a real link (a draft's link shows nothing)."""

import pytest

from renovation_app.models import Estimate
from renovation_app.services import estimates
from renovation_app.services.staff import sessions
from renovation_app.settings import settings
from tests.factories import draft_estimate, estimate_token, sign_in, signed_in


@pytest.fixture
def estimate(staff, monkeypatch) -> Estimate:
    """A draft by `staff`; the contract settings are there, so it may be sent."""
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank")
    return draft_estimate(staff, "t")


@pytest.mark.parametrize("cookie", [None, "forged-token"])
def test_the_staff_pdf_needs_a_session(client, staff, estimate, cookie):
    if cookie:
        client.cookies.set(sessions.SESSION_COOKIE, cookie)
    answer = client.get(f"/estimates/{estimate.number}/pdf")
    assert answer.status_code == 401 and b"%PDF" not in answer.content
    client.cookies.clear()
    sign_in(client, staff.email)  # asserts the 200
    answer = client.get(f"/estimates/{estimate.number}/pdf")
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    assert answer.headers["cache-control"] == "no-store"


def test_a_drafts_link_and_unknown_links_show_nothing(client, staff, estimate):
    assert client.get(f"/estimate/{estimate_token(estimate)}/pdf").status_code == 404
    assert client.get(f"/estimate/{'x' * 43}/pdf").status_code == 404
    assert client.get(f"/estimate/{'x' * 43}").status_code == 404
    sent = estimates.send_estimate(estimate.number, signed_in(staff))
    answer = client.get(f"/estimate/{estimate_token(sent)}/pdf")
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    assert answer.headers["x-robots-tag"] == "noindex"
