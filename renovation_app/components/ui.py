"""Small building blocks shared by pages and the page frame: icons, headings, pictures, cards,
form fields."""

import reflex as rx

from renovation_app.components.links import link
from renovation_app.components.styles import CONTAINER
from renovation_app.content.types import Service
from renovation_app.media import Picture


def icon(name: str, size: int = 18, class_name: str = "") -> rx.Component:
    """A lucide icon, hidden from screen readers (the text beside it says what it means)."""
    return rx.icon(name, size=size, class_name=class_name, aria_hidden="true")


def section(*children: rx.Component, class_name: str = "", **props) -> rx.Component:
    return rx.el.section(
        rx.el.div(*children, class_name=CONTAINER),
        class_name=f"py-16 sm:py-20 {class_name}",
        **props,
    )


def section_heading(
    kicker: str, title: str, center: bool = True, level: str = "h2"
) -> rx.Component:
    heading = rx.el.h1 if level == "h1" else rx.el.h2
    return rx.el.div(
        rx.el.p(kicker, class_name="text-sm font-bold uppercase tracking-widest text-orange-700"),
        heading(title, class_name="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl"),
        class_name=("mx-auto max-w-3xl text-center" if center else "max-w-3xl") + " mb-10",
    )


def picture(
    pic: Picture,
    sizes: str = "",
    class_name: str = "",
    eager: bool = False,
    high_priority: bool = False,
    alt: str | None = None,
    thumbnail: bool = False,
) -> rx.Component:
    """Every <img> of a picture in the image manifest, with its real width and height.

    The responsive WebP variants for `sizes`, or with `thumbnail` the one 4:3 crop. Lazy unless
    `eager` (above the fold); `high_priority` asks the browser to fetch it before the others.
    """
    if thumbnail:
        props = {"src": pic.thumb}
        attrs = {"width": str(pic.thumb_width), "height": str(pic.thumb_height)}
    else:
        props = {"src": pic.src, "src_set": pic.srcset, "sizes": sizes}
        attrs = {"width": str(pic.width), "height": str(pic.height)}
    if high_priority:
        attrs["fetchpriority"] = "high"
    return rx.el.img(
        **props,
        alt=pic.alt if alt is None else alt,
        loading="eager" if eager else "lazy",
        decoding="async",
        custom_attrs=attrs,
        class_name=class_name,
    )


def check_list(items: tuple[str, ...]) -> rx.Component:
    return rx.el.ul(
        *[
            rx.el.li(
                icon("circle-check", 20, "mt-0.5 shrink-0 text-orange-700"),
                rx.el.span(item),
                class_name="flex gap-3",
            )
            for item in items
        ],
        class_name="grid gap-3 sm:grid-cols-2",
    )


def labelled(label: str, control: rx.Component, *after: rx.Component) -> rx.Component:
    """A form control with its visible label (the control's id names it)."""
    return rx.el.div(
        rx.el.label(
            label, html_for=control.id, class_name="mb-1 block text-sm font-semibold text-slate-800"
        ),
        control,
        *after,
    )


def field_error(errors: rx.Var, name: str) -> rx.Component:
    """The message of a field that did not pass validation (named by error_attrs below)."""
    return rx.cond(
        errors[name],
        rx.el.p(
            errors[name],
            id=f"{name}-error",
            class_name="mt-1 text-sm font-medium text-red-700",
            data_testid=f"error-{name}",
        ),
    )


def error_attrs(errors: rx.Var, name: str) -> dict:
    """aria-invalid and aria-describedby of a control, for its custom_attrs."""
    return {
        "aria-invalid": rx.cond(errors[name], "true", "false"),
        "aria-describedby": f"{name}-error",
    }


def more_about_link(service: Service) -> rx.Component:
    """The card button 'MORE ABOUT ' (the spec's text); the hidden title names the link."""
    return link(
        service.more_link_text,
        rx.el.span(service.title, class_name="sr-only"),
        icon("arrow-right", 16),
        href=service.url,
        class_name="mt-5 inline-flex items-center gap-2 text-sm font-bold tracking-wide text-orange-800 hover:text-orange-900",
    )


def words_when(message: rx.Var, role: str, class_name: str, test_id: str = "") -> rx.Component:
    """`message` in a paragraph with its ARIA role, read out when it appears; nothing while it
    is empty."""
    return rx.cond(
        message,
        rx.el.p(message, role=role, class_name=class_name, data_testid=test_id or None),
    )


def alert_text(
    message: rx.Var, test_id: str = "", class_name: str = "text-sm font-medium text-red-700"
) -> rx.Component:
    """A refusal or error in words (a form's)."""
    return words_when(message, "alert", class_name, test_id)


def problem_text(message: rx.Var, test_id: str = "") -> rx.Component:
    """What went wrong with an action of the page, in bold red."""
    return alert_text(message, test_id, "font-semibold text-red-700")


def status_text(
    message: rx.Var, test_id: str = "", class_name: str = "text-green-800"
) -> rx.Component:
    """What an action of the page did, in words."""
    return words_when(message, "status", class_name, test_id)


def attention_note(words: rx.Var, test_id: str) -> rx.Component:
    """ "Needs attention: ..." in a red box, shown only when there are words."""
    return rx.cond(
        words,
        rx.el.p(
            rx.el.strong("Needs attention: "),
            words,
            role="alert",
            class_name="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800",
            data_testid=test_id,
        ),
    )


def rows_or(
    rows: rx.Var, row, empty: str, empty_class: str, list_class: str = "", **props
) -> rx.Component:
    """The rows as a list, each drawn by `row`, or `empty` in words when there are none."""
    listed = {"class_name": list_class} if list_class else {}
    return rx.cond(
        rows.to(list).length() > 0,
        rx.el.ul(rx.foreach(rows.to(list[dict]), row), **listed, **props),
        rx.el.p(empty, class_name=empty_class),
    )


def counted(count: rx.Var, noun: str, plural: str = "") -> rx.Component:
    """A count read from the state with the noun that agrees with it ("1 photo", "3 photos", "-1
    day"); services.words.counted writes the same in Python."""
    one = (count.to(int) == 1) | (count.to(int) == -1)
    return rx.fragment(count, rx.cond(one, f" {noun}", f" {plural or noun + 's'}"))
