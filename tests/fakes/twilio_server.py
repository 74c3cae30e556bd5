"""A fake Twilio REST API on 127.0.0.1 that the real `twilio` SDK talks to (TWILIO_API_BASE),
and signed webhooks to our app made with the SDK's own RequestValidator."""

import base64
import json
import re
import threading
import time
import uuid
from datetime import UTC, datetime
from email.utils import format_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import httpx
from twilio.request_validator import RequestValidator

from tests.fakes.serving import serve_in_background, stop_serving

ACCOUNT_SID = "AC" + "0" * 32
AUTH_TOKEN = "fake_twilio_auth_token_0123456789"
E164 = re.compile(r"^\+[1-9]\d{7,14}$")
MESSAGES_PATH = re.compile(r"^/2010-04-01/Accounts/(?P<sid>AC\w+)/Messages\.json$")
MEDIA_PATH = re.compile(r"^/2010-04-01/Accounts/(?P<sid>AC\w+)/Messages/MM\w+/Media/ME\w+$")
TWILIO_API = "https://api.twilio.com"


def _rfc2822(when: datetime) -> str:
    return format_datetime(when, usegmt=True)


class FakeTwilio:
    """Keeps every message created (`sent`) and every request (`requests`).

    - A `To` that is no E.164 number (or is in `invalid`: a number no carrier has) is refused
      with 21211; one in `unsubscribed` with 21610
      (the recipient texted STOP to the sender), as Twilio answers them (HTTP 400).
    - `fail_with` answers that HTTP status (e.g. 500) without taking the message.
    - `hang_after_accept` seconds: the message is taken (listed from then on) and the answer is
      held back that long, so a client with a shorter timeout never learns its sid.
    - For simplicity a message's `date_sent` is its creation time (Twilio sets it once its
      carrier took it); the list filters `To` and `DateSent`, `DateSent>` and `DateSent<`.
    """

    def __init__(self, account_sid: str = ACCOUNT_SID, auth_token: str = AUTH_TOKEN) -> None:
        self.account_sid = account_sid
        self.auth_token = auth_token
        self.sent: list[dict] = []
        self.requests: list[dict] = []
        self.unsubscribed: set[str] = set()
        self.invalid: set[str] = set()
        self.media: dict[str, tuple[bytes, str]] = {}  # path: (content, content type)
        self.fail_with: int | None = None
        self.hang_after_accept: float = 0
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def bodies_to(self, number: str) -> list[str]:
        return [m["body"] for m in self.sent if m["to"] == number]

    def start(self) -> "FakeTwilio":
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                fake._handle(self, "POST", form)

            def do_GET(self) -> None:
                query = {k: v[0] for k, v in parse_qs(urlsplit(self.path).query).items()}
                fake._handle(self, "GET", query)

            def answer(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = serve_in_background(self._server)
        return self

    def stop(self) -> None:
        stop_serving(self._server)

    def add_media(self, content: bytes, content_type: str) -> str:
        """A photo of an inbound MMS; returns its address as Twilio gives it (api.twilio.com),
        served here with the account's credentials (the app rewrites the host)."""
        path = (
            f"/2010-04-01/Accounts/{self.account_sid}/Messages/MM{uuid.uuid4().hex}"
            f"/Media/ME{uuid.uuid4().hex}"
        )
        self.media[path] = (content, content_type)
        return TWILIO_API + path

    def _serve_media(self, handler, path: str) -> None:
        if not self._authorized(handler):
            return handler.answer(401, _error(20003, "Authenticate", 401))
        content, content_type = self.media[path]
        handler.send_response(200)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(len(content)))
        handler.end_headers()
        handler.wfile.write(content)

    def _authorized(self, handler) -> bool:
        expected = base64.b64encode(f"{self.account_sid}:{self.auth_token}".encode()).decode()
        return handler.headers.get("Authorization", "") == f"Basic {expected}"

    def _handle(self, handler, method: str, fields: dict) -> None:
        path = urlsplit(handler.path).path
        match = MESSAGES_PATH.match(path)
        with self._lock:
            self.requests.append({"method": method, "path": handler.path, "fields": fields})
        if method == "GET" and MEDIA_PATH.match(path) and path in self.media:
            return self._serve_media(handler, path)
        if not match or match["sid"] != self.account_sid:
            return handler.answer(404, _error(20404, "The requested resource was not found", 404))
        if not self._authorized(handler):
            return handler.answer(401, _error(20003, "Authenticate", 401))
        if self.fail_with:
            return handler.answer(self.fail_with, _error(20500, "Internal Server Error", 500))
        if method == "GET":
            return handler.answer(200, self._list(handler.path, fields))
        status, payload = self._create(fields)
        if status == 201 and self.hang_after_accept:
            time.sleep(self.hang_after_accept)
        handler.answer(status, payload)

    def _create(self, form: dict) -> tuple[int, dict]:
        to, body = form.get("To", ""), form.get("Body", "")
        if not E164.match(to) or to in self.invalid:
            return 400, _error(21211, f"Invalid 'To' Phone Number: {to}", 400)
        if to in self.unsubscribed:
            return 400, _error(21610, "Attempt to send to unsubscribed recipient", 400)
        if not (form.get("From") or form.get("MessagingServiceSid")) or not body:
            return 400, _error(21604, "A 'From' phone number and a 'Body' are required", 400)
        now = datetime.now(UTC)
        message = {
            "sid": "SM" + uuid.uuid4().hex,
            "account_sid": self.account_sid,
            "to": to,
            "from": form.get("From") or "+15005550006",
            "messaging_service_sid": form.get("MessagingServiceSid"),
            "body": body,
            "status": "queued",
            "direction": "outbound-api",
            "num_segments": "1",
            "num_media": "0",
            "date_created": _rfc2822(now),
            "date_updated": _rfc2822(now),
            "date_sent": _rfc2822(now),
            "error_code": None,
            "error_message": None,
            "price": None,
            "price_unit": "USD",
            "api_version": "2010-04-01",
            "status_callback": form.get("StatusCallback"),
        }
        message["uri"] = f"/2010-04-01/Accounts/{self.account_sid}/Messages/{message['sid']}.json"
        with self._lock:
            self.sent.append(message)
        return 201, message

    def _list(self, path: str, query: dict) -> dict:
        with self._lock:
            found = [m for m in reversed(self.sent) if _matches(m, query)]  # newest first
        return {
            "messages": found,
            "first_page_uri": path,
            "next_page_uri": None,
            "previous_page_uri": None,
            "page": 0,
            "page_size": 50,
            "start": 0,
            "end": max(len(found) - 1, 0),
            "uri": path,
        }

    # Webhooks to our app, signed as Twilio signs them.

    def _signed_post(self, url: str, params: dict, signature: str | None = "", post=None):
        """POST the form to `url` with `post` (httpx.post, or a Starlette TestClient's post)."""
        headers = {}
        if signature is not None:
            headers["X-Twilio-Signature"] = signature or RequestValidator(
                self.auth_token
            ).compute_signature(url, params)
        return (post or httpx.post)(url, data=params, headers=headers)

    def post_inbound(
        self,
        url: str,
        from_: str,
        body: str,
        media: tuple[tuple[str, str], ...] = (),
        signature: str | None = "",
        post=None,
    ) -> httpx.Response:
        """A text from `from_` to our number, as Twilio posts it; `media` is (url, type) pairs.
        `signature=None` sends none; any other non-empty string is sent as it is (a forgery)."""
        params = {
            "MessageSid": "SM" + uuid.uuid4().hex,
            "AccountSid": self.account_sid,
            "From": from_,
            "To": "+15005550006",
            "Body": body,
            "NumMedia": str(len(media)),
        }
        for i, (media_url, content_type) in enumerate(media):
            params[f"MediaUrl{i}"] = media_url
            params[f"MediaContentType{i}"] = content_type
        return self._signed_post(url, params, signature, post)

    def post_status(
        self, url: str, message_sid: str, status: str, error_code: str = "", post=None
    ) -> httpx.Response:
        """A status callback for a message we sent (sent, delivered, failed, undelivered)."""
        message = next(m for m in self.sent if m["sid"] == message_sid)
        params = {
            "MessageSid": message_sid,
            "MessageStatus": status,
            "AccountSid": self.account_sid,
            "To": message["to"],
            "From": message["from"],
        }
        if error_code:
            params["ErrorCode"] = error_code
        return self._signed_post(url, params, "", post)


def _error(code: int, message: str, status: int) -> dict:
    return {
        "code": code,
        "message": message,
        "more_info": f"https://www.twilio.com/docs/errors/{code}",
        "status": status,
    }


def _parse_when(value: str) -> datetime:
    if "T" in value:
        return datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    return datetime.strptime(value, "%Y-%m-%d").replace(tzinfo=UTC)


def _matches(message: dict, query: dict) -> bool:
    if "To" in query and message["to"] != query["To"]:
        return False
    sent = datetime.strptime(message["date_sent"], "%a, %d %b %Y %H:%M:%S GMT")
    sent = sent.replace(tzinfo=UTC)
    if "DateSent>" in query and sent < _parse_when(query["DateSent>"]):
        return False
    if "DateSent<" in query and sent > _parse_when(query["DateSent<"]):
        return False
    return not ("DateSent" in query and sent.date() != _parse_when(query["DateSent"]).date())
