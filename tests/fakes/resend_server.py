"""A fake Resend API on 127.0.0.1 that the real `resend` SDK talks to (RESEND_API_URL)."""

import base64
import hashlib
import hmac
import json
import threading
import time
import uuid
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx

from tests.fakes.serving import serve_in_background, stop_serving


class FakeResend:
    """Records every POST /emails. `fail_with` makes it answer that HTTP status instead, with
    `fail_name` as the error's name (Resend's error type) and `fail_headers` as extra headers
    (e.g. {"Retry-After": "30"}).

    Like the real API, a repeated Idempotency-Key returns the first answer and sends nothing.
    `delay_seconds` holds each answer back after the message is taken (a slow provider);
    `in_flight` maps the client port of every request held back to its Idempotency-Key.
    Each sent message's attachments are also kept decoded under "files":
    [{"filename", "content_type", "content": bytes}].
    """

    def __init__(self) -> None:
        self.sent: list[dict] = []
        self.requests: list[dict] = []  # every attempt, including failed and repeated ones
        self.fail_with: int | None = None
        self.fail_name: str = "application_error"
        self.fail_headers: dict[str, str] = {}
        self.delay_seconds: float = 0
        self.in_flight: dict[int, str] = {}
        self._by_key: dict[str, str] = {}
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, port: int = 0) -> "FakeResend":
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # keep test output quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                key = self.headers.get("Idempotency-Key", "")
                with fake._lock:
                    fake.requests.append({"path": self.path, "body": body, "key": key})
                    if fake.fail_with:
                        return self._answer(
                            fake.fail_with,
                            {"message": "fake outage", "name": fake.fail_name},
                            fake.fail_headers,
                        )
                    if self.headers.get("Authorization", "") == "Bearer ":
                        return self._answer(401, {"message": "missing api key"})
                    if key and key in fake._by_key:
                        return self._answer(200, {"id": fake._by_key[key]})
                    email_id = str(uuid.uuid4())
                    files = [_decoded(a) for a in body.get("attachments") or []]
                    fake.sent.append(
                        {**body, "id": email_id, "idempotency_key": key, "files": files}
                    )
                    if key:
                        fake._by_key[key] = email_id
                    if fake.delay_seconds:
                        fake.in_flight[self.client_address[1]] = key
                if fake.delay_seconds:
                    time.sleep(fake.delay_seconds)
                    with fake._lock:
                        fake.in_flight.pop(self.client_address[1], None)
                return self._answer(200, {"id": email_id})

            def _answer(self, status: int, payload: dict, headers: dict | None = None) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.port = serve_in_background(self._server)
        return self

    def stop(self) -> None:
        """Close the socket: the SDK then gets 'connection refused' until start() again."""
        stop_serving(self._server)
        self._server = None

    def sent_to(self, address: str) -> list[dict]:
        return [m for m in self.sent if address in (m.get("to") or [])]

    def webhook(
        self,
        url: str,
        secret: str,
        event_type: str,
        email_id: str,
        bounce: dict | None = None,
        message_id: str = "",
        timestamp: float | None = None,
    ) -> httpx.Response:
        """POST one delivery event about a sent message to `url`, signed as Resend's webhooks
        are (Svix: HMAC-SHA256 over "id.timestamp.body" with the base64 key after whsec_).
        The same `message_id` again is a replay."""
        sent = next((m for m in self.sent if m["id"] == email_id), {})
        data = {
            "created_at": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
            "email_id": email_id,
            "from": sent.get("from", ""),
            "to": sent.get("to", []),
            "subject": sent.get("subject", ""),
        }
        if bounce is not None:
            data["bounce"] = bounce
        body = json.dumps({"type": event_type, "created_at": data["created_at"], "data": data})
        return httpx.post(
            url, content=body, headers=svix_headers(secret, body, message_id, timestamp)
        )


def svix_headers(
    secret: str, body: str, message_id: str = "", timestamp: float | None = None
) -> dict:
    """The three headers Svix signs a webhook with."""
    message_id = message_id or f"msg_{uuid.uuid4().hex}"
    stamp = str(int(timestamp if timestamp is not None else time.time()))
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = hmac.new(key, f"{message_id}.{stamp}.{body}".encode(), hashlib.sha256).digest()
    return {
        "svix-id": message_id,
        "svix-timestamp": stamp,
        "svix-signature": "v1," + base64.b64encode(signed).decode(),
        "content-type": "application/json",
    }


def _decoded(attachment: dict) -> dict:
    """An attachment as the API got it (base64 text, or a list of byte values) as bytes."""
    content = attachment.get("content")
    raw = base64.b64decode(content, validate=True) if isinstance(content, str) else bytes(content)
    return {
        "filename": attachment.get("filename"),
        "content_type": attachment.get("content_type"),
        "content": raw,
    }
