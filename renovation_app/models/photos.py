"""A job's photos and daily log, the customer's project page links, and the job pictures
published on the website's gallery.

Photos are files in the storage (services/files/storage.py) under a random name (`key`): the
original, private, and its WebP variants, which carry no location or camera tag. A photo or a
note reaches the customer only when `shared`; a picture reaches the public only through a
PublishedPhoto, whose copies have their own random name."""

from datetime import date, datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class PhotoStage(StrEnum):
    BEFORE = "before"
    DURING = "during"
    AFTER = "after"


class JobNote(SQLModel, table=True):
    """One entry of a job's daily log: "Demolition done, subfloor replaced under the tub"."""

    __tablename__ = "job_note"

    id: int | None = Field(default=None, primary_key=True)
    job_id: int = Field(foreign_key="job.id", index=True)
    day: date
    text: str = Field(max_length=2000)
    shared: bool = False  # on the customer's project page
    # A lead-safe work practice this note records (content/compliance.py LEAD_SAFE_PRACTICES'
    # keys; "" for a plain note) and, for the cleaning verification, the card's result.
    practice: str = Field(default="", max_length=30)
    cleaning_result: str = Field(default="", max_length=20)
    # The uploader's key for this note: a send retried after a dropped connection makes one note.
    note_key: str = Field(unique=True, max_length=64)
    author_id: int = Field(foreign_key="user.id")
    created_at: datetime = Field(default_factory=utc_now)
    deleted_at: datetime | None = None


class JobPhoto(SQLModel, table=True):
    """One photo of a job. Its files: photos/<key>/original (as uploaded, office only) and
    photos/<key>/<width>.webp for each width in `widths`."""

    __tablename__ = "job_photo"

    id: int | None = Field(default=None, primary_key=True)
    job_id: int = Field(foreign_key="job.id", index=True)
    note_id: int | None = Field(default=None, foreign_key="job_note.id", index=True)
    stage: PhotoStage = Field(sa_type=sa.String(10))
    room: str = Field(default="", max_length=60)
    key: str = Field(unique=True, max_length=32)  # 128 random bits, in hex: no guessable names
    content_type: str = Field(max_length=20)  # of the original
    width: int  # upright
    height: int
    widths: str = Field(max_length=40)  # "480,960,1600": the variants kept
    # The uploader's key for this photo: a retried upload stores it once.
    upload_id: str = Field(unique=True, max_length=64)
    shared: bool = False
    author_id: int = Field(foreign_key="user.id")
    created_at: datetime = Field(default_factory=utc_now)
    deleted_at: datetime | None = None


class ProjectViewer(SQLModel, table=True):
    """One contact of a job's customer with their own project page link (CustomerLink of kind
    "project" on this row): revoking one person's link leaves the others'."""

    __tablename__ = "project_viewer"
    __table_args__ = (sa.UniqueConstraint("job_id", "email"),)

    id: int | None = Field(default=None, primary_key=True)
    job_id: int = Field(foreign_key="job.id", index=True)
    email: str = Field(max_length=254)
    created_at: datetime = Field(default_factory=utc_now)


class PublishedPhoto(SQLModel, table=True):
    """An "after" photo of a finished job on the public gallery (with its "before" when staff
    chose one). Its public copies are public/<public_key>/<width>.webp (and before-<width>.webp):
    a new random name each time it is published, so an unpublished picture's address stays
    dead. The customer's name and address are never part of it."""

    __tablename__ = "published_photo"
    __table_args__ = (sa.Index("ix_published_photo_gallery", "gallery_slug", "published_at"),)

    id: int | None = Field(default=None, primary_key=True)
    photo_id: int = Field(foreign_key="job_photo.id", unique=True)
    before_photo_id: int | None = Field(default=None, foreign_key="job_photo.id")
    gallery_slug: str = Field(max_length=40)
    caption: str = Field(max_length=200)
    alt: str = Field(max_length=200)
    public_key: str = Field(unique=True, max_length=32)
    customer_permission: bool  # the customer agreed to their job's pictures on the website
    author_id: int = Field(foreign_key="user.id")
    published_at: datetime = Field(default_factory=utc_now)
