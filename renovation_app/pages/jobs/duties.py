"""The job page's "New York duties" card: each deposit's escrow deadline with "Record the
deposit", the owner's escrow notice, the lien deadline with the property type it counts by, the
record of lead-safe work with "Sign the record", and the signed papers."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import action_button, tick_box
from renovation_app.components.links import link
from renovation_app.components.staff.card import row_form, staff_card
from renovation_app.components.styles import (
    BUTTON,
    INPUT,
    SECONDARY_BUTTON,
    STAFF_CARD,
    TICK_BOX_BY_WORDS,
)
from renovation_app.components.ui import rows_or, words_when
from renovation_app.content.compliance import LEAD_SAFE_CERTIFICATION, PROPERTY_TYPES
from renovation_app.state.jobs import JobDutiesState

State = JobDutiesState
D = State.duties
J_OPEN = State.job["open"].to(bool)
LATE = "font-semibold text-red-700"


def deposit_form(row: rx.Var) -> rx.Component:
    return rx.cond(
        State.deposit_for == row.payment_id.to(int),
        row_form(
            rx.el.label("Deposited on", html_for="deposit-day", class_name="text-sm font-semibold"),
            rx.el.input(
                id="deposit-day",
                type="date",
                value=State.deposit_day,
                on_change=State.set_deposit_day,
                class_name=f"{INPUT} max-w-xs",
            ),
            rx.el.label(
                "Escrow account (bank and the account's last digits)",
                html_for="deposit-account",
                class_name="text-sm font-semibold",
            ),
            rx.el.input(
                id="deposit-account",
                value=State.deposit_account,
                on_change=State.set_deposit_account,
                max_length=200,
                class_name=f"{INPUT} max-w-md",
            ),
            action=action_button(
                "Record the deposit",
                State.record_deposit,
                BUTTON,
                "record-deposit",
                disabled=State.working,
            ),
            on_cancel=State.close_deposit,
        ),
    )


def deposit_row(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.p(
            rx.el.strong(row.amount),
            " received ",
            row.received,
            " (invoice ",
            row.invoice_number,
            "): ",
            rx.el.span(row.words, class_name=rx.cond(row.late, LATE, "")),
        ),
        rx.cond(
            ~row.deposited.to(bool) & (State.deposit_for != row.payment_id.to(int)),
            action_button(
                "Record the deposit",
                State.open_deposit(row.payment_id.to(int)),
                f"{SECONDARY_BUTTON} mt-1 py-1.5",
            ),
        ),
        deposit_form(row),
        class_name="py-2",
        data_testid="escrow-row",
    )


def escrow_part() -> rx.Component:
    notice = D.notice.to(dict)
    return rx.el.div(
        rx.el.h4("Deposits in escrow (Lien Law §71-a)", class_name="font-semibold"),
        rows_or(
            D.escrow,
            deposit_row,
            "No payment received before substantial completion.",
            "text-sm text-slate-700",
            "divide-y divide-slate-100 text-sm",
        ),
        rx.el.p(
            "The owner's notice of where deposits are held: ",
            rx.cond(
                notice.sent,
                rx.el.span(notice.sent, data_testid="escrow-notice-sent"),
                rx.el.span(notice.words, class_name=rx.cond(notice.late, LATE, "")),
            ),
            class_name="mt-2 text-sm",
        ),
        rx.cond(
            ~notice.sent.to(bool) & J_OPEN,
            action_button(
                "E-mail the owner the escrow notice",
                State.send_escrow_notice,
                f"{SECONDARY_BUTTON} mt-1 self-start py-1.5",
                "send-escrow-notice",
                disabled=State.working,
            ),
        ),
        class_name="flex flex-col gap-1",
    )


def lien_part() -> rx.Component:
    lien = D.lien.to(dict)
    return rx.el.div(
        rx.el.h4("Mechanic's lien (Lien Law §10)", class_name="font-semibold"),
        rx.cond(
            D.lien,
            rx.el.p(
                lien.words,
                class_name=rx.cond(lien.soon, f"text-sm {LATE}", "text-sm"),
                data_testid="lien-deadline",
            ),
            rx.el.p(
                "No deadline: nothing is owed, or no day of work is recorded yet.",
                class_name="text-sm text-slate-700",
            ),
        ),
        rx.el.label(
            "Type of building", html_for="property-type", class_name="mt-1 text-sm font-semibold"
        ),
        rx.el.select(
            rx.el.option("Not set", value="", disabled=True),
            *[rx.el.option(label, value=key) for key, label in PROPERTY_TYPES.items()],
            id="property-type",
            value=D.property_type.to(str),
            on_change=State.set_property_type,
            disabled=State.working,
            class_name=f"{INPUT} max-w-md",
        ),
        class_name="flex flex-col gap-1",
    )


def document_row(document: rx.Var) -> rx.Component:
    href = "/jobs/" + State.job["number"].to(str) + "/documents/" + document.name.to(str) + ".pdf"
    return rx.el.li(
        link(document.title, href=href, class_name="font-semibold text-orange-800 underline"),
        " · ",
        document.words,
        class_name="py-1",
    )


def papers_part() -> rx.Component:
    """The signed ST-124 and pamphlet receipt, the lead-safe record, and the ST-124's copy to a
    subcontractor of the job."""
    return rx.cond(
        D.documents.to(list).length() > 0,
        rx.el.div(
            rx.el.h4("Signed papers", class_name="font-semibold"),
            rx.el.ul(
                rx.foreach(D.documents.to(list[dict]), document_row),
                class_name="text-sm",
                data_testid="job-papers",
            ),
            rx.cond(
                D.subcontractors.to(list).length() > 0,
                rx.el.div(
                    rx.el.label(
                        "Send a copy of the ST-124 to",
                        html_for="st124-copy",
                        class_name="text-sm font-semibold",
                    ),
                    rx.el.div(
                        rx.el.select(
                            rx.el.option("Choose a subcontractor", value="", disabled=True),
                            rx.foreach(
                                D.subcontractors.to(list[list]),
                                lambda sub: rx.el.option(sub[1], value=sub[0].to_string()),
                            ),
                            id="st124-copy",
                            value=State.copy_to,
                            on_change=State.set_copy_to,
                            class_name=f"{INPUT} max-w-xs",
                        ),
                        action_button(
                            "E-mail the copy",
                            State.send_st124_copy,
                            SECONDARY_BUTTON,
                            disabled=State.working | ~State.copy_to.to(bool),
                        ),
                        class_name="flex flex-wrap gap-2",
                    ),
                    class_name="mt-1 flex flex-col gap-1",
                ),
            ),
            class_name="flex flex-col gap-1",
        ),
    )


def practice_row(row: rx.Var) -> rx.Component:
    recorded = row.recorded.to(list[str])
    return rx.el.li(
        rx.el.span(row.label, class_name="font-semibold"),
        " (",
        row.rule,
        "): ",
        rx.cond(
            recorded.length() > 0,
            rx.el.span(rx.foreach(recorded, lambda said: rx.el.span(said, class_name="block"))),
            rx.el.span("not recorded", class_name="text-amber-900"),
        ),
        class_name="py-1",
        data_testid="lead-safe-practice",
    )


def sign_form(lead: rx.Var) -> rx.Component:
    """The certified renovator (or an admin, with the renovator there) signs the record."""
    return rx.el.div(
        rx.el.label(
            "The certified renovator's full name",
            html_for="renovator-typed",
            class_name="text-sm font-semibold",
        ),
        rx.el.input(
            id="renovator-typed",
            value=State.renovator_typed,
            on_change=State.set_renovator_typed,
            placeholder=lead.renovator,
            max_length=100,
            class_name=f"{INPUT} max-w-md",
            data_testid="renovator-typed",
        ),
        tick_box(
            State.certify_ticked,
            State.set_certify_ticked,
            rx.el.span(LEAD_SAFE_CERTIFICATION),
            class_name="flex items-start gap-2 text-sm",
            box=TICK_BOX_BY_WORDS,
            test_id="certify-record",
        ),
        action_button(
            "Sign the record",
            State.sign_lead_safe_record,
            f"{BUTTON} self-start",
            "sign-lead-safe-record",
            disabled=State.working,
        ),
        class_name="mt-1 flex flex-col gap-2 rounded-lg bg-slate-50 p-3",
    )


def lead_safe_signature(lead: rx.Var) -> rx.Component:
    return rx.cond(
        lead.signed,
        rx.el.p(
            "Signed by ",
            lead.signed,
            class_name="text-sm font-semibold text-green-800",
            data_testid="lead-safe-signed",
        ),
        rx.cond(
            lead.may_sign,
            sign_form(lead),
            rx.el.p(
                "To be signed by the certified renovator, ",
                rx.cond(lead.renovator, lead.renovator, "not set in the settings"),
                ".",
                class_name="text-sm",
            ),
        ),
    )


def lead_safe_part() -> rx.Component:
    """The record of lead-safe work (a home built before 1978): each practice as the daily log
    recorded it, what is missing, and the certified renovator's signature."""
    lead = D.lead_safe.to(dict)
    number = State.job["number"].to(str)
    missing = lead.missing.to(list[str])
    return rx.cond(
        D.lead_safe,
        rx.el.div(
            rx.el.h4("Record of lead-safe work (40 CFR 745.86)", class_name="font-semibold"),
            rx.el.p(
                "The crew records each practice on the ",
                link("daily log", href=routes.job_photos_path(number), class_name="underline"),
                "; the record prints only what was recorded. ",
                link(
                    "Read the record (PDF)",
                    href="/jobs/" + number + "/documents/lead-safe-record.pdf",
                    class_name="font-semibold text-orange-800 underline",
                ),
                class_name="text-sm",
            ),
            rx.el.ul(rx.foreach(lead.practices.to(list[dict]), practice_row), class_name="text-sm"),
            rx.cond(
                missing.length() > 0,
                rx.el.p(
                    "Missing: ",
                    missing.join("; "),
                    class_name="text-sm text-amber-900",
                    data_testid="lead-safe-missing",
                ),
            ),
            lead_safe_signature(lead),
            class_name="flex flex-col gap-1",
            data_testid="lead-safe-record",
        ),
    )


def duties_card() -> rx.Component:
    return staff_card(
        "New York duties",
        words_when(
            D.st124_flag,
            "note",
            "rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950",
            "st124-flag",
        ),
        escrow_part(),
        lien_part(),
        lead_safe_part(),
        papers_part(),
        class_name=f"{STAFF_CARD} flex flex-col gap-4",
        data_testid="job-duties",
    )
