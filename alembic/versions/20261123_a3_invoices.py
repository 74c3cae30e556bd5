"""invoices: invoice, its lines and events, and the gap-free yearly number counter

Revision ID: a3invoices
Revises: a2outbox
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "a3invoices"
down_revision: str | None = "a2outbox"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

String = sqlmodel.sql.sqltypes.AutoString
UTCDateTime = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "invoice_counter",
        sa.Column("year", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("last_number", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("year"),
    )
    op.create_table(
        "invoice",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("number", String(length=20), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("customer_name", String(length=100), nullable=False),
        sa.Column("customer_email", String(length=254), nullable=False),
        sa.Column("customer_phone", String(length=40), nullable=False),
        sa.Column("customer_address", String(length=500), nullable=False),
        sa.Column("note", String(length=2000), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("subtotal_cents", sa.Integer(), nullable=False),
        sa.Column("total_cents", sa.Integer(), nullable=False),
        sa.Column("currency", String(length=3), nullable=False),
        sa.Column("due_date", sa.Date(), nullable=False),
        sa.Column("pay_token", String(length=64), nullable=False),
        sa.Column("form_token", String(length=64), nullable=True),
        sa.Column("location", String(length=40), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("sent_at", UTCDateTime(), nullable=True),
        sa.Column("paid_at", UTCDateTime(), nullable=True),
        sa.Column("voided_at", UTCDateTime(), nullable=True),
        sa.Column("void_reason", String(length=500), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["author_id"], ["user.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("form_token"),
    )
    with op.batch_alter_table("invoice") as batch:
        batch.create_index("ix_invoice_author_id", ["author_id"], unique=False)
        batch.create_index("ix_invoice_created_at", ["created_at"], unique=False)
        batch.create_index("ix_invoice_location", ["location"], unique=False)
        batch.create_index("ix_invoice_number", ["number"], unique=True)
        batch.create_index("ix_invoice_pay_token", ["pay_token"], unique=True)
        batch.create_index("ix_invoice_status", ["status"], unique=False)
        batch.create_index("ix_invoice_year", ["year"], unique=False)

    op.create_table(
        "invoice_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("invoice_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("detail", String(length=500), nullable=False),
        sa.ForeignKeyConstraint(["invoice_id"], ["invoice.id"]),
        sa.ForeignKeyConstraint(["user_id"], ["user.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("invoice_event") as batch:
        batch.create_index("ix_invoice_event_invoice_id", ["invoice_id"], unique=False)

    op.create_table(
        "invoice_line",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("invoice_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("service", String(length=40), nullable=False),
        sa.Column("label", String(length=100), nullable=False),
        sa.Column("description", String(length=500), nullable=False),
        sa.Column("price_cents", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["invoice_id"], ["invoice.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("invoice_line") as batch:
        batch.create_index("ix_invoice_line_invoice_id", ["invoice_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("invoice_line") as batch:
        batch.drop_index("ix_invoice_line_invoice_id")
    op.drop_table("invoice_line")

    with op.batch_alter_table("invoice_event") as batch:
        batch.drop_index("ix_invoice_event_invoice_id")
    op.drop_table("invoice_event")

    with op.batch_alter_table("invoice") as batch:
        batch.drop_index("ix_invoice_year")
        batch.drop_index("ix_invoice_status")
        batch.drop_index("ix_invoice_pay_token")
        batch.drop_index("ix_invoice_number")
        batch.drop_index("ix_invoice_location")
        batch.drop_index("ix_invoice_created_at")
        batch.drop_index("ix_invoice_author_id")
    op.drop_table("invoice")

    op.drop_table("invoice_counter")
