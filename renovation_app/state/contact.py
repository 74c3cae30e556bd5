"""The contact form: validates and stores through services.enquiries."""

import asyncio
import logging

import reflex as rx

from renovation_app.services.enquiries import (
    TooManyEnquiries,
    submit_enquiry,
    validate_enquiry,
    wants_texts,
)
from renovation_app.services.errors import FormInvalid
from renovation_app.services.limits import client_address_from_headers

log = logging.getLogger(__name__)

SUCCESS_MESSAGE = "Email sent successfully!"
FAILURE_MESSAGE = "Error sending email. Please try again."
FORM_ID = "contact-form"


class ContactState(rx.State):
    errors: dict[str, str] = {}
    sending: bool = False

    @rx.event
    async def submit(self, form_data: dict):
        self.errors = {}
        self.sending = True
        yield
        try:
            form = validate_enquiry(form_data)
            texts_ok = wants_texts(form_data, form.phone)
            honeypot = form_data.get("website") or ""
            headers = self.router.headers.raw_headers
            client = client_address_from_headers(headers, headers.get("asgi-scope-client", ""))
            await asyncio.to_thread(submit_enquiry, form, client, honeypot, None, texts_ok)
        except FormInvalid as invalid:
            self.errors = invalid.errors
            yield rx.toast.error("Please check the highlighted fields.", duration=4000)
        except TooManyEnquiries as limited:
            yield rx.toast.error(str(limited), duration=4000)
        except Exception:
            log.exception("contact form: could not store the enquiry")
            yield rx.toast.error(FAILURE_MESSAGE, duration=4000)
        else:
            yield rx.toast.success(SUCCESS_MESSAGE, duration=2000)
            yield rx.call_script(f"document.getElementById('{FORM_ID}').reset()")
        finally:
            self.sending = False
