"""One reminder at a time: which steps of an invoice are owed and due, and a step's e-mail, row
and history line written together.

Each step of an invoice or estimate goes out at most once, ever: the Reminder row's unique
(about, step) key refuses a second one, whichever worker or staff member sends it.
"""

from datetime import date, datetime

from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.models import Customer, Invoice, OutboxEmail, Reminder
from renovation_app.services.billing import (
    REMINDABLE_STATUSES,
    InvoiceView,
    business_today,
    long_date,
    record_event,
    stages_of,
)
from renovation_app.services.billing.money import format_usd, shown
from renovation_app.services.invoicing import text_pay_link
from renovation_app.services.languages import invoice_language
from renovation_app.services.mail import (
    About,
    EmailKind,
    EmailMessage,
    build_email,
    one_line,
    queue_email,
)
from renovation_app.services.payments import MoneySummary, money_summary
from renovation_app.services.reminders.schedule import (
    ScheduleInvalid,
    Step,
    due_steps,
    invoice_steps,
    parse_days,
)
from renovation_app.settings import settings


def default_days() -> tuple[int, ...]:
    return parse_days(settings.reminder_days)


def invoice_days(invoice: Invoice) -> tuple[int, ...]:
    """The invoice's own reminder days, or the settings' default."""
    try:
        return parse_days(invoice.reminder_days) if invoice.reminder_days else default_days()
    except ScheduleInvalid:  # a value saved before a rule changed: the default, not nothing
        return default_days()


def customer_paused(session: Session, customer_id: int | None) -> bool:
    customer = session.get(Customer, customer_id) if customer_id else None
    return bool(customer and customer.reminders_paused)


def sent_steps(session: Session, about: About, about_id: int) -> set[str]:
    return set(
        session.exec(
            select(Reminder.step).where(Reminder.about_kind == about, Reminder.about_id == about_id)
        )
    )


def record_step(
    session: Session,
    about: About,
    about_id: int,
    step: Step,
    email: OutboxEmail,
    now: datetime,
    user_id: int | None = None,
) -> None:
    """The step's row, with its e-mail: the unique (about, step) key refuses a second one."""
    session.flush()  # gives the e-mail its id
    session.add(
        Reminder(
            about_kind=about,
            about_id=about_id,
            step=step.key,
            due_on=step.on,
            email_id=email.id,
            created_at=now,
            user_id=user_id,
        )
    )


def _asked(money: MoneySummary, step: Step) -> str:
    """What a step asks for: the stage's payment due now, or else the balance."""
    return format_usd(money.pay_now_cents if step.stage else money.balance_cents)


def _reminder_email(
    view: InvoiceView, money: MoneySummary, step: Step, today: date, language: str
) -> EmailMessage:
    """The step's e-mail in the language of the invoice's sale (`language`) beside English;
    the template makes its sentence from the stage, the amount and the days late, so each
    language says it whole."""
    return build_email(
        EmailKind.REMINDER,
        one_line(view.customer_email),
        reply_to=BUSINESS.email,
        language=language,
        invoice=shown(view),
        money=shown(money),
        stage=step.stage,
        due_day=long_date(step.due_date),
        days_late=(today - step.due_date).days,
        late=step.due_date < today,
        amount=_asked(money, step),
    )


def _text_reminder(session: Session, invoice: Invoice, view: InvoiceView, money, step, today):
    """The same reminder by text to a mobile that said yes (texts.queue_text checks it, and
    holds it for 8 am in the quiet hours); withdrawn with the e-mail when paid or paused."""
    when = "is due today" if step.due_date == today else f"is due {long_date(step.due_date)}"
    when = f"was due {long_date(step.due_date)}" if step.due_date < today else when
    news = f"{_asked(money, step)} on invoice {view.number} {when}"
    text_pay_link(session, invoice, view, news, EmailKind.REMINDER)


def queue_reminder(
    session: Session,
    invoice: Invoice,
    view: InvoiceView,
    money: MoneySummary,
    step: Step,
    today: date,
    now: datetime,
    user_id: int | None = None,
) -> None:
    """One reminder e-mail, its step's row and its history line (`view` and `money`: the
    invoice as the caller read it under its lock)."""
    message = _reminder_email(view, money, step, today, invoice_language(session, invoice))
    email = queue_email(session, message, About.INVOICE, invoice.id)
    _text_reminder(session, invoice, view, money, step, today)
    record_step(session, About.INVOICE, invoice.id, step, email, now, user_id)
    who = "sent by staff" if user_id else f"step {step.key}"
    record_event(
        session,
        invoice.id,
        "reminded",
        f"{format_usd(money.balance_cents)} due, to {invoice.customer_email} ({who})",
        user_id=user_id,
        at=now,
    )


def wants_reminders(session: Session, invoice: Invoice, money: MoneySummary) -> bool:
    """Sent, unpaid, not paused (nor its customer), and no bank debit on its way."""
    return (
        invoice.status in REMINDABLE_STATUSES
        and invoice.sent_at is not None
        and not invoice.reminders_paused
        and not customer_paused(session, invoice.customer_id)
        and money.balance_cents > 0
        and money.processing_cents == 0
    )


def owed_steps(session: Session, invoice: Invoice, money: MoneySummary) -> list[Step]:
    """Every step of the invoice still owed (its days, its stages, what is paid)."""
    stages = stages_of(session, invoice.id)
    return invoice_steps(invoice.due_date, stages, money.paid_cents, invoice_days(invoice))


def due_now(session: Session, invoice: Invoice, today: date) -> tuple[MoneySummary, list[Step]]:
    """What the invoice owes and the steps to send today (none when it wants no reminder)."""
    money = money_summary(session, invoice, today)
    if not wants_reminders(session, invoice, money):
        return money, []
    sent = sent_steps(session, About.INVOICE, invoice.id)
    return money, due_steps(
        owed_steps(session, invoice, money), business_today(invoice.sent_at), today, sent
    )
