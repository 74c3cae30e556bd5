"""Staff accounts from the site: invitations, roles, deactivation, password resets, two-step
sign-in, and the audit row each of them leaves."""

import re
from datetime import timedelta

import pyotp
import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlmodel import select

from renovation_app.db import db_session, get_engine
from renovation_app.models import AuditEvent, Role, User, utc_now
from renovation_app.services.errors import ActionRefused
from renovation_app.services.schedule import calendars
from renovation_app.services.staff import accounts, auth, passwords, sessions, two_step, users
from tests import factories
from tests.factories import mails, turn_on_two_step, two_step_code

PASSWORD = "a long admin password"
NEW_PASSWORD = "another long password"
ADDRESS = "198.51.100.7"


@pytest.fixture
def admin(clean_db) -> sessions.SignedInUser:
    user = factories.staff_user(
        Role.ADMIN, name="Bo Boss", email="boss@example.com", password=PASSWORD
    )
    two_step_code(user, PASSWORD)  # turns two-step sign-in on, keeps the recovery codes
    return sessions.signed_in_user(_user(user.id))


def code(user) -> str:
    """A fresh code of `user` for one staff change."""
    return two_step_code(user, PASSWORD)


def _user(user_id: int) -> User:
    with db_session() as session:
        return session.get(User, user_id)


def _by_email(email: str) -> User | None:
    with db_session() as session:
        return session.exec(select(User).where(User.email == email)).first()


def audit_rows(action: str) -> list[AuditEvent]:
    with db_session() as session:
        return list(session.exec(select(AuditEvent).where(AuditEvent.action == action)))


def link_token(kind: str, to: str) -> str:
    """The token of the newest one-time link e-mailed to `to`."""
    mail = max((m for m in mails(kind) if m.to == to), key=lambda m: m.id)  # the newest
    return re.search(r"/(?:welcome|reset-password)/([\w-]+)", mail.text).group(1)


def invite_and_accept(admin, email="new@example.com", role="staff") -> sessions.SignedInUser:
    accounts.invite(admin, email, role, code(admin))
    return accounts.accept_invitation(link_token("staff_invitation", email), "Nia New", PASSWORD)


# --- invitations --------------------------------------------------------------------------------


def test_an_invitation_mails_a_link_that_makes_the_account_once(admin):
    accounts.invite(admin, "New@Example.com", "staff", code(admin))
    token = link_token("staff_invitation", "new@example.com")
    assert accounts.link_email(accounts.LinkKind.INVITATION, token) == "new@example.com"
    joined = accounts.accept_invitation(token, "  Nia   New ", PASSWORD)
    assert (joined.name, joined.role, joined.is_admin) == ("Nia New", "staff", False)
    assert auth.authenticate("new@example.com", PASSWORD, ADDRESS).id == joined.id
    with pytest.raises(ActionRefused, match="expired or was already used"):
        accounts.accept_invitation(token, "Someone Else", PASSWORD)
    assert accounts.link_email(accounts.LinkKind.INVITATION, token) == ""
    assert len(audit_rows("staff.invited")) == 1 and len(audit_rows("staff.joined")) == 1


def test_an_invitation_expires_after_48_hours(admin):
    accounts.invite(admin, "late@example.com", "staff", code(admin))
    token = link_token("staff_invitation", "late@example.com")
    with pytest.raises(ActionRefused, match="expired"):
        accounts.accept_invitation(token, "Lee Late", PASSWORD, now=utc_now() + timedelta(hours=49))
    assert _by_email("late@example.com") is None


def test_a_withdrawn_or_resent_invitation_link_opens_nothing(admin):
    accounts.invite(admin, "w@example.com", "staff", code(admin))
    first = link_token("staff_invitation", "w@example.com")
    _, [invitation] = accounts.staff_overview()
    accounts.resend_invitation(admin, invitation.id, code(admin))
    second = link_token("staff_invitation", "w@example.com")
    assert second != first
    with pytest.raises(ActionRefused):
        accounts.accept_invitation(first, "Old Link", PASSWORD)
    _, [invitation] = accounts.staff_overview()
    accounts.withdraw_invitation(admin, invitation.id)
    with pytest.raises(ActionRefused):
        accounts.accept_invitation(second, "Withdrawn", PASSWORD)
    assert _by_email("w@example.com") is None
    assert accounts.staff_overview()[1] == []


