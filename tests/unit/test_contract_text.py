"""General Business Law §771: a New York home-improvement contract over $500 must carry each
of the items below. The signed document (what is hashed and printed) is checked for every one,
so an edit of content/contract.py that drops one fails here."""

import pytest

from renovation_app.content import BUSINESS
from renovation_app.settings import settings
from tests.factories.estimates import unsaved_contract


@pytest.fixture
def document(monkeypatch) -> dict:
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank")
    return unsaved_contract(
        contingencies="Hidden water damage; permits.",
        time_of_essence=True,
        progress_schedule="Cabinets installed: $3,000.00\nTile done: $2,000.00",
    )


def text_of(document: dict) -> str:
    return " ".join(p for s in document["sections"] for p in s["paragraphs"])


def section(document: dict, words: str) -> dict:
    return next(s for s in document["sections"] if words in s["heading"].lower())


def test_contractor_name_address_phone_and_licence(document):
    contractor = document["contractor"]
    assert contractor["name"] == BUSINESS.legal_name
    assert contractor["address"] == BUSINESS.address.one_line
    assert contractor["phone"] == BUSINESS.phone_display
    assert contractor["licence"] == "2099999-DCA"


def test_start_and_completion_dates_with_contingencies_and_time_of_essence(document):
    schedule = " ".join(section(document, "schedule")["paragraphs"])
    assert "January 11, 2027" in schedule and "February 19, 2027" in schedule
    assert "Hidden water damage; permits." in schedule
    assert "Time is of the essence" in schedule


def test_work_materials_and_price(document):
    assert document["lines"][0]["description"] == "Kitchen cabinets"
    assert document["total"] == "$8,000.00"


def test_mechanics_lien_notice_in_bold(document):
    lien = section(document, "lien")
    assert lien["bold"] is True
    assert "may have a claim against the owner" in lien["paragraphs"][0]
    assert "lien laws" in lien["paragraphs"][0]


def test_escrow_of_payments_before_substantial_completion_with_the_bank(document):
    escrow = " ".join(section(document, "before the work")["paragraphs"])
    assert "escrow account at Example Community Bank" in escrow
    assert "substantial completion" in escrow and "bond" in escrow


def test_the_escrow_paragraph_cites_the_lien_law_not_the_general_business_law(document):
    escrow = " ".join(section(document, "before the work")["paragraphs"])
    assert "as Lien Law §71-a(4) requires" in escrow
    assert "General Business Law §71-a" not in escrow


def test_schedule_of_progress_payments_tied_to_stages(document):
    progress = section(document, "progress payments")["paragraphs"]
    assert progress == ["Cabinets installed: $3,000.00", "Tile done: $2,000.00"]


def test_right_to_cancel_until_midnight_of_the_third_business_day_with_a_notice(document):
    right = section(document, "right to cancel")
    assert right["bold"] is True
    assert "midnight of the third business day" in right["paragraphs"][0]
    notice = " ".join(section(document, "notice of cancellation")["paragraphs"])
    assert "I hereby cancel this transaction" in notice
    assert BUSINESS.address.one_line in notice


def test_no_placeholder_is_left_unfilled(document):
    assert "{" not in text_of(document) and "}" not in text_of(document)
    assert document["valid_until"] == "December 24, 2026"
