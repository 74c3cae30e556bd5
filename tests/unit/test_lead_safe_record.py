"""The record of lead-safe work (EPA RRP, 40 CFR 745.86(b)(6)) of a home built before 1978 says
only what was done: the crew records each practice on the job's daily log (who, when, the
photos, the cleaning verification card's result), the record prints each with its days or "Not
recorded", the certified renovator signs it in the app (name, time, SHA-256; locked from then
on), the final invoice waits with a warning while something is missing, its e-mail says what it
carries, and the job's signed papers list the record once it exists."""

import hashlib
import inspect
import io
from datetime import datetime, time, timedelta

import pytest
import reflex as rx
import time_machine
from pypdf import PdfReader
from reflex.istate.data import HeaderData, ReflexURL, URLData
from reflex_base.event import Event
from sqlmodel import select

from renovation_app.content.business import BUSINESS_TIMEZONE
from renovation_app.db import db_session
from renovation_app.models import (
    Invoice,
    JobNote,
    OutboxAttachment,
    Signature,
)
from renovation_app.services import compliance, jobs, photos
from renovation_app.services.billing import business_today, long_date, when_display
from renovation_app.services.errors import ActionRefused
from renovation_app.services.staff import sessions
from renovation_app.settings import settings
from renovation_app.state.jobs import JobDetailState
from renovation_app.state.record import RecordGuard
from renovation_app.state.staff.guard import StaffGuard
from tests.factories import accepted_estimate, bill, job_of, mails, signed_in, staff_user, stages_of
from tests.factories.costs import audit_rows
from tests.factories.lead_safe import record_practice, sign_record
from tests.unit.test_staff_state import ref, run, substate

KITCHEN = [
    {
        "description": "Kitchen cabinets and counters",
        "quantity": "1",
        "unit_price": "20,000",
        "tax_category": "capital_improvement",
    },
]
FIRST, SECOND = business_today() + timedelta(days=1), business_today() + timedelta(days=2)
# Each practice but the cleaning verification, as the crew records them on the first day.
BEFORE_VERIFICATION = (
    ("signs", True),
    ("containment", True),
    ("no_prohibited", False),
    ("waste", False),
    ("cleaning", False),
)
pytestmark = pytest.mark.usefixtures("photo_storage", "rrp_settings")


@pytest.fixture
def rrp_settings(monkeypatch, contract_settings):
    monkeypatch.setattr(settings, "rrp_firm_certificate", "NAT-F123456-1")
    monkeypatch.setattr(settings, "rrp_renovator_name", "Sam Builder")
    monkeypatch.setattr(settings, "rrp_renovator_certificate", "R-0987654")


@pytest.fixture
def renovator(admin):
    """Sam Builder, the certified renovator the settings name: a member of staff."""
    return staff_user(name="Sam Builder", email="sam.builder@example.com")


@pytest.fixture
def crew(admin):
    return staff_user(name="Rita Crew", email="rita@example.com")


def job_built(admin, year: str, token: str = "lead-job"):
    estimate = accepted_estimate(admin, token, lines=KITCHEN, year_built=year, deposit_kind="none")
    return job_of(estimate)


def pdf_text(content: bytes) -> str:
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def record_text(job) -> str:
    return pdf_text(compliance.document_pdf(job.number, "lead-safe-record")[1])


def record_all_but_the_verification(job, who, with_photos: bool = True) -> None:
    """Every practice but the cleaning verification on the first day, each with the photo the
    rule expects (or none)."""
    for practice, photo in BEFORE_VERIFICATION:
        key = f"ls-{practice}".replace("_", "-")
        record_practice(job, who, practice, key, photo=photo and with_photos, day=FIRST)


def final_mail_files(invoice: Invoice) -> tuple:
    (mail,) = [m for m in mails("invoice") if m.about_id == invoice.id]
    with db_session() as session:
        files = session.exec(
            select(OutboxAttachment)
            .where(OutboxAttachment.email_id == mail.id)
            .order_by(OutboxAttachment.id)
        ).all()
    return mail, files


