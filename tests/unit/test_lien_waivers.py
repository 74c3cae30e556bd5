"""Lien waivers: the link shows the waiver for exactly the amount and day paid; the
subcontractor signs it once, the document they read (a forged link, another kind of link, an
unticked box or a changed document sign nothing); a paper waiver is dated on or after the
payment (Lien Law §34); its PDF reads back; staff open only their job's waiver."""

import hashlib
import json
from datetime import timedelta

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import CustomerLinkKind, Job, Signature
from renovation_app.services import lien_waivers
from renovation_app.services.billing import business_today, long_date
from renovation_app.services.errors import ActionRefused
from renovation_app.services.signatures import LinkSigning
from renovation_app.settings import settings
from tests.factories import (
    SIGNER_CLIENT,
    change_order_token,
    estimate_token,
    job_of,
    link_token,
    make_change_order,
    signed_in,
)
from tests.factories.costs import (
    audit_rows,
    contract_28k,
    days_ago,
    insured_sub,
    pay_bill,
    sub_bill_of,
    waiver_of,
)
from tests.factories.papers import one_page_pdf
from tests.fixtures.office_before_e1lines.snapshot import pdf_text

SCAN = one_page_pdf("The waiver, signed in ink")
PAID_DAYS_AGO = 5


@pytest.fixture(autouse=True)
def files_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(settings, "files_dir", str(tmp_path / "files"))


@pytest.fixture
def waiver(job, admin):
    """The waiver of a bill of Gowanus Plumbing LLC, $5,600 and $400 tax, paid by check #1042
    five days ago."""
    sub = insured_sub(by=admin, email="office@gowanusplumbing.com", licence_number="PL-2231")
    cost = sub_bill_of(job, sub, "5,600", "400", days_ago(10), by=admin)
    return waiver_of(pay_bill(job, cost.id, by=admin, paid_on=days_ago(PAID_DAYS_AGO)))


@pytest.fixture
def token(waiver) -> str:
    return link_token(CustomerLinkKind.LIEN_WAIVER, waiver.id)


def seen(token: str) -> str:
    """The hash of the waiver its link shows, which the signature must match."""
    return lien_waivers.read_waiver_link(token).waiver["document_sha256_shown"]


def sign(token: str, name: str = "Luis Ortiz", agreed: object = True, **more) -> None:
    more.setdefault("seen_sha256", seen(token))
    lien_waivers.sign_waiver(token, LinkSigning(name, agreed, client_hash=SIGNER_CLIENT, **more))


def signatures() -> list[Signature]:
    with db_session() as session:
        return list(
            session.exec(
                select(Signature).where(Signature.kind == "lien_waiver").order_by(Signature.id)
            )
        )


def paid_on():
    return business_today() - timedelta(days=PAID_DAYS_AGO)


def refused(match: str = ""):
    return pytest.raises(ActionRefused, match=match)


def test_the_link_shows_the_waiver_for_the_amount_and_day_paid(job, token):
    page = lien_waivers.read_waiver_link(token)
    shown = page.waiver
    assert not page.signed and not shown["signed_already"]
    assert (shown["amount"], shown["paid_on"], shown["job"]) == (
        "$6,000.00",
        long_date(paid_on()),
        job.number,
    )
    assert (shown["subcontractor"], shown["licence"], shown["how"]) == (
        "Gowanus Plumbing LLC",
        "PL-2231",
        "Check 1042",
    )
    for words in (
        "Gowanus Plumbing LLC",
        "$6,000.00",
        long_date(paid_on()),
        job.number,
        "12 Atlantic Ave",
    ):
        assert words in shown["release"]
    assert shown["link_url"].endswith(token) and len(shown["document_sha256_shown"]) == 64


def test_a_typed_name_and_the_ticked_box_sign_it_once(token, waiver, admin):
    shown = seen(token)
    sign(token, "  Luis   Ortiz ")
    (signature,) = signatures()
    assert (signature.kind, signature.record_id, signature.method) == (
        "lien_waiver",
        waiver.id,
        "typed",
    )
    assert signature.signer_name == "Luis Ortiz" and signature.address_hash == SIGNER_CLIENT
    assert signature.document_sha256 == shown
    assert hashlib.sha256(signature.document.encode()).hexdigest() == shown
    assert json.loads(signature.document)["amount"] == "$6,000.00"
    assert waiver_of(waiver.id).signature_id == signature.id
    page = lien_waivers.read_waiver_link(token)
    assert page.signed and page.waiver["signer_name"] == "Luis Ortiz"
    with refused("already signed"):
        sign(token, "Someone Else", seen_sha256=shown)
    scan = lien_waivers.PaperSignature("Luis Ortiz", business_today(), SCAN, "waiver.pdf")
    with refused("already signed"):
        lien_waivers.record_signed_scan(job_number(waiver), waiver.id, scan, signed_in(admin))
    assert len(signatures()) == 1 and len(audit_rows("lien_waiver.signed")) == 1


