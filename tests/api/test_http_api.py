"""The HTTP routes beside Reflex: health, contact, sitemap, robots."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import select
from starlette.testclient import TestClient

from renovation_app.api import create_api
from renovation_app.db import db_session
from renovation_app.models import Enquiry
from renovation_app.settings import settings as app_settings
from tests.unit.test_enquiry_validation import VALID


@pytest.fixture
def client(clean_db) -> TestClient:
    return TestClient(create_api())


def enquiry_count() -> int:
    with db_session() as session:
        return len(session.exec(select(Enquiry)).all())


def test_health_reports_the_database(client):
    answer = client.get("/api/health")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "db": "ok"}


def test_health_is_503_when_the_database_is_unreachable(monkeypatch, client):
    from renovation_app import api

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


def test_robots_points_at_the_sitemap_and_keeps_staff_pages_out(client):
    text = client.get("/robots.txt").text
    assert "Sitemap: " in text and "/sitemap.xml" in text
    assert "Disallow: /add-invoice" in text
