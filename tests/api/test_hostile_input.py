"""Input a route cannot use is answered 4xx, never 500: digits that are no numbers ("²", "١")
in an id."""

import pytest

from renovation_app.services import jobs
from renovation_app.services.fields import ID_MAX, whole_number
from tests.factories import signed_in

# Each is a digit to str.isdigit() but no number to int() (or, the last, none the database
# takes): superscript two, circled one, Ethiopic one, a huge id, and Arabic-Indic one.
NOT_IDS = ["²", "①", "፩", str(ID_MAX + 1), "١"]


@pytest.fixture
def job(staff):
    work = {"name": "Lee Chan", "email": "lee@example.com", "phone": "", "title": "New kitchen",
            "address": "5 Court St, Brooklyn", "price": "300", "tax_category": "repair",
            "tax_area": "nyc"}  # fmt: skip
    return jobs.create_small_job(jobs.validate_small_work(work), signed_in(staff), "hostile-1")


def test_only_ascii_digits_up_to_the_largest_id_make_a_whole_number():
    assert [whole_number(v) for v in ("42", 42, "0", str(ID_MAX))] == [42, 42, 0, ID_MAX]
    for value in [*NOT_IDS, "", " 4", "-4", "4.0", "+4", True, -1, 4.0, None, ["4"]]:
        assert whole_number(value) is None, value
    assert whole_number("999", maximum=99) is None


@pytest.mark.parametrize("odd", NOT_IDS)
def test_an_id_of_digits_that_are_no_number_is_404_on_every_route(staff_client, job, odd):
    number = job.number
    addresses = [
        f"/project/{'x' * 43}/photos/{odd}/960.webp",  # public: no session needed to reach it
        f"/jobs/{number}/photos/{odd}/960.webp",
        f"/jobs/{number}/photos/1/{odd}.webp",
        f"/jobs/{number}/costs/{odd}/receipt",
        f"/jobs/{number}/costs/waivers/{odd}/pdf",
        f"/jobs/{number}/change-orders/CO-{odd}/pdf",
        f"/subcontractors/{odd}/certificates/{odd}/file",
    ]
    for address in addresses:
        assert staff_client.get(address).status_code == 404, address
