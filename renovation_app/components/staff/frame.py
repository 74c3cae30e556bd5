"""The frame of every staff screen: the login form until someone is signed in, then the staff
menu above the screen's content."""

import reflex as rx

from renovation_app.components.links import link_items
from renovation_app.components.page_frame import site_page
from renovation_app.components.styles import BUTTON, INPUT
from renovation_app.components.ui import labelled, section
from renovation_app.navigation import STAFF_MENU
from renovation_app.state.staff import StaffState
from renovation_app.state.staff.auth import SIGN_IN_SCRIPT, AuthState


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
