"""/gallery and one page per gallery set (/gallery/{slug})."""

import reflex as rx

from renovation_app import content as c
from renovation_app import routes
from renovation_app.components.gallery_grid import gallery_grid
from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.ui import icon, picture, section, section_heading
from renovation_app.content.types import GallerySet
from renovation_app.media import gallery_picture, gallery_pictures
from renovation_app.pages.registry import page
from renovation_app.services.words import counted


@page(routes.GALLERY_LIST)
def gallery_list() -> rx.Component:
    cards = [
        link(
            picture(
                gallery_picture(g.slug, 1),
                thumbnail=True,
                alt="",
                eager=i < 3,
                class_name="aspect-[4/3] w-full object-cover transition group-hover:scale-105",
            ),
            rx.el.div(
                rx.el.h2(g.title, class_name="text-lg font-bold text-slate-900"),
                rx.el.p(counted(g.image_count, "photo"), class_name="text-sm text-slate-600"),
                class_name="p-4",
            ),
            href=g.url,
            class_name="group block overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:shadow-lg",
            data_testid="gallery-card",
        )
        for i, g in enumerate(c.GALLERIES)
    ]
    return site_page(
        section(
            section_heading("Our Gallery", "Unlocking the Door to Your New Home"),
            rx.el.div(*cards, class_name="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3"),
        ),
        title="Gallery",
    )


def _step_button(direction: str, step: str, side: str) -> rx.Component:
    return rx.el.button(
        icon(f"chevron-{direction}", 28),
        type="button",
        aria_label="Previous picture" if step == "-1" else "Next picture",
        data_lightbox_step=step,
        class_name=f"absolute {side} top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 "
        "text-slate-900 hover:bg-white",
    )


def lightbox() -> rx.Component:
    """The larger view, a native <dialog> that site.js opens, steps through and closes."""
    return rx.el.dialog(
        rx.el.button(
            "Close",
            type="button",
            data_lightbox_close="",
            class_name="absolute right-3 top-3 rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-slate-900",
        ),
        _step_button("left", "-1", "left-1"),
        _step_button("right", "1", "right-1"),
        # Not a picture(): site.js sets its src to the opened picture's largest variant.
        rx.el.img(id="lightbox-image", alt="", class_name="max-h-[85vh] w-auto max-w-full rounded"),
        rx.el.p(id="lightbox-caption", class_name="mt-2 text-center text-sm text-white"),
        id="lightbox",
        aria_label="Larger view",
        class_name="m-auto max-w-5xl bg-transparent p-10 backdrop:bg-slate-950/90",
    )


def gallery_detail(gallery: GallerySet):
    def body() -> rx.Component:
        return site_page(
            section(
                rx.el.p(
                    gallery.description,
                    class_name="mx-auto mb-10 max-w-3xl text-center text-lg text-slate-700",
                ),
                gallery_grid(gallery_pictures(gallery.slug)),
            ),
            lightbox(),
            title=gallery.title,
            trail=(("Gallery", routes.GALLERY_LIST.path),),
        )

    return body


for _gallery in c.GALLERIES:
    page(routes.gallery_route(_gallery))(gallery_detail(_gallery))
