"""Self-test of the fake Stripe (tests/fakes/stripe_server.py) with the real `stripe` SDK, and of
the fake Stripe.js (tests/fakes/stripe_js.js) in Chromium when it is installed."""

import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import stripe

from tests.browser import CHROMIUM, CHROMIUM_ARGS
from tests.fakes.stripe_js_client import js_confirm, js_confirm_bank
from tests.fakes.stripe_server import FakeStripe

WEBHOOK_SECRET = "whsec_test_selftest"


class Receiver:
    """A tiny webhook endpoint: keeps what arrives, answers `status`."""

    def __init__(self) -> None:
        self.received: list[tuple[str, bytes]] = []
        self.status = 200
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                receiver.received.append((self.headers.get("Stripe-Signature"), body))
                self.send_response(receiver.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/stripe/webhook"

    def events(self) -> list:
        """Every delivery, verified as the app will verify it."""
        return [
            stripe.Webhook.construct_event(body, sig, WEBHOOK_SECRET) for sig, body in self.received
        ]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def fake():
    fake = FakeStripe().start()
    yield fake
    fake.stop()


@pytest.fixture
def receiver(fake):
    receiver = Receiver()
    fake.add_webhook(receiver.url, WEBHOOK_SECRET)
    yield receiver
    receiver.close()


@pytest.fixture
def client(fake):
    """The SDK pointed at the fake: StripeClient with base_addresses (stripe 16.1.0)."""
    return stripe.StripeClient(
        fake.secret_key, base_addresses={"api": fake.url}, max_network_retries=0
    )


def new_intent(client, amount=12500, options=None, **extra):
    params = {
        "amount": amount,
        "currency": "usd",
        "metadata": {"invoice_id": "7", "invoice_number": "INV-0007"},
        "description": "Invoice INV-0007",
        "receipt_email": "customer@example.com",
        "payment_method_types": ["card"],
        **extra,
    }
    return client.v1.payment_intents.create(params, options or {})


def test_create_is_idempotent_and_validated(fake, client):
    first = new_intent(client, options={"idempotency_key": "invoice-7-attempt-1"})
    again = new_intent(client, options={"idempotency_key": "invoice-7-attempt-1"})
    assert again.id == first.id and again.client_secret == first.client_secret
    assert first.status == "requires_payment_method" and first.object == "payment_intent"
    assert first.client_secret.startswith(first.id + "_secret_")
    assert (first.amount, first.amount_received, first.currency) == (12500, 0, "usd")
    assert first.metadata.to_dict() == {"invoice_id": "7", "invoice_number": "INV-0007"}
    assert first.latest_charge is None and first.last_payment_error is None
    assert first.livemode is False
    assert len(fake.objects("payment_intent")) == 1
    creates = fake.requests_to("POST", "/v1/payment_intents")
    assert [r["replayed"] for r in creates] == [False, True]
    assert creates[0]["idempotency_key"] == "invoice-7-attempt-1"
    assert creates[0]["api_key"] == fake.secret_key
    assert creates[0]["params"]["metadata"] == {"invoice_id": "7", "invoice_number": "INV-0007"}

    with pytest.raises(stripe.IdempotencyError):
        new_intent(client, amount=999, options={"idempotency_key": "invoice-7-attempt-1"})
    with pytest.raises(stripe.InvalidRequestError) as small:
        new_intent(client, amount=49)
    assert (small.value.code, small.value.param) == ("amount_too_small", "amount")
    with pytest.raises(stripe.InvalidRequestError) as currency:
        new_intent(client, currency="xyz")
    assert currency.value.param == "currency"
    with pytest.raises(stripe.InvalidRequestError) as unknown:
        new_intent(client, colour="red")
    assert unknown.value.code == "parameter_unknown"

    # update while open; not the amount once paid (below, in the success test)
    updated = client.v1.payment_intents.update(first.id, {"amount": 10000, "metadata": {"k": "v"}})
    assert updated.amount == 10000 and updated.metadata["k"] == "v"

    wrong = stripe.StripeClient("sk_test_wrong", base_addresses={"api": fake.url})
    with pytest.raises(stripe.AuthenticationError):
        wrong.v1.payment_intents.retrieve(first.id)
    public = stripe.StripeClient(fake.publishable_key, base_addresses={"api": fake.url})
    with pytest.raises(stripe.AuthenticationError):  # a publishable key cannot create
        new_intent(public)


def test_global_api_base_works_too(fake, monkeypatch):
    monkeypatch.setattr(stripe, "api_key", fake.secret_key)
    monkeypatch.setattr(stripe, "api_base", fake.url)
    intent = stripe.PaymentIntent.create(amount=5000, currency="usd", idempotency_key="k-1")
    assert stripe.PaymentIntent.retrieve(intent.id).amount == 5000


def test_card_success_then_webhook(fake, client, receiver):
    intent = new_intent(client)
    status, answer = js_confirm(fake, intent.client_secret, "4242424242424242")
    assert status == 200 and answer["status"] == "succeeded"
    assert "metadata" not in answer  # a publishable key sees the public fields only

    paid = client.v1.payment_intents.retrieve(intent.id, {"expand": ["latest_charge"]})
    assert paid.status == "succeeded" and paid.amount_received == 12500
    card = paid.latest_charge.payment_method_details.card
    assert (card.brand, card.last4) == ("visa", "4242")
    assert paid.latest_charge.billing_details.name == "Ada"
    assert client.v1.charges.retrieve(paid.latest_charge.id).amount_refunded == 0

    fake.wait_for_deliveries(1)
    (event,) = receiver.events()
    assert event.type == "payment_intent.succeeded" and event.id.startswith("evt_")
    assert event.data.object.id == intent.id
    assert event.data.object.latest_charge == paid.latest_charge.id
    assert event.livemode is False and event.api_version
    assert fake.deliveries[0]["status"] == 200

    status, again = js_confirm(fake, intent.client_secret, "4242424242424242")
    assert status == 400 and again["error"]["code"] == "payment_intent_unexpected_state"
    with pytest.raises(stripe.InvalidRequestError) as late:
        client.v1.payment_intents.update(intent.id, {"amount": 100})
    assert late.value.code == "payment_intent_unexpected_state"

    status, forged = js_confirm(fake, intent.id + "_secret_nottheone", "4242424242424242")
    assert status == 400 and forged["error"]["param"] == "client_secret"


def test_declines_then_retry_with_another_card(fake, client, receiver):
    intent = new_intent(client)
    status, declined = js_confirm(fake, intent.client_secret, "4000000000000002")
    assert status == 402
    error = declined["error"]
    assert (error["type"], error["code"], error["decline_code"]) == (
        "card_error",
        "card_declined",
        "generic_decline",
    )
    assert error["message"] == "Your card was declined."
    assert error["payment_intent"]["status"] == "requires_payment_method"
    assert error["payment_intent"]["last_payment_error"]["decline_code"] == "generic_decline"

    status, poor = js_confirm(fake, intent.client_secret, "4000 0000 0000 9995")
    assert status == 402 and poor["error"]["decline_code"] == "insufficient_funds"
    assert poor["error"]["message"] == "Your card has insufficient funds."

    status, typo = js_confirm(fake, intent.client_secret, "4242424242424241")
    assert status == 402 and typo["error"]["code"] == "incorrect_number"
    assert typo["error"]["message"] == "Your card number is incorrect."

    status, ok = js_confirm(fake, intent.client_secret, "5555555555554444")
    assert status == 200 and ok["status"] == "succeeded"
    fake.wait_for_deliveries(4)
    assert [e.type for e in receiver.events()] == ["payment_intent.payment_failed"] * 3 + [
        "payment_intent.succeeded"
    ]

    # The SDK maps the 402 to CardError (server-side confirm with a test PaymentMethod).
    other = new_intent(client)
    with pytest.raises(stripe.CardError) as card_error:
        client.v1.payment_intents.confirm(other.id, {"payment_method": "pm_card_chargeDeclined"})
    assert (card_error.value.code, card_error.value.error.decline_code) == (
        "card_declined",
        "generic_decline",
    )
    with pytest.raises(stripe.InvalidRequestError):  # raw numbers are for Stripe.js only
        client.v1.payment_intents.confirm(
            other.id,
            {
                "payment_method_data": {
                    "type": "card",
                    "card": {"number": "4242424242424242", "exp_month": 12, "exp_year": 2034},
                }
            },
        )


def test_refunds_partial_full_and_refused(fake, client, receiver):
    intent = new_intent(client)
    js_confirm(fake, intent.client_secret, "4242424242424242")
    partial = client.v1.refunds.create(
        {"payment_intent": intent.id, "amount": 2500, "reason": "requested_by_customer"},
        {"idempotency_key": "refund-1"},
    )
    same = client.v1.refunds.create(
        {"payment_intent": intent.id, "amount": 2500, "reason": "requested_by_customer"},
        {"idempotency_key": "refund-1"},
    )
    assert same.id == partial.id and partial.status == "succeeded" and partial.amount == 2500
    assert partial.payment_intent == intent.id and partial.charge.startswith("ch_")

    with pytest.raises(stripe.InvalidRequestError) as too_much:
        client.v1.refunds.create({"payment_intent": intent.id, "amount": 20000})
    assert too_much.value.code == "amount_too_large"

    rest = client.v1.refunds.create({"payment_intent": intent.id})
    assert rest.amount == 10000
    charge = client.v1.charges.retrieve(partial.charge)
    assert charge.amount_refunded == 12500 and charge.refunded is True
    with pytest.raises(stripe.InvalidRequestError) as done:
        client.v1.refunds.create({"charge": charge.id})
    assert done.value.code == "charge_already_refunded"

    fake.wait_for_deliveries(3)
    refunded = [e for e in receiver.events() if e.type == "charge.refunded"]
    assert [(e.data.object.amount_refunded, e.data.object.refunded) for e in refunded] == [
        (2500, False),
        (12500, True),
    ]
    assert refunded[0].data.object.payment_intent == intent.id


def test_replay_hold_and_crafted_events(fake, client, receiver):
    fake.hold_webhooks()
    intent = new_intent(client)
    js_confirm(fake, intent.client_secret, "4000000000000002")
    js_confirm(fake, intent.client_secret, "4242424242424242")
    fake.drain_webhooks()
    assert receiver.received == [] and len(fake.held_events) == 2

    fake.release_webhooks(reverse=True)  # out of order: success first, then the failure
    fake.wait_for_deliveries(2)
    assert [e.type for e in receiver.events()] == [
        "payment_intent.succeeded",
        "payment_intent.payment_failed",
    ]

    first = receiver.events()[0]
    fake.redeliver(first.id)
    fake.wait_for_deliveries(3)
    replay = receiver.events()[2]
    assert replay.id == first.id and receiver.received[2][1] == receiver.received[0][1]
    assert fake.deliveries[2]["redelivery"] is True

    crafted = fake.send_event("payment_intent.payment_failed", intent.id)
    fake.wait_for_deliveries(4)
    assert receiver.events()[3].id == crafted["id"] != first.id

    receiver.status = 500
    fake.redeliver(first.id)
    assert fake.wait_for_deliveries(5)[4]["status"] == 500
    with pytest.raises(stripe.SignatureVerificationError):
        stripe.Webhook.construct_event(
            receiver.received[0][1], receiver.received[0][0], "whsec_other"
        )


# ---------------------------------------------------------------- the fake Stripe.js in Chromium

PAGE = """<!doctype html><html><head><title>pay</title>
<script src="https://js.stripe.com/endive/stripe.js"></script></head>
<body><form id="f"><div id="card"></div></form></body></html>"""
CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://js.stripe.com; "
    "connect-src 'self' https://api.stripe.com; frame-src https://js.stripe.com"
)

