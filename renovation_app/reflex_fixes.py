"""Workarounds for bugs in Reflex 0.10, each with what it cost us. Drop one when Reflex fixes it.

A cancelled lock attempt kept the lock (Redis state manager, the production stack):
Reflex cancels a page's hydration and on-load events when its websocket closes, as on the
full page load after a sign-in. When the cancellation lands while `SET key NX PX` is on its
way to Redis, the SET still takes the lock but nobody is left to release it, so the tab's
next event (the new page's hydration) waited the whole lock expiry, 10 s. Measured before the
fix: 2-3 sign-ins in 60 on three workers; a CI run lost the keys typed into a price field that
was still waiting for its tick.
"""

import asyncio
import functools
import logging

from reflex.istate.manager.redis import StateManagerRedis

log = logging.getLogger(__name__)

# Deletes the lock only while it still holds this attempt's id (it may have expired since).
RELEASE_IF_OURS = (
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"
)
_releases: set[asyncio.Task] = set()  # strong references until each release has run


async def _release_if_taken(manager: StateManagerRedis, attempt: asyncio.Future, key, lock_id):
    try:
        if not await attempt:
            return
        await manager.redis.eval(RELEASE_IF_OURS, 1, key, lock_id)
    except Exception:  # the lock then expires by itself, as before
        log.exception("could not give back a lock taken by a cancelled attempt: %s", key)
        return
    manager._notify_next_waiter(key)  # waiters in this worker; Redis tells the other workers
    log.info("gave back a lock taken by a cancelled attempt: %s", key)


def _cancel_safe(try_get_lock):
    @functools.wraps(try_get_lock)
    async def cancel_safe_try_get_lock(self: StateManagerRedis, lock_key: bytes, lock_id: bytes):
        attempt = asyncio.ensure_future(try_get_lock(self, lock_key, lock_id))
        try:
            return await asyncio.shield(attempt)
        except asyncio.CancelledError:
            release = asyncio.ensure_future(_release_if_taken(self, attempt, lock_key, lock_id))
            _releases.add(release)
            release.add_done_callback(_releases.discard)
            raise

    cancel_safe_try_get_lock.cancel_safe = True
    return cancel_safe_try_get_lock


def apply() -> None:
    if not getattr(StateManagerRedis._try_get_lock, "cancel_safe", False):
        StateManagerRedis._try_get_lock = _cancel_safe(StateManagerRedis._try_get_lock)
