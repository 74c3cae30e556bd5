"""/schedule: the calendar of visits, work days and appointments. Selecting a time opens the
form for a new appointment; clicking one opens it; dragging one moves it (on a phone, the form
moves it). Someone booked twice: the page names the clash and asks before saving. The browser
sends words and ids; the services check every one."""

import asyncio
import logging
from datetime import date, timedelta

import reflex as rx

from renovation_app import routes
from renovation_app.services.billing import business_today
from renovation_app.services.billing.money import shown
from renovation_app.services.errors import ActionRefused
from renovation_app.services.schedule import appointments, calendars
from renovation_app.services.schedule.week import get_schedule
from renovation_app.settings import settings
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)
FORM_FIELDS = ("kind", "title", "starts_at", "ends_at", "job_id", "address", "notes")


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(str(text)[:10])
    except ValueError:
        return None


def _local(iso: str) -> str:
    """An ISO time with its offset as a datetime-local input shows it: "2026-11-23T08:00"."""
    return str(iso)[:16]


class ScheduleState(StaffState):
    schedule: dict = {}  # week.Schedule
    first_day: str = ""
    days: int = 7
    editing: str = ""  # "" (closed), "new", or the appointment's id
    form: dict[str, str] = {}
    chosen: list[str] = []  # people keys ("u12", "s3")
    clash: str = ""  # someone booked elsewhere: these words need a confirmation
    pending_move: list[str] = []  # [id, start, end] of a drag waiting for the confirmation
    error: str = ""
    note: str = ""
    working: bool = False
    feed_url: str = ""  # shown once, when it is made

    @rx.event
    async def load(self):
        self.error, self.note, self.editing, self.clash, self.feed_url = "", "", "", "", ""
        monday = business_today() - timedelta(days=business_today().weekday())
        self.first_day, self.days = monday.isoformat(), 7
        await self._show()

    async def _show(self) -> None:
        first = _day(self.first_day) or business_today()
        self.schedule = shown(await asyncio.to_thread(get_schedule, first, self.days))

    @rx.event
    async def dates_change(self, start: str, end: str, _view: str):
        first, after = _day(start), _day(end)
        if first is None or after is None or not 0 < (after - first).days <= 42:
            return
        if (first.isoformat(), (after - first).days) != (self.first_day, self.days):
            self.first_day, self.days = first.isoformat(), (after - first).days
            await self._show()

    def _open(self, which: str, form: dict, chosen: list[str]) -> None:
        self.editing, self.clash, self.error, self.note = which, "", "", ""
        self.form = {**dict.fromkeys(FORM_FIELDS, ""), **form}
        self.chosen = chosen

    @rx.event
    def select_range(self, start: str, end: str):
        self._open("new", {"kind": "work_day", "starts_at": _local(start),
                           "ends_at": _local(end)}, [])  # fmt: skip

    @rx.event
    def new_appointment(self):
        morning = f"{business_today() + timedelta(days=1)}T08:00"
        self._open("new", {"kind": "estimate_visit", "starts_at": morning,
                           "ends_at": morning[:11] + "10:00"}, [])  # fmt: skip

    @rx.event
    def open_event(self, event_id: str):
        event = next((e for e in self.schedule.get("events", []) if e["id"] == str(event_id)), None)
        if event is None:
            return
        self._open(event["id"], {
            "kind": event["kind"], "title": event["title"], "starts_at": _local(event["start"]),
            "ends_at": _local(event["end"]), "job_id": str(event["job_id"] or ""),
            "address": event["address"],
            "notes": event["notes"],
        }, list(event["people"]))  # fmt: skip

    @rx.event
    def close(self):
        self.editing, self.clash, self.pending_move = "", "", []

    @rx.event
    def set_form(self, name: str, value: str):
        if name in FORM_FIELDS:
            self.form[name] = str(value)[:2000]

    @rx.event
    def toggle_person(self, key: str):
        key = str(key)[:12]
        self.chosen = (
            [k for k in self.chosen if k != key] if key in self.chosen else [*self.chosen, key]
        )

    def _raw(self) -> dict:
        job = self.form.get("job_id", "")
        return {
            **{name: self.form.get(name, "") for name in FORM_FIELDS},
            "job_id": int(job) if job.isdigit() else None,
            "user_ids": [int(k[1:]) for k in self.chosen if k[:1] == "u" and k[1:].isdigit()],
            "subcontractor_ids": [int(k[1:]) for k in self.chosen if k[:1] == "s" and k[1:].isdigit()],
        }  # fmt: skip

    async def _run(self, action, *args, done: str = "") -> bool:
        """Run the action; its note is `done`, or the words the action returns."""
        if self.working:
            return False
        self.working, self.error, self.note = True, "", ""
        try:
            result = await asyncio.to_thread(action, *args)
            self.note, self.clash = done or str(result), ""
            return True
        except appointments.ConflictNeedsConfirming as conflict:
            self.clash = conflict.words
        except ActionRefused as refused:
            self.error = str(refused)
        except Exception:
            log.exception("schedule: %s failed", action.__name__)
            self.error = "That did not work. Please try again."
        finally:
            self.working = False
            await self._show()
        return False

    @rx.event
    async def save(self):
        which = (
            None if self.editing == "new" else int(self.editing) if self.editing.isdigit() else None
        )
        if await self._run(appointments.save_appointment, self._raw(), self._signed_in_user(),
                           which, self.clash, done="Saved."):  # fmt: skip
            self.editing = ""

    @rx.event
    async def cancel_appointment(self):
        if self.editing.isdigit() and await self._run(
            appointments.cancel_appointment, int(self.editing), self._signed_in_user()
        ):
            self.editing = ""

    @rx.event
    async def move(self, event_id: str, start: str, end: str):
        event_id = str(event_id)
        if not event_id.isdigit():
            return
        self.pending_move = [event_id, str(start)[:40], str(end)[:40]]
        if await self._run(appointments.move_appointment, int(event_id), str(start)[:40],
                           str(end)[:40], self._signed_in_user(), done="Moved."):  # fmt: skip
            self.pending_move = []

    @rx.event
    async def confirm_move(self):
        if len(self.pending_move) == 3 and await self._run(
            appointments.move_appointment, int(self.pending_move[0]), self.pending_move[1],
            self.pending_move[2], self._signed_in_user(), self.clash, done="Moved.",
        ):  # fmt: skip
            self.pending_move = []

    @rx.event
    async def make_feed(self):
        token = await asyncio.to_thread(calendars.reset_feed, self._signed_in_user())
        self.feed_url = settings.url(f"{routes.CALENDAR_FEED_PREFIX}{token}.ics")
