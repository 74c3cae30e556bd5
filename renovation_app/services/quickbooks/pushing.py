"""The push queue's worker step: claim due `quickbooks_sync` rows with a lease, push each to
QuickBooks once, and write the result only while the lease is still ours.

Exactly once, across workers and restarts:
- a row is claimed by a compare-and-set UPDATE (state, lease holder and lease end), as the
  outbox claims a message, so two workers never push the same row at once;
- each push carries `requestid` = kind-id-version, so QuickBooks answers a repeat of the same
  request with its first answer instead of applying it again;
- a push whose outcome we did not learn (a timeout after QuickBooks took it, a worker that died
  holding the lease) marks the row uncertain, and the next try first looks the record up in
  QuickBooks by our number or the marker we put in it, and only creates it when it is absent.
Throttling (429) backs off without counting against the record; a 401 refreshes the token and
tries once more (client.call); a Fault leaves the record needing attention in QuickBooks' words.
"""

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from uuid import uuid4

from sqlalchemy import and_, case, or_, update
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import QuickBooksSync, SyncState, utc_now
from renovation_app.services.quickbooks import client, waking
from renovation_app.services.quickbooks.connection import QuickBooksAuthFailed, is_connected
from renovation_app.services.quickbooks.documents import BUILDERS, Document, WaitingFor
from renovation_app.services.quickbooks.mapping import NotMapped
from renovation_app.services.quickbooks.queueing import SyncKind
from renovation_app.services.rounds import until_woken
from renovation_app.settings import settings

log = logging.getLogger(__name__)

BATCH_SIZE = 20
MAX_ATTEMPTS = 8  # failures other than throttling before a record needs attention
WAITING_FOR_PARENT = timedelta(seconds=2)  # its customer (or job) is being pushed
# QuickBooks counts requests per company and minute: after a 429 the whole round stops, and
# the throttled record waits this long (or what Retry-After says).
THROTTLE_PAUSE = timedelta(seconds=60)
STALE_RETRIES = 3
DUPLICATE_SUFFIXES = 5
KIND_ORDER = case(
    {str(kind): i for i, kind in enumerate(SyncKind)}, value=QuickBooksSync.record_kind
)


def retry_delay(attempts: int) -> timedelta:
    """Exponential backoff: 10 s, 20 s, 40 s ... capped at one hour."""
    return timedelta(seconds=min(10 * 2 ** max(attempts - 1, 0), 3600))


def _is_due(now: datetime):
    """Waiting and past its backoff, or being pushed by a worker whose lease has run out."""
    return or_(
        and_(QuickBooksSync.state == SyncState.WAITING, QuickBooksSync.next_try_at <= now),
        and_(QuickBooksSync.state == SyncState.PUSHING, QuickBooksSync.claimed_until < now),
    )


def _claim(session, row_id: int, worker: str, now: datetime) -> QuickBooksSync | None:
    """Take one due row until now + QUICKBOOKS_CLAIM_SECONDS. A row whose last lease ran out
    was being pushed by a worker that stopped: what it sent may be in QuickBooks (uncertain)."""
    result = session.execute(
        update(QuickBooksSync)
        .where(QuickBooksSync.id == row_id, _is_due(now))
        .values(
            uncertain=or_(QuickBooksSync.uncertain, QuickBooksSync.state == SyncState.PUSHING),
            state=SyncState.PUSHING,
            claimed_by=worker,
            claimed_until=now + timedelta(seconds=settings.quickbooks_claim_seconds),
        )
    )
    session.commit()
    if result.rowcount != 1:
        return None
    row = session.get(QuickBooksSync, row_id, populate_existing=True)
    session.commit()  # no transaction held open while QuickBooks is asked
    return row


def _record(session, row_id: int, worker: str, **values) -> bool:
    """Write a result only while this worker's lease holds (compare-and-set)."""
    result = session.execute(
        update(QuickBooksSync)
        .where(
            QuickBooksSync.id == row_id,
            QuickBooksSync.state == SyncState.PUSHING,
            QuickBooksSync.claimed_by == worker,
        )
        .values(claimed_by="", claimed_until=None, **values)
    )
    session.commit()
    if result.rowcount != 1:
        log.warning("quickbooks sync %s: lease lost before the result was written", row_id)
    return result.rowcount == 1


