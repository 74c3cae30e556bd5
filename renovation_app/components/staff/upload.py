"""A file upload (Reflex's dropzone) whose file input has an accessible name: Reflex draws the
<input type="file"> itself without a label, which screen readers announce as nothing and axe
refuses."""

import reflex as rx
from reflex_components_core.el.elements.forms import Input

from renovation_app.components.styles import SECONDARY_BUTTON

# A page signed on paper, scanned or photographed: what the upload fields accept.
SCANS = {"application/pdf": [".pdf"], "image/jpeg": [".jpg", ".jpeg"], "image/png": [".png"]}


def labelled_upload(label: str, *children: rx.Component, **props) -> rx.Component:
    """`rx.upload` without its dashed 5em box (our button says what to do), its input named."""
    props.setdefault("border", "none")
    props.setdefault("padding", "0")
    upload = rx.upload(*children, **props)
    zone = upload.children[0]
    file_input = next(child for child in zone.children if isinstance(child, Input))
    file_input.custom_attrs["aria-label"] = label
    return upload


def scan_upload(
    upload_id: str,
    label: str,
    choose: str,
    *,
    max_size: int = 10 * 1024 * 1024,
    button_class: str = SECONDARY_BUTTON,
    names_class: str = "text-sm",
) -> rx.Component:
    """One paper's scan (a PDF, JPEG or PNG): the button `choose` opens the file picker with, then
    the chosen file's name."""
    return labelled_upload(
        label,
        rx.el.button(choose, type="button", class_name=button_class),
        rx.el.p(
            rx.foreach(rx.selected_files(upload_id), lambda name: rx.el.span(name)),
            class_name=names_class,
        ),
        id=upload_id,
        multiple=False,
        max_files=1,
        accept=SCANS,
        max_size=max_size,
        class_name="flex flex-col gap-2",
    )
