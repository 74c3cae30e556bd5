"""The staff invoice list: the filter context (search, status, type, location, sort), paging,
and the delivery status of each invoice's latest e-mail."""

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from urllib.parse import urlencode

from sqlalchemy import exists, func, literal_column
from sqlmodel import select

from renovation_app.content import INVOICE_OPTIONS
from renovation_app.db import db_session, get_engine
from renovation_app.models import Invoice, InvoiceLine, InvoiceStatus
from renovation_app.services.billing import STATUS_LABELS, business_today, needs_attention
from renovation_app.services.billing.aging import BUCKET_BY_KEY, age_conditions
from renovation_app.services.billing.money import format_usd
from renovation_app.services.customers.locations import LOCATIONS
from renovation_app.services.fields import has_refused_characters, whole_number
from renovation_app.services.mail import About, latest_delivery

ALL = "All"
SEARCH_MAX = 100
PAGE_MAX = 100_000
SORTS = {
    "newest": "Newest first",
    "oldest": "Oldest first",
    "total_high": "Highest total",
    "total_low": "Lowest total",
    "customer": "Customer name",
}
_OPTIONS_BY_SLUG = {option.slug: option for option in INVOICE_OPTIONS}
_SLUG_BY_LABEL = {option.label.casefold(): option.slug for option in INVOICE_OPTIONS}
# A search of digits (and dashes) is an invoice number or part of one; from its start
# ("2025-04", "2025-0417") the number's unique index finds it without reading every invoice.
_NUMBER_PART = re.compile(r"\d[\d-]*")
_NUMBER_START = re.compile(r"\d{4}-\d*")


def _one(value: object) -> str:
    """A query value as one string: the first of a list, "" for anything else."""
    if isinstance(value, list | tuple):
        value = value[0] if value else ""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    return value.strip() if isinstance(value, str) else ""


def _page_number(value: str) -> int:
    number = whole_number(value)
    return 1 if number is None else min(max(number, 1), PAGE_MAX)


@dataclass(frozen=True)
class InvoiceFilters:
    """What the list shows; every value is safe to put into a query."""

    search: str = ""  # part of a customer's name, e-mail or an invoice number
    status: str = ALL  # an InvoiceStatus value or "All"
    type: str = ALL  # an INVOICE_OPTIONS slug or "All"
    location: str = ALL  # one of locations.LOCATIONS or "All"
    sort: str = "newest"  # a key of SORTS
    page: int = 1
    age: str = ALL  # unpaid and this late: a billing.aging bucket key, or "All"

    @classmethod
    def from_query(cls, query: Mapping[str, object]) -> "InvoiceFilters":
        """Filters from a URL query or state; anything unknown falls back to its default. The
        words searched are `search`, or `q` as every other staff list names them."""
        search = _one(query.get("search") or query.get("q"))[:SEARCH_MAX]
        if has_refused_characters(search):
            search = ""
        status = _one(query.get("status"))
        service = _one(query.get("type"))
        service = _SLUG_BY_LABEL.get(service.casefold(), service)  # a label works too
        location = _one(query.get("location"))
        age = _one(query.get("age"))
        sort = _one(query.get("sort"))
        page = _one(query.get("page"))
        return cls(
            search=search,
            status=status if status in set(InvoiceStatus) else ALL,
            type=service if service in _OPTIONS_BY_SLUG else ALL,
            location=location if location in LOCATIONS else ALL,
            age=age if age in BUCKET_BY_KEY else ALL,
            sort=sort if sort in SORTS else "newest",
            page=_page_number(page),
        )

    def to_query(self) -> dict[str, str]:
        """The values that differ from the defaults, for a link's query."""
        defaults = InvoiceFilters()
        return {
            f.name: str(getattr(self, f.name))
            for f in fields(self)
            if getattr(self, f.name) != getattr(defaults, f.name)
        }

    def query_string(self) -> str:
        """ "?status=paid&page=2", or "" when every filter is at its default."""
        query = self.to_query()
        return f"?{urlencode(query)}" if query else ""

    def with_page(self, page: int) -> "InvoiceFilters":
        return replace(self, page=max(1, min(page, PAGE_MAX)))


@dataclass(frozen=True)
class FilterOption:
    value: str
    label: str


@dataclass(frozen=True)
class InvoiceRow:
    number: str
    customer: str
    email: str
    total_cents: int
    total: str  # "$1,250.00"
    status: str  # an InvoiceStatus value
    status_label: str
    delivery: str  # the latest invoice e-mail: "sent", "queued", "failed: ...", "no e-mail"
    location: str
    created: str  # "2026-11-23" (New York date)
    due_date: str  # "2026-12-07"
    attention: str  # what staff must look at, "" when nothing (e.g. paid after it was voided)


