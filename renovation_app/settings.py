"""One typed settings object, read from the environment (and an optional .env file)."""

from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SECRET_KEY = "dev-only-change-me"
SECRET_KEY_MIN_LENGTH = 32
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")


class Settings(BaseSettings):
    """Every setting of the app. Defaults run locally with no accounts anywhere."""

    model_config = SettingsConfigDict(
        env_file=PROJECT_ROOT / ".env", env_file_encoding="utf-8", extra="ignore"
    )

    # Serving
    host: str = "127.0.0.1"
    port: int = 3000
    site_url: str = "http://localhost:3000"

    # Storage
    database_url: str = f"sqlite:///{PROJECT_ROOT / 'data' / 'renovation.db'}"
    # Files staff upload (signed paper scans, receipts): private, named by their SHA-256. Kept
    # in FILES_DIR ("disk"), or in an S3 bucket ("s3": AWS or any S3-compatible store, keys
    # under S3_PREFIX; credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY). See
    # services/files/storage.py.
    files_storage: Literal["disk", "s3"] = "disk"
    files_dir: str = str(PROJECT_ROOT / "data" / "files")
    s3_bucket: str = ""
    s3_endpoint_url: str = ""  # empty: AWS itself
    s3_region: str = ""
    s3_prefix: str = ""

    # Security
    secret_key: str = DEFAULT_SECRET_KEY
    # Reverse proxies in front of the app (1 behind Caddy or nginx): which X-Forwarded-For
    # entry is the real client. 0 trusts no header and uses the connection's peer address.
    trusted_proxy_hops: int = 0
    admin_email: str = ""
    admin_password: str = ""
    # Encrypts stored secrets (two-step sign-in keys); derived from SECRET_KEY when unset.
    field_encryption_key: str = ""
    # Google sign-in (OpenID Connect, off without a client ID); see services/staff/google.py.
    google_client_id: str = ""
    google_client_secret: str = ""
    google_discovery_url: str = "https://accounts.google.com/.well-known/openid-configuration"
    google_allowed_domain: str = ""

    # E-mail (Resend). Without an API key, mail is kept in the outbox and logged.
    resend_api_key: str = ""
    resend_api_url: str = ""
    outbox_poll_seconds: float = 5.0
    # How long a worker owns a message it is sending before another may take it over (a worker
    # that died). Keep it longer than the SDK's 30 s timeout, so a live send is never taken over.
    outbox_claim_seconds: int = 120
    # Resend's delivery webhooks (delivered, bounced ...) are signed with this (whsec_...).
    resend_webhook_secret: str = ""
    mail_from: str = "Brooklyn Renovation <no-reply@example.com>"
    business_inbox: str = "office@example.com"

    # Texts (Twilio). Without the account, its token and a sender (a number, or a messaging
    # service), nothing is texted and the pages say texts are off. TWILIO_API_BASE points the
    # SDK at another host (the tests' fake); empty: Twilio itself.
    twilio_account_sid: str = ""
    twilio_auth_token: str = ""
    twilio_from_number: str = ""
    twilio_messaging_service_sid: str = ""
    twilio_api_base: str = ""
    # The business's review page (Google, Yelp ...): after a job's final payment the customer
    # is asked once, through /review/<token> on this site (which counts opens). Empty: never.
    review_link: str = ""

    # QuickBooks Online (off without a client ID and secret): this app is the source of truth
    # and pushes customers, jobs, invoices, payments and refunds once each; see
    # services/quickbooks/. QUICKBOOKS_DISCOVERY_URL and QUICKBOOKS_API_BASE point the OAuth
    # client and the accounting calls at another host (the tests' fake); empty: Intuit itself.
    quickbooks_client_id: str = ""
    quickbooks_client_secret: str = ""
    quickbooks_redirect_uri: str = ""  # empty: SITE_URL + /api/quickbooks/callback
    quickbooks_environment: Literal["sandbox", "production"] = "sandbox"
    quickbooks_discovery_url: str = ""
    quickbooks_api_base: str = ""
    quickbooks_webhook_verifier_token: str = ""
    quickbooks_poll_seconds: float = 30
    # How often payments changed in QuickBooks are read (change data capture), in case a
    # webhook never arrived.
    quickbooks_catch_up_seconds: float = 900
    # How long a worker owns a record it is pushing (longer than the 30 s HTTP timeout).
    quickbooks_claim_seconds: int = 120
    quickbooks_timeout_seconds: float = 30

    # Payment reminders: days from each due date (negative: before), the one reminder of an
    # estimate this many days before it expires, and how often the workers look for them.
    reminder_days: str = "-3,0,7,14"
    estimate_reminder_days: int = 3
    reminder_check_seconds: float = 600

    # Payments (Stripe). Without keys, the pay button is disabled with a reason.
    stripe_secret_key: str = ""
    stripe_publishable_key: str = ""
    stripe_webhook_secret: str = ""
    stripe_api_base: str = ""
    # A pay link shows its invoice until this many days after it is paid in full or refunded.
    pay_link_days_after_settled: int = 90
    # On every home-improvement contract (General Business Law §771): the NYC home
    # improvement contractor licence number, and the bank of the escrow account for deposits
    # (its name on the contract; its name and address in the owner's escrow notice).
    contractor_licence: str = ""
    escrow_bank: str = ""
    escrow_bank_address: str = ""
    # Lead-safe work in homes built before 1978 (EPA RRP): the firm's certification number and
    # the certified renovator, on the record of lead-safe work sent with the final invoice.
    rrp_firm_certificate: str = ""
    rrp_renovator_name: str = ""
    rrp_renovator_certificate: str = ""

    # Estimate visits booked from the website: the days (0 = Monday) and hours (New York time,
    # whole hours) visits are made, cut into windows of this many hours; the notice we need;
    # how far ahead visitors may book; and the staff member who makes the visits (their other
    # appointments close windows too; "" for none named).
    booking_days: str = "0,1,2,3,4,5"
    booking_hours: str = "8-18"
    booking_window_hours: int = 2
    booking_notice_hours: int = 24
    booking_weeks: int = 3
    booking_estimator: str = ""

    # Abuse limits for the contact form
    contact_rate_limit: int = 5
    contact_rate_window_seconds: int = 600

    @property
    def texts_on(self) -> bool:
        """Whether texts can be sent: an account, its token and a sender."""
        sender = self.twilio_from_number or self.twilio_messaging_service_sid
        return bool(self.twilio_account_sid and self.twilio_auth_token and sender)

    @property
    def quickbooks_on(self) -> bool:
        """Whether QuickBooks can be connected: the app's client ID and secret at Intuit."""
        return bool(self.quickbooks_client_id and self.quickbooks_client_secret)

    @property
    def quickbooks_api_url(self) -> str:
        """The accounting API's host: the setting, or Intuit's for the environment."""
        if self.quickbooks_api_base:
            return self.quickbooks_api_base.rstrip("/")
        if self.quickbooks_environment == "production":
            return "https://quickbooks.api.intuit.com"
        return "https://sandbox-quickbooks.api.intuit.com"

    @property
    def is_https(self) -> bool:
        return self.site_url.startswith("https://")

    @property
    def site_origin(self) -> str:
        parts = urlsplit(self.site_url)
        return f"{parts.scheme}://{parts.netloc}"

    def allowed_origins(self) -> list[str]:
        """Origins that may call the API and open the websocket: SITE_URL's, and while SITE_URL
        is a loopback address also localhost and 127.0.0.1 on the served port."""
        origins = [self.site_origin]
        if urlsplit(self.site_url).hostname in LOOPBACK_HOSTS:
            for host in ("localhost", "127.0.0.1"):
                for port in {self.port, urlsplit(self.site_url).port or 80}:
                    origins.append(f"http://{host}:{port}")
        return list(dict.fromkeys(origins))

    def production_problem(self) -> str | None:
        """Why this configuration must not serve the public, or None."""
        if self.is_https and (
            self.secret_key == DEFAULT_SECRET_KEY or len(self.secret_key) < SECRET_KEY_MIN_LENGTH
        ):
            return (
                f"SITE_URL is https (production) but SECRET_KEY is the default or shorter than "
                f"{SECRET_KEY_MIN_LENGTH} characters: set a long random SECRET_KEY "
                "(python -c 'import secrets; print(secrets.token_urlsafe(48))')."
            )
        return None

    def url(self, path: str) -> str:
        """An absolute link to a path of this site (canonical links, e-mails, pay links)."""
        return self.site_url.rstrip("/") + path


settings = Settings()
