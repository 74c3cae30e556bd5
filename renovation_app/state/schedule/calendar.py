"""/schedule: the calendar of visits, work days and appointments. Selecting a time opens the
form for a new appointment; clicking one opens it; dragging one moves it (on a phone, the form
moves it). Someone booked twice: the page names the clash and asks before saving. A time New
York's clock shows twice (1:30 am on November's Sunday) is chosen as the first or the second.
Each load opens at today (or the day the address names, `?day=2027-11-07`), whatever span the
tab looked at before. The browser sends words and ids; the services check every one."""

import asyncio
import logging
from datetime import date, timedelta

import reflex as rx

from renovation_app import routes
from renovation_app.services.billing import business_today
from renovation_app.services.billing.money import shown
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.services.schedule import appointments, calendars, times
from renovation_app.services.schedule.week import get_schedule
from renovation_app.settings import settings
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)
# starts_fold and ends_fold: "1" is the second of a time New York's clock shows twice.
FORM_FIELDS = (
    "kind",
    "title",
    "starts_at",
    "starts_fold",
    "ends_at",
    "ends_fold",
    "job_id",
    "address",
    "notes",
)
FIRST_OF_A_REPEATED_TIME = {"starts_fold": "0", "ends_fold": "0"}


def _chosen_ids(chosen: list[str], prefix: str) -> list[int]:
    """The ids of the chosen people of one kind ("u12": user 12, "s3": subcontractor 3)."""
    ids = (whole_number(key[1:]) for key in chosen if key[:1] == prefix)
    return [found for found in ids if found is not None]


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(str(text)[:10])
    except ValueError:
        return None


def _asked_day(text: str) -> date | None:
    """The day the address names (`?day=2027-11-07`), when it is a day the calendar can show."""
    day = _day(text)
    return day if day is not None and 2000 <= day.year <= 2100 else None


def _times(start: str, end: str) -> dict[str, str]:
    """The form's times from the calendar's ISO ones: wall times, and which of a repeated hour."""
    (starts_at, starts_fold), (ends_at, ends_fold) = times.form_time(start), times.form_time(end)
    return {
        "starts_at": starts_at,
        "starts_fold": str(starts_fold),
        "ends_at": ends_at,
        "ends_fold": str(ends_fold),
    }


class ScheduleState(StaffState):
    schedule: dict = {}  # week.Schedule
    first_day: str = ""
    days: int = 7
    # The day the calendar goes to, set by each load only: the calendar follows it when it
    # changes, so a tab that looked at another span before opens at today again.
    opens_at: str = ""
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
        asked = self.router.url.query_parameters.get("day", "")
        day = _asked_day(asked) or business_today()
        self.opens_at = day.isoformat()
        self.first_day, self.days = times.week_of(day).isoformat(), 7
        await self._show()

    @rx.var(cache=True)
    def starts_choices(self) -> list[dict[str, str]]:
        """The first and the second of a start time that happens twice; [] for any other."""
        return times.repeated_time_choices(self.form.get("starts_at", ""))

    @rx.var(cache=True)
    def ends_choices(self) -> list[dict[str, str]]:
        return times.repeated_time_choices(self.form.get("ends_at", ""))

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
        self.form = {**dict.fromkeys(FORM_FIELDS, ""), **FIRST_OF_A_REPEATED_TIME, **form}
        self.chosen = chosen

    @rx.event
    def select_range(self, start: str, end: str):
        self._open("new", {"kind": "work_day", **_times(start, end)}, [])

    @rx.event
    def new_appointment(self):
        morning = f"{business_today() + timedelta(days=1)}T08:00"
        self._open(
            "new",
            {"kind": "estimate_visit", "starts_at": morning, "ends_at": morning[:11] + "10:00"},
            [],
        )

    @rx.event
    def open_event(self, event_id: str):
        event = next((e for e in self.schedule.get("events", []) if e["id"] == str(event_id)), None)
        if event is None:
            return
        form = {
            "kind": event["kind"],
            "title": event["title"],
            **_times(event["start"], event["end"]),
            "job_id": str(event["job_id"] or ""),
            "address": event["address"],
            "notes": event["notes"],
        }
        self._open(event["id"], form, list(event["people"]))

    @rx.event
    def close(self):
        self.editing, self.clash, self.pending_move = "", "", []

    @rx.event
    def set_form(self, name: str, value: str):
        if name in FORM_FIELDS:
            self.form[name] = str(value)[:2000]
        if name == "starts_fold":
            # An end in the same repeated hour is on the same side of the change (it may be
            # chosen apart after).
            self.form["ends_fold"] = self.form["starts_fold"]

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
            "job_id": whole_number(job),
            "user_ids": _chosen_ids(self.chosen, "u"),
            "subcontractor_ids": _chosen_ids(self.chosen, "s"),
        }

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
        which = whole_number(self.editing)  # None for "new"
        if await self._run(
            appointments.save_appointment,
            self._raw(),
            self._signed_in_user(),
            which,
            self.clash,
            done="Saved.",
        ):
            self.editing = ""

    @rx.event
    async def cancel_appointment(self):
        which = whole_number(self.editing)
        if which is not None and await self._run(
            appointments.cancel_appointment, which, self._signed_in_user()
        ):
            self.editing = ""

    @rx.event
    async def move(self, event_id: str, start: str, end: str):
        appointment_id = whole_number(str(event_id))
        if appointment_id is None:
            return
        self.pending_move = [str(appointment_id), str(start)[:40], str(end)[:40]]
        if await self._run(
            appointments.move_appointment,
            appointment_id,
            str(start)[:40],
            str(end)[:40],
            self._signed_in_user(),
            done="Moved.",
        ):
            self.pending_move = []

    @rx.event
    async def confirm_move(self):
        if len(self.pending_move) == 3 and await self._run(
            appointments.move_appointment,
            int(self.pending_move[0]),
            self.pending_move[1],
            self.pending_move[2],
            self._signed_in_user(),
            self.clash,
            done="Moved.",
        ):
            self.pending_move = []

    @rx.event
    async def make_feed(self):
        token = await asyncio.to_thread(calendars.reset_feed, self._signed_in_user())
        self.feed_url = settings.url(f"{routes.CALENDAR_FEED_PREFIX}{token}.ics")
