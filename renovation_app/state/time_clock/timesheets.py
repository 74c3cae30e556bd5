"""/timesheets: a week's hours of everyone (admins) or one's own; /timesheets/<monday>/<person>:
one person's week, where an admin corrects an entry, adds time the clock missed and approves
the week. The browser sends words; the service checks every one and who may do it."""

import asyncio
import logging
from datetime import date, timedelta

import reflex as rx

from renovation_app import routes
from renovation_app.services import time_clock
from renovation_app.services.billing.money import shown
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.state.payments import path_part
from renovation_app.state.record import RecordPage
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)
ENTRY_FIELDS = ("started", "ended", "break_minutes", "reason", "job")


class TimesheetsState(StaffState):
    week: str = ""  # the Monday, "2026-11-23"
    heading: str = ""
    people: list[dict] = []
    previous_week: str = ""
    next_week: str = ""
    payroll_url: str = ""
    error: str = ""

    @rx.event
    async def load(self):
        monday = time_clock.monday_of(self.router.url.query_parameters.get("week"))
        self.week, self.heading = monday.isoformat(), f"Week of {monday:%a %b %-d, %Y}"
        self.previous_week = f"{routes.TIMESHEETS.path}?week={monday - timedelta(days=7)}"
        self.next_week = f"{routes.TIMESHEETS.path}?week={monday + timedelta(days=7)}"
        self.payroll_url = f"/api/exports/payroll.csv?week={monday}"
        self.error = ""
        try:
            rows = await asyncio.to_thread(time_clock.week_overview, self._signed_in_user(), monday)
        except Exception:
            log.exception("timesheets of the week of %s failed", monday)
            self.people, self.error = [], "The timesheets could not be read. Please reload."
            return
        self.people = shown(rows)


class TimesheetState(RecordPage, StaffState):
    sheet: dict = {}  # time_clock.WeekView in words
    editing: int = 0  # the entry whose values the form holds; 0: none
    form: dict[str, str] = {}
    adding: bool = False  # the form adds time the clock missed
    error: str = ""
    note: str = ""
    working: bool = False

    def _record_key(self) -> str:
        return path_part(self, 1) + "/" + path_part(self, 2)

    async def _read_record(self, key: str) -> bool:
        self._clear_form()
        return await self._show(key)

    async def _show(self, key: str = "") -> bool:
        week, _, person = (
            key or f"{self.sheet.get('monday')}/{self.sheet.get('user_id')}"
        ).partition("/")
        user_id = whole_number(person)
        try:
            monday = date.fromisoformat(week)
        except ValueError:
            return False
        if user_id is None or monday.weekday() != 0:
            return False
        view = await asyncio.to_thread(
            time_clock.week_view, self._signed_in_user(), user_id, monday
        )
        self.sheet = shown(view) if view else {}
        return view is not None

    def _clear_form(self) -> None:
        self.form = dict.fromkeys(ENTRY_FIELDS, "")
        self.editing, self.adding = 0, False

    @rx.event
    def edit(self, entry_id: int):
        row = next(
            (r for r in self.sheet.get("rows", []) if r["id"] == whole_number(entry_id)), None
        )
        if row is not None:
            self._clear_form()
            self.form.update(
                started=row["started_local"],
                ended=row["ended_local"],
                break_minutes=row["break_minutes"],
            )
            self.editing, self.error, self.note = row["id"], "", ""

    @rx.event
    def add_time(self):
        self._clear_form()
        self.adding, self.error, self.note = True, "", ""

    @rx.event
    def stop_editing(self):
        self._clear_form()

    @rx.event
    def set_field(self, name: str, value: str):
        if name in ENTRY_FIELDS and isinstance(value, str):
            self.form[name] = value

    async def _run(self, action, *args, done: str) -> None:
        if self.working or not self.sheet:
            return
        self.working, self.error, self.note = True, "", ""
        try:
            await asyncio.to_thread(action, self._signed_in_user(), *args)
        except ActionRefused as refused:
            self.error = str(refused)
        except Exception:
            log.exception("timesheet %s: %s failed", self.record_path, action.__name__)
            self.error = "That did not work. Please try again."
        else:
            self.note = done
            self._clear_form()
        finally:
            self.working = False
        await self._show()

    @rx.event
    async def save(self):
        if self.adding:
            await self._run(
                time_clock.add_entry, self.sheet["user_id"], dict(self.form), done="Time added."
            )
        elif self.editing:
            await self._run(
                time_clock.correct_entry, self.editing, dict(self.form), done="Entry corrected."
            )

    @rx.event
    async def approve(self):
        monday = date.fromisoformat(self.sheet.get("monday", ""))
        await self._run(
            time_clock.approve_week,
            self.sheet["user_id"],
            monday,
            done="Week approved: its hours are on the jobs' costs.",
        )