def test_a_1962_homes_record_lists_what_the_crew_recorded_on_two_days_signed_by_the_renovator(
    admin, renovator, crew
):
    job = job_built(admin, "1962")
    record_all_but_the_verification(job, crew)
    record_practice(job, crew, "waste", "ls-waste-2", text="Bags sealed, taken away", day=SECOND)
    record_practice(
        job,
        renovator,
        "verification",
        "ls-verify",
        result="reclean_pass",
        text="3 sills, 2 floor areas: 5 wet cloths",
        day=SECOND,
    )
    signing = datetime.combine(SECOND, time(16, 30), BUSINESS_TIMEZONE)
    with time_machine.travel(signing, tick=False):
        assert sign_record(job, renovator, "sam  builder") == "Sam Builder"

    final = bill(job, "final", admin)  # nothing is missing: no warning
    _mail, files = final_mail_files(final)
    text = pdf_text(files[1].content)
    assert text == record_text(job)  # the job's copy prints the same record
    first, second = long_date(FIRST), long_date(SECOND)
    for said in (
        "Warning signs were posted at the entrances to the work area. (40 CFR 745.85(a)(1))",
        f"Recorded {first}, Rita Crew, 1 photo",
        f"Recorded {first}, Rita Crew Recorded {second}, Rita Crew: Bags sealed, taken away",
        "the certified renovator verified the cleaning with the cleaning verification card. "
        "(40 CFR 745.85(b))",
        f"Recorded {second}, Sam Builder: Re-cleaned, then passed: the second wet cloths matched "
        "the card; 3 sills, 2 floor areas: 5 wet cloths",
        "I certify under penalty of law that the above information is true and complete.",
        f"Signed in the app by Sam Builder, certified renovator, on {when_display(signing)}.",
        "NAT-F123456-1",
        "R-0987654",
        "Signed by Maria Lopez",
    ):
        assert said.casefold() in text.casefold(), said
    assert "Not recorded" not in text and "✓" not in text and "not signed" not in text.lower()
    with db_session() as session:
        (signature,) = session.exec(select(Signature).where(Signature.kind == "lead_safe_record"))
    assert (signature.record_id, signature.signer_name) == (job.id, "Sam Builder")
    assert signature.signed_at == signing and signature.recorded_by == renovator.id
    assert signature.document_sha256 == hashlib.sha256(signature.document.encode()).hexdigest()
    assert f"SHA-256 of the record signed: {signature.document_sha256}" in text
    assert [row.detail for row in audit_rows("job.lead_safe_signed")] == [
        "Record of lead-safe work signed by Sam Builder (by Sam Builder)"
    ]


def test_a_practice_nobody_recorded_prints_as_not_recorded_never_ticked(admin):
    job = job_built(admin, "1962")
    text = record_text(job)
    assert text.count("Not recorded") == 6 and "✓" not in text
    assert "Not signed by the certified renovator." in text
    assert "attached" not in text  # no receipt is attached to it: it says none is


def test_the_final_invoice_waits_with_a_warning_while_the_cleaning_verification_is_missing(
    admin, crew
):
    job = job_built(admin, "1962")
    record_all_but_the_verification(job, crew)
    with pytest.raises(jobs.LeadSafeNeedsConfirming) as waiting:
        bill(job, "final", admin)
    assert waiting.value.words == (
        "The record of lead-safe work is missing: Cleaning verification: not recorded; the "
        "certified renovator's signature."
    )
    assert "Confirm to make the final invoice anyway." in waiting.value.message
    assert mails("invoice") == [] and not [s for s in stages_of(job) if s.invoice_id]
    (final_stage,) = [s for s in stages_of(job) if s.kind == "final"]
    older = "The record of lead-safe work is missing: the certified renovator's signature."
    with pytest.raises(jobs.LeadSafeNeedsConfirming):  # confirming other words confirms nothing
        jobs.bill_stage(job.number, final_stage.id, signed_in(admin), None, older)

    final = jobs.bill_stage(job.number, final_stage.id, signed_in(admin), None, waiting.value.words)
    (confirmed,) = audit_rows("job.lead_safe_confirmed")
    assert confirmed.detail == f"Final invoice {final.number} made anyway: {waiting.value.words}"
    text = pdf_text(final_mail_files(final)[1][1].content)
    assert "(40 CFR 745.85(b)) Not recorded" in text and "Not signed by the certified" in text


def test_photos_the_rule_expects_are_asked_for_before_the_final_invoice(admin, crew, renovator):
    job = job_built(admin, "1962")
    record_all_but_the_verification(job, crew, with_photos=False)
    record_practice(job, renovator, "verification", "ls-verify", result="pass", day=SECOND)
    sign_record(job, renovator, "Sam Builder")
    with pytest.raises(jobs.LeadSafeNeedsConfirming) as waiting:
        bill(job, "final", admin)
    assert waiting.value.words == (
        "The record of lead-safe work is missing: Warning signs posted: no photo; Work area "
        "contained: no photo."
    )


