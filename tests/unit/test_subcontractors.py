"""Subcontractors and their insurance certificates: the form's checks, the upload judged by its
content (nothing kept when refused), the newest certificate of each kind in force, the words a
payment during a lapse is confirmed with, the office warned once 30 days before a lapse (even
with two workers at once), the dashboard's list and the bills with their lien waivers."""

import io
import threading
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
import reflex as rx
import time_machine
from reflex_base.event import Event
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    AuditEvent,
    CostKind,
    InsuranceCertificate,
    Job,
    JobCost,
    LienWaiver,
    Signature,
    SignatureMethod,
)
from renovation_app.services import subcontractors as subs
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.reminders import worker
from renovation_app.services.staff import sessions
from renovation_app.services.subcontractors import warnings
from renovation_app.settings import settings
from renovation_app.state.staff.guard import StaffGuard
from renovation_app.state.subcontractors import SubcontractorListState, SubcontractorState
from tests.factories import mails, signed_in
from tests.factories.costs import png_of
from tests.factories.subcontractors import (
    PDF,
    certificate_of,
    certificates_of,
    reloaded,
    subcontractor_of,
)
from tests.unit.test_staff_state import run, substate, with_cookie

GL, WC = "general_liability", "workers_comp"
TODAY = date(2026, 11, 25)
NOTICE = warnings.CERTIFICATE_NOTICE


def at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 15, tzinfo=UTC)  # 10 a.m. in New York


@pytest.fixture(autouse=True)
def files_dir(tmp_path, monkeypatch):
    folder = tmp_path / "files"
    monkeypatch.setattr(settings, "files_dir", str(folder))
    return folder


@pytest.fixture
def sub(clerk):
    return subcontractor_of("Gowanus Plumbing LLC", clerk, trade="Plumbing")


def audit_actions() -> list[str]:
    with db_session() as session:
        return list(
            session.exec(
                select(AuditEvent.action)
                .where(AuditEvent.record_kind == "subcontractor")
                .order_by(AuditEvent.id)
            )
        )


# --- the details ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("company", "   ", "company name"),
        ("company", "x" * 101, "100 characters"),
        ("company", "Acme\u202eLLC", "characters we cannot accept"),
        ("email", "not-an-address", "valid e-mail"),
        ("phone", "555", "valid phone"),
        ("licence_number", "2099999-DCA; DROP", "licence number"),
        ("trade", "t" * 61, "60 characters"),
    ],
)
def test_the_form_refuses_each_mistake_in_words(field, value, words):
    raw = {"company": "Acme Electric", field: value}
    with pytest.raises(FormInvalid) as refused:
        subs.validate_subcontractor(raw)
    assert list(refused.value.errors) == [field] and words in refused.value.errors[field]


def test_a_subcontractor_is_saved_cleaned_with_its_audit_row(clerk):
    raw = {
        "company": "  Flatbush   Electric ",
        "email": "Ops@Example.COM",
        "phone": "718-555-0142",
        "licence_number": "2099999-DCA",
        "trade": "Electrical",
    }
    made = subs.create_subcontractor(subs.validate_subcontractor(raw), signed_in(clerk))
    assert (made.company, made.phone, made.email) == (
        "Flatbush Electric",
        "(718) 555-0142",
        "Ops@example.com",
    )
    assert made.active and audit_actions() == ["subcontractor.created"]


def test_one_record_per_company(sub, clerk):
    with pytest.raises(ActionRefused, match="already a subcontractor named"):
        subcontractor_of("gowanus plumbing llc", clerk)


def test_an_edit_and_a_deactivation_keep_what_changed(sub, clerk):
    details = subs.validate_subcontractor({"company": sub.company, "trade": "Plumbing and gas"})
    subs.update_subcontractor(sub.id, details, signed_in(clerk))
    subs.set_subcontractor_active(sub.id, False, signed_in(clerk))
    with pytest.raises(ActionRefused, match="already inactive"):
        subs.set_subcontractor_active(sub.id, False, signed_in(clerk))
    subs.set_subcontractor_active(sub.id, True, signed_in(clerk))
    assert reloaded(sub).trade == "Plumbing and gas" and reloaded(sub).active
    assert audit_actions() == [
        "subcontractor.created",
        "subcontractor.updated",
        "subcontractor.deactivated",
        "subcontractor.reactivated",
    ]
    with db_session() as session:
        edit = session.exec(select(AuditEvent).where(AuditEvent.action.like("%updated"))).one()
    assert "Plumbing and gas" in edit.after and "trade" in edit.before


