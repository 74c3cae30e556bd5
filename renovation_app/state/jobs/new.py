"""/jobs/new: a job by hand for small work (up to $500 with tax) agreed without an estimate;
existing customers are offered while the name, phone or e-mail is typed."""

import asyncio
import logging
import secrets
from typing import ClassVar

import reflex as rx

from renovation_app.content.tax import DEFAULT_TAX_AREA
from renovation_app.routes import job_path
from renovation_app.services import jobs
from renovation_app.services.errors import FormInvalid
from renovation_app.state.customers import CustomerSuggestionsMixin
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)
FIELDS = (
    "name", "email", "phone", "address", "title", "price", "tax_category", "tax_area",
    "start_date", "completion_date",
)  # fmt: skip


class NewJobState(CustomerSuggestionsMixin, StaffState):
    field_prefix: ClassVar[str] = "job-"
    defaults: dict[str, str] = {}
    errors: dict[str, str] = {}
    submitting: bool = False
    form_key: int = 0
    form_token: str = ""

    @rx.event
    def open_form(self):
        self.errors, self.submitting, self.suggestions, self.used_customer_id = {}, False, [], 0
        self.defaults = {name: "" for name in FIELDS} | {
            "tax_category": "repair",
            "tax_area": DEFAULT_TAX_AREA,
        }
        self.form_token = secrets.token_urlsafe(16)
        self.form_key += 1

    @rx.event
    async def submit(self, form_data: dict):
        if self.submitting:
            return
        self.submitting, self.errors = True, {}
        yield
        raw = {name: str(form_data.get(name, "") or "") for name in FIELDS}
        try:
            work = jobs.validate_small_work(raw)
            job = await asyncio.to_thread(
                jobs.create_small_job, work, self._signed_in_user(), self.form_token
            )
        except FormInvalid as invalid:
            self.errors, self.submitting = invalid.errors, False
            yield rx.toast.error("Please check the highlighted fields.", duration=4000)
            return
        except Exception:
            log.exception("new job: could not save")
            self.errors = {"form": "The job could not be saved. Please try again."}
            self.submitting = False
            return
        self.submitting = False
        yield rx.redirect(job_path(job.number))
