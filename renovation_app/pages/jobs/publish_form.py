"""The form that puts a finished job's after photo on the website (the photos page): the
gallery, a caption, the alt text, a before picture when wanted, and the customer's
permission."""

import reflex as rx

from renovation_app import content as c
from renovation_app.components.forms import action_button, input_field, select_field, tick_box
from renovation_app.components.staff.card import with_cancel
from renovation_app.components.styles import BUTTON
from renovation_app.state.jobs import JobPhotosState

State = JobPhotosState
P = State.page


def publish_error(name: str) -> rx.Component:
    errors = State.publish_errors
    return rx.cond(
        errors[name], rx.el.p(errors[name], class_name="text-sm font-medium text-red-700")
    )


def publish_text(label: str, name: str, hint: str) -> rx.Component:
    return input_field(
        label,
        f"publish-{name}",
        State.publish_form[name].to(str),
        lambda v: State.set_publish(name, v),
        publish_error(name),
        placeholder=hint,
        max_length=200,
        data_testid=f"publish-{name}",
    )


def publish_gallery() -> rx.Component:
    return select_field(
        "Gallery",
        "publish-gallery",
        [
            rx.el.option("Choose...", value=""),
            *[rx.el.option(g.title, value=g.slug) for g in c.GALLERIES],
        ],
        State.publish_form["gallery"].to(str),
        lambda v: State.set_publish("gallery", v),
        publish_error("gallery"),
        data_testid="publish-gallery",
    )


def publish_before() -> rx.Component:
    """The job's before photos to pair with the after one, or none."""
    befores = P.photos.to(list[dict])
    return select_field(
        "Before picture (optional)",
        "publish-before",
        [
            rx.el.option("None", value=""),
            rx.foreach(
                befores,
                lambda p: rx.cond(
                    p.stage.to(str) == "before", rx.el.option(p.label, value=p.id.to(str))
                ),
            ),
        ],
        State.publish_form["before_id"].to(str),
        lambda v: State.set_publish("before_id", v),
    )


def publish_permission() -> rx.Component:
    return tick_box(
        State.permission,
        State.set_permission,
        "The customer agreed to show their job's pictures on our website (never their name or address)",
        class_name="flex items-start gap-2 text-sm text-slate-800",
        test_id="publish-permission",
    )


def publish_buttons() -> rx.Component:
    publish = action_button(
        "Publish", State.publish, BUTTON, "publish-save", disabled=State.working
    )
    return with_cancel(publish, State.close_publish, gap="gap-3")


def publish_form(row: rx.Var) -> rx.Component:
    """An after photo to the website: the gallery, a caption, the alt text, a before picture
    when wanted, and the customer's permission."""
    return rx.el.div(
        publish_gallery(),
        publish_text("Caption", "caption", "A new kitchen in a Park Slope brownstone"),
        publish_text(
            "Alt text: what the picture shows", "alt", "White shaker cabinets and a quartz counter"
        ),
        publish_before(),
        publish_permission(),
        publish_error("permission"),
        publish_buttons(),
        class_name="mt-2 flex flex-col gap-3 rounded-md bg-slate-50 p-3",
        data_testid="publish-form",
    )
