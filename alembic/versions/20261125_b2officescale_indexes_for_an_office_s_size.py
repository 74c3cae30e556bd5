"""indexes for an office's size: the invoice list's sorts and service filter, the dashboard's
date ranges and flagged invoices (bench/office_scale.py)

Revision ID: b2officescale
Revises: b1reminders
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'b2officescale'
down_revision: str | None = 'b1reminders'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# PostgreSQL's ILIKE '%term%' (the invoice list's search) reads every row unless a trigram
# index serves it; SQLite has no such index (its search scans ix_invoice_search instead).
TRIGRAM_COLUMNS = ("customer_name", "customer_email", "number")


def _trigram_indexes() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return
    try:
        with bind.begin_nested():  # a database user who may not add the extension: no index
            op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except sa.exc.DBAPIError:
        print("pg_trgm is not available: the invoice search reads every row")
        return
    for column in TRIGRAM_COLUMNS:
        op.execute(
            f"CREATE INDEX ix_invoice_{column}_trgm ON invoice USING gin ({column} gin_trgm_ops)"
        )


def upgrade() -> None:
    with op.batch_alter_table('invoice', schema=None) as batch_op:
        batch_op.create_index('ix_invoice_status_due', ['status', 'due_date'], unique=False)
        batch_op.create_index('ix_invoice_search', ['customer_name', 'customer_email', 'number', 'created_at'], unique=False)
        batch_op.create_index('ix_invoice_flagged', ['due_date'], unique=False, sqlite_where=sa.text("attention != '' OR mail_problem != ''"), postgresql_where=sa.text("attention != '' OR mail_problem != ''"))
        batch_op.create_index('ix_invoice_total', ['total_cents', 'created_at', 'id'], unique=False)
        batch_op.create_index(batch_op.f('ix_invoice_work_completed_on'), ['work_completed_on'], unique=False)
        batch_op.create_index('ix_invoice_customer_name_lower', [sa.text('lower(customer_name)')], unique=False)

    with op.batch_alter_table('invoice_line', schema=None) as batch_op:
        batch_op.create_index('ix_invoice_line_service', ['service', 'invoice_id'], unique=False)

    with op.batch_alter_table('payment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_payment_received_on'), ['received_on'], unique=False)
        batch_op.create_index(batch_op.f('ix_payment_succeeded_at'), ['succeeded_at'], unique=False)

    _trigram_indexes()



def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for column in TRIGRAM_COLUMNS:
            op.execute(f"DROP INDEX IF EXISTS ix_invoice_{column}_trgm")
    with op.batch_alter_table('payment', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_payment_succeeded_at'))
        batch_op.drop_index(batch_op.f('ix_payment_received_on'))

    with op.batch_alter_table('invoice_line', schema=None) as batch_op:
        batch_op.drop_index('ix_invoice_line_service')

    with op.batch_alter_table('invoice', schema=None) as batch_op:
        batch_op.drop_index('ix_invoice_customer_name_lower')
        batch_op.drop_index(batch_op.f('ix_invoice_work_completed_on'))
        batch_op.drop_index('ix_invoice_total')
        batch_op.drop_index('ix_invoice_flagged', sqlite_where=sa.text("attention != '' OR mail_problem != ''"), postgresql_where=sa.text("attention != '' OR mail_problem != ''"))
        batch_op.drop_index('ix_invoice_search')
        batch_op.drop_index('ix_invoice_status_due')

