"""getting paid: payment schedules, recorded checks, transfers and cash, escrow until
completion, New York sales tax per line

Revision ID: a8gettingpaid
Revises: a7estimates
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'a8gettingpaid'
down_revision: str | None = 'a7estimates'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('invoice_stage',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('invoice_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('label', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('percent_bp', sa.Integer(), nullable=False),
    sa.Column('amount_cents', sa.Integer(), nullable=False),
    sa.Column('due_date', sa.Date(), nullable=False),
    sa.ForeignKeyConstraint(['invoice_id'], ['invoice.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('invoice_stage', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_invoice_stage_invoice_id'), ['invoice_id'], unique=False)

    with op.batch_alter_table('invoice', schema=None) as batch_op:
        batch_op.add_column(sa.Column('work_completed_on', sa.Date(), nullable=True))
        batch_op.add_column(sa.Column('tax_area', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False, server_default='nyc'))
        batch_op.add_column(sa.Column('tax_rate', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('tax_cents', sa.Integer(), nullable=False, server_default='0'))

    with op.batch_alter_table('invoice_line', schema=None) as batch_op:
        batch_op.add_column(sa.Column('tax_category', sqlmodel.sql.sqltypes.AutoString(length=30), nullable=False, server_default='capital_improvement'))
        batch_op.add_column(sa.Column('tax_cents', sa.Integer(), nullable=False, server_default='0'))

    with op.batch_alter_table('payment', schema=None) as batch_op:
        batch_op.alter_column('payment_intent_id', existing_type=sqlmodel.sql.sqltypes.AutoString(length=100), nullable=True)
        batch_op.add_column(sa.Column('method', sa.String(length=20), nullable=False, server_default='card'))
        batch_op.add_column(sa.Column('reference', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('received_on', sa.Date(), nullable=True))
        batch_op.add_column(sa.Column('recorded_by_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('record_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
        batch_op.add_column(sa.Column('voided_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column('void_reason', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False, server_default=''))
        batch_op.create_unique_constraint('uq_payment_record_key', ['record_key'])
        batch_op.create_foreign_key('fk_payment_recorded_by_id_user', 'user', ['recorded_by_id'], ['id'])


def downgrade() -> None:
    with op.batch_alter_table('payment', schema=None) as batch_op:
        batch_op.drop_constraint('fk_payment_recorded_by_id_user', type_='foreignkey')
        batch_op.drop_constraint('uq_payment_record_key', type_='unique')
        for column in ('void_reason', 'voided_at', 'record_key', 'recorded_by_id', 'received_on', 'reference', 'method'):
            batch_op.drop_column(column)
        batch_op.alter_column('payment_intent_id', existing_type=sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False)

    with op.batch_alter_table('invoice_line', schema=None) as batch_op:
        batch_op.drop_column('tax_cents')
        batch_op.drop_column('tax_category')

    with op.batch_alter_table('invoice', schema=None) as batch_op:
        for column in ('tax_cents', 'tax_rate', 'tax_area', 'work_completed_on'):
            batch_op.drop_column(column)

    with op.batch_alter_table('invoice_stage', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_invoice_stage_invoice_id'))

    op.drop_table('invoice_stage')
