"""A lock attempt cancelled while its SET is in flight gives the lock back (reflex_fixes.py).

Reflex's own StateManagerRedis runs here against a small in-memory Redis whose SET lands before
its reply arrives, as a real one does. With TEST_REDIS_URL (make prod-stack-test), the release
script is also run on the real Redis.
"""

import asyncio
import os
import uuid

import pytest
from reflex.istate.manager.redis import StateManagerRedis

from renovation_app import reflex_fixes
from tests.unit.test_staff_state import run  # its own loop: Playwright may hold this thread's

reflex_fixes.apply()


class SlowReplyRedis:
    """Applies SET NX at once and answers after a delay: a cancel then lands after the write."""

    def __init__(self):
        self.keys: dict[bytes, bytes] = {}
        self.write_landed = asyncio.Event()

    async def set(self, key, value, px=None, nx=False):
        taken = not (nx and key in self.keys)
        if taken:
            self.keys[key] = value
        self.write_landed.set()
        await asyncio.sleep(0.2)  # the reply on its way back
        return True if taken else None

    async def eval(self, script, numkeys, key, lock_id):
        assert script == reflex_fixes.RELEASE_IF_OURS
        if self.keys.get(key) == lock_id:  # what the script does, checked on Redis below
            del self.keys[key]
            return 1
        return 0


async def cancel_mid_set(manager: StateManagerRedis, key: bytes) -> None:
    attempt = asyncio.create_task(manager._try_get_lock(key, b"hydrate:1"))
    await manager.redis.write_landed.wait()
    attempt.cancel()
    with pytest.raises(asyncio.CancelledError):
        await attempt
    await asyncio.sleep(0.3)  # the reply arrives; the release runs


def new_manager() -> StateManagerRedis:
    """Made outside the event loop, so Reflex starts no keyspace subscriber on the fake."""
    return StateManagerRedis(redis=SlowReplyRedis())


def test_a_lock_taken_by_a_cancelled_attempt_is_given_back():
    manager = new_manager()

    async def scenario():
        await cancel_mid_set(manager, b"tab_lock")
        assert b"tab_lock" not in manager.redis.keys
        # The tab's next event (the new page's hydration) gets the lock at once.
        assert await manager._try_get_lock(b"tab_lock", b"hydrate:2") is True

    run(scenario())


def test_a_cancelled_attempt_leaves_a_lock_it_did_not_take():
    manager = new_manager()

    async def scenario():
        manager.redis.keys[b"tab_lock"] = b"event:held"
        await cancel_mid_set(manager, b"tab_lock")
        assert manager.redis.keys[b"tab_lock"] == b"event:held"

    run(scenario())


@pytest.mark.skipif(not os.environ.get("TEST_REDIS_URL"), reason="needs a Redis (prod stack)")
def test_the_release_script_deletes_only_its_own_lock_on_redis():
    import redis

    client = redis.Redis.from_url(os.environ["TEST_REDIS_URL"])
    key = f"test-{uuid.uuid4().hex}_lock".encode()
    client.set(key, b"theirs", px=10_000)
    assert client.eval(reflex_fixes.RELEASE_IF_OURS, 1, key, b"ours") == 0
    assert client.get(key) == b"theirs"
    client.set(key, b"ours", px=10_000)
    assert client.eval(reflex_fixes.RELEASE_IF_OURS, 1, key, b"ours") == 1
    assert client.get(key) is None
