"""One page of a staff list: how many rows its query finds, which page the one asked for is (the
last one when it is past the end), and that page's rows; and the search by words the lists share."""

from dataclasses import dataclass

from sqlalchemy import true
from sqlmodel import Session, func, or_, select

PAGE_SIZE = 25
SEARCH_MAX = 100


@dataclass(frozen=True)
class Paged:
    rows: list
    page: int
    page_count: int  # at least 1
    total_count: int


def page_of(session: Session, query, page: int, *order_by, size: int = PAGE_SIZE) -> Paged:
    """`query`'s rows on `page`, in the order of `order_by`."""
    total = session.exec(select(func.count()).select_from(query.subquery())).one()
    page_count = max(1, -(-total // size))
    page = min(max(page, 1), page_count)
    rows = session.exec(query.order_by(*order_by).offset((page - 1) * size).limit(size)).all()
    return Paged(list(rows), page, page_count, total)


def words_in(words: str, *columns):
    """The rows with the searched words in one of `columns`, in any case (every row when no
    words are given)."""
    text = (words or "").strip()[:SEARCH_MAX]
    if not text:
        return true()
    like = f"%{text.lower()}%"
    return or_(*(func.lower(column).like(like) for column in columns))
