"""schedule: appointments, the people on them, windows booked online, calendar feeds

Revision ID: h1schedule
Revises: g1costs
Create Date: 2026-11-27

New tables (models/schedule.py): appointment (estimate visits, a job's work days, other
appointments; instants in UTC), appointment_person (a staff member or a subcontractor on one),
visit_window (a window booked online: its start is unique, so a window is booked once),
calendar_feed (each person's private feed: only its token's hash) and appointment_notice (the
customer's notice before an appointment, once per appointment and version).
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'h1schedule'
down_revision: str | None = 'g1costs'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('calendar_feed',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('revoked_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token_hash')
    )
    with op.batch_alter_table('calendar_feed', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_calendar_feed_user_id'), ['user_id'], unique=False)

    op.create_table('appointment',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('title', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('starts_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('ends_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('job_id', sa.Integer(), nullable=True),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('enquiry_id', sa.Integer(), nullable=True),
    sa.Column('contact_name', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('contact_email', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
    sa.Column('contact_phone', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('address', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('notes', sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('booked_online', sa.Boolean(), nullable=False),
    sa.Column('created_by', sa.Integer(), nullable=True),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('cancelled_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['created_by'], ['user.id'], ),
    sa.ForeignKeyConstraint(['customer_id'], ['customer.id'], ),
    sa.ForeignKeyConstraint(['enquiry_id'], ['enquiry.id'], ),
    sa.ForeignKeyConstraint(['job_id'], ['job.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('appointment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_appointment_customer_id'), ['customer_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_appointment_job_id'), ['job_id'], unique=False)
        batch_op.create_index('ix_appointment_span', ['starts_at', 'ends_at'], unique=False)

    op.create_table('appointment_notice',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('appointment_id', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('outbox_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['appointment_id'], ['appointment.id'], ),
    sa.ForeignKeyConstraint(['outbox_id'], ['outbox_email.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('appointment_id', 'version', name='uq_appointment_notice')
    )
    op.create_table('appointment_person',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('appointment_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('subcontractor_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['appointment_id'], ['appointment.id'], ),
    sa.ForeignKeyConstraint(['subcontractor_id'], ['subcontractor.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('appointment_id', 'subcontractor_id', name='uq_appointment_sub'),
    sa.UniqueConstraint('appointment_id', 'user_id', name='uq_appointment_user')
    )
    with op.batch_alter_table('appointment_person', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_appointment_person_appointment_id'), ['appointment_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_appointment_person_subcontractor_id'), ['subcontractor_id'], unique=False)
        batch_op.create_index('ix_appointment_person_user', ['user_id', 'appointment_id'], unique=False)

    op.create_table('visit_window',
    sa.Column('starts_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('appointment_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['appointment_id'], ['appointment.id'], ),
    sa.PrimaryKeyConstraint('starts_at'),
    sa.UniqueConstraint('appointment_id')
    )


def downgrade() -> None:
    op.drop_table('visit_window')
    with op.batch_alter_table('appointment_person', schema=None) as batch_op:
        batch_op.drop_index('ix_appointment_person_user')
        batch_op.drop_index(batch_op.f('ix_appointment_person_subcontractor_id'))
        batch_op.drop_index(batch_op.f('ix_appointment_person_appointment_id'))

    op.drop_table('appointment_person')
    op.drop_table('appointment_notice')
    with op.batch_alter_table('appointment', schema=None) as batch_op:
        batch_op.drop_index('ix_appointment_span')
        batch_op.drop_index(batch_op.f('ix_appointment_job_id'))
        batch_op.drop_index(batch_op.f('ix_appointment_customer_id'))

    op.drop_table('appointment')
    with op.batch_alter_table('calendar_feed', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_calendar_feed_user_id'))

    op.drop_table('calendar_feed')
