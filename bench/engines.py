"""The databases a bench runs on: a SQLite file and a private PostgreSQL
(scripts/prod_stack.py), each in a folder of its own that is removed afterwards."""

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def on_each_engine(engine: str, prefix: str, run: Callable[[str, str], dict]) -> dict[str, dict]:
    """`run(label, database_url)` on SQLite and/or PostgreSQL (`engine`: sqlite, postgres or
    both); its results by label."""
    runs: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        os.chmod(tmp, 0o755)
        if engine in ("sqlite", "both"):
            runs["SQLite"] = run("SQLite", f"sqlite:///{Path(tmp) / 'bench.db'}")
        if engine in ("postgres", "both"):
            sys.path.insert(0, str(ROOT / "scripts"))
            from prod_stack import ensure_packages, private_postgres

            (Path(tmp) / "pg").mkdir()
            with private_postgres(Path(tmp) / "pg", ensure_packages()) as database:
                runs["PostgreSQL"] = run("PostgreSQL", database)
    return runs


def in_own_process(module: str, database_url: str, *args: str) -> dict:
    """`python -m <module> <args>` on `database_url` (a fresh process: the app loaded as a
    server worker has it); prints what it printed and returns its last line's JSON."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "RESEND_API_KEY": "",
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    )
    *shown, last = done.stdout.strip().splitlines()
    print("\n".join(shown))
    return json.loads(last)
