"""login attempts by client address; throttle lock rows

Revision ID: a1security
Revises: c3923edc46da
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "a1security"
down_revision: str | None = "c3923edc46da"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("login_attempt") as batch:
        batch.add_column(
            sa.Column("client_hash", sa.String(length=64), nullable=False, server_default="")
        )
        batch.create_index("ix_login_attempt_client_hash", ["client_hash"])
    op.create_table(
        "throttle_lock",
        sa.Column("key", sa.String(length=120), primary_key=True),
        sa.Column("touched_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("throttle_lock")
    with op.batch_alter_table("login_attempt") as batch:
        batch.drop_index("ix_login_attempt_client_hash")
        batch.drop_column("client_hash")
