"""GET /api/exports/{kind}.csv?from=2026-01-01&to=2026-12-31: invoices, payments or customers
for an accountant, staff only (the session cookie, checked here), streamed as it is read."""

from datetime import date, timedelta

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from renovation_app.api.responses import NO_STORE, sign_in_first, signed_in_user
from renovation_app.services.dashboard.exports import EXPORTS, export_rows

LONGEST_RANGE = timedelta(days=366 * 20)


def _day(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value or "")
    except ValueError:
        return None


async def export_csv(request: Request) -> Response:
    if await signed_in_user(request) is None:
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
    return StreamingResponse(
        export_rows(kind, start, last + timedelta(days=1)),  # a sync iterator: run in a thread
        media_type="text/csv; charset=utf-8",
        headers={**NO_STORE, "Content-Disposition": f'attachment; filename="{filename}"'},
    )
