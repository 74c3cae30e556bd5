"""The staff invoice list: filters from the URL, search, sorting, paging, options, the latest
e-mail's delivery status, and the borough read from an address."""

from datetime import UTC, date, datetime, timedelta

import pytest
from sqlmodel import select, update

from renovation_app.db import db_session
from renovation_app.models import Invoice, OutboxEmail, Role
from renovation_app.services.customers.locations import location_of
from renovation_app.services.invoicing import (
    create_invoice,
    resend_invoice_email,
    validate_invoice,
    void_invoice,
)
from renovation_app.services.invoicing import saving as saving_module
from renovation_app.services.invoicing.listing import InvoiceFilters, list_invoices
from renovation_app.services.staff.sessions import SignedInUser
from tests.factories import invoice_payload, signed_in, staff_user

TODAY = date(2026, 11, 23)
START = datetime(2026, 11, 1, 15, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _no_pdfs(monkeypatch):
    """The list does not read the PDF: skip drawing one for each of the many invoices here."""
    monkeypatch.setattr(saving_module, "render_invoice_pdf", lambda view: b"%PDF-1.7 stub")


@pytest.fixture
def author(clean_db) -> SignedInUser:
    return signed_in(staff_user(Role.ADMIN, name="Sam Staff"))


def add(author, name, price="100", service="kitchenRemodelling", address="", day=0, **more):
    raw = invoice_payload(
        name=name,
        email=more.pop("email", f"{name.split()[0].lower()}@example.com"),
        address=address,
        lines=[{"service": service, "price": price}, *more.pop("lines", [])],
    )
    valid = validate_invoice(raw, today=TODAY)
    return create_invoice(valid, author.id, "", now=START + timedelta(days=day))


@pytest.fixture
def four(author):
    """Four invoices, one a day: numbers 2026-0001 (oldest) to 2026-0004 (newest)."""
    return [
        add(author, "Maria Lopez", "1250", "kitchenRemodelling", "Park Slope\nBrooklyn, NY 11215"),
        add(author, "Dan Okafor", "80", "floorAndTile", "31-10 Ditmars Blvd\nAstoria NY", day=1),
        add(
            author,
            "ada Byron",
            "9000",
            "bathroomRemodelling",
            "350 5th Ave, New York, NY 10118",
            day=2,
            email="ada@lovelace.example",
            lines=[{"service": "floorAndTile", "price": "10"}],
        ),
        add(
            author,
            "Zoë Ńowak",
            "450",
            "paversAndWalkways",
            "Jersey City, NJ 07302",
            day=3,
            email="zoe@example.com",
        ),
    ]


def numbers(page) -> list[str]:
    return [row.number for row in page.rows]


# --- filters from a query ----------------------------------------------------------------------


def test_the_defaults_show_everything_newest_first():
    filters = InvoiceFilters()
    assert (filters.search, filters.status, filters.type, filters.location) == (
        "",
        "All",
        "All",
        "All",
    )
    assert (filters.sort, filters.page) == ("newest", 1)
    assert InvoiceFilters.from_query({}) == filters
    assert filters.to_query() == {} and filters.query_string() == ""


def test_junk_in_the_query_falls_back_to_the_defaults():
    filters = InvoiceFilters.from_query(
        {
            "search": "x\x00y",
            "status": "'; drop table invoice; --",
            "type": "roofing",
            "location": "Mars",
            "sort": "password",
            "page": "-3",
            "extra": "ignored",
        }
    )
    assert filters == InvoiceFilters()


@pytest.mark.parametrize("page", ["0", "abc", "", "1.5", "٣", "9" * 5000, None, ["x"], True])
def test_a_bad_page_number_means_page_one(page):
    assert InvoiceFilters.from_query({"page": page}).page == 1


def test_a_page_number_may_be_text_or_a_number():
    assert InvoiceFilters.from_query({"page": "3"}).page == 3
    assert InvoiceFilters.from_query({"page": 3}).page == 3
    assert InvoiceFilters.from_query({"page": "99999999"}).page == 100_000


def test_good_values_are_kept_and_lists_give_their_first_value():
    filters = InvoiceFilters.from_query(
        {
            "search": ["  Lopez ", "ignored"],
            "status": "void",
            "type": "Floor and Tile",  # a label works as well as a slug
            "location": "Staten Island",
            "sort": "total_high",
            "page": "2",
        }
    )
    assert filters == InvoiceFilters(
        "Lopez", "void", "floorAndTile", "Staten Island", "total_high", 2
    )


def test_filters_survive_a_round_trip_through_a_link():
    filters = InvoiceFilters("Zoë & co", "sent", "otherWork", "Outside NYC", "customer", 3)
    assert InvoiceFilters.from_query(filters.to_query()) == filters
    assert filters.query_string().startswith("?search=Zo%C3%AB+%26+co&status=sent")
    assert InvoiceFilters(status="paid").query_string() == "?status=paid"
    assert InvoiceFilters().with_page(4).page == 4 and InvoiceFilters().with_page(-1).page == 1
    late = InvoiceFilters(age="31-60")
    assert InvoiceFilters.from_query(late.to_query()) == late
    assert InvoiceFilters.from_query({"age": "forever"}).age == "All"


def test_a_long_search_is_cut():
    assert len(InvoiceFilters.from_query({"search": "x" * 5000}).search) == 100


# --- listing -----------------------------------------------------------------------------------


def test_rows_show_the_invoice_and_newest_comes_first(four):
    page = list_invoices(InvoiceFilters())
    assert numbers(page) == ["2026-0004", "2026-0003", "2026-0002", "2026-0001"]
    ada = page.rows[1]
    assert (ada.customer, ada.email, ada.total, ada.total_cents) == (
        "ada Byron",
        "ada@lovelace.example",
        "$9,010.00",
        901_000,
    )
    assert (ada.status, ada.status_label, ada.location) == ("sent", "Sent", "Manhattan")
    assert ada.created == "2026-11-03" and ada.due_date == "2026-12-07"
    assert ada.delivery == "queued"
    assert page.total_count == 4 and page.page_count == 1 and page.page == 1


def test_invoices_made_at_the_same_moment_keep_a_stable_order(author):
    made = [add(author, f"Same Time {i}") for i in range(5)]
    expected = [m.number for m in reversed(made)]
    assert numbers(list_invoices(InvoiceFilters())) == expected
    assert numbers(list_invoices(InvoiceFilters(sort="oldest"))) == expected[::-1]


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("newest", ["2026-0004", "2026-0003", "2026-0002", "2026-0001"]),
        ("oldest", ["2026-0001", "2026-0002", "2026-0003", "2026-0004"]),
        ("total_high", ["2026-0003", "2026-0001", "2026-0004", "2026-0002"]),
        ("total_low", ["2026-0002", "2026-0004", "2026-0001", "2026-0003"]),
        ("customer", ["2026-0003", "2026-0002", "2026-0001", "2026-0004"]),
    ],
)
def test_each_sort_order(four, sort, expected):
    assert numbers(list_invoices(InvoiceFilters(sort=sort))) == expected


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("lopez", ["2026-0001"]),  # part of a name, any case
        ("ADA", ["2026-0003"]),
        ("lovelace", ["2026-0003"]),  # part of an e-mail
        ("@example.com", ["2026-0004", "2026-0002", "2026-0001"]),
        ("2026-0002", ["2026-0002"]),  # a number
        ("0004", ["2026-0004"]),
        ("Zoë", ["2026-0004"]),
        ("nobody", []),
        ("%", []),  # LIKE wildcards are searched for as themselves
        ("_", []),
    ],
)
def test_search_matches_name_email_or_number(four, search, expected):
    assert numbers(list_invoices(InvoiceFilters(search=search))) == expected


