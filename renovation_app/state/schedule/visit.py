"""/visit/<token>: the visitor's visit booked online, signed out: move it to another free
window or cancel it. The token is read from the page's address on each event, never kept."""

import asyncio
import dataclasses
import logging

import reflex as rx

from renovation_app.services.errors import ActionRefused
from renovation_app.services.schedule import visits
from renovation_app.services.schedule.booking import WindowTaken
from renovation_app.state.payments import path_part
from renovation_app.state.record import RecordPage

log = logging.getLogger(__name__)


class VisitLinkState(RecordPage, rx.State):
    visit: dict = {}  # visits.VisitPage
    chosen: str = ""
    cancelling: bool = False
    problem: str = ""
    note: str = ""
    working: bool = False

    async def _read(self) -> None:
        page = await asyncio.to_thread(visits.read_visit, path_part(self, 1))
        self.visit = dataclasses.asdict(page) if page else {}

    async def _read_record(self, key: str) -> bool:
        await self._read()
        return bool(self.visit)

    @rx.event
    def choose(self, key: str):
        self.chosen = str(key)[:40]

    @rx.event
    def ask_cancel(self):
        self.cancelling = True

    async def _do(self, action, *args, done: str) -> None:
        if self.working:
            return
        self.working, self.problem, self.note = True, "", ""
        try:
            await asyncio.to_thread(action, path_part(self, 1), *args)
            self.note = done
        except WindowTaken as taken:
            self.problem = str(taken)
        except ActionRefused as refused:
            self.problem = str(refused)
        except Exception:
            log.exception("visit link: %s failed", action.__name__)
            self.problem = "That did not work. Please try again, or call us."
        finally:
            self.working, self.chosen, self.cancelling = False, "", False
        await self._read()

    @rx.event
    async def move(self):
        if self.chosen:
            await self._do(
                visits.move_visit, self.chosen, done="Moved. We e-mailed you the new time."
            )

    @rx.event
    async def cancel(self):
        await self._do(visits.cancel_visit, done="Your visit is cancelled.")
