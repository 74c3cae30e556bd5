"""A bounded fuzz of every HTTP route of create_api and of Reflex's upload route, with the
middleware the app puts around them, over the zoo (a fixture office with every kind of
record): each request is one route's own method or another, its path parts a real record's
or hostile ones (digits that are no numbers, huge and negative numbers, odd unicode, impossible
dates, traversal), hostile query strings, cookies and headers, and a body of the wrong types,
truncated, not JSON or not UTF-8. A fixed seed makes every run the same; no answer may be a
server error. `make test-slow` runs ten times as many."""

import asyncio
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import quote

import httpx
import pytest
from sqlmodel import select

from renovation_app.api import create_api
from renovation_app.api.guards import UPLOAD_PATH, UploadGuard
from renovation_app.api.middleware import (
    CanonicalPathMiddleware,
    FormPostMiddleware,
    NotFoundPageMiddleware,
    SecurityMiddleware,
)
from renovation_app.content.galleries import GALLERIES
from renovation_app.content.services import SERVICES
from renovation_app.db import db_session
from renovation_app.models import (
    InsuranceCertificate,
    JobCost,
    JobPhoto,
    LienWaiver,
    PublishedPhoto,
)
from renovation_app.services.dashboard.exports import EXPORTS
from renovation_app.services.files.storage import reset_storage
from renovation_app.services.staff import sessions
from renovation_app.settings import settings
from tests.conftest import empty_database
from tests.factories import Zoo, make_zoo

SITE = "http://testserver"
SEED = 49
FAST_REQUESTS = 2500
SLOW_REQUESTS = 25_000

# Values no route can use, for any part of a request.
HOSTILE = [
    "",
    " ",
    "0",
    "-1",
    "-0",
    "00000000000000000042",
    "9" * 40,
    str(2**31),
    str(2**63),
    "1e309",
    "NaN",
    "Infinity",
    "4.5",
    "²",
    "①",
    "፩",
    "١٢٣",
    "４２",
    "42\u2003",
    "\u2003",
    "CO-²",
    "CO--1",
    "CO-99999999999",
    "co-1",
    "2026-02-30",
    "0000-00-00",
    "9999-12-31",
    "-2026-01-01",
    "2026-13-45",
    "2026-1-1",
    "../../etc/passwd",
    "..",
    ".",
    "%",
    "%00",
    "%ff%fe",
    "\x00",
    "null",
    "true",
    "[]",
    "{}",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\u202e",
    "😀" * 40,
    "a" * 3000,
    "é",
    "İ",
    "\ufeff",
    "x.webp",
    "960.webp",
    "1.webp",
    ".webp",
    "960.WEBP",
    "960.webp.png",
    "original",
    "-960.webp",
]
QUERY_KEYS = (
    "from to page q upload_id stage room note_id code state error start days kind status draft "
    "token user"
).split()
CONTENT_TYPES = [
    *["application/json"] * 6,
    "text/plain",
    "multipart/form-data; boundary=x",
    "application/x-www-form-urlencoded",
    "application/json; charset=latin-1",
    "image/jpeg",
    "",
]
MAYBE_HEADERS = (
    "idempotency-key stripe-signature svix-signature x-forwarded-for sec-fetch-site content-length"
).split()
BODY_KEYS = (
    "name email phone service message password token website start window_start note_key text "
    "customer_name customer_email lines description unit_price quantity due_date tax_category "
    "tax_area id type data object amount created_at"
).split()
LINE_KEYS = "description unit_price quantity due_date tax_category".split()


@dataclass
class Office:
    """What the fuzz sends of the zoo: real values for each part of an address, by the word
    before it ("jobs", "pay"...) or by its own name, and cookies of signed-in people."""

    real: dict[str, list[str]]
    cookies: list[str]
    throwaway: Callable[[], str]  # the cookie of a new session (signing out ends its own)
    # How many PDFs each route has drawn, and how many it may (None: no limit): a PDF takes
    # 100 ms or more to draw, and after a few of one record it says nothing more of the input.
    pdfs: Counter = field(default_factory=Counter)
    pdf_limit: int | None = None

    def may_use_real_values(self, template: str) -> bool:
        return self.pdf_limit is None or self.pdfs[template] < self.pdf_limit


def _keys(zoo: Zoo, page: str) -> list[str]:
    return [address.rstrip("/").split("/")[2] for address in zoo.paths.get(page, [])]


def _ids(model, column="id") -> list[str]:
    with db_session() as session:
        return [str(value) for value in session.exec(select(getattr(model, column)))]