SETUP_JS = """(pk) => new Promise((resolve) => {
  window.changes = []; window.escapes = 0; window.pageKeys = 0;
  document.addEventListener('keydown', () => window.pageKeys++, true);
  const stripe = Stripe(pk);
  window.stripe = stripe;
  const element = stripe.elements().create('card');
  window.card = element;
  element.on('change', (e) => window.changes.push(e));
  element.on('escape', () => window.escapes++);
  element.on('ready', () => resolve({
    version: Stripe.version,
    methods: ['elements', 'createToken', 'createPaymentMethod', 'confirmCardPayment',
              'registerAppInfo', '_registerWrapper'].filter((m) => typeof stripe[m] !== 'function'),
  }));
  element.mount('#card');
})"""

CONFIRM_JS = """(secret) => window.stripe.confirmCardPayment(secret, {
  payment_method: {card: window.card, billing_details: {name: 'Ada Lovelace'}},
})"""


def _browser_checks(fake: FakeStripe, client, results: dict) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
        )
        try:
            context = browser.new_context()
            context.route("**/*", lambda route: route.abort())  # nothing leaves the machine
            context.route(
                "https://merchant.test/**",
                lambda route: route.fulfill(
                    status=200,
                    content_type="text/html",
                    body=PAGE,
                    headers={"Content-Security-Policy": CSP},
                ),
            )
            fake.route_playwright(context)
            page = context.new_page()
            page.goto("https://merchant.test/pay")
            results["setup"] = page.evaluate(SETUP_JS, fake.publishable_key)

            incomplete = new_intent(client)
            results["incomplete"] = page.evaluate(CONFIRM_JS, incomplete.client_secret)

            page.get_by_label("Card number").fill("4000 0000 0000 0002")
            page.get_by_label("Expiration date (MM / YY)").fill("1234")
            page.get_by_label("CVC").fill("123")
            page.get_by_label("ZIP").fill("94110")
            page.keyboard.press("Escape")
            results["escape"] = page.evaluate("[window.escapes, window.pageKeys]")
            results["change"] = page.evaluate("window.changes[window.changes.length - 1]")
            results["shown"] = page.eval_on_selector("#fake-card-expiry", "e => e.value")

            declined = new_intent(client)
            results["declined"] = page.evaluate(CONFIRM_JS, declined.client_secret)
            page.get_by_label("Card number").fill("4242424242424242")
            results["paid"] = page.evaluate(CONFIRM_JS, declined.client_secret)
            results["classes"] = page.eval_on_selector("#card", "e => e.className")
        finally:
            browser.close()


