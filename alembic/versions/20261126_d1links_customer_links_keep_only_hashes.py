"""customer links keep only hashes: the pay and estimate tokens move into customer_link

Revision ID: d1links
Revises: c1staff
Create Date: 2026-11-26

Until now `invoice.pay_token` and `estimate.token` held the customers' tokens as they are, so a
copy of the database opened every invoice and contract. From here a link is a `customer_link`
row (services/links): the token's SHA-256 and a salt from which the site, with SECRET_KEY,
makes the token again for e-mails and staff pages.

Existing links were e-mailed to customers and must keep working: each raw token becomes a row
holding only its SHA-256, with an empty salt, and the raw columns are dropped. Such a token
cannot be made again (nothing of it is kept), so when an e-mail or a staff page first needs
the link of a migrated invoice or estimate, links.link_token adds a new link that can be made
again (and the transaction that needed it commits it); the customer's old link keeps opening
the same record beside it. The first reminder after the upgrade therefore carries a new link,
and both work.

On SQLite the columns are dropped in place (ALTER TABLE ... DROP COLUMN, SQLite 3.35+):
copying the invoice table, as a batch recreate does, would lose its expression index
ix_invoice_customer_name_lower, which SQLAlchemy cannot read back.

Downgrade gives every invoice and estimate a new random token (the old ones are not kept,
by design): links already e-mailed stop working after a downgrade.
"""

import hashlib
import secrets
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = 'd1links'
down_revision: str | None = 'c1staff'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

String = sqlmodel.sql.sqltypes.AutoString
UTCDateTime = sqlmodel.sql.sqltypes.UTCDateTime

# (link kind, table, raw token column, its unique index)
RAW_TOKENS = (
    ("pay", "invoice", "pay_token", "ix_invoice_pay_token"),
    ("estimate", "estimate", "token", "ix_estimate_token"),
)
CHUNK = 1000

customer_link = sa.table(
    "customer_link",
    sa.column("kind", sa.String),
    sa.column("record_id", sa.Integer),
    sa.column("token_hash", sa.String),
    sa.column("salt", sa.String),
    sa.column("created_at"),  # copied from the record as the database gave it
)


def _move_tokens(kind: str, table: str, column: str) -> None:
    """Every raw token of `table` as a link row holding only its SHA-256."""
    bind = op.get_bind()
    rows = bind.execute(sa.text(f"SELECT id, {column}, created_at FROM {table} ORDER BY id"))
    while chunk := rows.fetchmany(CHUNK):
        bind.execute(
            customer_link.insert(),
            [
                {
                    "kind": kind,
                    "record_id": record_id,
                    "token_hash": hashlib.sha256(token.encode()).hexdigest(),
                    "salt": "",
                    "created_at": created_at,
                }
                for record_id, token, created_at in chunk
            ],
        )


def _in_place() -> str:
    return "never" if op.get_bind().dialect.name == "sqlite" else "auto"


def upgrade() -> None:
    op.create_table('customer_link',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('record_id', sa.Integer(), nullable=False),
    sa.Column('token_hash', String(length=64), nullable=False),
    sa.Column('salt', String(length=64), nullable=False),
    sa.Column('created_at', UTCDateTime(), nullable=False),
    sa.Column('expires_at', UTCDateTime(), nullable=True),
    sa.Column('revoked_at', UTCDateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('customer_link', schema=None) as batch_op:
        batch_op.create_index('ix_customer_link_record', ['kind', 'record_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_customer_link_token_hash'), ['token_hash'], unique=True)

    for kind, table, column, index in RAW_TOKENS:
        _move_tokens(kind, table, column)
        with op.batch_alter_table(table, schema=None, recreate=_in_place()) as batch_op:
            batch_op.drop_index(index)
            batch_op.drop_column(column)


def downgrade() -> None:
    bind = op.get_bind()
    for _kind, table, column, index in RAW_TOKENS:
        with op.batch_alter_table(table, schema=None, recreate=_in_place()) as batch_op:
            batch_op.add_column(sa.Column(column, String(length=64), nullable=True))
        ids = bind.execute(sa.text(f"SELECT id FROM {table}")).scalars().all()
        for record_id in ids:
            bind.execute(
                sa.text(f"UPDATE {table} SET {column} = :token WHERE id = :id"),
                {"token": secrets.token_urlsafe(32), "id": record_id},
            )
        with op.batch_alter_table(table, schema=None, recreate=_in_place()) as batch_op:
            batch_op.create_index(index, [column], unique=True)
        if bind.dialect.name != "sqlite":  # SQLite cannot make it NOT NULL without a copy
            op.alter_column(table, column, nullable=False)

    with op.batch_alter_table('customer_link', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_customer_link_token_hash'))
        batch_op.drop_index('ix_customer_link_record')

    op.drop_table('customer_link')
