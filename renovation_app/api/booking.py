"""Estimate visits booked from the website, over HTTP (a slow phone books before the websocket
connects), and each person's calendar feed:

GET  /api/booking/windows       the free windows of the weeks ahead: times only, never who is where
POST /api/booking               {name, email, phone, address, message, window} -> 201, or 409
                                with the next free windows when the window was just taken, or
                                429 when the e-mail, phone or address holds enough open visits
GET  /calendar/{token}.ics      a person's private feed (the unguessable token), else 404
GET  /visit/{token}             the visitor's page of a visit booked online, else the 404 page
"""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from renovation_app.api.requests import Refused, client_of, honeypot_of, posted_json
from renovation_app.api.responses import NO_STORE, app_page, not_found
from renovation_app.db import db_session
from renovation_app.services.enquiries import TooManyEnquiries
from renovation_app.services.errors import FormInvalid
from renovation_app.services.schedule import booking, calendars, visits, windows
from renovation_app.services.schedule.open_bookings import TooManyBookings


def _shown(free: list[windows.Window]) -> list[dict]:
    return [window.shown() for window in free]


def _free() -> list[dict]:
    with db_session() as session:
        return _shown(windows.free_windows(session))


async def booking_windows(request: Request) -> JSONResponse:
    free = await run_in_threadpool(_free)
    return JSONResponse({"windows": free}, headers=NO_STORE)


async def book(request: Request) -> JSONResponse:
    try:
        payload = await posted_json(request)
    except Refused as refused:
        return refused.response
    try:
        form = booking.validate_booking(payload)
        visit = await run_in_threadpool(
            booking.book_visit, form, client_of(request), honeypot_of(payload)
        )
    except FormInvalid as invalid:
        return JSONResponse({"errors": invalid.errors}, status_code=422)
    except booking.WindowTaken as taken:
        return JSONResponse(
            {"errors": {"window": booking.TAKEN}, "windows": _shown(taken.windows)},
            status_code=409,
        )
    except TooManyBookings as held:
        return JSONResponse({"errors": {"rate_limit": str(held)}}, status_code=429)
    except TooManyEnquiries as limited:
        return JSONResponse(
            {"errors": {"rate_limit": str(limited)}},
            status_code=429,
            headers={"Retry-After": str(limited.retry_after)},
        )
    when = "" if visit is None else windows.Window(visit.starts_at, visit.ends_at)
    return JSONResponse(
        {"status": "booked", "when": _shown([when])[0] if when else None}, status_code=201
    )


async def calendar_feed(request: Request) -> Response:
    feed = await run_in_threadpool(calendars.person_feed, request.path_params["token"])
    if feed is None:
        return not_found()
    headers = {**NO_STORE, "Content-Disposition": 'inline; filename="schedule.ics"'}
    return Response(feed, media_type="text/calendar; charset=utf-8", headers=headers)


async def visit_page(request: Request) -> Response:
    found = await run_in_threadpool(visits.read_visit, request.path_params["token"])
    return app_page(found is not None)
