"""Estimates through the real services: the form's payload, a draft, a sent estimate and one
accepted (signed) by its customer."""

from datetime import date

from renovation_app.db import db_session
from renovation_app.models import DepositKind, Estimate, EstimateLine, User
from renovation_app.services import estimates
from renovation_app.services.estimates.document import contract_document
from renovation_app.services.estimates.totals import estimate_totals
from renovation_app.services.staff.sessions import SignedInUser
from tests.factories.links import estimate_token
from tests.factories.staff import as_signed_in

# The hash of the signer's network address that an accepted estimate stores.
SIGNER_CLIENT = "c" * 64
# The owner ticks every certificate the estimate asks for (Form ST-124 for capital improvement
# lines, the lead pamphlet's receipt for a home built before 1978) as the signing page needs.
ALL_CERTIFICATES = ["st124", "lead_pamphlet"]


def estimate_payload(**overrides: object) -> dict:
    """The estimate form as staff fill it in: one $8,000 line for Maria Lopez in Brooklyn, a 30%
    ($2,400) deposit, valid for the default time. Every key is an override of that field."""
    raw = {
        "name": "Maria Lopez",
        "email": "maria@example.com",
        "phone": "718-555-0100",
        "address": "12 Atlantic Ave, Brooklyn, NY 11201",
        "lines": [{"description": "Kitchen cabinets", "quantity": "1", "unit_price": "8,000"}],
        "deposit_kind": "percent",
        "deposit_value": "30",
    }
    return {**raw, **overrides}


def draft_estimate(
    author: User | SignedInUser, form_token: str = "estimate-1", **overrides: object
) -> Estimate:
    """A saved draft (validated and numbered by estimates.create_estimate), not sent."""
    valid = estimates.validate_estimate(estimate_payload(**overrides))
    return estimates.create_estimate(valid, as_signed_in(author), form_token)


def sent_estimate(
    author: User | SignedInUser, form_token: str = "estimate-1", **overrides: object
) -> Estimate:
    """A draft e-mailed to the customer by estimates.send_estimate. Sending needs the contract
    settings (the unit tests' `contract_settings` fixture)."""
    draft = draft_estimate(author, form_token, **overrides)
    return estimates.send_estimate(draft.number, as_signed_in(author))


def accepted_estimate(
    author: User | SignedInUser,
    form_token: str = "estimate-1",
    signer: str = "Maria Lopez",
    chosen: tuple[int, ...] = (),
    **overrides: object,
) -> Estimate:
    """A sent estimate signed through its link by `signer` (estimates.accept), with the optional
    lines of ids `chosen`; as stored after the signature."""
    sent = sent_estimate(author, form_token, **overrides)
    estimates.accept(
        estimate_token(sent),
        list(chosen),
        signer,
        True,
        SIGNER_CLIENT,
        certificates=ALL_CERTIFICATES,
    )
    with db_session() as session:
        return session.get(Estimate, sent.id)


def unsaved_contract(**fields: object) -> dict:
    """The contract document (estimates.document) of an $8,000 kitchen estimate for Maria Lopez
    that is never saved: for tests of the document's words alone. `fields` override the
    estimate's columns (language, contingencies ...)."""
    estimate = Estimate(
        **{
            "id": 1,
            "number": "E-2026-0001",
            "year": 2026,
            "customer_name": "Maria Lopez",
            "customer_email": "maria@example.com",
            "customer_address": "12 Atlantic Ave, Brooklyn, NY 11201",
            "valid_until": date(2026, 12, 24),
            "start_date": date(2027, 1, 11),
            "completion_date": date(2027, 2, 19),
            "deposit_kind": DepositKind.PERCENT,
            "deposit_value": 3000,
            "author_id": 1,
            **fields,
        }
    )
    line = EstimateLine(
        id=1,
        estimate_id=1,
        position=1,
        description="Kitchen cabinets",
        quantity_milli=1000,
        unit_price_cents=800_000,
        price_cents=800_000,
    )
    return contract_document(estimate, [line], estimate_totals(estimate, [line], set()))


def contract_25k(admin, key: str = "contract-25k", **more):
    """A $25,000 contract: a 30% deposit, 40% when the rough-in is done, the rest at the end;
    `more` are other fields of the estimate (a completion date ...)."""
    lines = [
        {"description": "Bathroom remodel", "quantity": "1", "unit_price": "21,000"},
        {"description": "Tile, Daltile Rittenhouse, 120 sq ft", "unit_price": "4,000"},
    ]
    return accepted_estimate(
        admin,
        key,
        lines=lines,
        deposit_kind="percent",
        deposit_value="30",
        progress_schedule="Rough-in done: 40%\nThe rest when the work is done",
        **more,
    )
