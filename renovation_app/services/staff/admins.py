"""Who may change staff accounts: an active admin with two-step sign-in on who gives a fresh
code (a stolen admin session alone cannot make a new admin), and the audit row of each change."""

from datetime import datetime

from sqlmodel import Session

from renovation_app.db import db_session
from renovation_app.models import Role, User
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.staff.sessions import SignedInUser
from renovation_app.services.staff.two_step import confirm_with_code, require_two_step


def confirmed_admin(admin: SignedInUser, code: str, now: datetime) -> None:
    """Before a change to who may do what: an active admin who gives a fresh two-step code
    (a stolen admin session alone cannot make a new admin). Spends the code."""
    with db_session() as session:
        user = session.get(User, admin.id)
        if user is None or not user.active or user.role != Role.ADMIN:
            raise ActionRefused("Only an admin can manage staff accounts.")
    confirm_with_code(admin.id, code, "change staff accounts", now)


def admin_with_two_step(session: Session, admin: SignedInUser) -> None:
    """Managing staff: an active admin with two-step sign-in on, checked in the database."""
    user = session.get(User, admin.id)
    if user is None or not user.active or user.role != Role.ADMIN:
        raise ActionRefused("Only an admin can manage staff accounts.")
    require_two_step(session, admin.id)


def audit_by_admin(session: Session, action: str, admin: SignedInUser, email: str, **extra) -> None:
    """The audit row of an admin's change to the account (or invitation) of `email`."""
    audit.record(session, action, user_id=admin.id, record_kind="user", record_id=email, **extra)
