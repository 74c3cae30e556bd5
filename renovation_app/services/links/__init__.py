"""Customer links (pay, estimate): 256-bit tokens of which only the hash is stored, each
opening one record, made again with SECRET_KEY for e-mails and staff pages."""

from renovation_app.services.links.customer_links import (
    current_link_url,
    find_record,
    has_live_link,
    hash_token,
    issue_link,
    link_token,
    link_url,
    revoke_links,
)

__all__ = [
    "current_link_url",
    "find_record",
    "has_live_link",
    "hash_token",
    "issue_link",
    "link_token",
    "link_url",
    "revoke_links",
]
