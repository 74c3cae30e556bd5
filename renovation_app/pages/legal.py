"""/terms-and-conditions and /privacy-policy, from content.legal."""

import reflex as rx

from renovation_app import content as c
from renovation_app import routes
from renovation_app.components.page_frame import site_page
from renovation_app.components.ui import section
from renovation_app.content.types import LegalSection
from renovation_app.pages.registry import page


def legal_document(sections: tuple[LegalSection, ...]) -> rx.Component:
    return section(
        rx.el.article(
            rx.el.p(f"Last updated: {c.LEGAL_UPDATED}", class_name="text-sm text-slate-600"),
            *[
                rx.el.section(
                    rx.el.h2(
                        f"{number}. {s.heading}",
                        class_name="mt-10 text-2xl font-bold text-slate-900",
                    ),
                    *[rx.el.p(p, class_name="mt-3 leading-7 text-slate-700") for p in s.paragraphs],
                    rx.el.ul(
                        *[rx.el.li(b) for b in s.bullets],
                        class_name="mt-3 list-disc space-y-1 pl-6 text-slate-700",
                    )
                    if s.bullets
                    else rx.fragment(),
                )
                for number, s in enumerate(sections, start=1)
            ],
            class_name="mx-auto max-w-3xl",
        )
    )


@page(routes.TERMS)
def terms() -> rx.Component:
    return site_page(legal_document(c.TERMS), title="Terms and Conditions")


@page(routes.PRIVACY)
def privacy() -> rx.Component:
    return site_page(legal_document(c.PRIVACY), title="Privacy Policy")