@pytest.mark.slow  # a browser in the unit run (7 s): `make test-slow`, run by CI
@pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium")
def test_fake_stripe_js_in_chromium(fake, client):
    # Playwright's sync API runs in its own thread, so this also works after the e2e tests
    # (pytest-playwright keeps its own sync Playwright open on the main thread).
    results: dict = {}
    errors: list = []

    def run() -> None:
        try:
            _browser_checks(fake, client, results)
        except BaseException as exc:  # noqa: BLE001 - re-raised on the test's thread
            errors.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    if errors:
        raise errors[0]

    assert results["setup"] == {"version": "endive", "methods": []}
    assert results["incomplete"]["error"]["type"] == "validation_error"
    assert results["incomplete"]["error"]["code"] == "incomplete_number"
    assert results["escape"] == [1, 0]  # Escape stays inside the card field, as in the iframe
    change = results["change"]
    assert (change["complete"], change["brand"], change["elementType"]) == (True, "visa", "card")
    assert results["shown"] == "12 / 34"
    error = results["declined"]["error"]
    assert (error["code"], error["decline_code"]) == ("card_declined", "generic_decline")
    assert error["payment_intent"]["status"] == "requires_payment_method"
    assert results["paid"]["paymentIntent"]["status"] == "succeeded"
    assert "StripeElement--complete" in results["classes"]

    confirms = fake.requests_to("POST", r"/v1/payment_intents/[^/]+/confirm")
    assert [r["status"] for r in confirms] == [402, 200]
    assert confirms[1]["api_key"] == fake.publishable_key
    card = confirms[1]["params"]["payment_method_data"]
    assert card["card"]["number"] == "4242424242424242"
    assert card["billing_details"] == {"name": "Ada Lovelace", "address": {"postal_code": "94110"}}
    charge = fake.objects("charge")[-1]
    assert charge["payment_method_details"]["card"]["last4"] == "4242"