@dataclass
class Pushed:
    quickbooks_id: str
    sync_token: str


def _found_again(document: Document) -> dict | None:
    """The record in QuickBooks after an uncertain push: the one with our document number
    (unique: invoices, refunds), else the one carrying our marker in its notes."""
    for record in client.query(document.entity, document.find_where):
        notes = record.get("PrivateNote") or record.get("Notes") or ""
        if document.by_number or document.marker in notes:
            return record
    return None


def _write(document: Document, body: dict, request_id: str, params: dict | None = None) -> dict:
    """One write; a customer whose name QuickBooks already has (6240) gets a suffix, since
    QuickBooks refuses two customers of one name and ours may well share one."""
    body, name = dict(body), body.get("DisplayName", "")
    for suffix in range(DUPLICATE_SUFFIXES + 1):
        try:
            own_id = request_id + (f"-n{suffix}" if suffix else "")
            return client.write(document.entity, body, own_id, params)
        except client.QuickBooksFault as fault:
            if fault.code != client.DUPLICATE_NAME or not name or suffix == DUPLICATE_SUFFIXES:
                raise
            body["DisplayName"] = f"{name[: 100 - 6]} ({suffix + 1})"
    raise AssertionError("unreachable")


def _update(document: Document, pushed: Pushed, request_id: str, void: bool = False) -> dict:
    """A sparse update of the same record with its SyncToken (or its void); a stale SyncToken
    (5010: the bookkeeper changed it meanwhile) reads it again and retries with the new one."""
    body, params = ({}, document.void_params) if void else (dict(document.body), None)
    for attempt in range(STALE_RETRIES):
        full = {**body, "Id": pushed.quickbooks_id, "SyncToken": pushed.sync_token, "sparse": True}
        try:
            return _write(document, full, request_id + (f"-s{attempt}" if attempt else ""), params)
        except client.QuickBooksFault as fault:
            if fault.code != client.STALE_SYNC_TOKEN or attempt == STALE_RETRIES - 1:
                raise
            current = client.read(document.entity, pushed.quickbooks_id)
            pushed = Pushed(current["Id"], current["SyncToken"])
    raise AssertionError("unreachable")


def push_document(row: QuickBooksSync, document: Document) -> Pushed:
    """Bring QuickBooks to this version of the record: create it (after looking for it when
    an earlier push was uncertain) or update it, then void it if ours is void."""
    request_id = f"{row.record_kind}-{row.record_id}-{row.version}"
    pushed = Pushed(row.quickbooks_id, row.sync_token) if row.quickbooks_id else None
    if pushed is None and row.uncertain:
        found = _found_again(document)
        pushed = Pushed(found["Id"], found["SyncToken"]) if found else None
    if pushed is None:
        record = _write(document, document.body, request_id)
    else:
        record = _update(document, pushed, request_id)
    pushed = Pushed(record["Id"], record["SyncToken"])
    if document.voided and not str(record.get("PrivateNote", "")).startswith("Voided"):
        record = _update(document, pushed, f"{request_id}-void", void=True)
        pushed = Pushed(record["Id"], record["SyncToken"])
    return pushed


def _pushed_values(row: QuickBooksSync, pushed: Pushed, now: datetime) -> dict:
    """The row after a push of its claimed version: in QuickBooks, unless a newer version was
    noted while it was pushed (then it waits for the next push, right away)."""
    newer = QuickBooksSync.version != row.version
    return dict(
        quickbooks_id=pushed.quickbooks_id,
        sync_token=pushed.sync_token,
        pushed_version=row.version,
        state=case((newer, SyncState.WAITING), else_=SyncState.IN_QUICKBOOKS),
        attempts=0,
        last_error="",
        uncertain=False,
        pushed_at=now,
        next_try_at=now,
    )


