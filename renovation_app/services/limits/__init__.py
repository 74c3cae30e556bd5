"""Limits on what one client or key may do: lock rows, rate hits and client addresses."""

from renovation_app.services.limits.addresses import (
    address_group,
    client_address,
    client_address_from_headers,
    client_fingerprint,
)
from renovation_app.services.limits.throttle import allow, lock_key

__all__ = [
    "address_group",
    "allow",
    "client_address",
    "client_address_from_headers",
    "client_fingerprint",
    "lock_key",
]
