"""/jobs/new: a job by hand for small work (up to $500 with tax) agreed without an estimate;
existing customers are offered while the name, phone or e-mail is typed."""

import secrets
from typing import ClassVar

import reflex as rx

from renovation_app.content.tax import DEFAULT_TAX_AREA
from renovation_app.routes import job_path
from renovation_app.services import jobs
from renovation_app.state.customers import CustomerSuggestionsMixin
from renovation_app.state.staff import SavedFormMixin, StaffState

FIELDS = (
    "name",
    "email",
    "phone",
    "address",
    "title",
    "price",
    "tax_category",
    "tax_area",
    "start_date",
    "completion_date",
)


class NewJobState(SavedFormMixin, CustomerSuggestionsMixin, StaffState):
    field_prefix: ClassVar[str] = "job-"
    saved_noun: ClassVar[str] = "The job"
    defaults: dict[str, str] = {}

    @rx.event
    def open_form(self):
        self.errors, self.submitting, self.suggestions, self.used_customer_id = {}, False, [], 0
        self.defaults = {name: "" for name in FIELDS} | {
            "tax_category": "repair",
            "tax_area": DEFAULT_TAX_AREA,
        }
        self.form_token = secrets.token_urlsafe(16)
        self.form_key += 1

    def _saving(self, form_data: dict) -> tuple:
        work = jobs.validate_small_work(
            {name: str(form_data.get(name, "") or "") for name in FIELDS}
        )
        return jobs.create_small_job, work, self._signed_in_user(), self.form_token

    def _saved(self, saved) -> list:
        return [rx.redirect(job_path(saved.number))]
