"""Sign-in, sign-out and the staff area (/login, /signout, /add-invoice, /enquiries)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link, link_items
from renovation_app.components.page_frame import site_page
from renovation_app.components.styles import BUTTON, INPUT
from renovation_app.components.ui import labelled, section
from renovation_app.content.contact_links import mailto_href
from renovation_app.navigation import STAFF_MENU
from renovation_app.pages.registry import page
from renovation_app.state.auth import SIGN_IN_SCRIPT, AuthState
from renovation_app.state.staff import EnquiriesState, StaffState


def login_form() -> rx.Component:
    return rx.el.div(
        rx.el.h2("Staff sign-in", class_name="text-2xl font-extrabold text-slate-900"),
        rx.el.p("Sign in to write invoices and read enquiries.", class_name="mt-1 text-slate-600"),
        rx.el.form(
            labelled(
                "Email",
                rx.el.input(
                    id="login-email",
                    name="email",
                    type="email",
                    auto_complete="username",
                    required=True,
                    class_name=INPUT,
                ),
            ),
            labelled(
                "Password",
                rx.el.input(
                    id="login-password",
                    name="password",
                    type="password",
                    auto_complete="current-password",
                    required=True,
                    class_name=INPUT,
                ),
            ),
            rx.el.button(
                rx.cond(AuthState.logging_in, "Signing in...", "Login"),
                type="submit",
                disabled=AuthState.logging_in,
                class_name=f"{BUTTON} w-full disabled:opacity-70",
            ),
            rx.cond(
                AuthState.login_error,
                rx.el.p(
                    AuthState.login_error,
                    role="alert",
                    class_name="text-sm font-medium text-red-700",
                    data_testid="login-error",
                ),
            ),
            # The browser posts the fields to /api/session, which sets the HttpOnly cookie.
            on_submit=[
                AuthState.start_login,
                rx.call_script(SIGN_IN_SCRIPT, callback=AuthState.login_finished),
            ],
            id="login-form",
            class_name="mt-6 flex flex-col gap-4",
        ),
        class_name="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm",
        data_testid="login-form",
    )


def staff_only(content: rx.Component) -> rx.Component:
    """The content for a signed-in user, the login form for everyone else."""
    return rx.cond(StaffState.signed_in, content, login_form())


def staff_menu() -> rx.Component:
    return rx.el.nav(
        rx.el.ul(
            *link_items(STAFF_MENU, "font-semibold text-orange-800 underline"),
            rx.el.li(
                "Signed in as ",
                rx.el.strong(StaffState.user_name),
                class_name="ml-auto text-slate-600",
            ),
            class_name="flex flex-wrap items-center gap-x-6 gap-y-2",
        ),
        aria_label="Staff",
        class_name="mx-auto mb-6 max-w-6xl",
        data_testid="staff-menu",
    )


def staff_page(content: rx.Component, title: str, on_invoice_page: bool = False) -> rx.Component:
    """Every staff screen: the login form until someone is signed in. The data itself is only
    ever loaded by StaffState handlers, which the guard refuses for a signed-out tab."""
    return site_page(
        section(staff_only(rx.fragment(staff_menu(), content)), class_name="bg-slate-50"),
        title=title,
        on_invoice_page=on_invoice_page,
    )


@page(routes.LOGIN)
def login() -> rx.Component:
    return site_page(section(login_form(), class_name="bg-slate-50"), title="Login")


def enquiry_card(row: rx.Var) -> rx.Component:
    return rx.el.article(
        rx.el.div(
            rx.el.h3(row["name"], class_name="font-bold text-slate-900"),
            rx.el.span(row["received"], class_name="text-sm text-slate-600"),
            class_name="flex flex-wrap items-baseline justify-between gap-2",
        ),
        rx.el.p(
            row["service"],
            " · ",
            link(
                row["email"],
                href=mailto_href(row["email"].to(str)),
                class_name="text-orange-800 underline",
            ),
            " · ",
            row["phone"],
            class_name="mt-1 text-sm text-slate-700",
        ),
        rx.el.p(row["message"], class_name="mt-3 whitespace-pre-wrap text-slate-800"),
        rx.el.p(
            "E-mail: ", row["delivery"], class_name="mt-3 text-sm font-semibold text-slate-600"
        ),
        class_name="rounded-lg border border-slate-200 bg-white p-5",
        data_testid="enquiry",
    )


@page(routes.ENQUIRIES, on_load=(EnquiriesState.load,))
def enquiries() -> rx.Component:
    return staff_page(
        rx.el.div(
            rx.el.h2("Contact enquiries", class_name="text-2xl font-extrabold text-slate-900"),
            rx.cond(
                EnquiriesState.enquiries.length() > 0,
                rx.el.div(
                    rx.foreach(EnquiriesState.enquiries, enquiry_card),
                    class_name="mt-6 flex flex-col gap-4",
                ),
                rx.el.p("No enquiries yet.", class_name="mt-4 text-slate-600"),
            ),
            class_name="mx-auto max-w-4xl",
        ),
        title="Enquiries",
    )


@page(routes.SIGNOUT, on_load=(AuthState.sign_out,))
def signout() -> rx.Component:
    return site_page(
        section(
            rx.el.div(
                rx.el.h2("Signing you Out", class_name="text-2xl font-extrabold text-slate-900"),
                rx.el.p(
                    "Your request is in process. Make sure to come back. Thankyou for your patience.",
                    class_name="mt-3 text-slate-700",
                ),
                class_name="mx-auto max-w-xl text-center",
            )
        ),
        title="Sign Out",
    )
