"""A lien waiver as its link page, the staff pages, its e-mail and its PDF read it: the
document (a signed one exactly as signed) and its signature in words."""

import json
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session

from renovation_app.db import db_session
from renovation_app.models import CustomerLinkKind, LienWaiver, Signature
from renovation_app.services import links
from renovation_app.services.change_orders.views import signature_words
from renovation_app.services.lien_waivers.document import waiver_document
from renovation_app.services.signatures import document_hash


def current_document(session: Session, waiver: LienWaiver) -> dict:
    if waiver.signature_id is not None:
        return json.loads(session.get(Signature, waiver.signature_id).document)
    return waiver_document(session, waiver)


def waiver_view(session: Session, waiver: LienWaiver, link_url: str = "") -> dict:
    document = current_document(session, waiver)
    signature = session.get(Signature, waiver.signature_id) if waiver.signature_id else None
    return {
        **document,
        **signature_words(signature),
        "signed_already": signature is not None,
        "link_url": link_url,
        "document_sha256_shown": document_hash(document),
    }


@dataclass(frozen=True)
class WaiverPage:
    signed: bool
    waiver: dict
    ended: bool = False  # the link is past its end (links.lifetimes): nothing of it is shown


def read_waiver_link(token: str, now: datetime | None = None) -> WaiverPage | None:
    """What the subcontractor's link shows; None for a token that opens no waiver."""
    with db_session() as session:
        opened = links.open_link(session, CustomerLinkKind.LIEN_WAIVER, token, now)
        if opened is None:
            return None
        if opened.ended:
            return WaiverPage(signed=True, waiver={}, ended=True)
        waiver = session.get(LienWaiver, opened.record_id)
        url = links.link_url(CustomerLinkKind.LIEN_WAIVER, token)
        return WaiverPage(waiver.signature_id is not None, waiver_view(session, waiver, url))