def test_only_an_admin_with_two_step_sign_in_manages_staff(admin, clean_db):
    staff = invite_and_accept(admin)
    with pytest.raises(ActionRefused, match="Only an admin"):
        accounts.invite(staff, "x@example.com", "admin", "000000")
    bare_admin = factories.staff_user(Role.ADMIN, name="Bare Admin", password=PASSWORD)
    with pytest.raises(ActionRefused, match="two-step"):
        accounts.invite(sessions.signed_in_user(bare_admin), "x@example.com", "staff", "000000")
    # A forged SignedInUser claiming admin is checked against the database.
    forged = sessions.SignedInUser(staff.id, staff.email, staff.name, Role.ADMIN, True)
    with pytest.raises(ActionRefused, match="Only an admin"):
        accounts.change_role(forged, staff.id, "admin", "000000")
    assert [m.to for m in mails("staff_invitation")] == ["new@example.com"]  # nothing more sent


def test_an_address_with_an_account_is_not_invited_and_bad_input_is_refused(admin):
    with pytest.raises(ActionRefused, match="already has an account"):
        accounts.invite(admin, "BOSS@example.com", "staff", code(admin))
    with pytest.raises(ActionRefused, match="valid e-mail"):
        accounts.invite(admin, "not an address", "staff", code(admin))
    with pytest.raises(ActionRefused, match="role"):
        accounts.invite(admin, "ok@example.com", "owner", code(admin))
    assert mails("staff_invitation") == []


# --- roles and deactivation ---------------------------------------------------------------------


def test_the_last_active_admin_cannot_be_demoted_or_deactivated(admin):
    with pytest.raises(ActionRefused, match="last active admin"):
        accounts.change_role(admin, admin.id, "staff", code(admin))
    with pytest.raises(ActionRefused, match="last active admin"):
        accounts.set_active(admin, admin.id, False, code(admin))
    second = invite_and_accept(admin, "two@example.com", "admin")
    accounts.change_role(admin, second.id, "staff", code(admin))
    assert _user(second.id).role == "staff"
    [row] = audit_rows("staff.role_changed")
    assert (row.before, row.after) == ('{"role": "admin"}', '{"role": "staff"}')


def test_deactivating_ends_every_session_at_once(admin):
    staff = invite_and_accept(admin)
    token = sessions.start_session(staff.id)
    assert sessions.user_for_token(token) is not None
    accounts.set_active(admin, staff.id, False, code(admin))
    assert sessions.user_for_token(token) is None
    with pytest.raises(auth.LoginFailed):
        auth.authenticate(staff.email, PASSWORD, ADDRESS)
    accounts.set_active(admin, staff.id, True, code(admin))
    assert auth.authenticate(staff.email, PASSWORD, ADDRESS).id == staff.id
    assert len(audit_rows("staff.deactivated")) == 1 and len(audit_rows("staff.reactivated")) == 1


def _feed_of(overview_email: str):
    members, _ = accounts.staff_overview()
    return next(m.feed_since for m in members if m.email == overview_email)


def test_deactivating_ends_the_calendar_feed_and_an_inactive_accounts_feed_shows_nothing(admin):
    staff = invite_and_accept(admin)
    token = calendars.reset_feed(staff)
    assert calendars.person_feed(token) is not None and _feed_of(staff.email) is not None
    accounts.set_active(admin, staff.id, False, code(admin))
    assert calendars.person_feed(token) is None and _feed_of(staff.email) is None
    accounts.set_active(admin, staff.id, True, code(admin))
    assert calendars.person_feed(token) is None  # reactivating gives no old address back

    # A feed left live on an account turned off some other way still answers nothing.
    token = calendars.reset_feed(staff)
    with db_session() as session:
        session.get(User, staff.id).active = False
        session.commit()
    assert calendars.person_feed(token) is None


def test_deactivating_from_the_command_line_ends_the_feed_too(admin):
    staff = invite_and_accept(admin)
    token = calendars.reset_feed(staff)
    users.deactivate_user(staff.email)
    assert calendars.person_feed(token) is None


