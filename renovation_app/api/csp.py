"""The Content-Security-Policy: scripts only from this site plus the hashes of the inline
scripts in the prerendered pages (no 'unsafe-inline'); per-route additions from routes.py.

The hashes follow the build being served: a build written into the folder while the server
runs (a deploy, `reflex export`) changes the pages' inline scripts, and a policy still holding
the old hashes would make every page refuse its own scripts until a restart."""

import base64
import hashlib
import os
import re
import time
from pathlib import Path

from renovation_app.path_policies import CSP_ADDITIONS
from renovation_app.settings import PROJECT_ROOT, settings

BUILD_DIR = PROJECT_ROOT / ".web" / "build" / "client"
_INLINE_SCRIPT = re.compile(r"<script([^>]*)>(.*?)</script>", re.S)
# How often a request may look at the build's pages for a change: a look is one stat() per
# page (about 1 ms for 70 pages), too much for every script and picture of a visit.
RECHECK_SECONDS = 1.0
_clock = time.monotonic
# (build folder, when it was last looked at, its pages' signature, their hashes)
_seen: tuple[Path, float, tuple, tuple[str, ...]] | None = None


def _pages(build_dir: Path) -> list[str]:
    """Every built HTML page under the folder (Vite's assets/ holds only scripts and styles)."""
    pages: list[str] = []
    folders = [str(build_dir)]
    while folders:
        try:
            entries = list(os.scandir(folders.pop()))
        except OSError:  # no build yet, or a folder a build is replacing right now
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.path != os.path.join(build_dir, "assets"):
                    folders.append(entry.path)
            elif entry.name.endswith(".html"):
                pages.append(entry.path)
    return sorted(pages)


def _signature(pages: list[str]) -> tuple:
    """What changes when a build rewrites, adds or removes a page."""
    signature = []
    for page in pages:
        try:
            stat = os.stat(page)
        except OSError:
            continue
        signature.append((page, stat.st_mtime_ns, stat.st_size))
    return tuple(signature)


def _hashes(pages: list[str]) -> tuple[str, ...]:
    """'sha256-...' of every inline script React Router and Reflex put into the built pages.
    JSON-LD blocks are data, not scripts, and need none."""
    hashes: set[str] = set()
    for page in pages:
        try:
            html = Path(page).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):  # removed or half written by a running build
            continue
        for attributes, body in _INLINE_SCRIPT.findall(html):
            if not body or "src=" in attributes or "application/ld+json" in attributes:
                continue
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            hashes.add(f"'sha256-{digest}'")
    return tuple(sorted(hashes))


def inline_script_hashes() -> tuple[str, ...]:
    """The inline script hashes of the build being served, read again when its pages change
    (looked at no more than once every RECHECK_SECONDS)."""
    global _seen
    build_dir, now = BUILD_DIR, _clock()
    if _seen is not None and _seen[0] == build_dir and now - _seen[1] < RECHECK_SECONDS:
        return _seen[3]
    pages = _pages(build_dir)
    signature = _signature(pages)
    if _seen is not None and _seen[0] == build_dir and _seen[2] == signature:
        hashes = _seen[3]
    else:
        hashes = _hashes(pages)
    _seen = (build_dir, now, signature, hashes)
    return hashes


def _websocket_origins() -> list[str]:
    return [o.replace("http", "ws", 1) for o in settings.allowed_origins()]


def content_security_policy(path: str) -> str:
    # 'unsafe-eval': Reflex runs the scripts the server sends over its own websocket (toasts,
    # rx.call_script) with eval(); inline <script> stays forbidden except the hashed ones.
    directives: dict[str, list[str]] = {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'unsafe-eval'", *inline_script_hashes()],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", *_websocket_origins()],
        "media-src": ["'self'"],
        "frame-src": ["https://www.openstreetmap.org"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
    for prefix, additions in CSP_ADDITIONS.items():
        if path == prefix or path.startswith(prefix.rstrip("/") + "/"):
            for directive, sources in additions.items():
                directives.setdefault(directive, []).extend(sources)
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())
