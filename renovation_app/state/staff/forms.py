"""What a staff form that validates and saves in one press does the same way (an estimate, a
change order, a job by hand): the busy button, the fields' errors with a toast, a refusal or a
failure in words under the form, and what follows a save."""

import asyncio
import logging
from typing import ClassVar

import reflex as rx

from renovation_app.services.errors import ActionRefused, FormInvalid

log = logging.getLogger(__name__)
CHECK_FIELDS = "Please check the highlighted fields."


class SavedFormMixin(rx.State, mixin=True):
    """Mix in before StaffState; implement `_saving` and `_saved`. `submit` is the form's."""

    errors: dict[str, str] = {}
    submitting: bool = False
    form_key: int = 0  # a new value redraws the form with its defaults
    form_token: str = ""  # a double press saves once

    # What could not be saved, as the refusal starts: "The estimate".
    saved_noun: ClassVar[str] = "The form"

    def _may_submit(self) -> bool:
        return True

    def _saving(self, form_data: dict) -> tuple:
        """The service that saves, then what it is given (validating may raise FormInvalid)."""
        raise NotImplementedError

    def _saved(self, saved) -> list:
        """The events once saved (a redirect, a toast)."""
        raise NotImplementedError

    @rx.event
    async def submit(self, form_data: dict):
        if self.submitting or not self._may_submit():
            return
        self.submitting, self.errors = True, {}
        yield
        try:
            saving = self._saving(form_data)
            saved = await asyncio.to_thread(*saving)
        except FormInvalid as invalid:
            self.errors, self.submitting = invalid.errors, False
            yield rx.toast.error(CHECK_FIELDS, duration=4000)
            return
        except ActionRefused as refused:
            self.errors, self.submitting = {"form": str(refused)}, False
            return
        except Exception:
            log.exception("%s: could not save", type(self).__name__)
            failed = f"{self.saved_noun} could not be saved. Please try again."
            self.errors, self.submitting = {"form": failed}, False
            return
        self.submitting = False
        yield self._saved(saved)
