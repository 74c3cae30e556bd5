"""A file upload (Reflex's dropzone) whose file input has an accessible name: Reflex draws the
<input type="file"> itself without a label, which screen readers announce as nothing and axe
refuses."""

import reflex as rx
from reflex_components_core.el.elements.forms import Input

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
