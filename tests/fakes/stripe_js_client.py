"""What the fake Stripe.js sends to the fake Stripe API, for tests that confirm a card or a
bank debit without a browser."""

import json
import urllib.error
import urllib.request
from urllib.parse import urlencode


def js_confirm(fake, client_secret, number, *, key=None, exp=("12", "2034"), cvc="123", name="Ada"):
    """What the fake Stripe.js sends for confirmCardPayment (publishable key as a form field)."""
    pi_id = client_secret.split("_secret_")[0]
    body = urlencode(
        {
            "key": key or fake.publishable_key,
            "client_secret": client_secret,
            "expected_payment_method_type": "card",
            "use_stripe_sdk": "true",
            "payment_method_data[type]": "card",
            "payment_method_data[card][number]": number,
            "payment_method_data[card][exp_month]": exp[0],
            "payment_method_data[card][exp_year]": exp[1],
            "payment_method_data[card][cvc]": cvc,
            "payment_method_data[billing_details][name]": name,
        }
    ).encode()
    return _post_confirm(fake, pi_id, body)


def js_confirm_bank(fake, client_secret, account="000123456789", *, name="Ada", key=None):
    """What the fake Stripe.js sends for confirmUsBankAccountPayment after the customer picked
    a test bank account (routing 110000000) and accepted the mandate."""
    pi_id = client_secret.split("_secret_")[0]
    body = urlencode(
        {
            "key": key or fake.publishable_key,
            "client_secret": client_secret,
            "expected_payment_method_type": "us_bank_account",
            "use_stripe_sdk": "true",
            "payment_method_data[type]": "us_bank_account",
            "payment_method_data[us_bank_account][routing_number]": "110000000",
            "payment_method_data[us_bank_account][account_number]": account,
            "payment_method_data[us_bank_account][account_holder_type]": "individual",
            "payment_method_data[billing_details][name]": name,
            "mandate_data[customer_acceptance][type]": "online",
            "mandate_data[customer_acceptance][online][infer_from_client]": "true",
        }
    ).encode()
    return _post_confirm(fake, pi_id, body)


def _post_confirm(fake, pi_id: str, body: bytes):
    request = urllib.request.Request(
        f"{fake.url}/v1/payment_intents/{pi_id}/confirm",
        data=body,
        method="POST",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())
