"""Staff accounts, passwords, sign-in sessions and the failed-sign-in limit (module `auth`)."""

from renovation_app.services.staff import auth
from renovation_app.services.staff.auth import Role, SignedInUser

__all__ = ["Role", "SignedInUser", "auth"]
