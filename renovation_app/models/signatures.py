"""Signatures: one record for every signed thing (a change order today; the ST-124, the lead
pamphlet's receipt and lien waivers use the same record)."""

from datetime import datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now

# What the owner signs with the contract (services/estimates/certificates.py); the record is
# the estimate.
ST124_SIGNATURE = "st124"
LEAD_PAMPHLET_SIGNATURE = "lead_pamphlet"
# The certified renovator's signature of a job's record of lead-safe work; the record is the job.
LEAD_SAFE_RECORD_SIGNATURE = "lead_safe_record"


class SignatureMethod(StrEnum):
    TYPED = "typed"  # the full name typed and the box ticked
    DRAWN = "drawn"  # drawn with a finger or a mouse, and the box ticked
    PAPER = "paper"  # signed on paper; the office recorded it with the scan


class Signature(SQLModel, table=True):
    """Who signed what, when and how. `document` is the canonical JSON of exactly what was
    signed and `document_sha256` its hash; a signed record is locked. One signature per record:
    the database refuses a second (two tabs signing at once make one)."""

    __table_args__ = (sa.UniqueConstraint("kind", "record_id", name="uq_signature_record"),)

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=30)  # "change_order"
    record_id: int
    method: SignatureMethod = Field(sa_type=sa.String(10))
    signer_name: str = Field(max_length=100)
    signed_at: datetime = Field(default_factory=utc_now)
    address_hash: str = Field(default="", max_length=64)  # the signer's client, hashed
    document_sha256: str = Field(max_length=64)
    document: str = Field(sa_type=sa.Text)
    # A drawn signature's strokes as an SVG path ("M 10 20 L 11 22 ..."), in a 300 x 100 box.
    drawing: str = Field(default="", sa_type=sa.Text)
    # A paper signature: the scan (its SHA-256 names the stored file) and who recorded it.
    scan_sha256: str = Field(default="", max_length=64)
    scan_name: str = Field(default="", max_length=200)
    scan_type: str = Field(default="", max_length=60)
    recorded_by: int | None = Field(default=None, foreign_key="user.id")
