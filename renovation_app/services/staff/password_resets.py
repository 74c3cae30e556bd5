"""Forgotten passwords: a reset link for an active account's address (limited per client and
per address, the same answer either way), and the new password that ends every session."""

from datetime import datetime, timedelta

from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import LinkKind, User, utc_now
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import allow, client_fingerprint, lock_key
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.staff import links as staff_links
from renovation_app.services.staff.sessions import revoke_all_sessions
from renovation_app.services.staff.users import normalise_email

# "Forgot password?" requests per client address in the window (like sign-in's limit).
RESET_REQUESTS = 5
RESET_WINDOW = timedelta(minutes=15)
# ... and reset mails per address in the window, so changing addresses floods no mailbox.
RESET_MAILS_PER_ADDRESS = 3
RESET_REQUESTED_MESSAGE = (
    "If that address belongs to a staff account, a link to set a new password is on its way. "
    "It works for one hour."
)


def request_password_reset(email: str, client_address: str, now: datetime | None = None) -> bool:
    """Mail a reset link if the address is an active account's. The answer to the person is
    the same either way (RESET_REQUESTED_MESSAGE); False only when the client asked too often."""
    now = now or utc_now()
    email = normalise_email(email)[:254]
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
            staff_links.close_links(session, LinkKind.PASSWORD_RESET, email, now, "withdrawn_at")
            link, token = staff_links.new_link(
                session, LinkKind.PASSWORD_RESET, email, now, user_id=user.id
            )
            staff_links.mail_link(session, link, token, name=user.name)
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
    password_hash = staff_links.chosen_password_hash(password)
    with db_session() as session:
        lock_key(session, "staff-accounts", now)
        link = staff_links.live_link(session, LinkKind.PASSWORD_RESET, token, now)
        user = session.get(User, link.user_id) if link and link.user_id else None
        if link is None or user is None or not user.active:
            raise ActionRefused(staff_links.LINK_DEAD_MESSAGE)
        user.password_hash = password_hash
        session.add(user)
        staff_links.close_links(session, LinkKind.PASSWORD_RESET, link.email, now, "used_at")
        revoke_all_sessions(session, user.id)
        audit.record_own_account(session, "password.reset", user)
        session.commit()
