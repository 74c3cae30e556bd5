"""The frame of every staff screen: the login form until someone is signed in, then the staff
menu beside the screen's content (above it on phones); a screen under its title; the field of
an authenticator's code (the login's and the account pages')."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import post_form
from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.styles import BUTTON, CONTAINER, INPUT
from renovation_app.components.ui import alert_text, icon, labelled
from renovation_app.navigation import ADMIN_MENU, STAFF_ACTIONS, STAFF_MENU, NavLink
from renovation_app.state.staff import StaffState
from renovation_app.state.staff.auth import SIGN_IN_SCRIPT, AuthState


def code_field(field_id: str, hint: str = "", class_name: str = INPUT, **props) -> rx.Component:
    """The code an authenticator app shows, under its label; the `hint` under it describes it."""
    hint_id = f"{field_id}-hint"
    described = {"aria_describedby": hint_id} if hint else {}
    hint_line = (
        (rx.el.p(hint, id=hint_id, class_name="mt-1 text-sm text-slate-600"),) if hint else ()
    )
    return labelled(
        "Code from your authenticator app",
        rx.el.input(
            id=field_id,
            input_mode="numeric",
            auto_complete="one-time-code",
            class_name=class_name,
            **props,
            **described,
        ),
        *hint_line,
    )


def _code_field() -> rx.Component:
    return code_field(
        "login-code",
        "Two-step sign-in is on for this account: enter the 6-digit code your app shows, "
        "or one of your recovery codes.",
        name="code",
        required=True,
        auto_focus=True,
    )


def _password_fields() -> rx.Component:
    return rx.fragment(
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
    )


def login_form() -> rx.Component:
    return rx.el.div(
        rx.el.h2("Staff sign-in", class_name="text-2xl font-extrabold text-slate-900"),
        rx.el.p("Sign in to write invoices and read enquiries.", class_name="mt-1 text-slate-600"),
        post_form(
            # After Google only the code is asked (the pending cookie says who).
            rx.cond(AuthState.code_only, rx.fragment(), _password_fields()),
            rx.cond(AuthState.code_needed, _code_field()),
            rx.el.button(
                rx.cond(AuthState.logging_in, "Signing in...", "Login"),
                type="submit",
                disabled=AuthState.logging_in,
                class_name=f"{BUTTON} w-full disabled:opacity-70",
            ),
            alert_text(AuthState.login_error, "login-error"),
            # The browser posts the fields to /api/session, which sets the HttpOnly cookie.
            on_submit=[
                AuthState.start_login,
                rx.call_script(SIGN_IN_SCRIPT, callback=AuthState.login_finished),
            ],
            id="login-form",
            class_name="mt-6 flex flex-col gap-4",
        ),
        rx.el.div(
            rx.cond(
                AuthState.google_on,
                # A full navigation: the server sends the browser on to Google.
                link(
                    "Sign in with Google",
                    href=routes.GOOGLE_START_PATH,
                    class_name="block rounded-md border border-slate-300 px-4 py-2.5 text-center "
                    "font-semibold text-slate-800 hover:bg-slate-50",
                    data_testid="google-sign-in",
                ),
            ),
            link(
                "Forgot password?",
                href=routes.FORGOT_PASSWORD.path,
                class_name="text-sm font-semibold text-orange-800 underline",
            ),
            class_name="mt-4 flex flex-col gap-3",
        ),
        class_name="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm",
        data_testid="login-form",
    )


def staff_only(content: rx.Component) -> rx.Component:
    """The content for a signed-in user, the login form for everyone else."""
    return rx.cond(StaffState.signed_in, content, login_form())


def _is_current(entry: NavLink) -> rx.Var:
    """Whether the browser is on this entry's page or below it (/invoices/INV-1 is under
    Invoices), unless another entry is that very page (/estimates/new is New estimate)."""
    path = rx.State.router.url.path
    others = rx.Var.create(
        [e.path for e in (*STAFF_MENU, *ADMIN_MENU, *STAFF_ACTIONS) if e != entry]
    )
    return (path == entry.path) | (path.startswith(entry.path + "/") & ~others.contains(path))


def _menu_item(entry: NavLink, class_name: str) -> rx.Component:
    return rx.el.li(
        link(
            entry.label,
            href=entry.path,
            aria_current=rx.cond(_is_current(entry), "page", "false"),
            class_name=f"{class_name} aria-[current=page]:bg-orange-100 "
            "aria-[current=page]:text-orange-900",
        )
    )


def staff_menu() -> rx.Component:
    """The staff menu: a column beside the screen on wide screens; on phones a "Staff menu" button
    above it that opens the same list (site.js toggles it like the header's submenus)."""
    place = "block rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-orange-50"
    action = (
        "block rounded-md border border-orange-700 px-3 py-2 text-sm font-semibold "
        "text-orange-800 hover:bg-orange-50"
    )
    return rx.el.nav(
        rx.el.div(
            rx.el.button(
                icon("menu", 18),
                "Staff menu",
                icon("chevron-down", 16, "chevron transition-transform"),
                type="button",
                aria_expanded="false",
                data_submenu_toggle="",
                class_name="inline-flex items-center gap-2 whitespace-nowrap rounded-md border border-slate-300 "
                "bg-white px-3 py-2 text-sm font-semibold text-slate-800 lg:hidden",
            ),
            rx.el.ul(
                *[_menu_item(e, place) for e in STAFF_MENU],
                *[rx.cond(StaffState.is_admin, _menu_item(e, place)) for e in ADMIN_MENU],
                *[_menu_item(e, action) for e in STAFF_ACTIONS],
                class_name="absolute inset-x-0 top-full z-30 mt-1 grid-cols-2 gap-1 rounded-lg "
                "border border-slate-200 bg-white p-2 shadow-lg lg:static lg:mt-0 lg:border-0 "
                "lg:bg-transparent lg:p-0 lg:shadow-none",
            ),
            data_submenu="",
            data_staff_menu="",
        ),
        rx.el.p(
            rx.el.span("Signed in as ", class_name="text-slate-600"),
            rx.el.strong(StaffState.user_name, data_testid="signed-in-name"),
            link(
                "Account",
                href=routes.ACCOUNT.path,
                class_name="font-semibold text-orange-800 underline lg:block lg:mt-1",
            ),
            link(
                "Sign out",
                href=routes.SIGNOUT.path,
                class_name="font-semibold text-orange-800 underline lg:block lg:mt-1",
            ),
            class_name="flex flex-wrap items-center gap-x-2 text-sm lg:mt-6 lg:block",
        ),
        aria_label="Staff",
        class_name="relative mb-4 flex items-center justify-between gap-3 lg:mb-0 lg:block lg:w-48 "
        "lg:shrink-0",
        data_testid="staff-menu",
    )


def staff_page(content: rx.Component, title: str, on_invoice_page: bool = False) -> rx.Component:
    """Every staff screen, in the application frame: the public header, then the staff menu
    beside the screen; no title banner or footer to scroll past. The login form until someone
    is signed in; the data itself is only ever loaded by StaffState handlers, which the guard
    refuses for a signed-out tab."""
    return site_page(
        rx.el.div(
            # The screen's own card heading is what the eye reads; this names the page.
            rx.el.h1(title, class_name="sr-only"),
            staff_only(
                rx.el.div(
                    staff_menu(),
                    rx.el.div(content, class_name="min-w-0 flex-1"),
                    class_name="lg:flex lg:items-start lg:gap-6",
                )
            ),
            class_name=f"{CONTAINER} py-4 sm:py-6",
        ),
        on_invoice_page=on_invoice_page,
        with_footer=False,
        main_class="bg-slate-50",
    )


def staff_screen(
    title: str,
    *parts: rx.Component,
    class_name: str,
    test_id: str = "",
    title_class: str = "text-2xl font-extrabold",
) -> rx.Component:
    """A staff page that is one screen: its title (the page's too) above its parts."""
    return staff_page(
        rx.el.div(
            rx.el.h2(title, class_name=title_class),
            *parts,
            class_name=class_name,
            data_testid=test_id or None,
        ),
        title=title,
    )
