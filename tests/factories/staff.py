"""Staff users as the command line makes them, the signed-in user a session stands for, signing
in through the API, and the two-step codes a sensitive action asks for."""

import functools
from unittest import mock

import pyotp
from starlette.testclient import TestClient

from renovation_app.db import db_session
from renovation_app.models import Role, User
from renovation_app.services.staff import passwords, sessions, two_step, users

# The password of every factory-made account unless a test gives its own.
STAFF_PASSWORD = "long enough password"
# The password of the unit tests' admin fixture (tests/unit/conftest.py).
ADMIN_PASSWORD = STAFF_PASSWORD


def staff_user(
    role: Role | str = Role.STAFF,
    *,
    email: str = "",
    name: str = "Sam Staff",
    password: str = STAFF_PASSWORD,
) -> User:
    """An account made by users.create_user, as `renovation-app create-user` makes one: the
    password hashed, the address normalised, the audit row written. The address defaults to the
    name's first word at example.com ("Sam Staff" is sam@example.com)."""
    email = email or f"{name.split()[0].lower()}@example.com"
    # Hashing is the slow part (argon2: 0.15 s a user, more on a busy 2-core machine), so each
    # password is hashed once a run; the hash is a real one, checked by the same rules.
    with mock.patch.object(users, "hash_password", _hash_once):
        return users.create_user(email, name, password, admin=role == Role.ADMIN)


@functools.cache
def _hash_once(password: str) -> str:
    return passwords.hash_password(password)


def signed_in(user: User) -> sessions.SignedInUser:
    return sessions.SignedInUser(user.id, user.email, user.name, user.role)


def sign_in(client: TestClient, email: str, password: str = STAFF_PASSWORD) -> None:
    """Sign the API client in through POST /api/session, as the sign-in page does: the client
    keeps the session cookie."""
    answer = client.post("/api/session", json={"email": email, "password": password})
    assert answer.status_code == 200, answer.text


def as_signed_in(user: User | sessions.SignedInUser) -> sessions.SignedInUser:
    """What a service that acts for someone takes: the signed-in user, made from a `User`."""
    return user if isinstance(user, sessions.SignedInUser) else signed_in(user)


_RECOVERY_CODES: dict[int, list[str]] = {}


def two_step_code(user: User | sessions.SignedInUser, password: str = ADMIN_PASSWORD) -> str:
    """A code that confirms one sensitive action of `user` (a refund): one of the recovery codes
    of the two-step sign-in this turns on first (with the user's `password`) when it is off."""
    with db_session() as session:
        is_on = session.get(User, user.id).totp_enabled_at is not None
    if not is_on or not _RECOVERY_CODES.get(user.id):
        _RECOVERY_CODES[user.id] = turn_on_two_step(user.id, password)
    return _RECOVERY_CODES[user.id].pop()


def turn_on_two_step(user_id: int, password: str = ADMIN_PASSWORD) -> list[str]:
    """Two-step sign-in on, as the Account page does it; returns the recovery codes."""
    setup = two_step.begin_setup(user_id, password)
    return two_step.confirm_setup(user_id, pyotp.TOTP(setup.secret).now())