def test_the_status_filter(four, author):
    void_invoice("2026-0002", author, "Duplicate")
    assert numbers(list_invoices(InvoiceFilters(status="void"))) == ["2026-0002"]
    assert numbers(list_invoices(InvoiceFilters(status="sent"))) == [
        "2026-0004",
        "2026-0003",
        "2026-0001",
    ]
    assert numbers(list_invoices(InvoiceFilters(status="paid"))) == []


def test_the_type_filter_finds_invoices_with_a_line_of_that_service(four):
    assert numbers(list_invoices(InvoiceFilters(type="floorAndTile"))) == ["2026-0003", "2026-0002"]
    assert numbers(list_invoices(InvoiceFilters(type="kitchenRemodelling"))) == ["2026-0001"]
    assert numbers(list_invoices(InvoiceFilters(type="screenEnclosure"))) == []


def test_the_location_filter(four):
    assert numbers(list_invoices(InvoiceFilters(location="Brooklyn"))) == ["2026-0001"]
    assert numbers(list_invoices(InvoiceFilters(location="Queens"))) == ["2026-0002"]
    assert numbers(list_invoices(InvoiceFilters(location="Outside NYC"))) == ["2026-0004"]
    assert numbers(list_invoices(InvoiceFilters(location="Bronx"))) == []


def test_filters_combine(four):
    filters = InvoiceFilters(search="example.com", type="floorAndTile", sort="oldest")
    assert numbers(list_invoices(filters)) == ["2026-0002"]


