"""Where a mobile's yes to texts comes from: the contact form's tick, recorded with its source."""

from renovation_app.db import db_session
from renovation_app.services import texts
from tests.unit.test_enquiry_validation import VALID


def test_ticking_texts_on_the_contact_form_records_the_mobiles_yes(client):
    answer = client.post("/api/contact", json={**VALID, "texts": True})
    assert answer.status_code == 201
    with db_session() as session:
        consent = texts.latest_consent(session, VALID["phone"])
    assert consent.consented and consent.source == "contact_form"


def test_without_the_tick_nothing_is_recorded(client):
    assert client.post("/api/contact", json=VALID).status_code == 201
    with db_session() as session:
        assert texts.latest_consent(session, VALID["phone"]) is None


def test_ticking_texts_without_a_phone_asks_for_one(client):
    answer = client.post("/api/contact", json={**VALID, "phone": "", "texts": True})
    assert answer.status_code == 422 and "phone" in answer.json()["errors"]
