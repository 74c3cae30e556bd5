"""The document forms' data as plain dataclasses (services/billing/form_lines.py and
services/invoicing/form.py): the live totals are the server's, the posted payload is what the
browser shows, and a tab's copy or a saved draft comes back cleaned."""

from renovation_app.services import invoicing
from renovation_app.services.billing.form_lines import (
    LineDraft,
    drafts_from,
    edited,
    live_totals,
    price_note,
)
from renovation_app.services.invoicing.form import InvoiceForm, StageRow, opened, restored


def test_the_live_totals_are_the_ones_the_server_saves():
    lines = [
        LineDraft(service="kitchenRemodelling", unit_price="8,000"),
        LineDraft(description="Fix the trap", unit_price="200", tax_category="repair"),
        LineDraft(description="Tile", quantity="120", unit="sq ft", unit_price="12.50"),
    ]
    live = live_totals(lines, "50", "westchester")
    raw = {
        "name": "Ann Customer",
        "email": "ann@example.com",
        "tax_area": "westchester",
        "discount": "50",
        "lines": [{**vars(line), "key": None} for line in lines],
    }
    saved = invoicing.validate_invoice(raw)
    assert (live.subtotal_cents, live.tax_cents, live.total_cents) == (
        saved.subtotal_cents,
        saved.tax_cents,
        saved.total_cents,
    )
    assert live.total_cents == 970_000 - 5_000 + 1_675 - 9  # $1.03 of the $50 off is taxed


def test_a_price_that_does_not_read_counts_as_nothing_and_says_why():
    assert live_totals([LineDraft(unit_price="12.5x")], "", "nyc").total_cents == 0
    assert "Counts as $0.00" in price_note("12.5x") and price_note("") == price_note("12") == ""


def test_only_a_lines_own_fields_can_be_set():
    line = LineDraft()
    assert not edited(line, "amount_cents", "1") and not edited(line, "key", "x")
    assert not edited(line, "service", "roofing") and not edited(line, "unit", 5)
    assert edited(line, "unit", "sq ft") and line.unit == "sq ft"
    assert edited(line, "optional", 1) and line.optional is True


def test_the_posted_payload_is_what_the_browser_shows_in_each_row():
    form = InvoiceForm(token="t", lines=[LineDraft(key="a1"), LineDraft(key="b2")])
    form.stages = [StageRow(key="s1")]
    posted = form.posted(
        {
            "name": "Ann",
            "service-a1": "floorAndTile",
            "unit_price-a1": "90",
            "description-b2": "Haul away",
            "stage-amount-s1": "30%",
            "total": "0.01",
        }
    )
    assert [(line["service"], line["unit_price"]) for line in posted["lines"]] == [
        ("floorAndTile", "90"),
        ("", ""),
    ]
    assert posted["lines"][1]["description"] == "Haul away" and "total" not in posted
    assert posted["schedule"] == [{"label": "", "amount": "30%", "due_date": ""}]
    assert form.shown_errors({"stage:0": "Too much", "line:1": "Price?"}) == {
        "stage:s1": "Too much",
        "line:1": "Price?",
    }


def test_a_tabs_copy_comes_back_and_a_tampered_one_is_cleaned():
    form = InvoiceForm(token="t", lines=[LineDraft(key="a1", unit_price="5")], tax_area="nassau")
    back = restored(form.to_json())
    assert (back.token, back.lines[0].key, back.lines[0].unit_price, back.tax_area) == (
        "t",
        "a1",
        "5",
        "nassau",
    )
    tampered = restored('{"token": "t", "lines": ["x", {"service": "nope"}], "tax_area": "mars"}')
    assert [line.service for line in tampered.lines] == [""] and tampered.tax_area == "nyc"
    assert restored("not json") is None and restored('{"lines": []}') is None


def test_a_saved_draft_opens_with_its_lines_and_at_least_one():
    draft = opened({"name": "Dee", "lines": [], "schedule": [{"label": "Deposit"}]}, "t", 7)
    assert (draft.defaults["name"], draft.draft_id, len(draft.lines)) == ("Dee", 7, 1)
    assert [row.label for row in draft.stages] == ["Deposit"]
    assert drafts_from([{"description": "x" * 900}], 40)[0].description == "x" * 500