def test_an_admin_sees_who_has_a_feed_and_ends_it_with_an_audit_row(admin):
    staff = invite_and_accept(admin)
    token = calendars.reset_feed(staff)
    with pytest.raises(ActionRefused, match="Only an admin"):
        accounts.end_calendar_feed(staff, staff.id)
    assert calendars.person_feed(token) is not None
    accounts.end_calendar_feed(admin, staff.id)
    assert calendars.person_feed(token) is None and _feed_of(staff.email) is None
    [row] = audit_rows("calendar.feed_ended")
    assert row.record_id == staff.email and row.user_id == admin.id
    accounts.end_calendar_feed(admin, staff.id)  # nothing left to end: no second row
    assert len(audit_rows("calendar.feed_ended")) == 1


# --- forgotten passwords ------------------------------------------------------------------------


def test_forgot_password_answers_alike_and_mails_only_a_known_address(admin):
    assert accounts.request_password_reset("nobody@example.com", ADDRESS) is True
    assert accounts.request_password_reset("Boss@Example.com", ADDRESS) is True
    assert [m.to for m in mails("password_reset")] == ["boss@example.com"]


def test_a_reset_link_sets_the_password_once_and_ends_every_session(admin):
    session_token = sessions.start_session(admin.id)
    accounts.request_password_reset("boss@example.com", ADDRESS)
    token = link_token("password_reset", "boss@example.com")
    accounts.reset_password(token, NEW_PASSWORD)
    assert sessions.user_for_token(session_token) is None
    with pytest.raises(auth.LoginFailed):
        auth.authenticate("boss@example.com", PASSWORD, ADDRESS, code="x")
    with pytest.raises(ActionRefused, match="already used"):
        accounts.reset_password(token, "yet another password")
    with pytest.raises(auth.CodeNeeded):  # the new password is right; two-step still asked
        auth.authenticate("boss@example.com", NEW_PASSWORD, ADDRESS)
    assert len(audit_rows("password.reset")) == 1


def test_a_reset_link_expires_after_an_hour(admin):
    accounts.request_password_reset("boss@example.com", ADDRESS)
    token = link_token("password_reset", "boss@example.com")
    with pytest.raises(ActionRefused, match="expired"):
        accounts.reset_password(token, NEW_PASSWORD, now=utc_now() + timedelta(minutes=61))


def test_forgot_password_is_throttled_per_client(admin):
    for _ in range(accounts.RESET_REQUESTS):
        assert accounts.request_password_reset("nobody@example.com", ADDRESS)
    assert accounts.request_password_reset("boss@example.com", ADDRESS) is False
    assert mails("password_reset") == []
    assert accounts.request_password_reset("boss@example.com", "203.0.113.9") is True


# --- two-step sign-in ---------------------------------------------------------------------------


@pytest.fixture
def staff_user(clean_db) -> User:
    return factories.staff_user(name="Sam Staff", email="sam@example.com", password=PASSWORD)


def test_the_secret_is_stored_encrypted_and_a_code_turns_it_on(staff_user):
    setup = two_step.begin_setup(staff_user.id, PASSWORD)
    stored = _user(staff_user.id).totp_secret
    assert setup.secret not in stored and two_step.decrypt(stored) == setup.secret
    assert setup.qr_svg.startswith("data:image/svg+xml")
    with pytest.raises(ActionRefused, match="not correct"):
        two_step.confirm_setup(staff_user.id, "000000")
    codes = two_step.confirm_setup(staff_user.id, pyotp.TOTP(setup.secret).now())
    assert len(codes) == 10 and len(set(codes)) == 10
    assert _user(staff_user.id).totp_enabled_at is not None


def test_sign_in_asks_for_the_code_and_a_code_is_used_only_once(staff_user):
    setup = two_step.begin_setup(staff_user.id, PASSWORD)
    totp = pyotp.TOTP(setup.secret)
    now = utc_now()
    two_step.confirm_setup(staff_user.id, totp.at(now - timedelta(seconds=30)), now=now)
    with pytest.raises(auth.CodeNeeded):
        auth.authenticate("sam@example.com", PASSWORD, ADDRESS, now=now)
    with pytest.raises(auth.LoginFailed, match="not correct"):
        auth.authenticate("sam@example.com", PASSWORD, ADDRESS, now=now, code="123456")
    code = totp.at(now)
    assert auth.authenticate("sam@example.com", PASSWORD, ADDRESS, now=now, code=code).two_step
    with pytest.raises(auth.LoginFailed, match="already used"):  # a replayed code
        auth.authenticate("sam@example.com", PASSWORD, ADDRESS, now=now, code=code)
    # a wrong password with a right code is still a wrong password
    with pytest.raises(auth.LoginFailed, match="e-mail address or password"):
        auth.authenticate("sam@example.com", "wrong password!", ADDRESS, now=now, code=code)


