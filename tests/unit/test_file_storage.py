"""The storage of uploaded files: the same behaviour from a folder on disk and from an S3 bucket
(moto's server on loopback, reached by the real boto3 client over HTTP)."""

import hashlib
import socket
import time
import uuid
from pathlib import Path

import pytest
from botocore.config import Config

from renovation_app.services import files
from renovation_app.services.files.storage import (
    DiskStorage,
    S3Storage,
    StorageError,
    check_key,
    reset_storage,
    storage,
)
from renovation_app.settings import settings
from tests.fakes import s3_server

PDF = b"%PDF-1.7\n" + bytes(range(256)) * 4
BAD_KEYS = [
    "",
    "/ab/cd",
    "ab/",
    "ab//cd",
    "AB/cd",
    "ab/../cd",
    "..",
    "../outside",
    "ab/./cd",
    "ab cd",
    "ab\\cd",
    "ab\ncd",
    "ab\x00cd",
    "café",
    "x" * 201,
]


@pytest.fixture(scope="module")
def aws_env():
    """Dummy credentials for boto3, and nothing of a developer's own AWS set-up."""
    with pytest.MonkeyPatch.context() as env:
        for name, value in s3_server.CREDENTIALS.items():
            env.setenv(name, value)
        for name in ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3"):
            env.delenv(name, raising=False)
        env.setenv("AWS_CONFIG_FILE", "/nonexistent/aws-config")
        env.setenv("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/aws-credentials")
        yield


@pytest.fixture(scope="module")
def s3_url(aws_env):
    """One fake S3 for the module (it starts once)."""
    with s3_server.fake_s3() as url:
        yield url


@pytest.fixture(autouse=True)
def _fresh_storage():
    reset_storage()
    yield
    reset_storage()


def _prefix() -> str:
    """Each test its own corner of the shared bucket."""
    return f"test-{uuid.uuid4().hex[:12]}"


@pytest.fixture(params=["disk", "s3"])
def store(request, tmp_path):
    if request.param == "disk":
        return DiskStorage(tmp_path / "files")
    url = request.getfixturevalue("s3_url")
    return S3Storage(s3_server.BUCKET, endpoint_url=url, region=s3_server.REGION, prefix=_prefix())


def _everything_in(store) -> list[str]:
    """Every name the store holds, read behind its back."""
    if isinstance(store, DiskStorage):
        root = store.root
        return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
    listing = s3_server.client(store.endpoint_url).list_objects_v2(
        Bucket=store.bucket, Prefix=store.prefix
    )
    return sorted(item["Key"].removeprefix(store.prefix) for item in listing.get("Contents", []))


def test_what_is_put_is_got_back_byte_for_byte(store):
    store.put("ab/receipt", PDF, "application/pdf")
    assert store.get("ab/receipt") == PDF
    assert _everything_in(store) == ["ab/receipt"]


def test_a_missing_key_gets_none(store):
    assert store.get("ab/never-kept") is None
    store.put("ab/cd/file.jpg", b"\xff\xd8\xff")
    assert store.get("ab/cd") is None  # a folder of keys is not a key


def test_a_deleted_key_is_gone_and_deleting_a_missing_key_is_fine(store):
    store.put("photos/1/large.jpg", b"large")
    store.put("photos/1/small.jpg", b"small")
    store.delete("photos/1/large.jpg")
    assert store.get("photos/1/large.jpg") is None
    assert _everything_in(store) == ["photos/1/small.jpg"]
    store.delete("photos/1/large.jpg")
    store.delete("never/kept")
    store.delete("photos/1")  # a folder of keys: nothing happens
    assert _everything_in(store) == ["photos/1/small.jpg"]


def test_exists_says_whether_a_key_is_kept(store):
    assert not store.exists("public/gallery/kitchen.webp")
    store.put("public/gallery/kitchen.webp", b"RIFF....WEBP", "image/webp")
    assert store.exists("public/gallery/kitchen.webp")
    assert not store.exists("public/gallery")
    store.delete("public/gallery/kitchen.webp")
    assert not store.exists("public/gallery/kitchen.webp")


def test_putting_again_replaces_the_bytes(store):
    store.put("ab/cd", b"first version, longer than the second")
    store.put("ab/cd", b"second")
    assert store.get("ab/cd") == b"second"
    assert _everything_in(store) == ["ab/cd"]  # and leaves nothing half-written beside it


def test_keys_outside_the_rules_are_refused_before_the_store_is_touched(store, tmp_path):
    store.put("kept/before", b"x")
    for key in BAD_KEYS:
        for use, arguments in (
            (store.put, (key, b"y")),
            (store.get, (key,)),
            (store.delete, (key,)),
            (store.exists, (key,)),
        ):
            with pytest.raises(ValueError, match="not a storage key"):
                use(*arguments)
    assert _everything_in(store) == ["kept/before"]
    assert sorted(p.name for p in tmp_path.iterdir()) == (
        ["files"] if isinstance(store, DiskStorage) else []
    )  # nothing written beside the folder ("../outside")


def test_a_key_of_up_to_200_allowed_characters_is_fine(store):
    key = "a-z_0.9/" + "x" * 192
    assert check_key(key) == key and len(key) == 200
    store.put(key, b"long")
    assert store.get(key) == b"long"


