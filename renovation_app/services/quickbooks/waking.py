"""Waking the push worker when something was queued, instead of waiting for its next poll."""

import asyncio

from renovation_app.services.rounds import wake

# The worker's wake-up event and the loop it runs on, set while quickbooks_worker runs.
_wakeup: asyncio.Event | None = None
_loop: asyncio.AbstractEventLoop | None = None


def listen(event: asyncio.Event, loop: asyncio.AbstractEventLoop) -> None:
    global _wakeup, _loop
    _wakeup, _loop = event, loop


def stop_listening(event: asyncio.Event) -> None:
    global _wakeup, _loop
    if _wakeup is event:
        _wakeup, _loop = None, None


def wake_quickbooks_worker() -> None:
    """Ask the worker to push now. Safe from any thread; nothing when no worker runs."""
    wake(_loop, _wakeup)
