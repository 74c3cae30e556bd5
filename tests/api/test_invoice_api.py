"""POST /api/invoices and the invoice PDF routes: sessions, tampering, idempotency."""

import pytest
from sqlmodel import select
from starlette.testclient import TestClient

from renovation_app.api import create_api
from renovation_app.db import db_session
from renovation_app.models import Invoice
from tests.factories import invoice_payload, sign_in, staff_user

INVOICE = invoice_payload(price="1250.00")


def stored() -> list[Invoice]:
    with db_session() as session:
        return session.exec(select(Invoice)).all()


@pytest.mark.parametrize("cookie", [None, "forged-token"])
def test_signed_out_or_forged_sessions_save_nothing_and_download_nothing(client, cookie):
    if cookie:
        client.cookies.set("staff_session", cookie)
    assert client.post("/api/invoices", json=INVOICE).status_code == 401
    assert client.get("/invoices/2026-0001/pdf").status_code == 401
    assert stored() == []


def test_a_staff_member_saves_an_invoice_and_the_server_computes_the_total(staff_client):
    forged = {**INVOICE, "total": 1, "total_cents": 1, "subtotal_cents": 1}
    answer = staff_client.post("/api/invoices", json=forged)
    assert answer.status_code == 201
    assert answer.json()["total_cents"] == 125_000
    [invoice] = stored()
    assert invoice.total_cents == 125_000 and invoice.number == answer.json()["number"]
    pdf = staff_client.get(f"/invoices/{invoice.number}/pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


@pytest.mark.parametrize("price", ["-5", "1e3", "NaN", "12.345", "abc", "1000000.01", "0"])
def test_tampered_prices_are_refused_with_a_message_and_nothing_is_saved(staff_client, price):
    body = invoice_payload(service="kitchenRemodelling", price=price)
    answer = staff_client.post("/api/invoices", json=body)
    assert answer.status_code == 422 and answer.json()["errors"]["line:0"]
    assert stored() == []


def test_a_service_not_offered_is_refused(staff_client):
    body = invoice_payload(service="swimmingPool", price="10")
    assert staff_client.post("/api/invoices", json=body).status_code == 422
    assert stored() == []


def test_a_retried_request_with_the_same_idempotency_key_saves_one_invoice(staff_client):
    first = staff_client.post("/api/invoices", json=INVOICE, headers={"Idempotency-Key": "k1"})
    again = staff_client.post("/api/invoices", json=INVOICE, headers={"Idempotency-Key": "k1"})
    assert first.json()["number"] == again.json()["number"]
    assert len(stored()) == 1


def test_an_idempotency_key_reused_with_another_body_is_refused(staff_client):
    first = staff_client.post("/api/invoices", json=INVOICE, headers={"Idempotency-Key": "k2"})
    other = invoice_payload(price="9.00")
    again = staff_client.post("/api/invoices", json=other, headers={"Idempotency-Key": "k2"})
    assert first.status_code == 201 and again.status_code == 422
    assert "another request" in again.json()["error"] and len(stored()) == 1


def test_another_users_idempotency_key_never_returns_their_invoice(staff_client, client):
    mine = staff_client.post("/api/invoices", json=INVOICE, headers={"Idempotency-Key": "k3"})
    tess = staff_user(name="Tess")
    other = TestClient(create_api())
    sign_in(other, tess.email)
    theirs = other.post("/api/invoices", json=INVOICE, headers={"Idempotency-Key": "k3"})
    assert theirs.status_code == 201 and theirs.json()["number"] != mine.json()["number"]
    assert len(stored()) == 2


def test_a_cross_site_request_is_refused(staff_client):
    answer = staff_client.post(
        "/api/invoices", json=INVOICE, headers={"Origin": "https://evil.example"}
    )
    assert answer.status_code == 403 and stored() == []
