"""The certificate download: signed-in staff only, only through its own subcontractor, sent as
an attachment of its stored type that the browser must not sniff."""

from datetime import date

import pytest

from renovation_app.services.staff import sessions
from renovation_app.settings import settings
from tests.factories import sign_in
from tests.factories.subcontractors import PDF, certificate_of, subcontractor_of


@pytest.fixture
def certificate(staff, tmp_path, monkeypatch):
    monkeypatch.setattr(settings, "files_dir", str(tmp_path / "files"))
    sub = subcontractor_of("Gowanus Plumbing LLC", staff)
    other = subcontractor_of("Red Hook Roofing", staff)
    return sub, other, certificate_of(sub, "workers_comp", date(2027, 3, 1), staff)


@pytest.mark.parametrize("cookie", [None, "forged-token"])
def test_a_certificate_file_needs_a_staff_session(client, staff, certificate, cookie):
    sub, other, cert = certificate
    path = f"/subcontractors/{sub.id}/certificates/{cert.id}/file"
    if cookie:
        client.cookies.set(sessions.SESSION_COOKIE, cookie)
    answer = client.get(path)
    assert answer.status_code == 401 and PDF not in answer.content
    client.cookies.clear()
    sign_in(client, staff.email)
    answer = client.get(path)
    assert answer.status_code == 200 and answer.content == PDF
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["cache-control"] == "no-store"
    name = f"certificate-{sub.id}-workers_comp-2027-03-01.pdf"
    assert answer.headers["content-disposition"] == f'attachment; filename="{name}"'
    for wrong in (
        f"/subcontractors/{other.id}/certificates/{cert.id}/file",  # another's certificate
        f"/subcontractors/{sub.id}/certificates/{cert.id + 1}/file",
        f"/subcontractors/{sub.id}/certificates/x/file",
    ):
        assert client.get(wrong).status_code == 404
