"""compliance: the language of the sale, the year built and the property type; deposits in escrow

Revision ID: j1compliance
Revises: i1photos
Create Date: 2026-11-27

New columns: estimate.language ("en" for every estimate so far), estimate.year_built,
estimate.property_type, job.year_built, job.property_type (unknown for jobs so far: the lien
deadline then counts 4 months, the earlier date). New table: escrow_deposit (a payment recorded
as deposited in the escrow account, one per payment).
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'j1compliance'
down_revision: str | None = 'i1photos'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TEXT = sqlmodel.sql.sqltypes.AutoString
_WHEN = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    with op.batch_alter_table('estimate', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', _TEXT(length=5), nullable=False, server_default='en'))
        batch_op.add_column(sa.Column('year_built', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('property_type', _TEXT(length=20), nullable=False, server_default=''))
    with op.batch_alter_table('job', schema=None) as batch_op:
        batch_op.add_column(sa.Column('year_built', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('property_type', _TEXT(length=20), nullable=False, server_default=''))

    op.create_table('escrow_deposit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('payment_id', sa.Integer(), nullable=False),
    sa.Column('job_id', sa.Integer(), nullable=False),
    sa.Column('deposited_on', sa.Date(), nullable=False),
    sa.Column('account', _TEXT(length=200), nullable=False),
    sa.Column('recorded_by', sa.Integer(), nullable=False),
    sa.Column('recorded_at', _WHEN(), nullable=False),
    sa.ForeignKeyConstraint(['payment_id'], ['payment.id'], ),
    sa.ForeignKeyConstraint(['job_id'], ['job.id'], ),
    sa.ForeignKeyConstraint(['recorded_by'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('payment_id')
    )
    with op.batch_alter_table('escrow_deposit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_escrow_deposit_job_id'), ['job_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('escrow_deposit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_escrow_deposit_job_id'))
    op.drop_table('escrow_deposit')
    with op.batch_alter_table('job', schema=None) as batch_op:
        batch_op.drop_column('property_type')
        batch_op.drop_column('year_built')
    with op.batch_alter_table('estimate', schema=None) as batch_op:
        batch_op.drop_column('property_type')
        batch_op.drop_column('year_built')
        batch_op.drop_column('language')