def test_only_an_admin_or_the_named_renovator_signs_in_the_renovators_name_once(
    admin, clerk, renovator, crew
):
    job = job_built(admin, "1962")
    record_practice(job, crew, "signs", "ls-signs", photo=True, day=FIRST)
    with pytest.raises(ActionRefused, match="cleaning verification is not recorded"):
        sign_record(job, renovator, "Sam Builder")
    record_practice(job, renovator, "verification", "ls-verify", result="dry_cloth", day=SECOND)
    with pytest.raises(ActionRefused, match="Only Sam Builder, the certified renovator, or an"):
        sign_record(job, clerk, "Sam Builder")
    with pytest.raises(ActionRefused, match="as the settings hold it: Sam Builder"):
        sign_record(job, admin, "Bea Boss")
    seen = compliance.get_job_duties(job.number, signed_in(renovator)).lead_safe.sha256
    with pytest.raises(ActionRefused, match="tick the box"):
        compliance.sign_lead_safe_record(job.number, "Sam Builder", False, seen, signed_in(admin))
    record_practice(job, crew, "waste", "ls-waste", day=SECOND)  # after the renovator read it
    with pytest.raises(ActionRefused, match="changed since you read it"):
        compliance.sign_lead_safe_record(job.number, "Sam Builder", True, seen, signed_in(admin))
    assert not compliance.get_job_duties(job.number, signed_in(clerk)).lead_safe.may_sign

    assert sign_record(job, admin, "Sam Builder") == "Sam Builder"
    with pytest.raises(ActionRefused, match="already signed"):
        sign_record(job, renovator, "Sam Builder")
    with db_session() as session:
        query = select(Signature).where(Signature.kind == "lead_safe_record")
        (signature,) = session.exec(query.where(Signature.record_id == job.id))
    assert (signature.signer_name, signature.recorded_by) == ("Sam Builder", admin.id)
    assert not compliance.get_job_duties(job.number, signed_in(admin)).lead_safe.may_sign


def test_without_the_renovator_in_the_settings_nobody_signs(admin, renovator, monkeypatch):
    job = job_built(admin, "1962")
    record_practice(job, renovator, "verification", "ls-verify", result="pass")
    monkeypatch.setattr(settings, "rrp_renovator_certificate", "")
    with pytest.raises(ActionRefused, match="Set the certified renovator's name and certificate"):
        sign_record(job, admin, "Sam Builder")


def test_a_signed_record_is_locked_and_the_log_goes_on(admin, renovator, crew):
    job = job_built(admin, "1962")
    signs = record_practice(job, crew, "signs", "ls-signs", photo=True, day=FIRST)
    record_practice(job, renovator, "verification", "ls-verify", result="pass", day=SECOND)
    sign_record(job, renovator, "Sam Builder")
    before = record_text(job)
    with pytest.raises(ActionRefused, match="record of lead-safe work is signed"):
        record_practice(job, crew, "waste", "ls-waste")
    with pytest.raises(ActionRefused, match="signed record of lead-safe work: it stays"):
        photos.delete_note(job.number, signs, signed_in(crew))
    plain = photos.save_note(job.number, signed_in(crew), "plain-note-1", "Painted the hall")
    photos.delete_note(job.number, plain.id, signed_in(crew))
    assert record_text(job) == before


def test_a_log_note_records_a_practice_only_as_the_rule_has_it(admin, crew):
    job, newer = job_built(admin, "1962"), job_built(admin, "1990", "newer-home")
    who = signed_in(crew)
    with pytest.raises(ActionRefused, match="choose a lead-safe practice from the list"):
        photos.save_note(job.number, who, "note-key-01", "", "sanded", "")
    with pytest.raises(ActionRefused, match="choose a lead-safe practice from the list"):
        photos.save_note(job.number, who, "note-key-01", "", ["signs"], "")
    with pytest.raises(ActionRefused, match="cleaning verification card's result"):
        photos.save_note(job.number, who, "note-key-01", "", "verification", "")
    with pytest.raises(ActionRefused, match="not built before 1978"):
        photos.save_note(newer.number, who, "note-key-01", "", "signs", "")
    with pytest.raises(ActionRefused, match="Write what was done today"):
        photos.save_note(job.number, who, "note-key-01", "  ", "", "")
    photos.save_note(job.number, who, "note-key-02", "", "verification", "reclean_pass")
    photos.save_note(job.number, who, "note-key-03", "Front door sign", "signs", "pass")
    with db_session() as session:
        rows = session.exec(select(JobNote).where(JobNote.job_id == job.id).order_by(JobNote.id))
        kept = [(n.text, n.practice, n.cleaning_result) for n in rows]
    assert kept == [
        ("Cleaning verification", "verification", "reclean_pass"),
        ("Front door sign", "signs", ""),  # a result belongs to the cleaning verification only
    ]
    page = photos.job_photos(job.number)
    assert page.lead_safe and not photos.job_photos(newer.number).lead_safe
    assert [(n.practice, n.result) for n in page.notes] == [
        ("Lead-safe: Warning signs posted", ""),
        (
            "Lead-safe: Cleaning verification",
            "Re-cleaned, then passed: the second wet cloths matched the card",
        ),
    ]
    details = [row.detail for row in audit_rows("job_note.added")]
    assert any(detail.endswith(", lead-safe verification reclean_pass") for detail in details)


