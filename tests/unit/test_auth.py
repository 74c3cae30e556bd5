"""Password hashing, sessions (idle and absolute expiry, revocation) and the lockout window."""

from datetime import timedelta

import pytest

from renovation_app.cli import main as cli
from renovation_app.models import utc_now
from renovation_app.services.staff import auth, passwords, sessions, users
from tests.factories import staff_user

PASSWORD = "correct horse battery"
ADDRESS = "192.0.2.10"


def login(email: str, password: str, now=None, address: str = ADDRESS) -> sessions.SignedInUser:
    return auth.authenticate(email, password, address, now=now)


@pytest.fixture
def user(clean_db):
    return staff_user(name="Sam Staff", email="Staff@Example.com", password=PASSWORD)


def test_passwords_are_hashed_with_argon2_and_verified():
    hashed = passwords.hash_password(PASSWORD)
    assert hashed.startswith("$argon2id$") and PASSWORD not in hashed
    assert passwords.verify_password(PASSWORD, hashed)
    assert not passwords.verify_password("wrong password", hashed)


@pytest.mark.parametrize("password", ["short", "x" * 129])
def test_passwords_must_be_8_to_128_characters(password):
    with pytest.raises(passwords.AccountError, match="8 to 128"):
        passwords.hash_password(password)


def test_a_user_signs_in_by_email_in_any_case(user):
    signed_in = login("  staff@EXAMPLE.com ", PASSWORD)
    assert signed_in.email == "staff@example.com" and signed_in.name == "Sam Staff"


def test_duplicate_accounts_are_refused(user):
    with pytest.raises(passwords.AccountError, match="already exists"):
        users.create_user("staff@example.com", "Other", PASSWORD)


def test_wrong_password_and_unknown_email_get_the_same_answer(user):
    with pytest.raises(auth.LoginFailed) as wrong_password:
        login("staff@example.com", "not the password")
    with pytest.raises(auth.LoginFailed) as unknown_email:
        login("nobody@example.com", "not the password")
    assert str(wrong_password.value) == str(unknown_email.value)


def test_an_unknown_email_does_the_same_hash_work_as_a_wrong_password(user, monkeypatch):
    """The answer's time must not tell whether an e-mail has an account: an unknown e-mail
    verifies against a hash of the same scheme and cost as a real one. Counted, not timed
    (a timed test fails on a busy machine)."""
    verified: list[str] = []

    def counting_verify(password: str, password_hash: str) -> bool:
        verified.append(password_hash)
        return passwords.verify_password(password, password_hash)

    monkeypatch.setattr(auth, "verify_password", counting_verify)
    for email in ("staff@example.com", "nobody@example.com"):
        with pytest.raises(auth.LoginFailed):
            login(email, "not the password", address=f"{email[0]}.1")
    known_hash, unknown_hash = verified
    scheme_and_cost = [h.rsplit("$", 2)[0] for h in verified]  # "$argon2id$v=19$m=..,t=..,p=.."
    assert known_hash != unknown_hash and scheme_and_cost[0] == scheme_and_cost[1]


def test_tokens_are_random_and_only_their_hash_is_stored(user):
    from sqlmodel import select

    from renovation_app.db import db_session
    from renovation_app.models import AuthSession

    first, second = sessions.start_session(user.id), sessions.start_session(user.id)
    assert first != second and len(first) >= 43  # 32 random bytes
    with db_session() as session:
        hashes = [s.token_hash for s in session.exec(select(AuthSession))]
    assert first not in hashes and passwords.hash_token(first) in hashes


def test_a_session_expires_after_being_idle(user):
    start = utc_now()
    token = sessions.start_session(user.id, now=start)
    assert sessions.user_for_token(token, now=start + timedelta(hours=7)) is not None
    # activity at 7 h keeps it alive until 15 h
    assert sessions.user_for_token(token, now=start + timedelta(hours=14)) is not None
    assert sessions.user_for_token(token, now=start + timedelta(hours=14 + 8)) is None


def test_a_session_ends_at_its_absolute_expiry_even_when_used(user):
    start = utc_now()
    token = sessions.start_session(user.id, now=start)
    moment = start
    while moment < start + timedelta(days=6, hours=20):
        moment += timedelta(hours=4)
        assert sessions.user_for_token(token, now=moment) is not None
    assert sessions.user_for_token(token, now=start + timedelta(days=7)) is None


def test_a_revoked_session_is_refused(user):
    token = sessions.start_session(user.id)
    sessions.revoke_session(token)
    assert sessions.user_for_token(token) is None
    assert sessions.user_for_token("") is None and sessions.user_for_token("made-up") is None


def test_deactivating_a_user_ends_their_sessions(user):
    token = sessions.start_session(user.id)
    users.deactivate_user("staff@example.com")
    assert sessions.user_for_token(token) is None
    with pytest.raises(auth.LoginFailed):
        login("staff@example.com", PASSWORD)


def test_five_failures_from_one_address_refuse_it_even_the_right_password(user):
    now = utc_now()
    for _ in range(auth.ADDRESS_ATTEMPTS):
        with pytest.raises(auth.LoginFailed):
            login("staff@example.com", "wrong password", now=now)
    with pytest.raises(auth.LockedOut, match="15 minutes"):
        login("staff@example.com", PASSWORD, now=now + timedelta(minutes=1))