def test_files_kept_in_the_folder_before_stay_readable(tmp_path, monkeypatch):
    monkeypatch.setattr(settings, "files_storage", "disk")
    monkeypatch.setattr(settings, "files_dir", str(tmp_path / "files"))
    sha256 = hashlib.sha256(PDF).hexdigest()
    (tmp_path / "files" / sha256[:2]).mkdir(parents=True)
    (tmp_path / "files" / sha256[:2] / sha256).write_bytes(PDF)
    assert files.read(sha256) == PDF
    assert files.store(PDF) == sha256
    assert _everything_in(DiskStorage(tmp_path / "files")) == [f"{sha256[:2]}/{sha256}"]


def test_each_files_dir_gets_its_own_folder(tmp_path, monkeypatch):
    """Tests (and tools) that point FILES_DIR elsewhere get a store there, without a reset."""
    monkeypatch.setattr(settings, "files_storage", "disk")
    monkeypatch.setattr(settings, "files_dir", str(tmp_path / "one"))
    first = files.store(b"one")
    monkeypatch.setattr(settings, "files_dir", str(tmp_path / "two"))
    assert files.read(first) is None
    assert storage() is storage() and storage().root == tmp_path / "two"


def test_store_and_read_go_through_the_s3_bucket(s3_url, tmp_path, monkeypatch):
    prefix = _prefix()
    monkeypatch.setattr(settings, "files_dir", str(tmp_path / "files"))
    monkeypatch.setattr(settings, "files_storage", "s3")
    monkeypatch.setattr(settings, "s3_bucket", s3_server.BUCKET)
    monkeypatch.setattr(settings, "s3_endpoint_url", s3_url)
    monkeypatch.setattr(settings, "s3_region", s3_server.REGION)
    monkeypatch.setattr(settings, "s3_prefix", f"/{prefix}/")
    reset_storage()
    sha256 = files.store(PDF)
    assert sha256 == hashlib.sha256(PDF).hexdigest()
    assert files.store(PDF) == sha256  # kept once
    assert files.read(sha256) == PDF
    assert files.read("0" * 64) is None
    with pytest.raises(ValueError):
        files.read("../" + sha256[3:])
    bucket = s3_server.client(s3_url)
    listing = bucket.list_objects_v2(Bucket=s3_server.BUCKET, Prefix=prefix)
    assert [item["Key"] for item in listing["Contents"]] == [f"{prefix}/{sha256[:2]}/{sha256}"]
    kept = bucket.head_object(Bucket=s3_server.BUCKET, Key=f"{prefix}/{sha256[:2]}/{sha256}")
    assert kept["ContentType"] == "application/pdf"
    assert not (tmp_path / "files").exists()


def test_s3_without_a_bucket_is_a_clear_error_at_first_use(monkeypatch):
    monkeypatch.setattr(settings, "files_storage", "s3")
    monkeypatch.setattr(settings, "s3_bucket", "")
    with pytest.raises(StorageError, match="S3_BUCKET is empty"):
        files.store(b"anything")


def test_an_unreachable_s3_is_a_storage_error_without_a_long_wait(aws_env):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed_port = s.getsockname()[1]
    quick = Config(retries={"max_attempts": 1, "mode": "standard"}, connect_timeout=1)
    store = S3Storage(
        "renovation-files", f"http://127.0.0.1:{closed_port}", s3_server.REGION, config=quick
    )
    started = time.monotonic()
    for attempt in (
        lambda: store.put("ab/cd", b"x"),
        lambda: store.get("ab/cd"),
        lambda: store.delete("ab/cd"),
        lambda: store.exists("ab/cd"),
    ):
        with pytest.raises(StorageError, match="could not be reached"):
            attempt()
    assert time.monotonic() - started < 5


def test_a_store_that_refuses_is_a_storage_error(s3_url):
    store = S3Storage("no-such-bucket", s3_url, s3_server.REGION)
    with pytest.raises(StorageError, match="refused to save the file: NoSuchBucket"):
        store.put("ab/cd", b"x")
    with pytest.raises(StorageError, match="refused to read the file: NoSuchBucket"):
        store.get("ab/cd")


def test_objects_are_written_with_no_acl_so_they_stay_private(s3_url):
    store = S3Storage(s3_server.BUCKET, s3_url, s3_server.REGION, prefix=_prefix())
    sent: list[dict] = []
    store.client().meta.events.register(
        "before-send.s3.PutObject", lambda request, **_: sent.append(dict(request.headers))
    )
    store.put("ab/cd", PDF, "application/pdf")
    assert len(sent) == 1 and not any(name.lower() == "x-amz-acl" for name in sent[0])
    grants = s3_server.client(s3_url).get_object_acl(
        Bucket=s3_server.BUCKET, Key=f"{store.prefix}ab/cd"
    )["Grants"]
    assert all(grant["Grantee"]["Type"] == "CanonicalUser" for grant in grants)


def test_the_app_never_makes_a_bucket_url_or_a_public_acl():
    """Files reach people only through the app's checked routes, never a link to the bucket."""
    app = Path(__file__).resolve().parents[2] / "renovation_app"
    for source in app.rglob("*.py"):
        text = source.read_text()
        for word in ("generate_presigned", "public-read", "ACL="):
            assert word not in text, f"{source}: {word}"
