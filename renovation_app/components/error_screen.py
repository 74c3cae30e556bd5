"""The screen shown when a page fails to render: 'Unexpected Application Error!' and the message."""

import reflex as rx
from reflex.event import noop
from reflex.vars.base import Var
from reflex_components_core.base.error_boundary import ErrorBoundary

# The error React caught, as the error boundary's fallback receives it.
ERROR_MESSAGE = Var(
    _js_expr="(event_args.error && event_args.error.message) || String(event_args.error)"
)


def error_screen() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.h1(
                "Unexpected Application Error!", class_name="text-3xl font-extrabold text-slate-900"
            ),
            rx.el.pre(
                ERROR_MESSAGE,
                class_name="mt-4 whitespace-pre-wrap rounded-md bg-slate-100 p-4 text-sm text-red-800",
            ),
            rx.el.p(
                "Something went wrong on this page. Reload it, or go back to the home page.",
                class_name="mt-4 text-slate-700",
            ),
            rx.el.a(
                "Back To Home",
                href="/",
                class_name="mt-6 inline-flex rounded-md bg-orange-700 px-5 py-2.5 font-semibold text-white",
            ),
            class_name="mx-auto max-w-2xl p-8",
        ),
        role="alert",
        class_name="fixed inset-0 z-50 flex items-center bg-white",
    )


def error_boundary(stateful: bool) -> rx.Component:
    """Replaces Reflex's default boundary; it keeps reporting errors to the backend log."""
    return ErrorBoundary.create(
        fallback_render=error_screen(), **({} if stateful else {"on_error": noop()})
    )
