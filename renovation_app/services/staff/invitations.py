"""Invitations: an admin e-mails a one-time link that makes a staff account with a role, may
send it again or withdraw it, and the invited person sets a name and a password."""

from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import LinkKind, Role, StaffLink, User, utc_now
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import check_email
from renovation_app.services.limits import lock_key
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.staff import links as staff_links
from renovation_app.services.staff.admins import (
    admin_with_two_step,
    audit_by_admin,
    confirmed_admin,
)
from renovation_app.services.staff.auth import record_sign_in
from renovation_app.services.staff.sessions import SignedInUser
from renovation_app.services.staff.users import normalise_email


def invite(
    admin: SignedInUser, email: str, role: str, code: str, now: datetime | None = None
) -> None:
    """E-mail a one-time link that makes an account with this role (an earlier open invitation
    of the same address is withdrawn)."""
    now = now or utc_now()
    errors: dict[str, str] = {}
    email = normalise_email(check_email(errors, "email", email.strip()))
    if errors:
        raise ActionRefused("Please give a valid e-mail address.")
    if role not in (Role.STAFF, Role.ADMIN):
        raise ActionRefused("Choose a role: staff or admin.")
    confirmed_admin(admin, code, now)
    with db_session() as session:
        lock_key(session, "staff-accounts", now)
        admin_with_two_step(session, admin)
        if session.exec(select(User).where(User.email == email)).first() is not None:
            raise ActionRefused(f"{email} already has an account.")
        staff_links.close_links(session, LinkKind.INVITATION, email, now, "withdrawn_at")
        link, token = staff_links.new_link(
            session, LinkKind.INVITATION, email, now, Role(role), created_by=admin.id
        )
        staff_links.mail_link(session, link, token, inviter=admin.name, role=role)
        audit_by_admin(session, "staff.invited", admin, email, detail=f"as {role}")
        session.commit()
    wake_outbox_worker()


def _open_invitation(session: Session, link_id: int, now: datetime) -> StaffLink:
    link = session.get(StaffLink, link_id)
    if (
        link is None
        or link.kind != LinkKind.INVITATION
        or link.used_at is not None
        or link.withdrawn_at is not None
    ):
        raise ActionRefused("That invitation is no longer open.")
    return link


def _withdraw(session: Session, admin: SignedInUser, link_id: int, now: datetime) -> StaffLink:
    """An admin takes back an open invitation (the link stops working) under the staff lock."""
    lock_key(session, "staff-accounts", now)
    admin_with_two_step(session, admin)
    link = _open_invitation(session, link_id, now)
    link.withdrawn_at = now
    session.add(link)
    return link


def resend_invitation(
    admin: SignedInUser, link_id: int, code: str, now: datetime | None = None
) -> None:
    """A fresh link (48 hours again) in place of the old one, which stops working."""
    now = now or utc_now()
    confirmed_admin(admin, code, now)
    with db_session() as session:
        link = _withdraw(session, admin, link_id, now)
        role = Role(link.role)
        new, token = staff_links.new_link(
            session, LinkKind.INVITATION, link.email, now, role, created_by=admin.id
        )
        staff_links.mail_link(session, new, token, inviter=admin.name, role=role)
        audit_by_admin(session, "staff.invitation_resent", admin, link.email)
        session.commit()
    wake_outbox_worker()


def withdraw_invitation(admin: SignedInUser, link_id: int, now: datetime | None = None) -> None:
    with db_session() as session:
        link = _withdraw(session, admin, link_id, now or utc_now())
        audit_by_admin(session, "staff.invitation_withdrawn", admin, link.email)
        session.commit()


def accept_invitation(
    token: str, name: str, password: str, now: datetime | None = None
) -> SignedInUser:
    """The invited person sets a name and a password; the account exists from now on."""
    now = now or utc_now()
    name = " ".join(name.split())
    if not 1 <= len(name) <= 100:
        raise ActionRefused("Please give your name (1 to 100 characters).")
    password_hash = staff_links.chosen_password_hash(password)
    with db_session() as session:
        lock_key(session, "staff-accounts", now)
        link = staff_links.live_link(session, LinkKind.INVITATION, token, now)
        inviter = session.get(User, link.created_by) if link and link.created_by else None
        # An invitation stands only while its admin does (one since demoted or deactivated,
        # perhaps after a compromise, no longer brings anyone in).
        if link is None or inviter is None or not inviter.active or inviter.role != Role.ADMIN:
            raise ActionRefused(staff_links.LINK_DEAD_MESSAGE)
        user = User(email=link.email, name=name, password_hash=password_hash, role=link.role)
        session.add(user)
        link.used_at = now
        session.add(link)
        try:
            session.flush()
        except IntegrityError as taken:
            raise ActionRefused(f"{link.email} already has an account.") from taken
        audit.record_own_account(session, "staff.joined", user, f"as {user.role}")
        session.commit()
        user_id = user.id
    return record_sign_in(user_id, "invitation", now)
