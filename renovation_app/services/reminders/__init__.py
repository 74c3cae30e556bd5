"""Payment reminders: each step of an invoice's (or estimate's) schedule goes out once, ever."""

from renovation_app.services.reminders.controls import (
    ReminderSettings,
    reminder_settings,
    send_reminder_now,
    set_customer_reminders,
    set_invoice_reminders,
)
from renovation_app.services.reminders.schedule import (
    DAYS_FORMAT,
    ScheduleInvalid,
    days_text,
    parse_days,
)
from renovation_app.services.reminders.sending import default_days, invoice_days
from renovation_app.services.reminders.worker import (
    reminder_worker,
    reminders_if_due,
    send_due_reminders,
)

__all__ = [
    "ReminderSettings",
    "reminder_settings",
    "DAYS_FORMAT",
    "ScheduleInvalid",
    "days_text",
    "default_days",
    "invoice_days",
    "parse_days",
    "reminder_worker",
    "reminders_if_due",
    "send_due_reminders",
    "send_reminder_now",
    "set_customer_reminders",
    "set_invoice_reminders",
]
