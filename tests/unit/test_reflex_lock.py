"""reflex.lock/package.json is committed exactly as Reflex writes it, so a fresh checkout's first
`make run` leaves `git status` clean.

Every build renders .web/package.json from this file (one line of json.dumps) and copies it back
here after installing. Only a `bun add` that changes a dependency makes bun rewrite it in its
own pretty-printed layout; committed that way, every later fresh build turned it back into one
line and left the checkout modified (it happened twice: ac759c3, 2806e16)."""

import json

from reflex.utils import frontend_skeleton

from tests.prod_server import ROOT

PACKAGE_JSON = ROOT / "reflex.lock" / "package.json"
HOW_TO_FIX = (
    "reflex.lock/package.json is not in the layout Reflex writes (bun pretty-printed it when a "
    "dependency changed). Put it, and .web/package.json that the next build copies back, in "
    'one line with the same content: .venv/bin/python -c "import json, pathlib; '
    "[p.write_text(json.dumps(json.loads(p.read_text()))) for p in map(pathlib.Path, "
    "('reflex.lock/package.json', '.web/package.json')) if p.exists()]\""
)


def test_the_committed_package_json_is_byte_for_byte_what_a_build_writes(monkeypatch):
    monkeypatch.chdir(ROOT)  # Reflex reads reflex.lock/ from the working directory
    # Reflex's own rendering (a private function: the layout is Reflex's to decide, and an
    # upgrade that changes it should fail here, not in a newcomer's `git status`).
    rendered = frontend_skeleton._compile_package_json()
    committed = PACKAGE_JSON.read_text()
    assert json.loads(committed) == json.loads(rendered)  # Reflex drops or adds nothing
    assert committed == rendered, HOW_TO_FIX
