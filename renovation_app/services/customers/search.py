"""Finding customers: the paged list with a search, and suggestions while a form is typed."""

from dataclasses import dataclass

from sqlalchemy import func, or_
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import Customer, CustomerAddress, CustomerContact
from renovation_app.services.fields import has_refused_characters
from renovation_app.services.paging import page_of

QUERY_MAX = 100


@dataclass(frozen=True)
class CustomerRow:
    id: int
    name: str
    emails: str  # "a@example.com, b@example.com"
    phones: str
    address: str  # the first job address, "" when none


@dataclass(frozen=True)
class CustomerListPage:
    rows: list[CustomerRow]
    query: str
    page: int
    page_count: int
    total_count: int


def _matching(query: str):
    """Customers (not merged away) whose name, e-mail, phone or address contains the words."""
    condition = Customer.merged_into_id.is_(None)
    for word in query.split()[:5]:
        like = f"%{word.lower()}%"
        digits = "".join(c for c in word if "0" <= c <= "9")
        contact = select(CustomerContact.customer_id).where(
            or_(
                func.lower(CustomerContact.value).like(like),
                *(
                    [
                        func.replace(
                            func.replace(
                                func.replace(func.replace(CustomerContact.value, "(", ""), ")", ""),
                                " ",
                                "",
                            ),
                            "-",
                            "",
                        ).like(f"%{digits}%")
                    ]
                    if len(digits) >= 3
                    else []
                ),
            )
        )
        address = select(CustomerAddress.customer_id).where(
            func.lower(CustomerAddress.address).like(like)
        )
        condition = condition & or_(
            func.lower(Customer.name).like(like), Customer.id.in_(contact), Customer.id.in_(address)
        )
    return condition


def _rows(session: Session, customers: list[Customer]) -> list[CustomerRow]:
    ids = [c.id for c in customers] or [0]
    contacts = session.exec(
        select(CustomerContact)
        .where(CustomerContact.customer_id.in_(ids))
        .order_by(CustomerContact.id)
    ).all()
    addresses = session.exec(
        select(CustomerAddress)
        .where(CustomerAddress.customer_id.in_(ids))
        .order_by(CustomerAddress.id)
    ).all()

    def values(customer_id: int, kind: str) -> str:
        return ", ".join(
            c.value for c in contacts if c.customer_id == customer_id and c.kind == kind
        )

    return [
        CustomerRow(
            id=c.id,
            name=c.name,
            emails=values(c.id, "email"),
            phones=values(c.id, "phone"),
            address=next((a.address for a in addresses if a.customer_id == c.id), ""),
        )
        for c in customers
    ]


def clean_query(query: object) -> str:
    text = query.strip() if isinstance(query, str) else ""
    return "" if has_refused_characters(text) else text[:QUERY_MAX]


def list_customers(query: str = "", page: int = 1) -> CustomerListPage:
    """Customers by name, newest last-seen first; `query` searches names, contacts, addresses."""
    query = clean_query(query)
    with db_session() as session:
        found = page_of(
            session,
            select(Customer).where(_matching(query)),
            page,
            func.lower(Customer.name),
            Customer.id,
        )
        rows = _rows(session, found.rows)
        return CustomerListPage(rows, query, found.page, found.page_count, found.total_count)


def suggest_customers(text: str, limit: int = 5) -> list[CustomerRow]:
    """Up to `limit` customers matching what is being typed (3 characters at least)."""
    query = clean_query(text)
    if len(query) < 3:
        return []
    with db_session() as session:
        customers = session.exec(
            select(Customer)
            .where(_matching(query))
            .order_by(func.lower(Customer.name))
            .limit(limit)
        ).all()
        return _rows(session, list(customers))
