"""The home page: hero, about, services, FAQ, highlights, portfolio carousel."""

import reflex as rx

from renovation_app import content as c
from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.react.slick import portfolio_carousel
from renovation_app.components.styles import BUTTON, CONTAINER, OUTLINE_BUTTON
from renovation_app.components.ui import (
    check_list,
    icon,
    more_about_link,
    picture,
    section,
    section_heading,
)
from renovation_app.content.contact_links import MAILTO_HREF, TEL_HREF, WHATSAPP_HREF
from renovation_app.media import gallery_picture, hero_picture
from renovation_app.pages.registry import page


def hero() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.div(
                rx.el.p(
                    c.HERO_SUBTITLE,
                    class_name="text-sm font-bold uppercase tracking-widest text-orange-400",
                ),
                rx.el.h1(
                    c.HERO_TITLE_START,
                    rx.el.span(c.HERO_TITLE_HIGHLIGHT, class_name="text-orange-400"),
                    c.HERO_TITLE_END,
                    class_name="mt-3 text-4xl font-extrabold leading-tight text-white sm:text-5xl",
                ),
                rx.el.p(c.HERO_DESCRIPTION, class_name="mt-5 max-w-xl text-lg text-slate-200"),
                rx.el.div(
                    link(icon("phone", 18), "Call Now", href=TEL_HREF, class_name=BUTTON),
                    link(
                        icon("message-circle", 18),
                        "WhatsApp",
                        href=WHATSAPP_HREF,
                        rel="noopener",
                        target="_blank",
                        class_name=OUTLINE_BUTTON,
                    ),
                    link(icon("mail", 18), "Email", href=MAILTO_HREF, class_name=OUTLINE_BUTTON),
                    class_name="mt-8 flex flex-wrap gap-3",
                ),
                class_name="flex flex-col justify-center",
            ),
            rx.el.div(
                picture(
                    hero_picture(),
                    sizes="(min-width: 1024px) 600px, 100vw",
                    eager=True,
                    high_priority=True,
                    class_name="aspect-[4/3] w-full rounded-xl object-cover shadow-2xl",
                ),
            ),
            class_name=f"{CONTAINER} grid items-center gap-10 py-14 lg:grid-cols-2 lg:py-20",
        ),
        class_name="bg-slate-900",
    )


def about() -> rx.Component:
    return section(
        rx.el.div(
            picture(
                gallery_picture("bathroom-remodeling", 3),
                sizes="(min-width: 1024px) 600px, 100vw",
                class_name="aspect-[4/3] w-full rounded-xl object-cover",
            ),
            rx.el.div(
                section_heading(c.ABOUT_HEADING, c.ABOUT_TITLE, center=False),
                *[
                    rx.el.p(p, class_name="mb-4 leading-7 text-slate-700")
                    for p in c.ABOUT_PARAGRAPHS
                ],
                check_list(c.ABOUT_CHECKLIST),
            ),
            class_name="grid items-center gap-12 lg:grid-cols-2",
        ),
        id="about",
    )


def services_grid() -> rx.Component:
    cards = [
        rx.el.article(
            rx.el.span(
                icon(s.icon, 28),
                class_name="inline-flex rounded-lg bg-orange-100 p-3 text-orange-800",
            ),
            rx.el.h3(s.title, class_name="mt-5 text-xl font-bold text-slate-900"),
            rx.el.p(s.description, class_name="mt-3 flex-1 leading-7 text-slate-700"),
            more_about_link(s),
            class_name="flex flex-col rounded-xl border border-slate-200 bg-white p-7 shadow-sm transition hover:-translate-y-1 hover:shadow-lg",
        )
        for s in c.SERVICES
    ]
    return section(
        section_heading(c.SERVICES_HEADING, c.SERVICES_TITLE),
        rx.el.div(*cards, class_name="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"),
        class_name="bg-slate-50",
        id="services",
    )


def faq_accordion() -> rx.Component:
    """Native <details name="faq">: an exclusive accordion that needs no JavaScript."""
    return rx.el.div(
        *[
            rx.el.details(
                rx.el.summary(
                    rx.el.span(item.question),
                    icon("plus", 20, "faq-icon shrink-0 text-orange-700 transition-transform"),
                    class_name="flex cursor-pointer items-center justify-between gap-4 p-5 text-left font-bold text-slate-900",
                ),
                rx.el.p(item.answer, class_name="px-5 pb-5 leading-7 text-slate-700"),
                custom_attrs={"name": "faq"},
                class_name="faq rounded-lg border border-slate-200 bg-white",
            )
            for item in c.FAQ
        ],
        class_name="flex flex-col gap-3",
        data_testid="faq",
    )


def faq() -> rx.Component:
    return section(
        rx.el.div(
            rx.el.div(
                section_heading(c.FAQ_HEADING, c.FAQ_TITLE, center=False),
                faq_accordion(),
            ),
            rx.el.div(
                picture(
                    gallery_picture("kitchen-remodeling", 2),
                    sizes="600px",
                    class_name="aspect-[4/3] w-full rounded-xl object-cover",
                ),
                class_name="hidden lg:block",
            ),
            class_name="grid items-center gap-12 lg:grid-cols-2",
        ),
        id="faq",
    )


def highlights() -> rx.Component:
    return section(
        rx.el.div(
            *[
                rx.el.div(
                    icon(h.icon, 32, "text-orange-400"),
                    rx.el.h3(h.title, class_name="mt-4 text-lg font-bold text-white"),
                    rx.el.p(h.text, class_name="mt-2 text-sm leading-6 text-slate-300"),
                )
                for h in c.HIGHLIGHTS
            ],
            class_name="grid gap-10 sm:grid-cols-2 lg:grid-cols-4",
        ),
        class_name="bg-slate-900",
        aria_label="Why choose us",
    )


def portfolio() -> rx.Component:
    slides = [
        (gallery_picture(item.gallery_slug, item.image_index), item.title, item.description)
        for item in c.HOME_CAROUSEL
    ]
    return section(
        section_heading(c.PORTFOLIO_HEADING, c.PORTFOLIO_TITLE),
        portfolio_carousel(slides),
    )


@page(routes.HOME)
def home() -> rx.Component:
    return site_page(hero(), about(), services_grid(), faq(), highlights(), portfolio())
