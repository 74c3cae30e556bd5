"""Where uploaded files are kept: one interface (Storage), a folder on disk or an S3 bucket."""

import functools
import os
import re
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Protocol

import boto3
from boto3.exceptions import Boto3Error
from botocore.client import BaseClient
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from renovation_app.settings import settings

KEY_MAX_LENGTH = 200
_KEY_CHARACTERS = re.compile(r"[a-z0-9/_.-]+")
# What S3 and S3-compatible stores answer for a key that is not there.
_MISSING_CODES = {"NoSuchKey", "404", "NotFound"}
DEFAULT_S3_CONFIG = Config(
    retries={"max_attempts": 3, "mode": "standard"}, connect_timeout=5, read_timeout=30
)


class StorageError(Exception):
    """The file store could not be reached or refused the request; nothing can be assumed
    kept, so the caller rolls back."""


class Storage(Protocol):
    """Bytes by key. Keys are checked by check_key; a missing key is not an error."""

    def put(self, key: str, content: bytes, content_type: str = "application/octet-stream") -> None:
        """Keep the bytes under the key, replacing what was there."""

    def get(self, key: str) -> bytes | None:
        """The bytes under the key; None when there are none."""

    def delete(self, key: str) -> None:
        """Remove the key; nothing happens when it is not there."""

    def exists(self, key: str) -> bool: ...


def check_key(key: str) -> str:
    """The key itself when it may name a file: lowercase ascii letters, digits, `/`, `-`, `_`
    and `.`, no empty segment, no `..`, at most 200 characters; ValueError otherwise. Checked
    before any store is touched, so a key can never leave the folder or the bucket's prefix."""
    if (
        not isinstance(key, str)
        or len(key) > KEY_MAX_LENGTH
        or not _KEY_CHARACTERS.fullmatch(key)
        or ".." in key
        or any(segment in ("", ".") for segment in key.split("/"))
    ):
        raise ValueError(f"not a storage key: {key!r}")
    return key