def test_a_missing_subcontractor_is_refused(clerk):
    details = subs.validate_subcontractor({"company": "Nobody"})
    with pytest.raises(ActionRefused, match="no such subcontractor"):
        subs.update_subcontractor(999, details, signed_in(clerk))
    assert subs.get_subcontractor(999) is None


# --- uploading a certificate -----------------------------------------------------------------

EXE = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff" + b"\x00" * 64


@pytest.mark.parametrize(
    ("content", "name", "words"),
    [
        (EXE, "certificate.pdf", "not a PDF, JPEG or PNG"),  # a program renamed .pdf
        (b"Certificate of insurance\nPolicy 123\n", "coi.pdf", "not a PDF, JPEG or PNG"),
        (b"%PDF-1.4\n" + b"0" * (16 * 1024 * 1024), "big.pdf", "larger than 15 MB"),
        (b"", "empty.pdf", "choose the certificate's file"),
    ],
)
def test_a_file_that_is_not_a_small_scan_is_refused_and_nothing_is_kept(
    sub, clerk, files_dir, content, name, words
):
    upload = subs.CertificateUpload(GL, date(2027, 3, 1), content, name)
    with pytest.raises(ActionRefused, match=words):
        subs.upload_certificate(sub.id, upload, signed_in(clerk))
    assert certificates_of(sub) == [] and not files_dir.exists()
    assert audit_actions() == ["subcontractor.created"]


@pytest.mark.parametrize(
    ("kind", "day", "words"),
    [
        ("umbrella", date(2027, 3, 1), "general liability or workers' compensation"),
        (GL, None, "day the certificate expires"),
        (GL, date(2031, 11, 26), "more than 5 years ahead"),
    ],
)
def test_the_kind_and_a_real_expiry_day_are_needed(sub, clerk, files_dir, kind, day, words):
    with time_machine.travel(at(TODAY), tick=False):
        with pytest.raises(ActionRefused, match=words):
            subs.upload_certificate(
                sub.id, subs.CertificateUpload(kind, day, PDF), signed_in(clerk)
            )
        assert certificate_of(sub, GL, date(2031, 11, 25)).file_type == "application/pdf"
    assert len(certificates_of(sub)) == 1


def test_the_newest_certificate_of_each_kind_is_in_force(sub):
    with time_machine.travel(at(TODAY), tick=False):
        certificate_of(sub, GL, date(2027, 6, 1))
        newest = certificate_of(sub, GL, date(2027, 2, 1), content=png_of())
        view = subs.get_subcontractor(sub.id)
    gl, wc = view.statuses
    assert (gl.certificate_id, gl.state, gl.words) == (
        newest.id,
        subs.IN_FORCE,
        "In force until February 1, 2027",
    )
    assert (wc.state, wc.words) == (subs.NONE, "None on file")
    assert [(c.expires_on, c.in_force) for c in view.certificates] == [
        ("February 1, 2027", True),
        ("June 1, 2027", False),
    ]
    assert (
        view.certificates[0].file_url == f"/subcontractors/{sub.id}/certificates/{newest.id}/file"
    )


def test_each_kinds_standing_on_a_day(sub):
    with time_machine.travel(at(TODAY), tick=False):
        certificate_of(sub, GL, date(2026, 12, 7))
        certificate_of(sub, WC, date(2026, 11, 25))
    with db_session() as session:
        gl, wc = subs.certificate_status(session, sub.id, TODAY)
    assert (gl.state, gl.words, gl.days_left) == (
        subs.EXPIRING,
        "Expires in 12 days (December 7, 2026)",
        12,
    )
    assert (wc.state, wc.words) == (subs.LAPSED, "Lapsed on November 25, 2026")


# --- the words of a payment during a lapse ---------------------------------------------------


def lapse_on(sub, day: date) -> str:
    with db_session() as session:
        return subs.lapse_words(session, sub.id, day)


