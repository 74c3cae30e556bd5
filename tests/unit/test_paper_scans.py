"""Papers staff upload (insurance certificates, a change order or a lien waiver signed on
paper): a phone's photo of one is kept without its GPS position or camera details, a real PDF
byte for byte, and a "PDF" or picture that does not open is refused in words."""

import hashlib
import io
from collections.abc import Callable
from datetime import date

import pytest
from PIL import Image
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Signature
from renovation_app.services import change_orders, files, lien_waivers, subcontractors
from renovation_app.services.billing import business_today
from renovation_app.services.errors import ActionRefused
from tests.factories import make_change_order, signed_in
from tests.factories.costs import days_ago, insured_sub, pay_bill, phone_photo, sub_bill_of
from tests.factories.papers import one_page_pdf
from tests.factories.subcontractors import certificate_of, subcontractor_of


@pytest.fixture(autouse=True)
def storage(photo_storage):
    return photo_storage


def _certificate(job, admin, content: bytes) -> bytes:
    sub = subcontractor_of("Gowanus Plumbing LLC", by=admin)
    certificate = certificate_of(sub, "general_liability", date(2027, 3, 1), admin, content)
    return subcontractors.certificate_file(sub.id, certificate.id).content


def _kept_scan(kind: str) -> bytes:
    with db_session() as session:
        signature = session.exec(select(Signature).where(Signature.kind == kind)).one()
    return files.read(signature.scan_sha256)


def _change_order_on_paper(job, admin, content: bytes) -> bytes:
    co = make_change_order(job, admin)
    paper = change_orders.PaperSignature("Maria Lopez", business_today(), content, "scan.jpg")
    change_orders.record_paper_signature(job.number, f"CO-{co.number}", paper, signed_in(admin))
    return _kept_scan("change_order")


def _waiver_on_paper(job, admin, content: bytes) -> bytes:
    cost = sub_bill_of(job, insured_sub(by=admin), "5,600", "400", days_ago(10), by=admin)
    waiver_id = pay_bill(job, cost.id, by=admin, paid_on=days_ago(5))
    paper = lien_waivers.PaperSignature("Luis Ortiz", business_today(), content, "waiver.jpg")
    lien_waivers.record_signed_scan(job.number, waiver_id, paper, signed_in(admin))
    return _kept_scan("lien_waiver")


KINDS: dict[str, Callable] = {
    "insurance certificate": _certificate,
    "change order signed on paper": _change_order_on_paper,
    "lien waiver signed on paper": _waiver_on_paper,
}


@pytest.mark.parametrize("kind", KINDS)
def test_a_phone_photo_of_a_paper_is_kept_without_its_location_or_camera(job, admin, kind):
    photo = phone_photo()
    with Image.open(io.BytesIO(photo)) as taken:
        assert taken.getexif().get_ifd(0x8825) and taken.getexif()[0x010F] == "PhoneMaker"
    kept = KINDS[kind](job, admin, photo)
    with Image.open(io.BytesIO(kept)) as image:
        assert image.format == "JPEG" and not image.getexif() and "exif" not in image.info
        assert image.size == (20, 40)  # turned upright as the phone said
    assert b"PhoneMaker" not in kept and b"GPS" not in kept


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "content",
    [b"%PDF-1", b"%PDF-1.4\n% nothing but a header\n%%EOF\n", b"\xff\xd8\xff\xe0" + b"\x13" * 500],
    ids=["six bytes", "no pages", "a broken jpeg"],
)
def test_a_scan_that_does_not_open_is_refused_in_words_and_nothing_kept(job, admin, kind, content):
    with pytest.raises(ActionRefused, match="could not be read.*please"):
        KINDS[kind](job, admin, content)
    assert files.read(hashlib.sha256(content).hexdigest()) is None


@pytest.mark.parametrize("kind", KINDS)
def test_a_real_pdf_is_kept_byte_for_byte(job, admin, kind):
    pdf = one_page_pdf("Signed: Maria Lopez")
    assert KINDS[kind](job, admin, pdf) == pdf
