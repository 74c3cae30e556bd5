"""Staff accounts made and changed outside the site (command line, first admin), and finding a
user by e-mail address."""

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, func, select

from renovation_app.db import db_session
from renovation_app.models import Role, User
from renovation_app.services import audit
from renovation_app.services.staff.passwords import AccountError, hash_password
from renovation_app.services.staff.sessions import revoke_access, revoke_all_sessions


def normalise_email(email: str) -> str:
    return email.strip().lower()


def user_by_email(session: Session, email: str) -> User | None:
    return session.exec(select(User).where(User.email == normalise_email(email))).first()


def create_user(
    email: str, name: str, password: str, admin: bool = False, by: str = "command line"
) -> User:
    """An account made outside the site (`by`: the command line, or the first admin from the
    settings); the audit log says so."""
    email = normalise_email(email)
    if "@" not in email or len(email) > 254:
        raise AccountError("Please give a valid e-mail address.")
    if not name.strip() or len(name) > 100:
        raise AccountError("Please give a name of 1 to 100 characters.")
    user = User(
        email=email,
        name=name.strip(),
        password_hash=hash_password(password),
        role=Role.ADMIN if admin else Role.STAFF,
    )
    with db_session() as session:
        session.add(user)
        audit.record(
            session,
            "staff.created",
            actor=by,
            record_kind="user",
            record_id=email,
            detail=f"as {user.role}",
        )
        try:
            session.commit()
        except IntegrityError as duplicate:
            raise AccountError(f"A user with the e-mail {email} already exists.") from duplicate
    return user


def set_password(email: str, password: str) -> None:
    """A new password; every session of the account ends."""
    with db_session() as session:
        user = user_by_email(session, email)
        if user is None:
            raise AccountError(f"No user with the e-mail {email}.")
        user.password_hash = hash_password(password)
        session.add(user)
        revoke_all_sessions(session, user.id)
        audit.record(
            session, "password.set", actor="command line", record_kind="user", record_id=user.email
        )
        session.commit()


def deactivate_user(email: str) -> None:
    """Turn the account off and end every session and calendar feed it has."""
    with db_session() as session:
        user = user_by_email(session, email)
        if user is None:
            raise AccountError(f"No user with the e-mail {email}.")
        user.active = False
        session.add(user)
        revoke_access(session, user.id)
        audit.record(
            session,
            "staff.deactivated",
            actor="command line",
            record_kind="user",
            record_id=user.email,
        )
        session.commit()


def list_users() -> list[User]:
    with db_session() as session:
        return list(session.exec(select(User).order_by(User.email)))


def ensure_first_admin(email: str, password: str) -> User | None:
    """Create the first admin from ADMIN_EMAIL/ADMIN_PASSWORD when there is no user yet."""
    if not email or not password:
        return None
    with db_session() as session:
        if session.exec(select(func.count()).select_from(User)).one() > 0:
            return None
    try:
        return create_user(email, "Administrator", password, admin=True, by="ADMIN_EMAIL setting")
    except AccountError:  # another worker created it first
        return None
