"""The HTTP routes beside Reflex: health, contact, sitemap, robots."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Enquiry
from renovation_app.settings import settings as app_settings
from tests.unit.test_enquiry_validation import VALID


def enquiry_count() -> int:
    with db_session() as session:
        return len(session.exec(select(Enquiry)).all())


def test_health_reports_the_database(client):
    answer = client.get("/api/health")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "db": "ok"}


def test_health_is_503_when_the_database_is_unreachable(monkeypatch, client):
    from renovation_app.api import site as api

    def broken_engine():
        raise OSError("database is down")

    monkeypatch.setattr(api, "get_engine", broken_engine)
    answer = client.get("/api/health")
    assert answer.status_code == 503 and answer.json()["db"] == "unreachable"


def test_a_valid_enquiry_is_created(client):
    answer = client.post("/api/contact", json=VALID)
    assert answer.status_code == 201
    assert answer.json()["status"] == "received" and answer.json()["id"] > 0
    assert enquiry_count() == 1


def test_an_invalid_enquiry_gets_field_errors_and_stores_nothing(client):
    answer = client.post("/api/contact", json={**VALID, "email": "nope", "service": "x"})
    assert answer.status_code == 422
    assert set(answer.json()["errors"]) == {"email", "service"}
    assert enquiry_count() == 0


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b'"text"', b""])
def test_a_body_that_is_not_a_json_object_is_422(client, body):
    answer = client.post("/api/contact", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 422 and "body" in answer.json()["errors"]


def test_too_many_enquiries_from_one_client_get_429(client):
    for _ in range(app_settings.contact_rate_limit):
        assert client.post("/api/contact", json=VALID).status_code == 201
    answer = client.post("/api/contact", json=VALID)
    assert answer.status_code == 429 and "wait" in answer.json()["errors"]["rate_limit"]
    assert enquiry_count() == app_settings.contact_rate_limit


def test_the_honeypot_is_accepted_silently(client):
    answer = client.post("/api/contact", json={**VALID, "website": "spam"})
    assert answer.status_code == 201


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.one_of(
        st.dictionaries(
            st.text(max_size=10),
            st.one_of(
                st.text(),
                st.integers(),
                st.floats(allow_nan=False, allow_infinity=False),
                st.none(),
                st.booleans(),
            ),
        ),
        st.dictionaries(st.sampled_from(list(VALID)), st.text()),
        st.lists(st.text()),
        st.text(),
    )
)
def test_arbitrary_json_never_gets_a_server_error(monkeypatch, client, body):
    monkeypatch.setattr(app_settings, "contact_rate_limit", 10**9)
    answer = client.post("/api/contact", json=body)
    assert answer.status_code in (201, 422)


def test_sitemap_lists_every_public_route_with_each_service_and_gallery(client):
    from renovation_app.content import GALLERIES, SERVICES

    xml = client.get("/sitemap.xml").text
    for path in [
        "/",
        "/services",
        "/gallery",
        "/about",
        "/contact",
        "/terms-and-conditions",
        "/privacy-policy",
    ]:
        assert f"<loc>{app_settings.site_url.rstrip('/')}{path}</loc>" in xml
    for item in (*SERVICES, *GALLERIES):
        assert f"{item.url}</loc>" in xml
    assert "/add-invoice" not in xml and "/login" not in xml
    # Each gallery page lists its pictures as image entries, at their largest size.
    kitchen = xml.split("/gallery/kitchen-remodeling</loc>", 1)[1].split("</url>", 1)[0]
    assert (
        kitchen.count("<image:loc>")
        == next(g for g in GALLERIES if g.slug == "kitchen-remodeling").image_count
    )
    assert "/img/kitchen-remodeling/01-1200.webp</image:loc>" in kitchen


def test_the_search_index_finds_every_service_gallery_and_faq_answer(client):
    from renovation_app.content import FAQ, GALLERIES, SERVICES

    answer = client.get("/api/search-index")
    assert answer.status_code == 200
    assert "max-age" in answer.headers["cache-control"]
    entries = {entry["label"]: entry for entry in answer.json()}
    for service in SERVICES:
        assert entries[service.title]["href"] == service.url
        assert service.description.lower() in entries[service.title]["text"]
    for gallery in GALLERIES:
        assert entries[f"{gallery.title} gallery"]["href"] == gallery.url
    for question in FAQ:
        assert entries[question.question]["href"] == "/#faq"
        assert question.answer.lower() in entries[question.question]["text"]
    assert len(entries) == len(SERVICES) + len(GALLERIES) + len(FAQ)


def test_robots_points_at_the_sitemap_and_keeps_staff_pages_out(client):
    text = client.get("/robots.txt").text
    assert "Sitemap: " in text and "/sitemap.xml" in text
    assert "Disallow: /add-invoice" in text


# --- hardening of POST /api/contact -----------------------------------------------------------


def test_a_form_post_is_refused_with_415_so_cross_site_forms_cannot_submit(client):
    answer = client.post("/api/contact", data={k: str(v) for k, v in VALID.items()})
    assert answer.status_code == 415
    assert enquiry_count() == 0


def test_a_cross_site_origin_is_refused_with_403(client):
    answer = client.post("/api/contact", json=VALID, headers={"Origin": "https://evil.example"})
    assert answer.status_code == 403
    assert enquiry_count() == 0


def test_the_sites_own_origins_are_accepted(client):
    for origin in app_settings.allowed_origins():
        answer = client.post("/api/contact", json=VALID, headers={"Origin": origin})
        assert answer.status_code == 201, origin


def test_a_body_over_64_kib_is_413(client):
    answer = client.post("/api/contact", json={**VALID, "message": "x" * (65 * 1024)})
    assert answer.status_code == 413
    assert enquiry_count() == 0


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 30_000 + b"]" * 30_000,  # deeper than Python's recursion limit, under 64 KiB
        b'{"a":' * 50 + b"1" + b"}" * 50,  # deep but parseable
        b'{"name": "\\ud800", "email": "a@example.com"}',  # a lone surrogate
        b'{"name": "\xff\xfe"}',  # not UTF-8
    ],
)
def test_undecodable_or_deeply_nested_json_is_422_never_500(client, raw):
    answer = client.post("/api/contact", content=raw, headers={"Content-Type": "application/json"})
    assert answer.status_code == 422


def test_429_says_when_to_retry(client, monkeypatch):
    monkeypatch.setattr(app_settings, "contact_rate_limit", 1)
    assert client.post("/api/contact", json=VALID).status_code == 201
    answer = client.post("/api/contact", json=VALID)
    assert answer.status_code == 429
    assert int(answer.headers["Retry-After"]) == app_settings.contact_rate_window_seconds


def test_20_parallel_enquiries_from_one_address_store_at_most_the_limit(client):
    from concurrent.futures import ThreadPoolExecutor

    from renovation_app.services.enquiries import TooManyEnquiries, submit_enquiry, validate_enquiry

    form = validate_enquiry(VALID)

    def submit(_):
        try:
            submit_enquiry(form, "203.0.113.9")
            return "stored"
        except TooManyEnquiries:
            return "refused"

    with ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(submit, range(20)))
    assert answers.count("stored") == app_settings.contact_rate_limit
    assert enquiry_count() == app_settings.contact_rate_limit


def test_behind_a_trusted_proxy_the_limit_counts_the_forwarded_client(client, monkeypatch):
    monkeypatch.setattr(app_settings, "trusted_proxy_hops", 1)
    monkeypatch.setattr(app_settings, "contact_rate_limit", 1)
    first = {"X-Forwarded-For": "198.51.100.1, 203.0.113.5"}
    spoofed = {"X-Forwarded-For": "198.51.100.2, 203.0.113.5"}  # same proxy-seen client
    other = {"X-Forwarded-For": "203.0.113.6"}
    assert client.post("/api/contact", json=VALID, headers=first).status_code == 201
    assert client.post("/api/contact", json=VALID, headers=spoofed).status_code == 429
    assert client.post("/api/contact", json=VALID, headers=other).status_code == 201


# --- POST and DELETE /api/session (as `staff`, Sam Staff, of tests/api/conftest.py) -------------


def test_signing_in_sets_an_httponly_lax_cookie_with_the_absolute_expiry(client, staff):
    from renovation_app.services.staff import sessions

    answer = client.post(
        "/api/session", json={"email": "sam@example.com", "password": "long enough password"}
    )
    assert answer.status_code == 200 and answer.json() == {"name": "Sam Staff"}
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith("staff_session=")
    for attribute in ("HttpOnly", "SameSite=lax", "Path=/", f"Max-Age={7 * 24 * 3600}"):
        assert attribute.lower() in cookie.lower()
    assert "secure" not in cookie.lower()  # http SITE_URL: a Secure cookie would never return
    token = answer.cookies["staff_session"]
    assert sessions.user_for_token(token).email == "sam@example.com"


def test_the_cookie_is_secure_when_the_site_is_https(client, staff, monkeypatch):
    monkeypatch.setattr(app_settings, "site_url", "https://renovation.example")
    answer = client.post(
        "/api/session",
        json={"email": "sam@example.com", "password": "long enough password"},
        headers={"Origin": "https://renovation.example"},
    )
    assert "secure" in answer.headers["set-cookie"].lower()


def test_a_wrong_password_gets_401_and_no_cookie(client, staff):
    answer = client.post("/api/session", json={"email": "sam@example.com", "password": "nope"})
    assert answer.status_code == 401 and "set-cookie" not in answer.headers
    assert answer.json()["error"]


def test_the_sixth_failure_from_one_address_is_429_with_retry_after(client, staff):
    for _ in range(5):
        client.post("/api/session", json={"email": "sam@example.com", "password": "nope"})
    answer = client.post(
        "/api/session", json={"email": "sam@example.com", "password": "long enough password"}
    )
    assert answer.status_code == 429 and answer.headers["Retry-After"] == "900"


def test_signing_in_cross_site_is_refused(client, staff):
    answer = client.post(
        "/api/session",
        json={"email": "sam@example.com", "password": "long enough password"},
        headers={"Origin": "https://evil.example"},
    )
    assert answer.status_code == 403 and "set-cookie" not in answer.headers


def test_signing_in_again_revokes_the_previous_session_of_that_browser(client, staff):
    from renovation_app.services.staff import sessions

    credentials = {"email": "sam@example.com", "password": "long enough password"}
    first = client.post("/api/session", json=credentials).cookies["staff_session"]
    second = client.post("/api/session", json=credentials).cookies["staff_session"]
    assert first != second
    assert sessions.user_for_token(first) is None and sessions.user_for_token(second)


def test_signing_out_revokes_the_session_and_clears_the_cookie(client, staff):
    from renovation_app.services.staff import sessions

    credentials = {"email": "sam@example.com", "password": "long enough password"}
    token = client.post("/api/session", json=credentials).cookies["staff_session"]
    answer = client.delete("/api/session")
    assert answer.status_code == 204
    assert (
        'staff_session=""' in answer.headers["set-cookie"]
        or "Max-Age=0" in answer.headers["set-cookie"]
    )
    assert sessions.user_for_token(token) is None


def test_signing_out_cross_site_is_refused(client, staff):
    from renovation_app.services.staff import sessions

    credentials = {"email": "sam@example.com", "password": "long enough password"}
    token = client.post("/api/session", json=credentials).cookies["staff_session"]
    answer = client.delete("/api/session", headers={"Origin": "https://evil.example"})
    assert answer.status_code == 403
    assert sessions.user_for_token(token) is not None
