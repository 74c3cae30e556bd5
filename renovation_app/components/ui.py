"""Small building blocks shared by pages: headings, pictures, cards, form fields."""

import reflex as rx

from renovation_app.components.layout import CONTAINER, icon
from renovation_app.media import Picture


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
    sizes: str,
    class_name: str = "",
    eager: bool = False,
    alt: str | None = None,
) -> rx.Component:
    """A responsive WebP <img> with real width/height; lazy unless it is above the fold."""
    attrs = {"width": str(pic.width), "height": str(pic.height)}
    if eager:
        attrs["fetchpriority"] = "high"
    return rx.el.img(
        src=pic.src,
        src_set=pic.srcset,
        sizes=sizes,
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
