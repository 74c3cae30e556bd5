"""The Reflex app: pages from the route table, the HTTP API, background tasks."""

import gc

import reflex as rx

from renovation_app import (
    pages,  # noqa: F401  (importing declares every page)
    reflex_fixes,
)
from renovation_app.api import create_api
from renovation_app.api.guards import UploadGuard
from renovation_app.api.middleware import (
    CanonicalPathMiddleware,
    FormPostMiddleware,
    NotFoundPageMiddleware,
    SecurityMiddleware,
)
from renovation_app.components.error_screen import error_boundary
from renovation_app.pages.registry import PAGES, Page
from renovation_app.seo import absolute_url, local_business_json_ld, open_graph_meta
from renovation_app.services import payments, quickbooks, reminders
from renovation_app.services.mail import outbox_worker
from renovation_app.services.staff.users import ensure_first_admin
from renovation_app.settings import settings
from renovation_app.state.record import RecordGuard, RecordPage
from renovation_app.state.staff import StaffState
from renovation_app.state.staff.auth import AuthState
from renovation_app.state.staff.guard import StaffGuard


def with_seo(page: Page):
    """The page body plus its canonical link and the business JSON-LD."""
    route = page.route

    def body() -> rx.Component:
        return rx.fragment(
            rx.el.link(
                rel="canonical", href=absolute_url(route.path if route.path != "404" else "/")
            ),
            rx.el.script(local_business_json_ld(), type="application/ld+json"),
            page.body(),
        )

    # Reflex compiles a page's memoized components into a module named after the module that
    # defined the page function: the page's own, so a public page does not load the staff forms.
    body.__module__ = page.body.__module__
    return body


def check_staff_pages() -> None:
    """Start-up fails when a staff page loads its data through a state the guard does not
    cover: every staff page's states inherit StaffState."""
    for page in PAGES:
        for handler in page.on_load if page.route.staff else ():
            if not issubclass(handler.state, StaffState):
                raise RuntimeError(
                    f"{page.route.path}: {handler.state.__name__} must inherit StaffState"
                )


def check_record_pages() -> None:
    """Start-up fails when a page of one record (a path with [a part]) loads through a state
    that does not read its record from the address each time (state/record.py). A page the
    server writes whole (the project page) loads nothing."""
    for page in PAGES:
        if "[" in page.route.path and page.on_load:
            handler = page.on_load[0]
            if not (issubclass(handler.state, RecordPage) and handler.fn.__name__ == "load"):
                raise RuntimeError(
                    f"{page.route.path}: its first on_load must be the load of a RecordPage"
                )


reflex_fixes.apply()
check_staff_pages()
check_record_pages()

app = rx.App(
    # Our API routes around Reflex's, a native form post back to its page, pages at their
    # canonical paths, unknown paths the prerendered 404 page, uploads checked before they are
    # read, then security headers around everything.
    api_transformer=[
        create_api(),
        FormPostMiddleware,
        CanonicalPathMiddleware,
        NotFoundPageMiddleware,
        UploadGuard,
        SecurityMiddleware,
    ],
    stylesheets=["/site.css"],
    head_components=[
        # async: it must listen for the first paint (first_paint.py); it only delegates events.
        rx.el.script(src="/site.js", async_=True),
        rx.el.link(rel="icon", href="/favicon.svg", type="image/svg+xml"),
        rx.el.meta(name="theme-color", content="#0f172a"),
    ],
    toaster=rx.toast.provider(position="top-right", close_button=True),
)
app.app_wraps[(55, "ErrorBoundary")] = error_boundary
# Before Reflex's own hydration middleware, so a signed-out tab is emptied before it is sent.
app.add_middleware(StaffGuard(), index=0)
# Then no event acts on a record the page no longer shows.
app.add_middleware(RecordGuard(), index=1)

for page in PAGES:
    route = page.route
    app.add_page(
        with_seo(page),
        route=route.path,
        title=route.title,
        description=route.description,
        image=route.image,
        meta=open_graph_meta(route.title, route.description, route.path, route.image, route.public),
        # Every page load passes the staff guard, so the header button is right.
        on_load=[
            StaffState.refresh,
            # Staff pages show the login form to a signed-out tab.
            *([] if route.public else [AuthState.reset_login]),
            *page.on_load,
        ],
    )


@app.register_lifespan_task
async def deliver_outbox():
    await outbox_worker(settings.outbox_poll_seconds)


@app.register_lifespan_task
async def reconcile_card_payments():
    await payments.reconciliation_worker()


@app.register_lifespan_task
async def send_reminders():
    await reminders.reminder_worker(settings.reminder_check_seconds)


@app.register_lifespan_task
async def push_to_quickbooks():
    """Pushes nothing until an admin connects QuickBooks (the queue stays empty till then)."""
    await quickbooks.quickbooks_worker(settings.quickbooks_poll_seconds)


@app.register_lifespan_task
async def catch_up_quickbooks_payments():
    """Payments recorded in QuickBooks whose webhook never arrived (change data capture)."""
    await payments.quickbooks_payments_worker(settings.quickbooks_catch_up_seconds)


@app.register_lifespan_task
async def create_first_admin():
    ensure_first_admin(settings.admin_email, settings.admin_password)


@app.register_lifespan_task
def freeze_the_loaded_app():
    """Everything loaded at start-up (Reflex, the pages, SQLAlchemy's mappers) lives as long as
    the worker: moved out of the collector's reach, a full collection walks only what requests
    make, 3-21 ms instead of 90-130 (docs/performance.md)."""
    gc.collect()
    gc.freeze()
