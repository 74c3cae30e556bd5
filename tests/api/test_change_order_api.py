"""The change order's HTTP routes: the staff PDF needs a session, the owner's PDF and page need
a real change order link (a forged token, or another kind of link, opens nothing)."""

import pytest

from renovation_app.services.staff import sessions
from renovation_app.settings import settings
from tests.factories import (
    accepted_estimate,
    change_order_token,
    estimate_token,
    job_of,
    make_change_order,
    sign_in,
)


@pytest.fixture
def change_order(staff, monkeypatch):
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank")
    estimate = accepted_estimate(staff, "contract")
    return estimate, job_of(estimate), make_change_order(job_of(estimate), staff)


@pytest.mark.parametrize("cookie", [None, "forged-token"])
def test_the_staff_change_order_pdf_needs_a_session(client, staff, change_order, cookie):
    _, job, _ = change_order
    if cookie:
        client.cookies.set(sessions.SESSION_COOKIE, cookie)
    path = f"/jobs/{job.number}/change-orders/CO-1/pdf"
    answer = client.get(path)
    assert answer.status_code == 401 and b"%PDF" not in answer.content
    client.cookies.clear()
    sign_in(client, staff.email)
    answer = client.get(path)
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    assert answer.headers["cache-control"] == "no-store"
    assert client.get(f"/jobs/{job.number}/change-orders/CO-9/pdf").status_code == 404


def test_only_the_change_orders_own_link_opens_it(client, change_order):
    estimate, _, co = change_order
    token = change_order_token(co)
    answer = client.get(f"/change-order/{token}/pdf")
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    assert client.get(f"/change-order/{token}").status_code == 200
    for other in ("x" * 43, estimate_token(estimate)):  # forged, and a link of another kind
        assert client.get(f"/change-order/{other}").status_code == 404
        assert client.get(f"/change-order/{other}/pdf").status_code == 404
