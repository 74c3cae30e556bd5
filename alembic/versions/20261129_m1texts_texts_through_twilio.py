"""texts through twilio: consent, texts received and their photos, texts in the outbox

Revision ID: m1texts
Revises: l1timeclock
Create Date: 2026-11-29

New tables: text_consent (a number's yes or no to texts, latest row wins), inbound_text (kept by
Twilio's sid), inbound_text_media (an MMS photo as a job's internal file). The outbox carries
texts too: outbox_email.channel ("email" for every row there is), first_claimed_at and
customer_id. customer.text_problem starts empty. review_request: a job's one review request
(by text or e-mail) and whether its link was opened.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'm1texts'
down_revision: str | None = 'l1timeclock'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('text_consent',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('phone', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('consented', sa.Boolean(), nullable=False),
    sa.Column('source', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('recorded_by', sa.Integer(), nullable=True),
    sa.Column('recorded_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['customer_id'], ['customer.id'], ),
    sa.ForeignKeyConstraint(['recorded_by'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('text_consent', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_text_consent_customer_id'), ['customer_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_text_consent_phone'), ['phone'], unique=False)

    op.create_table('inbound_text',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('message_sid', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('from_phone', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('body', sqlmodel.sql.sqltypes.AutoString(length=1600), nullable=False),
    sa.Column('keyword', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('received_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('job_id', sa.Integer(), nullable=True),
    sa.Column('read_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('read_by', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['customer_id'], ['customer.id'], ),
    sa.ForeignKeyConstraint(['job_id'], ['job.id'], ),
    sa.ForeignKeyConstraint(['read_by'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('message_sid')
    )
    with op.batch_alter_table('inbound_text', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_inbound_text_customer_id'), ['customer_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_inbound_text_from_phone'), ['from_phone'], unique=False)
        batch_op.create_index(batch_op.f('ix_inbound_text_job_id'), ['job_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_inbound_text_received_at'), ['received_at'], unique=False)

    op.create_table('inbound_text_media',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('inbound_text_id', sa.Integer(), nullable=False),
    sa.Column('job_id', sa.Integer(), nullable=True),
    sa.Column('file_key', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('content_type', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('twilio_url', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.ForeignKeyConstraint(['inbound_text_id'], ['inbound_text.id'], ),
    sa.ForeignKeyConstraint(['job_id'], ['job.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('inbound_text_media', schema=None) as batch_op:
        batch_op.create_index('ix_inbound_text_media_text', ['inbound_text_id'], unique=False)

    op.create_table('review_request',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('job_id', sa.Integer(), nullable=False),
    sa.Column('customer_id', sa.Integer(), nullable=True),
    sa.Column('channel', sqlmodel.sql.sqltypes.AutoString(length=5), nullable=False),
    sa.Column('outbox_id', sa.Integer(), nullable=True),
    sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('opened_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('open_count', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['customer_id'], ['customer.id'], ),
    sa.ForeignKeyConstraint(['job_id'], ['job.id'], ),
    sa.ForeignKeyConstraint(['outbox_id'], ['outbox_email.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('job_id'),
    sa.UniqueConstraint('token_hash')
    )
    with op.batch_alter_table('review_request', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_review_request_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_review_request_customer_id'), ['customer_id'], unique=False)

    with op.batch_alter_table('customer', schema=None) as batch_op:
        batch_op.add_column(sa.Column('text_problem', sqlmodel.sql.sqltypes.AutoString(length=300), server_default='', nullable=False))

    with op.batch_alter_table('outbox_email', schema=None) as batch_op:
        batch_op.add_column(sa.Column('channel', sqlmodel.sql.sqltypes.AutoString(length=5), server_default='email', nullable=False))
        batch_op.add_column(sa.Column('first_claimed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column('customer_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_outbox_email_customer_id'), ['customer_id'], unique=False)
        batch_op.create_foreign_key('fk_outbox_email_customer_id', 'customer', ['customer_id'], ['id'])



def downgrade() -> None:
    with op.batch_alter_table('outbox_email', schema=None) as batch_op:
        batch_op.drop_constraint('fk_outbox_email_customer_id', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_outbox_email_customer_id'))
        batch_op.drop_column('customer_id')
        batch_op.drop_column('first_claimed_at')
        batch_op.drop_column('channel')

    with op.batch_alter_table('customer', schema=None) as batch_op:
        batch_op.drop_column('text_problem')

    with op.batch_alter_table('review_request', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_review_request_customer_id'))
        batch_op.drop_index(batch_op.f('ix_review_request_created_at'))

    op.drop_table('review_request')

    with op.batch_alter_table('inbound_text_media', schema=None) as batch_op:
        batch_op.drop_index('ix_inbound_text_media_text')

    op.drop_table('inbound_text_media')
    with op.batch_alter_table('inbound_text', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_inbound_text_received_at'))
        batch_op.drop_index(batch_op.f('ix_inbound_text_job_id'))
        batch_op.drop_index(batch_op.f('ix_inbound_text_from_phone'))
        batch_op.drop_index(batch_op.f('ix_inbound_text_customer_id'))

    op.drop_table('inbound_text')
    with op.batch_alter_table('text_consent', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_text_consent_phone'))
        batch_op.drop_index(batch_op.f('ix_text_consent_customer_id'))

    op.drop_table('text_consent')