class DiskStorage:
    """Files in a folder: root/key, written whole or not at all."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def _path(self, key: str) -> Path:
        return self.root / check_key(key)

    def put(self, key: str, content: bytes, content_type: str = "application/octet-stream") -> None:
        path = self._path(key)
        # The thread too: two threads of one process keeping the same file must not share one.
        partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.part")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial.write_bytes(content)
            partial.replace(path)  # a reader never sees half a file
        except OSError as error:
            partial.unlink(missing_ok=True)
            raise StorageError(f"The file could not be saved in {self.root}: {error}") from error

    def get(self, key: str) -> bytes | None:
        path = self._path(key)
        try:
            return path.read_bytes()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return None
        except OSError as error:
            raise StorageError(f"The file could not be read from {self.root}: {error}") from error

    def delete(self, key: str) -> None:
        path = self._path(key)
        try:
            if path.is_file():
                path.unlink(missing_ok=True)
        except OSError as error:
            raise StorageError(f"The file could not be deleted in {self.root}: {error}") from error

    def exists(self, key: str) -> bool:
        return self._path(key).is_file()


class S3Storage:
    """Files as objects of an S3 bucket (AWS or any S3-compatible store: MinIO, Cloudflare R2,
    Backblaze B2, DigitalOcean Spaces), under an optional prefix. Credentials come from boto3's
    usual places (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment). Objects are
    written without an ACL, so they stay as private as the bucket."""

    def __init__(
        self,
        bucket: str,
        endpoint_url: str | None = None,
        region: str | None = None,
        prefix: str = "",
        config: Config | None = None,
    ) -> None:
        if not bucket:
            raise ValueError("an S3 bucket name is needed")
        prefix = prefix.strip("/")
        if prefix and not _KEY_CHARACTERS.fullmatch(prefix):
            raise ValueError(f"the S3 prefix {prefix!r} may hold only a-z, 0-9, /, -, _ and .")
        self.bucket = bucket
        self.endpoint_url = endpoint_url or None
        self.region = region or None
        self.prefix = f"{check_key(prefix)}/" if prefix else ""
        self.config = config or DEFAULT_S3_CONFIG
        self._client = None
        self._client_lock = threading.Lock()

    def client(self) -> BaseClient:
        """The boto3 client, made at first use (one per storage; boto3 clients are
        thread-safe, their making is not)."""
        with self._client_lock:
            if self._client is None:
                self._client = boto3.session.Session().client(
                    "s3",
                    endpoint_url=self.endpoint_url,
                    region_name=self.region,
                    config=self.config,
                )
            return self._client

    def _object(self, key: str) -> str:
        return self.prefix + check_key(key)

    def put(self, key: str, content: bytes, content_type: str = "application/octet-stream") -> None:
        name = self._object(key)
        with self._errors("save"):
            self.client().put_object(
                Bucket=self.bucket, Key=name, Body=content, ContentType=content_type
            )

    def get(self, key: str) -> bytes | None:
        name = self._object(key)
        with self._errors("read"):
            try:
                answer = self.client().get_object(Bucket=self.bucket, Key=name)
            except ClientError as error:
                if _is_missing(error):
                    return None
                raise
            return answer["Body"].read()

    def delete(self, key: str) -> None:
        name = self._object(key)
        with self._errors("delete"):
            try:
                self.client().delete_object(Bucket=self.bucket, Key=name)
            except ClientError as error:
                if not _is_missing(error):  # S3 itself answers 204; some compatibles 404
                    raise

    def exists(self, key: str) -> bool:
        name = self._object(key)
        with self._errors("look for"):
            try:
                self.client().head_object(Bucket=self.bucket, Key=name)
            except ClientError as error:
                if _is_missing(error):
                    return False
                raise
            return True

    def _errors(self, doing: str) -> AbstractContextManager[None]:
        return _plain_errors(doing, f"S3 bucket {self.bucket!r} at {self.endpoint_url or 'AWS'}")


@contextmanager
def _plain_errors(doing: str, where: str) -> Iterator[None]:
    """Every boto3 and botocore error as a StorageError in plain words."""
    try:
        yield
    except ClientError as error:
        details = error.response.get("Error", {})
        code, message = details.get("Code", "?"), details.get("Message", "")
        raise StorageError(
            f"The file store ({where}) refused to {doing} the file: {code} {message}".rstrip()
        ) from error
    except (BotoCoreError, Boto3Error) as error:
        raise StorageError(
            f"The file store ({where}) could not be reached to {doing} the file: {error}"
        ) from error


def _is_missing(error: ClientError) -> bool:
    return str(error.response.get("Error", {}).get("Code")) in _MISSING_CODES


def storage() -> Storage:
    """The configured store (FILES_STORAGE: "disk", FILES_DIR; or "s3", S3_BUCKET ...). One per
    configuration, so a test that points FILES_DIR elsewhere gets a store there."""
    return _storage_for(
        settings.files_storage,
        settings.files_dir,
        settings.s3_bucket,
        settings.s3_endpoint_url,
        settings.s3_region,
        settings.s3_prefix,
    )


@functools.cache
def _storage_for(
    kind: str, files_dir: str, bucket: str, endpoint_url: str, region: str, prefix: str
) -> Storage:
    if kind == "disk":
        return DiskStorage(Path(files_dir))
    if kind == "s3":
        if not bucket:
            raise StorageError(
                "FILES_STORAGE is s3 but S3_BUCKET is empty: set the bucket's name "
                "(and S3_ENDPOINT_URL for a store other than AWS)."
            )
        return S3Storage(bucket, endpoint_url or None, region or None, prefix)
    raise StorageError(f'FILES_STORAGE must be "disk" or "s3", not {kind!r}.')


def reset_storage() -> None:
    """Forget the stores made so far (tests that change the settings)."""
    _storage_for.cache_clear()
