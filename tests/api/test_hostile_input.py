"""Input a route cannot use is answered 4xx, never 500: digits that are no numbers ("²", "١")
in an id, a number written with an em space in a PDF's address, a client that leaves in the
middle of its body."""

import asyncio
import logging

import pytest
from starlette.requests import ClientDisconnect

from renovation_app.api import create_api
from renovation_app.api.responses import content_disposition
from renovation_app.services import jobs
from renovation_app.services.fields import ID_MAX, whole_number
from tests.factories import make_invoice, signed_in

# Each is a digit to str.isdigit() but no number to int() (or, the last, none the database
# takes): superscript two, circled one, Ethiopic one, a huge id, and Arabic-Indic one.
NOT_IDS = ["²", "①", "፩", str(ID_MAX + 1), "١"]


@pytest.fixture
def job(staff):
    work = {
        "name": "Lee Chan",
        "email": "lee@example.com",
        "phone": "",
        "title": "New kitchen",
        "address": "5 Court St, Brooklyn",
        "price": "300",
        "tax_category": "repair",
        "tax_area": "nyc",
    }
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


def test_a_pdf_is_named_after_its_record_whatever_the_address_held(staff_client, staff):
    invoice = make_invoice(staff, "hostile-form-1")
    answer = staff_client.get(f"/invoices/{invoice.number}\u2003/pdf")  # an em space
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    assert answer.headers["content-disposition"] == (
        f'attachment; filename="invoice-{invoice.number}.pdf"'
    )


def test_a_name_outside_ascii_is_sent_whole_as_filename_star():
    header = content_disposition("Façade “plan”\u2003.pdf")
    header.encode("latin-1")  # a header that cannot be encoded is a 500
    assert header == (
        'attachment; filename="Fa_ade _plan__.pdf"; '
        "filename*=UTF-8''Fa%C3%A7ade%20%E2%80%9Cplan%E2%80%9D%E2%80%83.pdf"
    )


async def _post_then_leave(path: str) -> list[dict]:
    """What the API sends for a POST whose client goes away after the first bytes."""
    scope = {
        "type": "http",
        "method": "POST",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "scheme": "http",
        "http_version": "1.1",
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 5000),
        "headers": [(b"content-type", b"application/json"), (b"content-length", b"900")],
    }
    messages = iter(
        [
            {"type": "http.request", "body": b'{"name": "Le', "more_body": True},
            {"type": "http.disconnect"},
        ]
    )
    sent = []

    async def receive() -> dict:
        return next(messages, {"type": "http.disconnect"})

    async def send(message: dict) -> None:
        sent.append(message)

    await create_api()(scope, receive, send)
    return sent


@pytest.mark.parametrize("path", ["/api/contact", "/api/stripe/webhook", "/api/booking"])
def test_a_client_that_leaves_mid_body_is_no_server_error(clean_db, caplog, path):
    with caplog.at_level(logging.ERROR):
        try:
            sent = asyncio.run(_post_then_leave(path))
        except ClientDisconnect:
            pytest.fail("the disconnect reached the server as an error")
    statuses = [m["status"] for m in sent if m["type"] == "http.response.start"]
    assert all(status < 500 for status in statuses), statuses
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
