"""The words around numbers: a noun agrees with its count wherever a count is written, and a
text too long for its place is cut after a whole word with an ellipsis."""

from renovation_app.services.words import counted, shortened
from tests.factories import accepted_estimate, job_of


def test_a_noun_agrees_with_its_count():
    assert [counted(n, "subcontractor") for n in (0, 1, 2)] == [
        "0 subcontractors",
        "1 subcontractor",
        "2 subcontractors",
    ]
    assert counted(-1, "day") == "-1 day" and counted(1204, "entry", "entries") == "1,204 entries"


def test_a_long_text_is_cut_after_a_whole_word_with_an_ellipsis():
    assert shortened("Replace the kitchen faucet", 100) == "Replace the kitchen faucet"
    assert shortened("Replace the kitchen faucet", 16) == "Replace the…"
    assert shortened("Replace the kitchen faucet", 20) == "Replace the kitchen…"
    assert shortened("Supercalifragilistic", 10) == "Supercali…"  # one word longer than room


def test_a_long_first_line_makes_a_job_title_cut_at_a_word_with_an_ellipsis(
    admin, contract_settings
):
    line = (
        "Gut renovation of the primary bathroom including demolition, new subfloor, curbless "
        "shower with linear drain, heated floors and a floating vanity"
    )
    lines = [{"description": line, "quantity": "1", "unit_price": "8,000"}]
    title = job_of(accepted_estimate(admin, "long-title", lines=lines)).title
    assert len(title) <= 100 and title.endswith("…")
    assert line.startswith(title[:-1]) and line[len(title) - 1] == " "  # a whole word ends it
