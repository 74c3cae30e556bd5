"""customers with their contacts and job addresses; enquiry status and customer; invoice
customer

Revision ID: a6customers
Revises: a5moneypaths
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

UTCDateTime = sqlmodel.sql.sqltypes.UTCDateTime

revision: str = "a6customers"
down_revision: str | None = "a5moneypaths"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "customer",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("notes", sa.String(length=2000), nullable=False, server_default=""),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("merged_into_id", sa.Integer(), sa.ForeignKey("customer.id"), nullable=True),
    )
    op.create_index("ix_customer_created_at", "customer", ["created_at"])
    op.create_table(
        "customer_contact",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("customer_id", sa.Integer(), sa.ForeignKey("customer.id"), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("value", sa.String(length=254), nullable=False),
        sa.UniqueConstraint("kind", "value", name="uq_customer_contact_kind_value"),
    )
    op.create_index("ix_customer_contact_customer_id", "customer_contact", ["customer_id"])
    op.create_table(
        "customer_address",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("customer_id", sa.Integer(), sa.ForeignKey("customer.id"), nullable=False),
        sa.Column("address", sa.String(length=500), nullable=False),
        sa.Column("borough", sa.String(length=40), nullable=False, server_default=""),
    )
    op.create_index("ix_customer_address_customer_id", "customer_address", ["customer_id"])
    with op.batch_alter_table("enquiry") as batch:
        batch.add_column(
            sa.Column("status", sa.String(length=20), nullable=False, server_default="new")
        )
        batch.add_column(sa.Column("customer_id", sa.Integer(), nullable=True))
        batch.create_index("ix_enquiry_status", ["status"])
        batch.create_index("ix_enquiry_customer_id", ["customer_id"])
        batch.create_foreign_key("fk_enquiry_customer", "customer", ["customer_id"], ["id"])
    op.execute("UPDATE enquiry SET status = 'spam' WHERE is_spam")
    with op.batch_alter_table("invoice") as batch:
        batch.add_column(sa.Column("customer_id", sa.Integer(), nullable=True))
        batch.create_index("ix_invoice_customer_id", ["customer_id"])
        batch.create_foreign_key("fk_invoice_customer", "customer", ["customer_id"], ["id"])


def downgrade() -> None:
    with op.batch_alter_table("invoice") as batch:
        batch.drop_constraint("fk_invoice_customer", type_="foreignkey")
        batch.drop_index("ix_invoice_customer_id")
        batch.drop_column("customer_id")
    with op.batch_alter_table("enquiry") as batch:
        batch.drop_constraint("fk_enquiry_customer", type_="foreignkey")
        batch.drop_index("ix_enquiry_customer_id")
        batch.drop_index("ix_enquiry_status")
        batch.drop_column("customer_id")
        batch.drop_column("status")
    op.drop_table("customer_address")
    op.drop_table("customer_contact")
    op.drop_index("ix_customer_created_at", "customer")
    op.drop_table("customer")
