"""/jobs/<number>/photos: a job's photos and daily log (sent by the uploader over HTTP, then read
again here), what the customer sees on their project page, and the pictures of a finished job
on the website's gallery. The browser sends words and ids; the services check every one."""

import asyncio
import logging

import reflex as rx

from renovation_app.services import photos, project
from renovation_app.services.billing.money import shown
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.fields import whole_number
from renovation_app.state.jobs.detail import whole
from renovation_app.state.record import RecordPage
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)
PUBLISH_FIELDS = ("gallery", "caption", "alt", "before_id")


class JobPhotosState(RecordPage, StaffState):
    page: dict = {}  # photos.JobPhotosPage
    error: str = ""
    note: str = ""
    working: bool = False
    deleting: int = 0  # the photo whose deletion waits for a "Yes, delete"
    publishing: int = 0  # the after photo whose publish form is open
    publish_form: dict[str, str] = {}
    permission: bool = False
    publish_errors: dict[str, str] = {}

    async def _read_record(self, key: str) -> bool:
        await self._show(key)
        return bool(self.page)

    @rx.event
    async def reload(self):
        """The uploader sent a batch: show what arrived."""
        await self._show()

    async def _show(self, number: str = "") -> None:
        """The photos of the job read (`number`), then again of the one the page holds."""
        number = number or self.page.get("number", "")
        if not number:
            return
        view = await asyncio.to_thread(photos.job_photos, number)
        self.page = shown(view) if view else {}

    async def _run(self, action, *args, done: str = "") -> bool:
        """One action on this job's photos; a refusal is shown in words and changes nothing."""
        if self.working or not self.page:
            return False
        self.working, self.error, self.note = True, "", ""
        ok = False
        try:
            await asyncio.to_thread(action, self.page["number"], *args)
            self.note, ok = done, True
        except ActionRefused as refused:
            self.error = refused.message
        except FormInvalid as invalid:
            self.publish_errors = invalid.errors
        except Exception:
            log.exception("job %s: %s failed", self.page["number"], action.__name__)
            self.error = "That did not work. Please try again."
        finally:
            self.working = False
        await self._show()
        return ok

    @rx.event
    async def share_photo(self, photo_id: int, shared: bool):
        await self._run(
            photos.set_shared, "photo", whole(photo_id), shared is True, self._signed_in_user()
        )

    @rx.event
    async def share_note(self, note_id: int, shared: bool):
        await self._run(
            photos.set_shared, "note", whole(note_id), shared is True, self._signed_in_user()
        )

    @rx.event
    def ask_delete(self, photo_id: int):
        self.deleting = whole(photo_id)

    @rx.event
    def keep(self):
        self.deleting = 0

    @rx.event
    async def delete_photo(self, photo_id: int):
        self.deleting = 0
        await self._run(
            photos.delete_photo, whole(photo_id), self._signed_in_user(), done="Photo deleted."
        )

    @rx.event
    async def delete_note(self, note_id: int):
        await self._run(
            photos.delete_note, whole(note_id), self._signed_in_user(), done="Note deleted."
        )

    @rx.event
    def open_publish(self, photo_id: int):
        self.publishing, self.permission, self.publish_errors = whole(photo_id), False, {}
        self.publish_form = dict.fromkeys(PUBLISH_FIELDS, "")

    @rx.event
    def close_publish(self):
        self.publishing = 0

    @rx.event
    def set_publish(self, name: str, value: str):
        if name in PUBLISH_FIELDS:
            self.publish_form[name] = str(value)[:300]

    @rx.event
    def set_permission(self, ticked: bool):
        self.permission = ticked is True

    @rx.event
    async def publish(self):
        if not self.publishing:
            return  # a second click, after the first published it and closed the form
        self.publish_errors = {}
        before = self.publish_form.get("before_id", "")
        raw = {**self.publish_form, "permission": self.permission}
        if await self._run(
            photos.publish,
            self._signed_in_user(),
            self.publishing,
            whole_number(before),
            raw,
            done="Published on the website.",
        ):
            self.publishing = 0

    @rx.event
    async def unpublish(self, published_id: int):
        await self._run(
            photos.unpublish,
            self._signed_in_user(),
            whole(published_id),
            done="Taken off the website.",
        )

    @rx.event
    async def make_link(self, email: str):
        await self._run(
            project.make_link,
            str(email),
            self._signed_in_user(),
            done="The project page link is ready.",
        )

    @rx.event
    async def send_link(self, email: str):
        await self._run(
            project.make_link,
            str(email),
            self._signed_in_user(),
            True,
            done=f"The project page link was e-mailed to {email}.",
        )

    @rx.event
    async def revoke_link(self, email: str):
        await self._run(
            project.revoke_link,
            str(email),
            self._signed_in_user(),
            done="The link no longer opens the project page.",
        )