@dataclass(frozen=True)
class InvoiceListPage:
    rows: tuple[InvoiceRow, ...]
    total_count: int  # invoices matching the filters, on all pages
    page: int  # the page shown (the last one when the asked page is past the end)
    page_count: int  # at least 1
    page_size: int
    filters: InvoiceFilters  # as applied, with the page shown
    status_options: tuple[FilterOption, ...]  # "All" first, then every status
    type_options: tuple[FilterOption, ...]  # "All" first, then the services on invoices
    location_options: tuple[FilterOption, ...]  # "All" first, then the locations present
    sort_options: tuple[FilterOption, ...]


def _contains(column, term: str):
    """`column` contains `term`, ignoring case. SQLite's LIKE already ignores ASCII case (and
    its lower() folds no more than that), so there the column is compared as stored, without a
    function call per row; PostgreSQL's ILIKE folds every letter."""
    # An ESCAPE clause only when the term holds a LIKE wildcard: SQLite's LIKE runs at half
    # speed with one.
    escape = any(c in term for c in "%_/")
    if get_engine().dialect.name == "postgresql":
        return column.icontains(term, autoescape=escape)
    return column.contains(term, autoescape=escape)


def _starts_with(column, term: str):
    """`column` starts with `term` (digits and dashes). SQLite answers a range from the column's
    index (its LIKE uses no index); PostgreSQL compares text by the database's locale, where a
    range is not a prefix, so there it is LIKE 'term%'."""
    if get_engine().dialect.name == "postgresql":
        return column.startswith(term, autoescape=True)
    return (column >= term) & (column < term + "~")  # "~" sorts after digits and "-"


def _search(term: str):
    """Where the search looks: an invoice number for digits, the e-mail for an address, else
    the name and e-mail (and the number, for a search like "INV")."""
    if _NUMBER_START.fullmatch(term):
        return _starts_with(Invoice.number, term)
    if _NUMBER_PART.fullmatch(term):
        return _contains(Invoice.number, term)
    if "@" in term:
        return _contains(Invoice.customer_email, term)
    return (
        _contains(Invoice.customer_name, term)
        | _contains(Invoice.customer_email, term)
        | _contains(Invoice.number, term)
    )


def _conditions(filters: InvoiceFilters, counting: bool = False) -> list:
    conditions = []
    if filters.search:
        conditions.append(_search(filters.search))
    if filters.status != ALL:
        conditions.append(Invoice.status == filters.status)
    if filters.type != ALL:
        # Both forms read only the (service, invoice_id) index. For a page, EXISTS lets the
        # newest invoices be tried one by one until the page is full; a count needs every
        # match, which the IN list gathers at once.
        with_service = InvoiceLine.service == filters.type
        conditions.append(
            Invoice.id.in_(select(InvoiceLine.invoice_id).where(with_service))
            if counting
            else exists().where(InvoiceLine.invoice_id == Invoice.id, with_service)
        )
    if filters.location != ALL:
        conditions.append(Invoice.location == filters.location)
    if filters.age != ALL:
        conditions += age_conditions(filters.age, business_today())
    return conditions


# Each sort key as an expression of the same value that no index serves (SQLite's documented
# no-op unary "+"; PostgreSQL adds nothing): for a search, see _order.
_UNINDEXED = {
    "sqlite": (
        "+invoice.created_at",
        "+invoice.id",
        "+invoice.total_cents",
        "+lower(invoice.customer_name)",
    ),
    "postgresql": (
        "invoice.created_at + interval '0 seconds'",
        "invoice.id + 0",
        "invoice.total_cents + 0",
        "lower(invoice.customer_name) || ''",
    ),
}


def _order(sort: str, searching: bool = False) -> tuple:
    """The sort's ORDER BY. For a search the keys are written so that no index can serve
    them: the database then finds the matches first (by ix_invoice_search's narrow copy, or
    PostgreSQL's trigram indexes) and sorts those few, where walking the sort's index and
    testing each invoice it names took up to ten times as long."""
    created, number, total = Invoice.created_at, Invoice.id, Invoice.total_cents
    name = func.lower(Invoice.customer_name)
    keys = _UNINDEXED.get(get_engine().dialect.name) if searching else None
    if keys:
        created, number, total, name = (literal_column(key) for key in keys)
    newest = (created.desc(), number.desc())
    return {
        "newest": newest,
        "oldest": (created.asc(), number.asc()),
        "total_high": (total.desc(), *newest),
        "total_low": (total.asc(), *newest),
        "customer": (name.asc(), *newest),
    }[sort]