def test_lapse_words(sub):
    both_missing = (
        "No general liability certificate on file; no workers' compensation certificate on file."
    )
    assert lapse_on(sub, TODAY) == both_missing
    with time_machine.travel(at(TODAY), tick=False):
        certificate_of(sub, WC, date(2026, 11, 1))
    assert lapse_on(sub, date(2026, 10, 31)) == "No general liability certificate on file."
    assert lapse_on(sub, date(2026, 11, 1)) == (
        "Workers' compensation insurance lapsed on November 1, 2026; "
        "no general liability certificate on file."
    )
    with time_machine.travel(at(TODAY), tick=False):
        certificate_of(sub, GL, date(2027, 11, 1))
        certificate_of(sub, WC, date(2027, 11, 1))  # renewed
    assert lapse_on(sub, TODAY) == ""
    assert lapse_on(sub, date(2027, 11, 1)) == (
        "General liability insurance lapsed on November 1, 2027; "
        "workers' compensation insurance lapsed on November 1, 2027."
    )


# --- the warning 30 days before --------------------------------------------------------------


def warn_on(day: date) -> int:
    with time_machine.travel(at(day), tick=False):
        return subs.warn_expiring_certificates()


def test_the_office_is_warned_once_30_days_before(sub):
    with time_machine.travel(at(TODAY), tick=False):
        certificate_of(sub, WC, date(2026, 12, 31))
    assert warn_on(date(2026, 11, 30)) == 0 and mails(NOTICE) == []  # 31 days ahead
    assert warn_on(date(2026, 12, 1)) == 1
    assert warn_on(date(2026, 12, 1)) == 0 and warn_on(date(2026, 12, 20)) == 0
    (mail,) = mails(NOTICE)
    assert mail.to == settings.business_inbox and mail.about_id == sub.id
    assert "Gowanus Plumbing LLC" in mail.subject and "in 30 days" in mail.subject
    assert "workers' compensation" in mail.text and "December 31, 2026" in mail.text
    assert f"/subcontractors/{sub.id}" in mail.text
    assert certificates_of(sub)[0].warned_at is not None


def test_a_replaced_or_inactive_ones_certificate_is_not_warned(sub, clerk):
    other = subcontractor_of("Red Hook Roofing", clerk)
    with time_machine.travel(at(TODAY), tick=False):
        certificate_of(sub, GL, date(2026, 12, 10))
        certificate_of(sub, GL, date(2027, 12, 10))  # the renewal, uploaded in time
        certificate_of(other, GL, date(2026, 12, 10))
    subs.set_subcontractor_active(other.id, False, signed_in(clerk))
    assert warn_on(TODAY) == 0 and mails(NOTICE) == []


def test_two_workers_at_once_send_one_warning(sub, monkeypatch):
    with time_machine.travel(at(TODAY), tick=False):
        certificate_of(sub, GL, date(2026, 12, 10))
    both_found = threading.Barrier(2, timeout=10)
    found_by = warnings._due_ids

    def found_together(session, today):
        found = found_by(session, today)
        both_found.wait()  # each worker holds the certificate before either claims it
        return found

    monkeypatch.setattr(warnings, "_due_ids", found_together)
    sent: list[int] = []
    workers = [
        threading.Thread(target=lambda: sent.append(subs.warn_expiring_certificates(at(TODAY))))
        for _ in range(2)
    ]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join(20)
    assert sorted(sent) == [0, 1] and len(mails(NOTICE)) == 1


def test_the_reminders_round_warns_and_survives_a_failure(sub, monkeypatch, caplog):
    with time_machine.travel(at(TODAY), tick=False):
        certificate_of(sub, GL, date(2026, 12, 10))
    worker.send_due_reminders(at(TODAY))
    assert len(mails(NOTICE)) == 1

    def broken(now=None):
        raise RuntimeError("database away")

    monkeypatch.setattr(worker, "warn_expiring_certificates", broken)
    assert worker.send_due_reminders(at(TODAY)) == 0
    assert "insurance certificate warnings failed" in caplog.text


