"""A fake of the few Stripe API endpoints the app uses, on 127.0.0.1, for the real `stripe` SDK.

    fake = FakeStripe().start()
    client = stripe.StripeClient(fake.secret_key, base_addresses={"api": fake.url})
    # or globally: stripe.api_key = fake.secret_key; stripe.api_base = fake.url
    ...
    fake.stop()

What it implements behaves like Stripe's API (test mode): form-encoded requests, the object
shapes the app reads, statuses, error bodies and HTTP codes (400/401/402/404), Idempotency-Key
replays and conflicts, Stripe's test cards, and webhooks signed exactly as Stripe signs them.
Anything it does not implement is refused loudly (404 unknown URL, 400 unknown parameter), never
silently accepted.

Endpoints: PaymentIntents (create, retrieve, update, list, confirm, cancel, capture), charges
(retrieve, list), refunds (create, retrieve, list), payment methods (create, retrieve), events
(retrieve, list).

Confirming (what the fake Stripe.js in stripe_js.js sends, as real Stripe.js does, with the
publishable key as the `key` form field so the browser makes a simple CORS request):
    POST /v1/payment_intents/{id}/confirm
    key=pk_test_...&client_secret={client_secret}&expected_payment_method_type=card
    &payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242
    &payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=2034
    &payment_method_data[card][cvc]=123&payment_method_data[billing_details][name]=...
With the secret key (server side) the client secret is not needed, and Stripe's test
PaymentMethods work too: payment_method=pm_card_visa, pm_card_chargeDeclined, ...

Test cards (https://docs.stripe.com/testing): 4242424242424242 (and the other brands' success
numbers) succeed; 4000000000000002 and 4000000000000341 decline (card_declined /
generic_decline), 4000000000009995 insufficient_funds, 4000000000009987 lost_card,
4000000000009979 stolen_card, 4100000000000019 fraudulent, 4000000000000069 expired_card,
4000000000000127 incorrect_cvc, 4000000000000119 processing_error. A number failing the Luhn
check is `incorrect_number`; any other valid number is declined as a live card in test mode
(`live_mode_test_card`). 3-D Secure cards are not implemented (they decline the same way).

US bank accounts (ACH Direct Debit, https://docs.stripe.com/payments/ach-direct-debit): an
intent with payment_method_types [card, us_bank_account] is confirmed with
    payment_method_data[type]=us_bank_account&payment_method_data[us_bank_account][routing_number]
    =110000000&payment_method_data[us_bank_account][account_number]=000123456789
    &payment_method_data[us_bank_account][account_holder_type]=individual
    &payment_method_data[billing_details][name]=...&mandate_data[customer_acceptance][type]=online
    &mandate_data[customer_acceptance][online][infer_from_client]=true   (Stripe.js; a secret key
    gives [online][ip_address] and [online][user_agent] instead)
or with a test PaymentMethod (pm_usBankAccount_success, pm_usBankAccount_accountClosed, ...).
The intent then stays `processing` (a pending charge; payment_intent.processing is sent) until a
test finishes it: `settle_bank_debit(pi_id)` succeeds it or fails it as the test account says
(000123456789 succeeds; 000111111113 account_closed, 000111111116 no_account, 000222222227
insufficient_funds, 000333333335 debit_not_authorized fail), or `settle_bank_debit(pi_id,
"succeeded")` / `settle_bank_debit(pi_id, "insufficient_funds")` decides; the matching signed
payment_intent.succeeded or payment_intent.payment_failed webhook follows, as days later in
Stripe. `processing_intents()` lists the intents waiting.

Webhooks: `add_webhook(url, secret)`; events are POSTed from a background thread with
`Stripe-Signature: t=...,v1=...`, so `stripe.Webhook.construct_event` verifies them. See
`deliveries`, `wait_for_deliveries`, `redeliver`, `send_event`, `hold_webhooks`,
`release_webhooks`.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import hmac
import json
import queue
import re
import secrets
import string
import threading
import time
import traceback
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from renovation_app.services.payments import WEBHOOK_EVENTS
from tests.fakes.serving import serve_in_background, stop_serving

API_VERSION = "2026-10-28.endive"  # what stripe==16.1.0 sends as Stripe-Version
JS_PATH = Path(__file__).with_name("stripe_js.js")

# The event types the app's endpoint is set up for (the default of add_webhook).
DEFAULT_WEBHOOK_EVENTS = WEBHOOK_EVENTS

_ALNUM = string.ascii_letters + string.digits
_DOCS = "https://stripe.com/docs/error-codes/"

# Minimum charge amounts (smallest currency unit); zero-decimal currencies marked.
_CURRENCIES = {
    "usd": (50, "$"),
    "eur": (50, "€"),
    "gbp": (30, "£"),
    "cad": (50, "$"),
    "aud": (50, "$"),
    "nzd": (50, "$"),
    "chf": (50, ""),
    "sgd": (50, "$"),
    "hkd": (400, "$"),
    "sek": (300, ""),
    "nok": (300, ""),
    "dkk": (250, ""),
    "mxn": (1000, "$"),
    "jpy": (50, "¥"),
}
_ZERO_DECIMAL = {"jpy"}
_MAX_AMOUNT = 99999999

# number -> decline code (None: success). Brands come from the number.
_TEST_CARDS: dict[str, str | None] = {
    "4242424242424242": None,
    "4000056655665556": None,
    "5555555555554444": None,
    "2223003122003222": None,
    "5200828282828210": None,
    "378282246310005": None,
    "371449635398431": None,
    "6011111111111117": None,
    "3056930009020004": None,
    "36227206271667": None,
    "3566002020360505": None,
    "6200000000000005": None,
    "4000000000000002": "generic_decline",
    "4000000000000341": "generic_decline",
    "4000000000009995": "insufficient_funds",
    "4000000000009987": "lost_card",
    "4000000000009979": "stolen_card",
    "4100000000000019": "fraudulent",
    "4000000000000069": "expired_card",
    "4000000000000127": "incorrect_cvc",
    "4000000000000119": "processing_error",
}

# Stripe's test PaymentMethod ids -> card number.
_TEST_PAYMENT_METHODS = {
    "pm_card_visa": "4242424242424242",
    "pm_card_visa_debit": "4000056655665556",
    "pm_card_mastercard": "5555555555554444",
    "pm_card_amex": "378282246310005",
    "pm_card_discover": "6011111111111117",
    "pm_card_diners": "3056930009020004",
    "pm_card_jcb": "3566002020360505",
    "pm_card_unionpay": "6200000000000005",
    "pm_card_chargeDeclined": "4000000000000002",
    "pm_card_chargeCustomerFail": "4000000000000341",
    "pm_card_chargeDeclinedInsufficientFunds": "4000000000009995",
    "pm_card_chargeDeclinedLostCard": "4000000000009987",
    "pm_card_chargeDeclinedStolenCard": "4000000000009979",
    "pm_card_chargeDeclinedFraudulent": "4100000000000019",
    "pm_card_chargeDeclinedExpiredCard": "4000000000000069",
    "pm_card_chargeDeclinedIncorrectCvc": "4000000000000127",
    "pm_card_chargeDeclinedProcessingError": "4000000000000119",
}

# US bank test accounts (routing number 110000000): account number -> failure code (None: the
# debit succeeds). https://docs.stripe.com/payments/ach-direct-debit/accept-a-payment#test-account-numbers
_TEST_ROUTING = "110000000"
_TEST_BANK_ACCOUNTS: dict[str, str | None] = {
    "000123456789": None,
    "000111111113": "account_closed",
    "000111111116": "no_account",
    "000222222227": "insufficient_funds",
    "000333333335": "debit_not_authorized",
}
_TEST_BANK_PAYMENT_METHODS = {
    "pm_usBankAccount_success": "000123456789",
    "pm_usBankAccount_accountClosed": "000111111113",
    "pm_usBankAccount_noAccount": "000111111116",
    "pm_usBankAccount_insufficientFunds": "000222222227",
    "pm_usBankAccount_debitNotAuthorized": "000333333335",
}
# ACH failure code -> the message Stripe puts on the charge and the intent's last_payment_error
_BANK_FAILURES = {
    "account_closed": "The customer's bank account has been closed.",
    "no_account": "The customer's bank account could not be located.",
    "insufficient_funds": "The customer's account has insufficient funds to cover this payment.",
    "debit_not_authorized": "The customer has notified their bank that this payment was "
    "unauthorized.",
}
_PAYMENT_METHOD_TYPES = ("card", "us_bank_account")

# decline code -> (error code, message, param)
_DECLINES = {
    "generic_decline": ("card_declined", "Your card was declined.", None),
    "insufficient_funds": ("card_declined", "Your card has insufficient funds.", None),
    "lost_card": ("card_declined", "Your card was declined.", None),
    "stolen_card": ("card_declined", "Your card was declined.", None),
    "fraudulent": ("card_declined", "Your card was declined.", None),
    "expired_card": ("expired_card", "Your card has expired.", "exp_month"),
    "incorrect_cvc": ("incorrect_cvc", "Your card's security code is incorrect.", "cvc"),
    "processing_error": (
        "processing_error",
        "An error occurred while processing your card. Try again in a little bit.",
        None,
    ),
    "live_mode_test_card": (
        "card_declined",
        "Your card was declined. Your request was in test mode, but used a non test (live) "
        "card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
        None,
    ),
}

_PI_OPEN = ("requires_payment_method", "requires_confirmation", "requires_action")
_PI_CANCELABLE = (
    "requires_payment_method",
    "requires_capture",
    "requires_confirmation",
    "requires_action",
    "processing",
)
# The PaymentIntent fields a publishable key may read (with the client secret).
_PI_PUBLIC_FIELDS = (
    "id",
    "object",
    "amount",
    "amount_details",
    "automatic_payment_methods",
    "canceled_at",
    "cancellation_reason",
    "capture_method",
    "client_secret",
    "confirmation_method",
    "created",
    "currency",
    "description",
    "last_payment_error",
    "livemode",
    "next_action",
    "payment_method",
    "payment_method_types",
    "processing",
    "receipt_email",
    "setup_future_usage",
    "shipping",
    "source",
    "status",
)


class StripeError(Exception):
    """An API error answer: HTTP status and Stripe's {"error": {...}} body."""

    def __init__(self, status: int, type_: str, message: str, **fields: Any) -> None:
        super().__init__(message)
        self.status = status
        self.error = {"type": type_, "message": message}
        self.error.update({k: v for k, v in fields.items() if v is not None})
        if "code" in self.error and "doc_url" not in self.error:
            self.error["doc_url"] = _DOCS + self.error["code"].replace("_", "-")