def test_the_lock_lifts_when_the_window_has_passed(user):
    now = utc_now()
    for _ in range(auth.ADDRESS_ATTEMPTS):
        with pytest.raises(auth.LoginFailed):
            login("staff@example.com", "wrong password", now=now)
    with pytest.raises(auth.LockedOut):
        login("staff@example.com", PASSWORD, now=now + timedelta(minutes=14, seconds=59))
    later = now + auth.LOCKOUT_WINDOW + timedelta(seconds=1)
    assert login("staff@example.com", PASSWORD, now=later).name == "Sam Staff"


def test_locked_attempts_do_not_extend_the_lock(user):
    now = utc_now()
    for _ in range(auth.ADDRESS_ATTEMPTS):
        with pytest.raises(auth.LoginFailed):
            login("staff@example.com", "wrong password", now=now)
    for minute in range(1, 15):  # hammering while locked
        with pytest.raises(auth.LockedOut):
            login("staff@example.com", "wrong password", now=now + timedelta(minutes=minute))
    assert login("staff@example.com", PASSWORD, now=now + timedelta(minutes=15, seconds=1))


def test_the_first_admin_comes_from_the_environment_only_once(clean_db):
    assert users.ensure_first_admin("boss@example.com", PASSWORD).role == "admin"
    assert users.ensure_first_admin("other@example.com", PASSWORD) is None
    assert [u.email for u in users.list_users()] == ["boss@example.com"]


def test_cli_manages_users(clean_db, monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    assert (
        cli(
            [
                "create-user",
                "--email",
                "a@example.com",
                "--name",
                "Ann",
                "--admin",
                "--password-stdin",
            ]
        )
        == 0
    )
    monkeypatch.setattr("sys.stdin", io.StringIO("new password 123\n"))
    assert cli(["set-password", "--email", "a@example.com", "--password-stdin"]) == 0
    assert login("a@example.com", "new password 123").role == "admin"
    assert cli(["list-users"]) == 0
    assert "a@example.com\tAnn\tadmin\tactive" in capsys.readouterr().out
    assert cli(["deactivate-user", "--email", "a@example.com"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    assert cli(["create-user", "--email", "b@example.com", "--name", "B", "--password-stdin"]) == 1
    assert "8 to 128" in capsys.readouterr().err


def test_another_address_can_still_sign_in_while_one_is_refused(user):
    now = utc_now()
    for _ in range(auth.ADDRESS_ATTEMPTS):
        with pytest.raises(auth.LoginFailed):
            login("staff@example.com", "wrong password", now=now, address="203.0.113.66")
    with pytest.raises(auth.LockedOut):
        login("staff@example.com", PASSWORD, now=now, address="203.0.113.66")
    assert login("staff@example.com", PASSWORD, now=now, address="198.51.100.7")


def test_a_distributed_guesser_hits_the_account_ceiling(user):
    now = utc_now()
    for attempt in range(auth.ACCOUNT_ATTEMPTS):
        with pytest.raises(auth.LoginFailed):
            login("staff@example.com", "wrong", now=now, address=f"198.51.100.{attempt}")
    with pytest.raises(auth.LockedOut):
        login("staff@example.com", PASSWORD, now=now, address="192.0.2.200")


def test_ipv6_addresses_count_per_64_network(user):
    now = utc_now()
    for host in range(auth.ADDRESS_ATTEMPTS):
        with pytest.raises(auth.LoginFailed):
            login("staff@example.com", "wrong", now=now, address=f"2001:db8:1:2::{host + 1}")
    with pytest.raises(auth.LockedOut):
        login("staff@example.com", PASSWORD, now=now, address="2001:db8:1:2:ffff::9")
    assert login("staff@example.com", PASSWORD, now=now, address="2001:db8:1:3::1")


def test_failed_attempts_older_than_the_window_are_purged(user):
    from sqlmodel import select

    from renovation_app.db import db_session
    from renovation_app.models import LoginAttempt

    old = utc_now() - auth.LOCKOUT_WINDOW - timedelta(minutes=1)
    with pytest.raises(auth.LoginFailed):
        login("staff@example.com", "wrong", now=old)
    login("staff@example.com", PASSWORD)
    with db_session() as session:
        assert session.exec(select(LoginAttempt)).all() == []


def test_parallel_guesses_from_one_address_store_at_most_the_limit(user):
    from concurrent.futures import ThreadPoolExecutor

    from sqlmodel import func, select

    from renovation_app.db import db_session
    from renovation_app.models import LoginAttempt

    def guess(_):
        try:
            login("staff@example.com", "wrong password")
        except (auth.LoginFailed, auth.LockedOut) as refused:
            return type(refused).__name__

    with ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(guess, range(20)))
    assert answers.count("LoginFailed") == auth.ADDRESS_ATTEMPTS
    with db_session() as session:
        stored = session.exec(select(func.count()).select_from(LoginAttempt)).one()
    assert stored == auth.ADDRESS_ATTEMPTS


def test_signing_in_again_ends_the_browsers_previous_session(user):
    first = sessions.start_session(user.id)
    second = sessions.start_session(user.id, replaces_token=first)
    assert sessions.user_for_token(first) is None
    assert sessions.user_for_token(second).email == "staff@example.com"


def test_a_new_password_ends_every_session_of_the_user(user):
    tokens = [sessions.start_session(user.id) for _ in range(2)]
    users.set_password("staff@example.com", "a brand new password")
    assert all(sessions.user_for_token(token) is None for token in tokens)
