"""A job's New York papers over HTTP: the signed ST-124, the lead pamphlet's receipt and the
record of lead-safe work need a staff session; an unknown paper is a 404."""

import pytest

from renovation_app.services.staff import sessions
from renovation_app.settings import settings
from tests.factories import accepted_estimate, job_of, sign_in

KITCHEN = [{"description": "Kitchen", "quantity": "1", "unit_price": "9,000"}]


@pytest.fixture
def job_1962(staff, monkeypatch):
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank")
    return job_of(accepted_estimate(staff, "papers", lines=KITCHEN, year_built="1962"))


@pytest.mark.parametrize("cookie", [None, "forged-token"])
def test_a_jobs_papers_need_a_session(client, staff, job_1962, cookie):
    if cookie:
        client.cookies.set(sessions.SESSION_COOKIE, cookie)
    names = ("st124", "lead-pamphlet-receipt", "lead-safe-record")
    for name in names:
        answer = client.get(f"/jobs/{job_1962.number}/documents/{name}.pdf")
        assert answer.status_code == 401 and b"%PDF" not in answer.content
    client.cookies.clear()
    sign_in(client, staff.email)
    for name in names:
        answer = client.get(f"/jobs/{job_1962.number}/documents/{name}.pdf")
        assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
        assert answer.headers["cache-control"] == "no-store"
    for path in (
        f"/jobs/{job_1962.number}/documents/contract.pdf",
        "/jobs/J-2099-0001/documents/st124.pdf",
    ):
        assert client.get(path).status_code == 404
