"""The two e-mails an enquiry sends: a notice to the business inbox and an acknowledgement."""

import html

from renovation_app.content import BUSINESS, ENQUIRY_SERVICE_OPTIONS
from renovation_app.models import Enquiry
from renovation_app.services.mail import EmailMessage
from renovation_app.settings import settings

SERVICE_LABELS = dict(ENQUIRY_SERVICE_OPTIONS)


def enquiry_notification(enquiry: Enquiry) -> EmailMessage:
    service = SERVICE_LABELS[enquiry.service]
    rows = [
        ("Name", enquiry.name),
        ("E-mail", enquiry.email),
        ("Phone", enquiry.phone or "not given"),
        ("Service", service),
    ]
    html_rows = "".join(
        f"<tr><th align='left'>{label}</th><td>{html.escape(value)}</td></tr>"
        for label, value in rows
    )
    message_html = html.escape(enquiry.message).replace("\n", "<br>")
    return EmailMessage(
        to=settings.business_inbox,
        reply_to=enquiry.email,
        subject=f"New enquiry: {service} from {enquiry.name}"[:200],
        kind="enquiry_notification",
        html=f"<h2>New enquiry #{enquiry.id}</h2><table>{html_rows}</table>"
        f"<h3>Message</h3><p>{message_html}</p>",
        text="\n".join(f"{label}: {value}" for label, value in rows)
        + f"\n\nMessage:\n{enquiry.message}\n",
    )


def enquiry_acknowledgement(enquiry: Enquiry) -> EmailMessage:
    name = enquiry.name
    body = (
        f"Thank you for contacting {BUSINESS.name}. We received your message about "
        f"{SERVICE_LABELS[enquiry.service]} and will get back to you within one business day. "
        f"If it is urgent, call us at {BUSINESS.phone_display}."
    )
    return EmailMessage(
        to=enquiry.email,
        reply_to=BUSINESS.email,
        subject=f"We received your message - {BUSINESS.name}",
        kind="enquiry_ack",
        html=f"<p>Hello {html.escape(name)},</p><p>{html.escape(body)}</p>"
        f"<p>{html.escape(BUSINESS.name)}<br>{html.escape(BUSINESS.phone_display)}</p>",
        text=f"Hello {name},\n\n{body}\n\n{BUSINESS.name}\n{BUSINESS.phone_display}\n",
    )
