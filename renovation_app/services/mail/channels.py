"""How the outbox's messages leave, one sender per channel: e-mails through Resend
(resend_channel.py), texts through Twilio (services/texts registers them). The outbox's claim,
result and retries are the same for every channel; a sender says how to send, how to read a
failure, whether it is configured and when a message may go."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from renovation_app.models import Channel, OutboxAttachment, OutboxEmail


@dataclass(frozen=True)
class Verdict:
    """What a failed send means: refused for good, or tried again (after `delay`)."""

    permanent: bool  # True: never retried (status failed at once)
    delay: timedelta | None = None  # None: the normal exponential backoff


@dataclass(frozen=True)
class ChannelSender:
    """How one channel's messages leave: `send(row, attachments, earlier_try)` hands one to
    the provider and returns its id (raising on any failure; `earlier_try` says a worker had
    claimed it before, so it may already be there), `classify` sorts a failure, `is_on` says
    whether the channel is configured and `not_before(now)` when it may next go, if not now."""

    send: Callable[[OutboxEmail, list[OutboxAttachment], bool], str]
    classify: Callable[[Exception, datetime], Verdict]
    is_on: Callable[[], bool]
    not_before: Callable[[datetime], datetime | None] = lambda now: None


_SENDERS: dict[str, ChannelSender] = {}


def register_channel(channel: Channel, sender: ChannelSender) -> None:
    """Let the worker deliver a channel's rows."""
    _SENDERS[channel] = sender


def sender_of(channel: str) -> ChannelSender:
    return _SENDERS[channel]


def live_channels() -> list[str]:
    """The channels that are configured (their rows are delivered)."""
    return [name for name, sender in _SENDERS.items() if sender.is_on()]
