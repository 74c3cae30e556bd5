"""The New York City borough of a typed address, for grouping and filtering invoices."""

import re

BROOKLYN = "Brooklyn"
MANHATTAN = "Manhattan"
QUEENS = "Queens"
BRONX = "Bronx"
STATEN_ISLAND = "Staten Island"
OUTSIDE_NYC = "Outside NYC"
LOCATIONS = (BROOKLYN, MANHATTAN, QUEENS, BRONX, STATEN_ISLAND, OUTSIDE_NYC)

# A street named after a place ("Brooklyn Ave", "Jamaica Avenue") says nothing about where it is.
_NOT_A_STREET = (
    r"(?!\s+(?:ave|avenue|st|street|blvd|boulevard|rd|road|pkwy|parkway|expy|expressway|pl|"
    r"place|ln|lane|dr|drive|ct|court|ter|terrace|hwy|highway|bridge|tpke|turnpike)\b\.?)"
)
# Queens mail is addressed to its neighbourhoods ("Astoria, NY 11102"), not to "Queens".
_QUEENS_PLACES = (
    "queens",
    "astoria",
    "long island city",
    "flushing",
    "jamaica",
    "forest hills",
    "jackson heights",
    "elmhurst",
    "east elmhurst",
    "corona",
    "woodside",
    "sunnyside",
    "ridgewood",
    "maspeth",
    "middle village",
    "rego park",
    "kew gardens",
    "richmond hill",
    "ozone park",
    "south ozone park",
    "howard beach",
    "far rockaway",
    "rockaway park",
    "arverne",
    "bayside",
    "whitestone",
    "college point",
    "fresh meadows",
    "oakland gardens",
    "little neck",
    "douglaston",
    "glen oaks",
    "bellerose",
    "queens village",
    "hollis",
    "st\\. albans",
    "saint albans",
    "springfield gardens",
    "rosedale",
    "cambria heights",
    "laurelton",
)
_NAMED = (
    (STATEN_ISLAND, r"staten\s+island"),
    (BRONX, r"bronx"),
    (BROOKLYN, r"brooklyn"),
    (QUEENS, "|".join(p.replace(" ", r"\s+") for p in _QUEENS_PLACES)),
    (MANHATTAN, r"manhattan|new\s+york\s*,?\s*(?:ny|new\s+york)\b"),
)
_NAMED_RE = [
    (borough, re.compile(rf"\b(?:{names})\b{_NOT_A_STREET}", re.IGNORECASE))
    for borough, names in _NAMED
]
# A ZIP code is the last 5-digit group of the address that does not start a line: a number
# that starts a line is a house number ("10001 Foster Ave").
_ZIP = re.compile(r"(?<![0-9])([0-9]{5})(?:-[0-9]{4})?(?![0-9])", re.ASCII)
# 110xx is mostly Nassau County; these two are Queens (Glen Oaks, Floral Park).
_QUEENS_110 = {"11004", "11005"}
_QUEENS_RE = dict(_NAMED_RE)[QUEENS]


def _zip_code(address: str) -> str:
    found = ""
    for match in _ZIP.finditer(address):
        before = address[: match.start()].rsplit("\n", 1)[-1]
        if before.strip():
            found = match.group(1)
    return found


def _borough_of_zip(code: str, address: str) -> str:
    prefix = code[:3]
    if prefix in ("100", "101", "102"):
        return MANHATTAN
    if prefix == "103":
        return STATEN_ISLAND
    if prefix == "104":
        return BRONX
    if prefix == "112":
        return BROOKLYN
    if prefix in ("111", "113", "114", "116") or code in _QUEENS_110:
        return QUEENS
    if prefix == "110" and _QUEENS_RE.search(address):  # ZIPs shared with Nassau County
        return QUEENS
    return OUTSIDE_NYC


def location_of(address: str) -> str:
    """The NYC borough of an address, "Outside NYC", or "" when it cannot be told.

    A ZIP code decides when there is one (it is exact); otherwise a borough (or Queens
    neighbourhood) named as a place, not as part of a street name.
    """
    code = _zip_code(address)
    if code:
        return _borough_of_zip(code, address)
    for borough, pattern in _NAMED_RE:
        if pattern.search(address):
            return borough
    return ""
