"""the crew's time clock: taps, time entries, approved weeks

Revision ID: l1timeclock
Revises: k1leadsafe
Create Date: 2026-11-29

New tables: time_tap (each tap a phone sent, by its key), time_entry (a person's time on a job;
one open entry per person by a partial unique index), timesheet_week (a person's approved week).
job_cost.timesheet_week_id marks labour made from an approved week. user.overtime_exempt and
user.location_consent start false for everyone.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'l1timeclock'
down_revision: str | None = 'k1leadsafe'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('timesheet_week',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('week_start', sa.Date(), nullable=False),
    sa.Column('approved_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('approved_by', sa.Integer(), nullable=True),
    sa.Column('reopened_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('reopened_reason', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.ForeignKeyConstraint(['approved_by'], ['user.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('user_id', 'week_start', name='uq_timesheet_week')
    )
    with op.batch_alter_table('timesheet_week', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_timesheet_week_week_start'), ['week_start'], unique=False)

    op.create_table('time_entry',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('job_id', sa.Integer(), nullable=False),
    sa.Column('started_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('ended_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('break_seconds', sa.Integer(), nullable=False),
    sa.Column('break_started_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('started_late', sa.Boolean(), nullable=False),
    sa.Column('ended_late', sa.Boolean(), nullable=False),
    sa.Column('off_schedule', sa.Boolean(), nullable=False),
    sa.Column('in_latitude', sa.Float(), nullable=True),
    sa.Column('in_longitude', sa.Float(), nullable=True),
    sa.Column('in_accuracy_m', sa.Float(), nullable=True),
    sa.Column('out_latitude', sa.Float(), nullable=True),
    sa.Column('out_longitude', sa.Float(), nullable=True),
    sa.Column('out_accuracy_m', sa.Float(), nullable=True),
    sa.Column('original_started_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('original_ended_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('original_break_seconds', sa.Integer(), nullable=True),
    sa.Column('corrected_by', sa.Integer(), nullable=True),
    sa.Column('corrected_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('correction_reason', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('added_by', sa.Integer(), nullable=True),
    sa.Column('timesheet_week_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['added_by'], ['user.id'], ),
    sa.ForeignKeyConstraint(['corrected_by'], ['user.id'], ),
    sa.ForeignKeyConstraint(['job_id'], ['job.id'], ),
    sa.ForeignKeyConstraint(['timesheet_week_id'], ['timesheet_week.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('time_entry', schema=None) as batch_op:
        batch_op.create_index('ix_time_entry_job_start', ['job_id', 'started_at'], unique=False)
        batch_op.create_index('ix_time_entry_person_start', ['user_id', 'started_at'], unique=False)
        batch_op.create_index('ux_time_entry_open', ['user_id'], unique=True, sqlite_where=sa.text('ended_at IS NULL'), postgresql_where=sa.text('ended_at IS NULL'))

    op.create_table('time_tap',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('action', sa.String(length=12), nullable=False),
    sa.Column('job_id', sa.Integer(), nullable=True),
    sa.Column('tapped_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('received_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('entry_id', sa.Integer(), nullable=True),
    sa.Column('refused', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.ForeignKeyConstraint(['entry_id'], ['time_entry.id'], ),
    sa.ForeignKeyConstraint(['job_id'], ['job.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('key')
    )
    with op.batch_alter_table('time_tap', schema=None) as batch_op:
        batch_op.create_index('ix_time_tap_person', ['user_id', 'received_at'], unique=False)

    with op.batch_alter_table('job_cost', schema=None) as batch_op:
        batch_op.add_column(sa.Column('timesheet_week_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_job_cost_timesheet_week_id'), ['timesheet_week_id'], unique=False)
        batch_op.create_foreign_key('fk_job_cost_timesheet_week_id_timesheet_week', 'timesheet_week', ['timesheet_week_id'], ['id'])

    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('overtime_exempt', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('location_consent', sa.Boolean(), nullable=False, server_default=sa.false()))



def downgrade() -> None:
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_column('location_consent')
        batch_op.drop_column('overtime_exempt')

    with op.batch_alter_table('job_cost', schema=None) as batch_op:
        batch_op.drop_constraint('fk_job_cost_timesheet_week_id_timesheet_week', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_job_cost_timesheet_week_id'))
        batch_op.drop_column('timesheet_week_id')

    with op.batch_alter_table('time_tap', schema=None) as batch_op:
        batch_op.drop_index('ix_time_tap_person')

    op.drop_table('time_tap')
    with op.batch_alter_table('time_entry', schema=None) as batch_op:
        batch_op.drop_index('ux_time_entry_open', sqlite_where=sa.text('ended_at IS NULL'), postgresql_where=sa.text('ended_at IS NULL'))
        batch_op.drop_index('ix_time_entry_person_start')
        batch_op.drop_index('ix_time_entry_job_start')

    op.drop_table('time_entry')
    with op.batch_alter_table('timesheet_week', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_timesheet_week_week_start'))

    op.drop_table('timesheet_week')
