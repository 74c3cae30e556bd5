"""staff accounts: one-time links, two-step sign-in, Google sign-in, audit log

Revision ID: c1staff
Revises: b2officescale
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'c1staff'
down_revision: str | None = 'b2officescale'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('google_sign_in',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('state_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('nonce', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('code_verifier', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('used_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('google_sign_in', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_google_sign_in_state_hash'), ['state_hash'], unique=True)

    op.create_table('audit_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('actor', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
    sa.Column('action', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('record_kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('record_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('client_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('detail', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('before', sa.Text(), nullable=False),
    sa.Column('after', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('audit_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_audit_event_action'), ['action'], unique=False)
        batch_op.create_index(batch_op.f('ix_audit_event_at'), ['at'], unique=False)
        batch_op.create_index(batch_op.f('ix_audit_event_user_id'), ['user_id'], unique=False)
        batch_op.create_index('ix_audit_event_record', ['record_kind', 'record_id'], unique=False)
    _make_audit_append_only()

    op.create_table('pending_sign_in',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('method', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('used_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('pending_sign_in', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pending_sign_in_token_hash'), ['token_hash'], unique=True)

    op.create_table('recovery_code',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('code_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('used_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('recovery_code', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_recovery_code_user_id'), ['user_id'], unique=False)

    op.create_table('staff_link',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('email', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
    sa.Column('role', sa.String(length=10), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('created_by', sa.Integer(), nullable=True),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('used_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('withdrawn_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['created_by'], ['user.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('staff_link', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_staff_link_email'), ['email'], unique=False)
        batch_op.create_index(batch_op.f('ix_staff_link_token_hash'), ['token_hash'], unique=True)

    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('last_sign_in_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column('totp_secret', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('totp_enabled_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column('totp_last_step', sa.Integer(), nullable=False, server_default='0'))



def _make_audit_append_only() -> None:
    """The database itself refuses to change or remove an audit row, whatever the app does."""
    if op.get_bind().dialect.name == 'postgresql':
        op.execute(
            "CREATE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$"
        )
        op.execute(
            "CREATE TRIGGER audit_event_append_only BEFORE UPDATE OR DELETE ON audit_event "
            "FOR EACH ROW EXECUTE FUNCTION audit_event_append_only()"
        )
        # TRUNCATE fires no row trigger: it gets a statement trigger of its own.
        op.execute(
            "CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event "
            "FOR EACH STATEMENT EXECUTE FUNCTION audit_event_append_only()"
        )
        return
    for change in ('UPDATE', 'DELETE'):
        op.execute(
            f"CREATE TRIGGER audit_event_no_{change.lower()} BEFORE {change} ON audit_event "
            "BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == 'postgresql':
        op.execute("DROP TRIGGER audit_event_no_truncate ON audit_event")
        op.execute("DROP TRIGGER audit_event_append_only ON audit_event")
        op.execute("DROP FUNCTION audit_event_append_only()")
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_column('totp_last_step')
        batch_op.drop_column('totp_enabled_at')
        batch_op.drop_column('totp_secret')
        batch_op.drop_column('last_sign_in_at')

    with op.batch_alter_table('staff_link', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_staff_link_token_hash'))
        batch_op.drop_index(batch_op.f('ix_staff_link_email'))

    op.drop_table('staff_link')
    with op.batch_alter_table('recovery_code', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_recovery_code_user_id'))

    op.drop_table('recovery_code')
    with op.batch_alter_table('pending_sign_in', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pending_sign_in_token_hash'))

    op.drop_table('pending_sign_in')
    with op.batch_alter_table('audit_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_audit_event_user_id'))
        batch_op.drop_index('ix_audit_event_record')
        batch_op.drop_index(batch_op.f('ix_audit_event_at'))
        batch_op.drop_index(batch_op.f('ix_audit_event_action'))

    op.drop_table('audit_event')
    with op.batch_alter_table('google_sign_in', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_google_sign_in_state_hash'))

    op.drop_table('google_sign_in')
