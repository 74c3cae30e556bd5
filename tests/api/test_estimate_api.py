"""The estimate's HTTP routes: the staff PDF needs a session, the customer's PDF and page need
a real link (a draft's link shows nothing)."""

import pytest
from starlette.testclient import TestClient

from renovation_app.api import create_api
from renovation_app.services import estimates
from renovation_app.services.staff import sessions, users
from renovation_app.settings import settings
from tests.factories import estimate_token, signed_in

FORM = {
    "name": "Maria Lopez",
    "email": "maria@example.com",
    "lines": [{"description": "Kitchen cabinets", "unit_price": "8000"}],
}


@pytest.fixture
def client(clean_db) -> TestClient:
    return TestClient(create_api())


@pytest.fixture
def estimate(client, monkeypatch):
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank")
    user = signed_in(users.create_user("s@example.com", "Sam", "long enough password"))
    return user, estimates.create_estimate(estimates.validate_estimate(FORM), user, "t")


@pytest.mark.parametrize("cookie", [None, "forged-token"])
def test_the_staff_pdf_needs_a_session(client, estimate, cookie):
    _, estimate = estimate
    if cookie:
        client.cookies.set(sessions.SESSION_COOKIE, cookie)
    answer = client.get(f"/estimates/{estimate.number}/pdf")
    assert answer.status_code == 401 and b"%PDF" not in answer.content
    client.cookies.clear()
    assert (
        client.post(
            "/api/session", json={"email": "s@example.com", "password": "long enough password"}
        ).status_code
        == 200
    )
    answer = client.get(f"/estimates/{estimate.number}/pdf")
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    assert answer.headers["cache-control"] == "no-store"


def test_a_drafts_link_and_unknown_links_show_nothing(client, estimate):
    user, estimate = estimate
    assert client.get(f"/estimate/{estimate_token(estimate)}/pdf").status_code == 404
    assert client.get(f"/estimate/{'x' * 43}/pdf").status_code == 404
    assert client.get(f"/estimate/{'x' * 43}").status_code == 404
    sent = estimates.send_estimate(estimate.number, user)
    answer = client.get(f"/estimate/{estimate_token(sent)}/pdf")
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    assert answer.headers["x-robots-tag"] == "noindex"
