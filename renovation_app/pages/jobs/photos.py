"""/jobs/<number>/photos: built for a phone on site. Photos and today's note go up with the
uploader; below, the daily log and the photos, each shown to the customer or not; the customer's
project page links; and, once the job is finished, its after photos put on the website."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import action_button, tick_box
from renovation_app.components.links import link
from renovation_app.components.react.photo_uploader import photo_uploader
from renovation_app.components.staff import (
    NO_JOB,
    confirmed_delete,
    record_cards,
    record_page,
    remove_button,
    staff_card,
)
from renovation_app.components.styles import (
    INPUT,
    SECONDARY_BUTTON,
    STAFF_CARD,
)
from renovation_app.components.ui import counted, problem_text, rows_or, status_text
from renovation_app.pages.jobs.publish_form import publish_form
from renovation_app.pages.registry import page
from renovation_app.state.jobs import JobPhotosState

State = JobPhotosState
P = State.page
SHARED = "rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900"
SMALL_LINK = "text-sm font-semibold text-orange-800 underline"


def heading() -> rx.Component:
    number = P.number.to(str)
    return rx.el.div(
        rx.el.h2("Photos of job ", number, class_name="text-2xl font-extrabold"),
        rx.el.p(P.title, class_name="text-lg font-semibold"),
        link(
            "Back to the job",
            href=routes.job_path(number),
            class_name="text-sm font-semibold underline",
        ),
        problem_text(State.error, "photos-error"),
        status_text(State.note, "photos-note"),
        class_name=f"{STAFF_CARD} flex flex-col gap-1",
    )


def upload_card() -> rx.Component:
    return staff_card(
        "Add photos and today's note",
        photo_uploader(
            P.number.to(str),
            on_done=State.reload,
            lead_safe=P.lead_safe.to(bool),
            class_name="mt-3",
        ),
        heading=rx.el.h2,
    )


def shared_tick(row: rx.Var, on_change, testid: str) -> rx.Component:
    """The tick sends the state it asks for (the opposite of the row's): clicked twice, or in two
    tabs, it sets the same thing twice rather than flipping it back."""
    return tick_box(
        row.shared.to(bool),
        on_change,
        "Show to the customer",
        class_name="flex items-center gap-2 text-sm font-medium text-slate-800",
        test_id=testid,
    )


def note_row(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.p(
            rx.el.strong(row.day),
            " · ",
            counted(row.photo_count, "photo"),
            class_name="text-sm text-slate-700",
        ),
        rx.cond(
            row.practice,
            rx.el.p(
                row.practice,
                rx.cond(row.result, ": " + row.result.to(str), ""),
                class_name="text-sm font-semibold text-amber-900",
                data_testid="log-practice",
            ),
        ),
        rx.el.p(row.text, class_name="whitespace-pre-line text-slate-900"),
        rx.el.div(
            shared_tick(
                row, lambda _: State.share_note(row.id, ~row.shared.to(bool)), "share-note"
            ),
            remove_button("Delete the note", State.delete_note(row.id)),
            class_name="flex flex-wrap items-center gap-4",
        ),
        class_name="flex flex-col gap-1 border-b border-slate-100 py-3",
        data_testid="log-note",
    )


def log_card() -> rx.Component:
    return staff_card(
        "Daily log",
        rows_or(P.notes, note_row, "No note yet.", "text-slate-600", "flex flex-col"),
        heading=rx.el.h2,
    )


def photo_actions(row: rx.Var) -> rx.Component:
    published = row.published_id.to(int) > 0
    can_publish = P.finished.to(bool) & (row.stage.to(str) == "after") & ~published
    return rx.el.div(
        shared_tick(row, lambda _: State.share_photo(row.id, ~row.shared.to(bool)), "share-photo"),
        rx.cond(published, rx.el.span("On the website", class_name=SHARED)),
        rx.cond(
            can_publish,
            action_button(
                "Put on the website", State.open_publish(row.id), SMALL_LINK, "open-publish"
            ),
        ),
        confirmed_delete(
            State.deleting == row.id.to(int),
            "Delete this photo? ",
            State.delete_photo(row.id),
            State.keep,
            State.ask_delete(row.id),
        ),
        class_name="flex flex-wrap items-center gap-x-4 gap-y-2",
    )


def opened_picture(thumb: rx.Var, full: rx.Var, alt: rx.Var) -> rx.Component:
    """A picture that opens whole in a new tab (a file: a plain link, never the router's)."""
    return link(
        rx.el.img(
            src=thumb,
            alt=alt,
            loading="lazy",
            class_name="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover",
        ),
        href=full,
        target="_blank",
        rel="noopener",
    )


def photo_card(row: rx.Var) -> rx.Component:
    return rx.el.li(
        opened_picture(row.thumb, row.full, row.label),
        rx.el.p(row.label, class_name="text-sm font-semibold text-slate-800"),
        photo_actions(row),
        rx.cond(State.publishing == row.id.to(int), publish_form(row)),
        # The photo whose publish form is open takes the whole row: the form needs the width.
        class_name=rx.cond(
            State.publishing == row.id.to(int),
            "col-span-2 flex flex-col gap-2 lg:col-span-3",
            "flex flex-col gap-2",
        ),
        data_testid="job-photo",
    )


def photos_card() -> rx.Component:
    return staff_card(
        "Photos",
        rx.cond(
            ~P.finished.to(bool),
            rx.el.p(
                "After photos can go on the website's gallery once the job is finished.",
                class_name="text-sm text-slate-600",
            ),
        ),
        rows_or(
            P.photos,
            photo_card,
            "No photo yet.",
            "text-slate-600",
            "mt-3 grid grid-cols-2 gap-x-3 gap-y-5 lg:grid-cols-3",
        ),
        heading=rx.el.h2,
    )


def texted_photo(row: rx.Var) -> rx.Component:
    return rx.el.li(
        opened_picture(row.url, row.url, row.words),
        rx.el.p(row.words, class_name="mt-1 text-sm text-slate-700"),
        data_testid="texted-photo",
    )


def texted_card() -> rx.Component:
    """Photos the customer texted: the office's only (never shared, never on the website)."""
    return rx.cond(
        P.texted.to(list).length() > 0,
        staff_card(
            "Photos the customer texted",
            rx.el.ul(
                rx.foreach(P.texted.to(list[dict]), texted_photo),
                class_name="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4",
            ),
            heading=rx.el.h2,
        ),
    )


def published_row(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.img(src=row.thumb, alt="", class_name="h-16 w-20 shrink-0 rounded object-cover"),
        rx.el.div(
            rx.el.p(row.caption, class_name="font-semibold text-slate-900"),
            link(row.gallery, href=row.gallery_url, class_name=SMALL_LINK),
            class_name="flex min-w-0 flex-1 flex-col",
        ),
        remove_button("Unpublish", State.unpublish(row.id), "unpublish"),
        class_name="flex items-center gap-3 border-b border-slate-100 py-2",
        data_testid="published-row",
    )


def website_card() -> rx.Component:
    return rx.cond(
        P.published.to(list).length() > 0,
        staff_card(
            "On the website",
            rx.el.ul(rx.foreach(P.published.to(list[dict]), published_row)),
            heading=rx.el.h2,
        ),
    )


def viewer_row(row: rx.Var) -> rx.Component:
    email = row.email.to(str)
    return rx.el.li(
        # A long address wraps inside the card instead of pushing the page sideways.
        rx.el.p(email, class_name="font-semibold text-slate-900 [overflow-wrap:anywhere]"),
        rx.cond(
            row.url.to(str) != "",
            rx.fragment(
                rx.el.input(
                    value=row.url,
                    read_only=True,
                    aria_label="Project page link of " + email,
                    class_name=f"{INPUT} text-sm",
                    data_testid="project-link",
                ),
                rx.el.div(
                    action_button("E-mail the link", State.send_link(email), SECONDARY_BUTTON),
                    remove_button("Revoke", State.revoke_link(email), "revoke-link"),
                    class_name="flex flex-wrap items-center gap-3",
                ),
            ),
            action_button(
                "Make a link", State.make_link(email), f"{SECONDARY_BUTTON} self-start", "make-link"
            ),
        ),
        class_name="flex flex-col gap-2 border-b border-slate-100 py-3",
        data_testid="project-viewer",
    )


def project_card() -> rx.Component:
    return staff_card(
        "The customer's project page",
        rx.el.p(
            "Each contact gets their own link: the contract and change orders, the coming days, "
            "the invoices, and the photos and notes shown to the customer. Links stop working 90 "
            "days after the job is closed.",
            class_name="text-sm text-slate-700",
        ),
        rx.el.ul(rx.foreach(P.viewers.to(list[dict]), viewer_row)),
        heading=rx.el.h2,
    )


@page(routes.JOB_PHOTOS, on_load=(State.load,))
def job_photos() -> rx.Component:
    cards = record_cards(
        heading(),
        upload_card(),
        log_card(),
        photos_card(),
        texted_card(),
        website_card(),
        project_card(),
        test_id="photos-page",
    )
    return record_page(State, "Job photos", NO_JOB, cards)
