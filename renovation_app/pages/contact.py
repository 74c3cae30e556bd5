"""/contact: the enquiry form (sent through ContactState) and the Contact Us cards."""

import reflex as rx

from renovation_app import content as c
from renovation_app import routes
from renovation_app.components.forms import busy_button, post_form
from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.styles import BUTTON, INPUT
from renovation_app.components.ui import (
    error_attrs,
    field_error,
    icon,
    labelled,
    section,
    section_heading,
)
from renovation_app.content.types import ContactCard
from renovation_app.pages.registry import page
from renovation_app.state.contact import FORM_ID, ContactState


def field(name: str, label: str, control: rx.Component) -> rx.Component:
    return labelled(label, control, field_error(ContactState.errors, name))


def text_input(name: str, input_type: str, auto_complete: str, placeholder: str) -> rx.Component:
    return rx.el.input(
        id=name,
        name=name,
        type=input_type,
        auto_complete=auto_complete,
        placeholder=placeholder,
        class_name=INPUT,
        custom_attrs=error_attrs(ContactState.errors, name),
    )


def texts_tick(name: str) -> rx.Component:
    return rx.el.label(
        rx.el.input(
            type="checkbox",
            name=name,
            value="on",
            class_name="mt-1 h-5 w-5 shrink-0 accent-orange-700",
        ),
        rx.el.span(c.TEXTS_CONSENT),
        class_name="flex items-start gap-3 text-sm text-slate-700",
    )


def contact_form() -> rx.Component:
    return post_form(
        rx.el.div(
            field("name", "Your name", text_input("name", "text", "name", "Jane Smith")),
            field("email", "E-mail", text_input("email", "email", "email", "jane@example.com")),
            field("phone", "Phone (optional)", text_input("phone", "tel", "tel", "(718) 555-0142")),
            field(
                "service",
                "Service",
                rx.el.select(
                    rx.el.option("Select Service", value="", disabled=True),
                    *[
                        rx.el.option(label, value=value)
                        for value, label in c.ENQUIRY_SERVICE_OPTIONS
                    ],
                    id="service",
                    name="service",
                    default_value="",
                    class_name=INPUT,
                    custom_attrs=error_attrs(ContactState.errors, "service"),
                ),
            ),
            class_name="grid gap-5 sm:grid-cols-2",
        ),
        field(
            "message",
            "Message",
            rx.el.textarea(
                id="message",
                name="message",
                rows=6,
                placeholder="Tell us about your project",
                class_name=INPUT,
                custom_attrs=error_attrs(ContactState.errors, "message"),
            ),
        ),
        texts_tick("texts"),
        # Honeypot: people never see or fill it; bots that fill every field are stored as spam.
        rx.el.div(
            rx.el.label("Website", html_for="website"),
            rx.el.input(id="website", name="website", tab_index=-1, auto_complete="off"),
            aria_hidden="true",
            class_name="absolute -left-[9999px] h-px w-px overflow-hidden",
        ),
        busy_button(
            ContactState.sending,
            "Sending...",
            "Submit Now",
            f"{BUTTON} w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto",
        ),
        id=FORM_ID,
        on_submit=ContactState.submit,
        no_validate=True,
        class_name="relative flex flex-col gap-5",
    )


def contact_card(card: ContactCard) -> rx.Component:
    lines = (
        [
            link(text, href=href, class_name="block break-all text-slate-700 hover:text-orange-800")
            for text, href in card.links
        ]
        if card.links
        else [rx.el.p(card.text, class_name="text-slate-700")]
    )
    return rx.el.div(
        rx.el.span(
            icon(card.icon, 24),
            class_name="inline-flex rounded-full bg-orange-100 p-3 text-orange-800",
        ),
        rx.el.h3(card.title, class_name="mt-4 text-lg font-bold text-slate-900"),
        rx.el.div(*lines, class_name="mt-2 flex flex-col gap-1"),
        class_name="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm",
    )


@page(routes.CONTACT)
def contact() -> rx.Component:
    return site_page(
        section(
            rx.el.div(
                rx.el.div(
                    section_heading(c.CONTACT_HEADING, c.CONTACT_TITLE, center=False),
                    rx.el.p(c.CONTACT_INTRO, class_name="leading-7 text-slate-700"),
                    link(
                        "Book a free estimate visit",
                        href=routes.BOOK_VISIT.path,
                        class_name=f"{BUTTON} mt-6",
                    ),
                ),
                rx.el.div(
                    contact_form(),
                    class_name="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2",
                ),
                class_name="grid gap-10 lg:grid-cols-3",
            ),
        ),
        section(
            section_heading("Get in touch", c.CONTACT_CARDS_HEADING),
            rx.el.div(
                *[contact_card(card) for card in c.CONTACT_CARDS],
                class_name="grid gap-6 sm:grid-cols-2 lg:grid-cols-4",
            ),
            class_name="bg-slate-50",
        ),
        title="Contact Us",
    )
