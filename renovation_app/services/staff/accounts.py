"""Staff accounts run from the site: the overview of accounts and open invitations, roles and
deactivation; invitations (`invitations`), password resets (`password_resets`) and their
one-time links (`links`) are importable from here too.

Admins manage staff only with two-step sign-in on (`admins`), and the last active admin stays an
admin.
"""

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, func, select

from renovation_app.db import db_session
from renovation_app.models import LinkKind, Role, StaffLink, User, utc_now
from renovation_app.services import audit
from renovation_app.services.billing.money import PriceInvalid, format_usd, parse_price
from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import lock_key
from renovation_app.services.mail import About, latest_delivery
from renovation_app.services.staff.admins import (
    admin_with_two_step,
    audit_by_admin,
    confirmed_admin,
)
from renovation_app.services.staff.feeds import end_feeds, feed_holders
from renovation_app.services.staff.invitations import (
    accept_invitation,
    invite,
    resend_invitation,
    withdraw_invitation,
)
from renovation_app.services.staff.links import (
    LINK_DEAD_MESSAGE,
    LINK_LIFETIME,
    LINK_PATH,
    link_email,
)
from renovation_app.services.staff.password_resets import (
    RESET_MAILS_PER_ADDRESS,
    RESET_REQUESTED_MESSAGE,
    RESET_REQUESTS,
    RESET_WINDOW,
    request_password_reset,
    reset_password,
)
from renovation_app.services.staff.sessions import SignedInUser, aware, revoke_access
from renovation_app.services.staff.two_step import is_on

__all__ = [
    "LAST_ADMIN_MESSAGE",
    "LINK_DEAD_MESSAGE",
    "LINK_LIFETIME",
    "LINK_PATH",
    "RESET_MAILS_PER_ADDRESS",
    "RESET_REQUESTED_MESSAGE",
    "RESET_REQUESTS",
    "RESET_WINDOW",
    "Invitation",
    "LinkKind",
    "StaffMember",
    "accept_invitation",
    "change_role",
    "end_calendar_feed",
    "set_hourly_cost",
    "location_consent",
    "set_location_consent",
    "set_overtime_exempt",
    "invite",
    "link_email",
    "request_password_reset",
    "resend_invitation",
    "reset_password",
    "set_active",
    "staff_overview",
    "withdraw_invitation",
]

LAST_ADMIN_MESSAGE = "The last active admin cannot be demoted or deactivated."
MAX_HOURLY_COST_CENTS = 100_000


@dataclass(frozen=True)
class StaffMember:
    id: int
    email: str
    name: str
    role: str
    active: bool
    two_step: bool
    last_sign_in_at: datetime | None
    hourly_cost_cents: int = 0  # the loaded hourly cost a crew day is priced at (admins only)
    feed_since: datetime | None = None  # when their live calendar feed was made; None: no feed
    overtime_exempt: bool = False  # no overtime counted on their timesheets


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
        feeds = feed_holders(session)
        members = [
            StaffMember(
                u.id,
                u.email,
                u.name,
                u.role,
                u.active,
                is_on(u),
                u.last_sign_in_at,
                u.hourly_cost_cents,
                feeds.get(u.id),
                u.overtime_exempt,
            )
            for u in users
        ]
        links = [link for link in links if aware(link.expires_at) > now]
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
    admin: SignedInUser, user_id: int, role: str, code: str, now: datetime | None = None
) -> None:
    now = now or utc_now()
    if role not in (Role.STAFF, Role.ADMIN):
        raise ActionRefused("Choose a role: staff or admin.")
    confirmed_admin(admin, code, now)
    with db_session() as session:
        lock_key(session, "staff-accounts", now)  # two admins demoting each other at once
        admin_with_two_step(session, admin)
        user = _member(session, user_id)
        if user.role == role:
            return
        if user.role == Role.ADMIN and user.active and not _other_active_admins(session, user_id):
            raise ActionRefused(LAST_ADMIN_MESSAGE)
        before = user.role
        user.role = Role(role)
        session.add(user)
        audit_by_admin(
            session,
            "staff.role_changed",
            admin,
            user.email,
            before={"role": str(before)},
            after={"role": role},
        )
        session.commit()


