"""Reflex configuration; every value comes from renovation_app.settings."""

import sys

import reflex as rx
from reflex.plugins.shared_tailwind import TailwindConfig
from reflex.plugins.sitemap import SitemapPlugin
from reflex.plugins.tailwind_v4 import Constants as TailwindConstants
from reflex_components_radix.primitives.dialog import DialogElement

from renovation_app.components.react.stripe import REACT_STRIPE, STRIPE_JS
from renovation_app.first_paint import FirstPaintPlugin
from renovation_app.granian_server import configure_granian
from renovation_app.settings import settings

# Production must not start with a guessable key: every address hash would be forgeable.
if problem := settings.production_problem():
    sys.exit(f"refusing to start: {problem}")

configure_granian()

config = rx.Config(
    app_name="renovation_app",
    frontend_port=settings.port,
    backend_port=settings.port,
    backend_host=settings.host,
    deploy_url=settings.site_url,
    telemetry_enabled=False,
    # The websocket and CORS accept only this site's own origins.
    cors_allowed_origins=settings.allowed_origins(),
    trusted_proxy_hops=settings.trusted_proxy_hops,
    show_built_with_reflex=False,
    plugins=[
        rx.plugins.TailwindV4Plugin(
            TailwindConfig(
                plugins=["@tailwindcss/typography@0.5.20"],
                # Pages the server writes into prerendered frames (api/first_paint_pages.py)
                # use classes no component has.
                content=[*TailwindConstants.CONTENT, "../renovation_app/templates/page_*.html"],
            )
        ),
        FirstPaintPlugin(),
    ],
    # Installed whether or not Stripe keys are set (the payment dialog is only drawn with keys),
    # so reflex.lock/ stays the same on every machine.
    frontend_packages=[REACT_STRIPE, STRIPE_JS, DialogElement.library],
    # /sitemap.xml is served by api.py from the content, so it lists every service and gallery.
    disable_plugins=[SitemapPlugin],
    # Brotli copies beside the gzip ones: the JavaScript is about 15% smaller for every browser
    # that accepts br, and gzip stays for the rest.
    frontend_compression_formats=["brotli", "gzip"],
)
