"""Open online bookings per contact. A booked visit holds its window, so a few addresses could
hold every window of the weeks ahead; each e-mail, phone and home address may hold at most
OPEN_BOOKINGS_EACH visits booked online that are still to come, and the dashboard names who
holds that many."""

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.models import Appointment, AppointmentStatus
from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import lock_key

OPEN_BOOKINGS_EACH = 2
TOO_MANY = (
    f"You already have {OPEN_BOOKINGS_EACH} visits booked with us. To book another, please call "
    f"us at {BUSINESS.phone_display}; to move one, use the link in its confirmation e-mail."
)
# Ways of writing the same address ("12 Court Street, Apt 4" and "12 court st #4").
_ABBREVIATIONS = {
    "street": "st",
    "avenue": "ave",
    "road": "rd",
    "boulevard": "blvd",
    "place": "pl",
    "floor": "fl",
    "apartment": "",
    "apt": "",
    "unit": "",
}
# The field of a visit that shows each kind of key as it was typed.
_AS_TYPED = {"email": "contact_email", "phone": "contact_phone", "address": "address"}


class TooManyBookings(ActionRefused):
    def __init__(self) -> None:
        super().__init__(TOO_MANY)


def _address_key(address: str) -> str:
    words = (_ABBREVIATIONS.get(word, word) for word in re.findall(r"[a-z0-9]+", address.lower()))
    return " ".join(word for word in words if word)


def contact_keys(email: str, phone: str, address: str) -> dict[str, str]:
    """What makes two bookings one person's: the e-mail in lower case, the phone's digits (a US
    number without its leading 1), the address's words; empty ones are left out."""
    digits = re.sub(r"\D", "", phone)
    digits = digits[1:] if len(digits) == 11 and digits.startswith("1") else digits
    keys = {"email": email.strip().lower(), "phone": digits, "address": _address_key(address)}
    return {kind: key for kind, key in keys.items() if key}


def _keys_of(visit: Appointment) -> dict[str, str]:
    return contact_keys(visit.contact_email, visit.contact_phone, visit.address)


def _open_online_visits(session: Session, now: datetime) -> list[Appointment]:
    return list(
        session.exec(
            select(Appointment)
            .where(
                Appointment.booked_online,
                Appointment.status == AppointmentStatus.SCHEDULED,
                Appointment.starts_at > now,
            )
            .order_by(Appointment.starts_at)
        )
    )


def refuse_one_too_many(session: Session, email: str, phone: str, address: str, now: datetime):
    """TooManyBookings when the e-mail, the phone or the address already holds its share of
    open online bookings. Holds one lock until the caller's transaction ends, so two bookings
    at once are counted one after the other."""
    lock_key(session, "online-bookings", now)
    mine = contact_keys(email, phone, address)
    held: dict[str, int] = defaultdict(int)
    for visit in _open_online_visits(session, now):
        for kind, key in _keys_of(visit).items():
            if mine.get(kind) == key:
                held[kind] += 1
    if any(count >= OPEN_BOOKINGS_EACH for count in held.values()):
        raise TooManyBookings()


@dataclass(frozen=True)
class HeavyBooker:
    who: str  # the e-mail, phone or address as typed (those that hold the same visits, joined)
    starts: list[datetime]  # of their open visits, soonest first


def heavy_bookers(session: Session, now: datetime) -> list[HeavyBooker]:
    """Every e-mail, phone and address that holds OPEN_BOOKINGS_EACH or more open online
    bookings; the ones holding the same visits (one person's e-mail and phone) are one row."""
    by_key: dict[tuple[str, str], list[Appointment]] = defaultdict(list)
    for visit in _open_online_visits(session, now):
        for kind, key in _keys_of(visit).items():
            by_key[(kind, key)].append(visit)
    rows: dict[tuple[int, ...], HeavyBooker] = {}
    for (kind, _key), visits in by_key.items():
        if len(visits) < OPEN_BOOKINGS_EACH:
            continue
        ids, typed = tuple(v.id for v in visits), getattr(visits[0], _AS_TYPED[kind])
        row = rows.get(ids)
        who = f"{row.who} · {typed}" if row else typed
        starts = [
            v.starts_at if v.starts_at.tzinfo else v.starts_at.replace(tzinfo=UTC) for v in visits
        ]
        rows[ids] = HeavyBooker(who, starts)
    return list(rows.values())
