"""The Content-Security-Policy: scripts only from this site plus the hashes of the inline
scripts in the prerendered pages (no 'unsafe-inline'); per-route additions from routes.py."""

import base64
import hashlib
import re
from functools import cache
from pathlib import Path

from renovation_app.routes import CSP_ADDITIONS
from renovation_app.settings import PROJECT_ROOT, settings

BUILD_DIR = PROJECT_ROOT / ".web" / "build" / "client"
_INLINE_SCRIPT = re.compile(r"<script([^>]*)>(.*?)</script>", re.S)


@cache
def inline_script_hashes(build_dir: Path = BUILD_DIR) -> tuple[str, ...]:
    """'sha256-...' of every inline script React Router and Reflex put into the built pages.
    JSON-LD blocks are data, not scripts, and need none."""
    hashes: set[str] = set()
    for page in build_dir.rglob("*.html"):
        for attributes, body in _INLINE_SCRIPT.findall(page.read_text(encoding="utf-8")):
            if not body or "src=" in attributes or "application/ld+json" in attributes:
                continue
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            hashes.add(f"'sha256-{digest}'")
    return tuple(sorted(hashes))


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
