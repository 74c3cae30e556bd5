"""How the app's background tasks (Reflex lifespan tasks) go round: a piece of work run in a
thread, forever, a failed round logged and tried again at the next one; either every few
seconds, or as soon as it is woken (`wake`) and at the latest after its poll."""

import asyncio
import logging
from collections.abc import Callable


async def every(
    seconds: float,
    work: Callable[[], object],
    log: logging.Logger,
    failed: str,
    first_wait: bool = True,
) -> None:
    """Run `work` every `seconds` (the first round after a wait, or at once without
    `first_wait`); a round that raises is logged as `failed` (the database or a remote service
    briefly away) and the next round tries again."""
    wait = first_wait
    while True:
        if wait:
            await asyncio.sleep(seconds)
        wait = True
        try:
            await asyncio.to_thread(work)
        except Exception:
            log.exception(failed)


async def until_woken(
    event: asyncio.Event,
    work: Callable[[], int],
    batch: int,
    poll_seconds: float,
    log: logging.Logger,
    failed: str,
    settle_seconds: float = 0,
) -> None:
    """Run `work` (how many it did, at most `batch`) again at once after a full batch, else when
    `event` is set (then after `settle_seconds`, so that a burst of wake-ups makes one round) or
    after `poll_seconds`; a round that raises is logged as `failed` and the next one tries again."""
    while True:
        event.clear()  # a wake-up from here on triggers another round
        try:
            if await asyncio.to_thread(work) >= batch:
                continue  # a full batch: there may be more due right now
        except Exception:  # the database may be briefly unavailable; try again next round
            log.exception(failed)
        try:
            await asyncio.wait_for(event.wait(), timeout=poll_seconds)
            if settle_seconds:
                await asyncio.sleep(settle_seconds)
        except TimeoutError:
            pass


def wake(loop: asyncio.AbstractEventLoop | None, event: asyncio.Event | None) -> None:
    """Set a worker's `event` on its `loop`, from any thread, so that it goes round now; nothing
    when no worker runs, or its loop has closed (shutdown: the next start does the work)."""
    if loop is None or event is None:
        return
    try:
        loop.call_soon_threadsafe(event.set)
    except RuntimeError:
        pass
