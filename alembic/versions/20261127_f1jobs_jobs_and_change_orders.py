"""jobs and change orders: every signed contract becomes a job with its payment schedule

Revision ID: f1jobs
Revises: e1lines
Create Date: 2026-11-27

New tables (models/jobs.py, models/signatures.py): job (the work of a signed contract, or of
small work agreed without one), job_stage (its payment schedule), job_event (its history),
job_counter (the last job number of each year), change_order and change_order_line (signed
amendments of a contract) and signature (one record for every signed thing). An invoice gains
job_id, the job it bills (NULL for an invoice on its own).

Every contract signed before this revision (an estimate accepted, invoiced or cancelled, with
its acceptance time) becomes a job, in the order they were signed, numbered J-YYYY-NNNN by the
New York year of the signature: the estimate's customer, address, tax area and rate, dates and
accepted total (the contract value), its author, made at the signature's time; cancelled when
the owner cancelled, closed (at the payment) when its final invoice is paid, signed otherwise.
Its stages: the deposit (when there was one), the progress payments the contract's schedule
names ("Rough-in done: 40%" of the total rounded half up to the cent, or "Cabinets installed:
$3,000.00"; lines naming no amount stay words of the contract only), and the rest as the final
payment, so the stages add up to the contract value exactly (the progress payments are left out
when they would leave less than nothing). The estimate's invoices bill the job; the deposit
stage points at the deposit invoice, and once a final invoice exists it bills every stage not
billed before it. Each job's history starts with one event, "made", at the signature.

The rules are written out here, not imported from the app's services, so this migration reads
the same whatever the app's code becomes.

On SQLite invoice.job_id is added in place (ALTER TABLE ... ADD COLUMN ... REFERENCES): a batch
recreate would copy the invoice table and lose its expression index
ix_invoice_customer_name_lower, which SQLAlchemy cannot read back. SQLite cannot drop a column a
foreign key names, so the downgrade copies the table and makes its lost indexes again.
"""

import re
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "f1jobs"
down_revision: str | None = "e1lines"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

