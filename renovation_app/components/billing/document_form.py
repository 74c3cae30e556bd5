"""The parts every document form (estimates, invoices, change orders, jobs) draws the same way:
a text field and a select that start with the state's `defaults` and show their errors, and the customer card that offers
existing customers while their name, phone or e-mail is typed."""

import reflex as rx

from renovation_app.components.customers import customer_suggestions
from renovation_app.components.staff.card import form_card
from renovation_app.components.styles import INPUT
from renovation_app.components.ui import error_attrs, field_error, labelled


def document_field(
    state,
    label: str,
    name: str,
    kind: str = "text",
    multiline: bool = False,
    hint: str = "",
    autocomplete: str = "off",
    **props,
) -> rx.Component:
    """An input (a textarea when `multiline`) with the id `<state.field_prefix><name>`."""
    control = rx.el.textarea if multiline else rx.el.input
    extra = {"rows": 3} if multiline else {"type": kind}
    return labelled(
        label,
        control(
            id=f"{state.field_prefix}{name}",
            name=name,
            default_value=state.defaults[name].to(str),
            auto_complete=autocomplete,
            custom_attrs=error_attrs(state.errors, name),
            class_name=INPUT,
            **extra,
            **props,
        ),
        rx.el.p(hint, class_name="mt-1 text-sm text-slate-600") if hint else rx.fragment(),
        field_error(state.errors, name),
    )


def document_choice(state, label: str, name: str, options, *after: rx.Component) -> rx.Component:
    """A select with the id `<state.field_prefix><name>` that starts with the state's `defaults`;
    `after` it, its hint and its error."""
    return labelled(
        label,
        rx.el.select(
            *options,
            id=f"{state.field_prefix}{name}",
            name=name,
            default_value=state.defaults[name].to(str),
            class_name=INPUT,
        ),
        *after,
    )


def customer_card(state, title: str, address_label: str) -> rx.Component:
    """Name, phone, e-mail and address; typing the first three offers matching customers."""
    finds = {"on_change": state.suggest.debounce(300)}
    return form_card(
        title,
        rx.el.div(
            document_field(state, "Name", "name", autocomplete="name", **finds),
            document_field(state, "Phone Number", "phone", "tel", autocomplete="tel", **finds),
            document_field(state, "Email", "email", "email", autocomplete="email", **finds),
            document_field(
                state, address_label, "address", multiline=True, autocomplete="street-address"
            ),
            class_name="mt-4 grid gap-4 sm:grid-cols-2 [&>*:last-child]:sm:col-span-2",
        ),
        customer_suggestions(state),
    )