def _failed_values(row: QuickBooksSync, error: Exception, now: datetime) -> dict:
    """The row after a failed push: needing attention (a refusal, in QuickBooks' words), or
    waiting for its retry; an uncertain outcome is looked up before that retry."""
    attempts = row.attempts + 1
    words = str(error)[:1000]
    if isinstance(error, WaitingFor):
        return dict(state=SyncState.WAITING, next_try_at=now + WAITING_FOR_PARENT, last_error=words)
    if isinstance(error, client.Throttled):  # never counted: QuickBooks asked us to slow down
        pause = error.retry_after or THROTTLE_PAUSE
        return dict(state=SyncState.WAITING, next_try_at=now + pause, last_error=words)
    if isinstance(error, client.QuickBooksFault | NotMapped) or attempts >= MAX_ATTEMPTS:
        state = SyncState.NEEDS_ATTENTION
    else:
        state = SyncState.WAITING
    log.warning(
        "quickbooks %s %s: %s (attempt %s): %s",
        row.record_kind,
        row.record_id,
        state,
        attempts,
        words,
    )
    return dict(
        state=state,
        attempts=attempts,
        last_error=words,
        next_try_at=now + retry_delay(attempts),
        uncertain=row.uncertain or isinstance(error, client.Uncertain),
    )


class StopRound(Exception):
    """QuickBooks throttled a push, or Intuit refused to refresh the connection: the round
    stops (every other push would be refused the same way)."""


def _push_one(session, row_id: int, worker: str, clock) -> bool:
    """Claim, push and record one row; True when QuickBooks now holds its version. Raises
    StopRound after recording a 429 or a refresh Intuit refused."""
    row = _claim(session, row_id, worker, clock())
    if row is None:
        return False
    try:
        document = BUILDERS[SyncKind(row.record_kind)](session, row.record_id)
        session.commit()
        pushed = push_document(row, document)
    except client.NotConnected:  # disconnected meanwhile: put back, uncounted
        _record(session, row_id, worker, state=SyncState.WAITING)
        return False
    except QuickBooksAuthFailed as error:  # the admin must connect again: nothing goes till then
        _record(
            session,
            row_id,
            worker,
            state=SyncState.WAITING,
            last_error=str(error)[:1000],
            next_try_at=clock() + timedelta(hours=1),
        )
        raise StopRound from error
    except Exception as error:  # sorted by _failed_values: a refusal, a wait or a retry
        session.rollback()
        _record(session, row_id, worker, **_failed_values(row, error, clock()))
        if isinstance(error, client.Throttled):
            raise StopRound from error
        return False
    return _record(session, row_id, worker, **_pushed_values(row, pushed, clock()))


def push_due(now: datetime | None = None, batch: int = BATCH_SIZE, worker: str = "") -> int:
    """Push the records that are due (customers first, then jobs, invoices, payments and
    refunds); how many reached QuickBooks. Nothing while QuickBooks is not connected.
    `now` (for tests) pretends the clock reads `now` when the batch starts."""
    skew = now - utc_now() if now else timedelta(0)
    worker = worker or uuid4().hex

    def clock() -> datetime:
        return utc_now() + skew

    with db_session() as session:
        if not is_connected(session):
            return 0
        due_ids = session.exec(
            select(QuickBooksSync.id)
            .where(_is_due(clock()))
            .order_by(KIND_ORDER, QuickBooksSync.id)
            .limit(batch)
        ).all()
        session.commit()
        pushed = 0
        for row_id in due_ids:
            try:
                pushed += _push_one(session, row_id, worker, clock)
            except StopRound:
                break
        return pushed


async def quickbooks_worker(poll_seconds: float) -> None:
    """Reflex lifespan task: push what is due forever; a restart resumes from the table."""
    event = asyncio.Event()
    waking.listen(event, asyncio.get_running_loop())
    try:
        failed = "quickbooks worker round failed"
        await until_woken(event, push_due, BATCH_SIZE, poll_seconds, log, failed)
    finally:
        waking.stop_listening(event)
