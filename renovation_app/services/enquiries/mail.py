"""The two e-mails an enquiry sends: a notice to the business inbox and an acknowledgement.

The acknowledgement goes to whatever address was typed into the form, so it carries nothing
the sender typed (no name, no message): the form cannot make our mail carry a stranger's words
to anyone. Only the service label, chosen from our fixed list, is repeated.
"""

from renovation_app.content import BUSINESS, ENQUIRY_SERVICE_OPTIONS
from renovation_app.models import Enquiry
from renovation_app.services.mail import EmailKind, EmailMessage, build_email, one_line
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
    return build_email(
        EmailKind.ENQUIRY_NOTIFICATION,
        settings.business_inbox,
        reply_to=one_line(enquiry.email),
        enquiry=enquiry,
        rows=rows,
        service=service,
    )


def enquiry_acknowledgement(enquiry: Enquiry) -> EmailMessage:
    return build_email(
        EmailKind.ENQUIRY_ACK,
        one_line(enquiry.email),
        reply_to=BUSINESS.email,
        service=SERVICE_LABELS[enquiry.service],
    )