def test_wrong_codes_count_as_failed_sign_ins(staff_user):
    turn_on_two_step(staff_user.id, PASSWORD)
    for _ in range(auth.ADDRESS_ATTEMPTS):
        with pytest.raises(auth.LoginFailed):
            auth.authenticate("sam@example.com", PASSWORD, ADDRESS, code="000000")
    with pytest.raises(auth.LockedOut):
        auth.authenticate("sam@example.com", PASSWORD, ADDRESS, code="000000")


def test_a_recovery_code_works_once_and_turning_off_needs_a_code(staff_user):
    codes = turn_on_two_step(staff_user.id, PASSWORD)
    assert auth.authenticate("sam@example.com", PASSWORD, ADDRESS, code=codes[0]).id
    with pytest.raises(auth.LoginFailed):
        auth.authenticate("sam@example.com", PASSWORD, ADDRESS, code=codes[0])
    assert two_step.recovery_codes_left(staff_user.id) == 9
    with pytest.raises(ActionRefused):
        two_step.turn_off(staff_user.id, "000000")
    two_step.turn_off(staff_user.id, codes[1])
    assert auth.authenticate("sam@example.com", PASSWORD, ADDRESS).id == staff_user.id
    assert len(audit_rows("two_step.on")) == 1 and len(audit_rows("two_step.off")) == 1


def test_guessing_codes_to_turn_two_step_off_stops_after_five(staff_user):
    codes = turn_on_two_step(staff_user.id, PASSWORD)
    for _ in range(two_step.CODE_FAILURES):
        with pytest.raises(ActionRefused, match="not correct"):
            two_step.turn_off(staff_user.id, "000000")
    with pytest.raises(ActionRefused, match="Too many wrong codes"):  # even the right one
        two_step.turn_off(staff_user.id, codes[0])
    assert _user(staff_user.id).totp_enabled_at is not None
    assert len(audit_rows("two_step.failed")) == two_step.CODE_FAILURES


def test_a_google_sign_in_waits_for_the_code_of_its_pending_token(staff_user):
    codes = turn_on_two_step(staff_user.id, PASSWORD)
    token = sessions.start_pending_sign_in(staff_user.id, "google")
    with pytest.raises(auth.LoginFailed):
        auth.finish_pending_sign_in(token, "000000", ADDRESS)
    assert auth.finish_pending_sign_in(token, codes[0], ADDRESS).id == staff_user.id
    with pytest.raises(auth.LoginFailed, match="took too long"):  # used once
        auth.finish_pending_sign_in(token, codes[1], ADDRESS)
    late = sessions.start_pending_sign_in(
        staff_user.id, "google", now=utc_now() - timedelta(minutes=6)
    )
    with pytest.raises(auth.LoginFailed, match="took too long"):
        auth.finish_pending_sign_in(late, codes[1], ADDRESS)


# --- the audit log ------------------------------------------------------------------------------


def test_sign_ins_and_their_failures_are_each_one_audit_row(staff_user):
    auth.authenticate("sam@example.com", PASSWORD, ADDRESS)
    with pytest.raises(auth.LoginFailed):
        auth.authenticate("sam@example.com", "not the password", ADDRESS)
    with pytest.raises(auth.LoginFailed):
        auth.authenticate("ghost@example.com", "not the password", ADDRESS)
    [signed_in] = audit_rows("sign_in")
    assert signed_in.user_id == staff_user.id and _user(staff_user.id).last_sign_in_at
    failed = audit_rows("sign_in.failed")
    # Whoever typed the address is not taken for its owner: no person, the address as record.
    assert [(f.user_id, f.actor, f.record_id) for f in failed] == [
        (None, "sam@example.com", "sam@example.com"),
        (None, "ghost@example.com", "ghost@example.com"),
    ]


