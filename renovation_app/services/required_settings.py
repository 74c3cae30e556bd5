"""Settings New York's duties need (the home improvement contractor licence, the escrow bank,
the lead-safe certifications): the one line that prints the licence everywhere, and which
required settings are still unset (the dashboard lists them)."""

from dataclasses import dataclass

from renovation_app.settings import settings

LICENCE_NAME = "NYC Home Improvement Contractor Licence"


def licence_number() -> str:
    """The licence number ("2099999-DCA"), or "" while it is unset."""
    return settings.contractor_licence.strip()


def licence_line() -> str:
    """The licence as the footer, e-mails and PDFs print it, or "" while it is unset, so no
    place shows an empty "Licence #"."""
    number = licence_number()
    return f"{LICENCE_NAME} #{number}" if number else ""


@dataclass(frozen=True)
class RequiredSetting:
    name: str  # the attribute of `settings`; its environment variable is the same in capitals
    what: str
    shown_on: tuple[str, ...]
    blocks: str = ""  # what the site refuses to do while it is unset


# One row per setting the law makes us print; a new duty is a new row.
REQUIRED_SETTINGS: tuple[RequiredSetting, ...] = (
    RequiredSetting(
        "contractor_licence",
        "the NYC home improvement contractor licence number (New York requires it wherever the "
        "business advertises)",
        (
            "the footer of every public page",
            "the site's structured data (JSON-LD)",
            "every e-mail",
            "every PDF",
        ),
        # estimates.saving.contract_settings_problem refuses to send an estimate without it.
        "Estimates and contracts cannot be sent without it.",
    ),
    RequiredSetting(
        "escrow_bank",
        "the bank holding deposits in escrow (Lien Law §71-a)",
        ("every contract", "the owner's escrow notice"),
        "Estimates and contracts cannot be sent without it.",
    ),
    RequiredSetting(
        "escrow_bank_address",
        "the escrow bank's address",
        ("the owner's escrow notice",),
        "The owner's escrow notice cannot be sent without it.",
    ),
    RequiredSetting(
        "rrp_firm_certificate",
        "the firm's EPA lead-safe (RRP) certification number",
        ("the record of lead-safe work of every home built before 1978",),
    ),
    RequiredSetting(
        "rrp_renovator_name",
        "the certified renovator on the jobs (EPA RRP)",
        ("the record of lead-safe work of every home built before 1978",),
    ),
    RequiredSetting(
        "rrp_renovator_certificate",
        "the certified renovator's EPA certificate number",
        ("the record of lead-safe work of every home built before 1978",),
    ),
)


@dataclass(frozen=True)
class MissingSetting:
    env: str  # "CONTRACTOR_LICENCE"
    words: str  # what it is, where it would show, what waits for it


def missing_settings() -> list[MissingSetting]:
    """The required settings that are unset (blank counts as unset), for the dashboard."""
    return [
        MissingSetting(row.name.upper(), _words(row))
        for row in REQUIRED_SETTINGS
        if not str(getattr(settings, row.name)).strip()
    ]


def _words(row: RequiredSetting) -> str:
    *first, last = row.shown_on
    places = f"{', '.join(first)} and {last}" if first else last
    shows = f"It is {row.what}; once set (and the site restarted) it appears in {places}."
    return f"{shows} {row.blocks}".strip()
