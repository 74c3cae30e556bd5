"""A fake Resend API on 127.0.0.1 that the real `resend` SDK talks to (RESEND_API_URL)."""

import json
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeResend:
    """Records every POST /emails. `fail_with` makes it answer that HTTP status instead.

    Like the real API, a repeated Idempotency-Key returns the first answer and sends nothing.
    """

    def __init__(self) -> None:
        self.sent: list[dict] = []
        self.requests: list[dict] = []  # every attempt, including failed and repeated ones
        self.fail_with: int | None = None
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
                        return self._answer(fake.fail_with, {"message": "fake outage"})
                    if self.headers.get("Authorization", "") == "Bearer ":
                        return self._answer(401, {"message": "missing api key"})
                    if key and key in fake._by_key:
                        return self._answer(200, {"id": fake._by_key[key]})
                    email_id = str(uuid.uuid4())
                    fake.sent.append({**body, "id": email_id, "idempotency_key": key})
                    if key:
                        fake._by_key[key] = email_id
                return self._answer(200, {"id": email_id})

            def _answer(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        """Close the socket: the SDK then gets 'connection refused' until start() again."""
        if self._server:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def sent_to(self, address: str) -> list[dict]:
        return [m for m in self.sent if address in (m.get("to") or [])]
