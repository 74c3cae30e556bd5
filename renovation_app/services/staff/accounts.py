"""Staff accounts run from the site: invitations, roles, deactivation, password resets.

Every one-time link is a random token e-mailed to the person; the server keeps its hash. A link
is used once, can be withdrawn, and expires (invitation 48 hours, password reset 1 hour).
Admins manage staff only with two-step sign-in on, and the last active admin stays an admin.
"""

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, func, select

from renovation_app.db import db_session
from renovation_app.models import LinkKind, Role, StaffLink, User, utc_now
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import check_email
from renovation_app.services.limits import allow, client_fingerprint, lock_key
from renovation_app.services.mail import (
    About,
    EmailKind,
    build_email,
    latest_delivery,
    queue_email,
    wake_outbox_worker,
)
from renovation_app.services.staff import auth, passwords, sessions, two_step, users
from renovation_app.settings import settings

LINK_LIFETIME = {
    LinkKind.INVITATION: timedelta(hours=48),
    LinkKind.PASSWORD_RESET: timedelta(hours=1),
}
LINK_PATH = {LinkKind.INVITATION: "/welcome/", LinkKind.PASSWORD_RESET: "/reset-password/"}
# "Forgot password?" requests per client address in the window (like sign-in's limit).
RESET_REQUESTS = 5
RESET_WINDOW = timedelta(minutes=15)
# ... and reset mails per address in the window, so changing addresses floods no mailbox.
RESET_MAILS_PER_ADDRESS = 3
RESET_REQUESTED_MESSAGE = (
    "If that address belongs to a staff account, a link to set a new password is on its way. "
    "It works for one hour."
)
LINK_DEAD_MESSAGE = "This link has expired or was already used. Ask for a new one."
LAST_ADMIN_MESSAGE = "The last active admin cannot be demoted or deactivated."


@dataclass(frozen=True)
class StaffMember:
    id: int
    email: str
    name: str
    role: str
    active: bool
    two_step: bool
    last_sign_in_at: datetime | None


@dataclass(frozen=True)
class Invitation:
    id: int
    email: str
    role: str
    sent_at: datetime
    expires_at: datetime
    delivery: str = ""  # its e-mail's delivery in words (bounced ...), "" before one is queued


def staff_overview(now: datetime | None = None) -> tuple[list[StaffMember], list[Invitation]]:
    """Every account (active first), and the invitations still open."""
    now = now or utc_now()
    with db_session() as session:
        users = session.exec(select(User).order_by(User.active.desc(), User.name)).all()
        links = session.exec(
            select(StaffLink)
            .where(
                StaffLink.kind == LinkKind.INVITATION,
                StaffLink.used_at.is_(None),
                StaffLink.withdrawn_at.is_(None),
            )
            .order_by(StaffLink.created_at.desc())
        ).all()
        members = [
            StaffMember(
                u.id, u.email, u.name, u.role, u.active, two_step.is_on(u), u.last_sign_in_at
            )
            for u in users
        ]
        links = [link for link in links if sessions.aware(link.expires_at) > now]
        delivery = latest_delivery(session, About.STAFF_LINK, [link.id for link in links])
        invitations = [
            Invitation(
                link.id,
                link.email,
                link.role,
                link.created_at,
                link.expires_at,
                delivery.get(link.id, ""),
            )
            for link in links
        ]
    return members, invitations


def _confirmed_admin(admin: sessions.SignedInUser, code: str, now: datetime) -> None:
    """Before a change to who may do what: an active admin who gives a fresh two-step code
    (a stolen admin session alone cannot make a new admin). Spends the code."""
    with db_session() as session:
        user = session.get(User, admin.id)
        if user is None or not user.active or user.role != Role.ADMIN:
            raise ActionRefused("Only an admin can manage staff accounts.")
    two_step.confirm_with_code(admin.id, code, "change staff accounts", now)


def _admin_with_two_step(session: Session, admin: sessions.SignedInUser) -> None:
    """Managing staff: an active admin with two-step sign-in on, checked in the database."""
    user = session.get(User, admin.id)
    if user is None or not user.active or user.role != Role.ADMIN:
        raise ActionRefused("Only an admin can manage staff accounts.")
    two_step.require_two_step(session, admin.id)


def _by_admin(
    session: Session, action: str, admin: sessions.SignedInUser, email: str, **extra
) -> None:
    """The audit row of an admin's change to the account (or invitation) of `email`."""
    audit.record(session, action, user_id=admin.id, record_kind="user", record_id=email, **extra)


