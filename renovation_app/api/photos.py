"""A job's photos and log over plain HTTP (a phone uploads each photo with progress and retries
it alone), the customer's project page, and the published gallery pictures:

POST /api/jobs/{number}/photos?upload_id&stage&room&note_id   staff: one photo, the body its bytes
POST /api/jobs/{number}/notes                  staff: a log note (JSON: note_key, text, and a
                                                lead-safe practice with its cleaning_result)
GET  /jobs/{number}/photos/{id}/{name}          staff: a variant ("960.webp") or the original
GET  /jobs/{number}/texts/{id}/photo            staff: a photo the customer texted (a JPEG)
GET  /project/{token}                           the customer's project page (server-drawn)
GET  /project/{token}/photos/{id}/{name}        a shared photo's variant for the link's holder
GET  /gallery-photos/{key}/{name}               a published picture, for anyone (immutable)
GET  /gallery/{slug}, /services/{slug}           the prerendered page with its published pictures
"""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from renovation_app.api.first_paint_pages import page_with_published, project_first_paint
from renovation_app.api.requests import (
    Refused,
    check_same_origin,
    client_of,
    posted_json,
    read_body,
)
from renovation_app.api.responses import (
    NO_STORE,
    compressed_html,
    content_disposition,
    not_found,
    sign_in_first,
    signed_in_user,
    staff_only,
)
from renovation_app.services import audit, photos, project
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.services.files import StorageError
from renovation_app.services.photos.texted import text_photo_of

# What a photo's file may do in a browser: be shown, nothing else.
_FILE_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
}
PUBLIC_PAGE = {"Cache-Control": "no-cache"}  # as the prerendered pages: asked again each visit
STORAGE_DOWN = "The photo could not be stored just now. It will be sent again."


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=NO_STORE)


async def upload_photo(request: Request) -> Response:
    try:
        check_same_origin(request)
    except Refused as refused:
        return refused.response
    user = await signed_in_user(request)
    if user is None:
        return sign_in_first("upload photos")
    audit.acting_client(client_of(request))
    content = await read_body(request, photos.MAX_BYTES)
    if content is None:
        return _error(413, "The photo is larger than 30 MB: please choose a smaller one.")
    query = request.query_params
    try:
        saved = await photos.receive_photo(
            request.path_params["number"],
            user,
            query.get("upload_id"),
            query.get("stage"),
            query.get("room", ""),
            query.get("note_id"),
            content,
        )
    except ActionRefused as refused:
        return _error(422, refused.message)
    except StorageError:
        return _error(503, STORAGE_DOWN)
    return JSONResponse(
        {"id": saved.id, "duplicate": saved.duplicate},
        status_code=200 if saved.duplicate else 201,
        headers=NO_STORE,
    )


async def add_note(request: Request) -> Response:
    try:
        payload = await posted_json(request)
    except Refused as refused:
        return refused.response
    user = await signed_in_user(request)
    if user is None:
        return sign_in_first("write the log")
    audit.acting_client(client_of(request))
    try:
        saved = await run_in_threadpool(
            photos.save_note,
            request.path_params["number"],
            user,
            payload.get("note_key"),
            payload.get("text"),
            payload.get("practice", ""),
            payload.get("cleaning_result", ""),
        )
    except ActionRefused as refused:
        return _error(422, refused.message)
    return JSONResponse(
        {"id": saved.id, "duplicate": saved.duplicate},
        status_code=200 if saved.duplicate else 201,
        headers=NO_STORE,
    )


def _picture(found: tuple[bytes, str] | None, cache: str, download: str = "") -> Response:
    if found is None:
        return not_found()
    content, content_type = found
    headers = {**_FILE_HEADERS, "Cache-Control": cache, "X-Robots-Tag": "noindex"}
    if download:
        headers["Content-Disposition"] = content_disposition(download)
    return Response(content, media_type=content_type, headers=headers)


def _name(request: Request) -> str:
    """ "960" of "960.webp", "original" of "original"; "" for anything else."""
    name = request.path_params["name"]
    if name == "original":
        return name
    stem, _, extension = name.partition(".")
    return stem if extension == "webp" and whole_number(stem) is not None else ""


@staff_only("see job photos")
async def staff_photo(request: Request) -> Response:
    number, photo_id, name = (
        request.path_params["number"],
        whole_number(request.path_params["id"]),
        _name(request),
    )
    found = await run_in_threadpool(photos.photo_file, number, photo_id, name) if name else None
    download = f"photo-{photo_id}-original" if name == "original" else ""
    return _picture(found, "private, max-age=3600", download)


@staff_only("see job photos")
async def texted_photo(request: Request) -> Response:
    number, media_id = request.path_params["number"], whole_number(request.path_params["id"])
    content = await run_in_threadpool(text_photo_of, number, media_id)
    return _picture((content, "image/jpeg") if content else None, "private, max-age=3600")


async def project_photo(request: Request) -> Response:
    token, photo_id, name = (
        request.path_params["token"],
        whole_number(request.path_params["id"]),
        _name(request),
    )
    found = await run_in_threadpool(project.shared_photo, token, photo_id, name) if name else None
    return _picture(found, "private, max-age=600")


async def project_page(request: Request) -> Response:
    html = await run_in_threadpool(project_first_paint, request.path_params["token"])
    # The link is the key to the page: no address of it leaves with a request from the page.
    private = {**NO_STORE, "Referrer-Policy": "no-referrer"}
    return not_found() if html is None else compressed_html(request, html, private)


async def gallery_photo(request: Request) -> Response:
    stem, _, extension = request.path_params["name"].partition(".")
    if extension != "webp":
        return not_found()
    content = await run_in_threadpool(photos.public_file, request.path_params["key"], stem)
    found = (content, "image/webp") if content else None
    # A published picture's name is new each time it is published: its bytes never change.
    return _picture(found, "public, max-age=31536000, immutable")


async def gallery_page(request: Request) -> Response:
    html = await run_in_threadpool(page_with_published, "gallery", request.path_params["slug"])
    return not_found() if html is None else compressed_html(request, html, PUBLIC_PAGE)


async def service_page(request: Request) -> Response:
    html = await run_in_threadpool(page_with_published, "services", request.path_params["slug"])
    return not_found() if html is None else compressed_html(request, html, PUBLIC_PAGE)
