"""E-mails leave through Resend: the row's idempotency key with every try, and a failure read
from Resend's answer (a 429 waits as long as Resend asks, a 409 is the same key still in flight,
another 4xx is refused for good, anything else is tried again)."""

import base64
from datetime import datetime, timedelta

import resend

from renovation_app.models import Channel, OutboxAttachment, OutboxEmail, utc_now
from renovation_app.services.mail.channels import ChannelSender, Verdict, register_channel
from renovation_app.services.retry_after import pause_asked
from renovation_app.settings import settings

IN_FLIGHT_DELAY = timedelta(seconds=5)  # 409: the provider is still busy with the same key
MAX_DELAY = timedelta(hours=1)


def send_email(row: OutboxEmail, attachments: list[OutboxAttachment], earlier_try: bool) -> str:
    """Hand one e-mail to Resend and return its id; raises on any failure. A repeated try
    (`earlier_try`) is harmless: Resend gets the row's idempotency key with every one."""
    resend.api_key = settings.resend_api_key
    if settings.resend_api_url:
        resend.api_url = settings.resend_api_url
    params: resend.Emails.SendParams = {
        "from": settings.mail_from,
        "to": [row.to],
        "subject": row.subject,
        "html": row.html,
        "text": row.text,
    }
    if row.reply_to:
        params["reply_to"] = row.reply_to
    if attachments:
        params["attachments"] = [
            {
                "filename": a.filename,
                "content": base64.b64encode(a.content).decode("ascii"),  # the API takes base64
                "content_type": a.content_type,
            }
            for a in attachments
        ]
    answer = resend.Emails.send(params, {"idempotency_key": row.idempotency_key})
    return answer["id"]


def _status_code(error: Exception) -> int | None:
    # resend.exceptions.ResendError carries the HTTP status in `.code` (an int or a string);
    # network failures arrive as ResendError(code=500, error_type="HttpClientError").
    try:
        return int(str(getattr(error, "code", "")))
    except ValueError:
        return None


def _retry_after(error: Exception, now: datetime) -> timedelta | None:
    """The Retry-After header of the response (seconds or an HTTP date), if there was one."""
    # ResendError.headers holds the response headers (a plain dict, so the case is the server's).
    headers = getattr(error, "headers", None) or {}
    value = next((v for k, v in headers.items() if k.lower() == "retry-after"), None)
    return pause_asked(value, now, MAX_DELAY)


def classify_email_failure(error: Exception, now: datetime | None = None) -> Verdict:
    """Sort a send failure: refused for good, or retried (when)."""
    code = _status_code(error)
    if code == 429:  # rate limit or quota: wait as long as the provider asks
        return Verdict(permanent=False, delay=_retry_after(error, now or utc_now()))
    if code == 409:
        # The same idempotency key used with a different body can never succeed; otherwise the
        # first request with this key is still in flight at the provider: ask again soon.
        if getattr(error, "error_type", "") == "invalid_idempotent_request":
            return Verdict(permanent=True)
        return Verdict(permanent=False, delay=IN_FLIGHT_DELAY)
    if code is not None and 400 <= code < 500:  # bad address, bad request, bad key ...
        return Verdict(permanent=True)
    return Verdict(permanent=False)  # 5xx, network errors, anything unexpected


register_channel(
    Channel.EMAIL,
    ChannelSender(
        send=send_email,
        classify=classify_email_failure,
        is_on=lambda: bool(settings.resend_api_key),
    ),
)
