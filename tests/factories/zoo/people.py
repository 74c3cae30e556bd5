"""The zoo's people: the admin the browser signs in as, a second admin with two-step sign-in
on who manages staff (a rate, invitations), a member of staff with a loaded hourly rate and a
calendar feed of their appointments, and the one-time links of staff accounts (invitations,
password resets)."""

import re
from dataclasses import dataclass

from sqlmodel import select

from renovation_app import routes
from renovation_app.db import db_session
from renovation_app.models import OutboxEmail, Role, User
from renovation_app.services.schedule import calendars
from renovation_app.services.staff import accounts
from tests.factories.staff import signed_in, staff_user, two_step_code
from tests.factories.zoo.book import Book

CREW_RATE = "65.00"  # the crew member's loaded hourly cost
LINK_TOKEN = re.compile(r"/(?:welcome|reset-password)/([\w-]+)")


@dataclass(frozen=True)
class People:
    admin: User  # no two-step sign-in: the browser signs in with the password alone
    keeper: User  # an admin with two-step sign-in on, as managing staff asks
    staff: User  # not an admin; a loaded hourly rate


def beside(admin_email: str, who: str) -> str:
    """An address of the zoo's beside its admin's: zoo-admin@example.com -> zoo-admin-who@..."""
    local, domain = admin_email.split("@", 1)
    return f"{local}-{who}@{domain}"


def people(admin_email: str) -> People:
    admin = staff_user(Role.ADMIN, email=admin_email, name="Zelda Zookeeper")
    keeper = staff_user(Role.ADMIN, email=beside(admin_email, "keeper"), name="Kit Keeper")
    crew = staff_user(email=beside(admin_email, "crew"), name="Cruz Crew")
    two_step_code(keeper)  # turns two-step sign-in on (managing staff asks for it)
    accounts.set_hourly_cost(signed_in(keeper), crew.id, CREW_RATE)
    calendars.reset_feed(signed_in(crew))  # the /staff page: "Calendar feed since ..."
    with db_session() as session:
        crew = session.get(User, crew.id)
    return People(admin, keeper, crew)


def _newest_token(kind: str, to: str) -> str:
    """The token of the newest one-time link of `kind` e-mailed to `to`."""
    with db_session() as session:
        mail = session.exec(
            select(OutboxEmail)
            .where(OutboxEmail.kind == kind, OutboxEmail.to == to)
            .order_by(OutboxEmail.id.desc())
        ).first()
    return LINK_TOKEN.search(mail.text).group(1)


def staff_links(book: Book, who: People) -> None:
    """Two open invitations (staff, admin) and two password reset links."""
    keeper = signed_in(who.keeper)
    for role in ("staff", "admin"):
        email = beside(who.admin.email, f"invited-{role}")
        accounts.invite(keeper, email, role, two_step_code(who.keeper))
        token = _newest_token("staff_invitation", email)
        book.add(routes.WELCOME, f"/welcome/{token}", f"staff invitation ({role})")
    for user in (who.staff, who.keeper):
        accounts.request_password_reset(user.email, book.client())
        token = _newest_token("password_reset", user.email)
        book.add(routes.RESET_PASSWORD, f"/reset-password/{token}", f"password reset ({user.name})")
