"""The one line editor of every document form (estimates, invoices, change orders): each line
free text with an optional catalogue service, its words, quantity, unit, unit price and sales
tax category, on estimates and change orders the estimated cost for the job's budget (on an
estimate, whether the customer may leave it out; on a change order, whether
it is a credit, and lines of the contract taken out, which cannot be edited), then the tax area,
the discount and the live totals the state computes. Inputs are named `<field>-<row key>`."""

import reflex as rx

from renovation_app.components.forms import action_button
from renovation_app.components.staff.card import card_intro, form_card
from renovation_app.components.styles import INPUT, SECONDARY_BUTTON, TICK_BOX
from renovation_app.components.ui import error_attrs, field_error, labelled
from renovation_app.content import INVOICE_OPTIONS
from renovation_app.content.costs import COST_CATEGORIES
from renovation_app.content.tax import TAX_AREAS, TAX_CATEGORIES, rate_text

NOTE = "col-span-2 text-sm font-medium text-red-700 sm:col-span-4 empty:hidden"


def _box(state, line, name: str, label: str, wide: bool = False, **props) -> rx.Component:
    return rx.el.input(
        name=f"{name}-" + line.key,
        aria_label=label,
        title=label,
        read_only=line.removes != "",
        default_value=getattr(line, name),
        on_change=lambda text: state.set_line(line.key, name, text),
        auto_complete="off",
        class_name=f"{INPUT} col-span-2 sm:col-span-4" if wide else INPUT,
        **props,
    )


def _select(state, line, name: str, label: str, options: list[rx.Component]) -> rx.Component:
    return rx.el.select(
        *options,
        name=f"{name}-" + line.key,
        aria_label=label,
        disabled=line.removes != "",
        default_value=getattr(line, name),
        on_change=lambda value: state.set_line(line.key, name, value),
        class_name=f"{INPUT} col-span-2 text-sm disabled:bg-slate-100",
    )


def _choice(state, line, name: str, words: str) -> rx.Component:
    return rx.el.label(
        rx.el.input(
            type="checkbox",
            default_checked=getattr(line, name),
            on_change=lambda ticked: state.set_line(line.key, name, ticked),
            class_name=TICK_BOX,
        ),
        words,
        class_name="col-span-2 flex items-center gap-2 text-sm sm:col-span-3",
    )


def _credit(state, line) -> rx.Component:
    return rx.cond(
        line.removes != "",
        rx.el.p(
            "Taken out of the contract: its price comes off",
            class_name="col-span-2 self-center text-sm font-semibold text-slate-700 sm:col-span-3",
        ),
        _choice(state, line, "credit", "Credit: this work is taken off (the price comes off)"),
    )


def _cost_boxes(state, line) -> rx.Component:
    """The line's estimated cost (the job's budget): staff only, never on the customer's copy."""
    categories = [rx.el.option("Cost category...", value="")]
    categories += [rx.el.option(c.label, value=c.slug) for c in COST_CATEGORIES]
    return rx.fragment(
        _select(state, line, "cost_category", "Cost category (staff only)", categories),
        _box(
            state,
            line,
            "unit_cost",
            "Our cost per unit (staff only, not on the customer's copy)",
            input_mode="decimal",
            placeholder="Our cost $",
        ),
    )


def _line_row(state, line, index: rx.Var, choice: str) -> rx.Component:
    key = line.key
    note = state.price_notes[key]
    error = state.errors["line:" + index.to_string()]
    services = [rx.el.option("Free text", value="")] + [
        rx.el.option(option.label, value=option.slug) for option in INVOICE_OPTIONS
    ]
    taxes = [
        rx.el.option(category.short, value=category.slug, title=category.label)
        for category in TAX_CATEGORIES
    ]
    choices = {
        "optional": lambda: _choice(state, line, "optional", "Optional (the customer chooses)"),
        "credit": lambda: _credit(state, line),
    }
    return rx.el.div(
        _select(state, line, "service", "Service", services),
        _select(state, line, "tax_category", "Sales tax", taxes),
        _box(state, line, "description", "Description", True, placeholder="Work and materials"),
        _box(state, line, "quantity", "Quantity", input_mode="decimal", placeholder="1"),
        _box(state, line, "unit", "Unit", placeholder="Unit: sq ft"),
        _box(
            state,
            line,
            "unit_price",
            "Unit price",
            input_mode="decimal",
            placeholder="$ 0.00",
            aria_invalid=rx.cond(note, "true", "false"),
            aria_describedby="line-note-" + key,
        ),
        _cost_boxes(state, line) if choice else rx.fragment(),
        rx.el.output(
            state.amounts[key],
            class_name="self-center text-right font-semibold tabular-nums",
            data_testid="line-amount",
        ),
        choices[choice]() if choice else rx.el.span(class_name="hidden sm:col-span-3 sm:block"),
        action_button(
            "Remove line",
            state.remove_line(key),
            "col-span-2 text-right text-sm font-semibold text-red-700 underline sm:col-span-1",
        ),
        rx.el.p(
            rx.cond(error, error, note),
            id="line-note-" + key,
            role="status",
            class_name=NOTE,
            data_testid="line-note",
        ),
        key=key,
        class_name="grid grid-cols-2 gap-3 border-b border-slate-100 py-4 sm:grid-cols-4",
        data_testid="document-line",
    )