def _office(zoo: Zoo) -> Office:
    real = {
        "invoices": _keys(zoo, "/invoices/[number]"),
        "estimates": _keys(zoo, "/estimates/[number]"),
        "jobs": _keys(zoo, "/jobs/[number]"),
        "pay": _keys(zoo, "/pay/[token]"),
        "estimate": _keys(zoo, "/estimate/[token]"),
        "change-order": _keys(zoo, "/change-order/[token]"),
        "lien-waiver": _keys(zoo, "/lien-waiver/[token]"),
        "project": _keys(zoo, "/project/[token]"),
        "visit": _keys(zoo, "/visit/[token]"),
        "subcontractors": _keys(zoo, "/subcontractors/[id]"),
        "certificates": _ids(InsuranceCertificate),
        "costs": _ids(JobCost),
        "waivers": _ids(LienWaiver),
        "photos": _ids(JobPhoto),
        "gallery-photos": _ids(PublishedPhoto, "public_key"),
        "change-orders": ["CO-1", "CO-2", "CO-3", "1"],
        "documents": ["st124", "lead-pamphlet-receipt", "lead-safe-record"],
        "exports": list(EXPORTS),
        "gallery": [g.slug for g in GALLERIES],
        "services": [s.slug for s in SERVICES],
        "name": ["960.webp", "480.webp", "320.webp", "original", "1600.webp", "before-960"],
    }
    cookies = [sessions.start_session(zoo.staff.id), sessions.start_session(zoo.admin.id)]
    return Office(
        real,
        [f"{sessions.SESSION_COOKIE}={token}" for token in cookies],
        lambda: f"{sessions.SESSION_COOKIE}={sessions.start_session(zoo.staff.id)}",
    )


def the_app():
    """create_api inside the middleware the app puts around it (renovation_app.py)."""
    inner = FormPostMiddleware(create_api())
    return SecurityMiddleware(UploadGuard(NotFoundPageMiddleware(CanonicalPathMiddleware(inner))))


def targets() -> list[tuple[str, list[str]]]:
    """Every route's path and methods, and Reflex's upload route (checked by UploadGuard)."""
    routes = [(route.path, sorted(route.methods - {"HEAD"})) for route in create_api().routes]
    return [*routes, (UPLOAD_PATH, ["POST"])]


# --- one request -------------------------------------------------------------------------------


def _part(rng: random.Random, real: list[str]) -> str:
    if real and rng.random() < 0.6:
        value = rng.choice(real)
        return value + rng.choice(["", "", "", "\u2003", " ", ".pdf"])
    value = rng.choice(HOSTILE)
    return value if "%" in value and rng.random() < 0.5 else quote(value, safe="")


def fuzzed_path(rng: random.Random, office: Office, template: str) -> str:
    """The route's path with each {part} replaced ("{token}.ics" keeps its ".ics")."""
    segments, before = [], ""
    for segment in template.split("/"):
        if "{" in segment:
            name = segment[segment.index("{") + 1 : segment.index("}")]
            real = office.real.get(before) or office.real.get(name) or []
            real = real if office.may_use_real_values(template) else []
            segment = segment.replace("{" + name + "}", _part(rng, real))
        else:
            before = segment
        segments.append(segment)
    return "/".join(segments)


def fuzzed_query(rng: random.Random) -> str:
    pairs = []
    for _ in range(rng.choice([0, 0, 1, 2, 4])):
        key = rng.choice([*QUERY_KEYS, rng.choice(HOSTILE)])
        value = rng.choice([*HOSTILE, "2026-03-01", "2026-03-31", "1", "after", "kitchen"])
        pairs.append(f"{quote(key, safe='')}={quote(value, safe='')}")
    return "&".join(pairs)


def _value(rng: random.Random, depth: int = 0) -> object:
    kind = rng.randrange(9 if depth < 3 else 6)
    return [
        lambda: rng.choice(HOSTILE),
        lambda: rng.choice([0, -1, 2**31, 2**63, -(10**30), 10**400, 1.5, -0.0, 1e308]),
        lambda: rng.choice([None, True, False]),
        lambda: rng.choice(["lee@example.com", "(718) 555-0142", "kitchen-remodeling", "Lee"]),
        lambda: rng.choice(["2026-02-29", "2025-02-29", "2026-03-01T25:61:00", "2027-11-07"]),
        lambda: "x" * rng.choice([1, 200, 5000]),
        lambda: [_value(rng, depth + 1) for _ in range(rng.randrange(4))],
        lambda: {rng.choice(BODY_KEYS): _value(rng, depth + 1) for _ in range(rng.randrange(4))},
        lambda: {"lines": [{k: _value(rng, depth + 2) for k in LINE_KEYS}]},
    ][kind]()


