"""A job's receipt and lien waiver downloads: signed-in staff only, only through the job they
belong to; a receipt PDF is downloaded as it came, a photo served as the plain JPEG it was
made into, neither sniffed nor able to run anything."""

import pytest

from renovation_app.services.staff import sessions
from renovation_app.settings import settings
from tests.factories import job_of, sign_in
from tests.factories.costs import RECEIPT_PDF, contract_28k, phone_photo, purchase_of


@pytest.fixture
def receipts(staff, tmp_path, monkeypatch):
    monkeypatch.setattr(settings, "files_dir", str(tmp_path / "files"))
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank, Brooklyn")
    job = job_of(contract_28k(staff, "receipts"))
    other = job_of(contract_28k(staff, "another"))
    pdf = purchase_of(job, by=staff, receipt=(RECEIPT_PDF, "receipt.pdf"))
    photo = purchase_of(job, by=staff, receipt=(phone_photo(), "IMG_0412.HEIC.jpg"))
    return job, other, pdf, photo


@pytest.mark.parametrize("cookie", [None, "forged-token"])
def test_a_receipt_needs_a_staff_session_and_its_own_job(client, staff, receipts, cookie):
    job, other, pdf, photo = receipts
    path = f"/jobs/{job.number}/costs/{pdf.id}/receipt"
    if cookie:
        client.cookies.set(sessions.SESSION_COOKIE, cookie)
    answer = client.get(path)
    assert answer.status_code == 401 and RECEIPT_PDF not in answer.content
    client.cookies.clear()
    sign_in(client, staff.email)
    answer = client.get(path)
    assert answer.status_code == 200 and answer.content == RECEIPT_PDF
    assert answer.headers["content-disposition"].startswith("attachment;")
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert "sandbox" in answer.headers["content-security-policy"]
    shown = client.get(f"/jobs/{job.number}/costs/{photo.id}/receipt")
    assert shown.headers["content-type"] == "image/jpeg" and shown.content.startswith(b"\xff\xd8")
    for wrong in (
        f"/jobs/{other.number}/costs/{pdf.id}/receipt",  # through another job
        f"/jobs/{job.number}/costs/{photo.id + 100}/receipt",
        f"/jobs/{job.number}/costs/x/receipt",
    ):
        assert client.get(wrong).status_code == 404
    assert client.get(f"/jobs/{job.number}/costs/waivers/1/pdf").status_code == 404
