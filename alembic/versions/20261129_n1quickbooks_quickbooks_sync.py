"""quickbooks sync: the connected company, mappings, the push queue, payments that came back

Revision ID: n1quickbooks
Revises: m1texts
Create Date: 2026-11-29

New tables only: quickbooks_connection (the company, tokens encrypted), quickbooks_mapping
(what a service, tax category or payment account is in QuickBooks), quickbooks_sync (one row
per record pushed: version, QuickBooks id and SyncToken, state, lease) and quickbooks_payment
(a payment recorded in QuickBooks against our invoice, unique by QuickBooks' id).
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'n1quickbooks'
down_revision: str | None = 'm1texts'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('quickbooks_sync',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('record_kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('record_id', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('pushed_version', sa.Integer(), nullable=False),
    sa.Column('fingerprint', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('quickbooks_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('sync_token', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('state', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('last_error', sqlmodel.sql.sqltypes.AutoString(length=1000), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('next_try_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('claimed_by', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('claimed_until', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('uncertain', sa.Boolean(), nullable=False),
    sa.Column('pushed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('record_kind', 'record_id', name='uq_quickbooks_sync_record')
    )
    with op.batch_alter_table('quickbooks_sync', schema=None) as batch_op:
        batch_op.create_index('ix_quickbooks_sync_due', ['state', 'next_try_at'], unique=False)

    op.create_table('quickbooks_connection',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('realm_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('company_name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('access_token', sa.Text(), nullable=False),
    sa.Column('refresh_token', sa.Text(), nullable=False),
    sa.Column('access_expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('refresh_expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('connected_by', sa.Integer(), nullable=False),
    sa.Column('connected_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('disconnected_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('changes_read_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('problem', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.ForeignKeyConstraint(['connected_by'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('quickbooks_connection', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_quickbooks_connection_realm_id'), ['realm_id'], unique=False)

    op.create_table('quickbooks_mapping',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('what', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
    sa.Column('quickbooks_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('quickbooks_name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('updated_by', sa.Integer(), nullable=True),
    sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['updated_by'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('what')
    )
    op.create_table('quickbooks_payment',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('realm_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('quickbooks_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('invoice_id', sa.Integer(), nullable=True),
    sa.Column('payment_id', sa.Integer(), nullable=True),
    sa.Column('amount_cents', sa.Integer(), nullable=False),
    sa.Column('problem', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('received_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['invoice_id'], ['invoice.id'], ),
    sa.ForeignKeyConstraint(['payment_id'], ['payment.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('realm_id', 'quickbooks_id', name='uq_quickbooks_payment_id')
    )
    with op.batch_alter_table('quickbooks_payment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_quickbooks_payment_invoice_id'), ['invoice_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('quickbooks_payment', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_quickbooks_payment_invoice_id'))

    op.drop_table('quickbooks_payment')
    op.drop_table('quickbooks_mapping')
    with op.batch_alter_table('quickbooks_connection', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_quickbooks_connection_realm_id'))

    op.drop_table('quickbooks_connection')
    with op.batch_alter_table('quickbooks_sync', schema=None) as batch_op:
        batch_op.drop_index('ix_quickbooks_sync_due')

    op.drop_table('quickbooks_sync')
