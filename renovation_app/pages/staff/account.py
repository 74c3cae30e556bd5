"""/account: turn two-step sign-in on (QR code and text, a first code, ten recovery codes) or
off (with a code)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import post_form, tick_box
from renovation_app.components.staff import code_field, staff_screen, titled_section
from renovation_app.components.styles import BUTTON, INPUT, SECONDARY_BUTTON, STAFF_CARD
from renovation_app.components.ui import alert_text, labelled
from renovation_app.pages.registry import page
from renovation_app.state.staff.account import AccountState as State


def code_form(label: str, on_submit, form_id: str) -> rx.Component:
    return post_form(
        code_field(
            f"{form_id}-code", class_name=f"{INPUT} max-w-48 py-2", name="code", required=True
        ),
        rx.el.button(label, type="submit", class_name=f"{BUTTON} self-end"),
        on_submit=on_submit,
        reset_on_submit=True,
        class_name="flex flex-wrap items-end gap-3",
        id=form_id,
    )


def setting_up() -> rx.Component:
    return rx.el.div(
        rx.el.p(
            "Scan the code with an authenticator app (Google Authenticator, 1Password, Authy...) "
            "or type the key into it, then enter the 6-digit code it shows.",
            class_name="text-slate-700",
        ),
        rx.el.img(
            src=State.setup_qr,
            alt="QR code for your authenticator app",
            width=205,
            height=205,
            class_name="h-[205px] w-[205px]",
        ),
        rx.el.p(
            "Key: ",
            rx.el.code(
                State.setup_secret, class_name="break-all font-mono", data_testid="totp-secret"
            ),
            class_name="text-sm",
        ),
        code_form("Turn on", State.confirm_setup, "two-step-confirm"),
        class_name="flex flex-col gap-3",
    )


def recovery_codes() -> rx.Component:
    return rx.el.div(
        rx.el.p(
            rx.el.strong("Your recovery codes. "),
            "Each works once in place of the app's code. Keep them somewhere safe: they are shown only now.",
            class_name="text-sm text-slate-800",
        ),
        rx.el.ul(
            rx.foreach(State.recovery_codes, lambda code: rx.el.li(code, class_name="font-mono")),
            class_name="grid grid-cols-2 gap-1 rounded-md bg-slate-100 p-3 sm:grid-cols-5",
            data_testid="recovery-codes",
        ),
        class_name="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3",
    )


def two_step_section() -> rx.Component:
    return titled_section(
        "Two-step sign-in",
        rx.cond(
            State.two_step_on,
            rx.el.div(
                rx.el.p(
                    "On: signing in asks for a code from your app. ",
                    State.codes_left,
                    " recovery codes left.",
                    class_name="text-slate-700",
                    data_testid="two-step-on",
                ),
                rx.cond(State.recovery_codes.length() > 0, recovery_codes()),
                rx.el.p("To turn it off, enter a code:", class_name="text-sm text-slate-700"),
                code_form("Turn off", State.turn_off, "two-step-off"),
                class_name="flex flex-col gap-3",
            ),
            rx.cond(
                State.setup_secret,
                setting_up(),
                rx.el.div(
                    rx.el.p(
                        "Off. With it on, a stolen password alone does not open your account. "
                        "Admins need it to refund, manage staff or change settings.",
                        class_name="text-slate-700",
                    ),
                    post_form(
                        labelled(
                            "Your password",
                            rx.el.input(
                                id="two-step-password",
                                name="password",
                                type="password",
                                auto_complete="current-password",
                                required=True,
                                class_name=f"{INPUT} max-w-72 py-2",
                            ),
                        ),
                        rx.el.button(
                            "Set up two-step sign-in",
                            type="submit",
                            class_name=f"{SECONDARY_BUTTON} self-end",
                        ),
                        on_submit=State.begin_setup,
                        reset_on_submit=True,
                        class_name="flex flex-wrap items-end gap-3",
                    ),
                    class_name="flex flex-col gap-3",
                ),
            ),
        ),
        alert_text(State.error, "account-error"),
        class_name="flex flex-col gap-3",
    )


def location_section() -> rx.Component:
    return titled_section(
        "Location at the time clock",
        tick_box(
            State.location_consent,
            State.set_location_consent,
            rx.el.span(
                "Keep my phone's location with each clock in and clock out. Admins see it as a "
                "map link on my timesheet. Nothing is recorded between the two taps, and I can "
                "turn this off at any time."
            ),
            class_name="flex items-start gap-2 text-slate-700",
            box="mt-1 h-5 w-5 shrink-0",
            test_id="location-consent",
        ),
        class_name="flex flex-col gap-3",
    )


@page(routes.ACCOUNT, on_load=(State.load,))
def account() -> rx.Component:
    return staff_screen(
        "Your account",
        rx.el.p("Signed in as ", rx.el.strong(State.user_name), class_name="text-slate-700"),
        two_step_section(),
        location_section(),
        class_name=f"{STAFF_CARD} mx-auto flex max-w-3xl flex-col gap-6",
        title_class="text-2xl font-extrabold text-slate-900",
    )
