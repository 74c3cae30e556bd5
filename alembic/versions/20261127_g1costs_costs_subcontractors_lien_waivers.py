"""costs, subcontractors and lien waivers: what each job really cost

Revision ID: g1costs
Revises: f1jobs
Create Date: 2026-11-27

New tables (models/costs.py): job_cost (a job's purchases, subcontractor bills and crew days),
subcontractor, insurance_certificate (a subcontractor's certificates with their expiry) and
lien_waiver (one per paid sub bill). Every document line gains its estimated cost: a cost
category (content/costs.py; "other" for the lines before) and a unit cost (0: not estimated);
a staff account gains its loaded hourly cost (0 until an admin sets it).

The new columns are added in place (ALTER TABLE ... ADD COLUMN with a default), not by a batch
recreate, which would lose invoice's expression index on SQLite (see f1jobs).
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "g1costs"
down_revision: str | None = "f1jobs"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

String = sqlmodel.sql.sqltypes.AutoString
UTCDateTime = sqlmodel.sql.sqltypes.UTCDateTime
LINE_TABLES = ("estimate_line", "invoice_line", "change_order_line")


def upgrade() -> None:
    op.create_table(
        "subcontractor",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("company", String(length=100), nullable=False),
        sa.Column("contact_name", String(length=100), nullable=False),
        sa.Column("email", String(length=254), nullable=False),
        sa.Column("phone", String(length=40), nullable=False),
        sa.Column("trade", String(length=60), nullable=False),
        sa.Column("licence_number", String(length=40), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_subcontractor_company", "subcontractor", ["company"])
    op.create_table(
        "insurance_certificate",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subcontractor_id", sa.Integer(), nullable=False),
        sa.Column("kind", String(length=20), nullable=False),
        sa.Column("expires_on", sa.Date(), nullable=False),
        sa.Column("file_sha256", String(length=64), nullable=False),
        sa.Column("file_name", String(length=200), nullable=False),
        sa.Column("file_type", String(length=60), nullable=False),
        sa.Column("uploaded_by", sa.Integer(), nullable=False),
        sa.Column("uploaded_at", UTCDateTime(), nullable=False),
        sa.Column("warned_at", UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["subcontractor_id"], ["subcontractor.id"]),
        sa.ForeignKeyConstraint(["uploaded_by"], ["user.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_insurance_certificate_expires_on", "insurance_certificate", ["expires_on"])
    op.create_index(
        "ix_insurance_certificate_subcontractor_id", "insurance_certificate", ["subcontractor_id"]
    )
    op.create_table(
        "job_cost",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("job_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("category", String(length=20), nullable=False),
        sa.Column("incurred_on", sa.Date(), nullable=False),
        sa.Column("payee", String(length=100), nullable=False),
        sa.Column("description", String(length=300), nullable=False),
        sa.Column("amount_cents", sa.Integer(), nullable=False),
        sa.Column("tax_cents", sa.Integer(), nullable=False),
        sa.Column("credit", sa.Boolean(), nullable=False),
        sa.Column("subcontractor_id", sa.Integer(), nullable=True),
        sa.Column("worker_id", sa.Integer(), nullable=True),
        sa.Column("hours_milli", sa.Integer(), nullable=False),
        sa.Column("hourly_cost_cents", sa.Integer(), nullable=False),
        sa.Column("due_on", sa.Date(), nullable=True),
        sa.Column("paid_on", sa.Date(), nullable=True),
        sa.Column("paid_how", String(length=20), nullable=False),
        sa.Column("paid_reference", String(length=100), nullable=False),
        sa.Column("funded_by_payment_id", sa.Integer(), nullable=True),
        sa.Column("lapse_confirmed", String(length=300), nullable=False),
        sa.Column("receipt_sha256", String(length=64), nullable=False),
        sa.Column("receipt_name", String(length=200), nullable=False),
        sa.Column("receipt_type", String(length=60), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=False),
        sa.Column("form_token", String(length=64), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=True),
        sa.Column("deleted_at", UTCDateTime(), nullable=True),
        sa.Column("deleted_reason", String(length=300), nullable=False),
        sa.ForeignKeyConstraint(["author_id"], ["user.id"]),
        sa.ForeignKeyConstraint(["funded_by_payment_id"], ["payment.id"]),
        sa.ForeignKeyConstraint(["job_id"], ["job.id"]),
        sa.ForeignKeyConstraint(["subcontractor_id"], ["subcontractor.id"]),
        sa.ForeignKeyConstraint(["worker_id"], ["user.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("form_token"),
    )
    op.create_index("ix_job_cost_day", "job_cost", ["incurred_on"])
    op.create_index("ix_job_cost_job_day", "job_cost", ["job_id", "incurred_on"])
    op.create_index("ix_job_cost_paid_on", "job_cost", ["paid_on"])
    op.create_index("ix_job_cost_subcontractor_id", "job_cost", ["subcontractor_id"])
    counted = sa.text("deleted_at IS NULL")
    op.create_index(
        "ix_job_cost_counted", "job_cost", ["job_id", "category", "amount_cents", "tax_cents"],
        sqlite_where=counted, postgresql_where=counted,
    )  # fmt: skip
    op.create_table(
        "lien_waiver",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("cost_id", sa.Integer(), nullable=False),
        sa.Column("job_id", sa.Integer(), nullable=False),
        sa.Column("subcontractor_id", sa.Integer(), nullable=False),
        sa.Column("amount_cents", sa.Integer(), nullable=False),
        sa.Column("paid_on", sa.Date(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("signature_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["cost_id"], ["job_cost.id"]),
        sa.ForeignKeyConstraint(["job_id"], ["job.id"]),
        sa.ForeignKeyConstraint(["signature_id"], ["signature.id"]),
        sa.ForeignKeyConstraint(["subcontractor_id"], ["subcontractor.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("cost_id"),
    )
    op.create_index("ix_lien_waiver_job_id", "lien_waiver", ["job_id"])
    for table in LINE_TABLES:
        op.add_column(
            table,
            sa.Column("cost_category", String(length=20), nullable=False, server_default="other"),
        )
        op.add_column(
            table, sa.Column("unit_cost_cents", sa.Integer(), nullable=False, server_default="0")
        )
    op.add_column(
        "user", sa.Column("hourly_cost_cents", sa.Integer(), nullable=False, server_default="0")
    )


def downgrade() -> None:
    # Columns without a foreign key drop in place (SQLite 3.35+: no table copy).
    op.drop_column("user", "hourly_cost_cents")
    for table in LINE_TABLES:
        op.drop_column(table, "unit_cost_cents")
        op.drop_column(table, "cost_category")
    for table in ("lien_waiver", "job_cost", "insurance_certificate", "subcontractor"):
        op.drop_table(table)  # its indexes go with it
