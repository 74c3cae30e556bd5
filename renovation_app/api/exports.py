"""GET /api/exports/{kind}.csv?from=2026-01-01&to=2026-12-31: invoices, payments, customers or job costs
for an accountant, staff only (the session cookie, checked here), streamed as it is read."""

from datetime import date, timedelta

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from renovation_app.api.requests import client_of
from renovation_app.api.responses import (
    NO_STORE,
    content_disposition,
    sign_in_first,
    signed_in_user,
)
from renovation_app.db import db_session
from renovation_app.services import audit
from renovation_app.services.csv_cells import csv_text
from renovation_app.services.dashboard.exports import EXPORTS, export_rows

LONGEST_RANGE = timedelta(days=366 * 20)


def _day(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value or "")
    except ValueError:
        return None


def record_export(request: Request, user_id: int, what: str, detail: str) -> None:
    """Every export is one audit row: who took which data out, and when."""
    audit.acting_client(client_of(request))
    with db_session() as session:
        audit.record(session, f"export.{what}", user_id=user_id, detail=detail)
        session.commit()


def attachment(filename: str) -> dict[str, str]:
    return {**NO_STORE, "Content-Disposition": content_disposition(filename)}


async def export_csv(request: Request) -> Response:
    user = await signed_in_user(request)
    if user is None:
        return sign_in_first("export")
    kind = request.path_params["kind"]
    if kind not in EXPORTS:
        return JSONResponse({"error": "Unknown export."}, 404, headers=NO_STORE)
    start, last = _day(request.query_params.get("from")), _day(request.query_params.get("to"))
    if start is None or last is None or last < start or last - start > LONGEST_RANGE:
        message = (
            "Give the dates as from=YYYY-MM-DD&to=YYYY-MM-DD, the first on or before the last."
        )
        return JSONResponse({"error": message}, 422, headers=NO_STORE)
    filename = f"{kind}-{start.isoformat()}-to-{last.isoformat()}.csv"
    await run_in_threadpool(record_export, request, user.id, kind, f"{start} to {last}")
    return StreamingResponse(
        export_rows(kind, start, last + timedelta(days=1)),  # a sync iterator: run in a thread
        media_type="text/csv; charset=utf-8",
        headers=attachment(filename),
    )


async def audit_csv(request: Request) -> Response:
    """The audit log, filtered as on /audit: admins only."""
    user = await signed_in_user(request)
    if user is None:
        return sign_in_first("export")
    if not user.is_admin:
        return JSONResponse({"error": "Only admins can read the audit log."}, 403, headers=NO_STORE)
    filters = audit.AuditFilters.from_query(request.query_params)
    await run_in_threadpool(record_export, request, user.id, "audit", str(filters)[:500])
    return StreamingResponse(
        (csv_text(batch) for batch in audit.audit_csv_rows(filters)),
        media_type="text/csv; charset=utf-8",
        headers=attachment("audit-log.csv"),
    )
