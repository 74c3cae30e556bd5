"""/subcontractors/<id>: one subcontractor: each insurance certificate's standing with the
upload of a new one, every certificate with its file, the editable details, and its bills on
every job with their lien waivers (bills are entered on the job's costs)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import action_button, post_form
from renovation_app.components.links import link
from renovation_app.components.staff import card_intro, record_cards, record_page, staff_card
from renovation_app.components.staff.upload import scan_upload
from renovation_app.components.styles import (
    BUTTON,
    DANGER_BUTTON,
    INPUT,
    PILL,
    SECONDARY_BUTTON,
    STAFF_CARD,
)
from renovation_app.components.ui import labelled, problem_text, rows_or, status_text
from renovation_app.content.costs import CERTIFICATE_KINDS
from renovation_app.pages.registry import page
from renovation_app.pages.subcontractors.list import details_fields, standing
from renovation_app.services.subcontractors.certificates import MAX_BYTES
from renovation_app.state.subcontractors import UPLOAD_ID, SubcontractorState

State = SubcontractorState
S = State.sub
LINK = "text-sm font-semibold text-orange-800 underline"


def heading() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.h2(S.company, class_name="text-2xl font-extrabold break-words"),
            rx.cond(S.active, rx.fragment(), rx.el.span("Inactive", class_name=PILL)),
            class_name="flex flex-wrap items-center gap-3",
        ),
        rx.el.p(
            rx.cond(S.trade, S.trade, "Trade not given"),
            " · Licence ",
            rx.cond(S.licence_number, S.licence_number, "not given"),
            class_name="text-slate-700 break-words",
        ),
        rx.el.p(
            S.contact_name,
            " ",
            S.email,
            " ",
            S.phone,
            class_name="text-sm text-slate-700 break-words",
        ),
        problem_text(State.action_error),
        status_text(State.action_note),
        rx.el.div(
            rx.cond(
                S.active,
                action_button(
                    "Deactivate", State.set_active(False), DANGER_BUTTON, disabled=State.working
                ),
                action_button(
                    "Make active again",
                    State.set_active(True),
                    SECONDARY_BUTTON,
                    disabled=State.working,
                ),
            ),
        ),
        class_name=f"{STAFF_CARD} flex flex-col gap-2",
    )


def upload_form() -> rx.Component:
    return rx.el.div(
        rx.el.p("Upload a certificate", class_name="font-semibold"),
        labelled(
            "Kind",
            rx.el.select(
                *[rx.el.option(label, value=kind) for kind, label in CERTIFICATE_KINDS.items()],
                id="certificate-kind",
                value=State.cert_kind,
                on_change=State.set_cert_kind,
                class_name=INPUT,
            ),
        ),
        labelled(
            "Expires on (as printed on the certificate)",
            rx.el.input(
                id="certificate-expires",
                type="date",
                value=State.cert_expires,
                on_change=State.set_cert_expires,
                class_name=INPUT,
            ),
        ),
        scan_upload(
            UPLOAD_ID,
            "The certificate: a PDF, JPEG or PNG",
            "Choose the file (PDF, JPEG or PNG, up to 15 MB)",
            max_size=MAX_BYTES,
            button_class=f"{SECONDARY_BUTTON} w-full sm:w-auto",
            names_class="text-sm break-all",
        ),
        action_button(
            rx.cond(State.working, "Uploading...", "Upload the certificate"),
            State.upload_certificate(rx.upload_files(upload_id=UPLOAD_ID)),
            f"{BUTTON} self-start disabled:opacity-70",
            "upload-certificate",
            disabled=State.working,
        ),
        class_name="mt-4 flex flex-col gap-3 rounded-lg bg-slate-50 p-3",
    )


def certificate_row(certificate: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.span(certificate.label, class_name="font-semibold"),
        rx.el.span("Expires ", certificate.expires_on, class_name="text-sm"),
        rx.cond(
            certificate.in_force,
            rx.el.span("In force", class_name=PILL),
            rx.el.span("Replaced", class_name="text-sm text-slate-500"),
        ),
        link(
            certificate.file_name,
            href=certificate.file_url,
            class_name=f"{LINK} min-w-0 break-all",
        ),
        rx.el.span("Uploaded ", certificate.uploaded, class_name="text-sm text-slate-600"),
        class_name="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 py-2",
        data_testid="certificate",
    )


def certificates_card() -> rx.Component:
    return staff_card(
        "Insurance certificates",
        rx.el.ul(
            rx.foreach(
                S.statuses.to(list[dict]),
                lambda s: rx.el.li(
                    rx.el.span(s.label, ": ", class_name="font-semibold"),
                    standing(s.state, s.words, "certificate-standing"),
                    class_name="flex flex-wrap items-center gap-2",
                ),
            ),
            class_name="mt-2 flex flex-col gap-2",
        ),
        upload_form(),
        rows_or(
            S.certificates,
            certificate_row,
            "No certificate uploaded yet.",
            "mt-3 text-slate-600",
            "mt-3",
        ),
    )


def details_card() -> rx.Component:
    return staff_card(
        "Details",
        post_form(
            details_fields(State.errors, "sub-", S),
            rx.el.button(
                "Save the details",
                type="submit",
                disabled=State.working,
                class_name=f"{BUTTON} self-start disabled:opacity-70",
            ),
            key=State.form_key.to_string(),
            on_submit=State.save,
            class_name="mt-3 flex flex-col gap-4",
            data_testid="subcontractor-form",
        ),
    )


def bill_row(bill: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            link(
                bill.job_number,
                href=routes.job_costs_path(bill.job_number.to(str)),
                class_name="font-bold text-orange-800 underline",
            ),
            rx.el.span(bill.day, class_name="text-sm"),
            rx.el.span(bill.total, class_name="font-semibold tabular-nums"),
            rx.cond(bill.waiver == "waiver received", rx.el.span(bill.waiver, class_name=PILL)),
            rx.cond(
                bill.waiver == "waiver outstanding",
                rx.el.span(
                    bill.waiver,
                    class_name="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900",
                ),
            ),
            class_name="flex flex-wrap items-center gap-x-3 gap-y-1",
        ),
        rx.el.p(bill.description, class_name="text-sm text-slate-700 break-words"),
        rx.el.p(
            rx.cond(bill.due, rx.fragment("Due ", bill.due, " · "), ""),
            rx.cond(bill.paid_on, rx.fragment("Paid ", bill.paid_on), "Not paid yet"),
            class_name="text-sm text-slate-600",
        ),
        class_name="flex flex-col gap-1 border-b border-slate-100 py-2",
        data_testid="subcontractor-bill",
    )


def bills_card() -> rx.Component:
    bills = S.bills.to(list[dict])
    return staff_card(
        "Bills",
        card_intro(
            "Entered and paid on each job's costs; a paid bill asks for its lien waiver.",
        ),
        rows_or(bills, bill_row, "No bills yet.", "mt-2 text-slate-600", "mt-2"),
    )


@page(routes.SUBCONTRACTOR, on_load=(State.load,))
def subcontractor_detail() -> rx.Component:
    cards = record_cards(
        heading(),
        certificates_card(),
        details_card(),
        bills_card(),
        test_id="subcontractor-page",
    )
    missing = (
        "There is no such subcontractor.",
        ("All subcontractors", routes.SUBCONTRACTORS.path),
    )
    return record_page(State, "Subcontractor", missing, cards)
