"""Files staff upload (a change order signed on paper): kept through one storage interface
(storage.py: a private folder on disk, FILES_DIR, or a private S3 bucket), each file named by the
SHA-256 of its bytes. What a file is, is read from its content, never from its name or the
browser's word."""

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from renovation_app.services.errors import ActionRefused
from renovation_app.services.files.storage import Storage, StorageError, storage

__all__ = [
    "MAX_BYTES",
    "Storage",
    "StorageError",
    "UploadRefusals",
    "picture_or_scan_type",
    "read",
    "scan_type",
    "storage",
    "store",
    "upload_type",
]

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


@dataclass(frozen=True)
class UploadRefusals:
    """What the person who sent a file is told when it is empty, too large, or not of a type
    that is taken."""

    empty: str
    too_large: str
    wrong_type: str


def upload_type(
    content: bytes,
    max_bytes: int,
    type_of: Callable[[bytes], str | None],
    refusals: UploadRefusals,
) -> str:
    """The content type of an uploaded file, as `type_of` reads it from its bytes;
    ActionRefused with the first of `refusals` that applies."""
    if not content:
        raise ActionRefused(refusals.empty)
    if len(content) > max_bytes:
        raise ActionRefused(refusals.too_large)
    content_type = type_of(content)
    if content_type is None:
        raise ActionRefused(refusals.wrong_type)
    return content_type


def _key(sha256: str) -> str:
    if len(sha256) != 64 or not all(c in "0123456789abcdef" for c in sha256):
        raise ValueError("not a file name")
    return f"{sha256[:2]}/{sha256}"


def store(content: bytes) -> str:
    """Keep the bytes (once, whatever how often they are stored); returns their SHA-256.
    StorageError when the store cannot keep them."""
    sha256 = hashlib.sha256(content).hexdigest()
    key, kept = _key(sha256), storage()
    if not kept.exists(key):
        kept.put(key, content, picture_or_scan_type(content) or "application/octet-stream")
    return sha256


def read(sha256: str) -> bytes | None:
    """The bytes kept under this SHA-256; None when there are none."""
    return storage().get(_key(sha256))
