"""/settings/quickbooks (admins): connect the business's QuickBooks Online company (Intuit's
consent page), see which is connected and when it must be connected again, disconnect; map
our services, tax and payments to its items and accounts once; what QuickBooks refused, in its
own words, with a retry; payments recorded there that could not be recorded here."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import action_button
from renovation_app.components.links import link
from renovation_app.components.staff import staff_screen, titled_section
from renovation_app.components.staff.list_page import row_link
from renovation_app.components.styles import (
    BUTTON,
    DANGER_BUTTON,
    INPUT,
    PILL,
    SECONDARY_BUTTON,
    STAFF_CARD,
)
from renovation_app.components.ui import attention_note, problem_text, status_text
from renovation_app.pages.registry import page
from renovation_app.state.quickbooks import QuickBooksState

State = QuickBooksState
C = State.connection


def connected_part() -> rx.Component:
    return rx.el.div(
        rx.el.p(
            "Connected to ",
            rx.el.strong(C["company"].to(str)),
            " since ",
            C["since"].to(str),
            ". Connect again before ",
            C["renew_by"].to(str),
            ".",
            data_testid="qb-connected",
        ),
        attention_note(C["renew_warning"].to(str), "qb-renew"),
        attention_note(C["problem"].to(str), "qb-problem"),
        rx.el.div(
            link(
                "Connect QuickBooks again",
                href=routes.QUICKBOOKS_CONNECT_PATH,
                class_name=SECONDARY_BUTTON,
            ),
            action_button("Disconnect", State.disconnect, DANGER_BUTTON, "qb-disconnect"),
            class_name="flex flex-wrap gap-2",
        ),
        class_name="flex flex-col gap-3",
    )


def not_connected_part() -> rx.Component:
    return rx.el.div(
        rx.el.p(
            "Not connected: nothing goes to QuickBooks.",
            class_name="font-semibold",
            data_testid="qb-not-connected",
        ),
        rx.cond(
            State.configured,
            link(
                "Connect QuickBooks",
                href=routes.QUICKBOOKS_CONNECT_PATH,
                class_name=f"{BUTTON} self-start",
                data_testid="qb-connect",
            ),
            rx.el.p(
                "Set QUICKBOOKS_CLIENT_ID and QUICKBOOKS_CLIENT_SECRET first (docs/deploy.md).",
                class_name="text-sm text-slate-700",
            ),
        ),
        rx.cond(
            ~State.two_step_on,
            rx.el.p(
                "Connecting needs two-step sign-in: turn it on on ",
                link("your account", href=routes.ACCOUNT.path, class_name="underline"),
                ".",
                class_name="text-sm text-slate-700",
            ),
        ),
        class_name="flex flex-col gap-3",
    )


def connection_card() -> rx.Component:
    return titled_section(
        "Company",
        rx.cond(C["connected"].to(bool), connected_part(), not_connected_part()),
        class_name="flex flex-col gap-2",
    )


def mapping_row(choice: rx.Var) -> rx.Component:
    field_id = "qb-map-" + choice["what"].to(str)
    offered = rx.cond(choice["entity"].to(str) == "Item", State.items, State.accounts)
    return rx.el.li(
        rx.el.label(choice["words"].to(str), html_for=field_id, class_name="text-sm font-semibold"),
        rx.el.select(
            rx.el.option(
                rx.cond(choice["current"].to(str), choice["current"].to(str), "Choose..."),
                value="",
            ),
            rx.foreach(
                offered,
                lambda o: rx.el.option(o["name"].to(str), value=o["quickbooks_id"].to(str)),
            ),
            id=field_id,
            value="",
            on_change=lambda value: State.map_to(choice["what"].to(str), value),
            class_name=f"{INPUT} py-2 sm:max-w-xs",
        ),
        class_name="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between",
        data_testid="qb-mapping",
    )


def mapping_card() -> rx.Component:
    return rx.cond(
        C["connected"].to(bool),
        titled_section(
            "What our things are in QuickBooks",
            rx.el.p(
                "The first three are needed; the others refine them.",
                class_name="text-sm text-slate-700",
            ),
            rx.el.ul(rx.foreach(State.choices, mapping_row), class_name="flex flex-col gap-3"),
            class_name="flex flex-col gap-3",
        ),
    )


def our_record(row: rx.Var) -> rx.Component:
    """The record named, linked to its page here when it has one."""
    return rx.cond(
        row["path"].to(str) != "",
        row_link(row["name"].to(str), row["path"].to(str)),
        rx.el.span(row["name"].to(str), class_name="font-bold"),
    )


def attention_row(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.p(
            rx.el.span(row["kind"].to(str), class_name=PILL),
            " ",
            our_record(row),
            ": ",
            row["problem"].to(str),
        ),
        action_button("Retry", State.retry(row["sync_id"].to(int)), SECONDARY_BUTTON),
        class_name="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 py-2",
        data_testid="qb-attention",
    )


def unrecorded_row(payment: rx.Var) -> rx.Component:
    return rx.el.li(
        our_record(payment),
        ": ",
        payment["problem"].to(str),
        " · ",
        link(
            "payment ",
            payment["quickbooks_id"].to(str),
            " in QuickBooks",
            href=payment["link"].to(str),
            class_name="underline",
        ),
        data_testid="qb-unrecorded",
    )


def attention_card() -> rx.Component:
    return titled_section(
        "Needs attention",
        rx.cond(
            State.attention,
            rx.el.ul(rx.foreach(State.attention, attention_row)),
            rx.el.p("Nothing: QuickBooks took everything sent.", class_name="text-slate-700"),
        ),
        rx.cond(
            State.unrecorded,
            rx.el.div(
                rx.el.h4("Payments recorded in QuickBooks, not here", class_name="font-bold"),
                rx.el.ul(
                    rx.foreach(
                        State.unrecorded,
                        unrecorded_row,
                    ),
                    class_name="list-disc pl-5 text-sm",
                ),
            ),
        ),
        class_name="flex flex-col gap-2",
    )


@page(routes.QUICKBOOKS, on_load=(State.load,))
def quickbooks_settings() -> rx.Component:
    return staff_screen(
        "QuickBooks",
        problem_text(State.error),
        status_text(State.note, "qb-note"),
        rx.cond(
            State.is_admin,
            rx.fragment(connection_card(), mapping_card(), attention_card()),
        ),
        class_name=f"{STAFF_CARD} mx-auto flex max-w-3xl flex-col gap-6",
        test_id="quickbooks-settings",
    )
