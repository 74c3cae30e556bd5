"""The tel:, WhatsApp and mailto: links, built in one place for pages, content and e-mails."""

from urllib.parse import quote

from .business import BUSINESS
from .home import EMAIL_SUBJECT, WHATSAPP_TEXT


def tel_href(e164: str) -> str:
    """A phone link: "+17185550142" -> "tel:+17185550142"."""
    return f"tel:{e164}"


def whatsapp_href(e164: str, text: str = "") -> str:
    """A WhatsApp chat with a number, optionally with a message typed in."""
    href = f"https://wa.me/{e164.lstrip('+')}"
    return f"{href}?text={quote(text)}" if text else href


def mailto_href(address: str, subject: str = "", body: str = "") -> str:
    """A mail link, optionally with a subject and a body typed in.

    `address` may also be a Reflex string Var (an e-mail address of a staff table row): the
    link is then a Var too.
    """
    href = "mailto:" + address
    query = "&".join(
        f"{name}={quote(value)}" for name, value in (("subject", subject), ("body", body)) if value
    )
    return f"{href}?{query}" if query else href


# The hero buttons and the panels' contact list: a call, a chat or an e-mail with the greeting.
TEL_HREF = tel_href(BUSINESS.phone_e164)
WHATSAPP_HREF = whatsapp_href(BUSINESS.whatsapp_e164, WHATSAPP_TEXT)
MAILTO_HREF = mailto_href(BUSINESS.email, EMAIL_SUBJECT, WHATSAPP_TEXT)