def _invalid(message: str, param: str | None = None, code: str | None = None, **extra):
    return StripeError(400, "invalid_request_error", message, param=param, code=code, **extra)


def _public(obj: dict) -> dict:
    """A copy without the fake's private fields (keys starting with "_")."""
    return {k: copy.deepcopy(v) for k, v in obj.items() if not k.startswith("_")}


def _new_id(prefix: str, length: int = 24) -> str:
    return f"{prefix}_{''.join(secrets.choice(_ALNUM) for _ in range(length))}"


def _luhn_ok(number: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(number)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def card_brand(number: str) -> str:
    """Stripe's brand names, from the number's prefix."""
    if re.match(r"3[47]", number):
        return "amex"
    if re.match(r"3(0[0-5]|[689])", number):
        return "diners"
    if re.match(r"(6011|65|64[4-9])", number):
        return "discover"
    if re.match(r"35", number):
        return "jcb"
    if re.match(r"62", number):
        return "unionpay"
    if number.startswith("4"):
        return "visa"
    if re.match(r"(5[1-5]|2[2-7])", number):
        return "mastercard"
    return "unknown"


def _valid_lengths(brand: str) -> tuple[int, ...]:
    return {
        "amex": (15,),
        "diners": (14, 16),
        "visa": (13, 16, 19),
        "unionpay": (16, 17, 18, 19),
    }.get(brand, (16,))


def _format_amount(amount: int, currency: str) -> str:
    symbol = _CURRENCIES.get(currency, (0, ""))[1]
    value = f"{amount}" if currency in _ZERO_DECIMAL else f"{amount / 100:,.2f}"
    return f"{symbol}{value}"


# ---------------------------------------------------------------- form parameters


def parse_form(pairs: list[tuple[str, str]]) -> dict:
    """Stripe's form encoding (`a[b][c]=v`, `a[0]=v`, `a[]=v`) as nested dicts and lists."""
    root: dict = {}
    for raw_key, value in pairs:
        m = re.match(r"^([^\[]+)((?:\[[^\]]*\])*)$", raw_key)
        if not m:
            raise _invalid(f"Invalid parameter name: {raw_key}", raw_key)
        parts = [m.group(1)] + re.findall(r"\[([^\]]*)\]", m.group(2))
        node = root
        for depth, part in enumerate(parts):
            if part == "":
                part = str(len(node))
            last = depth == len(parts) - 1
            if last:
                if isinstance(node.get(part), dict):
                    raise _invalid(f"Invalid hash: {raw_key}", raw_key)
                node[part] = value
            else:
                child = node.setdefault(part, {})
                if not isinstance(child, dict):
                    if child == "":
                        child = node[part] = {}
                    else:
                        raise _invalid(f"Invalid hash: {raw_key}", raw_key)
                node = child
    return _listify(root)


def _listify(node: Any, key: str = "") -> Any:
    if not isinstance(node, dict):
        return node
    if key == "metadata":  # metadata keys stay keys, even "0"
        return node
    if node and all(k.isdigit() for k in node):
        return [_listify(node[k]) for k in sorted(node, key=int)]
    return {k: _listify(v, k) for k, v in node.items()}


def _as_list(value: Any, param: str) -> list:
    if value in (None, ""):
        return []
    if isinstance(value, list):
        return value
    if isinstance(value, str):
        return [value]
    raise _invalid(f"Invalid array: {param}", param)


def _as_bool(value: Any, param: str) -> bool:
    if value in ("true", True):
        return True
    if value in ("false", False):
        return False
    raise _invalid(f"Invalid boolean: {value}", param, "parameter_invalid_boolean")


def _as_int(value: Any, param: str, *, positive: bool = False) -> int:
    if not isinstance(value, str) or not re.fullmatch(r"-?\d+", value):
        raise _invalid(f"Invalid integer: {value}", param, "parameter_invalid_integer")
    number = int(value)
    if positive and number < 1:
        raise _invalid("Invalid positive integer", param, "parameter_invalid_integer")
    return number


def _check_known(params: dict, allowed: set[str], prefix: str = "") -> None:
    for name in params:
        if name not in allowed:
            full = f"{prefix}[{name}]" if prefix else name
            raise _invalid(f"Received unknown parameter: {full}", full, "parameter_unknown")


def _nullable_str(params: dict, name: str, max_len: int = 5000) -> str | None:
    value = params[name]
    if not isinstance(value, str):
        raise _invalid(f"Invalid string: {value!r}", name, "parameter_invalid_string")
    if len(value) > max_len:
        raise _invalid(
            f"Invalid string: {value[:20]}...; must be at most {max_len} characters", name
        )
    return value or None


def _merge_metadata(current: dict, value: Any) -> dict:
    """Stripe's metadata update: "" clears all, a key set to "" is removed, others merge."""
    if value == "":
        return {}
    if not isinstance(value, dict):
        raise _invalid("Invalid object", "metadata", "parameter_invalid_string")
    merged = dict(current)
    for key, item in value.items():
        if not isinstance(item, str):
            raise _invalid("Invalid string", f"metadata[{key}]")
        if len(key) > 40:
            raise _invalid(
                f"Metadata key {key!r} is too long: keys can have up to 40 characters.",
                f"metadata[{key}]",
            )
        if len(item) > 500:
            raise _invalid(
                f"Metadata values can have up to 500 characters, but you passed in a value "
                f"that is {len(item)} characters. Invalid value: {item[:20]}...",
                f"metadata[{key}]",
            )
        if item == "":
            merged.pop(key, None)
        else:
            merged[key] = item
    if len(merged) > 50:
        raise _invalid("Metadata can have up to 50 keys.", "metadata")
    return merged


def _email(value: Any, param: str) -> str | None:
    if value == "":
        return None
    if not isinstance(value, str) or not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", value):
        raise _invalid(f"Invalid email address: {value}", param, "email_invalid")
    return value


# ---------------------------------------------------------------- the fake


class FakeStripe:
    """A stateful, in-memory fake of Stripe's API for one test-mode account.

    `secret_key` / `publishable_key` are this account's keys (random unless given); requests
    with other keys get 401 like Stripe. Every API request is recorded in `requests`; webhook
    deliveries in `deliveries`; every event created in `events`. `fail_with` (an HTTP status)
    makes every API request fail with an `api_error` (plus `fail_headers`).
    """

    def __init__(self, secret_key: str | None = None, publishable_key: str | None = None) -> None:
        suffix = "".join(secrets.choice(_ALNUM) for _ in range(24))
        self.secret_key = secret_key or f"sk_test_fake{suffix}"
        self.publishable_key = publishable_key or f"pk_test_fake{suffix}"
        self.fail_with: int | None = None
        self.fail_headers: dict[str, str] = {}
        # A message: every PaymentIntent cancel is refused with it (400), as Stripe may refuse.
        self.refuse_cancel: str = ""
        self.requests: list[dict] = []
        self.deliveries: list[dict] = []
        self.events: list[dict] = []
        self.webhooks: list[dict] = []
        self._objects: dict[str, dict] = {}
        self._order: list[str] = []
        self._event_bodies: dict[str, bytes] = {}
        self._idempotency: dict[str, dict] = {}
        self._lock = threading.RLock()
        self._cond = threading.Condition(self._lock)
        self._queue: queue.Queue = queue.Queue()
        self._held: list | None = None
        self._pending = 0
        self._server: ThreadingHTTPServer | None = None
        self._worker: threading.Thread | None = None
        self.port = 0

    # ------------------------------------------------------------ lifecycle

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, port: int = 0) -> FakeStripe:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # keep test output quiet
                pass

            def do_GET(self) -> None:
                self._serve("GET")

            def do_POST(self) -> None:
                self._serve("POST")

            def do_DELETE(self) -> None:
                self._serve("DELETE")

            def do_OPTIONS(self) -> None:  # CORS preflight, as api.stripe.com answers it
                self._send(200, b"", {"Access-Control-Max-Age": "300"})

            def _serve(self, method: str) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                status, payload, headers = fake._handle(method, self.path, self.headers, body)
                self._send(status, payload, headers)

            def _send(self, status: int, payload: bytes, headers: dict) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Access-Control-Allow-Methods", "GET, POST, DELETE")
                self.send_header(
                    "Access-Control-Allow-Headers",
                    "Authorization, Content-Type, Idempotency-Key, Stripe-Account, "
                    "Stripe-Version, X-Stripe-Client-User-Agent",
                )
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.port = serve_in_background(self._server)
        self._worker = threading.Thread(target=self._deliver_loop, daemon=True)
        self._worker.start()
        return self

    def stop(self) -> None:
        stop_serving(self._server)
        self._server = None
        if self._worker:
            self._queue.put(None)
            self._worker.join(timeout=15)
            self._worker = None

    def __enter__(self) -> FakeStripe:
        return self if self._server else self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def reset(self) -> None:
        """Forget every object, request, event and delivery (webhook endpoints stay)."""
        with self._lock:
            self._objects.clear()
            self._order.clear()
            self._event_bodies.clear()
            self._idempotency.clear()
            self.requests.clear()
            self.deliveries.clear()
            self.events.clear()
            if self._held is not None:
                self._held.clear()

    # ------------------------------------------------------------ helpers for tests

    def js_source(self, api_url: str | None = None) -> str:
        """The fake Stripe.js, told where the API is (this fake's url unless given)."""
        api = api_url or self.url
        return f"window.__FAKE_STRIPE_API = {json.dumps(api)};\n" + JS_PATH.read_text()

    def route_playwright(self, target) -> None:
        """On a sync Playwright BrowserContext or Page: serve the fake Stripe.js for
        https://js.stripe.com/** and forward https://api.stripe.com/** to this fake, so the
        browser talks to the hosts a real Stripe CSP allows. Call it after any catch-all route
        (Playwright tries the routes registered last first)."""
        script = self.js_source("https://api.stripe.com")

        def serve_js(route) -> None:
            route.fulfill(
                status=200, content_type="application/javascript; charset=utf-8", body=script
            )

        def forward(route) -> None:
            parts = urlsplit(route.request.url)
            target_url = self.url + parts.path + (f"?{parts.query}" if parts.query else "")
            try:
                response = route.fetch(url=target_url)
            except Exception:  # the fake is stopped: the browser sees a network error
                route.abort()
            else:
                route.fulfill(response=response)

        target.route("https://js.stripe.com/**", serve_js)
        target.route("https://api.stripe.com/**", forward)

    def get(self, object_id: str) -> dict:
        """A copy of a stored object (pi_, ch_, re_, pm_, evt_)."""
        with self._lock:
            if object_id.startswith("evt_"):
                return copy.deepcopy(next(e for e in self.events if e["id"] == object_id))
            return _public(self._objects[object_id])

    def objects(self, kind: str) -> list[dict]:
        """Copies of every stored object of a kind ("payment_intent", "charge", "refund",
        "payment_method"), oldest first."""
        with self._lock:
            return [
                _public(self._objects[i]) for i in self._order if self._objects[i]["object"] == kind
            ]

    def requests_to(self, method: str, path: str) -> list[dict]:
        """Recorded requests with this method whose path matches (a regex, fully)."""
        with self._lock:
            return [
                r for r in self.requests if r["method"] == method and re.fullmatch(path, r["path"])
            ]

    # ------------------------------------------------------------ webhooks

    def add_webhook(self, url: str, secret: str | None = None, events=None) -> dict:
        """Register an endpoint. `events`: the event types it gets (default
        DEFAULT_WEBHOOK_EVENTS; ["*"] for every type the fake makes)."""
        if not re.match(r"https?://[^/\s]+", url):
            raise ValueError(f"Invalid URL: {url!r} (Stripe wants an absolute http(s) URL)")
        endpoint = {
            "id": _new_id("we"),
            "url": url,
            "secret": secret or _new_id("whsec", 32),
            "enabled_events": list(events or DEFAULT_WEBHOOK_EVENTS),
        }
        with self._lock:
            self.webhooks.append(endpoint)
        return endpoint

    def hold_webhooks(self) -> None:
        """Keep events (and redeliveries) back until release_webhooks()."""
        with self._lock:
            if self._held is None:
                self._held = []

    def release_webhooks(self, reverse: bool = False, order: list[str] | None = None) -> None:
        """Send what was held: in creation order, reversed, or in `order` (event ids; the
        ones not named follow in creation order)."""
        with self._lock:
            held, self._held = self._held or [], None
            if reverse:
                held.reverse()
            if order:
                rank = {event_id: i for i, event_id in enumerate(order)}
                held.sort(key=lambda item: rank.get(item[1], len(rank)))
            for item in held:
                self._put(item)

    @property
    def held_events(self) -> list[str]:
        with self._lock:
            return [item[1] for item in self._held or []]

    def send_event(self, type_: str, obj: dict | str, previous_attributes: dict | None = None):
        """Create and deliver an event of any type: `obj` is the data.object (a dict, or the id
        of a stored object for its current state). Returns the event."""
        with self._lock:
            data = _public(self._objects[obj]) if isinstance(obj, str) else copy.deepcopy(obj)
            return copy.deepcopy(self._emit(type_, data, None, previous_attributes))

    def set_intent_status(self, pi_id: str, status: str) -> None:
        """Put a PaymentIntent in a status no test card reaches here (e.g. "processing", as a
        bank debit or a slow card network leaves it)."""
        with self._lock:
            self._objects[pi_id]["status"] = status

    def processing_intents(self) -> list[str]:
        """Ids of the intents waiting in `processing` (bank debits not yet settled)."""
        with self._lock:
            return [
                i
                for i in self._order
                if self._objects[i]["object"] == "payment_intent"
                and self._objects[i]["status"] == "processing"
            ]

    def settle_bank_debit(self, pi_id: str, outcome: str | None = None) -> dict:
        """Finish a processing bank debit, as the bank does days later: `outcome` "succeeded",
        or an ACH failure code (account_closed, no_account, insufficient_funds,
        debit_not_authorized); by default what the test account number says. The charge and the
        intent change as in Stripe and charge.succeeded + payment_intent.succeeded (or
        charge.failed + payment_intent.payment_failed) are sent. Returns the intent."""
        with self._lock:
            pi = self._objects[pi_id]
            if pi["status"] != "processing":
                raise ValueError(f"{pi_id} is {pi['status']}, not processing")
            charge = self._objects[pi["latest_charge"]]
            pm = self._objects[charge["payment_method"]]
            failure = pm["_decline"] if outcome is None else outcome
            if failure in (None, "succeeded"):
                charge.update(status="succeeded", paid=True, balance_transaction=_new_id("txn"))
                charge["outcome"]["seller_message"] = "Payment complete."
                pi.update(status="succeeded", amount_received=pi["amount"])
                self._emit("charge.succeeded", charge, None)
                self._emit("payment_intent.succeeded", pi, None)
                return _public(pi)
            if failure not in _BANK_FAILURES:
                raise ValueError(f"unknown ACH failure code {failure!r}")
            message = _BANK_FAILURES[failure]
            charge.update(
                status="failed", paid=False, failure_code=failure, failure_message=message
            )
            charge["outcome"].update(
                network_status="declined_by_network", type="issuer_declined", reason=failure
            )
            charge["outcome"]["seller_message"] = message
            pi.update(
                status="requires_payment_method",
                payment_method=None,
                last_payment_error={
                    "charge": charge["id"],
                    "code": failure,
                    "decline_code": None,
                    "doc_url": _DOCS + failure,
                    "message": message,
                    "payment_method": self._public_pm(pm),
                    "type": "invalid_request_error",
                },
            )
            self._emit("charge.failed", charge, None)
            self._emit("payment_intent.payment_failed", pi, None)
            return _public(pi)

    def fail_refund(self, refund_id: str, reason: str = "expired_or_canceled_card") -> dict:
        """A refund the card network sent back, as Stripe reports it: the refund becomes
        failed, its amount returns to the charge, and charge.refund.updated is sent."""
        with self._lock:
            refund = self._objects[refund_id]
            charge = self._objects[refund["charge"]]
            refund.update(status="failed", failure_reason=reason)
            charge["amount_refunded"] -= refund["amount"]
            charge["refunded"] = False
            return copy.deepcopy(self._emit("charge.refund.updated", refund, None))

    def open_dispute(self, pi_id: str, status: str = "needs_response") -> dict:
        """A chargeback on the intent's charge (charge.dispute.created, or .closed when the
        status is won or lost)."""
        with self._lock:
            pi = self._objects[pi_id]
            charge = self._objects[pi["latest_charge"]]
            dispute = {
                "id": _new_id("dp"),
                "object": "dispute",
                "amount": charge["amount"],
                "charge": charge["id"],
                "currency": charge["currency"],
                "payment_intent": pi_id,
                "reason": "fraudulent",
                "status": status,
                "created": int(time.time()),
            }
            closed = status in ("won", "lost")
            kind = "charge.dispute.closed" if closed else "charge.dispute.created"
            return copy.deepcopy(self._emit(kind, dispute, None))

    def redeliver(self, event_id: str) -> None:
        """Send an event again (same id and body, a new signature), as Stripe's retries and
        the dashboard's 'Resend' do, to every endpoint subscribed to its type."""
        with self._lock:
            event = next(e for e in self.events if e["id"] == event_id)
            for endpoint in self._endpoints_for(event["type"]):
                self._enqueue((endpoint, event_id, self._event_bodies[event_id], True))

    def wait_for_deliveries(
        self, n: int, timeout: float = 5.0, type_: str | None = None
    ) -> list[dict]:
        """Wait until at least n deliveries (of `type_` if given) were attempted; return them."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                found = [d for d in self.deliveries if type_ is None or d["type"] == type_]
                if len(found) >= n:
                    return list(found)
                left = deadline - time.monotonic()
                if left <= 0:
                    summary = [(d["type"], d["status"]) for d in self.deliveries]
                    raise AssertionError(
                        f"expected {n} webhook deliveries{f' of {type_}' if type_ else ''} "
                        f"within {timeout}s, got {len(found)}; all: {summary}"
                    )
                self._cond.wait(left)

    def drain_webhooks(self, timeout: float = 5.0) -> None:
        """Wait until every queued (not held) delivery has been attempted."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._pending:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{self._pending} webhook deliveries still pending")
                self._cond.wait(left)

    def _endpoints_for(self, type_: str) -> list[dict]:
        return [
            e for e in self.webhooks if "*" in e["enabled_events"] or type_ in e["enabled_events"]
        ]

    def _emit(self, type_: str, obj: dict, request: dict | None, previous: dict | None = None):
        endpoints = self._endpoints_for(type_)
        event = {
            "id": _new_id("evt"),
            "object": "event",
            "api_version": API_VERSION,
            "created": int(time.time()),
            "data": {"object": copy.deepcopy(obj)},
            "livemode": False,
            "pending_webhooks": len(endpoints),
            "request": {
                "id": (request or {}).get("request_id"),
                "idempotency_key": (request or {}).get("idempotency_key"),
            },
            "type": type_,
        }
        if previous:
            event["data"]["previous_attributes"] = previous
        body = json.dumps(event, indent=2).encode()
        self.events.append(event)
        self._event_bodies[event["id"]] = body
        for endpoint in endpoints:
            self._enqueue((endpoint, event["id"], body, False))
        return event

    def _enqueue(self, item: tuple) -> None:
        if self._held is not None:
            self._held.append(item)
        else:
            self._put(item)

    def _put(self, item: tuple) -> None:
        with self._lock:
            self._pending += 1
            self._queue.put(item)

    def _deliver_loop(self) -> None:
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        while True:
            item = self._queue.get()
            if item is None:
                return
            endpoint, event_id, body, redelivery = item
            timestamp = int(time.time())
            signed = f"{timestamp}.".encode() + body
            signature = hmac.new(endpoint["secret"].encode(), signed, hashlib.sha256).hexdigest()
            header = f"t={timestamp},v1={signature}"
            status, error, answer = None, None, b""
            try:
                request = urllib.request.Request(
                    endpoint["url"],
                    data=body,
                    method="POST",
                    headers={
                        "Content-Type": "application/json; charset=utf-8",
                        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
                        "Stripe-Signature": header,
                    },
                )
                with opener.open(request, timeout=10) as response:
                    status, answer = response.status, response.read(2000)
            except urllib.error.HTTPError as exc:
                status, answer = exc.code, exc.read(2000)
            except Exception as exc:  # refused, timed out, bad URL: Stripe would retry later
                error = repr(exc)
            record = {
                "event_id": event_id,
                "type": json.loads(body)["type"],
                "endpoint_id": endpoint["id"],
                "url": endpoint["url"],
                "status": status,
                "error": error,
                "response": answer.decode(errors="replace"),
                "body": body.decode(),
                "signature": header,
                "redelivery": redelivery,
                "time": time.time(),
            }
            with self._cond:
                self.deliveries.append(record)
                self._pending -= 1
                self._cond.notify_all()

    # ------------------------------------------------------------ HTTP

    def _handle(self, method: str, raw_path: str, headers, body: bytes):
        request_id = _new_id("req", 14)
        parts = urlsplit(raw_path)
        path = parts.path.rstrip("/") or "/"
        idempotency_key = headers.get("Idempotency-Key") or None
        out_headers = {"Request-Id": request_id, "Stripe-Version": API_VERSION}
        record = {
            "method": method,
            "path": path,
            "params": {},
            "idempotency_key": idempotency_key,
            "api_key": None,
            "stripe_version": headers.get("Stripe-Version"),
            "status": None,
            "replayed": False,
            "request_id": request_id,
            "time": time.time(),
        }
        with self._lock:
            self.requests.append(record)
            try:
                query = parse_qsl(parts.query, keep_blank_values=True)
                form = parse_qsl(body.decode(), keep_blank_values=True) if body else []
                params = parse_form(query + form)
                api_key = self._api_key(headers, params)
                record["api_key"] = api_key
                record["params"] = copy.deepcopy(params)
                if self.fail_with:
                    out_headers.update(self.fail_headers)
                    raise StripeError(self.fail_with, "api_error", "fake outage (fail_with)")
                kind = self._auth(api_key)
                handler, args = self._route(method, path)
                if idempotency_key and method == "POST":
                    out_headers["Idempotency-Key"] = idempotency_key
                    saved = self._idempotency.get(idempotency_key)
                    endpoint = f"{method} {path}"
                    if saved:
                        if saved["endpoint"] != endpoint:
                            raise StripeError(
                                400,
                                "idempotency_error",
                                "Keys for idempotent requests can only be used for the same "
                                f"endpoint they were first used for ('{saved['endpoint']}' vs "
                                f"'{endpoint}'). Try using a key other than '{idempotency_key}' "
                                "if you meant to execute a different request.",
                            )
                        if saved["params"] != record["params"]:
                            raise StripeError(
                                400,
                                "idempotency_error",
                                "Keys for idempotent requests can only be used with the same "
                                "parameters they were first used with. Try using a key other "
                                f"than '{idempotency_key}' if you meant to execute a different "
                                "request.",
                            )
                        record["status"] = saved["status"]
                        record["replayed"] = True
                        out_headers["Idempotent-Replayed"] = "true"
                        out_headers["Original-Request"] = saved["request_id"]
                        return saved["status"], saved["body"], out_headers
                ctx = {"kind": kind, "request_id": request_id, "idempotency_key": idempotency_key}
                try:
                    status, payload = 200, handler(ctx, params, *args)
                except StripeError as exc:
                    if exc.status != 402:
                        raise
                    status, payload = 402, {"error": exc.error}
                data = json.dumps(payload, indent=2).encode()
                if idempotency_key and method == "POST":
                    # Stripe saves the result once the endpoint ran (not validation errors).
                    self._idempotency[idempotency_key] = {
                        "endpoint": f"{method} {path}",
                        "params": record["params"],
                        "status": status,
                        "body": data,
                        "request_id": request_id,
                    }
                record["status"] = status
                return status, data, out_headers
            except StripeError as exc:
                record["status"] = exc.status
                return exc.status, json.dumps({"error": exc.error}, indent=2).encode(), out_headers
            except Exception as exc:  # a bug in the fake: say so loudly, never hang the caller
                traceback.print_exc()
                record["status"] = 500
                out_headers["Stripe-Should-Retry"] = "false"
                error = {"type": "api_error", "message": f"bug in the fake Stripe: {exc!r}"}
                return 500, json.dumps({"error": error}).encode(), out_headers

    def _api_key(self, headers, params: dict) -> str | None:
        auth = headers.get("Authorization") or ""
        if auth.startswith("Bearer "):
            key = auth[7:].strip()
        elif auth.startswith("Basic "):
            try:
                key = base64.b64decode(auth[6:]).decode().split(":", 1)[0]
            except ValueError:
                key = ""
        else:
            key = params.get("key") if isinstance(params.get("key"), str) else ""
        params.pop("key", None)  # Stripe.js sends the publishable key as a form field
        return key or None

    def _auth(self, key: str | None) -> str:
        if not key:
            raise StripeError(
                401,
                "invalid_request_error",
                "You did not provide an API key. You need to provide your API key in the "
                "Authorization header, using Bearer auth (e.g. 'Authorization: Bearer "
                "YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, "
                "or we can help at https://support.stripe.com/.",
            )
        if key == self.secret_key:
            return "secret"
        if key == self.publishable_key:
            return "publishable"
        masked = key[:8] + "*" * max(len(key) - 12, 0) + key[-4:]
        raise StripeError(401, "invalid_request_error", f"Invalid API Key provided: {masked}")

    def _route(self, method: str, path: str):
        routes = [
            ("POST", r"/v1/payment_intents", self._pi_create),
            ("GET", r"/v1/payment_intents", self._pi_list),
            ("GET", r"/v1/payment_intents/([^/]+)", self._pi_retrieve),
            ("POST", r"/v1/payment_intents/([^/]+)", self._pi_update),
            ("POST", r"/v1/payment_intents/([^/]+)/confirm", self._pi_confirm),
            ("POST", r"/v1/payment_intents/([^/]+)/cancel", self._pi_cancel),
            ("POST", r"/v1/payment_intents/([^/]+)/capture", self._pi_capture),
            ("GET", r"/v1/charges", self._charge_list),
            ("GET", r"/v1/charges/([^/]+)", self._charge_retrieve),
            ("POST", r"/v1/refunds", self._refund_create),
            ("GET", r"/v1/refunds", self._refund_list),
            ("GET", r"/v1/refunds/([^/]+)", self._refund_retrieve),
            ("POST", r"/v1/payment_methods", self._pm_create),
            ("GET", r"/v1/payment_methods/([^/]+)", self._pm_retrieve),
            ("GET", r"/v1/events", self._event_list),
            ("GET", r"/v1/events/([^/]+)", self._event_retrieve),
        ]
        for route_method, pattern, handler in routes:
            m = re.fullmatch(pattern, path)
            if m and route_method == method:
                return handler, m.groups()
        raise StripeError(
            404,
            "invalid_request_error",
            f"Unrecognized request URL ({method}: {path}). Please see https://stripe.com/docs "
            "or we can help at https://support.stripe.com/.",
        )

    # ------------------------------------------------------------ shared pieces

    @staticmethod
    def _secret_only(ctx: dict) -> None:
        if ctx["kind"] != "secret":
            raise StripeError(
                401,
                "invalid_request_error",
                "This API call cannot be made with a publishable API key. Please use a secret "
                "API key. You can find a list of your API keys at "
                "https://dashboard.stripe.com/account/apikeys.",
            )

    def _new_charge(self, pi: dict, pm: dict, prefix: str, fields: dict) -> dict:
        """A charge of the intent with the payment method: what every charge has, and
        `fields`, what this kind of charge (a card, a bank debit) sets."""
        return self._store(
            {
                "id": _new_id(prefix),
                "object": "charge",
                "amount": pi["amount"],
                "amount_refunded": 0,
                "billing_details": copy.deepcopy(pm["billing_details"]),
                "created": int(time.time()),
                "currency": pi["currency"],
                "customer": None,
                "description": pi["description"],
                "disputed": False,
                "failure_code": None,
                "failure_message": None,
                "livemode": False,
                "metadata": dict(pi["metadata"]),
                "payment_intent": pi["id"],
                "payment_method": pm["id"],
                "receipt_email": pi["receipt_email"],
                "receipt_number": None,
                "refunded": False,
                **fields,
            }
        )

    def _store(self, obj: dict) -> dict:
        self._objects[obj["id"]] = obj
        self._order.append(obj["id"])
        return obj

    def _find(self, object_id: str, kind: str, param: str) -> dict:
        obj = self._objects.get(object_id)
        if not obj or obj["object"] != kind:
            label = "PaymentMethod" if kind == "payment_method" else kind
            raise _invalid(f"No such {label}: '{object_id}'", param, "resource_missing")
        return obj

    def _pi_for(self, ctx: dict, params: dict, pi_id: str) -> dict:
        """The PaymentIntent, checking the client secret when a publishable key asks."""
        if ctx["kind"] == "secret":
            params.pop("client_secret", None)
            return self._find(pi_id, "payment_intent", "intent")
        secret = params.pop("client_secret", None)
        if not secret:
            self._secret_only(ctx)
        pi = self._objects.get(pi_id)
        if not pi or pi.get("object") != "payment_intent" or pi["client_secret"] != secret:
            raise _invalid(
                "The client_secret provided does not match any associated PaymentIntent on "
                "this account. Ensure the publishable key used belongs to the same account that "
                "created the PaymentIntent.",
                "client_secret",
            )
        return pi

    def _view_pi(self, pi: dict, ctx: dict, expand: list[str] = ()) -> dict:
        out = copy.deepcopy(pi)
        if ctx["kind"] != "secret":
            return {k: out[k] for k in _PI_PUBLIC_FIELDS}
        for field in expand:
            if field == "latest_charge" and out["latest_charge"]:
                out["latest_charge"] = copy.deepcopy(self._objects[out["latest_charge"]])
            elif field == "payment_method" and out["payment_method"]:
                out["payment_method"] = _public(self._objects[out["payment_method"]])
        return out

    @staticmethod
    def _expand(params: dict, allowed: tuple[str, ...]) -> list[str]:
        fields = _as_list(params.pop("expand", None), "expand")
        for field in fields:
            if field not in allowed:
                raise _invalid(f"This property cannot be expanded ({field}).", "expand")
        return fields

    def _list(self, kind: str, params: dict, url: str, match) -> dict:
        limit = _as_int(params.pop("limit", "10"), "limit", positive=True)
        if limit > 100:
            raise _invalid("This value must be less than or equal to 100.", "limit")
        after = params.pop("starting_after", None)
        before = params.pop("ending_before", None)
        items = [
            self._objects[i]
            for i in reversed(self._order)
            if self._objects[i]["object"] == kind and match(self._objects[i])
        ]
        ids = [o["id"] for o in items]
        if after:
            if after not in ids:
                raise _invalid(f"No such {kind}: '{after}'", "starting_after", "resource_missing")
            items = items[ids.index(after) + 1 :]
        elif before:
            if before not in ids:
                raise _invalid(f"No such {kind}: '{before}'", "ending_before", "resource_missing")
            items = items[: ids.index(before)][-limit:]
        return {
            "object": "list",
            "data": copy.deepcopy(items[:limit]),
            "has_more": len(items) > limit,
            "url": url,
        }

    # ------------------------------------------------------------ PaymentIntents

    _PI_CREATE = {
        "amount",
        "currency",
        "metadata",
        "description",
        "receipt_email",
        "payment_method_types",
        "automatic_payment_methods",
        "capture_method",
        "confirm",
        "payment_method",
        "payment_method_data",
        "payment_method_options",
        "statement_descriptor",
        "statement_descriptor_suffix",
        "setup_future_usage",
        "shipping",
        "expand",
        "confirmation_method",
        "return_url",
        "off_session",
        "use_stripe_sdk",
    }
    _PI_UPDATE = {
        "amount",
        "currency",
        "metadata",
        "description",
        "receipt_email",
        "payment_method_types",
        "capture_method",
        "payment_method",
        "payment_method_options",
        "statement_descriptor",
        "statement_descriptor_suffix",
        "setup_future_usage",
        "shipping",
        "expand",
    }
    _PI_CONFIRM = {
        "payment_method",
        "payment_method_data",
        "receipt_email",
        "return_url",
        "setup_future_usage",
        "shipping",
        "expand",
        "payment_method_options",
        "off_session",
        "capture_method",
        "expected_payment_method_type",
        "use_stripe_sdk",
        "mandate_data",
    }

    def _amount(self, params: dict, currency: str) -> int:
        amount = _as_int(params["amount"], "amount")
        minimum = _CURRENCIES[currency][0]
        if amount < 0:
            raise _invalid("Invalid positive integer", "amount", "parameter_invalid_integer")
        if amount < minimum:
            raise _invalid(
                f"Amount must be at least {_format_amount(minimum, currency)} {currency}",
                "amount",
                "amount_too_small",
            )
        if amount > _MAX_AMOUNT:
            raise _invalid(
                f"Amount must be no more than {_format_amount(_MAX_AMOUNT, currency)}",
                "amount",
                "amount_too_large",
            )
        return amount

    @staticmethod
    def _currency(value: Any) -> str:
        currency = value.lower() if isinstance(value, str) else ""
        if currency not in _CURRENCIES:
            raise _invalid(
                f"Invalid currency: {value}. Stripe currently supports these currencies: "
                + ", ".join(_CURRENCIES)
                + " (this fake's subset)",
                "currency",
            )
        return currency

    def _apply_pi_fields(self, pi: dict, params: dict) -> None:
        """The fields create and update share (amount/currency handled by the callers)."""
        if "metadata" in params:
            pi["metadata"] = _merge_metadata(pi["metadata"], params["metadata"])
        if "description" in params:
            pi["description"] = _nullable_str(params, "description", 1000)
        if "receipt_email" in params:
            pi["receipt_email"] = _email(params["receipt_email"], "receipt_email")
        for name in ("statement_descriptor", "statement_descriptor_suffix"):
            if name in params:
                pi[name] = _nullable_str(params, name, 22)
        if "setup_future_usage" in params:
            value = params["setup_future_usage"] or None
            if value not in (None, "on_session", "off_session"):
                raise _invalid(
                    "Invalid setup_future_usage: must be one of off_session or on_session",
                    "setup_future_usage",
                )
            pi["setup_future_usage"] = value
        if "shipping" in params:
            pi["shipping"] = params["shipping"] or None
        if "payment_method_options" in params:
            pi["payment_method_options"] = params["payment_method_options"] or {}
        if "capture_method" in params:
            if params["capture_method"] not in ("automatic", "automatic_async", "manual"):
                raise _invalid(
                    "Invalid capture_method: must be one of automatic, automatic_async, or manual",
                    "capture_method",
                )
            pi["capture_method"] = params["capture_method"]
        if "payment_method_types" in params:
            types = _as_list(params["payment_method_types"], "payment_method_types")
            for t in types:
                if t not in _PAYMENT_METHOD_TYPES:
                    raise _invalid(
                        f'The payment method type "{t}" is invalid (this fake supports '
                        "card and us_bank_account).",
                        "payment_method_types",
                        "payment_intent_invalid_parameter",
                    )
            pi["payment_method_types"] = types or ["card"]
            if "us_bank_account" in pi["payment_method_types"]:
                if pi["currency"] != "usd":
                    raise _invalid(
                        "The currency provided (" + pi["currency"] + ") is invalid for one or "
                        "more payment method types on this PaymentIntent (us_bank_account).",
                        "payment_method_types",
                        "payment_intent_invalid_parameter",
                    )
                pi["payment_method_options"].setdefault(
                    "us_bank_account",
                    {"mandate_options": {}, "verification_method": "automatic"},
                )
        if "payment_method" in params and params["payment_method"]:
            pm = self._payment_method_param(params["payment_method"])
            pi["payment_method"] = pm["id"]
            if pi["status"] == "requires_payment_method":
                pi["status"] = "requires_confirmation"

    def _pi_create(self, ctx: dict, params: dict) -> dict:
        self._secret_only(ctx)
        _check_known(params, self._PI_CREATE)
        expand = self._expand(params, ("latest_charge", "payment_method"))
        for name in ("amount", "currency"):
            if name not in params:
                raise _invalid(f"Missing required param: {name}.", name, "parameter_missing")
        currency = self._currency(params["currency"])
        amount = self._amount(params, currency)
        if "automatic_payment_methods" in params and "payment_method_types" in params:
            raise _invalid(
                "You may only specify one of these parameters: automatic_payment_methods, "
                "payment_method_types.",
                "automatic_payment_methods",
            )
        automatic = None
        if "payment_method_types" not in params:
            automatic = {"allow_redirects": "always", "enabled": True}
            given = params.get("automatic_payment_methods")
            if given is not None:
                if not isinstance(given, dict):
                    raise _invalid("Invalid object", "automatic_payment_methods")
                _check_known(given, {"enabled", "allow_redirects"}, "automatic_payment_methods")
                if "enabled" not in given:
                    raise _invalid(
                        "Missing required param: automatic_payment_methods[enabled].",
                        "automatic_payment_methods[enabled]",
                        "parameter_missing",
                    )
                enabled = _as_bool(given["enabled"], "automatic_payment_methods[enabled]")
                automatic = (
                    {"allow_redirects": given.get("allow_redirects", "always"), "enabled": enabled}
                    if enabled
                    else None
                )
        pi_id = _new_id("pi")
        pi = {
            "id": pi_id,
            "object": "payment_intent",
            "amount": amount,
            "amount_capturable": 0,
            "amount_details": {"tip": {}},
            "amount_received": 0,
            "application": None,
            "application_fee_amount": None,
            "automatic_payment_methods": automatic,
            "canceled_at": None,
            "cancellation_reason": None,
            "capture_method": "automatic_async",
            "client_secret": f"{pi_id}_secret_{''.join(secrets.choice(_ALNUM) for _ in range(25))}",
            "confirmation_method": "automatic",
            "created": int(time.time()),
            "currency": currency,
            "customer": None,
            "description": None,
            "last_payment_error": None,
            "latest_charge": None,
            "livemode": False,
            "metadata": {},
            "next_action": None,
            "on_behalf_of": None,
            "payment_method": None,
            "payment_method_configuration_details": None,
            "payment_method_options": {
                "card": {
                    "installments": None,
                    "mandate_options": None,
                    "network": None,
                    "request_three_d_secure": "automatic",
                }
            },
            "payment_method_types": ["card"],
            "processing": None,
            "receipt_email": None,
            "review": None,
            "setup_future_usage": None,
            "shipping": None,
            "source": None,
            "statement_descriptor": None,
            "statement_descriptor_suffix": None,
            "status": "requires_payment_method",
            "transfer_data": None,
            "transfer_group": None,
        }
        confirm = _as_bool(params.get("confirm", "false"), "confirm")
        if not confirm and "payment_method_data" in params:
            raise _invalid(
                "payment_method_data can only be provided when confirm=true.", "payment_method_data"
            )
        confirm_params = {}
        if confirm:
            for name in ("payment_method", "payment_method_data"):
                if name in params:
                    confirm_params[name] = params.pop(name)
        self._apply_pi_fields(pi, params)
        self._store(pi)
        self._emit("payment_intent.created", pi, ctx)
        if confirm:
            self._confirm(ctx, pi, confirm_params)
        return self._view_pi(pi, ctx, expand)

    def _pi_retrieve(self, ctx: dict, params: dict, pi_id: str) -> dict:
        pi = self._pi_for(ctx, params, pi_id)
        expand = self._expand(params, ("latest_charge", "payment_method"))
        _check_known(params, set())
        return self._view_pi(pi, ctx, expand)

    def _pi_list(self, ctx: dict, params: dict) -> dict:
        self._secret_only(ctx)
        _check_known(params, {"limit", "starting_after", "ending_before", "customer", "created"})
        params.pop("created", None)
        customer = params.pop("customer", None)
        return self._list(
            "payment_intent",
            params,
            "/v1/payment_intents",
            lambda o: customer is None or o["customer"] == customer,
        )

    def _pi_update(self, ctx: dict, params: dict, pi_id: str) -> dict:
        self._secret_only(ctx)
        pi = self._find(pi_id, "payment_intent", "intent")
        _check_known(params, self._PI_UPDATE)
        expand = self._expand(params, ("latest_charge", "payment_method"))
        for name in ("amount", "currency", "payment_method", "payment_method_types"):
            if name in params and pi["status"] not in _PI_OPEN:
                raise _invalid(
                    f"This PaymentIntent's {name} could not be updated because it has a status "
                    f"of {pi['status']}. You may only update the {name} of a PaymentIntent with "
                    "one of the following statuses: " + ", ".join(_PI_OPEN) + ".",
                    name,
                    "payment_intent_unexpected_state",
                    payment_intent=self._view_pi(pi, ctx),
                )
        currency = self._currency(params["currency"]) if "currency" in params else pi["currency"]
        if "amount" in params or "currency" in params:
            amount = self._amount(params, currency) if "amount" in params else pi["amount"]
            pi["amount"], pi["currency"] = amount, currency
        self._apply_pi_fields(pi, params)
        return self._view_pi(pi, ctx, expand)

    def _pi_cancel(self, ctx: dict, params: dict, pi_id: str) -> dict:
        self._secret_only(ctx)
        pi = self._find(pi_id, "payment_intent", "intent")
        _check_known(params, {"cancellation_reason", "expand"})
        expand = self._expand(params, ("latest_charge", "payment_method"))
        reason = params.get("cancellation_reason") or None
        reasons = ("duplicate", "fraudulent", "requested_by_customer", "abandoned")
        if reason not in (None, *reasons):
            raise _invalid(
                "Invalid cancellation_reason: must be one of " + ", ".join(reasons),
                "cancellation_reason",
            )
        if self.refuse_cancel:
            raise _invalid(self.refuse_cancel, None)
        if pi["status"] not in _PI_CANCELABLE:
            raise _invalid(
                f"You cannot cancel this PaymentIntent because it has a status of {pi['status']}. "
                "Only a PaymentIntent with one of the following statuses may be canceled: "
                + ", ".join(_PI_CANCELABLE)
                + ".",
                None,
                "payment_intent_unexpected_state",
                payment_intent=self._view_pi(pi, ctx),
            )
        pi.update(
            status="canceled",
            canceled_at=int(time.time()),
            cancellation_reason=reason,
            amount_capturable=0,
        )
        self._emit("payment_intent.canceled", pi, ctx)
        return self._view_pi(pi, ctx, expand)

    def _pi_capture(self, ctx: dict, params: dict, pi_id: str) -> dict:
        self._secret_only(ctx)
        pi = self._find(pi_id, "payment_intent", "intent")
        _check_known(params, {"amount_to_capture", "expand", "metadata"})
        expand = self._expand(params, ("latest_charge", "payment_method"))
        if pi["status"] != "requires_capture":
            raise _invalid(
                f"This PaymentIntent could not be captured because it has a status of "
                f"{pi['status']}. Only a PaymentIntent with one of the following statuses may be "
                "captured: requires_capture.",
                None,
                "payment_intent_unexpected_state",
                payment_intent=self._view_pi(pi, ctx),
            )
        amount = pi["amount_capturable"]
        if "amount_to_capture" in params:
            amount = _as_int(params["amount_to_capture"], "amount_to_capture", positive=True)
            if amount > pi["amount_capturable"]:
                raise _invalid(
                    "The amount to capture must be less than or equal to the amount capturable.",
                    "amount_to_capture",
                    "amount_too_large",
                )
        if "metadata" in params:
            pi["metadata"] = _merge_metadata(pi["metadata"], params["metadata"])
        charge = self._objects[pi["latest_charge"]]
        charge.update(captured=True, amount_captured=amount, balance_transaction=_new_id("txn"))
        if amount < charge["amount"]:  # the rest is released: Stripe shows it as refunded
            charge["amount_refunded"] = charge["amount"] - amount
        pi.update(status="succeeded", amount_received=amount, amount_capturable=0)
        self._emit("charge.captured", charge, ctx)
        self._emit("payment_intent.succeeded", pi, ctx)
        return self._view_pi(pi, ctx, expand)

    def _pi_confirm(self, ctx: dict, params: dict, pi_id: str) -> dict:
        pi = self._pi_for(ctx, params, pi_id)
        _check_known(params, self._PI_CONFIRM)
        expand = self._expand(params, ("latest_charge", "payment_method"))
        if params.get("expected_payment_method_type", "card") not in _PAYMENT_METHOD_TYPES:
            raise _invalid(
                "This fake supports card and us_bank_account payments only.",
                "expected_payment_method_type",
            )
        self._confirm(ctx, pi, params)
        return self._view_pi(pi, ctx, expand)

    def _confirm(self, ctx: dict, pi: dict, params: dict) -> None:
        status = pi["status"]
        if status == "succeeded":
            raise _invalid(
                "You cannot confirm this PaymentIntent because it has already succeeded after "
                "being previously confirmed.",
                None,
                "payment_intent_unexpected_state",
                payment_intent=self._view_pi(pi, ctx),
            )
        if status not in _PI_OPEN:
            raise _invalid(
                f"You cannot confirm this PaymentIntent because it has a status of {status}. "
                "Only a PaymentIntent with one of the following statuses may be confirmed: "
                + ", ".join(_PI_OPEN)
                + ".",
                None,
                "payment_intent_unexpected_state",
                payment_intent=self._view_pi(pi, ctx),
            )
        if params.get("payment_method") and params.get("payment_method_data"):
            raise _invalid(
                "You cannot provide both payment_method and payment_method_data.",
                "payment_method_data",
            )
        for name in (
            "receipt_email",
            "setup_future_usage",
            "shipping",
            "capture_method",
            "payment_method_options",
        ):
            if name in params:
                self._apply_pi_fields(pi, {name: params[name]})
        try:
            if params.get("payment_method_data"):
                pm = self._pm_from_data(
                    params["payment_method_data"], "payment_method_data", ctx["kind"] != "secret"
                )
            elif params.get("payment_method"):
                pm = self._payment_method_param(params["payment_method"])
            elif pi["payment_method"]:
                pm = self._objects[pi["payment_method"]]
            else:
                raise _invalid(
                    "You cannot confirm this PaymentIntent because it's missing a payment "
                    "method. You can either update the PaymentIntent with a payment method and "
                    "then confirm it again, or confirm it again directly with a payment method.",
                    None,
                    "payment_intent_unexpected_state",
                    payment_intent=self._view_pi(pi, ctx),
                )
        except StripeError as exc:
            if exc.status == 402:  # unusable card data: a failed payment without a charge
                self._fail(ctx, pi, exc, None, None)
            raise
        if pm["type"] == "us_bank_account":
            self._confirm_bank_debit(ctx, pi, params, pm)
            return
        if "card" not in pi["payment_method_types"]:
            raise self._type_not_allowed(pi, pm, ctx)
        decline = pm["_decline"]
        manual = pi["capture_method"] == "manual"
        charge = self._new_charge(
            pi,
            pm,
            "ch",
            {
                "amount_captured": 0 if decline or manual else pi["amount"],
                "balance_transaction": None if decline or manual else _new_id("txn"),
                "captured": not decline and not manual,
                "outcome": {
                    "network_status": "approved_by_network",
                    "reason": None,
                    "risk_level": "normal",
                    "seller_message": "Payment complete.",
                    "type": "authorized",
                },
                "paid": not decline,
                "payment_method_details": {
                    "card": {
                        **{
                            k: pm["card"][k]
                            for k in (
                                "brand",
                                "country",
                                "exp_month",
                                "exp_year",
                                "fingerprint",
                                "funding",
                                "last4",
                            )
                        },
                        "checks": pm["card"]["checks"],
                        "network": pm["card"]["brand"],
                    },
                    "type": "card",
                },
                "receipt_url": "https://pay.stripe.com/receipts/payment/" + _new_id("fake", 40)[5:],
                "status": "failed" if decline else "succeeded",
            },
        )
        pi["latest_charge"] = charge["id"]
        if decline:
            code, message, param = _DECLINES[decline]
            charge.update(
                failure_code=code,
                failure_message=message,
                outcome={
                    "network_status": "declined_by_network",
                    "reason": decline,
                    "risk_level": "normal",
                    "type": "issuer_declined",
                    "seller_message": "The bank did not return any further details with "
                    "this decline.",
                },
            )
            exc = StripeError(
                402,
                "card_error",
                message,
                code=code,
                decline_code=None
                if code in ("expired_card", "incorrect_cvc", "processing_error")
                else decline,
                param=param,
                charge=charge["id"],
            )
            self._emit("charge.failed", charge, ctx)
            self._fail(ctx, pi, exc, pm, charge)
            raise exc
        pi.update(payment_method=pm["id"], last_payment_error=None)
        if manual:
            pi.update(status="requires_capture", amount_capturable=pi["amount"])
            self._emit("charge.succeeded", charge, ctx)
            self._emit("payment_intent.amount_capturable_updated", pi, ctx)
        else:
            pi.update(status="succeeded", amount_received=pi["amount"])
            self._emit("charge.succeeded", charge, ctx)
            self._emit("payment_intent.succeeded", pi, ctx)

    def _type_not_allowed(self, pi: dict, pm: dict, ctx: dict) -> StripeError:
        return _invalid(
            f"The PaymentMethod provided ({pm['type']}) is not allowed for this PaymentIntent. "
            "Please attach a PaymentMethod of one of the following types: "
            + ", ".join(pi["payment_method_types"])
            + ".",
            "payment_method",
            "payment_intent_incompatible_payment_method",
            payment_intent=self._view_pi(pi, ctx),
        )

    def _confirm_bank_debit(self, ctx: dict, pi: dict, params: dict, pm: dict) -> None:
        """A US bank account debit: the mandate is taken, the charge is pending and the intent
        is `processing` until settle_bank_debit() (days later at Stripe)."""
        if "us_bank_account" not in pi["payment_method_types"]:
            raise self._type_not_allowed(pi, pm, ctx)
        mandate = params.get("mandate_data")
        acceptance = mandate.get("customer_acceptance") if isinstance(mandate, dict) else None
        online = acceptance.get("online") if isinstance(acceptance, dict) else None
        if not isinstance(acceptance, dict) or acceptance.get("type") != "online":
            raise _invalid(
                "A mandate is required to confirm a us_bank_account PaymentIntent: pass "
                "mandate_data[customer_acceptance][type]=online.",
                "mandate_data",
                "parameter_missing",
            )
        if not isinstance(online, dict) or not (
            online.get("infer_from_client") == "true"
            if ctx["kind"] != "secret"
            else online.get("ip_address") and online.get("user_agent")
        ):
            raise _invalid(
                "Missing required param: mandate_data[customer_acceptance][online].",
                "mandate_data[customer_acceptance][online]",
                "parameter_missing",
            )
        bank = pm["us_bank_account"]
        # Stripe's ids of ACH charges start with py_
        charge = self._new_charge(
            pi,
            pm,
            "py",
            {
                "amount_captured": pi["amount"],
                "balance_transaction": None,
                "captured": True,
                "outcome": {
                    "network_status": "approved_by_network",
                    "reason": None,
                    "risk_level": "not_assessed",
                    "seller_message": "Payment pending.",
                    "type": "authorized",
                },
                "paid": False,
                "payment_method_details": {
                    "type": "us_bank_account",
                    "us_bank_account": {
                        k: bank[k]
                        for k in (
                            "account_holder_type",
                            "account_type",
                            "bank_name",
                            "fingerprint",
                            "last4",
                            "routing_number",
                        )
                    },
                },
                "receipt_url": None,
                "status": "pending",
            },
        )
        pi.update(
            latest_charge=charge["id"],
            payment_method=pm["id"],
            last_payment_error=None,
            status="processing",
        )
        self._emit("charge.pending", charge, ctx)
        self._emit("payment_intent.processing", pi, ctx)

    def _fail(self, ctx: dict, pi: dict, exc: StripeError, pm: dict | None, charge) -> None:
        """A failed attempt: the intent waits for another payment method (Stripe's shape)."""
        public_pm = self._public_pm(pm) if pm else None
        error = {k: v for k, v in exc.error.items() if k not in ("payment_intent",)}
        if public_pm:
            error["payment_method"] = public_pm
        pi.update(status="requires_payment_method", payment_method=None, last_payment_error=error)
        self._emit("payment_intent.payment_failed", pi, ctx)
        if public_pm:
            exc.error["payment_method"] = public_pm
        exc.error["payment_intent"] = self._view_pi(pi, ctx)

    # ------------------------------------------------------------ payment methods

    def _pm_create(self, ctx: dict, params: dict) -> dict:
        _check_known(
            params, {"type", "card", "us_bank_account", "billing_details", "metadata", "expand"}
        )
        params.pop("expand", None)
        pm = self._pm_from_data(params, "", ctx["kind"] != "secret")
        if "metadata" in params:
            pm["metadata"] = _merge_metadata({}, params["metadata"])
        return self._public_pm(pm)

    def _pm_retrieve(self, ctx: dict, params: dict, pm_id: str) -> dict:
        self._secret_only(ctx)
        params.pop("expand", None)
        return self._public_pm(self._find(pm_id, "payment_method", "payment_method"))

    @staticmethod
    def _public_pm(pm: dict) -> dict:
        return _public(pm)

    def _payment_method_param(self, value: Any) -> dict:
        if not isinstance(value, str):
            raise _invalid("Invalid string", "payment_method")
        if value in _TEST_BANK_PAYMENT_METHODS:
            return self._bank_pm(
                {
                    "routing_number": _TEST_ROUTING,
                    "account_number": _TEST_BANK_PAYMENT_METHODS[value],
                    "account_holder_type": "individual",
                },
                {"name": "Jenny Rosen"},
                "payment_method_data",
            )
        if value in _TEST_PAYMENT_METHODS:
            number = _TEST_PAYMENT_METHODS[value]
            return self._pm_from_data(
                {
                    "type": "card",
                    "card": {
                        "number": number,
                        "exp_month": "12",
                        "exp_year": str(time.gmtime().tm_year + 3),
                    },
                },
                "payment_method_data",
                raw_ok=True,
            )
        return self._find(value, "payment_method", "payment_method")

    def _pm_from_data(self, data: Any, prefix: str, raw_ok: bool) -> dict:
        """A card PaymentMethod from raw card data (Stripe's validation and 402 card errors).
        Like Stripe, raw numbers are for Stripe.js (publishable key) only: a secret key must use
        test PaymentMethods such as pm_card_visa."""

        def p(name: str) -> str:
            return f"{prefix}[{name}]" if prefix else name

        if not isinstance(data, dict):
            raise _invalid("Invalid object", prefix)
        _check_known(
            data, {"type", "card", "us_bank_account", "billing_details", "metadata"}, prefix
        )
        if data.get("type") == "us_bank_account":
            bank = data.get("us_bank_account")
            if not isinstance(bank, dict):
                raise _invalid(
                    f"Missing required param: {p('us_bank_account')}.",
                    p("us_bank_account"),
                    "parameter_missing",
                )
            return self._bank_pm(bank, data.get("billing_details"), p("us_bank_account"))
        if data.get("type") != "card":
            if "type" not in data:
                raise _invalid(
                    f"Missing required param: {p('type')}.", p("type"), "parameter_missing"
                )
            raise _invalid(
                f"Invalid {p('type')}: this fake supports card and us_bank_account only", p("type")
            )
        card = data.get("card")
        if not isinstance(card, dict):
            raise _invalid(f"Missing required param: {p('card')}.", p("card"), "parameter_missing")
        _check_known(card, {"number", "exp_month", "exp_year", "cvc"}, p("card"))
        if not raw_ok:
            raise _invalid(
                "Sending credit card numbers directly to the Stripe API is generally unsafe. We "
                "suggest you use test tokens that map to the test card you are using, see "
                "https://stripe.com/docs/testing. To enable testing raw card data APIs, see "
                "https://support.stripe.com/questions/enabling-access-to-raw-card-data-apis."
            )
        for name in ("number", "exp_month", "exp_year"):
            if not card.get(name):
                raise _invalid(
                    f"Missing required param: {p('card')}[{name}].",
                    f"{p('card')}[{name}]",
                    "parameter_missing",
                )
        number = re.sub(r"[\s-]", "", card["number"])
        brand = card_brand(number)
        if not number.isdigit() or len(number) not in _valid_lengths(brand) or not _luhn_ok(number):
            raise StripeError(
                402,
                "card_error",
                "Your card number is incorrect.",
                code="incorrect_number",
                param="number",
            )
        month, year = card["exp_month"], card["exp_year"]
        if not month.isdigit() or not 1 <= int(month) <= 12:
            raise StripeError(
                402,
                "card_error",
                "Your card's expiration month is invalid.",
                code="invalid_expiry_month",
                param="exp_month",
            )
        if not year.isdigit():
            raise StripeError(
                402,
                "card_error",
                "Your card's expiration year is invalid.",
                code="invalid_expiry_year",
                param="exp_year",
            )
        year_n = int(year) + (2000 if len(year) == 2 else 0)
        now = time.gmtime()
        if year_n < now.tm_year or year_n > now.tm_year + 50:
            raise StripeError(
                402,
                "card_error",
                "Your card's expiration year is invalid.",
                code="invalid_expiry_year",
                param="exp_year",
            )
        if year_n == now.tm_year and int(month) < now.tm_mon:
            raise StripeError(
                402,
                "card_error",
                "Your card's expiration month is invalid.",
                code="invalid_expiry_month",
                param="exp_month",
            )
        cvc = card.get("cvc")
        if cvc is not None and not re.fullmatch(r"\d{4}" if brand == "amex" else r"\d{3}", cvc):
            raise StripeError(
                402,
                "card_error",
                "Your card's security code is invalid.",
                code="invalid_cvc",
                param="cvc",
            )
        billing = data.get("billing_details") or {}
        if not isinstance(billing, dict):
            raise _invalid("Invalid object", p("billing_details"))
        _check_known(billing, {"name", "email", "phone", "address"}, p("billing_details"))
        address = billing.get("address") or {}
        if not isinstance(address, dict):
            raise _invalid("Invalid object", f"{p('billing_details')}[address]")
        _check_known(
            address,
            {"city", "country", "line1", "line2", "postal_code", "state"},
            f"{p('billing_details')}[address]",
        )
        pm = self._store(
            {
                "id": _new_id("pm"),
                "object": "payment_method",
                "allow_redisplay": "unspecified",
                "billing_details": {
                    "address": {
                        k: address.get(k) or None
                        for k in ("city", "country", "line1", "line2", "postal_code", "state")
                    },
                    "email": billing.get("email") or None,
                    "name": billing.get("name") or None,
                    "phone": billing.get("phone") or None,
                },
                "card": {
                    "brand": brand,
                    "checks": {
                        "address_line1_check": None,
                        "address_postal_code_check": "pass" if address.get("postal_code") else None,
                        "cvc_check": "pass" if cvc else None,
                    },
                    "country": "US",
                    "display_brand": brand,
                    "exp_month": int(month),
                    "exp_year": year_n,
                    "fingerprint": hashlib.sha256(number.encode()).hexdigest()[:16],
                    "funding": "debit"
                    if number in ("4000056655665556", "5200828282828210")
                    else "credit",
                    "last4": number[-4:],
                    "networks": {"available": [brand], "preferred": None},
                    "three_d_secure_usage": {"supported": True},
                    "wallet": None,
                },
                "created": int(time.time()),
                "customer": None,
                "livemode": False,
                "metadata": {},
                "type": "card",
                "_decline": _TEST_CARDS.get(number, "live_mode_test_card"),
            }
        )
        return pm

    def _bank_pm(self, bank: dict, billing: Any, param: str) -> dict:
        """A us_bank_account PaymentMethod from a routing and account number (what Stripe.js
        sends for manually entered details; Financial Connections is not faked). Stripe wants
        the account holder's name."""
        _check_known(
            bank,
            {"routing_number", "account_number", "account_holder_type", "account_type"},
            param,
        )
        for name in ("routing_number", "account_number"):
            if not bank.get(name):
                raise _invalid(
                    f"Missing required param: {param}[{name}].",
                    f"{param}[{name}]",
                    "parameter_missing",
                )
        routing, number = str(bank["routing_number"]), str(bank["account_number"])
        if not re.fullmatch(r"\d{9}", routing):
            raise _invalid("Routing number must have 9 digits", f"{param}[routing_number]")
        if not re.fullmatch(r"\d{4,17}", number):
            raise _invalid("Invalid account number", f"{param}[account_number]")
        holder = bank.get("account_holder_type") or "individual"
        if holder not in ("individual", "company"):
            raise _invalid(
                "Invalid account_holder_type: must be one of individual or company",
                f"{param}[account_holder_type]",
            )
        kind = bank.get("account_type") or "checking"
        if kind not in ("checking", "savings"):
            raise _invalid(
                "Invalid account_type: must be one of checking or savings",
                f"{param}[account_type]",
            )
        billing = billing or {}
        if not isinstance(billing, dict) or not billing.get("name"):
            raise _invalid(
                "Missing required param: billing_details[name]. The account holder's name is "
                "required for us_bank_account PaymentMethods.",
                "billing_details[name]",
                "parameter_missing",
            )
        _check_known(billing, {"name", "email", "phone", "address"}, "billing_details")
        known = routing == _TEST_ROUTING and number in _TEST_BANK_ACCOUNTS
        return self._store(
            {
                "id": _new_id("pm"),
                "object": "payment_method",
                "allow_redisplay": "unspecified",
                "billing_details": {
                    "address": {
                        k: None
                        for k in ("city", "country", "line1", "line2", "postal_code", "state")
                    },
                    "email": billing.get("email") or None,
                    "name": billing.get("name"),
                    "phone": billing.get("phone") or None,
                },
                "created": int(time.time()),
                "customer": None,
                "livemode": False,
                "metadata": {},
                "type": "us_bank_account",
                "us_bank_account": {
                    "account_holder_type": holder,
                    "account_type": kind,
                    "bank_name": "STRIPE TEST BANK",
                    "financial_connections_account": None,
                    "fingerprint": hashlib.sha256((routing + number).encode()).hexdigest()[:16],
                    "last4": number[-4:],
                    "networks": {"preferred": "ach", "supported": ["ach"]},
                    "routing_number": routing,
                    "status_details": {},
                },
                # like a live account number in test mode: Stripe fails it as no_account
                "_decline": _TEST_BANK_ACCOUNTS[number] if known else "no_account",
            }
        )

    # ------------------------------------------------------------ charges and refunds

    def _charge_retrieve(self, ctx: dict, params: dict, charge_id: str) -> dict:
        self._secret_only(ctx)
        expand = self._expand(params, ("payment_intent",))
        _check_known(params, set())
        charge = copy.deepcopy(self._find(charge_id, "charge", "charge"))
        if "payment_intent" in expand:
            charge["payment_intent"] = copy.deepcopy(self._objects[charge["payment_intent"]])
        return charge

    def _charge_list(self, ctx: dict, params: dict) -> dict:
        self._secret_only(ctx)
        _check_known(
            params,
            {"limit", "starting_after", "ending_before", "payment_intent", "created", "customer"},
        )
        params.pop("created", None)
        params.pop("customer", None)
        pi = params.pop("payment_intent", None)
        return self._list(
            "charge", params, "/v1/charges", lambda o: pi is None or o["payment_intent"] == pi
        )

    def _refund_create(self, ctx: dict, params: dict) -> dict:
        self._secret_only(ctx)
        _check_known(
            params,
            {
                "payment_intent",
                "charge",
                "amount",
                "reason",
                "metadata",
                "expand",
                "instructions_email",
                "refund_application_fee",
                "reverse_transfer",
            },
        )
        expand = self._expand(params, ("charge", "payment_intent"))
        charge_id, pi_id = params.get("charge"), params.get("payment_intent")
        if not charge_id and not pi_id:
            raise _invalid(
                "One of the following params should be provided for this request: "
                "payment_intent or charge.",
                None,
                "parameter_missing",
            )
        if pi_id:
            pi = self._find(pi_id, "payment_intent", "payment_intent")
            charge = self._objects.get(pi["latest_charge"] or "")
            if not charge or charge["status"] != "succeeded":
                raise _invalid(
                    f"This PaymentIntent ({pi_id}) does not have a successful charge to refund.",
                    "payment_intent",
                )
            if charge_id and charge_id != charge["id"]:
                raise _invalid(
                    f"The charge {charge_id} does not belong to the PaymentIntent {pi_id}.",
                    "charge",
                )
        else:
            charge = self._find(charge_id, "charge", "charge")
        if charge["status"] != "succeeded" or not charge["captured"]:
            raise _invalid(
                f"Charge {charge['id']} has not been captured or was not successful; it cannot "
                "be refunded.",
                "charge",
            )
        remaining = charge["amount_captured"] - charge["amount_refunded"]
        if charge["refunded"] or remaining <= 0:
            raise _invalid(
                f"Charge {charge['id']} has already been refunded.", None, "charge_already_refunded"
            )
        amount = remaining
        if "amount" in params:
            amount = _as_int(params["amount"], "amount", positive=True)
            if amount > remaining:
                cur = charge["currency"]
                raise _invalid(
                    f"Refund amount ({_format_amount(amount, cur)}) is greater than unrefunded "
                    f"amount on charge ({_format_amount(remaining, cur)})",
                    "amount",
                    "amount_too_large",
                )
        reason = params.get("reason") or None
        if reason not in (None, "duplicate", "fraudulent", "requested_by_customer"):
            raise _invalid(
                "Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer",
                "reason",
            )
        refund = self._store(
            {
                "id": _new_id("re"),
                "object": "refund",
                "amount": amount,
                "balance_transaction": _new_id("txn"),
                "charge": charge["id"],
                "created": int(time.time()),
                "currency": charge["currency"],
                "destination_details": {
                    "card": {
                        "reference_status": "pending",
                        "reference_type": "acquirer_reference_number",
                        "type": "refund",
                    },
                    "type": "card",
                },
                "metadata": _merge_metadata({}, params.get("metadata", {})),
                "payment_intent": charge["payment_intent"],
                "reason": reason,
                "receipt_number": None,
                "source_transfer_reversal": None,
                "status": "succeeded",
                "transfer_reversal": None,
            }
        )
        previous = {"amount_refunded": charge["amount_refunded"], "refunded": charge["refunded"]}
        charge["amount_refunded"] += amount
        charge["refunded"] = charge["amount_refunded"] >= charge["amount_captured"]
        if charge["refunded"] == previous["refunded"]:
            del previous["refunded"]
        self._emit("refund.created", refund, ctx)
        self._emit("charge.refunded", charge, ctx, previous)
        out = copy.deepcopy(refund)
        for field in expand:
            out[field] = copy.deepcopy(self._objects[out[field]])
        return out

    def _refund_retrieve(self, ctx: dict, params: dict, refund_id: str) -> dict:
        self._secret_only(ctx)
        params.pop("expand", None)
        _check_known(params, set())
        return copy.deepcopy(self._find(refund_id, "refund", "refund"))

    def _refund_list(self, ctx: dict, params: dict) -> dict:
        self._secret_only(ctx)
        _check_known(
            params,
            {"limit", "starting_after", "ending_before", "payment_intent", "charge", "created"},
        )
        params.pop("created", None)
        pi, charge = params.pop("payment_intent", None), params.pop("charge", None)
        return self._list(
            "refund",
            params,
            "/v1/refunds",
            lambda o: (pi is None or o["payment_intent"] == pi)
            and (charge is None or o["charge"] == charge),
        )

    # ------------------------------------------------------------ events

    def _event_retrieve(self, ctx: dict, params: dict, event_id: str) -> dict:
        self._secret_only(ctx)
        for event in self.events:
            if event["id"] == event_id:
                return copy.deepcopy(event)
        raise _invalid(f"No such event: '{event_id}'", "id", "resource_missing")

    def _event_list(self, ctx: dict, params: dict) -> dict:
        self._secret_only(ctx)
        _check_known(params, {"limit", "starting_after", "ending_before", "type", "created"})
        params.pop("created", None)
        wanted = params.pop("type", None)
        limit = _as_int(params.pop("limit", "10"), "limit", positive=True)
        events = [e for e in reversed(self.events) if wanted in (None, e["type"])]
        after = params.pop("starting_after", None)
        if after:
            ids = [e["id"] for e in events]
            events = events[ids.index(after) + 1 :] if after in ids else []
        return {
            "object": "list",
            "data": copy.deepcopy(events[:limit]),
            "has_more": len(events) > limit,
            "url": "/v1/events",
        }


def main() -> None:
    """Run the fake on its own to try card payments locally (README, 'Card payments')."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tests.fakes.stripe_server")
    parser.add_argument("--port", type=int, default=8420)
    parser.add_argument("--webhook", default="http://localhost:3000/api/stripe/webhook")
    args = parser.parse_args()
    fake = FakeStripe().start(args.port)
    secret = "whsec_local_fake"
    fake.add_webhook(args.webhook, secret)
    print("Fake Stripe running. Start the site with:")
    print(f"  STRIPE_API_BASE={fake.url} STRIPE_SECRET_KEY={fake.secret_key} \\")
    print(
        f"  STRIPE_PUBLISHABLE_KEY={fake.publishable_key} STRIPE_WEBHOOK_SECRET={secret} make run"
    )
    print("The browser still loads the real Stripe.js, which talks to Stripe: use the e2e tests'")
    print("route (FakeStripe.route_playwright) to drive it in Chromium. Ctrl+C stops the fake.")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        fake.stop()


if __name__ == "__main__":
    main()
