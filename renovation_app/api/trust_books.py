"""A job's trust books as files, for staff only (the session cookie, checked here; no customer
link reaches them; crew days per person for admins only, as on the page):

GET /jobs/{number}/trust-books.pdf?from=YYYY-MM-DD&to=YYYY-MM-DD
GET /jobs/{number}/trust-books.csv?from=YYYY-MM-DD&to=YYYY-MM-DD

Each download is an audit row, as every export is."""

from datetime import date

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from renovation_app.api.exports import LONGEST_RANGE
from renovation_app.api.requests import client_of
from renovation_app.api.responses import (
    NO_STORE,
    content_disposition,
    not_found,
    sign_in_first,
    signed_in_user,
)
from renovation_app.db import db_session
from renovation_app.services import audit
from renovation_app.services.fields import iso_date
from renovation_app.services.trust_books import trust_books_csv, trust_books_pdf

BAD_DATES = "Give the dates as from=YYYY-MM-DD&to=YYYY-MM-DD, the first on or before the last."
MEDIA = {"pdf": "application/pdf", "csv": "text/csv; charset=utf-8"}
MAKERS = {"pdf": trust_books_pdf, "csv": trust_books_csv}


def _period(request: Request) -> tuple[date, date] | None:
    query = request.query_params
    start, last = iso_date(query.get("from")), iso_date(query.get("to"))
    if start is None or last is None or last < start or last - start > LONGEST_RANGE:
        return None
    return start, last


def _record_download(request: Request, user_id: int, kind: str, number: str, detail: str):
    """One audit row per download, as api/exports.py writes one per export."""
    audit.acting_client(client_of(request))
    with db_session() as session:
        audit.record(
            session,
            f"export.trust_books_{kind}",
            user_id=user_id,
            detail=detail,
            record_kind="job",
            record_id=number,
        )
        session.commit()


async def _download(request: Request, kind: str) -> Response:
    user = await signed_in_user(request)
    if user is None:
        return sign_in_first("download trust books")
    period = _period(request)
    if period is None:
        return JSONResponse({"error": BAD_DATES}, 422, headers=NO_STORE)
    number = request.path_params["number"].strip()
    content = await run_in_threadpool(MAKERS[kind], number, *period, user.is_admin)
    if content is None:
        return not_found()
    start, last = period
    detail = f"job {number}: {start} to {last}"
    await run_in_threadpool(_record_download, request, user.id, kind, number, detail)
    filename = f"trust-books-{number}-{start}-to-{last}.{kind}"
    headers = {**NO_STORE, "Content-Disposition": content_disposition(filename)}
    return Response(content, media_type=MEDIA[kind], headers=headers)


async def trust_books_pdf_file(request: Request) -> Response:
    return await _download(request, "pdf")


async def trust_books_csv_file(request: Request) -> Response:
    return await _download(request, "csv")
