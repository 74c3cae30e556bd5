"""Every page of one record named in its address (a job, an invoice, a customer's link...).

A tab keeps its states all day, so a page opened after another record's would start with the
other record's data. `RecordPage` reads the record from the address on every load, clears what
the page held first, and says so in words when the load fails; `components/record.py` draws the
record only once it is the one in the address. `RecordGuard` refuses any other event of such a
page while the page holds another address's record, so an action never lands on the wrong one.
"""

import functools
import logging
from enum import StrEnum
from typing import ClassVar

import reflex as rx
from reflex.middleware import Middleware
from reflex.state import BaseState, StateUpdate

from renovation_app.state.payments import path_part

log = logging.getLogger(__name__)


class RecordStatus(StrEnum):
    LOADING = ""  # nothing read yet for the address
    FOUND = "found"
    MISSING = "missing"  # the address names no such record
    FAILED = "failed"  # reading it failed: the server log has the record and the error
    STALE = "stale"  # an action arrived for another address's record: refused


class RecordPage(rx.State, mixin=True):
    """Mix in before the page's base state; implement `_read_record`."""

    record_path: str = ""  # the address whose record the page holds
    record_status: str = RecordStatus.LOADING.value

    # The path part that names the record (/jobs/<number>/costs: 1).
    record_part: ClassVar[int] = 1
    # The handlers that open the page (its on_load): they read the address themselves.
    opening_handlers: ClassVar[tuple[str, ...]] = ("load",)

    def _record_key(self) -> str:
        return path_part(self, self.record_part)

    async def _read_record(self, key: str) -> bool:
        """Fill the page with the record `key` names; False when there is no such record."""
        raise NotImplementedError

    async def _open_record(self) -> bool:
        """Forget the record held before, then read the address's; True when it was found."""
        path, key = self.router.url.path, self._record_key()
        self.reset()
        try:
            found = await self._read_record(key)
        except Exception:
            log.exception("%s: loading the record %r of %s failed", type(self).__name__, key, path)
            self.reset()  # nothing half-read stays either
            found, self.record_status = False, RecordStatus.FAILED.value
        else:
            self.record_status = (RecordStatus.FOUND if found else RecordStatus.MISSING).value
        self.record_path = path
        return found

    @rx.event
    async def load(self):
        await self._open_record()


def _states_under(cls: type[BaseState]) -> list[type[BaseState]]:
    return [cls, *(c for sub in cls.__subclasses__() for c in _states_under(sub))]


@functools.cache
def _record_pages() -> dict[str, type[BaseState]]:
    """Every RecordPage state by its full name (known once every page is imported)."""
    return {
        cls.get_full_name(): cls for cls in _states_under(rx.State) if issubclass(cls, RecordPage)
    }


def _record_page_class(event_name: str) -> type[BaseState] | None:
    """The RecordPage state an event is for, unless it opens the page (names are
    '<full state name>.<handler>')."""
    state_name, _, handler = event_name.rpartition(".")
    cls = _record_pages().get(state_name)
    if cls is None or handler in cls.opening_handlers:
        return None
    return cls


class RecordGuard(Middleware):
    """Refuses an event of a record page whose state holds another address's record (a tab
    that moved on, or a forged event): nothing is done and the page says why."""

    async def preprocess(self, app, state: BaseState, event) -> StateUpdate | None:
        cls = _record_page_class(event.name)
        if cls is None:
            return None
        page = await state.get_state(cls)
        if page.record_path == state.router.url.path:
            return None
        log.warning(
            "%s refused: the page holds %r, the address is %r",
            event.name,
            page.record_path,
            state.router.url.path,
        )
        page.record_status = RecordStatus.STALE.value
        delta = await state._get_resolved_delta()
        state._clean()
        return StateUpdate(delta=delta, events=[])
