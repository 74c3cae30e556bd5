"""generic outbox: about kind/id, UUID idempotency key, claim token, attachments

Revision ID: a2outbox
Revises: a1security
Create Date: 2026-11-23
"""

import uuid
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "a2outbox"
down_revision: str | None = "a1security"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

String = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    with op.batch_alter_table("outbox_email") as batch:
        batch.add_column(
            sa.Column("about_kind", String(length=20), nullable=False, server_default="enquiry")
        )
        batch.add_column(sa.Column("about_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("idempotency_key", String(length=36), nullable=True))
        batch.add_column(
            sa.Column("claim_token", String(length=36), nullable=False, server_default="")
        )

    # Every existing message was about an enquiry; each gets its own random key.
    connection = op.get_bind()
    connection.execute(sa.text("UPDATE outbox_email SET about_id = enquiry_id"))
    ids = connection.execute(sa.text("SELECT id FROM outbox_email")).scalars().all()
    for row_id in ids:
        connection.execute(
            sa.text("UPDATE outbox_email SET idempotency_key = :key WHERE id = :id"),
            {"key": str(uuid.uuid4()), "id": row_id},
        )

    with op.batch_alter_table("outbox_email") as batch:
        batch.alter_column(
            "about_kind", existing_type=String(length=20), existing_nullable=False,
            server_default=None,
        )
        batch.alter_column(
            "claim_token", existing_type=String(length=36), existing_nullable=False,
            server_default=None,
        )
        batch.alter_column("idempotency_key", existing_type=String(length=36), nullable=False)
        batch.drop_index("ix_outbox_email_enquiry_id")
        batch.drop_column("enquiry_id")
        batch.create_index("ix_outbox_email_about", ["about_kind", "about_id"], unique=False)
        batch.create_index("ix_outbox_email_idempotency_key", ["idempotency_key"], unique=True)

    op.create_table(
        "outbox_attachment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email_id", sa.Integer(), nullable=False),
        sa.Column("filename", String(length=200), nullable=False),
        sa.Column("content_type", String(length=100), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["email_id"], ["outbox_email.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("outbox_attachment") as batch:
        batch.create_index("ix_outbox_attachment_email_id", ["email_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("outbox_attachment") as batch:
        batch.drop_index("ix_outbox_attachment_email_id")
    op.drop_table("outbox_attachment")

    with op.batch_alter_table("outbox_email") as batch:
        batch.add_column(sa.Column("enquiry_id", sa.Integer(), nullable=True))
    connection = op.get_bind()
    connection.execute(
        sa.text("UPDATE outbox_email SET enquiry_id = about_id WHERE about_kind = 'enquiry'")
    )
    with op.batch_alter_table("outbox_email") as batch:
        batch.drop_index("ix_outbox_email_idempotency_key")
        batch.drop_index("ix_outbox_email_about")
        batch.drop_column("claim_token")
        batch.drop_column("idempotency_key")
        batch.drop_column("about_id")
        batch.drop_column("about_kind")
        batch.create_foreign_key(
            "fk_outbox_email_enquiry_id_enquiry", "enquiry", ["enquiry_id"], ["id"]
        )
        batch.create_index("ix_outbox_email_enquiry_id", ["enquiry_id"], unique=False)