String = sqlmodel.sql.sqltypes.AutoString
UTCDateTime = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "job_counter",
        sa.Column("year", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("last_number", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("year"),
    )
    op.create_table(
        "signature",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", String(length=30), nullable=False),
        sa.Column("record_id", sa.Integer(), nullable=False),
        sa.Column("method", sa.String(length=10), nullable=False),
        sa.Column("signer_name", String(length=100), nullable=False),
        sa.Column("signed_at", UTCDateTime(), nullable=False),
        sa.Column("address_hash", String(length=64), nullable=False),
        sa.Column("document_sha256", String(length=64), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.Column("drawing", sa.Text(), nullable=False),
        sa.Column("scan_sha256", String(length=64), nullable=False),
        sa.Column("scan_name", String(length=200), nullable=False),
        sa.Column("scan_type", String(length=60), nullable=False),
        sa.Column("recorded_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["recorded_by"], ["user.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("kind", "record_id", name="uq_signature_record"),
    )
    op.create_table(
        "job",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("number", String(length=20), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("customer_id", sa.Integer(), nullable=True),
        sa.Column("estimate_id", sa.Integer(), nullable=True),
        sa.Column("title", String(length=100), nullable=False),
        sa.Column("customer_name", String(length=100), nullable=False),
        sa.Column("customer_email", String(length=254), nullable=False),
        sa.Column("customer_phone", String(length=40), nullable=False),
        sa.Column("address", String(length=500), nullable=False),
        sa.Column("location", String(length=40), nullable=False),
        sa.Column("status", sa.String(length=30), nullable=False),
        sa.Column("contract_cents", sa.Integer(), nullable=False),
        sa.Column("tax_area", String(length=20), nullable=False),
        sa.Column("tax_rate", sa.Integer(), nullable=False),
        sa.Column("tax_category", String(length=30), nullable=False, server_default=""),
        sa.Column("start_date", sa.Date(), nullable=True),
        sa.Column("completion_date", sa.Date(), nullable=True),
        sa.Column("substantially_complete_on", sa.Date(), nullable=True),
        sa.Column("form_token", String(length=64), nullable=True),
        sa.Column("author_id", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("closed_at", UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["author_id"], ["user.id"]),
        sa.ForeignKeyConstraint(["customer_id"], ["customer.id"]),
        sa.ForeignKeyConstraint(["estimate_id"], ["estimate.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("estimate_id"),
        sa.UniqueConstraint("form_token"),
        sa.UniqueConstraint("number"),
    )
    with op.batch_alter_table("job", schema=None) as batch_op:
        batch_op.create_index("ix_job_created_at", ["created_at"], unique=False)
        batch_op.create_index("ix_job_customer_id", ["customer_id"], unique=False)
        batch_op.create_index("ix_job_status_created", ["status", "created_at"], unique=False)

    op.create_table(
        "job_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("job_id", sa.Integer(), nullable=False),
        sa.Column("kind", String(length=30), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("detail", String(length=500), nullable=False),
        sa.ForeignKeyConstraint(["job_id"], ["job.id"]),
        sa.ForeignKeyConstraint(["user_id"], ["user.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("job_event", schema=None) as batch_op:
        batch_op.create_index("ix_job_event_job_id", ["job_id"], unique=False)

    op.create_table(
        "change_order",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("job_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("reason", String(length=1000), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("payment", sa.String(length=10), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("subtotal_cents", sa.Integer(), nullable=False),
        sa.Column("tax_cents", sa.Integer(), nullable=False),
        sa.Column("total_cents", sa.Integer(), nullable=False),
        sa.Column("valid_until", sa.Date(), nullable=False),
        sa.Column("form_token", String(length=64), nullable=True),
        sa.Column("author_id", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("viewed_at", UTCDateTime(), nullable=True),
        sa.Column("answered_at", UTCDateTime(), nullable=True),
        sa.Column("decline_reason", String(length=500), nullable=False),
        sa.Column("signature_id", sa.Integer(), nullable=True),
        sa.Column("invoice_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["author_id"], ["user.id"]),
        sa.ForeignKeyConstraint(["invoice_id"], ["invoice.id"]),
        sa.ForeignKeyConstraint(["job_id"], ["job.id"]),
        sa.ForeignKeyConstraint(["signature_id"], ["signature.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("form_token"),
        sa.UniqueConstraint("job_id", "number", name="uq_change_order_number"),
    )
    with op.batch_alter_table("change_order", schema=None) as batch_op:
        batch_op.create_index("ix_change_order_job_id", ["job_id"], unique=False)

    op.create_table(
        "job_stage",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("job_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("label", String(length=100), nullable=False),
        sa.Column("amount_cents", sa.Integer(), nullable=False),
        sa.Column("invoice_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["invoice_id"], ["invoice.id"]),
        sa.ForeignKeyConstraint(["job_id"], ["job.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("job_stage", schema=None) as batch_op:
        batch_op.create_index("ix_job_stage_invoice_id", ["invoice_id"], unique=False)
        batch_op.create_index("ix_job_stage_job_id", ["job_id"], unique=False)

    op.create_table(
        "change_order_line",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("service", String(length=40), nullable=False),
        sa.Column("description", String(length=500), nullable=False),
        sa.Column("quantity_milli", sa.Integer(), nullable=False),
        sa.Column("unit", String(length=20), nullable=False),
        sa.Column("unit_price_cents", sa.Integer(), nullable=False),
        sa.Column("price_cents", sa.Integer(), nullable=False),
        sa.Column("tax_category", String(length=30), nullable=False),
        sa.Column("tax_cents", sa.Integer(), nullable=False),
        sa.Column("optional", sa.Boolean(), nullable=False),
        sa.Column("chosen", sa.Boolean(), nullable=False),
        sa.Column("change_order_id", sa.Integer(), nullable=False),
        sa.Column("removes", String(length=40), nullable=False),
        sa.ForeignKeyConstraint(["change_order_id"], ["change_order.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("change_order_line", schema=None) as batch_op:
        batch_op.create_index(
            "ix_change_order_line_change_order_id", ["change_order_id"], unique=False
        )

    # In place on every database (see the docstring): the foreign key is written inline.
    op.add_column(
        "invoice",
        sa.Column("job_id", sa.Integer(), sa.ForeignKey("job.id"), nullable=True),
        inline_references=True,
    )
    op.create_index("ix_invoice_job_id", "invoice", ["job_id"], unique=False)

    _jobs_of_signed_contracts()


def downgrade() -> None:
    _drop_invoice_job_id()
    for table, indexes in (
        ("change_order_line", ["ix_change_order_line_change_order_id"]),
        ("job_stage", ["ix_job_stage_job_id", "ix_job_stage_invoice_id"]),
        ("change_order", ["ix_change_order_job_id"]),
        ("job_event", ["ix_job_event_job_id"]),
        ("job", ["ix_job_status_created", "ix_job_customer_id", "ix_job_created_at"]),
        ("signature", []),
        ("job_counter", []),
    ):
        with op.batch_alter_table(table, schema=None) as batch_op:
            for index in indexes:
                batch_op.drop_index(index)
        op.drop_table(table)


def _drop_invoice_job_id() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        op.drop_index("ix_invoice_job_id", table_name="invoice")
        op.drop_column("invoice", "job_id")  # its foreign key goes with it
        return
    # SQLite drops no column that a foreign key names: the table is copied without it, and any
    # index the copy lost or changed (SQLAlchemy reads back no expression index) is made again
    # from its own SQL.
    indexes_sql = sa.text(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'invoice' "
        "AND sql IS NOT NULL"
    )
    before = dict(bind.execute(indexes_sql).all())
    with op.batch_alter_table("invoice", schema=None, recreate="always") as batch_op:
        batch_op.drop_index("ix_invoice_job_id")
        batch_op.drop_column("job_id")
    after = dict(bind.execute(indexes_sql).all())
    for name, sql in before.items():
        if name != "ix_invoice_job_id" and after.get(name) != sql:
            if name in after:
                op.execute(f'DROP INDEX "{name}"')
            op.execute(sql)


# The signed contracts' jobs, in SQLAlchemy Core over the tables as this revision has them.
# The rules of the app at this revision (services/jobs) are copied, not imported.

NEW_YORK = ZoneInfo("America/New_York")
SIGNED_STATUSES = ("accepted", "invoiced", "cancelled")
LABEL_MAX = 100
TITLE_MAX = 100
DETAIL_MAX = 500
BASIS_POINTS = 10_000
MAX_STAGE_CENTS = 99_999_999  # the most a typed price could be
# "Rough-in done: 40%", "Cabinets installed: $3,000.00": the amount follows the last colon.
STAGE_LINE = re.compile(r"^(?P<label>.+?)\s*:\s*(?P<amount>[^:]+)$")
PERCENT = re.compile(r"(?P<number>[0-9]{1,3}(?:\.[0-9]{1,2})?)\s*%")
PRICE = re.compile(r"\$?\s*(?P<units>[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+)?(?:\.(?P<cents>[0-9]{0,2}))?")

_meta = sa.MetaData()
estimate = sa.Table(
    "estimate",
    _meta,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("number", sa.String),
    sa.Column("revision", sa.Integer),
    sa.Column("status", sa.String),
    sa.Column("customer_id", sa.Integer),
    sa.Column("customer_name", sa.String),
    sa.Column("customer_email", sa.String),
    sa.Column("customer_phone", sa.String),
    sa.Column("customer_address", sa.String),
    sa.Column("location", sa.String),
    sa.Column("tax_area", sa.String),
    sa.Column("tax_rate", sa.Integer),
    sa.Column("start_date", sa.Date),
    sa.Column("completion_date", sa.Date),
    sa.Column("progress_schedule", sa.String),
    sa.Column("author_id", sa.Integer),
    sa.Column("accepted_at", UTCDateTime()),
    sa.Column("signer_name", sa.String),
    sa.Column("accepted_total_cents", sa.Integer),
    sa.Column("accepted_deposit_cents", sa.Integer),
)
estimate_line = sa.Table(
    "estimate_line",
    _meta,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("estimate_id", sa.Integer),
    sa.Column("position", sa.Integer),
    sa.Column("description", sa.String),
    sa.Column("chosen", sa.Boolean),
)
invoice = sa.Table(
    "invoice",
    _meta,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("estimate_id", sa.Integer),
    sa.Column("estimate_part", sa.String),
    sa.Column("status", sa.String),
    sa.Column("paid_at", UTCDateTime()),
    sa.Column("settled_at", UTCDateTime()),
    sa.Column("job_id", sa.Integer),
)
job = sa.Table(
    "job",
    _meta,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("number", sa.String),
    sa.Column("year", sa.Integer),
    sa.Column("customer_id", sa.Integer),
    sa.Column("estimate_id", sa.Integer),
    sa.Column("title", sa.String),
    sa.Column("customer_name", sa.String),
    sa.Column("customer_email", sa.String),
    sa.Column("customer_phone", sa.String),
    sa.Column("address", sa.String),
    sa.Column("location", sa.String),
    sa.Column("status", sa.String),
    sa.Column("contract_cents", sa.Integer),
    sa.Column("tax_area", sa.String),
    sa.Column("tax_rate", sa.Integer),
    sa.Column("start_date", sa.Date),
    sa.Column("completion_date", sa.Date),
    sa.Column("substantially_complete_on", sa.Date),
    sa.Column("form_token", sa.String),
    sa.Column("author_id", sa.Integer),
    sa.Column("created_at", UTCDateTime()),
    sa.Column("closed_at", UTCDateTime()),
)
job_stage = sa.Table(
    "job_stage",
    _meta,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("job_id", sa.Integer),
    sa.Column("position", sa.Integer),
    sa.Column("kind", sa.String),
    sa.Column("label", sa.String),
    sa.Column("amount_cents", sa.Integer),
    sa.Column("invoice_id", sa.Integer),
)
job_event = sa.Table(
    "job_event",
    _meta,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("job_id", sa.Integer),
    sa.Column("kind", sa.String),
    sa.Column("at", UTCDateTime()),
    sa.Column("user_id", sa.Integer),
    sa.Column("detail", sa.String),
)
job_counter = sa.Table(
    "job_counter",
    _meta,
    sa.Column("year", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("last_number", sa.Integer),
)


def _percent_points(text: str) -> int | None:
    """ "40%", "12.5 %" in basis points (4000, 1250): more than 0, at most 100, two decimals."""
    match = PERCENT.fullmatch(text)
    if match is None:
        return None
    points = int(Decimal(match["number"]) * 100)
    return points if 0 < points <= BASIS_POINTS else None


def _price_cents(text: str) -> int | None:
    """ "$3,000.00", "3000", "1,250.5" in cents: more than $0.00, at most two decimals."""
    match = PRICE.fullmatch(text)
    if match is None or not (match["units"] or match["cents"]):
        return None
    units = int((match["units"] or "0").replace(",", ""))
    cents = units * 100 + int((match["cents"] or "").ljust(2, "0"))
    return cents if 0 < cents <= MAX_STAGE_CENTS else None


def progress_stages(schedule: str, total_cents: int) -> list[tuple[str, int]]:
    """The progress payments a contract's schedule names, as (label, cents), one per line;
    a line naming no amount is words of the contract only."""
    stages = []
    for line in schedule.splitlines():
        match = STAGE_LINE.match(line.strip())
        if match is None:
            continue
        amount = match["amount"].strip()
        if amount.endswith("%"):
            points = _percent_points(amount)
            cents = None if points is None else (total_cents * points + 5000) // BASIS_POINTS
        else:
            cents = _price_cents(amount)
        if cents is not None:
            stages.append((match["label"][:LABEL_MAX], cents))
    return stages


def contract_stages(
    total_cents: int, deposit_cents: int, schedule: str
) -> list[tuple[str, str, int]]:
    """(kind, label, cents) of a signed contract's schedule, adding up to its total exactly."""
    first = [("deposit", "Deposit", deposit_cents)] if deposit_cents > 0 else []
    middle = [("progress", label, cents) for label, cents in progress_stages(schedule, total_cents)]
    if sum(s[2] for s in [*first, *middle]) > total_cents:
        middle = []
    rest = total_cents - sum(s[2] for s in [*first, *middle])
    return [*first, *middle, ("final", "Final payment", rest)]


def _title(bind: sa.Connection, estimate_id: int, number: str) -> str:
    descriptions = bind.execute(
        sa.select(estimate_line.c.description)
        .where(estimate_line.c.estimate_id == estimate_id, estimate_line.c.chosen.is_(True))
        .order_by(estimate_line.c.position, estimate_line.c.id)
    ).scalars()
    first = next((d for d in descriptions if d and d.strip()), "")
    return " ".join(first.split())[:TITLE_MAX] or f"Contract {number}"


def _signed_contracts(bind: sa.Connection) -> list:
    """The accepted revision of every signed contract (one per number), in signing order."""
    rows = bind.execute(
        sa.select(estimate)
        .where(estimate.c.accepted_at.is_not(None), estimate.c.status.in_(SIGNED_STATUSES))
        .order_by(estimate.c.accepted_at, estimate.c.id)
    ).all()
    newest: dict[str, int] = {}
    for row in rows:  # only the newest revision can be accepted; should two be, it counts
        if row.revision >= newest.get(row.number, -1):
            newest[row.number] = row.revision
    return [row for row in rows if row.revision == newest[row.number]]


def _first_invoice(invoices: list, part: str):
    return next((i for i in invoices if i.estimate_part == part and i.status != "void"), None)


def _jobs_of_signed_contracts() -> None:
    bind = op.get_bind()
    last_numbers: dict[int, int] = {}
    for contract in _signed_contracts(bind):
        accepted_at: datetime = contract.accepted_at
        year = accepted_at.astimezone(NEW_YORK).year
        last_numbers[year] = last_numbers.get(year, 0) + 1
        number = f"J-{year}-{last_numbers[year]:04d}"
        invoices = bind.execute(
            sa.select(invoice).where(invoice.c.estimate_id == contract.id).order_by(invoice.c.id)
        ).all()
        deposit_invoice = _first_invoice(invoices, "deposit")
        final_invoice = _first_invoice(invoices, "final")
        status, closed_at = "signed", None
        if contract.status == "cancelled":
            status = "cancelled"
        elif contract.status == "invoiced" and final_invoice and final_invoice.status == "paid":
            status, closed_at = "closed", final_invoice.paid_at or final_invoice.settled_at
        job_id = bind.execute(
            job.insert().values(
                number=number,
                year=year,
                customer_id=contract.customer_id,
                estimate_id=contract.id,
                title=_title(bind, contract.id, contract.number),
                customer_name=contract.customer_name,
                customer_email=contract.customer_email,
                customer_phone=contract.customer_phone,
                address=contract.customer_address,
                location=contract.location,
                status=status,
                contract_cents=contract.accepted_total_cents,
                tax_area=contract.tax_area,
                tax_rate=contract.tax_rate,
                start_date=contract.start_date,
                completion_date=contract.completion_date,
                substantially_complete_on=None,
                form_token=None,
                author_id=contract.author_id,
                created_at=accepted_at,
                closed_at=closed_at,
            )
        ).inserted_primary_key[0]
        stages = []
        for position, (kind, label, cents) in enumerate(
            contract_stages(
                contract.accepted_total_cents,
                contract.accepted_deposit_cents,
                contract.progress_schedule or "",
            )
        ):
            billed_by = None
            if kind == "deposit" and deposit_invoice is not None:
                billed_by = deposit_invoice.id
            elif final_invoice is not None:
                billed_by = final_invoice.id
            stages.append(
                {
                    "job_id": job_id,
                    "position": position,
                    "kind": kind,
                    "label": label,
                    "amount_cents": cents,
                    "invoice_id": billed_by,
                }
            )
        bind.execute(job_stage.insert(), stages)
        bind.execute(
            invoice.update().where(invoice.c.estimate_id == contract.id).values(job_id=job_id)
        )
        detail = f"from contract {contract.number} signed by {contract.signer_name}"
        bind.execute(
            job_event.insert().values(
                job_id=job_id, kind="made", at=accepted_at, user_id=None, detail=detail[:DETAIL_MAX]
            )
        )
    if last_numbers:
        bind.execute(
            job_counter.insert(),
            [{"year": year, "last_number": last} for year, last in sorted(last_numbers.items())],
        )
