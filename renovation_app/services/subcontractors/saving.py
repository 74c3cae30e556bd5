"""Saving a subcontractor: made, its details changed, set inactive or active again; each
change with its audit row in the same transaction."""

from sqlmodel import Session, func, select

from renovation_app.db import db_session
from renovation_app.models import Subcontractor, utc_now
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import lock_key
from renovation_app.services.staff import SignedInUser
from renovation_app.services.subcontractors.fields import FIELDS, SubcontractorDetails

RECORD_KIND = "subcontractor"
NO_SUCH = "There is no such subcontractor."


def subcontractor_or_refuse(session: Session, subcontractor_id: object) -> Subcontractor:
    """The subcontractor of an id the page or the API sent; ActionRefused when there is none."""
    found = (
        session.get(Subcontractor, subcontractor_id)
        if isinstance(subcontractor_id, int) and not isinstance(subcontractor_id, bool)
        else None
    )
    if found is None:
        raise ActionRefused(NO_SUCH)
    return found


def record_audit(
    session: Session,
    action: str,
    subcontractor: Subcontractor,
    user: SignedInUser,
    detail: str = "",
    **values: dict,
) -> None:
    """The audit row of a change to `subcontractor` by `user`; `detail` says what (its company
    when not given), `values` what it was `before` and is `after`."""
    audit.record(
        session,
        action,
        user_id=user.id,
        record_kind=RECORD_KIND,
        record_id=subcontractor.id,
        detail=detail or subcontractor.company,
        **values,
    )


def _refuse_a_second(session: Session, company: str, other_than: int | None = None) -> None:
    """One record per company: a second one of the same name (any case) is refused, so a double
    click or two people typing the same firm make one. Holds the name's lock until the end."""
    lock_key(session, f"subcontractor:{company.lower()}"[:120])
    query = select(Subcontractor.id).where(func.lower(Subcontractor.company) == company.lower())
    if other_than is not None:
        query = query.where(Subcontractor.id != other_than)
    if session.exec(query).first() is not None:
        raise ActionRefused(f"There is already a subcontractor named {company}.")


def create_subcontractor(details: SubcontractorDetails, user: SignedInUser) -> Subcontractor:
    """A new (active) subcontractor with its audit row."""
    with db_session() as session:
        _refuse_a_second(session, details.company)
        subcontractor = Subcontractor(**details.as_dict(), created_at=utc_now())
        session.add(subcontractor)
        session.flush()
        record_audit(session, "subcontractor.created", subcontractor, user, after=details.as_dict())
        session.commit()
        session.refresh(subcontractor)
        return subcontractor


def update_subcontractor(
    subcontractor_id: int, details: SubcontractorDetails, user: SignedInUser
) -> Subcontractor:
    """The new details; the audit row keeps what changed (before and after)."""
    with db_session() as session:
        subcontractor = subcontractor_or_refuse(session, subcontractor_id)
        if details.company.lower() != subcontractor.company.lower():
            _refuse_a_second(session, details.company, other_than=subcontractor.id)
        after = details.as_dict()
        before = {name: getattr(subcontractor, name) for name in FIELDS}
        changed = [name for name in FIELDS if before[name] != after[name]]
        if not changed:
            return subcontractor
        for name in changed:
            setattr(subcontractor, name, after[name])
        session.add(subcontractor)
        record_audit(
            session,
            "subcontractor.updated",
            subcontractor,
            user,
            before={name: before[name] for name in changed},
            after={name: after[name] for name in changed},
        )
        session.commit()
        session.refresh(subcontractor)
        return subcontractor


def set_subcontractor_active(subcontractor_id: int, active: bool, user: SignedInUser) -> None:
    """Deactivate (kept with its bills and certificates, left out of the active list and the
    expiry warnings) or reactivate a subcontractor."""
    with db_session() as session:
        subcontractor = subcontractor_or_refuse(session, subcontractor_id)
        if subcontractor.active == bool(active):
            word = "active" if subcontractor.active else "inactive"
            raise ActionRefused(f"{subcontractor.company} is already {word}.")
        subcontractor.active = bool(active)
        session.add(subcontractor)
        record_audit(
            session,
            "subcontractor.reactivated" if active else "subcontractor.deactivated",
            subcontractor,
            user,
            before={"active": not subcontractor.active},
            after={"active": subcontractor.active},
        )
        session.commit()
