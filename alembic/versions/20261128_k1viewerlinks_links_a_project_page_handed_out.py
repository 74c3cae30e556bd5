"""links a project page handed out: each carries the person whose page it was

Revision ID: k1viewerlinks
Revises: j1compliance
Create Date: 2026-11-28

New column: customer_link.viewer_id, the project viewer whose page handed the link out (a change
order to sign, the contract, a pay link); such a link opens its record only while that person's
project link does. Empty for every link so far: they are the owner's e-mailed links, and a
person's page makes their own at its next opening.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'k1viewerlinks'
down_revision: str | None = 'j1compliance'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('customer_link', schema=None) as batch_op:
        batch_op.add_column(sa.Column('viewer_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_customer_link_viewer_id'), ['viewer_id'], unique=False)
        batch_op.create_foreign_key('fk_customer_link_viewer_id_project_viewer', 'project_viewer', ['viewer_id'], ['id'])


def downgrade() -> None:
    with op.batch_alter_table('customer_link', schema=None) as batch_op:
        batch_op.drop_constraint('fk_customer_link_viewer_id_project_viewer', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_customer_link_viewer_id'))
        batch_op.drop_column('viewer_id')
