"""What staff see of the e-mails about a record: each one's delivery in plain words, the list
of a record's e-mails and the newest one's delivery for the rows of a list."""

from sqlalchemy import and_, func
from sqlmodel import Session, select

from renovation_app.models import Channel, Delivery, OutboxEmail, OutboxStatus
from renovation_app.services.billing import EmailView, iso, when_display
from renovation_app.services.mail.kinds import About

DELIVERY_WORDS = {
    Delivery.DELIVERED: "delivered",
    Delivery.DELAYED: "delivery delayed",
    Delivery.BOUNCED: "bounced",
    Delivery.COMPLAINED: "marked as spam by the recipient",
}


def delivery_words(email: OutboxEmail) -> str:
    """The delivery status of an outbox e-mail in plain words: accepted ("sent"), then what the
    provider reported (delivered, bounced ...) with when and why."""
    reason = email.last_error[:120]
    if email.status == OutboxStatus.SENT and email.delivery:
        words = DELIVERY_WORDS.get(email.delivery, email.delivery)
        when = when_display(email.delivery_at) if email.delivery_at else ""
        detail = f": {email.delivery_detail[:120]}" if email.delivery_detail else ""
        return f"{words} {when}{detail}".replace(" :", ":").strip()
    if email.status == OutboxStatus.SENT:
        return "sent"
    if email.status == OutboxStatus.CANCELLED:
        return "cancelled before sending"
    if email.status == OutboxStatus.LOGGED:
        return "logged (no mail service configured)"
    if email.status == OutboxStatus.FAILED:
        return f"failed: {reason}" if reason else "failed"
    if email.status == OutboxStatus.QUEUED and email.attempts:
        tries = "attempt" if email.attempts == 1 else "attempts"
        return f"queued for retry ({email.attempts} {tries} so far: {reason})"
    return str(email.status)  # queued (first try pending) or sending


def _emails_about(about: About, about_ids: list[int]):
    """The e-mails (not the texts: `texts.views` shows those) about these records."""
    return and_(
        OutboxEmail.channel == Channel.EMAIL,
        OutboxEmail.about_kind == about,
        OutboxEmail.about_id.in_(about_ids),
    )


def emails_about(session: Session, about: About, about_ids: list[int]) -> tuple[EmailView, ...]:
    """Every e-mail about these records (an invoice, an estimate's revisions), oldest first,
    with its delivery in words: what the record's staff page lists."""
    if not about_ids:
        return ()
    emails = session.exec(
        select(OutboxEmail).where(_emails_about(about, about_ids)).order_by(OutboxEmail.id)
    )
    return tuple(
        EmailView(
            id=email.id,
            to=email.to,
            subject=email.subject,
            status=str(email.status),
            delivery=delivery_words(email),
            queued_at=iso(email.created_at),
            sent_at=iso(email.sent_at),
        )
        for email in emails
    )


def latest_delivery(session: Session, about: About, about_ids: list[int]) -> dict[int, str]:
    """The delivery words of the newest e-mail about each record (none sent: no entry), for
    the rows of a list (invoices, invitations)."""
    if not about_ids:
        return {}
    latest_ids = (
        select(func.max(OutboxEmail.id))
        .where(_emails_about(about, about_ids))
        .group_by(OutboxEmail.about_id)
    )
    emails = session.exec(select(OutboxEmail).where(OutboxEmail.id.in_(latest_ids))).all()
    return {email.about_id: delivery_words(email) for email in emails}
