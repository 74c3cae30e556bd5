"""/today: the signed-in person's appointments today and tomorrow and their time clock. The
clock's taps go over plain HTTP from the page (components/react/time_clock.py); the page reads
the day again after each one is recorded."""

import asyncio
import logging

import reflex as rx

from renovation_app.services import time_clock
from renovation_app.services.billing.money import shown
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.services.schedule.on_my_way import send_on_my_way
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)


NOTHING_YET = shown(time_clock.TodayView(heading=""))  # every key there before the first load


class TodayState(StaffState):
    today: dict = NOTHING_YET  # time_clock.TodayView in words
    store_name: str = ""  # the phone's storage of this person's waiting taps
    error: str = ""
    on_my_way_said: dict[str, str] = {}  # appointment id -> what was texted, or why not

    @rx.event
    async def load(self):
        self.error = ""
        try:
            view = await asyncio.to_thread(time_clock.today_view, self._user_id)
        except Exception:
            log.exception("/today of user %s failed", self._user_id)
            self.today = NOTHING_YET
            self.error = "Today's work could not be read. Please reload the page."
            return
        self.today = shown(view)
        self.store_name = f"time-clock-taps-{self._user_id}"

    @rx.event
    async def on_my_way(self, form_data: dict):
        appointment_id = whole_number(form_data.get("appointment"))
        minutes = whole_number(form_data.get("minutes")) or 0
        if appointment_id is None:
            return
        try:
            said = await asyncio.to_thread(
                send_on_my_way, self._signed_in_user(), appointment_id, minutes
            )
        except ActionRefused as refused:
            said = refused.message
        self.on_my_way_said = {**self.on_my_way_said, str(appointment_id): said}