def test_the_dashboard_lists_what_lapses_soon_or_has_lapsed(sub, clerk):
    other = subcontractor_of("Bay Ridge Tile", clerk)
    with time_machine.travel(at(TODAY), tick=False):
        certificate_of(sub, GL, date(2026, 12, 10))
        certificate_of(sub, WC, date(2027, 6, 1))  # far off: not listed
        certificate_of(other, WC, date(2026, 11, 2))
        certificate_of(other, GL, date(2026, 11, 20))
        certificate_of(other, GL, date(2027, 11, 20))  # renewed: not listed
    with db_session() as session:
        found = subs.expiring_certificates(session, TODAY)
    assert [(e.company, e.kind, e.days_left, e.lapsed) for e in found] == [
        ("Bay Ridge Tile", WC, -23, True),
        ("Gowanus Plumbing LLC", GL, 15, False),
    ]
    assert found[0].words == "Workers' compensation insurance lapsed on November 2, 2026"
    assert found[1].words == "General liability insurance expires in 15 days (December 10, 2026)"


# --- the list and the bills ------------------------------------------------------------------


def test_the_list_searches_filters_and_shows_each_kinds_standing(sub, clerk):
    subcontractor_of("Astoria Electric", clerk, trade="Electrical", licence_number="2088888-DCA")
    with time_machine.travel(at(TODAY), tick=False):
        certificate_of(sub, GL, date(2026, 12, 1))
        certificate_of(sub, WC, date(2026, 11, 1))
    listing = subs.list_subcontractors(today=TODAY)
    assert [row.company for row in listing.rows] == ["Astoria Electric", "Gowanus Plumbing LLC"]
    row = subs.list_subcontractors("plumb", today=TODAY).rows[0]
    assert (row.gl_state, row.wc_state) == (subs.EXPIRING, subs.LAPSED)
    assert [r.company for r in subs.list_subcontractors("2088888").rows] == ["Astoria Electric"]
    subs.set_subcontractor_active(sub.id, False, signed_in(clerk))
    assert [r.company for r in subs.list_subcontractors(status="inactive").rows] == [sub.company]
    assert subs.list_subcontractors(status="active").total_count == 1


def _bill(session, job, sub, author, day, cents, paid=None, deleted=False) -> JobCost:
    cost = JobCost(
        job_id=job.id,
        kind=CostKind.SUB_BILL,
        category="subcontractor",
        incurred_on=day,
        payee=sub.company,
        description=f"Rough plumbing {day}",
        amount_cents=cents,
        tax_cents=cents // 10,
        subcontractor_id=sub.id,
        due_on=day,
        paid_on=paid,
        author_id=author.id,
        deleted_at=at(day) if deleted else None,
    )
    session.add(cost)
    session.flush()
    return cost


def test_the_bills_with_their_waivers(sub, clerk):
    with db_session() as session:
        job = Job(
            number="J-2026-0042",
            year=2026,
            title="Bathroom",
            customer_name="Ann Owner",
            customer_email="ann@example.com",
            contract_cents=1_000_00,
            author_id=clerk.id,
        )
        session.add(job)
        session.flush()
        _bill(session, job, sub, clerk, date(2026, 9, 1), 100_00, paid=date(2026, 9, 5))
        signed = _bill(session, job, sub, clerk, date(2026, 10, 1), 200_00, paid=date(2026, 10, 9))
        waiting = _bill(session, job, sub, clerk, date(2026, 11, 1), 300_00, paid=date(2026, 11, 9))
        _bill(session, job, sub, clerk, date(2026, 11, 20), 400_00)
        _bill(session, job, sub, clerk, date(2026, 11, 21), 500_00, deleted=True)
        signature = Signature(
            kind="lien_waiver",
            record_id=signed.id,
            method=SignatureMethod.TYPED,
            signer_name="Gus Plumber",
            document_sha256="0" * 64,
            document="{}",
        )
        session.add(signature)
        session.flush()
        for cost, signature_id in ((signed, signature.id), (waiting, None)):
            session.add(
                LienWaiver(
                    cost_id=cost.id,
                    job_id=job.id,
                    subcontractor_id=sub.id,
                    amount_cents=cost.total_cents,
                    paid_on=cost.paid_on,
                    signature_id=signature_id,
                )
            )
        session.commit()
    bills = subs.get_subcontractor(sub.id, TODAY).bills
    assert [(b.job_number, b.day, b.total_cents, b.paid_on, b.waiver) for b in bills] == [
        ("J-2026-0042", "November 20, 2026", 440_00, "", ""),
        ("J-2026-0042", "November 1, 2026", 330_00, "November 9, 2026", "waiver outstanding"),
        ("J-2026-0042", "October 1, 2026", 220_00, "October 9, 2026", "waiver received"),
        ("J-2026-0042", "September 1, 2026", 110_00, "September 5, 2026", "waiver outstanding"),
    ]


