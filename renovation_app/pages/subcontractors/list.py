"""/subcontractors: every subcontractor with its licence and each insurance certificate's
standing (lapsed in red, lapsing within 30 days in amber), searched and filtered, and the form
for a new one. The details' fields and the standing pill are the detail page's too."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import busy_button, post_form
from renovation_app.components.staff import list_page, list_row, list_search, row_link
from renovation_app.components.styles import BUTTON, INPUT, PILL
from renovation_app.components.ui import alert_text, error_attrs, field_error, labelled
from renovation_app.pages.registry import page
from renovation_app.services.subcontractors import STATUS_LABELS
from renovation_app.state.subcontractors import SubcontractorListState

State = SubcontractorListState
STANDING = "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold"
STANDING_COLOURS = (
    ("lapsed", f"{STANDING} bg-red-100 text-red-800"),
    ("expiring", f"{STANDING} bg-amber-100 text-amber-900"),
    ("in_force", f"{STANDING} bg-green-100 text-green-800"),
    PILL,
)
# The list's columns from sm up (a whole Tailwind class, so Tailwind finds it).
COLUMNS = "sm:grid-cols-[2fr_1fr_1fr_1.4fr_1.4fr]"
# (field, label, input type, autocomplete, example)
DETAIL_FIELDS = (
    ("company", "Company", "text", "organization", "Gowanus Plumbing LLC"),
    ("trade", "Trade", "text", "off", "Plumbing"),
    ("licence_number", "NYC licence number", "text", "off", "2099999-DCA"),
    ("contact_name", "Contact", "text", "name", ""),
    ("email", "E-mail", "email", "email", ""),
    ("phone", "Phone", "tel", "tel", "(718) 555-0142"),
)


def standing(state: rx.Var, words: rx.Var, test_id: str) -> rx.Component:
    """A certificate's standing in words, coloured by its state."""
    return rx.el.span(words, class_name=rx.match(state, *STANDING_COLOURS), data_testid=test_id)


def details_fields(errors: rx.Var, id_prefix: str, saved: rx.Var | None = None) -> rx.Component:
    """The subcontractor's fields (each with its error); `saved` fills them in (the edit)."""
    return rx.el.div(
        *[
            labelled(
                label + (" (required)" if name == "company" else ""),
                rx.el.input(
                    id=f"{id_prefix}{name}",
                    name=name,
                    type=kind,
                    default_value=saved[name].to(str) if saved is not None else "",
                    auto_complete=autocomplete,
                    placeholder=example,
                    required=name == "company",
                    custom_attrs=error_attrs(errors, name),
                    class_name=INPUT,
                ),
                field_error(errors, name),
            )
            for name, label, kind, autocomplete, example in DETAIL_FIELDS
        ],
        class_name="grid gap-4 sm:grid-cols-2",
    )


def new_form() -> rx.Component:
    return rx.el.details(
        rx.el.summary("New subcontractor", class_name=f"{BUTTON} cursor-pointer list-none"),
        post_form(
            details_fields(State.errors, "new-sub-"),
            alert_text(State.errors["form"], "", "text-red-700"),
            busy_button(
                State.submitting,
                "Saving...",
                "Save the subcontractor",
                f"{BUTTON} self-start disabled:opacity-70",
            ),
            key=State.form_key.to_string(),
            on_submit=State.create,
            class_name="mt-4 flex flex-col gap-4",
            data_testid="new-subcontractor-form",
        ),
        open=State.errors.length() > 0,
        class_name="rounded-lg bg-slate-50 p-3",
    )


def row(sub: rx.Var) -> rx.Component:
    cell = "text-sm text-slate-700"
    return list_row(
        row_link(sub.company, routes.subcontractor_path(sub.id.to(int).to_string())),
        rx.el.span(rx.cond(sub.trade, sub.trade, "-"), class_name=cell),
        rx.el.span(
            rx.el.span("Licence ", class_name="sm:hidden"),
            rx.cond(sub.licence_number, sub.licence_number, "none given"),
            class_name=cell,
        ),
        rx.el.span(
            rx.el.span("General liability: ", class_name="text-sm sm:hidden"),
            standing(sub.gl_state, sub.gl_words, "gl-standing"),
        ),
        rx.el.span(
            rx.el.span("Workers' comp: ", class_name="text-sm sm:hidden"),
            standing(sub.wc_state, sub.wc_words, "wc-standing"),
        ),
        rx.cond(~sub.active, rx.el.span("Inactive", class_name=f"{PILL} justify-self-start")),
        test_id="subcontractor-row",
        layout=f"grid min-w-0 gap-1 break-words py-3 {COLUMNS} sm:items-center sm:gap-3",
    )


def heading_row() -> rx.Component:
    """The columns' names above the rows, from sm up (each row names its parts on a phone)."""
    return rx.el.div(
        *[
            rx.el.span(words)
            for words in ("Company", "Trade", "Licence", "General liability", "Workers' comp")
        ],
        aria_hidden="true",
        class_name=f"hidden text-sm font-semibold text-slate-600 sm:grid {COLUMNS} sm:gap-3",
    )


@page(routes.SUBCONTRACTORS, on_load=(State.load,))
def subcontractor_list() -> rx.Component:
    intro = rx.el.p(
        "Each needs a general liability and a workers' compensation certificate in force before "
        "it is paid; the office is e-mailed 30 days before one lapses.",
        class_name="text-sm text-slate-600",
    )
    search = list_search(
        State, routes.SUBCONTRACTORS, "sub", "Company, trade or licence", STATUS_LABELS
    )
    # The columns' names stand under the search, over the rows (and over none).
    search = rx.fragment(search, heading_row())
    return list_page(
        State,
        "Subcontractors",
        row,
        search=search,
        intro=(intro, new_form()),
        noun="subcontractors",
    )