def _new_link(
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
        token_hash=passwords.hash_token(token),
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


def _close_links(session: Session, kind: LinkKind, email: str, now: datetime, column: str) -> None:
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


def _mail_link(session: Session, link: StaffLink, token: str, **context) -> None:
    """Queue the link's e-mail, about the link's row, so its delivery shows beside it."""
    invitation = link.kind == LinkKind.INVITATION
    url = settings.url(LINK_PATH[link.kind] + token)
    email_kind = EmailKind.STAFF_INVITATION if invitation else EmailKind.PASSWORD_RESET
    message = build_email(email_kind, link.email, link=url, **context)
    queue_email(session, message, About.STAFF_LINK, link.id)


# --- invitations --------------------------------------------------------------------------------


def invite(
    admin: sessions.SignedInUser, email: str, role: str, code: str, now: datetime | None = None
) -> None:
    """E-mail a one-time link that makes an account with this role (an earlier open invitation
    of the same address is withdrawn)."""
    now = now or utc_now()
    errors: dict[str, str] = {}
    email = users.normalise_email(check_email(errors, "email", email.strip()))
    if errors:
        raise ActionRefused("Please give a valid e-mail address.")
    if role not in (Role.STAFF, Role.ADMIN):
        raise ActionRefused("Choose a role: staff or admin.")
    _confirmed_admin(admin, code, now)
    with db_session() as session:
        lock_key(session, "staff-accounts", now)
        _admin_with_two_step(session, admin)
        if session.exec(select(User).where(User.email == email)).first() is not None:
            raise ActionRefused(f"{email} already has an account.")
        _close_links(session, LinkKind.INVITATION, email, now, "withdrawn_at")
        link, token = _new_link(
            session, LinkKind.INVITATION, email, now, Role(role), created_by=admin.id
        )
        _mail_link(session, link, token, inviter=admin.name, role=role)
        _by_admin(session, "staff.invited", admin, email, detail=f"as {role}")
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


def _withdraw(
    session: Session, admin: sessions.SignedInUser, link_id: int, now: datetime
) -> StaffLink:
    """An admin takes back an open invitation (the link stops working) under the staff lock."""
    lock_key(session, "staff-accounts", now)
    _admin_with_two_step(session, admin)
    link = _open_invitation(session, link_id, now)
    link.withdrawn_at = now
    session.add(link)
    return link


def resend_invitation(
    admin: sessions.SignedInUser, link_id: int, code: str, now: datetime | None = None
) -> None:
    """A fresh link (48 hours again) in place of the old one, which stops working."""
    now = now or utc_now()
    _confirmed_admin(admin, code, now)
    with db_session() as session:
        link = _withdraw(session, admin, link_id, now)
        role = Role(link.role)
        new, token = _new_link(
            session, LinkKind.INVITATION, link.email, now, role, created_by=admin.id
        )
        _mail_link(session, new, token, inviter=admin.name, role=role)
        _by_admin(session, "staff.invitation_resent", admin, link.email)
        session.commit()
    wake_outbox_worker()


def withdraw_invitation(
    admin: sessions.SignedInUser, link_id: int, now: datetime | None = None
) -> None:
    with db_session() as session:
        link = _withdraw(session, admin, link_id, now or utc_now())
        _by_admin(session, "staff.invitation_withdrawn", admin, link.email)
        session.commit()


def _live_link(session: Session, kind: LinkKind, token: str, now: datetime) -> StaffLink | None:
    link = session.exec(
        select(StaffLink).where(StaffLink.token_hash == passwords.hash_token(token))
    ).first()
    if (
        link is None
        or link.kind != kind
        or link.used_at is not None
        or link.withdrawn_at is not None
        or sessions.aware(link.expires_at) <= now
    ):
        return None
    return link


def link_email(kind: LinkKind, token: str, now: datetime | None = None) -> str:
    """The address a live link is for ("" when it is dead), for its page to show."""
    with db_session() as session:
        link = _live_link(session, kind, token, now or utc_now())
        return link.email if link else ""


def _password_hash(password: str) -> str:
    """The hash of a password the person chose on a link's page; refused with the rule."""
    try:
        return passwords.hash_password(password)
    except passwords.AccountError as bad:
        raise ActionRefused(str(bad)) from bad


def accept_invitation(
    token: str, name: str, password: str, now: datetime | None = None
) -> sessions.SignedInUser:
    """The invited person sets a name and a password; the account exists from now on."""
    now = now or utc_now()
    name = " ".join(name.split())
    if not 1 <= len(name) <= 100:
        raise ActionRefused("Please give your name (1 to 100 characters).")
    password_hash = _password_hash(password)
    with db_session() as session:
        lock_key(session, "staff-accounts", now)
        link = _live_link(session, LinkKind.INVITATION, token, now)
        inviter = session.get(User, link.created_by) if link and link.created_by else None
        # An invitation stands only while its admin does (one since demoted or deactivated,
        # perhaps after a compromise, no longer brings anyone in).
        if link is None or inviter is None or not inviter.active or inviter.role != Role.ADMIN:
            raise ActionRefused(LINK_DEAD_MESSAGE)
        user = User(email=link.email, name=name, password_hash=password_hash, role=link.role)
        session.add(user)
        link.used_at = now
        session.add(link)
        try:
            session.flush()
        except IntegrityError as taken:
            raise ActionRefused(f"{link.email} already has an account.") from taken
        audit.record(
            session,
            "staff.joined",
            user_id=user.id,
            actor=user.email,
            record_kind="user",
            record_id=user.email,
            detail=f"as {user.role}",
        )
        session.commit()
        user_id = user.id
    return auth.record_sign_in(user_id, "invitation", now)


# --- roles and deactivation ---------------------------------------------------------------------


def _other_active_admins(session: Session, user_id: int) -> int:
    return session.exec(
        select(func.count())
        .select_from(User)
        .where(User.role == Role.ADMIN, User.active, User.id != user_id)
    ).one()


def _member(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None:
        raise ActionRefused("There is no such account.")
    return user


def change_role(
    admin: sessions.SignedInUser, user_id: int, role: str, code: str, now: datetime | None = None
) -> None:
    now = now or utc_now()
    if role not in (Role.STAFF, Role.ADMIN):
        raise ActionRefused("Choose a role: staff or admin.")
    _confirmed_admin(admin, code, now)
    with db_session() as session:
        lock_key(session, "staff-accounts", now)  # two admins demoting each other at once
        _admin_with_two_step(session, admin)
        user = _member(session, user_id)
        if user.role == role:
            return
        if user.role == Role.ADMIN and user.active and not _other_active_admins(session, user_id):
            raise ActionRefused(LAST_ADMIN_MESSAGE)
        before = user.role
        user.role = Role(role)
        session.add(user)
        _by_admin(
            session,
            "staff.role_changed",
            admin,
            user.email,
            before={"role": str(before)},
            after={"role": role},
        )
        session.commit()


def set_active(
    admin: sessions.SignedInUser, user_id: int, active: bool, code: str, now: datetime | None = None
) -> None:
    """Deactivate (every session of the account ends at once) or reactivate an account."""
    now = now or utc_now()
    _confirmed_admin(admin, code, now)
    with db_session() as session:
        lock_key(session, "staff-accounts", now)
        _admin_with_two_step(session, admin)
        user = _member(session, user_id)
        if user.active == active:
            return
        if not active and user.role == Role.ADMIN and not _other_active_admins(session, user_id):
            raise ActionRefused(LAST_ADMIN_MESSAGE)
        user.active = active
        session.add(user)
        if not active:
            sessions.revoke_all_sessions(session, user.id)
        action = "staff.reactivated" if active else "staff.deactivated"
        _by_admin(
            session,
            action,
            admin,
            user.email,
            before={"active": not active},
            after={"active": active},
        )
        session.commit()


# --- forgotten passwords ------------------------------------------------------------------------


def request_password_reset(email: str, client_address: str, now: datetime | None = None) -> bool:
    """Mail a reset link if the address is an active account's. The answer to the person is
    the same either way (RESET_REQUESTED_MESSAGE); False only when the client asked too often."""
    now = now or utc_now()
    email = users.normalise_email(email)[:254]
    with db_session() as session:
        if not allow(
            session,
            f"reset:{client_fingerprint(client_address)}",
            RESET_REQUESTS,
            RESET_WINDOW,
            now,
        ):
            session.commit()
            return False
        user = session.exec(select(User).where(User.email == email)).first()
        if (
            user is not None
            and user.active
            and allow(session, f"reset-to:{user.id}", RESET_MAILS_PER_ADDRESS, RESET_WINDOW, now)
        ):
            _close_links(session, LinkKind.PASSWORD_RESET, email, now, "withdrawn_at")
            link, token = _new_link(session, LinkKind.PASSWORD_RESET, email, now, user_id=user.id)
            _mail_link(session, link, token, name=user.name)
            # Asked by whoever typed the address: no one is signed in.
            audit.record(
                session,
                "password.reset_requested",
                actor=email,
                record_kind="user",
                record_id=email,
            )
        session.commit()
    wake_outbox_worker()
    return True


def reset_password(token: str, password: str, now: datetime | None = None) -> None:
    """A new password from a reset link; every session of the account ends."""
    now = now or utc_now()
    password_hash = _password_hash(password)
    with db_session() as session:
        lock_key(session, "staff-accounts", now)
        link = _live_link(session, LinkKind.PASSWORD_RESET, token, now)
        user = session.get(User, link.user_id) if link and link.user_id else None
        if link is None or user is None or not user.active:
            raise ActionRefused(LINK_DEAD_MESSAGE)
        user.password_hash = password_hash
        session.add(user)
        _close_links(session, LinkKind.PASSWORD_RESET, link.email, now, "used_at")
        sessions.revoke_all_sessions(session, user.id)
        audit.record(
            session,
            "password.reset",
            user_id=user.id,
            actor=user.email,
            record_kind="user",
            record_id=user.email,
        )
        session.commit()
