"""The reminder schedule of an invoice on its staff page: days, pause, "Send reminder now"."""

import reflex as rx

from renovation_app.components.forms import action_button, post_form
from renovation_app.components.staff.card import titled_section
from renovation_app.components.styles import BUTTON, INPUT, SECONDARY_BUTTON
from renovation_app.components.ui import alert_text
from renovation_app.services.reminders import DAYS_FORMAT
from renovation_app.state.invoices.reminders import InvoiceRemindersState as S


def _status() -> rx.Component:
    return rx.el.p(
        rx.cond(
            S.customer_paused,
            "Paused for this customer (on the customer's page).",
            rx.cond(
                S.reminders_paused,
                "Paused: no reminder goes out for this invoice.",
                rx.cond(
                    S.next_reminder,
                    rx.fragment("Next reminder: ", rx.el.strong(S.next_reminder), "."),
                    "No reminder is coming.",
                ),
            ),
        ),
        class_name="text-sm text-slate-700",
        data_testid="reminder-status",
    )


def _days_field() -> rx.Component:
    return rx.el.div(
        rx.el.label(
            "Days from the due date",
            html_for="reminder-days",
            class_name="text-sm font-semibold text-slate-800",
        ),
        rx.el.input(
            id="reminder-days",
            name="reminder_days",
            default_value=S.reminder_days,
            placeholder=S.default_days,
            aria_describedby="reminder-days-help",
            class_name=f"{INPUT} max-w-60 py-2",
        ),
        rx.el.p(
            DAYS_FORMAT + " Empty: the default (",
            S.default_days,
            ").",
            id="reminder-days-help",
            class_name="text-xs text-slate-600",
        ),
        class_name="flex flex-col gap-1",
    )


def _pause_field() -> rx.Component:
    return rx.el.label(
        rx.el.input(
            type="checkbox",
            name="reminders_paused",
            default_checked=S.reminders_paused,
            class_name="h-4 w-4",
        ),
        "Pause reminders for this invoice",
        class_name="flex items-center gap-2 text-sm",
    )


def _buttons() -> rx.Component:
    return rx.el.div(
        rx.el.button("Save schedule", type="submit", class_name=SECONDARY_BUTTON),
        action_button("Send reminder now", S.send_reminder_now, BUTTON),
        class_name="flex flex-wrap gap-3",
    )


def _error() -> rx.Component:
    return alert_text(S.reminder_error, "reminder-error")


def reminders_block() -> rx.Component:
    """Shown while the invoice can be reminded of (sent, not paid in full, not void)."""
    return titled_section(
        "Reminders",
        _status(),
        post_form(
            _days_field(),
            _pause_field(),
            _buttons(),
            # Remounted when the saved values change, so the fields show what was saved.
            key=S.reminder_days + S.reminders_paused.to(str),
            on_submit=S.save_reminders,
            class_name="flex flex-col gap-3",
        ),
        _error(),
        class_name="flex flex-col gap-3 rounded-lg border border-slate-200 p-4",
        data_testid="reminders",
    )
