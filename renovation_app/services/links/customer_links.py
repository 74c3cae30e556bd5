"""Customer links: one mechanism for every link a customer opens without signing in (pay, estimate
and change order today; project page and waiver later).

A token is 256 bits: HMAC-SHA256 of the link's kind, its record and a salt, under a key derived
from SECRET_KEY. The database keeps the token's SHA-256 (to find the link) and the salt, so a
copy of the database opens nothing, while the site, which holds SECRET_KEY, makes the same
token again for a reminder days later or for the staff page. A link opens only its one record,
and nothing once revoked or past its end (lifetimes.py: one rule per kind, read from the record).

The links a person's project page hands out (a change order to sign, the contract, the pay
links) are that person's own, not the owner's e-mailed ones: each carries its viewer, and
opens its record only while the viewer's project link is live, checked on every use. Revoking
a person's project link therefore ends, at once and without a list to keep, everything their
page gave them, while the owner's e-mailed links and every other person's keep working. (The
other design, serving each action under /project/<token>/..., would have needed a second copy
of every answer page and pay route.)
"""

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from sqlalchemy import update
from sqlmodel import Session, select

from renovation_app.db import insert_or_ignore
from renovation_app.models import CustomerLink, CustomerLinkKind, utc_now
from renovation_app.routes import (
    change_order_link_path,
    estimate_link_path,
    lien_waiver_link_path,
    pay_path,
    project_path,
    visit_link_path,
)
from renovation_app.services.links.lifetimes import link_end
from renovation_app.settings import settings

# Our tokens are 43 characters; anything longer, empty or not ASCII is refused unread.
TOKEN_MAX = 64
_PATHS = {
    CustomerLinkKind.PAY: pay_path,
    CustomerLinkKind.ESTIMATE: estimate_link_path,
    CustomerLinkKind.CHANGE_ORDER: change_order_link_path,
    CustomerLinkKind.LIEN_WAIVER: lien_waiver_link_path,
    CustomerLinkKind.VISIT: visit_link_path,
    CustomerLinkKind.PROJECT: project_path,
}


def hash_token(token: str) -> str:
    """What the database keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def _key() -> bytes:
    return HKDF(
        algorithm=hashes.SHA256(), length=32, salt=None, info=b"renovation customer links"
    ).derive(settings.secret_key.encode())


def _token(kind: CustomerLinkKind, record_id: int, salt: str) -> str:
    message = f"{CustomerLinkKind(kind).value}:{record_id}:{salt}".encode()
    mac = hmac.new(_key(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def _is_live(link: CustomerLink, now: datetime) -> bool:
    return link.revoked_at is None and (link.expires_at is None or now < link.expires_at)


def issue_link(
    session: Session,
    kind: CustomerLinkKind,
    record_id: int,
    expires_at: datetime | None = None,
) -> str:
    """A new link to one record, added in the caller's transaction; returns its token, which
    is stored nowhere."""
    salt = secrets.token_hex(16)
    token = _token(kind, record_id, salt)
    session.add(
        CustomerLink(
            kind=kind,
            record_id=record_id,
            token_hash=hash_token(token),
            salt=salt,
            expires_at=expires_at,
        )
    )
    return token


@dataclass(frozen=True)
class OpenedLink:
    record_id: int
    ended: bool  # its record's time is over (lifetimes): the page says so and opens nothing


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)  # SQLite: naive UTC


def _has_ended(session: Session, kind: CustomerLinkKind, record_id: int, now: datetime) -> bool:
    """Whether the record's links have reached their end (lifetimes.link_end)."""
    end = link_end(session, kind, record_id)
    return end is not None and now >= _aware(end)


def open_link(
    session: Session, kind: CustomerLinkKind, token: object, now: datetime | None = None
) -> OpenedLink | None:
    """The record a token is a link to, and whether that link has ended; None for anything
    else (a made-up token, a link of another kind, a revoked one, one handed out by the page of
    a person whose project link no longer opens). One hash and one indexed lookup."""
    if not isinstance(token, str) or not token or len(token) > TOKEN_MAX or not token.isascii():
        return None
    link = session.exec(
        select(CustomerLink).where(CustomerLink.token_hash == hash_token(token))
    ).first()
    now = now or utc_now()
    if link is None or link.kind != kind or not _is_live(link, now):
        return None
    if link.viewer_id is not None and not has_live_link(
        session, CustomerLinkKind.PROJECT, link.viewer_id, now
    ):
        return None
    return OpenedLink(link.record_id, _has_ended(session, kind, link.record_id, now))