def test_the_options_list_what_is_on_the_invoices(four):
    page = list_invoices(InvoiceFilters())
    assert [(o.value, o.label) for o in page.type_options] == [  # in INVOICE_OPTIONS order
        ("All", "All"),
        ("kitchenRemodelling", "Kitchen Remodelling"),
        ("bathroomRemodelling", "Bathroom Remodelling"),
        ("paversAndWalkways", "Pavers and Walkways"),
        ("floorAndTile", "Floor and Tile"),
    ]
    assert [o.value for o in page.location_options] == [
        "All",
        "Brooklyn",
        "Manhattan",
        "Queens",
        "Outside NYC",
    ]
    statuses = [o.value for o in page.status_options]
    assert statuses[0] == "All" and {"sent", "paid", "void", "partially_refunded"} <= set(statuses)
    assert [o.value for o in page.sort_options] == [
        "newest",
        "oldest",
        "total_high",
        "total_low",
        "customer",
    ]


def test_thirty_invoices_make_two_pages(author):
    for i in range(30):
        add(author, f"Customer {i:02d}", day=i % 20)
    first = list_invoices(InvoiceFilters(), page_size=25)
    second = list_invoices(InvoiceFilters(page=2), page_size=25)
    assert (first.total_count, first.page_count) == (30, 2)
    assert len(first.rows) == 25 and len(second.rows) == 5
    assert not set(numbers(first)) & set(numbers(second))
    assert len(set(numbers(first) + numbers(second))) == 30
    beyond = list_invoices(InvoiceFilters(page=99), page_size=25)
    assert beyond.page == 2 and beyond.filters.page == 2 and numbers(beyond) == numbers(second)


def test_an_empty_list_has_one_empty_page(author):
    page = list_invoices(InvoiceFilters(page=3))
    assert (page.rows, page.total_count, page.page_count, page.page) == ((), 0, 1, 1)
    assert [o.value for o in page.type_options] == ["All"]
    assert [o.value for o in page.location_options] == ["All"]


def test_the_row_shows_the_latest_emails_delivery(four, author):
    with db_session() as session:
        session.exec(update(OutboxEmail).values(status="sent"))
        session.commit()
    assert {row.delivery for row in list_invoices(InvoiceFilters()).rows} == {"sent"}
    resend_invoice_email("2026-0001", author)
    with db_session() as session:
        latest = session.exec(select(OutboxEmail).order_by(OutboxEmail.id.desc())).first()
        latest.status, latest.last_error = "failed", "422: mailbox unavailable"
        session.add(latest)
        session.commit()
    rows = {row.number: row.delivery for row in list_invoices(InvoiceFilters()).rows}
    assert rows["2026-0001"] == "failed: 422: mailbox unavailable"
    assert rows["2026-0002"] == "sent"


def test_an_invoice_without_email_says_so(four):
    with db_session() as session:
        session.exec(update(OutboxEmail).values(about_kind="other"))
        session.commit()
        assert session.exec(select(Invoice)).first() is not None
    assert {row.delivery for row in list_invoices(InvoiceFilters()).rows} == {"no e-mail"}


# --- the borough of an address -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "location"),
    [
        ("1234 Flatbush Avenue, Brooklyn, NY 11226", "Brooklyn"),
        ("45 Prospect Park West\nBrooklyn NY", "Brooklyn"),
        ("350 5th Ave, New York, NY 10118", "Manhattan"),
        ("350 5th Ave\nNew York, NY", "Manhattan"),
        ("1 Gracie Sq, Manhattan", "Manhattan"),
        ("31-10 Ditmars Blvd, Astoria, NY", "Queens"),
        ("120-55 Queens Blvd, Kew Gardens", "Queens"),
        ("Jamaica, NY 11432", "Queens"),
        ("Far Rockaway NY 11691", "Queens"),
        ("Long Island City, NY 11101", "Queens"),
        ("Glen Oaks, NY 11004", "Queens"),
        ("Bellerose, Queens, NY 11001", "Queens"),
        ("Great Neck, NY 11021", "Outside NYC"),
        ("2500 Grand Concourse, Bronx, NY 10458", "Bronx"),
        ("2500 Grand Concourse\nThe Bronx", "Bronx"),
        ("10 Richmond Terrace, Staten Island, NY 10301", "Staten Island"),
        ("Staten Island", "Staten Island"),
        ("1 Main St, Jersey City, NJ 07302", "Outside NYC"),
        ("1 Main St, Yonkers, NY 10701-1234", "Outside NYC"),
        ("10001 Foster Ave\nBrooklyn, NY", "Brooklyn"),  # a house number is not a ZIP code
        ("500 Brooklyn Ave, Albany", ""),  # a street name is not a place
        ("1 Main St", ""),
        ("", ""),
    ],
)
def test_the_borough_is_read_from_the_address(address, location):
    assert location_of(address) == location


def test_the_words_searched_come_as_search_or_as_q_like_every_staff_list():
    assert InvoiceFilters.from_query({"q": "Lopez"}).search == "Lopez"
    assert InvoiceFilters.from_query({"search": "Lopez", "q": "other"}).search == "Lopez"
    assert InvoiceFilters.from_query({"q": "x\x00y"}).search == ""
