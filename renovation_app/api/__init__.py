"""HTTP routes beside Reflex's event socket: health, contact, session, sitemap, robots,
search index."""

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from renovation_app import routes
from renovation_app.api.booking import book, booking_windows, calendar_feed, visit_page
from renovation_app.api.change_orders import (
    change_order_page,
    customer_change_order_pdf,
    staff_change_order_pdf,
)
from renovation_app.api.contact import contact
from renovation_app.api.costs import receipt_file, staff_waiver_pdf, waiver_link_pdf, waiver_page
from renovation_app.api.estimates import customer_estimate_pdf, estimate_page, staff_estimate_pdf
from renovation_app.api.exports import audit_csv, export_csv
from renovation_app.api.google import google_callback, google_start
from renovation_app.api.guards import AddressGuard
from renovation_app.api.invoices import (
    create_invoice,
    customer_invoice_pdf,
    pay_page,
    staff_invoice_pdf,
)
from renovation_app.api.job_documents import job_document_pdf
from renovation_app.api.photos import (
    add_note,
    gallery_page,
    gallery_photo,
    project_page,
    project_photo,
    service_page,
    staff_photo,
    texted_photo,
    upload_photo,
)
from renovation_app.api.quickbooks import (
    quickbooks_callback,
    quickbooks_connect,
    quickbooks_webhook,
)
from renovation_app.api.resend_webhook import resend_webhook
from renovation_app.api.reviews import review_link
from renovation_app.api.session import sign_in, sign_out
from renovation_app.api.site import health, robots, site_search_index, sitemap
from renovation_app.api.staff_links import accept_invitation, forgot_password, reset_password
from renovation_app.api.stripe_webhook import stripe_webhook
from renovation_app.api.subcontractors import insurance_file
from renovation_app.api.time_clock import clock_tap, payroll_csv
from renovation_app.api.trust_books import trust_books_csv_file, trust_books_pdf_file
from renovation_app.api.twilio_webhooks import twilio_inbound, twilio_status
from renovation_app.services import texts
from renovation_app.services.photos.gallery import PUBLIC_PREFIX
from renovation_app.services.quickbooks import CALLBACK_PATH as QUICKBOOKS_CALLBACK_PATH
from renovation_app.services.reviews import REVIEW_PATH_PREFIX
from renovation_app.services.staff.google import CALLBACK_PATH as GOOGLE_CALLBACK_PATH


async def client_went_away(request: Request, exc: Exception) -> Response:
    """A client that left in the middle of its body is nobody's error: no traceback, no 500
    in the log, and the answer (which nobody reads) says the request was incomplete."""
    return Response(status_code=400)


