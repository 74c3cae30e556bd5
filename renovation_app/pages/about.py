"""/about: the handyman introduction and two video blocks that load on demand."""

import reflex as rx

from renovation_app import content as c
from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.styles import BUTTON
from renovation_app.components.ui import check_list, icon, picture, section, section_heading
from renovation_app.content.types import VideoBlock
from renovation_app.media import gallery_picture
from renovation_app.pages.registry import page


def video_block(block: VideoBlock, reverse: bool) -> rx.Component:
    poster = gallery_picture(block.poster_gallery_slug, block.poster_index)
    media = picture(
        poster,
        sizes="(min-width: 1024px) 600px, 100vw",
        class_name="aspect-video w-full rounded-xl object-cover",
        alt="",
    )
    if block.video_file:
        # The video (and its bytes) load only when the visitor asks for it.
        media = rx.el.button(
            media,
            rx.el.span(
                icon("play", 32),
                class_name="absolute inset-0 m-auto flex h-20 w-20 items-center justify-center rounded-full bg-orange-700 text-white shadow-xl",
            ),
            type="button",
            aria_label=f"Play the video: {block.heading}",
            data_load_embed="",
            data_src=f"/videos/{block.video_file}",
            data_title=block.heading,
            data_frame_class="aspect-video w-full rounded-xl",
            class_name="relative block w-full",
        )
    return rx.el.div(
        rx.el.div(media, class_name="lg:order-2" if reverse else ""),
        rx.el.div(
            rx.el.h2(
                block.heading, class_name="text-2xl font-extrabold text-slate-900 sm:text-3xl"
            ),
            rx.el.p(block.text, class_name="mt-4 leading-7 text-slate-700"),
            link("Get a free estimate", href=routes.CONTACT.path, class_name=f"{BUTTON} mt-6"),
        ),
        class_name="grid items-center gap-10 lg:grid-cols-2",
    )


@page(routes.ABOUT)
def about() -> rx.Component:
    return site_page(
        section(
            rx.el.div(
                rx.el.div(
                    section_heading(c.ABOUT_HEADING, c.ABOUT_TITLE, center=False),
                    rx.el.p(c.ABOUT_INTRO, class_name="mb-4 leading-7 text-slate-700"),
                    *[
                        rx.el.p(p, class_name="mb-4 leading-7 text-slate-700")
                        for p in c.ABOUT_PARAGRAPHS
                    ],
                    check_list(c.ABOUT_CHECKLIST),
                ),
                picture(
                    gallery_picture("kitchen-remodeling", 4),
                    sizes="(min-width: 1024px) 600px, 100vw",
                    eager=True,
                    high_priority=True,
                    class_name="aspect-[4/3] w-full rounded-xl object-cover",
                ),
                class_name="grid items-center gap-12 lg:grid-cols-2",
            ),
        ),
        section(
            rx.el.div(
                *[video_block(b, reverse=i % 2 == 1) for i, b in enumerate(c.VIDEO_BLOCKS)],
                class_name="flex flex-col gap-16",
            ),
            class_name="bg-slate-50",
        ),
        title="About Us",
    )
