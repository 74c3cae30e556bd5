"""one document line: estimate and invoice lines share their columns; estimates get sales tax

Revision ID: e1lines
Revises: d1links
Create Date: 2026-11-27

Estimate and invoice lines become one shape (models/documents.py): an estimate line gains its
amount (price_cents, quantity x unit price rounded half up, as every total was computed from
it) and its tax, and its empty tax category becomes "capital_improvement", which is untaxed,
as every estimate was until now; an invoice line gains `optional` (false) and `chosen` (true).
An estimate gains its sales tax area (New York City) and rate (0: no line of an existing
estimate is taxed). No amount, total or signed document changes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "e1lines"
down_revision: str | None = "d1links"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

String = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.add_column(
        "estimate", sa.Column("tax_area", String(20), nullable=False, server_default="nyc")
    )
    op.add_column("estimate", sa.Column("tax_rate", sa.Integer, nullable=False, server_default="0"))
    op.add_column(
        "estimate_line", sa.Column("price_cents", sa.Integer, nullable=False, server_default="0")
    )
    op.add_column(
        "estimate_line", sa.Column("tax_cents", sa.Integer, nullable=False, server_default="0")
    )
    # Unit prices of estimate lines are never negative: half up is + 500 then whole division.
    op.execute("UPDATE estimate_line SET price_cents = (quantity_milli * unit_price_cents + 500) / 1000")
    op.execute(
        "UPDATE estimate_line SET tax_category = 'capital_improvement' WHERE tax_category = ''"
    )
    op.add_column(
        "invoice_line",
        sa.Column("optional", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.add_column(
        "invoice_line", sa.Column("chosen", sa.Boolean, nullable=False, server_default=sa.true())
    )
    # On SQLite this copies estimate_line (no table points at its rows).
    with op.batch_alter_table("estimate_line") as batch:
        batch.alter_column("tax_category", type_=String(30), existing_nullable=False)


def downgrade() -> None:
    op.execute(
        "UPDATE estimate_line SET tax_category = '' WHERE tax_category = 'capital_improvement'"
    )
    with op.batch_alter_table("estimate_line") as batch:
        batch.alter_column("tax_category", type_=String(20), existing_nullable=False)
    for table, column in (
        ("invoice_line", "chosen"),
        ("invoice_line", "optional"),
        ("estimate_line", "tax_cents"),
        ("estimate_line", "price_cents"),
        ("estimate", "tax_rate"),
        ("estimate", "tax_area"),
    ):
        op.drop_column(table, column)
