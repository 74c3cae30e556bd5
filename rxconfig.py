"""Reflex configuration; every value comes from renovation_app.settings."""

import reflex as rx
from reflex.plugins.sitemap import SitemapPlugin

from renovation_app.settings import settings

config = rx.Config(
    app_name="renovation_app",
    frontend_port=settings.port,
    backend_port=settings.port,
    backend_host=settings.host,
    deploy_url=settings.site_url,
    telemetry_enabled=False,
    show_built_with_reflex=False,
    plugins=[rx.plugins.TailwindV4Plugin()],
    # /sitemap.xml is served by api.py from the content, so it lists every service and gallery.
    disable_plugins=[SitemapPlugin],
)
