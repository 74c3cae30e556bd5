"""POST /api/time-clock: one tap of the crew's time clock from /today, for the signed-in person
(the session cookie, checked here; same origin only). The phone sends the tap's own key and its
clock's time, so a tap queued without a signal and sent later, or sent twice, is done once at
the time it was made (services/time_clock/taps.py).
GET /api/exports/payroll.csv?week=YYYY-MM-DD: the week's hours for payroll, admins only."""

import math
from dataclasses import asdict
from datetime import UTC, datetime

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from renovation_app.api.exports import attachment, record_export
from renovation_app.api.requests import Refused, check_same_origin, read_json_object
from renovation_app.api.responses import NO_STORE, sign_in_first, signed_in_user
from renovation_app.models import TapAction
from renovation_app.services import time_clock
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number

KEY_CHARACTERS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


def _refused(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status, headers=NO_STORE)


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def read_tap(payload: dict) -> time_clock.Tap:
    """The tap as the page sends it; ActionRefused in words for anything else."""
    key = payload.get("key")
    if not isinstance(key, str) or not 8 <= len(key) <= 64 or set(key) - KEY_CHARACTERS:
        raise ActionRefused("The tap carries no key.")
    try:
        action = TapAction(payload.get("action"))
    except ValueError:
        raise ActionRefused("Unknown tap.") from None
    millis = _number(payload.get("tapped_at"))
    if millis is None or not 946_684_800_000 <= millis <= 4_102_444_800_000:  # 2000 to 2100
        raise ActionRefused("The tap carries no time.")
    return time_clock.Tap(
        key=key,
        action=action,
        tapped_at=datetime.fromtimestamp(millis / 1000, UTC),
        job_id=whole_number(payload.get("job_id")),
        off_schedule_ok=payload.get("off_schedule_ok") is True,
        latitude=_number(payload.get("latitude")),
        longitude=_number(payload.get("longitude")),
        accuracy_m=_number(payload.get("accuracy")),
    )


async def clock_tap(request: Request) -> Response:
    """200 with what was done (or why not: the phone shows it and forgets the tap) and the clock
    as it now stands (the phone shows it at once, whatever the page's own reading says), 409 when the
    job is not on the person's schedule (the phone asks, then sends the tap again confirmed),
    401 without a session (the phone keeps the tap until the person signs in again)."""
    try:
        check_same_origin(request)
        user = await signed_in_user(request)
        if user is None:
            return _refused(401, "Sign in again to send your taps.")
        payload = await read_json_object(request)
        tap = read_tap(payload)
    except Refused as refused:
        return refused.response
    except ActionRefused as refused:
        return _refused(422, str(refused))
    try:
        done = await run_in_threadpool(time_clock.record_tap, user, tap)
    except time_clock.NotOnSchedule as asked:
        return JSONResponse({"ask": str(asked)}, 409, headers=NO_STORE)
    except ActionRefused as refused:
        return _refused(403, str(refused))
    clock = await run_in_threadpool(time_clock.clock_now, user.id)
    body = {
        "done": not done.refused,
        "refused": done.refused,
        "replayed": done.replayed,
        "clock": asdict(clock),
    }
    return JSONResponse(body, headers=NO_STORE)


async def payroll_csv(request: Request) -> Response:
    user = await signed_in_user(request)
    if user is None:
        return sign_in_first("export")
    if not user.is_admin:
        return _refused(403, "Only admins export payroll.")
    monday = time_clock.monday_of(request.query_params.get("week"))
    await run_in_threadpool(record_export, request, user.id, "payroll", f"week of {monday}")
    return StreamingResponse(
        time_clock.payroll_csv(monday),
        media_type="text/csv; charset=utf-8",
        headers=attachment(f"payroll-week-of-{monday.isoformat()}.csv"),
    )
