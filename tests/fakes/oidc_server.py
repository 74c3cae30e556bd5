"""A fake OpenID Connect provider (Google) on 127.0.0.1 that the real Authlib client talks to
(GOOGLE_DISCOVERY_URL = fake.url + DISCOVERY_PATH)."""

import base64
import hashlib
import json
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlencode, urlsplit

from joserfc import jwt
from joserfc.jwk import RSAKey

from tests.fakes.serving import serve_in_background, stop_serving

DISCOVERY_PATH = "/.well-known/openid-configuration"


class FakeOIDC:
    """Auto-approves every /authorize request as the person set in `email`, `email_verified`,
    `name` and `hd` (None: no hd claim), and answers /token with an ID token signed RS256 by a
    key made at start() and published at /jwks.

    Knobs for bad answers: `deny` (redirect back with error=access_denied), `tamper` (a byte
    of the ID token's signature flipped), `wrong_nonce`, `audience` (aud other than the client
    ID), `issuer_override` (iss other than `url`), `expired` (exp and iat an hour back).

    The client must authenticate as `client_id`/`client_secret` (HTTP Basic, Authlib's default,
    or in the form); each code works once, for its redirect_uri and PKCE verifier (S256 only).
    `token_requests` records every POST /token (form and Authorization header), `requests`
    every "METHOD /path".
    """

    def __init__(self) -> None:
        self.client_id = "fake-client-id.apps.googleusercontent.com"
        self.client_secret = "fake-client-secret"
        self.email = "staff@example.com"
        self.email_verified = True
        self.name = "Sam Staff"
        self.hd: str | None = None
        self.deny = False
        self.tamper = False
        self.wrong_nonce = False
        self.audience: str | None = None
        self.issuer_override: str | None = None
        self.expired = False
        self.token_requests: list[dict] = []
        self.requests: list[str] = []
        self._codes: dict[str, dict] = {}
        self._lock = threading.Lock()
        self._key: RSAKey | None = None
        self._server: ThreadingHTTPServer | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def discovery_url(self) -> str:
        return self.url + DISCOVERY_PATH

    def start(self, port: int = 0) -> "FakeOIDC":
        fake = self
        self._key = RSAKey.generate_key(
            2048, parameters={"kid": secrets.token_hex(8), "use": "sig", "alg": "RS256"}
        )

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # keep test output quiet
                pass

            def do_GET(self) -> None:
                path, _, query = self.path.partition("?")
                fake.requests.append(f"GET {path}")
                if path == DISCOVERY_PATH:
                    return self._answer(200, fake.discovery())
                if path == "/jwks":
                    return self._answer(200, {"keys": [fake._key.as_dict(private=False)]})
                if path == "/authorize":
                    return self._authorize(dict(parse_qsl(query)))
                return self._answer(404, {"error": "not_found"})

            def do_POST(self) -> None:
                fake.requests.append(f"POST {self.path}")
                length = int(self.headers.get("Content-Length") or 0)
                form = dict(parse_qsl(self.rfile.read(length).decode()))
                if self.path != "/token":
                    return self._answer(404, {"error": "not_found"})
                authorization = self.headers.get("Authorization", "")
                with fake._lock:
                    fake.token_requests.append({"form": form, "authorization": authorization})
                    status, payload = fake._token(form, authorization)
                return self._answer(status, payload)

            def _authorize(self, query: dict) -> None:
                redirect_uri = query.get("redirect_uri", "")
                if query.get("response_type") != "code" or not redirect_uri:
                    return self._answer(400, {"error": "invalid_request"})
                answer = {"state": query.get("state", "")}
                if fake.deny:
                    answer["error"] = "access_denied"
                else:
                    answer["code"] = secrets.token_urlsafe(24)
                    with fake._lock:
                        fake._codes[answer["code"]] = query
                self.send_response(302)
                self.send_header("Location", f"{redirect_uri}?{urlencode(answer)}")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def _answer(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.port = serve_in_background(self._server)
        return self

    def stop(self) -> None:
        stop_serving(self._server)
        self._server = None

    def discovery(self) -> dict:
        return {
            "issuer": self.url,
            "authorization_endpoint": f"{self.url}/authorize",
            "token_endpoint": f"{self.url}/token",
            "jwks_uri": f"{self.url}/jwks",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "code_challenge_methods_supported": ["S256"],
        }

    def _token(self, form: dict, authorization: str) -> tuple[int, dict]:
        """The token endpoint's answer: (status, JSON)."""
        client_id, client_secret = form.get("client_id", ""), form.get("client_secret", "")
        if authorization.startswith("Basic "):
            decoded = base64.b64decode(authorization.removeprefix("Basic ")).decode()
            client_id, _, client_secret = decoded.partition(":")
        if (client_id, client_secret) != (self.client_id, self.client_secret):
            return 401, {"error": "invalid_client"}
        request = self._codes.pop(form.get("code", ""), None)  # a code works once
        if (
            form.get("grant_type") != "authorization_code"
            or request is None
            or request.get("client_id") != client_id
            or form.get("redirect_uri") != request.get("redirect_uri")
            or request.get("code_challenge_method") != "S256"
            or _s256(form.get("code_verifier", "")) != request.get("code_challenge")
        ):
            return 400, {"error": "invalid_grant"}
        access_token = secrets.token_urlsafe(24)
        return 200, {
            "access_token": access_token,
            "token_type": "Bearer",
            "expires_in": 3599,
            "scope": request.get("scope", ""),
            "id_token": self._id_token(request, client_id),
        }

    def _id_token(self, request: dict, client_id: str) -> str:
        now = int(time.time())
        issued, expires = (now - 3600, now - 600) if self.expired else (now, now + 3600)
        claims = {
            "iss": self.issuer_override or self.url,
            "azp": client_id,  # as Google sends it
            "aud": self.audience or client_id,
            "sub": str(int(hashlib.sha256(self.email.encode()).hexdigest()[:15], 16)),
            "email": self.email,
            "email_verified": self.email_verified,
            "name": self.name,
            "iat": issued,
            "exp": expires,
        }
        if request.get("nonce"):
            claims["nonce"] = "not-the-nonce" if self.wrong_nonce else request["nonce"]
        if self.hd is not None:
            claims["hd"] = self.hd
        token = jwt.encode({"alg": "RS256", "kid": self._key.kid}, claims, self._key)
        if self.tamper:
            head, body, signature = token.split(".")
            raw = bytearray(_b64decode(signature))
            raw[0] ^= 0x01
            token = f"{head}.{body}.{base64.urlsafe_b64encode(raw).rstrip(b'=').decode()}"
        return token


def _s256(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _b64decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def split_redirect(location: str) -> tuple[str, dict]:
    """The callback URL and its query parameters, from the /authorize answer's Location."""
    parts = urlsplit(location)
    return f"{parts.scheme}://{parts.netloc}{parts.path}", dict(parse_qsl(parts.query))
