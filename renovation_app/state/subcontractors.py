"""The staff subcontractor screens: the list with its search and the new-subcontractor form
(/subcontractors), and one subcontractor (/subcontractors/<id>): its details, its insurance
certificates with the upload, and its bills. Every action is checked again by the service."""

import asyncio
import logging
from typing import ClassVar

import reflex as rx

from renovation_app.routes import SUBCONTRACTORS, subcontractor_path
from renovation_app.services import subcontractors
from renovation_app.services.billing.money import shown
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.fields import iso_date, whole_number
from renovation_app.services.subcontractors.certificates import MAX_BYTES
from renovation_app.services.subcontractors.fields import FIELDS
from renovation_app.state.record import RecordPage
from renovation_app.state.staff import SearchedListMixin, StaffState

log = logging.getLogger(__name__)
NOT_SAVED = "The subcontractor could not be saved. Please try again."
UPLOAD_ID = "certificate-file"


def form_values(form_data: dict) -> dict[str, str]:
    """The subcontractor form's fields as text (whatever else the browser sent is dropped)."""
    return {name: str(form_data.get(name, "") or "")[:300] for name in FIELDS}


class SubcontractorListState(SearchedListMixin, StaffState):
    list_path: ClassVar[str] = SUBCONTRACTORS.path
    rows: list[subcontractors.SubcontractorRow] = []
    # The new-subcontractor form.
    errors: dict[str, str] = {}
    submitting: bool = False
    form_key: int = 0

    def _listing(self, query: str, status: str, page: int) -> subcontractors.SubcontractorListPage:
        return subcontractors.list_subcontractors(query, status, page)

    @rx.event
    async def load(self):
        self.errors, self.submitting = {}, False
        await self._load_list()

    @rx.event
    async def create(self, form_data: dict):
        """Save the new subcontractor and open its page (to upload its certificates)."""
        if self.submitting:
            return
        self.submitting, self.errors = True, {}
        yield
        try:
            details = subcontractors.validate_subcontractor(form_values(form_data))
            made = await asyncio.to_thread(
                subcontractors.create_subcontractor, details, self._signed_in_user()
            )
        except FormInvalid as invalid:
            self.errors, self.submitting = invalid.errors, False
            return
        except ActionRefused as refused:
            self.errors, self.submitting = {"company": refused.message}, False
            return
        except Exception:
            log.exception("new subcontractor: could not save")
            self.errors, self.submitting = {"form": NOT_SAVED}, False
            return
        self.submitting = False
        self.form_key += 1
        yield rx.redirect(subcontractor_path(str(made.id)))


class SubcontractorState(RecordPage, StaffState):
    sub: dict = {}  # SubcontractorView in words beside its cents (billing.shown)
    errors: dict[str, str] = {}
    form_key: int = 0
    action_error: str = ""
    action_note: str = ""
    working: bool = False
    # The certificate upload: its kind and expiry day (the file is uploaded).
    cert_kind: str = "general_liability"
    cert_expires: str = ""

    async def _read_record(self, key: str) -> bool:
        await self._show(whole_number(key) or 0)
        self.form_key += 1  # the edit form shows the saved details
        return bool(self.sub)

    async def _show(self, subcontractor_id: int) -> None:
        view = await asyncio.to_thread(subcontractors.get_subcontractor, subcontractor_id)
        self.sub = shown(view) if view else {}

    async def _act(self, action, *args, done: str = "") -> bool:
        """Run one action on this subcontractor; a refusal is shown in words, changes nothing."""
        if self.working or not self.sub:
            return False
        self.working, self.action_error, self.action_note = True, "", ""
        ok = False
        try:
            await asyncio.to_thread(action, self.sub["id"], *args)
            self.action_note, ok = done, True
        except ActionRefused as refused:
            self.action_error = refused.message
        except Exception:
            log.exception("subcontractor %s: %s failed", self.sub["id"], action.__name__)
            self.action_error = "That did not work. Please try again."
        finally:
            self.working = False
        await self._show(self.sub["id"])
        return ok

    @rx.event
    async def save(self, form_data: dict):
        """The edited details."""
        self.errors = {}
        try:
            details = subcontractors.validate_subcontractor(form_values(form_data))
        except FormInvalid as invalid:
            self.errors = invalid.errors
            return
        saved = await self._act(
            subcontractors.update_subcontractor, details, self._signed_in_user(), done="Saved."
        )
        if saved:
            self.form_key += 1

    @rx.event
    async def set_active(self, active: bool):
        active = active is True
        done = "Active again." if active else "Deactivated: kept with its bills and certificates."
        await self._act(
            subcontractors.set_subcontractor_active, active, self._signed_in_user(), done=done
        )

    @rx.event
    def set_cert_kind(self, kind: str):
        self.cert_kind = str(kind)[:30]

    @rx.event
    def set_cert_expires(self, day: str):
        self.cert_expires = str(day)[:10]

    @rx.event
    async def upload_certificate(self, files: list[rx.UploadFile]):
        """A certificate of insurance: its kind, the expiry printed on it and its file."""
        if not files:
            self.action_error = "Please choose the certificate's file: a PDF, JPEG or PNG."
            return
        upload = files[0]
        # One byte past the limit is enough for the service to refuse it in words.
        content = await upload.read(MAX_BYTES + 1)
        certificate = subcontractors.CertificateUpload(
            self.cert_kind, iso_date(self.cert_expires), content, str(upload.name or "")
        )
        uploaded = await self._act(
            subcontractors.upload_certificate,
            certificate,
            self._signed_in_user(),
            done="Certificate uploaded: it is the one in force of its kind.",
        )
        if uploaded:
            self.cert_expires = ""
            yield rx.clear_selected_files(UPLOAD_ID)
