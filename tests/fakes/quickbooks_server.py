"""A fake QuickBooks Online on 127.0.0.1 that the real clients talk to: Intuit's OAuth 2.0
(discovery document, consent page, token and revoke endpoints) for `intuit-oauth`, and the
accounting API v3 (`/v3/company/<realm>/...`) in Intuit's documented JSON shapes for our httpx
calls, with its errors (Fault JSON) and signed webhooks to our app.

Fault modes:
- `throttle_next` requests answer 429 (ThrottleExceeded) and apply nothing;
- `expire_access_tokens()`: every access token given so far answers 401 (3200), as after an hour;
- `commit_then_hang` writes (of the entity `hang_on`, e.g. "invoice", or any) are applied (and
  their requestid remembered), then their answer is held back `hang_seconds`, longer than the
  client's timeout;
- `touch(entity, id)` changes a record as the bookkeeper would, so our SyncToken is stale (5010).
"""

import base64
import hashlib
import hmac
import json
import re
import secrets
import sys
import threading
import time
import uuid
from datetime import UTC, datetime
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx

from tests.fakes.serving import serve_in_background, stop_serving

CLIENT_ID = "ABfakeQuickBooksClientId0123456789"
CLIENT_SECRET = "fakeQuickBooksClientSecret0123456789"
REALM_ID = "9341453050871234"
COMPANY_NAME = "Brooklyn Home Renovation LLC"
VERIFIER_TOKEN = "fake-quickbooks-webhook-verifier-token"
ACCESS_SECONDS = 3600
REFRESH_SECONDS = 100 * 24 * 3600  # Intuit's refresh tokens: 100 days
ACCOUNTING_SCOPE = "com.intuit.quickbooks.accounting"
ENTITIES = {
    "customer": "Customer",
    "invoice": "Invoice",
    "payment": "Payment",
    "refundreceipt": "RefundReceipt",
    "creditmemo": "CreditMemo",
    "purchase": "Purchase",
    "item": "Item",
    "account": "Account",
}
API_PATH = re.compile(r"^/v3/company/(?P<realm>\d+)/(?P<rest>.+)$")
QUERY = re.compile(r"^select \* from (?P<entity>\w+)(?: where (?P<where>.+?))?\s*$", re.I)
CLAUSE = re.compile(
    r"^(?P<field>\w+)\s*(?P<op>=|like)\s*(?:'(?P<value>(?:\\'|[^'])*)'|(?P<bare>\w+))$", re.I
)

STALE = (
    "5010",
    "Stale Object Error",
    "Stale Object Error : You and {who} were working on this "
    "at the same time. {who} finished before you did, so your work was not saved.",
)
DUPLICATE = (
    "6240",
    "Duplicate Name Exists Error",
    "The name supplied already exists. : "
    "Another customer, vendor or employee is already using this name. Please use a "
    "different name.",
)


def fault(code: str, message: str, detail: str, kind: str = "ValidationFault") -> dict:
    """Intuit's error body."""
    error = {"Message": message, "Detail": detail, "code": code, "element": ""}
    return {"Fault": {"Error": [error], "type": kind}, "time": _now()}


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _cents(amount) -> int:
    return round(float(amount or 0) * 100)


