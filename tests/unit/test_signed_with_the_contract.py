"""What the owner signs with the contract: Form ST-124 for capital improvement work, the lead
pamphlet's receipt for a home built before 1978. Refused unless ticked; kept as Signature rows;
printed as PDFs on the job; the ST-124 copied to a subcontractor; the final invoice untaxed and
carrying the record of lead-safe work."""

import io

import pytest
from pypdf import PdfReader
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Invoice, OutboxAttachment, Signature
from renovation_app.services import compliance, estimates
from renovation_app.services.compliance.duties import job_duties
from renovation_app.services.errors import ActionRefused
from renovation_app.settings import settings
from tests.factories import (
    SIGNER_CLIENT,
    accepted_estimate,
    bill,
    estimate_token,
    job_of,
    mails,
    sent_estimate,
)
from tests.factories.costs import insured_sub, sub_bill_of

KITCHEN = [
    {
        "description": "Kitchen cabinets and counters",
        "quantity": "1",
        "unit_price": "20,000",
        "tax_category": "capital_improvement",
    },
]
REPAIR = [
    {
        "description": "Fix a leaking faucet",
        "quantity": "1",
        "unit_price": "300",
        "tax_category": "repair",
    },
]


@pytest.fixture
def rrp_settings(monkeypatch, contract_settings):
    monkeypatch.setattr(settings, "rrp_firm_certificate", "NAT-F123456-1")
    monkeypatch.setattr(settings, "rrp_renovator_name", "Sam Builder")
    monkeypatch.setattr(settings, "rrp_renovator_certificate", "R-0987654")


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def signatures() -> list[Signature]:
    with db_session() as session:
        return list(session.exec(select(Signature).order_by(Signature.id)))


def test_a_capital_improvement_in_a_1962_house_asks_for_both_and_refuses_without(
    admin, rrp_settings
):
    sent = sent_estimate(admin, "cap-1962", lines=KITCHEN, year_built="1962")
    token = estimate_token(sent)
    view = estimates.read_link(token).estimate
    assert [c.kind for c in view.to_sign] == ["st124", "lead_pamphlet"]
    st124 = dict(view.to_sign[0].fields)
    assert st124["Owner"] == "Maria Lopez" and st124["Contractor's licence"] == "2099999-DCA"
    assert st124["Capital improvement"] == "Kitchen cabinets and counters"
    for ticked, missing in (([], "Form ST-124"), (["st124"], "lead hazard information pamphlet")):
        with pytest.raises(ActionRefused, match=missing):
            estimates.accept(token, [], "Maria Lopez", True, SIGNER_CLIENT, certificates=ticked)
    assert signatures() == [] and estimates.read_link(token).state == "open"
    estimates.accept(
        token, [], "Maria Lopez", True, SIGNER_CLIENT, certificates=["st124", "lead_pamphlet"]
    )
    owner_copy = next(m for m in mails("estimate_signed") if m.to == "maria@example.com")
    with db_session() as session:
        attached = session.exec(
            select(OutboxAttachment).where(OutboxAttachment.email_id == owner_copy.id)
        ).all()
    assert [a.filename for a in attached] == [
        f"contract-{sent.number}.pdf",
        f"st124-{sent.number}.pdf",
        f"lead-pamphlet-receipt-{sent.number}.pdf",
    ]
    assert "Signed by Maria Lopez" in pdf_text(attached[1].content)
    assert "Receipt of the lead hazard information pamphlet" in owner_copy.text
    assert [(s.kind, s.signer_name, s.record_id) for s in signatures()] == [
        ("st124", "Maria Lopez", sent.id),
        ("lead_pamphlet", "Maria Lopez", sent.id),
    ]


def test_repair_work_in_a_newer_home_asks_for_neither(admin, contract_settings):
    sent = sent_estimate(admin, "repair-1990", lines=REPAIR, year_built="1990")
    assert estimates.read_link(estimate_token(sent)).estimate.to_sign == ()
    estimates.accept(estimate_token(sent), [], "Maria Lopez", True, SIGNER_CLIENT)
    assert signatures() == []


