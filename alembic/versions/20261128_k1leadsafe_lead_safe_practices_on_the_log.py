"""lead-safe work: the practice a daily log note records and the cleaning verification's result

Revision ID: k1leadsafe
Revises: k2cancelled
Create Date: 2026-11-28

New columns: job_note.practice (a lead-safe work practice the note records, "" for every note so
far: nothing was recorded, so the record prints each practice as not recorded) and
job_note.cleaning_result (the cleaning verification card's result). The certified renovator's
signature of the record is a signature row of kind "lead_safe_record": no table changes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'k1leadsafe'
down_revision: str | None = 'k2cancelled'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TEXT = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    with op.batch_alter_table('job_note', schema=None) as batch_op:
        batch_op.add_column(sa.Column('practice', _TEXT(length=30), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('cleaning_result', _TEXT(length=20), nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('job_note', schema=None) as batch_op:
        batch_op.drop_column('cleaning_result')
        batch_op.drop_column('practice')
