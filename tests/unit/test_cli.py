"""The staff account command as a person or a script runs it: without a terminal it says what
to do in one line instead of ending in a traceback."""

import os
import subprocess
import sys

import pytest

from renovation_app.services.staff import users
from tests.prod_server import ROOT

STDIN = {
    # Not a terminal and empty, as under cron, CI or `ssh host cmd < /dev/null`.
    "not a terminal": {"stdin": subprocess.DEVNULL},
    # Closed altogether (`cmd <&-`): Python starts with sys.stdin = None.
    "closed": {"stdin": subprocess.DEVNULL, "preexec_fn": lambda: os.close(0)},
}


def run_cli(*args: str, **stdin) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "renovation_app.cli", *args],
        cwd=ROOT,
        env=os.environ.copy(),  # the test database (tests/conftest.py)
        capture_output=True,
        text=True,
        timeout=60,
        # A session of its own: no controlling terminal, so /dev/tty cannot be opened, whatever
        # terminal pytest itself runs in.
        start_new_session=True,
        **stdin,
    )


@pytest.mark.parametrize("stdin", list(STDIN))
@pytest.mark.parametrize(
    "command",
    [
        ("create-user", "--email", "nobody@example.com", "--name", "No Body"),
        # The same prompt as create-user's (2 s more): `make test-slow`, run by CI.
        pytest.param(("set-password", "--email", "nobody@example.com"), marks=pytest.mark.slow),
    ],
)
def test_without_a_terminal_the_password_prompt_ends_in_one_line_not_a_traceback(
    clean_db, command, stdin
):
    answer = run_cli(*command, **STDIN[stdin])
    assert answer.returncode != 0
    assert "Traceback" not in answer.stderr
    assert answer.stderr.strip().count("\n") == 0, answer.stderr
    assert "--password-stdin" in answer.stderr
    assert users.list_users() == []


def test_password_stdin_with_stdin_closed_is_one_line_too(clean_db):
    answer = run_cli(
        "create-user",
        "--email",
        "nobody@example.com",
        "--name",
        "No Body",
        "--password-stdin",
        **STDIN["closed"],
    )
    assert answer.returncode != 0 and "Traceback" not in answer.stderr
    assert answer.stderr.strip().count("\n") == 0, answer.stderr
    assert users.list_users() == []
