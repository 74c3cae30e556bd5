"""The twilio SDK's client, set up from settings (Twilio itself, or TWILIO_API_BASE's host)."""

import phonenumbers
from twilio.http.http_client import TwilioHttpClient
from twilio.rest import Client

from renovation_app.settings import settings

TWILIO_API = "https://api.twilio.com"
# Longer than a slow answer, shorter than the outbox's claim (a live send is never taken over).
SEND_TIMEOUT_SECONDS = 20


class _ElsewhereHttpClient(TwilioHttpClient):
    """Sends the SDK's requests for api.twilio.com to another host (the tests' fake)."""

    def __init__(self, base: str, timeout: float) -> None:
        super().__init__(timeout=timeout)
        self.base = base.rstrip("/")

    def request(self, method, url, *args, **kwargs):
        if url.startswith(TWILIO_API):
            url = self.base + url[len(TWILIO_API) :]
        return super().request(method, url, *args, **kwargs)


def twilio_client(timeout: float | None = None) -> Client:
    timeout = timeout or SEND_TIMEOUT_SECONDS
    base = settings.twilio_api_base
    http = _ElsewhereHttpClient(base, timeout) if base else TwilioHttpClient(timeout=timeout)
    return Client(settings.twilio_account_sid, settings.twilio_auth_token, http_client=http)


def sender() -> dict[str, str]:
    """The From of every text: the messaging service when there is one, else the number."""
    if settings.twilio_messaging_service_sid:
        return {"messaging_service_sid": settings.twilio_messaging_service_sid}
    return {"from_": settings.twilio_from_number}


def e164(phone: str) -> str | None:
    """A phone as Twilio takes it (+17185550142), or None when it is no valid number."""
    try:
        number = phonenumbers.parse(phone, "US")
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(number):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
