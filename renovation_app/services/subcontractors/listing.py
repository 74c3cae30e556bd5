"""The subcontractor list for staff: by company, searched by company, trade or licence number,
filtered active or inactive, a page at a time, with each kind of certificate's standing."""

from dataclasses import dataclass
from datetime import date

from sqlmodel import func, select

from renovation_app.db import db_session
from renovation_app.models import Subcontractor
from renovation_app.services.billing import business_today
from renovation_app.services.paging import page_of, words_in
from renovation_app.services.subcontractors.certificates import certificates_in_force, status_of

ACTIVE, INACTIVE = "active", "inactive"
STATUS_LABELS = {ACTIVE: "Active", INACTIVE: "Inactive"}


@dataclass(frozen=True)
class SubcontractorRow:
    id: int
    company: str
    trade: str
    licence_number: str
    active: bool
    gl_state: str  # certificates.IN_FORCE, EXPIRING, LAPSED or NONE
    gl_words: str
    wc_state: str
    wc_words: str


@dataclass(frozen=True)
class SubcontractorListPage:
    rows: list[SubcontractorRow]
    total_count: int
    page: int
    page_count: int


def _query(search: str, status: str):
    query = select(Subcontractor).where(
        words_in(search, Subcontractor.company, Subcontractor.trade, Subcontractor.licence_number)
    )
    if status in STATUS_LABELS:
        query = query.where(Subcontractor.active == (status == ACTIVE))
    return query


def list_subcontractors(
    search: str = "", status: str = "", page: int = 1, today: date | None = None
) -> SubcontractorListPage:
    """`status` is "active", "inactive" or anything else for both."""
    today = today or business_today()
    query = _query(search, status)
    with db_session() as session:
        paged = page_of(session, query, page, func.lower(Subcontractor.company), Subcontractor.id)
        found = paged.rows
        in_force = certificates_in_force(session, [s.id for s in found])
    rows = []
    for sub in found:
        gl = status_of("general_liability", in_force.get((sub.id, "general_liability")), today)
        wc = status_of("workers_comp", in_force.get((sub.id, "workers_comp")), today)
        rows.append(
            SubcontractorRow(
                sub.id,
                sub.company,
                sub.trade,
                sub.licence_number,
                sub.active,
                gl.state,
                gl.words,
                wc.state,
                wc.words,
            )
        )
    return SubcontractorListPage(rows, paged.total_count, paged.page, paged.page_count)
