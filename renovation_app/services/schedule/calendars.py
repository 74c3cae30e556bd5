"""Calendars as files (iCalendar, RFC 5545, by the `icalendar` package): the .ics of one
appointment (a booked visit's confirmation) and each person's private feed, which a phone's
calendar subscribes to by its secret address. A feed shows its own person's appointments and
nothing of anyone else's; resetting it stops the old address at once, and a feed of an account
that is not active answers nothing (services/staff/feeds ends it on deactivation as well)."""

import secrets
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

from icalendar import Calendar, Event
from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.db import db_session
from renovation_app.models import (
    Appointment,
    AppointmentPerson,
    AppointmentStatus,
    CalendarFeed,
    Job,
    User,
    utc_now,
)
from renovation_app.services import audit
from renovation_app.services.links import hash_token
from renovation_app.services.schedule.times import day_words, new_york, span_words
from renovation_app.services.staff import SignedInUser, feeds
from renovation_app.settings import settings

FEED_PAST = timedelta(days=60)
FEED_AHEAD = timedelta(days=400)
TOKEN_MAX = 64


def _calendar(name: str) -> Calendar:
    calendar = Calendar()
    calendar.add("prodid", f"-//{BUSINESS.name}//Schedule//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", "America/New_York")
    return calendar


def appointment_event(appointment: Appointment, job_number: str = "") -> Event:
    """One appointment as an event: its instants in UTC (every calendar shows them in its own
    zone), its version as SEQUENCE so a moved visit replaces the old one, and its New York
    hours in words (with EDT/EST in the hour that happens twice) for whoever reads it."""
    event = Event()
    host = urlsplit(settings.site_url).hostname or "localhost"
    event.add("uid", f"appointment-{appointment.id}@{host}")
    event.add("dtstamp", utc_now())
    event.add("dtstart", _utc(appointment.starts_at))
    event.add("dtend", _utc(appointment.ends_at))
    event.add("description", new_york_hours(appointment))
    event.add("summary", appointment.title + (f" ({job_number})" if job_number else ""))
    event.add("sequence", appointment.version)
    if appointment.address:
        event.add("location", appointment.address)
    if appointment.status == AppointmentStatus.CANCELLED:
        event.add("status", "CANCELLED")
    return event


def new_york_hours(appointment: Appointment) -> str:
    """ "Sunday, November 7, 1:30 am EST - 2:30 am (New York time)"."""
    starts, ends = _utc(appointment.starts_at), _utc(appointment.ends_at)
    return f"{day_words(new_york(starts))}, {span_words(starts, ends)} (New York time)"


def _utc(instant: datetime) -> datetime:
    return instant if instant.tzinfo else instant.replace(tzinfo=UTC)  # SQLite: naive UTC


def appointment_ics(appointment: Appointment, name: str = "") -> bytes:
    calendar = _calendar(name or BUSINESS.name)
    calendar.add("method", "PUBLISH")
    calendar.add_component(appointment_event(appointment))
    return calendar.to_ical()


def reset_feed(user: SignedInUser) -> str:
    """A new secret feed address for the signed-in person; the old one stops. Returns the
    token (stored nowhere: only its hash)."""
    token = secrets.token_urlsafe(32)
    with db_session() as session:
        feeds.end_feeds(session, user.id)
        session.add(CalendarFeed(user_id=user.id, token_hash=hash_token(token)))
        audit.record(
            session,
            "calendar.feed_reset",
            user_id=user.id,
            record_kind="user",
            record_id=user.email,
        )
        session.commit()
    return token


def _feed_user(session: Session, token: object) -> int | None:
    if not isinstance(token, str) or not token or len(token) > TOKEN_MAX or not token.isascii():
        return None
    # Checked on every read, not only at deactivation: an inactive account's feed never answers.
    return session.exec(
        select(CalendarFeed.user_id)
        .join(User, User.id == CalendarFeed.user_id)
        .where(
            CalendarFeed.token_hash == hash_token(token),
            CalendarFeed.revoked_at.is_(None),
            User.active,
        )
    ).first()


def person_feed(token: object, now: datetime | None = None) -> bytes | None:
    """The feed of the person whose live token this is; None for any other token."""
    now = now or utc_now()
    with db_session() as session:
        user_id = _feed_user(session, token)
        if user_id is None:
            return None
        rows = session.exec(
            select(Appointment, Job.number)
            .join(AppointmentPerson, AppointmentPerson.appointment_id == Appointment.id)
            .join(Job, Job.id == Appointment.job_id, isouter=True)
            .where(
                AppointmentPerson.user_id == user_id,
                Appointment.ends_at > now - FEED_PAST,
                Appointment.starts_at < now + FEED_AHEAD,
            )
            .order_by(Appointment.starts_at)
        ).all()
        calendar = _calendar(f"{BUSINESS.name}: my schedule")
        for appointment, job_number in rows:
            calendar.add_component(appointment_event(appointment, job_number or ""))
        return calendar.to_ical()
