"""The one-time links e-mailed to staff (an invitation, a password reset): a random token whose
hash alone the server keeps, used once, withdrawn when replaced, and expiring (invitation 48
hours, password reset 1 hour)."""

import secrets
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import LinkKind, Role, StaffLink, utc_now
from renovation_app.services.errors import ActionRefused
from renovation_app.services.mail import About, EmailKind, build_email, queue_email
from renovation_app.services.staff.passwords import AccountError, hash_password, hash_token
from renovation_app.services.staff.sessions import aware
from renovation_app.settings import settings

LINK_LIFETIME = {
    LinkKind.INVITATION: timedelta(hours=48),
    LinkKind.PASSWORD_RESET: timedelta(hours=1),
}
LINK_PATH = {LinkKind.INVITATION: "/welcome/", LinkKind.PASSWORD_RESET: "/reset-password/"}
LINK_DEAD_MESSAGE = "This link has expired or was already used. Ask for a new one."


def new_link(
    session: Session,
    kind: LinkKind,
    email: str,
    now: datetime,
    role: Role = Role.STAFF,
    user_id: int | None = None,
    created_by: int | None = None,
) -> tuple[StaffLink, str]:
    """The link's row (with its id, which its e-mail names) and the token to mail."""
    token = secrets.token_urlsafe(32)
    link = StaffLink(
        kind=kind,
        token_hash=hash_token(token),
        email=email,
        role=role,
        user_id=user_id,
        created_by=created_by,
        created_at=now,
        expires_at=now + LINK_LIFETIME[kind],
    )
    session.add(link)
    session.flush()
    return link, token


def close_links(session: Session, kind: LinkKind, email: str, now: datetime, column: str) -> None:
    """Mark the open links of this kind for this address used or withdrawn."""
    session.exec(
        update(StaffLink)
        .where(
            StaffLink.kind == kind,
            StaffLink.email == email,
            StaffLink.used_at.is_(None),
            StaffLink.withdrawn_at.is_(None),
        )
        .values({column: now})
    )


def mail_link(session: Session, link: StaffLink, token: str, **context) -> None:
    """Queue the link's e-mail, about the link's row, so its delivery shows beside it."""
    invitation = link.kind == LinkKind.INVITATION
    url = settings.url(LINK_PATH[link.kind] + token)
    email_kind = EmailKind.STAFF_INVITATION if invitation else EmailKind.PASSWORD_RESET
    message = build_email(email_kind, link.email, link=url, **context)
    queue_email(session, message, About.STAFF_LINK, link.id)


def live_link(session: Session, kind: LinkKind, token: str, now: datetime) -> StaffLink | None:
    link = session.exec(select(StaffLink).where(StaffLink.token_hash == hash_token(token))).first()
    if (
        link is None
        or link.kind != kind
        or link.used_at is not None
        or link.withdrawn_at is not None
        or aware(link.expires_at) <= now
    ):
        return None
    return link


def link_email(kind: LinkKind, token: str, now: datetime | None = None) -> str:
    """The address a live link is for ("" when it is dead), for its page to show."""
    with db_session() as session:
        link = live_link(session, kind, token, now or utc_now())
        return link.email if link else ""


def chosen_password_hash(password: str) -> str:
    """The hash of a password the person chose on a link's page; refused with the rule."""
    try:
        return hash_password(password)
    except AccountError as bad:
        raise ActionRefused(str(bad)) from bad
