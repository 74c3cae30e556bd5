"""Customer links (pay, estimate, change order, lien waiver, visit, project): 256-bit tokens of
which only the hash is stored, each opening one record until its end (lifetimes), made again
with SECRET_KEY for e-mails and staff pages."""

from renovation_app.services.links.customer_links import (
    OpenedLink,
    current_link_url,
    find_record,
    has_live_link,
    hash_token,
    issue_link,
    link_token,
    link_url,
    open_link,
    revoke_links,
)

__all__ = [
    "OpenedLink",
    "current_link_url",
    "find_record",
    "has_live_link",
    "hash_token",
    "issue_link",
    "link_token",
    "link_url",
    "open_link",
    "revoke_links",
]