def test_a_certificate_file_is_given_only_to_its_own_subcontractor(sub, clerk):
    other = subcontractor_of("Sunset Park Glass", clerk)
    certificate = certificate_of(sub, GL, date(2027, 3, 1), file_name="ACORD 25.pdf")
    found = subs.certificate_file(sub.id, certificate.id)
    assert found.content == PDF and found.content_type == "application/pdf"
    assert found.filename == f"certificate-{sub.id}-general_liability-2027-03-01.pdf"
    assert subs.certificate_file(other.id, certificate.id) is None
    assert subs.certificate_file(sub.id, certificate.id + 1) is None
    with db_session() as session:
        assert session.get(InsuranceCertificate, certificate.id).file_name == "ACORD 25.pdf"


# --- the screens' handlers -------------------------------------------------------------------

MY_HANDLERS = [
    (cls, name)
    for cls in (SubcontractorListState, SubcontractorState)
    for name in cls.event_handlers
    if name not in ("set_cert_kind", "set_cert_expires") and not name.startswith("set_is_")
]


@pytest.fixture
def root(clean_db):
    return rx.State(_reflex_internal_init=True)


def guarded(root, cls, handler: str, cookie: str):
    event = Event(name=f"{cls.get_full_name()}.{handler}", payload={})
    return run(StaffGuard().preprocess(None, with_cookie(root, cookie), event))


@pytest.mark.parametrize(("cls", "handler"), MY_HANDLERS, ids=str)
def test_every_handler_is_refused_without_a_session(root, cls, handler):
    assert guarded(root, cls, handler, "staff_session=forged") is not None


async def _all(events) -> list:
    return [event async for event in events]


def test_the_screens_save_through_the_services_and_show_refusals(root, clerk):
    token = sessions.start_session(clerk.id)
    assert (
        guarded(
            root,
            SubcontractorListState,
            "create",
            f"staff_session_ref={sessions.session_ref(token)}",
        )
        is None
    )
    listing = substate(root, SubcontractorListState)
    run(_all(SubcontractorListState.create.fn(listing, {"company": " ", "email": "x"})))
    assert set(listing.errors) == {"company", "email"} and subs.list_subcontractors().rows == []
    run(_all(SubcontractorListState.create.fn(listing, {"company": "Kensington Masonry"})))
    (made,) = subs.list_subcontractors().rows
    detail = substate(root, SubcontractorState)
    detail.sub = {"id": made.id}
    run(SubcontractorState.save.fn(detail, {"company": "Kensington Masonry", "phone": "12"}))
    assert list(detail.errors) == ["phone"]
    run(SubcontractorState.set_active.fn(detail, False))
    assert detail.action_note.startswith("Deactivated") and detail.sub["active"] is False
    run(SubcontractorState.set_active.fn(detail, False))
    assert "already inactive" in detail.action_error


def test_the_upload_handler_passes_the_file_to_the_service(root, clerk, sub):
    token = sessions.start_session(clerk.id)
    cookie = f"staff_session_ref={sessions.session_ref(token)}"
    assert guarded(root, SubcontractorState, "upload_certificate", cookie) is None
    detail = substate(root, SubcontractorState)
    detail.sub, detail.cert_kind, detail.cert_expires = {"id": sub.id}, WC, "2027-05-01"

    def upload(content: bytes) -> None:
        scan = rx.UploadFile(file=io.BytesIO(content), path=Path("coi.pdf"))
        with time_machine.travel(at(TODAY), tick=False):
            run(_all(SubcontractorState.upload_certificate.fn(detail, [scan])))

    upload(b"just text, named .pdf")
    assert "not a PDF, JPEG or PNG" in detail.action_error and certificates_of(sub) == []
    upload(PDF)
    assert detail.action_error == "" and detail.cert_expires == ""
    (status,) = [s for s in detail.sub["statuses"] if s["kind"] == WC]
    assert status["words"] == "In force until May 1, 2027"
    assert certificates_of(sub)[0].file_name == "coi.pdf"
