"""A lien waiver's document: exactly what the subcontractor signs (the canonical JSON whose
SHA-256 the signature keeps), read from the paid bill, never from the browser."""

from sqlmodel import Session

from renovation_app.content import BUSINESS
from renovation_app.content import lien_waivers as words
from renovation_app.content.costs import PAID_HOW
from renovation_app.models import CustomerLinkKind, Job, JobCost, LienWaiver, Subcontractor
from renovation_app.services import links
from renovation_app.services.billing import long_date
from renovation_app.services.billing.money import format_usd
from renovation_app.services.estimates.document import contractor_details

KIND = "lien_waiver"


def by_token(session: Session, token: object) -> LienWaiver | None:
    record_id = links.find_record(session, CustomerLinkKind.LIEN_WAIVER, token)
    return session.get(LienWaiver, record_id) if record_id is not None else None


def link_url_of(session: Session, waiver: LienWaiver) -> str:
    return links.current_link_url(session, CustomerLinkKind.LIEN_WAIVER, waiver.id)


def waiver_document(session: Session, waiver: LienWaiver) -> dict:
    job = session.get(Job, waiver.job_id)
    cost = session.get(JobCost, waiver.cost_id)
    sub = session.get(Subcontractor, waiver.subcontractor_id)
    how = PAID_HOW.get(cost.paid_how, cost.paid_how)
    if cost.paid_reference:
        how += f" {cost.paid_reference}"
    values = {
        "subcontractor": sub.company,
        "contractor": BUSINESS.legal_name,
        "amount": format_usd(waiver.amount_cents),
        "paid_on": long_date(waiver.paid_on),
        "how": how,
        "address": job.address or "the job's address",
        "job": job.number,
    }
    return {
        "title": words.TITLE,
        **values,
        "contractor_details": contractor_details(),
        "licence": sub.licence_number,
        "bill": cost.description,
        "release": words.RELEASE.format(**values),
        "not_waived": words.NOT_WAIVED.format(**values),
        "agreement": words.AGREEMENT,
    }
