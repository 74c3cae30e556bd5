"""Writing and reading the audit log.

Rows are written in the caller's transaction, so an action and its audit row are kept or lost
together. The database refuses UPDATE and DELETE on the table (see the c1staff migration).
"""

import json
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import Session, func, or_, select

from renovation_app.db import db_session
from renovation_app.models import AuditEvent, User
from renovation_app.services.fields import iso_date
from renovation_app.services.limits import client_fingerprint
from renovation_app.services.paging import page_of
from renovation_app.services.schedule.times import day_span

PAGE_SIZE = 50
EXPORT_BATCH = 1000

# The hashed address of the client whose request is being handled: set once per request or
# event (the staff guard, the API routes), read by record(), so services need not pass it on.
_client_hash: ContextVar[str] = ContextVar("audit_client_hash", default="")


def acting_client(client_address: str) -> None:
    """Remember the client of the request or event being handled (hashed, never stored raw)."""
    _client_hash.set(client_fingerprint(client_address) if client_address else "")


def _as_text(values: dict | None) -> str:
    return json.dumps(values, sort_keys=True, default=str) if values else ""


def record(
    session: Session,
    action: str,
    *,
    user_id: int | None = None,
    actor: str = "",
    record_kind: str = "",
    record_id: object = "",
    detail: str = "",
    before: dict | None = None,
    after: dict | None = None,
) -> None:
    """Add one audit row to the caller's transaction (the caller commits)."""
    session.add(
        AuditEvent(
            user_id=user_id,
            actor=actor[:254],
            action=action[:40],
            record_kind=record_kind[:20],
            record_id=str(record_id)[:40],
            client_hash=_client_hash.get(),
            detail=detail[:500],
            before=_as_text(before),
            after=_as_text(after),
        )
    )


def record_staff_action(
    session: Session, action: str, user, record_kind: str, record_id: object, detail: str = ""
) -> None:
    """A row for what a signed-in member of staff (`user`: its id and e-mail) did to one record:
    the shape of most rows, so each caller names only the action, the record and the detail."""
    record(
        session,
        action,
        user_id=user.id,
        actor=user.email,
        record_kind=record_kind,
        record_id=record_id,
        detail=detail,
    )


# --- reading ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AuditFilters:
    person: str = ""  # a user's e-mail or name, or part of it
    record: str = ""  # "invoice 2026-0004", or a number or id alone
    since: date | None = None
    until: date | None = None  # inclusive

    @classmethod
    def from_query(cls, query: Mapping[str, object]) -> "AuditFilters":
        """The filters of /audit's address (?person=&record=&since=&until=), for the page and
        its CSV alike; a date that is not one is left out."""
        return cls(
            person=str(query.get("person") or "")[:100],
            record=str(query.get("record") or "")[:60],
            since=iso_date(query.get("since")),
            until=iso_date(query.get("until")),
        )

    def as_query(self) -> dict[str, str]:
        """The filters that are set, as from_query reads them back."""
        values = {
            "person": self.person,
            "record": self.record,
            "since": self.since.isoformat() if self.since else "",
            "until": self.until.isoformat() if self.until else "",
        }
        return {name: value for name, value in values.items() if value}


@dataclass(frozen=True)
class AuditRow:
    at: datetime
    person: str
    action: str
    record: str
    detail: str
    client: str
    before: str
    after: str


@dataclass(frozen=True)
class AuditPage:
    rows: tuple[AuditRow, ...]
    page: int
    page_count: int
    total_count: int


def _conditions(filters: AuditFilters) -> list:
    conditions = []
    if filters.person:
        needle = f"%{filters.person.strip().lower()}%"
        conditions.append(
            or_(
                func.lower(AuditEvent.actor).like(needle),
                func.lower(User.email).like(needle),
                func.lower(User.name).like(needle),
            )
        )
    if filters.record:
        kind, _, value = filters.record.strip().lower().rpartition(" ")
        conditions.append(AuditEvent.record_id == value)
        if kind:
            conditions.append(AuditEvent.record_kind == kind)
    if filters.since:
        conditions.append(AuditEvent.at >= day_span(filters.since)[0])
    if filters.until:
        conditions.append(AuditEvent.at < day_span(filters.until)[1])
    return conditions


def _query(filters: AuditFilters):
    return (
        select(AuditEvent, User.email, User.name)
        .outerjoin(User, User.id == AuditEvent.user_id)
        .where(*_conditions(filters))
    )


def _row(event: AuditEvent, email: str | None, name: str | None) -> AuditRow:
    person = f"{name} <{email}>" if email else event.actor or "(system)"
    kind_and_id = f"{event.record_kind} {event.record_id}".strip()
    return AuditRow(
        at=event.at,
        person=person,
        action=event.action,
        record=kind_and_id,
        detail=event.detail,
        client=event.client_hash[:12],
        before=event.before,
        after=event.after,
    )


def audit_page(filters: AuditFilters, page: int = 1) -> AuditPage:
    """The newest rows first, PAGE_SIZE a page."""
    with db_session() as session:
        found = page_of(session, _query(filters), page, AuditEvent.id.desc(), size=PAGE_SIZE)
        rows = tuple(_row(*found_row) for found_row in found.rows)
    return AuditPage(rows, found.page, found.page_count, found.total_count)


def audit_csv_rows(filters: AuditFilters) -> Iterator[list[list[str]]]:
    """The filtered log oldest first, in batches of rows of cells, for the CSV export."""
    yield [["Time (UTC)", "Person", "Action", "Record", "Detail", "Client", "Before", "After"]]
    last_id = 0
    while True:
        with db_session() as session:
            found = list(
                session.exec(
                    _query(filters)
                    .where(AuditEvent.id > last_id)
                    .order_by(AuditEvent.id)
                    .limit(EXPORT_BATCH)
                )
            )
        if not found:
            return
        last_id = found[-1][0].id
        yield [
            [
                row.at.strftime("%Y-%m-%d %H:%M:%S"),
                row.person,
                row.action,
                row.record,
                row.detail,
                row.client,
                row.before,
                row.after,
            ]
            for row in (_row(*found_row) for found_row in found)
        ]


def record_own_account(session: Session, action: str, user, detail: str = "") -> None:
    """A row for what a member of staff did to their own account (joined, reset a password)."""
    record_staff_action(session, action, user, "user", user.email, detail)
