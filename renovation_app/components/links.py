"""Contact links built from the business profile (tel:, WhatsApp, mailto:)."""

from urllib.parse import quote

from renovation_app.content import BUSINESS, EMAIL_SUBJECT, WHATSAPP_TEXT

TEL_HREF = f"tel:{BUSINESS.phone_e164}"
WHATSAPP_HREF = f"https://wa.me/{BUSINESS.whatsapp_e164.lstrip('+')}?text={quote(WHATSAPP_TEXT)}"
MAILTO_HREF = f"mailto:{BUSINESS.email}?subject={quote(EMAIL_SUBJECT)}&body={quote(WHATSAPP_TEXT)}"