def fuzzed_body(rng: random.Random) -> tuple[bytes, str]:
    """A body and its content type: JSON of the wrong types, truncated, not UTF-8..."""
    payload = {key: _value(rng) for key in rng.sample(BODY_KEYS, rng.randrange(8))}
    text = json.dumps(payload, ensure_ascii=rng.random() < 0.5).replace("\\ud83d", "\\ud800")
    kind = rng.randrange(10)
    if kind == 0:
        text = text[: rng.randrange(len(text) + 1)]  # cut anywhere
    body = text.encode("utf-8", "surrogatepass")
    others = [
        b"\xff\xfe" + body,
        b"[" * 5000,
        b"\xff\xd8\xff\xe0" + rng.randbytes(300),
        b"x" * 70_000,
    ]
    body = body if kind < 6 else others[kind - 6]
    return body, rng.choice(CONTENT_TYPES)


def fuzzed_headers(rng: random.Random, office: Office, method: str, path: str) -> list:
    cookie = rng.choice([*office.cookies, *office.cookies, "", "staff_session=\u2003".encode()])
    if method == "DELETE" or "session" in path:
        cookie = office.throwaway()
    origin = rng.choice([SITE] * 8 + ["https://evil.example", "null"])
    cookie = cookie if isinstance(cookie, bytes) else cookie.encode()
    headers = [(b"origin", origin.encode()), (b"cookie", cookie)]
    for name in MAYBE_HEADERS:
        if rng.random() < 0.1:
            headers.append((name.encode(), rng.choice(HOSTILE).encode()))
    return headers


# --- the run -----------------------------------------------------------------------------------


async def _one(
    client: httpx.AsyncClient, rng: random.Random, office: Office, template: str, methods: list
) -> tuple[str, str] | None:
    """A server error (method, address: status or exception) of one fuzzed request, or None."""
    method = rng.choice(methods) if rng.random() < 0.9 else rng.choice(["GET", "POST", "PUT"])
    path = fuzzed_path(rng, office, template)
    query = fuzzed_query(rng)
    url = f"{SITE}{path}" + (f"?{query}" if query else "")
    body, content_type = fuzzed_body(rng) if method in ("POST", "PUT", "DELETE") else (b"", "")
    headers = fuzzed_headers(rng, office, method, path)
    if content_type:
        headers.append((b"content-type", content_type.encode()))
    try:
        request = client.build_request(method, url, content=body, headers=headers)
        answer = await asyncio.wait_for(client.send(request), 20)
    except httpx.InvalidURL:
        return None  # a request no client can send
    except Exception as error:
        return f"{method} {url[:200]}", f"{type(error).__name__}: {str(error)[:200]}"
    if answer.headers.get("content-type") == "application/pdf":
        office.pdfs[template] += 1
    if answer.status_code >= 500:
        return f"{method} {url[:200]}", f"{answer.status_code} {answer.text[:200]}"
    return None


async def fuzz(office: Office, requests: int, seed: int = SEED) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    every = targets()
    transport = httpx.ASGITransport(app=the_app(), client=("198.51.100.7", 4000))
    errors = []
    async with httpx.AsyncClient(transport=transport) as client:
        for n in range(requests):
            template, methods = every[n % len(every)]
            error = await _one(client, rng, office, template, methods)
            if error:
                errors.append(error)
    return errors


ZOO_SETTINGS = {
    "site_url": SITE,
    "files_storage": "disk",
    "contractor_licence": "2099999-DCA",
    "escrow_bank": "Example Community Bank, Brooklyn",
}


@pytest.fixture(scope="module")
def zoo_settings(tmp_path_factory):
    """What the zoo's contracts print, and its files in a folder of the module's own."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in ZOO_SETTINGS.items():
            patch.setattr(settings, name, value)
        patch.setattr(settings, "files_dir", str(tmp_path_factory.mktemp("fuzz-files")))
        reset_storage()
        yield
    reset_storage()


@pytest.fixture(scope="module")
def made():
    """The module's zoo, emptied away after the module: the browser tests of `make test-slow`
    share this process's database, and the zoo's customers would match theirs by phone."""
    made: dict = {}
    yield made
    if made:
        empty_database()


@pytest.fixture
def office(request, made, zoo_settings) -> Office:
    """The zoo, made once for the module on a database emptied first (clean_db)."""
    if "office" not in made:
        request.getfixturevalue("clean_db")
        made["office"] = _office(make_zoo())
    return made["office"]


def test_every_route_answers_a_few_thousand_hostile_requests_without_a_server_error(office):
    office.pdf_limit = 3
    errors = asyncio.run(fuzz(office, FAST_REQUESTS))
    assert errors == [], f"{len(errors)} server errors, the first: {errors[:5]}"


@pytest.mark.slow
def test_every_route_answers_ten_times_as_many_without_a_server_error(office):
    office.pdf_limit = 25
    errors = asyncio.run(fuzz(office, SLOW_REQUESTS, seed=SEED + 1))
    assert errors == [], f"{len(errors)} server errors, the first: {errors[:5]}"
