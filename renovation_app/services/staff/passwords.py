"""Password hashing and the password rules, and the hash under which random tokens are stored."""

import hashlib

from passlib.context import CryptContext

password_context = CryptContext(schemes=["argon2"], deprecated="auto")

PASSWORD_MIN = 8
PASSWORD_MAX = 128


class AccountError(ValueError):
    """A user-management request that cannot be done (bad input, duplicate, unknown)."""


def check_password_rules(password: str) -> None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise AccountError(f"Passwords must be {PASSWORD_MIN} to {PASSWORD_MAX} characters long.")


def hash_password(password: str) -> str:
    check_password_rules(password)
    return password_context.hash(password)


def verify_password(password: str, password_hash: str) -> bool:
    return password_context.verify(password, password_hash)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