class FakeQuickBooks:
    """One QuickBooks company (`REALM_ID`) with a few items and accounts; `records[entity]`
    holds every record by id, `requests` every request."""

    def __init__(self) -> None:
        self.records: dict[str, dict[str, dict]] = {name: {} for name in ENTITIES.values()}
        self.requests: list[dict] = []
        self.codes: dict[str, str] = {}  # authorization code: redirect_uri
        self.access_tokens: dict[str, float] = {}  # token: expires (epoch)
        self.refresh_tokens: set[str] = set()
        self.revoked: list[str] = []
        self.answers: dict[str, tuple[int, dict]] = {}  # requestid: the first answer
        self.throttle_next = 0
        self.commit_then_hang = 0
        self.hang_on = ""  # only writes of this entity hang ("": any)
        self.hang_seconds = 3.0
        self._next_id = 100
        self._lock = threading.RLock()
        self._server: ThreadingHTTPServer | None = None
        self.port = 0
        self._seed()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def discovery_url(self) -> str:
        return f"{self.url}/.well-known/openid_sandbox_configuration"

    def _seed(self) -> None:
        for name, kind in (("Services", "Service"), ("Sales tax", "Service")):
            self._store("Item", {"Name": name, "Type": kind, "Active": True})
        for name, kind in (
            ("Undeposited Funds", "Other Current Asset"),
            ("Checking", "Bank"),
            ("Merchant fees", "Expense"),
        ):
            self._store("Account", {"Name": name, "AccountType": kind, "Active": True})

    def _store(self, entity: str, record: dict) -> dict:
        self._next_id += 1
        record = {**record, "Id": str(self._next_id), "SyncToken": "0"}
        record["MetaData"] = {"CreateTime": _now(), "LastUpdatedTime": _now()}
        self.records[entity][record["Id"]] = record
        return record

    def of(self, entity: str) -> list[dict]:
        """The records of one entity ("Invoice"), oldest first."""
        with self._lock:
            return list(self.records[entity].values())

    def find(self, entity: str, name: str) -> dict:
        return next(r for r in self.of(entity) if r.get("Name") == name)

    def touch(self, entity: str, record_id: str) -> None:
        """The bookkeeper edits the record in QuickBooks: its SyncToken moves on."""
        with self._lock:
            record = self.records[entity][record_id]
            record["SyncToken"] = str(int(record["SyncToken"]) + 1)

    def expire_access_tokens(self) -> None:
        with self._lock:
            self.access_tokens = {token: 0 for token in self.access_tokens}

    # --- serving ------------------------------------------------------------------------------

    def start(self) -> "FakeQuickBooks":
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:
                fake._serve(self, "GET", b"")

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                fake._serve(self, "POST", self.rfile.read(length))

            def answer(self, status: int, payload: dict | str, headers: dict | None = None):
                is_text = isinstance(payload, str)
                data = (payload if is_text else json.dumps(payload)).encode()
                self.send_response(status)
                content_type = "text/html; charset=utf-8" if is_text else "application/json"
                self.send_header("Content-Type", content_type)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = _QuietServer(("127.0.0.1", 0), Handler)
        self.port = serve_in_background(self._server)
        return self

    def stop(self) -> None:
        stop_serving(self._server)

    def _serve(self, handler, method: str, body: bytes) -> None:
        parts = urlsplit(handler.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        with self._lock:
            self.requests.append({"method": method, "path": handler.path, "body": body})
        routes = {
            "/.well-known/openid_sandbox_configuration": self._discovery,
            "/connect/oauth2": self._consent_page,
            "/oauth2/v1/tokens/bearer": self._token,
            "/oauth2/v1/tokens/revoke": self._revoke,
        }
        if parts.path in routes:
            return routes[parts.path](handler, method, query, body)
        match = API_PATH.match(parts.path)
        if not match or match["realm"] != REALM_ID:
            return handler.answer(404, fault("610", "Object Not Found", parts.path))
        return self._api(handler, method, match["rest"], query, body)

    # --- OAuth 2.0 ----------------------------------------------------------------------------

    def _discovery(self, handler, method, query, body) -> None:
        handler.answer(
            200,
            {
                "issuer": "https://oauth.platform.intuit.com/op/v1",
                "authorization_endpoint": f"{self.url}/connect/oauth2",
                "token_endpoint": f"{self.url}/oauth2/v1/tokens/bearer",
                "userinfo_endpoint": f"{self.url}/v1/openid_connect/userinfo",
                "revocation_endpoint": f"{self.url}/oauth2/v1/tokens/revoke",
                "jwks_uri": f"{self.url}/op/v1/jwks",
            },
        )

    def _consent_page(self, handler, method, query, body) -> None:
        """GET: Intuit's consent page; POST (its Connect button): back to the app."""
        fields = query if method == "GET" else {k: v[0] for k, v in parse_qs(body.decode()).items()}
        if fields.get("client_id") != CLIENT_ID or ACCOUNTING_SCOPE not in fields.get("scope", ""):
            return handler.answer(400, "<p>invalid_client or scope</p>")
        if method == "GET":
            hidden = "".join(
                f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">'
                for k, v in fields.items()
            )
            page = f'<form method="post" action="/connect/oauth2">{hidden}<button>Connect</button>'
            return handler.answer(200, page + "</form>")
        handler.answer(302, "", {"Location": self.consent_redirect(fields)})

    def consent_redirect(self, fields: dict) -> str:
        """Where Intuit sends the admin after Connect: the app's redirect URI with a one-time
        code, the state it was given and the company's realmId."""
        code = "AB11" + secrets.token_hex(16)
        with self._lock:
            self.codes[code] = fields["redirect_uri"]
        back = {"code": code, "state": fields["state"], "realmId": REALM_ID}
        return f"{fields['redirect_uri']}?{urlencode(back)}"

    def approve(self, authorize_url: str) -> str:
        """The admin presses Connect on the consent page of `authorize_url`: the callback URL."""
        fields = {k: v[0] for k, v in parse_qs(urlsplit(authorize_url).query).items()}
        assert fields["client_id"] == CLIENT_ID and fields["response_type"] == "code"
        return self.consent_redirect(fields)

    def _client_ok(self, handler) -> bool:
        expected = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
        return handler.headers.get("Authorization", "") == f"Basic {expected}"

    def _token(self, handler, method, query, body) -> None:
        if not self._client_ok(handler):
            return handler.answer(401, {"error": "invalid_client"})
        form = {k: v[0] for k, v in parse_qs(body.decode()).items()}
        with self._lock:
            if form.get("grant_type") == "authorization_code":
                if self.codes.pop(form.get("code", ""), None) != form.get("redirect_uri"):
                    return handler.answer(400, {"error": "invalid_grant"})
            elif form.get("grant_type") == "refresh_token":
                if form.get("refresh_token") not in self.refresh_tokens:
                    return handler.answer(400, {"error": "invalid_grant"})
                self.refresh_tokens.discard(form["refresh_token"])  # Intuit rotates it
            else:
                return handler.answer(400, {"error": "unsupported_grant_type"})
            access, refresh = "eyJ" + secrets.token_hex(24), "AB11" + secrets.token_hex(20)
            self.access_tokens[access] = time.time() + ACCESS_SECONDS
            self.refresh_tokens.add(refresh)
        handler.answer(
            200,
            {
                "token_type": "bearer",
                "access_token": access,
                "expires_in": ACCESS_SECONDS,
                "refresh_token": refresh,
                "x_refresh_token_expires_in": REFRESH_SECONDS,
            },
        )

    def _revoke(self, handler, method, query, body) -> None:
        if not self._client_ok(handler):
            return handler.answer(401, {"error": "invalid_client"})
        token = json.loads(body or b"{}").get("token", "")
        with self._lock:
            self.revoked.append(token)
            self.refresh_tokens.discard(token)
            self.access_tokens = {}  # the company's access ends with the revoke
        handler.answer(200, "")

    # --- accounting API -----------------------------------------------------------------------

    def _api(self, handler, method: str, rest: str, query: dict, body: bytes) -> None:
        token = handler.headers.get("Authorization", "").removeprefix("Bearer ")
        with self._lock:
            if self.access_tokens.get(token, 0) < time.time():
                detail = "Token expired: " + token[:10]
                auth = fault("3200", "message=AuthenticationFailed; errorCode=003200", detail)
                auth["Fault"]["type"] = "AUTHENTICATION"
                return handler.answer(401, auth)
            if self.throttle_next > 0:
                self.throttle_next -= 1
                throttle = fault(
                    "3001",
                    "message=ThrottleExceeded; errorCode=003001",
                    "The request limit was reached.",
                    "SERVICE",
                )
                return handler.answer(429, throttle)
            if method == "GET":
                return handler.answer(*self._read(rest, query))
            request_id = query.get("requestid", "")
            if request_id and request_id in self.answers:
                return handler.answer(*self.answers[request_id])
            status, payload = self._write(rest, query, json.loads(body or b"{}"))
            if request_id:
                self.answers[request_id] = (status, payload)
            hang = status == 200 and self.commit_then_hang > 0 and self.hang_on in ("", rest)
            if hang:
                self.commit_then_hang -= 1
        if hang:
            time.sleep(self.hang_seconds)  # applied: the client gives up before the answer
        handler.answer(status, payload)

    def _read(self, rest: str, query: dict) -> tuple[int, dict]:
        if rest == "query":
            return 200, self._query(query.get("query", ""))
        if rest == "cdc":
            return 200, self._changed(query.get("entities", ""), query.get("changedSince", ""))
        entity_path, _, record_id = rest.partition("/")
        if entity_path == "companyinfo":
            info = {"Id": REALM_ID, "CompanyName": COMPANY_NAME, "Country": "US"}
            return 200, {"CompanyInfo": info, "time": _now()}
        entity = ENTITIES.get(entity_path)
        record = self.records.get(entity, {}).get(record_id)
        if record is None:
            return 400, fault("610", "Object Not Found", f"Object Not Found : {rest}")
        return 200, {entity: record, "time": _now()}

    def _query(self, text: str) -> dict:
        match = QUERY.match(" ".join(text.split()))
        if not match or match["entity"] not in self.records:
            return fault("4000", "Error parsing query", text, "QueryValidationError")
        found = list(self.records[match["entity"]].values())
        for clause in re.split(r"\s+and\s+", match["where"] or "", flags=re.I):
            if clause:
                found = [r for r in found if _meets(r, CLAUSE.match(clause.strip()))]
        rows = {match["entity"]: found} if found else {}
        return {
            "QueryResponse": {**rows, "startPosition": 1, "maxResults": len(found)},
            "time": _now(),
        }

    def _changed(self, entities: str, since: str) -> dict:
        """Change data capture: the records of `entities` changed since `since` (ISO time)."""
        moment = datetime.fromisoformat(since)
        answers = []
        for entity in (e for e in entities.split(",") if e in self.records):
            found = [
                r
                for r in self.records[entity].values()
                if datetime.fromisoformat(r["MetaData"]["LastUpdatedTime"]) >= moment
            ]
            answers.append({entity: found, "startPosition": 1, "maxResults": len(found)})
        return {"CDCResponse": [{"QueryResponse": answers}], "time": _now()}

    def _write(self, rest: str, query: dict, data: dict) -> tuple[int, dict]:
        entity = ENTITIES.get(rest)
        if entity is None:
            return 400, fault("610", "Object Not Found", rest)
        if "Id" not in data:
            return self._create(entity, data)
        record = self.records[entity].get(str(data["Id"]))
        if record is None:
            return 400, fault("610", "Object Not Found", f"Object Not Found : {entity}")
        if str(data.get("SyncToken")) != record["SyncToken"]:
            return 400, fault(STALE[0], STALE[1], STALE[2].format(who="the bookkeeper"))
        if query.get("operation") == "void" or query.get("include") == "void":
            return self._void(entity, record)
        if entity == "Customer" and self._name_taken(data.get("DisplayName"), record["Id"]):
            return 400, fault(*DUPLICATE)
        updated = {**record, **{k: v for k, v in data.items() if k not in ("sparse",)}}
        updated["SyncToken"] = str(int(record["SyncToken"]) + 1)
        updated["MetaData"] = {**record["MetaData"], "LastUpdatedTime": _now()}
        self.records[entity][record["Id"]] = self._computed(entity, updated)
        self._apply_payments()
        return 200, {entity: self.records[entity][record["Id"]], "time": _now()}

    def _create(self, entity: str, data: dict) -> tuple[int, dict]:
        if entity == "Customer":
            if not data.get("DisplayName"):
                return 400, fault(
                    "6000", "A business validation error has occurred", "DisplayName is required"
                )
            if self._name_taken(data["DisplayName"]):
                return 400, fault(*DUPLICATE)
        if (
            entity in ("Invoice", "Payment", "RefundReceipt", "CreditMemo")
            and data.get("CustomerRef", {}).get("value") not in self.records["Customer"]
        ):
            return 400, fault("2500", "Invalid Reference Id", "Invalid Reference Id : Customer")
        missing = self._missing_item(data)
        if missing:
            return 400, fault(
                "2500", "Invalid Reference Id", f"Invalid Reference Id : Item {missing}"
            )
        record = self._store(entity, self._computed(entity, data))
        self._apply_payments()
        return 200, {entity: self.records[entity][record["Id"]], "time": _now()}

    def _missing_item(self, data: dict) -> str:
        """The first line's item that does not exist in the company, or ""."""
        for line in data.get("Line", []):
            item = line.get("SalesItemLineDetail", {}).get("ItemRef", {}).get("value")
            if item is not None and item not in self.records["Item"]:
                return item
        return ""

    def _name_taken(self, name: str | None, own_id: str = "") -> bool:
        return any(
            c["DisplayName"].lower() == str(name).lower() and c["Id"] != own_id
            for c in self.records["Customer"].values()
        )

    def _computed(self, entity: str, record: dict) -> dict:
        """What QuickBooks works out itself: a sub-customer's full name, a document's total."""
        record = dict(record)
        if entity == "Customer":
            parent = self.records["Customer"].get(record.get("ParentRef", {}).get("value", ""))
            name = record["DisplayName"]
            record["FullyQualifiedName"] = f"{parent['DisplayName']}:{name}" if parent else name
            record.setdefault("Active", True)
        if entity in ("Invoice", "RefundReceipt", "CreditMemo", "Purchase"):
            lines = [
                line
                for line in record.get("Line", [])
                if line.get("DetailType") != "SubTotalLineDetail"
            ]
            sales = sum(
                _cents(x["Amount"]) for x in lines if x["DetailType"] != "DiscountLineDetail"
            )
            discount = sum(
                _cents(x["Amount"]) for x in lines if x["DetailType"] == "DiscountLineDetail"
            )
            tax = _cents(record.get("TxnTaxDetail", {}).get("TotalTax", 0))
            record["Line"] = lines + [
                {
                    "Amount": sales / 100,
                    "DetailType": "SubTotalLineDetail",
                    "SubTotalLineDetail": {},
                }
            ]
            record["TotalAmt"] = (sales - discount + tax) / 100
            record.setdefault("Balance", record["TotalAmt"] if entity == "Invoice" else 0)
        return record

    def _void(self, entity: str, record: dict) -> tuple[int, dict]:
        """A voided transaction stays, with its amounts zero and a note (nothing is deleted)."""
        record["SyncToken"] = str(int(record["SyncToken"]) + 1)
        record["PrivateNote"] = f"Voided {record.get('PrivateNote', '')}".strip()
        record["TotalAmt"] = 0
        record["Balance"] = 0
        for line in record.get("Line", []):
            line["Amount"] = 0
        if entity == "Invoice":
            record["TxnTaxDetail"] = {"TotalTax": 0}
        self._apply_payments()
        return 200, {entity: record, "time": _now()}

    def _apply_payments(self) -> None:
        """Each invoice's balance: its total less the payments linked to it."""
        paid: dict[str, int] = {}
        for payment in self.records["Payment"].values():
            for line in payment.get("Line", []):
                for linked in line.get("LinkedTxn", []):
                    if linked.get("TxnType") == "Invoice":
                        paid[linked["TxnId"]] = paid.get(linked["TxnId"], 0) + _cents(
                            line["Amount"]
                        )
        for invoice in self.records["Invoice"].values():
            invoice["Balance"] = (_cents(invoice["TotalAmt"]) - paid.get(invoice["Id"], 0)) / 100

    # --- what the bookkeeper does, and the webhooks Intuit sends -------------------------------

    def bookkeeper_payment(
        self, invoice_id: str, cents: int, ref: str = "1201", method: str = "Check"
    ) -> dict:
        """A payment (a check unless `method` says otherwise) the bookkeeper records in
        QuickBooks against an invoice."""
        with self._lock:
            invoice = self.records["Invoice"][invoice_id]
            payment = self._store(
                "Payment",
                {
                    "CustomerRef": invoice["CustomerRef"],
                    "TotalAmt": cents / 100,
                    "TxnDate": datetime.now(UTC).date().isoformat(),
                    "PaymentRefNum": ref,
                    "PaymentMethodRef": {"value": "2", "name": method},
                    "Line": [
                        {
                            "Amount": cents / 100,
                            "LinkedTxn": [{"TxnId": invoice_id, "TxnType": "Invoice"}],
                        }
                    ],
                },
            )
            self._apply_payments()
            return payment

    def webhook_body(
        self, entity: str, record_id: str, operation: str = "Create", legacy: bool = False
    ) -> bytes:
        """Intuit's notification of a changed record: a list of CloudEvents (its format since
        May 2026), or with `legacy` the `eventNotifications` shape before it."""
        if legacy:
            event = {"name": entity, "id": record_id, "operation": operation, "lastUpdated": _now()}
            notification = {"realmId": REALM_ID, "dataChangeEvent": {"entities": [event]}}
            return json.dumps({"eventNotifications": [notification]}).encode()
        done = {"Create": "created", "Update": "updated", "Delete": "deleted", "Void": "voided"}
        event = {
            "specversion": "1.0",
            "id": str(uuid.uuid4()),
            "source": "intuit.fake-quickbooks",
            "type": f"qbo.{entity.lower()}.{done[operation]}.v1",
            "datacontenttype": "application/json",
            "time": _now(),
            "intuitentityid": record_id,
            "intuitaccountid": REALM_ID,
            "data": {},
        }
        return json.dumps([event]).encode()

    def post_webhook(self, url: str, body: bytes, signature: str = "", post=None):
        """POST the notification with `intuit-signature` (HMAC-SHA256 of the body with the
        verifier token, base64); any other non-empty `signature` is sent as it is."""
        signature = signature or sign_webhook(body, VERIFIER_TOKEN)
        headers = {"intuit-signature": signature, "Content-Type": "application/json"}
        return (post or httpx.post)(url, content=body, headers=headers)


class _QuietServer(ThreadingHTTPServer):
    """A client that gave up waiting (the commit-then-hang mode) is no error worth printing."""

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def sign_webhook(body: bytes, verifier_token: str) -> str:
    digest = hmac.new(verifier_token.encode(), body, hashlib.sha256).digest()
    return base64.b64encode(digest).decode()


def _meets(record: dict, clause) -> bool:
    if clause is None:
        return False
    value = record.get(clause["field"])
    if isinstance(value, dict):  # CustomerRef = '5'
        value = value.get("value")
    if isinstance(value, bool):
        value = str(value).lower()
    wanted = (clause["value"] if clause["value"] is not None else clause["bare"]).replace(
        "\\'", "'"
    )
    if clause["op"].lower() == "like":
        pattern = "^" + re.escape(wanted).replace("%", ".*") + "$"
        return re.match(pattern, str(value or ""), re.I) is not None
    return str(value) == wanted
