"""Links a customer opens without signing in (pay and estimate links)."""

from datetime import datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class CustomerLinkKind(StrEnum):
    PAY = "pay"  # /pay/<token>: an invoice
    ESTIMATE = "estimate"  # /estimate/<token>: an estimate, then its signed contract
    CHANGE_ORDER = "change_order"  # /change-order/<token>: a change order of a job
    LIEN_WAIVER = "lien_waiver"  # /lien-waiver/<token>: a subcontractor's waiver of a paid bill
    VISIT = "visit"  # /visit/<token>: an estimate visit booked online, to move or cancel
    PROJECT = "project"  # /project/<token>: a job's page for one contact of its customer


class CustomerLink(SQLModel, table=True):
    """A link a customer opens without signing in, scoped to one record (services/links): the
    server keeps the token's SHA-256 and the salt that, with SECRET_KEY, makes the token again
    for e-mails and staff pages. A link moved from before (salt "") cannot be made again; its
    hash still opens its record. Revoked or expired, it opens nothing. A link a person's project
    page handed out carries that person (`viewer_id`): it opens its record only while their
    project link does, so revoking the person cuts off everything their page gave them."""

    __tablename__ = "customer_link"
    __table_args__ = (sa.Index("ix_customer_link_record", "kind", "record_id"),)

    id: int | None = Field(default=None, primary_key=True)
    kind: CustomerLinkKind = Field(sa_type=sa.String(20))
    record_id: int  # the invoice's or estimate's id, as `kind` says
    token_hash: str = Field(index=True, unique=True, max_length=64)
    salt: str = Field(default="", max_length=64)
    created_at: datetime = Field(default_factory=utc_now)
    expires_at: datetime | None = None
    revoked_at: datetime | None = None
    # The project viewer whose page handed the link out; None for the owner's own (e-mailed,
    # staff pages) link.
    viewer_id: int | None = Field(default=None, foreign_key="project_viewer.id", index=True)
