"""One typed settings object, read from the environment (and an optional .env file)."""

from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent


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

    # Security
    secret_key: str = "dev-only-change-me"
    admin_email: str = ""
    admin_password: str = ""

    # E-mail (Resend). Without an API key, mail is kept in the outbox and logged.
    resend_api_key: str = ""
    resend_api_url: str = ""
    outbox_poll_seconds: float = 5.0
    mail_from: str = "Brooklyn Renovation <no-reply@example.com>"
    business_inbox: str = "office@example.com"

    # Payments (Stripe). Without keys, the pay button is disabled with a reason.
    stripe_secret_key: str = ""
    stripe_publishable_key: str = ""
    stripe_webhook_secret: str = ""
    stripe_api_base: str = ""

    # Abuse limits for the contact form
    contact_rate_limit: int = 5
    contact_rate_window_seconds: int = 600

    def url(self, path: str) -> str:
        """An absolute link to a path of this site (canonical links, e-mails, pay links)."""
        return self.site_url.rstrip("/") + path


settings = Settings()
