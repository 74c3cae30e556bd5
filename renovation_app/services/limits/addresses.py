"""Who is asking: the client's address (behind trusted proxies) and its keyed hash.

One derivation for the pages (websocket headers) and the HTTP API, so limits count the same.
"""

import hashlib
import hmac
import ipaddress
from collections.abc import Mapping

from renovation_app.settings import settings


def client_address(peer: str, forwarded_for: str = "", trusted_hops: int | None = None) -> str:
    """The peer's address, or with N trusted proxies the N-th address from the right of
    X-Forwarded-For (the one our own nearest proxy saw; the left part is client-controlled)."""
    hops = settings.trusted_proxy_hops if trusted_hops is None else trusted_hops
    if hops > 0:
        chain = [part.strip() for part in forwarded_for.split(",") if part.strip()]
        if len(chain) >= hops:
            return chain[-hops]
    return peer or "unknown"


def client_address_from_headers(headers: Mapping[str, str], peer: str) -> str:
    return client_address(peer, headers.get("x-forwarded-for", ""))


def address_group(address: str) -> str:
    """IPv4 addresses count one by one; IPv6 per /64, which one household or host usually gets."""
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return address[:100]
    if ip.version == 6:
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def client_fingerprint(address: str) -> str:
    """HMAC of the address group keyed with SECRET_KEY: enough to rate-limit, useless if leaked."""
    return hmac.new(
        settings.secret_key.encode(), address_group(address).encode(), hashlib.sha256
    ).hexdigest()