# --- US bank accounts (ACH Direct Debit) ---------------------------------------------------------


def _bank_intent(fake, types=("card", "us_bank_account")):
    client = stripe.StripeClient(fake.secret_key, base_addresses={"api": fake.url})
    params = {"amount": 500_000, "currency": "usd", "payment_method_types": list(types)}
    return client, client.v1.payment_intents.create(params=params)


def test_a_bank_debit_is_processing_with_a_pending_charge_until_the_test_settles_it(fake):
    receiver = Receiver()
    try:
        fake.add_webhook(receiver.url, WEBHOOK_SECRET, events=["*"])
        client, intent = _bank_intent(fake)
        assert intent.payment_method_options["us_bank_account"]["verification_method"] == (
            "automatic"
        )
        status, answer = js_confirm_bank(fake, intent.client_secret, "000123456789", name="Ada")
        assert status == 200 and answer["status"] == "processing"
        assert fake.processing_intents() == [intent.id]
        found = client.v1.payment_intents.retrieve(intent.id, params={"expand": ["latest_charge"]})
        charge = found.latest_charge
        assert (found.status, found.amount_received, charge.status) == ("processing", 0, "pending")
        details = charge.payment_method_details
        assert details.type == "us_bank_account"
        assert (details.us_bank_account.last4, details.us_bank_account.bank_name) == (
            "6789",
            "STRIPE TEST BANK",
        )
        listed = client.v1.payment_intents.list()
        assert [pi.status for pi in listed.data] == ["processing"]
        fake.settle_bank_debit(intent.id)
        fake.drain_webhooks()
        after = client.v1.payment_intents.retrieve(intent.id)
        assert (after.status, after.amount_received) == ("succeeded", 500_000)
        kinds = [e.type for e in receiver.events()]
        assert kinds.index("payment_intent.processing") < kinds.index("payment_intent.succeeded")
    finally:
        receiver.close()


