"""Staff sign-in and accounts: passwords, users, sessions, signing in (`auth`), two-step codes,
Google, and invitations and roles (`accounts`)."""

from renovation_app.models import Role
from renovation_app.services.staff import auth
from renovation_app.services.staff.sessions import SignedInUser

__all__ = ["Role", "SignedInUser", "auth"]
