"""The enquiry e-mails, rendered from templates: what each may and may not contain."""

import pytest

from renovation_app.content import BUSINESS
from renovation_app.models import Enquiry
from renovation_app.services.enquiries.mail import enquiry_acknowledgement, enquiry_notification
from renovation_app.services.mail.templates import render_email

NAME = "Zebulon Quaxmire-Ostrowski"
MESSAGE = "Please phone my friend about the velvet-otter-4471 offer at http://spam.example"


def enquiry(**changes) -> Enquiry:
    values = {
        "id": 41,
        "name": NAME,
        "email": "zq@example.com",
        "phone": "(718) 555-0100",
        "service": "kitchen-remodeling",
        "message": MESSAGE,
    }
    return Enquiry(**{**values, **changes})


def test_the_acknowledgement_carries_nothing_the_sender_typed():
    ack = enquiry_acknowledgement(enquiry())
    assert ack.to == "zq@example.com"
    for part in (ack.subject, ack.html, ack.text):
        for typed in ("Zebulon", "Quaxmire", "velvet-otter-4471", "spam.example", "my friend"):
            assert typed not in part
    assert "Kitchen Remodeling" in ack.html and "Kitchen Remodeling" in ack.text
    assert BUSINESS.name in ack.html and BUSINESS.phone_display in ack.text


def test_the_notification_has_both_parts_and_every_detail():
    notice = enquiry_notification(enquiry())
    assert notice.kind == "enquiry_notification" and notice.reply_to == "zq@example.com"
    for part in (notice.html, notice.text):
        for value in (NAME, "zq@example.com", "(718) 555-0100", "Kitchen Remodeling", MESSAGE):
            assert value in part
    assert notice.html.lstrip().lower().startswith("<!doctype html>")
    assert "<" not in notice.text.replace("<!", "")  # the plain part is plain text
    assert BUSINESS.name in notice.html and BUSINESS.address.one_line in notice.html


def test_the_notification_escapes_html_the_sender_typed():
    notice = enquiry_notification(
        enquiry(name="<b>Bob</b>", message="line one\n<script>alert(1)</script>")
    )
    assert "<script>" not in notice.html and "<b>Bob</b>" not in notice.html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in notice.html
    assert "line one<br>" in notice.html  # line breaks kept, as markup of ours
    assert "<script>alert(1)</script>" in notice.text  # plain text stays as typed


@pytest.mark.parametrize("name", ["Eve\r\nBcc: all@example.com", "Eve\nX", "Eve\x00\u2028X"])
def test_a_subject_is_one_line_whatever_the_name(name):
    subject = enquiry_notification(enquiry(name=name)).subject
    assert not any(ch in subject for ch in "\r\n\x00\u2028")
    assert subject.startswith("New enquiry: Kitchen Remodeling from Eve")


def test_render_email_returns_html_and_text_and_refuses_odd_names():
    html, text = render_email("enquiry_ack", service="Tiling")
    assert "Tiling" in html and "Tiling" in text
    with pytest.raises(ValueError):
        render_email("../secrets")
