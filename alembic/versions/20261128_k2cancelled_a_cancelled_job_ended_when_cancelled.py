"""a cancelled job ended when it was cancelled: job.closed_at is set for it too

Revision ID: k2cancelled
Revises: k1viewerlinks
Create Date: 2026-11-28

job.closed_at now says when a job ended, closed or cancelled (its project links stop 90 days
later). Jobs cancelled so far get the time of their last status change (their history's last
"status" row), or their making when they have none.
"""

from collections.abc import Sequence

from alembic import op


revision: str = 'k2cancelled'
down_revision: str | None = 'k1viewerlinks'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        "UPDATE job SET closed_at = COALESCE("
        "(SELECT MAX(job_event.at) FROM job_event"
        " WHERE job_event.job_id = job.id AND job_event.kind = 'status'),"
        " job.created_at) "
        "WHERE job.status = 'cancelled' AND job.closed_at IS NULL"
    )


def downgrade() -> None:
    op.execute("UPDATE job SET closed_at = NULL WHERE status = 'cancelled'")