def find_record(
    session: Session, kind: CustomerLinkKind, token: object, now: datetime | None = None
) -> int | None:
    """The id of the one record a token opens now; None for anything else, an ended link too
    (see open_link): every page and action of a link goes through here."""
    opened = open_link(session, kind, token, now)
    return opened.record_id if opened is not None and not opened.ended else None


def has_live_link(
    session: Session, kind: CustomerLinkKind, record_id: int, now: datetime | None = None
) -> bool:
    """Whether the record has a link that opens it now (none after staff revoked them, or
    after the record's links ended)."""
    links = session.exec(
        select(CustomerLink).where(CustomerLink.kind == kind, CustomerLink.record_id == record_id)
    ).all()
    now = now or utc_now()
    live = any(_is_live(link, now) for link in links)
    return live and not _has_ended(session, kind, record_id, now)


def link_token(
    session: Session, kind: CustomerLinkKind, record_id: int, viewer_id: int | None = None
) -> str:
    """The token of the record's current link, made again from its salt, for an e-mail or the
    staff page (or, with `viewer_id`, for that person's project page: their own link). When no
    live link can be made again (one moved from before the hashes, or SECRET_KEY changed
    since), a new link is added in the caller's transaction, which commits it; the older links
    keep opening the record."""
    if viewer_id is None:
        holder = CustomerLink.viewer_id.is_(None)
    else:
        holder = CustomerLink.viewer_id == viewer_id
    links = session.exec(
        select(CustomerLink)
        .where(CustomerLink.kind == kind, CustomerLink.record_id == record_id, holder)
        .order_by(CustomerLink.id.desc())
    ).all()
    now = utc_now()
    for link in links:
        if link.salt and _is_live(link, now):
            token = _token(kind, record_id, link.salt)
            if hmac.compare_digest(hash_token(token), link.token_hash):
                return token
    return _reissue(session, kind, record_id, links[0] if links else None, viewer_id)


def _reissue(
    session: Session,
    kind: CustomerLinkKind,
    record_id: int,
    newest: CustomerLink | None,
    viewer_id: int | None,
) -> str:
    # The salt follows from the newest link's hash (or the viewer, for their first), so
    # transactions that find no link to make again at the same time (a staff page and a
    # reminder), or a view built after its caller committed, all make the same token: the
    # first commit keeps it for every one of them.
    if newest is not None:
        salt = hash_token(f"after:{newest.token_hash}")[:32]
    else:
        salt = hash_token(f"viewer:{viewer_id}")[:32] if viewer_id else secrets.token_hex(16)
    token = _token(kind, record_id, salt)
    session.execute(
        insert_or_ignore(
            session,
            CustomerLink,
            kind=kind,
            record_id=record_id,
            token_hash=hash_token(token),
            salt=salt,
            created_at=utc_now(),
            viewer_id=viewer_id,
        )
    )
    return token


def link_url(kind: CustomerLinkKind, token: str) -> str:
    """The full address of a customer's link (/pay/<token>, /estimate/<token>)."""
    return settings.url(_PATHS[CustomerLinkKind(kind)](token))


def current_link_url(
    session: Session, kind: CustomerLinkKind, record_id: int, viewer_id: int | None = None
) -> str:
    """The full address of the record's current link (see link_token)."""
    return link_url(kind, link_token(session, kind, record_id, viewer_id))


def revoke_links(
    session: Session, kind: CustomerLinkKind, record_id: int, now: datetime | None = None
) -> int:
    """Every link to the record stops opening it, in the caller's transaction; the next
    link_token gives a new one. Returns how many were revoked."""
    return session.execute(
        update(CustomerLink)
        .where(
            CustomerLink.kind == kind,
            CustomerLink.record_id == record_id,
            CustomerLink.revoked_at.is_(None),
        )
        .values(revoked_at=now or utc_now())
    ).rowcount
