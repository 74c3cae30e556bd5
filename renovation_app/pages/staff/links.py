"""/forgot-password, /welcome/<token> (an invitation) and /reset-password/<token>: small
forms that post to api/staff_links.py."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import busy_button, post_form
from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.record import record_view
from renovation_app.components.styles import BUTTON, INPUT
from renovation_app.components.ui import alert_text, labelled, section
from renovation_app.pages.registry import page
from renovation_app.state.staff.links import POST_SCRIPT
from renovation_app.state.staff.links import LinkPageState as State

BOX = "mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm"


def _field(label: str, name: str, **props) -> rx.Component:
    return labelled(
        label,
        rx.el.input(id=f"link-{name}", name=name, required=True, class_name=INPUT, **props),
    )


def _form(form_id: str, script: str, button: str, *fields: rx.Component) -> rx.Component:
    return post_form(
        *fields,
        busy_button(State.sending, "One moment...", button, f"{BUTTON} w-full disabled:opacity-70"),
        alert_text(State.error, "link-error"),
        on_submit=[State.start, rx.call_script(script, callback=State.answered)],
        id=form_id,
        class_name="mt-6 flex flex-col gap-4",
    )


def _box(title: str, *children: rx.Component) -> rx.Component:
    return section(
        rx.el.div(
            rx.el.h2(title, class_name="text-2xl font-extrabold text-slate-900"),
            *children,
            class_name=BOX,
        ),
        class_name="bg-slate-50",
    )


def _dead_link() -> rx.Component:
    return rx.el.p(
        "This link has expired or was already used. ",
        link("Ask for a new one", href=routes.FORGOT_PASSWORD.path, class_name="underline"),
        " or ask an administrator.",
        class_name="mt-3 text-slate-700",
        data_testid="dead-link",
    )


def _if_link_works(around_email: tuple[str, str], form: rx.Component) -> rx.Component:
    """The link's address between the two words and its form while the link works; what to
    do instead once it is used, withdrawn or expired."""
    before, after = around_email
    return record_view(
        State,
        rx.cond(
            State.link_email,
            rx.fragment(
                rx.el.p(
                    before, rx.el.strong(State.link_email), after, class_name="mt-1 text-slate-600"
                ),
                form,
            ),
            _dead_link(),
        ),
        "",
    )


def _message() -> rx.Component:
    return rx.el.p(
        State.message, role="status", class_name="mt-3 text-slate-800", data_testid="link-message"
    )


def _password_field(label: str = "Password (8 or more characters)") -> rx.Component:
    return _field(
        label,
        "password",
        type="password",
        auto_complete="new-password",
        min_length=8,
        max_length=128,
    )


def _token_field() -> rx.Component:
    return rx.el.input(type="hidden", name="token", value=State.token)


@page(routes.FORGOT_PASSWORD, on_load=(State.open_forgot,))
def forgot_password() -> rx.Component:
    return site_page(
        _box(
            "Forgot your password?",
            rx.cond(
                State.message,
                _message(),
                rx.fragment(
                    rx.el.p(
                        "We will e-mail you a link to set a new one.",
                        class_name="mt-1 text-slate-600",
                    ),
                    _form(
                        "forgot-form",
                        POST_SCRIPT.format(form="forgot-form", url="/api/forgot-password"),
                        "Send the link",
                        _field("Email", "email", type="email", auto_complete="username"),
                    ),
                ),
            ),
        ),
        title="Forgot password",
    )


@page(routes.WELCOME, on_load=(State.load,))
def welcome() -> rx.Component:
    return site_page(
        _box(
            "Welcome",
            _if_link_works(
                ("Set up the staff account of ", "."),
                _form(
                    "welcome-form",
                    "window.renovation.welcome(document.getElementById('welcome-form'))",
                    "Create my account",
                    _token_field(),
                    _field("Your name", "name", auto_complete="name", max_length=100),
                    _password_field(),
                ),
            ),
        ),
        title="Welcome",
    )


@page(routes.RESET_PASSWORD, on_load=(State.load,))
def reset_password() -> rx.Component:
    return site_page(
        _box(
            "Set a new password",
            rx.cond(
                State.message,
                rx.fragment(
                    _message(),
                    link("Sign in", href=routes.LOGIN.path, class_name=f"{BUTTON} mt-4 w-full"),
                ),
                _if_link_works(
                    ("For ", ". Every session of the account ends."),
                    _form(
                        "reset-form",
                        POST_SCRIPT.format(form="reset-form", url="/api/password-reset"),
                        "Set the password",
                        _token_field(),
                        _password_field("New password (8 or more characters)"),
                    ),
                ),
            ),
        ),
        title="Set a new password",
    )
