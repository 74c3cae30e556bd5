"""/services and one page per service (/services/{slug})."""

import reflex as rx

from renovation_app import content as c
from renovation_app import routes
from renovation_app.components.links import link, link_items
from renovation_app.components.page_frame import site_page
from renovation_app.components.styles import BUTTON
from renovation_app.components.ui import icon, more_about_link, picture, section, section_heading
from renovation_app.content.types import Service
from renovation_app.first_paint import PUBLISHED_SLOT
from renovation_app.media import gallery_pictures
from renovation_app.navigation import SERVICE_LINKS
from renovation_app.pages.registry import page

MAX_SERVICE_IMAGES = 6


def service_card(service: Service) -> rx.Component:
    pic = gallery_pictures(service.slug)[0]
    return rx.el.article(
        picture(
            pic,
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw",
            class_name="aspect-[4/3] w-full object-cover",
        ),
        rx.el.div(
            rx.el.h2(service.title, class_name="text-xl font-bold text-slate-900"),
            rx.el.p(service.description, class_name="mt-2 flex-1 leading-7 text-slate-700"),
            more_about_link(service),
            class_name="flex flex-1 flex-col p-6",
        ),
        class_name="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm",
    )


@page(routes.SERVICES_LIST)
def services_list() -> rx.Component:
    return site_page(
        section(
            section_heading(c.SERVICES_HEADING, c.SERVICES_TITLE),
            rx.el.div(
                *[service_card(s) for s in c.SERVICES],
                class_name="grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
            ),
        ),
        title="Services",
    )


def service_images(service: Service) -> rx.Component:
    """Up to 6 pictures; the 2nd and 3rd span two columns."""
    pictures = gallery_pictures(service.slug)[:MAX_SERVICE_IMAGES]
    return rx.el.div(
        *[
            rx.el.div(
                picture(
                    pic,
                    sizes="(min-width: 1024px) 50vw, 100vw",
                    class_name="h-full w-full object-cover",
                ),
                class_name=("sm:col-span-2 " if i in (1, 2) else "")
                + "aspect-[4/3] overflow-hidden rounded-lg sm:aspect-auto sm:h-64",
            )
            for i, pic in enumerate(pictures)
        ],
        class_name="grid gap-4 sm:grid-cols-3",
        data_testid="service-images",
    )


def service_copy(service: Service) -> rx.Component:
    """The service's title, paragraphs and the list of what it includes."""
    return rx.el.div(
        rx.el.h2(service.title, class_name="text-3xl font-extrabold text-slate-900"),
        *[rx.el.p(p, class_name="mt-4 leading-7 text-slate-700") for p in service.paragraphs],
        rx.el.h3(
            f"Our {service.title} include:",
            class_name="mt-8 text-xl font-bold text-slate-900",
        ),
        rx.el.ul(
            *[
                rx.el.li(
                    icon("circle-check", 18, "mt-1 shrink-0 text-orange-700"),
                    f,
                    class_name="flex gap-3",
                )
                for f in service.features
            ],
            class_name="mt-4 flex flex-col gap-2 text-slate-700",
        ),
        class_name="lg:col-span-2",
    )


def other_services(service: Service) -> rx.Component:
    """The side box: the other services and the way to ask for a quote."""
    return rx.el.aside(
        rx.el.h2("Other services", class_name="font-bold text-slate-900"),
        rx.el.ul(
            *link_items(
                [e for e in SERVICE_LINKS if e.path != service.url],
                "block rounded-md px-3 py-2 hover:bg-orange-50 hover:text-orange-800",
            ),
            class_name="mt-3 flex flex-col",
        ),
        link(
            "Book a free estimate visit",
            href=routes.BOOK_VISIT.path,
            class_name=f"{BUTTON} mt-6 w-full",
        ),
        link(
            "Ask a question",
            href=routes.CONTACT.path,
            class_name="mt-3 block text-center font-semibold text-orange-800 underline",
        ),
        class_name="h-fit rounded-xl border border-slate-200 bg-slate-50 p-6",
    )


def service_detail(service: Service):
    def body() -> rx.Component:
        return site_page(
            section(
                rx.el.div(
                    service_copy(service),
                    other_services(service),
                    class_name="grid gap-10 lg:grid-cols-3",
                ),
                rx.el.div(
                    # Pictures of finished jobs, written in by the server (first_paint_pages).
                    rx.html("", id=PUBLISHED_SLOT),
                    service_images(service),
                    class_name="mt-12",
                ),
                rx.el.div(
                    link(
                        "See More",
                        rx.el.span(f" photos of {service.title}", class_name="sr-only"),
                        href=c.gallery_by_slug(service.slug).url,
                        class_name=BUTTON,
                    ),
                    class_name="mt-8 text-center",
                ),
            ),
            title=service.title,
            trail=(("Services", routes.SERVICES_LIST.path),),
        )

    return body


for _service in c.SERVICES:
    page(routes.service_route(_service))(service_detail(_service))
