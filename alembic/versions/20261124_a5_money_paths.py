"""money paths: settled and attention on invoices, API request hash, disputes, refunds
recorded before Stripe is asked, rate hits; receipt_queued_at dropped (never read)

Revision ID: a5moneypaths
Revises: a4payments
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

UTCDateTime = sqlmodel.sql.sqltypes.UTCDateTime

revision: str = "a5moneypaths"
down_revision: str | None = "a4payments"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("invoice") as batch:
        batch.add_column(sa.Column("settled_at", UTCDateTime(), nullable=True))
        batch.add_column(
            sa.Column("attention", sa.String(length=500), nullable=False, server_default="")
        )
        batch.add_column(
            sa.Column("request_hash", sa.String(length=64), nullable=False, server_default="")
        )
    with op.batch_alter_table("payment") as batch:
        # The payment's status moving to succeeded once is what queues its receipt once.
        batch.drop_column("receipt_queued_at")
        batch.add_column(
            sa.Column("dispute_status", sa.String(length=30), nullable=False, server_default="")
        )
        batch.add_column(
            sa.Column("dispute_amount_cents", sa.Integer(), nullable=False, server_default="0")
        )
    with op.batch_alter_table("refund") as batch:
        batch.alter_column("stripe_refund_id", existing_type=sa.String(length=100), nullable=True)
        batch.add_column(
            sa.Column("failure_reason", sa.String(length=200), nullable=False, server_default="")
        )
    op.create_table(
        "rate_hit",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.String(length=120), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
    )
    op.create_index("ix_rate_hit_key", "rate_hit", ["key"])
    op.create_index("ix_rate_hit_at", "rate_hit", ["at"])
    # Settled invoices before this revision: from their paid or void time.
    op.execute(
        "UPDATE invoice SET settled_at = COALESCE(voided_at, paid_at) "
        "WHERE status IN ('paid', 'void', 'refunded')"
    )


def downgrade() -> None:
    op.drop_index("ix_rate_hit_at", "rate_hit")
    op.drop_index("ix_rate_hit_key", "rate_hit")
    op.drop_table("rate_hit")
    with op.batch_alter_table("refund") as batch:
        batch.drop_column("failure_reason")
        batch.alter_column("stripe_refund_id", existing_type=sa.String(length=100), nullable=False)
    with op.batch_alter_table("payment") as batch:
        batch.drop_column("dispute_amount_cents")
        batch.drop_column("dispute_status")
        batch.add_column(sa.Column("receipt_queued_at", UTCDateTime(), nullable=True))
    with op.batch_alter_table("invoice") as batch:
        batch.drop_column("request_hash")
        batch.drop_column("attention")
        batch.drop_column("settled_at")
