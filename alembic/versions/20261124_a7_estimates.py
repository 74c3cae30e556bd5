"""estimates: lines, history and yearly numbers; invoices made from an estimate

Revision ID: a7estimates
Revises: a6customers
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'a7estimates'
down_revision: str | None = 'a6customers'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('estimate_counter',
    sa.Column('year', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('last_number', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('year')
    )
    op.create_table('estimate',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('number', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('year', sa.Integer(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('enquiry_id', sa.Integer(), nullable=True),
    sa.Column('customer_name', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('customer_email', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
    sa.Column('customer_phone', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('customer_address', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('location', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('note', sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('discount_cents', sa.Integer(), nullable=False),
    sa.Column('deposit_kind', sa.String(length=10), nullable=False),
    sa.Column('deposit_value', sa.Integer(), nullable=False),
    sa.Column('deposit_due_date', sa.Date(), nullable=True),
    sa.Column('valid_until', sa.Date(), nullable=False),
    sa.Column('start_date', sa.Date(), nullable=True),
    sa.Column('completion_date', sa.Date(), nullable=True),
    sa.Column('contingencies', sqlmodel.sql.sqltypes.AutoString(length=1000), nullable=False),
    sa.Column('time_of_essence', sa.Boolean(), nullable=False),
    sa.Column('progress_schedule', sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=False),
    sa.Column('token', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('form_token', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
    sa.Column('author_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('viewed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('accepted_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('signer_name', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('signer_address_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('document_sha256', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('signed_document', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.Column('accepted_total_cents', sa.Integer(), nullable=False),
    sa.Column('accepted_deposit_cents', sa.Integer(), nullable=False),
    sa.Column('declined_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('decline_reason', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('cancelled_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['author_id'], ['user.id'], ),
    sa.ForeignKeyConstraint(['customer_id'], ['customer.id'], ),
    sa.ForeignKeyConstraint(['enquiry_id'], ['enquiry.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('form_token'),
    sa.UniqueConstraint('number', 'revision', name='uq_estimate_number_revision')
    )
    with op.batch_alter_table('estimate', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_estimate_author_id'), ['author_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_estimate_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_estimate_customer_id'), ['customer_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_estimate_enquiry_id'), ['enquiry_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_estimate_number'), ['number'], unique=False)
        batch_op.create_index(batch_op.f('ix_estimate_status'), ['status'], unique=False)
        batch_op.create_index(batch_op.f('ix_estimate_token'), ['token'], unique=True)
        batch_op.create_index(batch_op.f('ix_estimate_year'), ['year'], unique=False)

    op.create_table('estimate_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('estimate_id', sa.Integer(), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('detail', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.ForeignKeyConstraint(['estimate_id'], ['estimate.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('estimate_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_estimate_event_estimate_id'), ['estimate_id'], unique=False)

    op.create_table('estimate_line',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('estimate_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('service', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('description', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('quantity_milli', sa.Integer(), nullable=False),
    sa.Column('unit', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('unit_price_cents', sa.Integer(), nullable=False),
    sa.Column('optional', sa.Boolean(), nullable=False),
    sa.Column('chosen', sa.Boolean(), nullable=False),
    sa.Column('tax_category', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.ForeignKeyConstraint(['estimate_id'], ['estimate.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('estimate_line', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_estimate_line_estimate_id'), ['estimate_id'], unique=False)

    with op.batch_alter_table('invoice', schema=None) as batch_op:
        batch_op.add_column(sa.Column('estimate_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('estimate_part', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False, server_default=''))
        batch_op.create_index(batch_op.f('ix_invoice_estimate_id'), ['estimate_id'], unique=False)
        batch_op.create_foreign_key('fk_invoice_estimate_id_estimate', 'estimate', ['estimate_id'], ['id'])



def downgrade() -> None:
    with op.batch_alter_table('invoice', schema=None) as batch_op:
        batch_op.drop_constraint('fk_invoice_estimate_id_estimate', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_invoice_estimate_id'))
        batch_op.drop_column('estimate_part')
        batch_op.drop_column('estimate_id')

    with op.batch_alter_table('estimate_line', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_estimate_line_estimate_id'))

    op.drop_table('estimate_line')
    with op.batch_alter_table('estimate_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_estimate_event_estimate_id'))

    op.drop_table('estimate_event')
    with op.batch_alter_table('estimate', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_estimate_year'))
        batch_op.drop_index(batch_op.f('ix_estimate_token'))
        batch_op.drop_index(batch_op.f('ix_estimate_status'))
        batch_op.drop_index(batch_op.f('ix_estimate_number'))
        batch_op.drop_index(batch_op.f('ix_estimate_enquiry_id'))
        batch_op.drop_index(batch_op.f('ix_estimate_customer_id'))
        batch_op.drop_index(batch_op.f('ix_estimate_created_at'))
        batch_op.drop_index(batch_op.f('ix_estimate_author_id'))

    op.drop_table('estimate')
    op.drop_table('estimate_counter')