def test_the_database_refuses_to_change_or_delete_an_audit_row(staff_user):
    auth.authenticate("sam@example.com", PASSWORD, ADDRESS)
    statements = ["UPDATE audit_event SET action = 'nothing'", "DELETE FROM audit_event"]
    if get_engine().dialect.name == "postgresql":
        statements.append("TRUNCATE audit_event")
    for statement in statements:
        with pytest.raises(DBAPIError, match="append-only"):
            with get_engine().begin() as connection:
                connection.execute(text(statement))
    assert [row.action for row in audit_rows("sign_in")] == ["sign_in"]


def test_an_invitation_stands_only_while_its_admin_does(admin):
    second = invite_and_accept(admin, "two@example.com", "admin")
    accounts.invite(second, "friend@example.com", "admin", code(second))
    token = link_token("staff_invitation", "friend@example.com")
    accounts.change_role(
        admin, second.id, "staff", code(admin)
    )  # demoted, perhaps after a compromise
    with pytest.raises(ActionRefused, match="expired or was already used"):
        accounts.accept_invitation(token, "Fay Friend", PASSWORD)
    assert _by_email("friend@example.com") is None


def test_reset_mails_to_one_address_are_limited_whatever_the_client(admin):
    for n in range(accounts.RESET_MAILS_PER_ADDRESS + 2):
        assert accounts.request_password_reset("boss@example.com", f"203.0.113.{n + 1}")
    assert len(mails("password_reset")) == accounts.RESET_MAILS_PER_ADDRESS


def test_setting_up_two_step_asks_for_the_password_and_ends_the_other_sessions(staff_user):
    with pytest.raises(ActionRefused, match="not your password"):
        two_step.begin_setup(staff_user.id, "a stolen session's guess")
    here, elsewhere = sessions.start_session(staff_user.id), sessions.start_session(staff_user.id)
    setup = two_step.begin_setup(staff_user.id, PASSWORD)
    two_step.confirm_setup(
        staff_user.id, pyotp.TOTP(setup.secret).now(), keep_token_hash=passwords.hash_token(here)
    )
    assert sessions.user_for_token(here) is not None
    assert sessions.user_for_token(elsewhere) is None  # began without the second step


def test_password_guesses_at_two_step_set_up_are_limited(staff_user):
    for _ in range(two_step.REAUTH_ATTEMPTS):
        with pytest.raises(ActionRefused, match="not your password"):
            two_step.begin_setup(staff_user.id, "guess")
    with pytest.raises(ActionRefused, match="Too many tries"):
        two_step.begin_setup(staff_user.id, PASSWORD)


def test_a_staff_change_needs_a_fresh_code_not_only_an_admin_session(admin):
    """A stolen admin session alone cannot bring in a new admin."""
    with pytest.raises(ActionRefused, match="Enter the code"):
        accounts.invite(admin, "evil@example.com", "admin", "")
    with pytest.raises(ActionRefused, match="not correct"):
        accounts.invite(admin, "evil@example.com", "admin", "000000")
    used = code(admin)
    accounts.invite(admin, "friend@example.com", "staff", used)
    with pytest.raises(ActionRefused, match="already used"):
        accounts.invite(admin, "evil@example.com", "admin", used)
    assert [m.to for m in mails("staff_invitation")] == ["friend@example.com"]


def test_the_audit_logs_days_are_new_yorks_from_midnight_to_midnight(admin):
    """since and until are New York days: 11:30 pm there on the 1st (04:30 UTC on the 2nd, in
    winter) is the 1st's, and until is inclusive."""
    from datetime import UTC, date, datetime

    from renovation_app.services import audit

    with db_session() as session:
        for at in (
            datetime(2026, 12, 2, 4, 30, tzinfo=UTC),  # Dec 1, 11:30 pm in New York
            datetime(2026, 12, 2, 5, 30, tzinfo=UTC),  # Dec 2, 12:30 am in New York
        ):
            session.add(AuditEvent(action="test.day", at=at, detail=at.isoformat()))
        session.commit()

    def details(**days) -> list[str]:
        filters = audit.AuditFilters(**days)
        return sorted(r.detail for r in audit.audit_page(filters).rows if r.action == "test.day")

    first, second = "2026-12-02T04:30:00+00:00", "2026-12-02T05:30:00+00:00"
    assert details(since=date(2026, 12, 1), until=date(2026, 12, 1)) == [first]
    assert details(since=date(2026, 12, 2), until=date(2026, 12, 2)) == [second]
    assert details(since=date(2026, 12, 1), until=date(2026, 12, 2)) == [first, second]
