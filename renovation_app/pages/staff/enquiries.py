"""/enquiries: the contact enquiries, newest first, for staff."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import action_button
from renovation_app.components.links import link
from renovation_app.components.staff import cards, list_page
from renovation_app.components.styles import BUTTON, SECONDARY_BUTTON
from renovation_app.content.contact_links import mailto_href
from renovation_app.pages.registry import page
from renovation_app.state.enquiries import STATUS_OPTIONS, EnquiriesState


def enquiry_actions(row: rx.Var) -> rx.Component:
    """Its status, and the customer behind it (made from the enquiry on the first click)."""
    enquiry_id = row.id
    return rx.el.div(
        rx.el.label(
            "Status ",
            rx.el.select(
                *[rx.el.option(label, value=value) for value, label in STATUS_OPTIONS],
                value=row.status,
                on_change=lambda status: EnquiriesState.set_status(enquiry_id, status),
                class_name="ml-1 rounded-md border border-slate-300 px-2 py-1",
                data_testid="enquiry-status",
            ),
            class_name="text-sm font-semibold text-slate-700",
        ),
        action_button(
            rx.cond(row.customer_id > 0, "Customer", "Create customer"),
            EnquiriesState.open_customer(enquiry_id),
            f"{BUTTON} py-1.5",
            "enquiry-customer",
        ),
        link(
            "Create estimate",
            # A full load: the form opens on this enquiry's customer (made on the way).
            href=routes.NEW_ESTIMATE.path + "?enquiry=" + enquiry_id.to_string(),
            class_name=f"{SECONDARY_BUTTON} py-1.5",
            data_testid="enquiry-estimate",
        ),
        class_name="mt-3 flex flex-wrap items-center gap-4",
    )


def enquiry_card(row: rx.Var) -> rx.Component:
    return rx.el.article(
        rx.el.div(
            rx.el.h3(row.name, class_name="font-bold text-slate-900"),
            rx.el.span(row.received, class_name="text-sm text-slate-600"),
            class_name="flex flex-wrap items-baseline justify-between gap-2",
        ),
        rx.el.p(
            row.service,
            " · ",
            link(
                row.email,
                href=mailto_href(row.email),
                class_name="text-orange-800 underline",
            ),
            " · ",
            row.phone,
            class_name="mt-1 text-sm text-slate-700",
        ),
        rx.el.p(row.message, class_name="mt-3 whitespace-pre-wrap text-slate-800"),
        rx.el.p("E-mail: ", row.delivery, class_name="mt-3 text-sm font-semibold text-slate-600"),
        enquiry_actions(row),
        class_name="rounded-lg border border-slate-200 bg-white p-5",
        data_testid="enquiry",
    )


@page(routes.ENQUIRIES, on_load=(EnquiriesState.load,))
def enquiries() -> rx.Component:
    # Cards of their own on the page, not rows in one card.
    return list_page(
        EnquiriesState,
        "Enquiries",
        enquiry_card,
        heading="Contact enquiries",
        rows=EnquiriesState.enquiries,
        layout=cards,
        empty="No enquiries yet.",
        width="max-w-4xl",
        card=False,
    )
