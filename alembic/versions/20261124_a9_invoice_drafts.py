"""invoice drafts and revisions, invoice lines with quantity and unit, invoice discount

Revision ID: a9drafts
Revises: a8gettingpaid
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'a9drafts'
down_revision: str | None = 'a8gettingpaid'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('invoice_draft',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('form_token', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('author_id', sa.Integer(), nullable=False),
    sa.Column('customer_name', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('total_cents', sa.Integer(), nullable=False),
    sa.Column('form', sa.Text(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['author_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('form_token')
    )
    with op.batch_alter_table('invoice_draft', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_invoice_draft_author_id'), ['author_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_invoice_draft_updated_at'), ['updated_at'], unique=False)

    op.create_table('invoice_revision',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('invoice_id', sa.Integer(), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('reason', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('before', sa.Text(), nullable=False),
    sa.Column('after', sa.Text(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['invoice_id'], ['invoice.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('invoice_revision', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_invoice_revision_invoice_id'), ['invoice_id'], unique=False)

    with op.batch_alter_table('invoice', schema=None) as batch_op:
        batch_op.add_column(sa.Column('discount_cents', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('revision', sa.Integer(), nullable=False, server_default='1'))

    with op.batch_alter_table('invoice_line', schema=None) as batch_op:
        batch_op.add_column(sa.Column('quantity_milli', sa.Integer(), nullable=False, server_default='1000'))
        batch_op.add_column(sa.Column('unit', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('unit_price_cents', sa.Integer(), nullable=False, server_default='0'))
    # A line saved before had one price: quantity 1 at that price.
    op.execute('UPDATE invoice_line SET unit_price_cents = price_cents')


def downgrade() -> None:
    with op.batch_alter_table('invoice_line', schema=None) as batch_op:
        batch_op.drop_column('unit_price_cents')
        batch_op.drop_column('unit')
        batch_op.drop_column('quantity_milli')
    with op.batch_alter_table('invoice', schema=None) as batch_op:
        batch_op.drop_column('revision')
        batch_op.drop_column('discount_cents')
    with op.batch_alter_table('invoice_revision', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_invoice_revision_invoice_id'))
    op.drop_table('invoice_revision')
    with op.batch_alter_table('invoice_draft', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_invoice_draft_updated_at'))
        batch_op.drop_index(batch_op.f('ix_invoice_draft_author_id'))
    op.drop_table('invoice_draft')