def test_a_failing_test_account_fails_the_debit_as_stripe_reports_it(fake):
    client, intent = _bank_intent(fake)
    js_confirm_bank(fake, intent.client_secret, "000222222227")
    failed = fake.settle_bank_debit(intent.id)
    error = failed["last_payment_error"]
    assert failed["status"] == "requires_payment_method"
    assert error["code"] == "insufficient_funds"
    assert error["payment_method"]["type"] == "us_bank_account"
    assert fake.get(failed["latest_charge"])["failure_code"] == "insufficient_funds"
    # a test decides the ending itself, whatever the account
    _, other = _bank_intent(fake)
    js_confirm_bank(fake, other.client_secret, "000222222227")
    assert fake.settle_bank_debit(other.id, "succeeded")["status"] == "succeeded"


def test_a_bank_debit_needs_a_mandate_a_name_and_an_intent_that_allows_it(fake):
    client, card_only = _bank_intent(fake, types=("card",))
    status, answer = js_confirm_bank(fake, card_only.client_secret)
    assert status == 400
    assert answer["error"]["code"] == "payment_intent_incompatible_payment_method"
    _, intent = _bank_intent(fake)
    status, answer = js_confirm_bank(fake, intent.client_secret, name="")
    assert status == 400 and answer["error"]["param"] == "billing_details[name]"
    with pytest.raises(stripe.InvalidRequestError, match="mandate"):
        client.v1.payment_intents.confirm(
            intent.id, params={"payment_method": "pm_usBankAccount_success"}
        )
    confirmed = client.v1.payment_intents.confirm(
        intent.id,
        params={
            "payment_method": "pm_usBankAccount_success",
            "mandate_data": {
                "customer_acceptance": {
                    "type": "online",
                    "online": {"ip_address": "127.0.0.1", "user_agent": "pytest"},
                }
            },
        },
    )
    assert confirmed.status == "processing"