ROUTES = [
    Route("/api/health", health, methods=["GET"]),
    Route("/api/contact", contact, methods=["POST"]),
    Route("/api/booking/windows", booking_windows, methods=["GET"]),
    Route("/api/booking", book, methods=["POST"]),
    Route(routes.CALENDAR_FEED_PREFIX + "{token}.ics", calendar_feed, methods=["GET"]),
    Route("/api/session", sign_in, methods=["POST"]),
    Route("/api/session", sign_out, methods=["DELETE"]),
    Route(routes.GOOGLE_START_PATH, google_start, methods=["GET"]),
    Route(GOOGLE_CALLBACK_PATH, google_callback, methods=["GET"]),
    Route("/api/welcome", accept_invitation, methods=["POST"]),
    Route("/api/password-reset", reset_password, methods=["POST"]),
    Route("/api/forgot-password", forgot_password, methods=["POST"]),
    Route("/api/invoices", create_invoice, methods=["POST"]),
    Route("/api/stripe/webhook", stripe_webhook, methods=["POST"]),
    Route("/api/resend/webhook", resend_webhook, methods=["POST"]),
    Route(routes.QUICKBOOKS_CONNECT_PATH, quickbooks_connect, methods=["GET"]),
    Route(QUICKBOOKS_CALLBACK_PATH, quickbooks_callback, methods=["GET"]),
    Route("/api/quickbooks/webhook", quickbooks_webhook, methods=["POST"]),
    Route(texts.INBOUND_PATH, twilio_inbound, methods=["POST"]),
    Route(texts.STATUS_PATH, twilio_status, methods=["POST"]),
    Route(REVIEW_PATH_PREFIX + "{token}", review_link, methods=["GET"]),
    Route("/api/exports/audit.csv", audit_csv, methods=["GET"]),
    Route("/api/exports/payroll.csv", payroll_csv, methods=["GET"]),
    Route("/api/time-clock", clock_tap, methods=["POST"]),
    Route("/api/exports/{kind}.csv", export_csv, methods=["GET"]),
    Route("/invoices/{number}/pdf", staff_invoice_pdf, methods=["GET"]),
    Route("/pay/{token}/pdf", customer_invoice_pdf, methods=["GET"]),
    Route("/estimates/{number}/pdf", staff_estimate_pdf, methods=["GET"]),
    Route("/estimate/{token}/pdf", customer_estimate_pdf, methods=["GET"]),
    Route("/estimate/{token}", estimate_page, methods=["GET"]),
    Route("/estimate/{token}/", estimate_page, methods=["GET"]),
    Route("/jobs/{number}/change-orders/{co}/pdf", staff_change_order_pdf, methods=["GET"]),
    Route("/change-order/{token}/pdf", customer_change_order_pdf, methods=["GET"]),
    Route("/subcontractors/{id}/certificates/{cert}/file", insurance_file, methods=["GET"]),
    Route("/jobs/{number}/trust-books.pdf", trust_books_pdf_file, methods=["GET"]),
    Route("/jobs/{number}/documents/{name}.pdf", job_document_pdf, methods=["GET"]),
    Route("/jobs/{number}/trust-books.csv", trust_books_csv_file, methods=["GET"]),
    Route("/jobs/{number}/costs/{id}/receipt", receipt_file, methods=["GET"]),
    Route("/jobs/{number}/costs/waivers/{id}/pdf", staff_waiver_pdf, methods=["GET"]),
    Route("/lien-waiver/{token}/pdf", waiver_link_pdf, methods=["GET"]),
    Route("/lien-waiver/{token}", waiver_page, methods=["GET"]),
    Route("/lien-waiver/{token}/", waiver_page, methods=["GET"]),
    Route("/api/jobs/{number}/photos", upload_photo, methods=["POST"]),
    Route("/api/jobs/{number}/notes", add_note, methods=["POST"]),
    Route("/jobs/{number}/photos/{id}/{name}", staff_photo, methods=["GET"]),
    Route("/jobs/{number}/texts/{id}/photo", texted_photo, methods=["GET"]),
    Route("/project/{token}/photos/{id}/{name}", project_photo, methods=["GET"]),
    Route("/project/{token}", project_page, methods=["GET"]),
    Route("/project/{token}/", project_page, methods=["GET"]),
    Route(PUBLIC_PREFIX + "{key}/{name}", gallery_photo, methods=["GET"]),
    # The prerendered pages, with the pictures published from finished jobs written in
    # (the canonical-path middleware asks for them with the trailing slash).
    Route("/gallery/{slug}/", gallery_page, methods=["GET"]),
    Route("/services/{slug}/", service_page, methods=["GET"]),
    Route("/visit/{token}", visit_page, methods=["GET"]),
    Route("/visit/{token}/", visit_page, methods=["GET"]),
    Route("/change-order/{token}", change_order_page, methods=["GET"]),
    Route("/change-order/{token}/", change_order_page, methods=["GET"]),
    Route("/pay/{token}", pay_page, methods=["GET"]),
    Route("/pay/{token}/", pay_page, methods=["GET"]),
    Route("/sitemap.xml", sitemap, methods=["GET"]),
    Route("/robots.txt", robots, methods=["GET"]),
    Route("/api/search-index", site_search_index, methods=["GET"]),
]


def create_api() -> Starlette:
    return Starlette(
        exception_handlers={ClientDisconnect: client_went_away},
        middleware=[Middleware(AddressGuard)],
        routes=ROUTES,
    )