def _tax_area(state, id_prefix: str) -> rx.Component:
    return labelled(
        "Where the work is done (sales tax rate)",
        rx.el.select(
            *[rx.el.option(f"{a.label}: {rate_text(a.rate)}", value=a.slug) for a in TAX_AREAS],
            id=f"{id_prefix}tax_area",
            name="tax_area",
            default_value=state.tax_area,
            on_change=state.set_tax_area,
            class_name=INPUT,
        ),
        field_error(state.errors, "tax_area"),
    )


def _discount(state, id_prefix: str) -> rx.Component:
    return labelled(
        "Discount ($, before tax)",
        rx.el.input(
            id=f"{id_prefix}discount",
            name="discount",
            default_value=state.discount,
            placeholder="0.00",
            input_mode="decimal",
            auto_complete="off",
            on_change=state.set_discount,
            custom_attrs=error_attrs(state.errors, "discount"),
            class_name=INPUT,
        ),
        field_error(state.errors, "discount"),
    )


TOTAL_WORDS = {"optional": "Total of required lines", "credit": "Change in price"}


def _totals(state, document: str, choice: str) -> rx.Component:
    with_optional = choice == "optional"
    optional = rx.cond(
        state.optional_display,
        rx.fragment(
            rx.el.span("Optional lines (before tax)", class_name="text-slate-700"),
            rx.el.output(state.optional_display, class_name="text-right font-semibold"),
        ),
    )
    return rx.el.div(
        rx.cond(
            state.tax_display,
            rx.fragment(
                rx.el.span("Sales tax", class_name="text-slate-700"),
                rx.el.span(
                    state.tax_display, class_name="text-right", data_testid=f"{document}-tax"
                ),
            ),
        ),
        rx.el.span(TOTAL_WORDS.get(choice, "Total"), class_name="text-lg font-bold text-slate-900"),
        rx.el.output(
            state.total_display,
            id=f"{document}-total",
            aria_live="polite",
            class_name="text-right text-2xl font-extrabold text-slate-900",
            data_testid=f"{document}-total",
        ),
        optional if with_optional else rx.fragment(),
        class_name="mt-4 grid grid-cols-[1fr_auto] items-center gap-2",
    )


def line_editor(state, document: str, choice: str = "") -> rx.Component:
    """The rows of `state` (a LineEditorMixin with an `errors` dict), "Add line", the tax area,
    the discount and the totals. `document` ("invoice", "estimate", "change-order") prefixes
    the ids of the tax area, the discount, the total and the tax. `choice`: "optional" (an
    estimate's lines the customer may leave out), "credit" (a change order's: no tax area of
    its own and no discount), or ""."""
    with_terms = choice != "credit"
    return rx.fragment(
        rx.el.div(
            rx.foreach(state.lines, lambda line, i: _line_row(state, line, i, choice)),
            class_name="mt-2",
        ),
        action_button("Add line", state.add_line, f"{SECONDARY_BUTTON} mt-4"),
        field_error(state.errors, "lines"),
        field_error(state.errors, "total"),
        rx.el.div(
            _tax_area(state, f"{document}-"),
            _discount(state, f"{document}-"),
            class_name="mt-4 grid gap-4 sm:grid-cols-2",
        )
        if with_terms
        else rx.fragment(),
        _totals(state, document, choice),
    )


def lines_card(state, document: str, title: str, choice: str = "") -> rx.Component:
    """The form's card of work and prices: how to write a line, then the line editor."""
    return form_card(
        title,
        card_intro(
            "Each line: a service from the list or free text, what is done and with which "
            "materials, then quantity, unit (sq ft, hours; empty for a lump sum) and unit price.",
            space="mt-2",
        ),
        line_editor(state, document, choice),
    )
