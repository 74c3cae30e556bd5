"""The two e-mails an enquiry sends: a notice to the business inbox and an acknowledgement.

The acknowledgement goes to whatever address was typed into the form, so it carries nothing
the sender typed (no name, no message): the form cannot make our mail carry a stranger's words
to anyone. Only the service label, chosen from our fixed list, is repeated.
"""

from renovation_app.content import BUSINESS, ENQUIRY_SERVICE_OPTIONS
from renovation_app.models import Enquiry
from renovation_app.services.mail import EmailKind, EmailMessage, one_line, render_email
from renovation_app.settings import settings

SERVICE_LABELS = dict(ENQUIRY_SERVICE_OPTIONS)
SUBJECT_MAX = 200


def enquiry_notification(enquiry: Enquiry) -> EmailMessage:
    service = SERVICE_LABELS[enquiry.service]
    rows = [
        ("Name", enquiry.name),
        ("E-mail", enquiry.email),
        ("Phone", enquiry.phone or "not given"),
        ("Service", service),
    ]
    html, text = render_email(EmailKind.ENQUIRY_NOTIFICATION, enquiry=enquiry, rows=rows)
    return EmailMessage(
        to=settings.business_inbox,
        reply_to=one_line(enquiry.email),
        subject=one_line(f"New enquiry: {service} from {enquiry.name}")[:SUBJECT_MAX],
        kind=EmailKind.ENQUIRY_NOTIFICATION,
        html=html,
        text=text,
    )


def enquiry_acknowledgement(enquiry: Enquiry) -> EmailMessage:
    html, text = render_email(EmailKind.ENQUIRY_ACK, service=SERVICE_LABELS[enquiry.service])
    return EmailMessage(
        to=one_line(enquiry.email),
        reply_to=BUSINESS.email,
        subject=f"We received your message - {BUSINESS.name}",
        kind=EmailKind.ENQUIRY_ACK,
        html=html,
        text=text,
    )
