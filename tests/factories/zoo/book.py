"""What one zoo writes down as it is made: the addresses of its records per record route of
the route table (every route whose path names a record, "/jobs/[number]") and per notable
record, the customers it made or found, and the tag that keeps its one-time keys and its
visitors' network addresses apart from another zoo's in the same database."""

import secrets
from dataclasses import dataclass, field

from renovation_app.routes import ALL_ROUTES, Route

# Every page that shows one record named in its address; a new one is in the zoo's book at once
# (and its test fails until the zoo makes a record for it).
RECORD_ROUTES: list[Route] = [route for route in ALL_ROUTES if "[" in route.path]


def _no_addresses() -> dict[str, list[str]]:
    return {route.path: [] for route in RECORD_ROUTES}


@dataclass
class Book:
    paths: dict[str, list[str]] = field(default_factory=_no_addresses)
    notes: dict[str, str] = field(default_factory=dict)
    customer_ids: list[int] = field(default_factory=list)
    tag: str = field(default_factory=lambda: secrets.token_hex(4))

    def add(self, route: Route, address: str, note: str = "") -> str:
        """The address of a record on `route`'s page (noted under `note` if given)."""
        addresses = self.paths[route.path]
        if address not in addresses:
            addresses.append(address)
        if note:
            self.notes[note] = address
        return address

    def customer(self, customer_id: int | None) -> None:
        """A customer of one of the zoo's records."""
        if customer_id is not None and customer_id not in self.customer_ids:
            self.customer_ids.append(customer_id)

    def key(self, name: str) -> str:
        """A one-time key of the zoo's (a photo's upload id, a note's key)."""
        return f"zoo-{name}-{self.tag}"

    @staticmethod
    def client() -> str:
        """A visitor's network address of its own (limits count per address)."""
        return f"198.18.{secrets.randbelow(256)}.{secrets.randbelow(254) + 1}"