def test_a_drawn_signature_is_kept_with_its_strokes(token):
    sign(token, drawing="M 10 50 L 40 20 L 80 70")
    assert (signatures()[0].method, signatures()[0].drawing) == ("drawn", "M 10 50 L 40 20 L 80 70")


def test_a_forged_token_or_another_kind_of_link_opens_no_waiver(
    job, admin, token, contract_settings
):
    other_kinds = [
        change_order_token(make_change_order(job, admin)),
        estimate_token(contract_28k(admin, "another-contract")),
    ]
    for wrong in ["not-a-token", token[:-2] + "xx", "", *other_kinds]:
        assert lien_waivers.read_waiver_link(wrong) is None
        assert lien_waivers.waiver_pdf(token=wrong) is None
        with refused("not valid"):
            lien_waivers.sign_waiver(
                wrong, LinkSigning("Luis Ortiz", True, seen_sha256=seen(token))
            )
    assert signatures() == []


@pytest.mark.parametrize("agreed", [False, None, "yes", 1])
def test_the_box_not_ticked_signs_nothing(token, agreed):
    with refused("tick the box"):
        sign(token, agreed=agreed)
    assert signatures() == []


@pytest.mark.parametrize("seen_sha256", ["", "0" * 64, None])
def test_a_document_other_than_the_one_shown_signs_nothing(token, seen_sha256):
    with refused("changed since you opened it"):
        sign(token, seen_sha256=seen_sha256)
    assert signatures() == []


def test_a_name_that_is_not_one_signs_nothing(token):
    for name in ("", " ", "L", None):
        with refused("full name"):
            sign(token, name=name)
    assert signatures() == []


def job_number(waiver) -> str:
    with db_session() as session:
        return session.get(Job, waiver.job_id).number


def test_a_paper_waiver_is_dated_on_or_after_the_payment(waiver, admin):
    def record(day, content=SCAN):
        scan = lien_waivers.PaperSignature("Luis Ortiz", day, content, "waiver.pdf")
        lien_waivers.record_signed_scan(job_number(waiver), waiver.id, scan, signed_in(admin))

    tomorrow = business_today() + timedelta(days=1)
    for day in (paid_on() - timedelta(days=1), tomorrow, None):  # before it (§34: void)
        with refused("day it was signed"):
            record(day)
    with refused("PDF, JPEG or PNG"):
        record(paid_on(), b"MZ not a scan")
    assert signatures() == []
    record(paid_on())
    (signature,) = signatures()
    assert (signature.method, signature.recorded_by, signature.kind) == (
        "paper",
        admin.id,
        "lien_waiver",
    )
    assert signature.scan_type == "application/pdf" and len(signature.scan_sha256) == 64
    assert waiver_of(waiver.id).signature_id == signature.id
    for number, waiver_id in ((job_number(waiver), waiver.id + 99), ("J-1999-0001", waiver.id)):
        with refused("no such waiver"):
            lien_waivers.record_signed_scan(
                number,
                waiver_id,
                lien_waivers.PaperSignature("Luis Ortiz", paid_on(), SCAN, "w.pdf"),
                signed_in(admin),
            )


def test_the_pdf_reads_back_the_amount_the_day_and_then_the_signature(job, token):
    text = pdf_text(lien_waivers.waiver_pdf(token=token)[1])
    for words in (
        "$6,000.00",
        long_date(paid_on()),
        job.number,
        "Gowanus Plumbing LLC",
        "Not signed yet",
    ):
        assert words in text
    sign(token)
    text = pdf_text(lien_waivers.waiver_pdf(token=token)[1])
    assert "Signed by Luis Ortiz" in text and signatures()[0].document_sha256 in text


def test_staff_open_a_waivers_pdf_only_by_its_own_jobs_number(
    job, waiver, admin, contract_settings
):
    other = job_of(contract_28k(admin, "other-job"))
    assert lien_waivers.waiver_pdf(number=other.number, waiver_id=waiver.id) is None
    assert lien_waivers.waiver_pdf(number="J-1999-0404", waiver_id=waiver.id) is None
    assert lien_waivers.waiver_pdf(number=job.number, waiver_id=str(waiver.id)) is None
    assert lien_waivers.waiver_pdf(number=job.number, waiver_id=waiver.id + 99) is None
    pdf = lien_waivers.waiver_pdf(number=job.number, waiver_id=waiver.id)[1]
    assert pdf.startswith(b"%PDF") and "$6,000.00" in pdf_text(pdf)