def test_the_signed_papers_list_the_record_once_it_is_made_or_signed(admin, renovator, crew):
    sent, signed = job_built(admin, "1962"), job_built(admin, "1962", "signed-job")

    def papers(job) -> dict[str, str]:
        duties = compliance.get_job_duties(job.number, signed_in(admin))
        return {d.name: d.words for d in duties.documents}

    assert "lead-safe-record" not in papers(sent) and "lead-safe-record" not in papers(signed)
    assert compliance.get_job_duties(sent.number).lead_safe.missing[-1] == (
        "the certified renovator's signature"
    )
    final = bill(sent, "final", admin, confirm_lead_safe=True)
    assert papers(sent)["lead-safe-record"] == (
        f"Sent with the final invoice {final.number}; not signed by the certified renovator"
    )
    record_practice(signed, renovator, "verification", "ls-verify", result="pass")
    sign_record(signed, renovator, "Sam Builder")
    assert papers(signed)["lead-safe-record"].startswith("Signed by Sam Builder, certified renov")


def test_the_final_invoices_email_says_exactly_what_it_carries(admin):
    job = job_built(admin, "1962")
    final = bill(job, "final", admin, confirm_lead_safe=True)
    mail, files = final_mail_files(final)
    assert [f.filename for f in files] == [
        f"invoice-{final.number}.pdf",
        f"lead-safe-record-{job.number}.pdf",
    ]
    also = f"Also attached: Record of lead-safe work practices of job {job.number} (PDF)."
    assert also in mail.text and also in mail.html
    assert "receipt attached" not in mail.text + pdf_text(files[1].content)
    newer = job_built(admin, "1990", "newer-home")
    plain = bill(newer, "final", admin)
    assert "Also attached" not in final_mail_files(plain)[0].text


# --- the job page's state ------------------------------------------------------------------


def press(root, handler: str, **payload) -> list:
    """An event of the job page as the server runs it (the guards first); what it yields."""
    event = Event(name=f"{JobDetailState.get_full_name()}.{handler}", payload=payload)
    for guard in (StaffGuard(), RecordGuard()):
        assert run(guard.preprocess(None, root, event)) is None
    result = getattr(JobDetailState, handler).fn(substate(root, JobDetailState), **payload)
    if inspect.isasyncgen(result):

        async def drain():
            return [item async for item in result]

        return run(drain())
    if inspect.iscoroutine(result):
        run(result)
    return []


def test_the_job_page_shows_the_warning_and_makes_the_invoice_once_it_is_ticked(admin):
    job = job_built(admin, "1962")
    root = rx.State(_reflex_internal_init=True)
    token = sessions.start_session(admin.id)
    root.rx_router_headers = HeaderData(cookie=f"staff_session_ref={ref(token)}")
    root.rx_router_url = URLData.from_url(ReflexURL(f"http://localhost:3000/jobs/{job.number}"))
    press(root, "load")
    page = substate(root, JobDetailState)
    assert page.duties["lead_safe"]["missing"][0] == "Warning signs posted: not recorded"
    (final_stage,) = [s for s in stages_of(job) if s.kind == "final"]

    assert press(root, "bill_stage", stage_id=final_stage.id) == []  # no invoice opens
    assert page.lead_safe_warning.startswith("The record of lead-safe work is missing: Warning")
    assert page.action_error == "" and mails("invoice") == []
    assert press(root, "bill_stage", stage_id=final_stage.id) == []  # not ticked: still waits
    press(root, "set_lead_safe_ticked", ticked=True)
    (opened,) = press(root, "bill_stage", stage_id=final_stage.id)
    assert isinstance(opened, rx.event.EventSpec) and len(mails("invoice")) == 1
    assert page.lead_safe_warning == "" and not page.lead_safe_ticked