def _options(session) -> tuple[tuple[FilterOption, ...], ...]:
    """Each filter's choices: the services and places that some invoice has. One EXISTS per
    choice, each answered by an index, rather than reading every line for its service."""
    everything = (FilterOption(ALL, ALL),)
    statuses = everything + tuple(FilterOption(s.value, STATUS_LABELS[s]) for s in InvoiceStatus)
    used = session.exec(
        select(
            *[exists().where(InvoiceLine.service == o.slug) for o in INVOICE_OPTIONS],
            *[exists().where(Invoice.location == loc) for loc in LOCATIONS],
        )
    ).one()
    service_used, location_used = used[: len(INVOICE_OPTIONS)], used[len(INVOICE_OPTIONS) :]
    types = everything + tuple(
        FilterOption(o.slug, o.label)
        for o, present in zip(INVOICE_OPTIONS, service_used, strict=True)
        if present
    )
    locations = everything + tuple(
        FilterOption(loc, loc)
        for loc, present in zip(LOCATIONS, location_used, strict=True)
        if present
    )
    sorts = tuple(FilterOption(key, label) for key, label in SORTS.items())
    return statuses, types, locations, sorts


def _page_of(
    session, filters: InvoiceFilters, conditions: list, page: int, page_size: int
) -> list[Invoice]:
    if not filters.search:
        return session.exec(
            select(Invoice)
            .where(*conditions)
            .order_by(*_order(filters.sort))
            .offset((page - 1) * page_size)
            .limit(page_size)
        ).all()
    # A search finds the page's ids in ix_invoice_search alone (a narrow copy of the
    # searched columns), then reads just those invoices.
    ids = (
        select(Invoice.id)
        .where(*conditions)
        .order_by(*_order(filters.sort, searching=True))
        .offset((page - 1) * page_size)
        .limit(page_size)
    )
    return session.exec(
        select(Invoice).where(Invoice.id.in_(ids)).order_by(*_order(filters.sort))
    ).all()


def _match_count(session, filters: InvoiceFilters, page: int, page_size: int, on_page: int) -> int:
    """How many invoices match the filters, given `on_page` of them found on `page`."""
    if on_page and on_page < page_size or page == 1 and not on_page:
        # The last page: the count is known without a second pass over the matches (a
        # search that finds one invoice reads the table once, not twice).
        return (page - 1) * page_size + on_page
    return session.exec(
        select(func.count()).select_from(Invoice).where(*_conditions(filters, True))
    ).one()


def _row(invoice: Invoice, delivery: str) -> InvoiceRow:
    return InvoiceRow(
        number=invoice.number,
        customer=invoice.customer_name,
        email=invoice.customer_email,
        total_cents=invoice.total_cents,
        total=format_usd(invoice.total_cents),
        status=str(invoice.status),
        status_label=STATUS_LABELS[InvoiceStatus(invoice.status)],
        delivery=delivery,
        location=invoice.location,
        created=business_today(invoice.created_at).isoformat(),
        due_date=invoice.due_date.isoformat(),
        attention=needs_attention(invoice),
    )


def list_invoices(filters: InvoiceFilters, page_size: int = 25) -> InvoiceListPage:
    """One page of the invoices that match the filters, with the options for each filter."""
    page_size = max(1, page_size)
    conditions = _conditions(filters)
    with db_session() as session:
        page = max(1, filters.page)
        invoices = _page_of(session, filters, conditions, page, page_size)
        total_count = _match_count(session, filters, page, page_size, len(invoices))
        page_count = max(1, math.ceil(total_count / page_size))
        if page > page_count:  # past the end: the last page
            page = page_count
            invoices = _page_of(session, filters, conditions, page, page_size)
        delivery = latest_delivery(session, About.INVOICE, [i.id for i in invoices])
        statuses, types, locations, sorts = _options(session)
    return InvoiceListPage(
        rows=tuple(_row(i, delivery.get(i.id, "no e-mail")) for i in invoices),
        total_count=total_count,
        page=page,
        page_count=page_count,
        page_size=page_size,
        filters=replace(filters, page=page),
        status_options=statuses,
        type_options=types,
        location_options=locations,
        sort_options=sorts,
    )
