"""A job's photos page as staff read it: the log's notes, the photos (newest first) with what is
shared and what is on the website, the customer's project links, and the gallery choices."""

from dataclasses import dataclass, field

from sqlmodel import select

from renovation_app import content as c
from renovation_app.content.compliance import CLEANING_RESULTS, needs_lead_safe_work
from renovation_app.db import db_session
from renovation_app.models import JobNote, JobPhoto, PhotoStage, PublishedPhoto
from renovation_app.services.jobs.lead_safe import PRACTICES
from renovation_app.services.jobs.records import job_by_number
from renovation_app.services.photos.gallery import FINISHED
from renovation_app.services.photos.library import widths_of
from renovation_app.services.photos.texted import TextPhoto, text_photos
from renovation_app.services.project.links import ViewerRow, viewer_rows
from renovation_app.services.schedule.times import day_words


@dataclass(frozen=True)
class PhotoRow:
    id: int
    stage: str
    shared: bool
    thumb: str
    full: str
    original: str
    published_id: int  # 0 when not on the website
    label: str  # "After, kitchen: photo 12"


@dataclass(frozen=True)
class NoteRow:
    id: int
    day: str
    text: str
    shared: bool
    photo_count: int
    practice: str = ""  # the lead-safe practice it records, in words; "" for a plain note
    result: str = ""  # the cleaning verification card's result, in words


@dataclass(frozen=True)
class PublishedRow:
    id: int
    photo_id: int
    gallery: str
    gallery_url: str
    caption: str
    thumb: str


@dataclass(frozen=True)
class JobPhotosPage:
    number: str
    title: str
    finished: bool  # pictures may go on the website
    lead_safe: bool = False  # a home built before 1978: a note may record a lead-safe practice
    photos: list[PhotoRow] = field(default_factory=list)
    notes: list[NoteRow] = field(default_factory=list)
    published: list[PublishedRow] = field(default_factory=list)
    viewers: list[ViewerRow] = field(default_factory=list)
    texted: list[TextPhoto] = field(default_factory=list)  # sent by the customer by text


def staff_photo_url(number: str, photo_id: int, name: str) -> str:
    return f"/jobs/{number}/photos/{photo_id}/{name}"


def _thumb(number: str, photo: JobPhoto) -> str:
    return staff_photo_url(number, photo.id, f"{widths_of(photo)[0]}.webp")


def _row(number: str, photo: JobPhoto, published_id: int) -> PhotoRow:
    widths = widths_of(photo)
    room = f", {photo.room}" if photo.room else ""
    return PhotoRow(
        id=photo.id,
        stage=PhotoStage(photo.stage).value,
        shared=photo.shared,
        thumb=_thumb(number, photo),
        full=staff_photo_url(number, photo.id, f"{widths[-1]}.webp"),
        original=staff_photo_url(number, photo.id, "original"),
        published_id=published_id,
        label=f"{PhotoStage(photo.stage).value.capitalize()}{room}: photo {photo.id}",
    )


def _note_row(note: JobNote, photo_count: int) -> NoteRow:
    practice = PRACTICES.get(note.practice)
    return NoteRow(
        note.id,
        day_words(note.day),
        note.text,
        note.shared,
        photo_count,
        practice=f"Lead-safe: {practice.label}" if practice else "",
        result=CLEANING_RESULTS.get(note.cleaning_result, ""),
    )


def job_photos(number: str) -> JobPhotosPage | None:
    with db_session() as session:
        job = job_by_number(session, number)
        if job is None:
            return None
        photos = session.exec(
            select(JobPhoto)
            .where(JobPhoto.job_id == job.id, JobPhoto.deleted_at.is_(None))
            .order_by(JobPhoto.created_at.desc(), JobPhoto.id.desc())
        ).all()
        notes = session.exec(
            select(JobNote)
            .where(JobNote.job_id == job.id, JobNote.deleted_at.is_(None))
            .order_by(JobNote.day.desc(), JobNote.id.desc())
        ).all()
        by_id = {p.id: p for p in photos}
        published = session.exec(
            select(PublishedPhoto).where(PublishedPhoto.photo_id.in_(list(by_id) or [0]))
        ).all()
        on_site = {p.photo_id: p.id for p in published}
        counts: dict[int, int] = {}
        for photo in photos:
            if photo.note_id:
                counts[photo.note_id] = counts.get(photo.note_id, 0) + 1
        galleries = {g.slug: g for g in c.GALLERIES}
        return JobPhotosPage(
            number=job.number,
            title=job.title,
            finished=job.status in FINISHED,
            photos=[_row(job.number, p, on_site.get(p.id, 0)) for p in photos],
            notes=[_note_row(n, counts.get(n.id, 0)) for n in notes],
            lead_safe=needs_lead_safe_work(job.year_built),
            published=[
                PublishedRow(
                    p.id,
                    p.photo_id,
                    galleries[p.gallery_slug].title,
                    galleries[p.gallery_slug].url,
                    p.caption,
                    _thumb(job.number, by_id[p.photo_id]),
                )
                for p in published
                if p.gallery_slug in galleries
            ],
            viewers=viewer_rows(session, job),
            texted=text_photos(session, job.id, job.number),
        )
