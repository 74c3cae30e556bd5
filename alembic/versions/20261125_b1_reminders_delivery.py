"""payment reminders, e-mail delivery status, mail problems on invoices and customers

Revision ID: b1reminders
Revises: a9drafts
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'b1reminders'
down_revision: str | None = 'a9drafts'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('email_delivery_event',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('type', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('provider_id', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('occurred_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('received_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('email_delivery_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_email_delivery_event_provider_id'), ['provider_id'], unique=False)

    op.create_table('reminder',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('about_kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('about_id', sa.Integer(), nullable=False),
    sa.Column('step', sqlmodel.sql.sqltypes.AutoString(length=30), nullable=False),
    sa.Column('due_on', sa.Date(), nullable=False),
    sa.Column('email_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['email_id'], ['outbox_email.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('about_kind', 'about_id', 'step')
    )

    with op.batch_alter_table('outbox_email', schema=None) as batch_op:
        batch_op.add_column(sa.Column('delivery', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('delivery_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column('delivery_detail', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False, server_default=''))
        # Delivery webhooks find their message by the provider's id.
        batch_op.create_index('ix_outbox_email_provider_id', ['provider_id'], unique=False)

    with op.batch_alter_table('invoice', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reminder_days', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('reminders_paused', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('mail_problem', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False, server_default=''))

    with op.batch_alter_table('customer', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reminders_paused', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('mail_problem', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('customer', schema=None) as batch_op:
        batch_op.drop_column('mail_problem')
        batch_op.drop_column('reminders_paused')
    with op.batch_alter_table('invoice', schema=None) as batch_op:
        batch_op.drop_column('mail_problem')
        batch_op.drop_column('reminders_paused')
        batch_op.drop_column('reminder_days')
    with op.batch_alter_table('outbox_email', schema=None) as batch_op:
        batch_op.drop_index('ix_outbox_email_provider_id')
        batch_op.drop_column('delivery_detail')
        batch_op.drop_column('delivery_at')
        batch_op.drop_column('delivery')
    op.drop_table('reminder')
    with op.batch_alter_table('email_delivery_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_email_delivery_event_provider_id'))
    op.drop_table('email_delivery_event')
