"""A form the browser submits itself (its page's scripts not running yet) posts to its page; the
server sends the person back to the page with 303 See Other and never reads, echoes or logs
what was typed."""

import asyncio
import logging

import pytest
from starlette.testclient import TestClient

from renovation_app.api import create_api
from renovation_app.api.middleware import FormPostMiddleware, SecurityMiddleware

PASSWORD = "correct horse battery staple"
LOGIN_FIELDS = {"email": "boss@example.com", "password": PASSWORD}
CONTACT_FIELDS = {
    "name": "Jane Visitor",
    "email": "jane@example.com",
    "phone": "(718) 555-0142",
    "service": "kitchen-remodeling",
    "message": "My private message about the kitchen",
}


@pytest.fixture
def client() -> TestClient:
    """Our API and the middleware the app puts around everything (renovation_app.py)."""
    return TestClient(SecurityMiddleware(FormPostMiddleware(create_api())))


def assert_nothing_typed_in(answer, fields: dict[str, str]) -> None:
    said = answer.text + " ".join(f"{k}: {v}" for k, v in answer.headers.items())
    for value in fields.values():
        assert value not in said
        assert value.replace(" ", "+") not in said


@pytest.mark.parametrize(
    ("path", "fields", "page"),
    [
        ("/login/", LOGIN_FIELDS, "/login"),
        ("/login", LOGIN_FIELDS, "/login"),
        ("/contact/", CONTACT_FIELDS, "/contact"),
        ("/contact", CONTACT_FIELDS, "/contact"),
        ("/forgot-password", {"email": "boss@example.com"}, "/forgot-password"),
        ("/reset-password/tok123", {"password": PASSWORD}, None),
        ("/welcome/tok123", {"name": "Nia New", "password": PASSWORD}, None),
    ],
)
def test_a_native_form_post_to_a_page_is_sent_back_to_the_page(client, caplog, path, fields, page):
    with caplog.at_level(logging.DEBUG):
        answer = client.post(path, data=fields, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == (page or path)
    assert answer.headers["cache-control"] == "no-store"
    assert answer.content == b""
    assert_nothing_typed_in(answer, fields)
    for value in fields.values():
        assert value not in caplog.text


def test_the_page_keeps_its_own_address_but_nothing_typed_is_added(client):
    answer = client.post("/login?from=invoices", data=LOGIN_FIELDS, follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (303, "/login?from=invoices")
    assert_nothing_typed_in(answer, LOGIN_FIELDS)


def test_the_body_of_a_native_post_is_never_read():
    reads, inner_calls, sent = [], [], []

    async def inner(scope, receive, send):
        inner_calls.append(scope["path"])

    async def receive():
        reads.append(1)
        return {"type": "http.request", "body": b"password=secret", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/login/",
        "query_string": b"",
        "headers": [(b"content-type", b"application/x-www-form-urlencoded")],
    }
    asyncio.run(FormPostMiddleware(inner)(scope, receive, send))
    assert reads == [] and inner_calls == []
    assert sent[0]["status"] == 303 and b"secret" not in repr(sent).encode()


@pytest.mark.parametrize("path", ["/api/contact", "/api/session", "/_upload", "/_event"])
def test_posts_to_the_api_and_to_reflex_pass_through(path):
    inner_calls = []

    async def inner(scope, receive, send):
        inner_calls.append(scope["path"])

    async def nothing(*_):
        return None

    scope = {"type": "http", "method": "POST", "path": path, "query_string": b"", "headers": []}
    asyncio.run(FormPostMiddleware(inner)(scope, nothing, nothing))
    assert inner_calls == [path]


def test_the_contact_api_still_refuses_a_form_post(client, clean_db):
    answer = client.post("/api/contact", data=CONTACT_FIELDS, follow_redirects=False)
    assert answer.status_code == 415
