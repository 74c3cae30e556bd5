"""photos: a job's photos and daily log, project page viewers, pictures published on the gallery

Revision ID: i1photos
Revises: h1schedule
Create Date: 2026-11-27

New tables (models/photos.py): job_note (the daily log), job_photo (a photo's random storage
name, its stage, room and variants; shared with the customer or not), project_viewer (one
contact of a job's customer with their own project page link) and published_photo (a job's
picture on the public gallery, under its own random name).
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'i1photos'
down_revision: str | None = 'h1schedule'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TEXT = sqlmodel.sql.sqltypes.AutoString
_WHEN = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table('job_note',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('job_id', sa.Integer(), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('text', _TEXT(length=2000), nullable=False),
    sa.Column('shared', sa.Boolean(), nullable=False),
    sa.Column('note_key', _TEXT(length=64), nullable=False),
    sa.Column('author_id', sa.Integer(), nullable=False),
    sa.Column('created_at', _WHEN(), nullable=False),
    sa.Column('deleted_at', _WHEN(), nullable=True),
    sa.ForeignKeyConstraint(['job_id'], ['job.id'], ),
    sa.ForeignKeyConstraint(['author_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('note_key')
    )
    with op.batch_alter_table('job_note', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_job_note_job_id'), ['job_id'], unique=False)

    op.create_table('job_photo',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('job_id', sa.Integer(), nullable=False),
    sa.Column('note_id', sa.Integer(), nullable=True),
    sa.Column('stage', sa.String(length=10), nullable=False),
    sa.Column('room', _TEXT(length=60), nullable=False),
    sa.Column('key', _TEXT(length=32), nullable=False),
    sa.Column('content_type', _TEXT(length=20), nullable=False),
    sa.Column('width', sa.Integer(), nullable=False),
    sa.Column('height', sa.Integer(), nullable=False),
    sa.Column('widths', _TEXT(length=40), nullable=False),
    sa.Column('upload_id', _TEXT(length=64), nullable=False),
    sa.Column('shared', sa.Boolean(), nullable=False),
    sa.Column('author_id', sa.Integer(), nullable=False),
    sa.Column('created_at', _WHEN(), nullable=False),
    sa.Column('deleted_at', _WHEN(), nullable=True),
    sa.ForeignKeyConstraint(['job_id'], ['job.id'], ),
    sa.ForeignKeyConstraint(['note_id'], ['job_note.id'], ),
    sa.ForeignKeyConstraint(['author_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('key'),
    sa.UniqueConstraint('upload_id')
    )
    with op.batch_alter_table('job_photo', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_job_photo_job_id'), ['job_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_job_photo_note_id'), ['note_id'], unique=False)

    op.create_table('project_viewer',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('job_id', sa.Integer(), nullable=False),
    sa.Column('email', _TEXT(length=254), nullable=False),
    sa.Column('created_at', _WHEN(), nullable=False),
    sa.ForeignKeyConstraint(['job_id'], ['job.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('job_id', 'email')
    )
    with op.batch_alter_table('project_viewer', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_project_viewer_job_id'), ['job_id'], unique=False)

    op.create_table('published_photo',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('photo_id', sa.Integer(), nullable=False),
    sa.Column('before_photo_id', sa.Integer(), nullable=True),
    sa.Column('gallery_slug', _TEXT(length=40), nullable=False),
    sa.Column('caption', _TEXT(length=200), nullable=False),
    sa.Column('alt', _TEXT(length=200), nullable=False),
    sa.Column('public_key', _TEXT(length=32), nullable=False),
    sa.Column('customer_permission', sa.Boolean(), nullable=False),
    sa.Column('author_id', sa.Integer(), nullable=False),
    sa.Column('published_at', _WHEN(), nullable=False),
    sa.ForeignKeyConstraint(['photo_id'], ['job_photo.id'], ),
    sa.ForeignKeyConstraint(['before_photo_id'], ['job_photo.id'], ),
    sa.ForeignKeyConstraint(['author_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('photo_id'),
    sa.UniqueConstraint('public_key')
    )
    with op.batch_alter_table('published_photo', schema=None) as batch_op:
        batch_op.create_index('ix_published_photo_gallery', ['gallery_slug', 'published_at'], unique=False)


def downgrade() -> None:
    op.drop_table('published_photo')
    op.drop_table('project_viewer')
    op.drop_table('job_photo')
    op.drop_table('job_note')
