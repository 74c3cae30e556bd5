"""A free estimate visit booked from the website. The visitor's words are checked as the
contact form checks them (and share its limit per client); the window must be one of the free
ones; the visit, its enquiry and both e-mails are one transaction, and the window's start is
unique in `visit_window`, so of many visitors booking the same window at once exactly one gets
it: the others are told at once, with the next free windows. One e-mail, phone or address holds
only a few open bookings (open_bookings.py)."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import IntegrityError

from renovation_app.content import BUSINESS
from renovation_app.db import write_session
from renovation_app.models import (
    Appointment,
    AppointmentKind,
    ConsentSource,
    CustomerLinkKind,
    Enquiry,
    VisitWindow,
    utc_now,
)
from renovation_app.services import links, mail, texts
from renovation_app.services.enquiries.mail import enquiry_notification
from renovation_app.services.enquiries.submission import (
    EnquiryForm,
    store_enquiry,
    validate_enquiry,
    wants_texts,
)
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.fields import check_text, is_blank, text_of
from renovation_app.services.schedule.calendars import appointment_ics
from renovation_app.services.schedule.open_bookings import refuse_one_too_many
from renovation_app.services.schedule.times import clock_words
from renovation_app.services.schedule.windows import Window, free_windows

ADDRESS_MAX = 300
TAKEN = "That window was just taken. Please choose another:"
NEXT_SHOWN = 6


@dataclass(frozen=True)
class BookingForm:
    enquiry: EnquiryForm
    address: str
    window: str  # the window's start as sent back (Window.key)
    texts_ok: bool = False  # the visitor ticked "text me about this visit"


class WindowTaken(ActionRefused):
    """The window is no longer free; `windows` are the next free ones."""

    def __init__(self, windows: list[Window]) -> None:
        super().__init__(TAKEN)
        self.windows = windows


def validate_booking(raw: Mapping[str, object]) -> BookingForm:
    errors: dict[str, str] = {}
    try:
        enquiry = validate_enquiry({**raw, "service": raw.get("service") or "other"})
    except FormInvalid as invalid:
        errors.update(invalid.errors)
        enquiry = None
    address = check_text(errors, "address", text_of(raw, "address"), ADDRESS_MAX)
    if "address" not in errors and is_blank(address):
        errors["address"] = "Please give the address where the work is."
    texts_ok = False
    try:
        texts_ok = wants_texts(raw, enquiry.phone) if enquiry else False
    except FormInvalid as no_mobile:
        errors.update(no_mobile.errors)
    window = raw.get("window")
    if not isinstance(window, str) or not window or len(window) > 40:
        errors["window"] = "Please choose a window for the visit."
    if errors:
        raise FormInvalid(errors)
    return BookingForm(enquiry, " ".join(address.split()), window, texts_ok)


def confirmation(appointment: Appointment, token: str):
    ics = mail.Attachment("estimate-visit.ics", "text/calendar", appointment_ics(appointment))
    return mail.build_email(
        mail.EmailKind.VISIT_BOOKED,
        mail.one_line(appointment.contact_email),
        reply_to=BUSINESS.email,
        attachments=(ics,),
        when=clock_words(appointment.starts_at),
        link_url=links.link_url(CustomerLinkKind.VISIT, token),
    )


def _text_confirmation(session, form: BookingForm, appointment: Appointment, token: str) -> None:
    """With the visitor's ticked yes: the yes recorded (source: booking), the confirmation
    texted too (the e-mail still goes)."""
    phone = appointment.contact_phone
    if not form.texts_ok or not phone:
        return
    texts.record_consent(session, phone, True, ConsentSource.BOOKING, appointment.customer_id)
    when = clock_words(appointment.starts_at)
    words = f"your estimate visit is booked for {when}. Details or changes:"
    url = links.link_url(CustomerLinkKind.VISIT, token)
    about = (mail.About.APPOINTMENT, appointment.id)
    kind = mail.EmailKind.VISIT_BOOKED
    texts.text_link(session, phone, words, url, kind, about, appointment.customer_id)


def _visit(form: BookingForm, enquiry: Enquiry, window: Window, now: datetime) -> Appointment:
    """The estimate visit of a booking, for the enquiry it made."""
    return Appointment(
        kind=AppointmentKind.ESTIMATE_VISIT,
        title=f"Estimate visit: {enquiry.name}"[:100],
        starts_at=window.starts_at,
        ends_at=window.ends_at,
        customer_id=enquiry.customer_id,
        enquiry_id=enquiry.id,
        contact_name=enquiry.name,
        contact_email=enquiry.email,
        contact_phone=enquiry.phone,
        address=form.address,
        notes=enquiry.message,
        booked_online=True,
        created_at=now,
    )


def book_visit(
    form: BookingForm, client_ip: str, honeypot: str = "", now: datetime | None = None
) -> Appointment | None:
    """Book the window for the visitor; None for a bot caught by the honeypot (its enquiry is
    kept as spam, nothing is booked). WindowTaken when the window is not free (any more),
    TooManyBookings when the visitor's e-mail, phone or address holds enough open ones."""
    now = now or utc_now()
    with write_session() as session:
        free = free_windows(session, now)
        window = next((w for w in free if w.key == form.window), None)
        if window is None:
            raise WindowTaken(free[:NEXT_SHOWN])
        enquiry = form.enquiry
        refuse_one_too_many(session, enquiry.email, enquiry.phone, form.address, now)
        enquiry = store_enquiry(session, form.enquiry, client_ip, honeypot, now)
        if enquiry.is_spam:
            session.commit()
            return None
        appointment = _visit(form, enquiry, window, now)
        session.add(appointment)
        session.flush()
        session.add(VisitWindow(starts_at=window.starts_at, appointment_id=appointment.id))
        try:
            session.flush()  # the window's start is unique: a second booking stops here
        except IntegrityError:
            session.rollback()
            raise WindowTaken(
                [w for w in free_windows(session, now) if w.key != form.window][:NEXT_SHOWN]
            ) from None
        token = links.issue_link(session, CustomerLinkKind.VISIT, appointment.id)
        mail.queue_email(
            session,
            enquiry_notification(enquiry),
            about_kind=mail.About.ENQUIRY,
            about_id=enquiry.id,
        )
        mail.queue_email(
            session,
            confirmation(appointment, token),
            about_kind=mail.About.APPOINTMENT,
            about_id=appointment.id,
        )
        _text_confirmation(session, form, appointment, token)
        session.commit()
    mail.wake_outbox_worker()
    return appointment