def test_the_job_holds_both_pdfs_and_the_final_invoice_is_untaxed_with_the_lead_safe_record(
    admin, rrp_settings
):
    estimate = accepted_estimate(
        admin, "cap-job", lines=KITCHEN, year_built="1962", deposit_kind="none"
    )
    job = job_of(estimate)
    with db_session() as session:
        duties = job_duties(session, job, job.created_at.date())
    # The record of lead-safe work is listed once it exists (tests/unit/test_lead_safe_record.py).
    assert [d.name for d in duties.documents] == ["st124", "lead-pamphlet-receipt"]
    assert duties.st124_flag == ""
    st124 = pdf_text(compliance.document_pdf(job.number, "st124")[1])
    assert "Form ST-124, Certificate of Capital Improvement" in st124
    assert "Signed by Maria Lopez" in st124 and "Kitchen cabinets and counters" in st124
    receipt = pdf_text(compliance.document_pdf(job.number, "lead-pamphlet-receipt")[1])
    assert "Renovate Right" in receipt and "1962" in receipt
    assert compliance.document_pdf(job.number, "something-else") is None

    final = bill(job, "final", admin, confirm_lead_safe=True)  # nothing recorded on the log
    with db_session() as session:
        invoice = session.get(Invoice, final.id)
        (mail,) = [m for m in mails("invoice") if m.about_id == invoice.id]
        files = session.exec(
            select(OutboxAttachment).where(OutboxAttachment.email_id == mail.id)
        ).all()
    assert invoice.tax_cents == 0 and invoice.total_cents == 20_000_00
    assert [f.filename for f in files] == [
        f"invoice-{invoice.number}.pdf",
        f"lead-safe-record-{job.number}.pdf",
    ]
    record = pdf_text(files[1].content)
    for text in ("NAT-F123456-1", "Sam Builder", "R-0987654", "Signed by Maria Lopez", "HEPA"):
        assert text in record


def test_a_home_built_in_1990_gets_no_lead_safe_record_with_its_final_invoice(
    admin, contract_settings
):
    job = job_of(
        accepted_estimate(admin, "new-home", lines=KITCHEN, year_built="1990", deposit_kind="none")
    )
    final = bill(job, "final", admin)
    with db_session() as session:
        (mail,) = [m for m in mails("invoice") if m.about_id == final.id]
        files = session.exec(
            select(OutboxAttachment.filename).where(OutboxAttachment.email_id == mail.id)
        ).all()
    assert files == [f"invoice-{final.number}.pdf"]
    assert compliance.document_pdf(job.number, "lead-safe-record") is None


def test_the_st124_is_copied_to_a_subcontractor_of_the_job_only(admin, user, rrp_settings):
    job = job_of(accepted_estimate(admin, "cap-sub", lines=KITCHEN, year_built="1962"))
    plumber = insured_sub("Gowanus Plumbing LLC", admin, email="bills@gowanus.example")
    stranger = insured_sub("Elsewhere Electric", admin, email="office@elsewhere.example")
    sub_bill_of(job, plumber, by=admin)
    with db_session() as session:
        assert job_duties(session, job, job.created_at.date()).subcontractors == [
            [plumber.id, "Gowanus Plumbing LLC"]
        ]
    with pytest.raises(ActionRefused, match="a bill on this job"):
        compliance.send_st124_copy(job.number, stranger.id, user)
    assert compliance.send_st124_copy(job.number, plumber.id, user) == "Gowanus Plumbing LLC"
    (mail,) = mails("certificate_copy")
    assert mail.to == "bills@gowanus.example" and job.number in mail.subject
    with db_session() as session:
        (attached,) = session.exec(
            select(OutboxAttachment).where(OutboxAttachment.email_id == mail.id)
        ).all()
    assert "Certificate of Capital Improvement" in pdf_text(attached.content)


def test_a_job_without_a_signed_st124_is_flagged_and_has_no_copy_to_send(
    admin, user, contract_settings
):
    estimate = accepted_estimate(admin, "cap-old", lines=KITCHEN)
    with db_session() as session:  # a contract signed before the certificate was asked for
        for signature in session.exec(select(Signature)):
            session.delete(signature)
        session.commit()
    job = job_of(estimate)
    with db_session() as session:
        duties = job_duties(session, job, job.created_at.date())
    assert "No signed Form ST-124" in duties.st124_flag and duties.documents == []
    with pytest.raises(ActionRefused, match="has not signed a Form ST-124"):
        compliance.send_st124_copy(job.number, 1, user)


def test_an_optional_capital_improvement_left_out_asks_for_no_st124(admin, contract_settings):
    lines = [*REPAIR, {**KITCHEN[0], "optional": True}]
    sent = sent_estimate(admin, "optional-cap", lines=lines)
    token = estimate_token(sent)
    optional = next(line.id for line in estimates.read_link(token).estimate.lines if line.optional)
    assert [c.kind for c in estimates.read_link(token, [optional]).estimate.to_sign] == ["st124"]
    assert estimates.read_link(token, []).estimate.to_sign == ()
    estimates.accept(token, [], "Maria Lopez", True, SIGNER_CLIENT)  # nothing else to tick
    assert signatures() == []
