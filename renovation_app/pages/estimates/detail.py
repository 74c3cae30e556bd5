"""/estimates/<number>: one estimate for staff: the lines and terms, the customer's link to
copy, the signature, what to do next (send, revise, or open the signed contract's job) and the
history."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.billing.emails import email_list
from renovation_app.components.customers import customer_contact
from renovation_app.components.estimates import dates_and_terms, line_item, totals
from renovation_app.components.forms import action_button
from renovation_app.components.links import link
from renovation_app.components.staff import history_details, record_page, record_title, row_link
from renovation_app.components.styles import BUTTON, SECONDARY_BUTTON, STAFF_CARD
from renovation_app.components.ui import attention_note, problem_text, status_text
from renovation_app.pages.registry import page
from renovation_app.state.estimates import EstimateDetailState

State = EstimateDetailState
E = State.estimate
INVOICES = E.invoices.to(list[dict])


def action(label: str, event, shown: rx.Var, test_id: str) -> rx.Component:
    return rx.cond(
        shown,
        action_button(
            label, event, f"{BUTTON} disabled:opacity-60", test_id, disabled=State.working
        ),
    )


def actions() -> rx.Component:
    status = E.status.to(str)
    return rx.el.div(
        action("Send to customer", State.send, status == "draft", "send-estimate"),
        rx.cond(
            status == "draft",
            link(
                "Change draft",
                href=routes.NEW_ESTIMATE.path + "?edit=" + E.number.to(str),
                class_name=SECONDARY_BUTTON,
            ),
        ),
        action(
            "Send again", State.send, (status == "sent") | (status == "viewed"), "resend-estimate"
        ),
        action(
            "New revision",
            State.revise,
            (status == "sent")
            | (status == "viewed")
            | (status == "declined")
            | (status == "expired"),
            "revise-estimate",
        ),
        rx.cond(
            E.job_number,
            link(
                "Open job " + E.job_number.to(str),
                href=routes.job_path(E.job_number.to(str)),
                class_name=BUTTON,
                data_testid="open-job",
            ),
        ),
        link(
            "PDF", href=routes.estimate_path(E.number.to(str)) + "/pdf", class_name=SECONDARY_BUTTON
        ),
        class_name="flex flex-wrap items-center gap-3",
    )


def link_block() -> rx.Component:
    return rx.cond(
        E.status.to(str) != "draft",
        rx.el.div(
            rx.el.p("The customer's link", class_name="font-semibold"),
            rx.el.code(E.link_url, class_name="break-all text-sm", data_testid="estimate-link"),
            action_button(
                "Copy link",
                [
                    rx.set_clipboard(E.link_url),
                    rx.toast.success("Link copied.", duration=2000),
                ],
                f"{SECONDARY_BUTTON} self-start",
            ),
            class_name="flex flex-col gap-2",
        ),
    )


def signature() -> rx.Component:
    return rx.fragment(
        rx.cond(
            E.accepted,
            rx.el.p(
                "Accepted and signed by ",
                rx.el.strong(E.signer_name),
                " on ",
                E.accepted,
                rx.cond(
                    E.cancel_until.to(bool) & ~E.cancelled.to(bool),
                    rx.fragment(" · may cancel until ", E.cancel_until),
                    "",
                ),
                class_name="rounded-lg bg-green-50 p-3 text-green-900",
                data_testid="estimate-signature",
            ),
        ),
        rx.cond(
            E.accepted,
            rx.el.p(
                "Document SHA-256: ",
                E.document_sha256,
                class_name="break-all text-xs text-slate-600",
            ),
        ),
        rx.cond(
            E.declined,
            rx.el.p(
                "Declined on ",
                E.declined,
                ": ",
                E.decline_reason,
                class_name="rounded-lg bg-red-50 p-3 text-red-900",
            ),
        ),
        rx.cond(
            E.cancelled,
            rx.el.p(
                "Cancelled by the owner on ",
                E.cancelled,
                class_name="rounded-lg bg-red-50 p-3 text-red-900",
            ),
        ),
    )


def invoices() -> rx.Component:
    return rx.cond(
        INVOICES.length() > 0,
        rx.el.ul(
            rx.foreach(
                INVOICES,
                lambda i: rx.el.li(
                    i.part.to(str).capitalize(),
                    " invoice ",
                    row_link(i.number, routes.invoice_path(i.number.to(str))),
                    " · ",
                    i.total,
                    " · ",
                    i.status,
                    attention_note(i.attention, "estimate-invoice-attention"),
                    data_testid="estimate-invoice",
                ),
            ),
            class_name="flex flex-col gap-1",
        ),
    )


def history() -> rx.Component:
    return history_details(
        E.events,
        lambda e: rx.el.li(
            e.when_display, " · ", e.kind, " · ", e.who, " ", e.detail, class_name="text-sm"
        ),
        open=True,
    )


def estimate_card() -> rx.Component:
    return rx.el.div(
        record_title("Estimate ", E.label, status=E.status_label, status_test_id="estimate-status"),
        customer_contact(
            E.customer_name, E.customer_id, E.customer_email, E.customer_phone, E.customer_address
        ),
        problem_text(State.action_error),
        status_text(State.action_note),
        signature(),
        actions(),
        link_block(),
        rx.el.ul(rx.foreach(E.lines.to(list[dict]), lambda line: line_item(line))),
        totals(E),
        dates_and_terms(E),
        rx.cond(E.note, rx.el.p(E.note, class_name="whitespace-pre-line text-slate-700")),
        invoices(),
        rx.cond(
            E.emails.to(list[dict]).length() > 0,
            email_list(E.emails.to(list[dict]), "estimate-email"),
        ),
        history(),
        class_name=f"{STAFF_CARD} mx-auto flex max-w-4xl flex-col gap-5",
        data_testid="estimate-page",
    )


@page(routes.ESTIMATE, on_load=(State.load,))
def estimate_detail() -> rx.Component:
    missing = ("There is no such estimate.", ("All estimates", routes.ESTIMATES.path))
    return record_page(State, "Estimate", missing, estimate_card())
