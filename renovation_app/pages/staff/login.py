"""/login and /signout."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.page_frame import site_page
from renovation_app.components.staff import login_form
from renovation_app.components.ui import section
from renovation_app.pages.registry import page
from renovation_app.state.staff.auth import AuthState


@page(routes.LOGIN)
def login() -> rx.Component:
    return site_page(section(login_form(), class_name="bg-slate-50"), title="Login")


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
