"""A mobile number's consent to texts: recorded with its time and source, latest word wins."""

from sqlmodel import Session, select

from renovation_app.models import ConsentSource, TextConsent
from renovation_app.services.audit import record, record_staff_action
from renovation_app.services.texts.gateway import e164


def record_consent(
    session: Session,
    phone: str,
    consented: bool,
    source: ConsentSource,
    customer_id: int | None = None,
    user=None,
) -> TextConsent:
    """Add a yes or no for a number in the caller's transaction, with an audit row. The
    office's noting of a customer's word needs the member of staff who noted it."""
    number = e164(phone)
    if number is None:
        raise ValueError("not a phone number")
    if source == ConsentSource.OFFICE and user is None:
        raise ValueError("the office's noting of consent names who noted it")
    row = TextConsent(
        phone=number,
        customer_id=customer_id,
        consented=consented,
        source=source,
        recorded_by=user.id if user else None,
    )
    session.add(row)
    action = "text_consent_given" if consented else "text_consent_withdrawn"
    detail = f"{number} ({source})"
    if user is not None:
        record_staff_action(session, action, user, "customer", customer_id or "", detail)
    else:
        record(
            session,
            action,
            actor=source,
            record_kind="customer",
            record_id=customer_id or "",
            detail=detail,
        )
    return row


def latest_consent(session: Session, phone: str) -> TextConsent | None:
    number = e164(phone)
    if number is None:
        return None
    return session.exec(
        select(TextConsent)
        .where(TextConsent.phone == number)
        .order_by(TextConsent.recorded_at.desc(), TextConsent.id.desc())
        .limit(1)
    ).first()


def may_text(session: Session, phone: str) -> bool:
    """True only when the number's latest word is yes (never asked is no)."""
    latest = latest_consent(session, phone)
    return latest is not None and latest.consented
