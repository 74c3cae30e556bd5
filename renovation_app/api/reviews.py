"""GET /review/{token}: a review request's link, counted, then on to the review page."""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from renovation_app.db import db_session
from renovation_app.services.reviews import open_review_link


def _opened(token: str) -> str | None:
    with db_session() as session:
        target = open_review_link(session, token)
        session.commit()
    return target


async def review_link(request: Request) -> Response:
    token = request.path_params["token"][:100]
    target = await run_in_threadpool(_opened, token)
    if target is None:
        return Response("This link is not one of ours.", status_code=404, media_type="text/plain")
    # The target is the REVIEW_LINK setting only, never anything from the request.
    return RedirectResponse(target, status_code=302, headers={"Cache-Control": "no-store"})
