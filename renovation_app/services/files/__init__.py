"""Files staff upload (a change order signed on paper): one storage interface, a private folder
on disk (FILES_DIR), each file named by the SHA-256 of its bytes. What a file is, is read from
its content, never from its name or the browser's word."""

import hashlib
import os
from pathlib import Path

from renovation_app.settings import settings

MAX_BYTES = 10 * 1024 * 1024
# What a scan may be, by its first bytes.
_SIGNATURES = {
    b"%PDF-": "application/pdf",
    b"\xff\xd8\xff": "image/jpeg",
    b"\x89PNG\r\n\x1a\n": "image/png",
}


def scan_type(content: bytes) -> str | None:
    """The content type of a PDF, JPEG or PNG by its first bytes; None for anything else."""
    return next((kind for start, kind in _SIGNATURES.items() if content.startswith(start)), None)


def picture_or_scan_type(content: bytes) -> str | None:
    """As scan_type, and a WebP picture (a phone's photo) as well."""
    if content[:4] == b"RIFF" and content[8:12] == b"WEBP":
        return "image/webp"
    return scan_type(content)


def _path(sha256: str) -> Path:
    if len(sha256) != 64 or not all(c in "0123456789abcdef" for c in sha256):
        raise ValueError("not a file name")
    return Path(settings.files_dir) / sha256[:2] / sha256


def store(content: bytes) -> str:
    """Keep the bytes (once, whatever how often they are stored); returns their SHA-256."""
    sha256 = hashlib.sha256(content).hexdigest()
    path = _path(sha256)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.part")
        partial.write_bytes(content)
        partial.replace(path)  # a reader never sees half a file
    return sha256


def read(sha256: str) -> bytes | None:
    path = _path(sha256)
    return path.read_bytes() if path.exists() else None