def set_active(
    admin: SignedInUser, user_id: int, active: bool, code: str, now: datetime | None = None
) -> None:
    """Deactivate (every session and calendar feed of the account ends at once) or reactivate
    an account."""
    now = now or utc_now()
    confirmed_admin(admin, code, now)
    with db_session() as session:
        lock_key(session, "staff-accounts", now)
        admin_with_two_step(session, admin)
        user = _member(session, user_id)
        if user.active == active:
            return
        if not active and user.role == Role.ADMIN and not _other_active_admins(session, user_id):
            raise ActionRefused(LAST_ADMIN_MESSAGE)
        user.active = active
        session.add(user)
        if not active:
            revoke_access(session, user.id)
        action = "staff.reactivated" if active else "staff.deactivated"
        audit_by_admin(
            session,
            action,
            admin,
            user.email,
            before={"active": not active},
            after={"active": active},
        )
        session.commit()


def end_calendar_feed(admin: SignedInUser, user_id: int, now: datetime | None = None) -> None:
    """The person's calendar feed stops answering (a lost phone, someone leaving). It only takes
    access away, so it needs no fresh code; the audit log keeps who ended it."""
    with db_session() as session:
        admin_with_two_step(session, admin)
        user = _member(session, user_id)
        if end_feeds(session, user.id, now):
            audit_by_admin(session, "calendar.feed_ended", admin, user.email)
            session.commit()


def set_hourly_cost(admin: SignedInUser, user_id: int, typed: str) -> bool:
    """The loaded hourly cost of a person's work (wages and burden), which prices their crew
    days on jobs' costs from now on (a crew day keeps the rate it was entered at). False, with
    nothing written, when it is the rate already set."""
    text = typed.strip() if isinstance(typed, str) else ""
    try:
        cents = parse_price(text) if text else 0
    except PriceInvalid as invalid:
        raise ActionRefused(f"Hourly cost: {invalid.message}") from None
    if cents > MAX_HOURLY_COST_CENTS:
        raise ActionRefused("Hourly cost: at most $1,000.00 an hour.")
    with db_session() as session:
        admin_with_two_step(session, admin)
        user = _member(session, user_id)
        if user.hourly_cost_cents == cents:
            return False
        before, user.hourly_cost_cents = user.hourly_cost_cents, cents
        session.add(user)
        audit_by_admin(
            session,
            "staff.hourly_cost",
            admin,
            user.email,
            before={"hourly_cost": format_usd(before)},
            after={"hourly_cost": format_usd(cents)},
        )
        session.commit()
        return True


def set_overtime_exempt(admin: SignedInUser, user_id: int, exempt: bool) -> bool:
    """Whether the person is exempt from overtime (12 NYCRR 142-3.12's executive,
    administrative and professional employees): their timesheets then count no overtime. False,
    with nothing written, when it is already so."""
    with db_session() as session:
        admin_with_two_step(session, admin)
        user = _member(session, user_id)
        if user.overtime_exempt == bool(exempt):
            return False
        user.overtime_exempt = bool(exempt)
        session.add(user)
        audit_by_admin(
            session,
            "staff.overtime_exempt",
            admin,
            user.email,
            before={"overtime_exempt": not user.overtime_exempt},
            after={"overtime_exempt": user.overtime_exempt},
        )
        session.commit()
        return True


def location_consent(user_id: int) -> bool:
    with db_session() as session:
        user = session.get(User, user_id)
        return bool(user and user.location_consent)


def set_location_consent(user_id: int, consent: bool) -> None:
    """The person's own choice: the phone's location kept with each clock in and out (and
    nothing between them). Each change is an audit row."""
    with db_session() as session:
        user = session.get(User, user_id)
        if user is None or user.location_consent == bool(consent):
            return
        user.location_consent = bool(consent)
        session.add(user)
        action = "staff.location_consent_given" if consent else "staff.location_consent_withdrawn"
        audit.record_own_account(session, action, user)
        session.commit()
