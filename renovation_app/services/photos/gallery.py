"""A finished job's "after" photos on the website's gallery (with a "before" when staff pick
one): published with a caption, alt text and the customer's permission, taken off again. The
public copies are the photo's own variants (WebP, without location or camera tags) under a new
random name; unpublishing deletes them, so their addresses answer 404."""

import re
import secrets
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from renovation_app.content.galleries import gallery_by_slug
from renovation_app.db import db_session
from renovation_app.models import JobPhoto, JobStatus, PhotoStage, PublishedPhoto
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.files import StorageError, storage
from renovation_app.services.jobs.records import job_by_number
from renovation_app.services.photos.library import (
    Sizes,
    remove_files,
    sizes_of,
    src_width,
    variant_key,
    widths_of,
)
from renovation_app.services.staff import SignedInUser

FINISHED = (JobStatus.SUBSTANTIALLY_COMPLETE, JobStatus.CLOSED)
TEXT_MAX = 200
PUBLIC_PREFIX = "/gallery-photos/"
_PUBLIC_NAME = re.compile(r"^(before-)?\d{2,4}$")


def public_url(public_key: str, name: str) -> str:
    return f"{PUBLIC_PREFIX}{public_key}/{name}.webp"


def _checked(raw: dict) -> dict:
    errors = {}
    slug = str(raw.get("gallery") or "")
    if gallery_by_slug(slug) is None:
        errors["gallery"] = "Choose the gallery the pictures belong in."
    for name, what in (("caption", "a caption"), ("alt", "the alt text (what the picture shows)")):
        text = str(raw.get(name) or "").strip()
        if not text:
            errors[name] = f"Write {what}."
        elif len(text) > TEXT_MAX:
            errors[name] = f"At most {TEXT_MAX} characters."
    if raw.get("permission") is not True:
        errors["permission"] = "Tick that the customer agreed to show their job's pictures."
    if errors:
        raise FormInvalid(errors)
    return {"gallery": slug, "caption": str(raw["caption"]).strip(), "alt": str(raw["alt"]).strip()}


def _copy_public(pairs: list[tuple[JobPhoto, str]], public_key: str) -> list[str]:
    """Copy each photo's variants to public/<public_key>/ ("before-" for a before picture)."""
    store, written = storage(), []
    try:
        for photo, prefix in pairs:
            for width in widths_of(photo):
                content = store.get(variant_key(photo, width))
                if content is None:
                    raise StorageError("a variant of the photo is missing")
                name = f"public/{public_key}/{prefix}{width}.webp"
                store.put(name, content, "image/webp")
                written.append(name)
    except StorageError:
        remove_files(written)
        raise
    return written


def _photo(session, job_id: int, photo_id: object, stage: PhotoStage) -> JobPhoto:
    photo = session.get(JobPhoto, photo_id) if isinstance(photo_id, int) else None
    if photo is None or photo.job_id != job_id or photo.deleted_at or photo.stage != stage:
        raise ActionRefused(
            f"Choose an {stage.value} photo of this job."
            if stage == PhotoStage.AFTER
            else "The before picture must be a before photo of this job."
        )
    return photo


def publish(number: str, user: SignedInUser, photo_id: object, before_id: object, raw: dict):
    """Put an after photo of a finished job on the gallery; returns the published row's id."""
    fields = _checked(raw)
    with db_session() as session:
        job = job_by_number(session, number)
        if job is None:
            raise ActionRefused("There is no such job.")
        if job.status not in FINISHED:
            raise ActionRefused("Pictures go on the website once the job is finished.")
        photo = _photo(session, job.id, photo_id, PhotoStage.AFTER)
        before = _photo(session, job.id, before_id, PhotoStage.BEFORE) if before_id else None
        if session.exec(select(PublishedPhoto).where(PublishedPhoto.photo_id == photo.id)).first():
            raise ActionRefused("This photo is on the website already.")
        public_key = secrets.token_hex(16)
        pairs = [(photo, "")] + ([(before, "before-")] if before else [])
        written = _copy_public(pairs, public_key)
        try:
            row = PublishedPhoto(
                photo_id=photo.id,
                before_photo_id=before.id if before else None,
                gallery_slug=fields["gallery"],
                caption=fields["caption"],
                alt=fields["alt"],
                public_key=public_key,
                customer_permission=True,
                author_id=user.id,
            )
            session.add(row)
            session.flush()
            audit.record_staff_action(
                session,
                "photo.published",
                user,
                "job_photo",
                photo.id,
                f"{fields['gallery']}: {fields['caption']}",
            )
            session.commit()
        except IntegrityError:  # published from a second tab meanwhile
            remove_files(written)
            raise ActionRefused("This photo is on the website already.") from None
        except BaseException:
            remove_files(written)
            raise
        return row.id


def unpublish(number: str, user: SignedInUser, published_id: object) -> None:
    """Take a picture off the website: its row and its public files go."""
    with db_session() as session:
        job = job_by_number(session, number)
        row = session.get(PublishedPhoto, published_id) if isinstance(published_id, int) else None
        photo = session.get(JobPhoto, row.photo_id) if row else None
        if job is None or photo is None or photo.job_id != job.id:
            raise ActionRefused("That picture is not on the website: please reload the page.")
        names = _public_names(session, row)
        session.delete(row)
        audit.record_staff_action(
            session, "photo.unpublished", user, "job_photo", photo.id, row.gallery_slug
        )
        session.commit()
    remove_files(names)


def _public_names(session, row: PublishedPhoto) -> list[str]:
    names = [
        f"public/{row.public_key}/{w}.webp" for w in widths_of(session.get(JobPhoto, row.photo_id))
    ]
    if row.before_photo_id:
        before = session.get(JobPhoto, row.before_photo_id)
        names += [f"public/{row.public_key}/before-{w}.webp" for w in widths_of(before)]
    return names


def public_file(public_key: str, name: str) -> bytes | None:
    """A published picture's file, for anyone; None for anything not published now."""
    if not re.fullmatch(r"[0-9a-f]{32}", public_key) or not _PUBLIC_NAME.match(name):
        return None
    return storage().get(f"public/{public_key}/{name}.webp")


@dataclass(frozen=True)
class PublishedPicture(Sizes):
    """A published picture as the public pages draw it (never the job or the customer)."""

    id: int
    alt: str
    caption: str
    before_src: str  # "" without a before picture
    before_alt: str


def published_pictures(slug: str) -> list[PublishedPicture]:
    """The gallery's published job pictures, newest first."""
    with db_session() as session:
        rows = session.exec(
            select(PublishedPhoto, JobPhoto)
            .join(JobPhoto, JobPhoto.id == PublishedPhoto.photo_id)
            .where(PublishedPhoto.gallery_slug == slug)
            .order_by(PublishedPhoto.published_at.desc(), PublishedPhoto.id.desc())
        ).all()
        pictures = []
        for row, photo in rows:
            before = session.get(JobPhoto, row.before_photo_id) if row.before_photo_id else None
            sizes = sizes_of(photo, lambda width, key=row.public_key: public_url(key, str(width)))
            pictures.append(
                PublishedPicture(
                    **vars(sizes),
                    id=row.id,
                    alt=row.alt,
                    caption=row.caption,
                    before_src=public_url(row.public_key, f"before-{src_width(widths_of(before))}")
                    if before
                    else "",
                    before_alt=f"Before: {row.alt}" if before else "",
                )
            )
        return pictures
