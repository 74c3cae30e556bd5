"""What holds for whole groups of the route table's paths (routes.py): which pages robots.txt
keeps out of search engines, which pages the server fills with published pictures, and the
Content-Security-Policy additions of the staff area and the pages that take cards."""

from renovation_app.routes import (
    ALL_ROUTES,
    API_PREFIX,
    CALENDAR_FEED_PREFIX,
    NOT_FOUND,
    Route,
)


def path_prefixes(routes: list[Route]) -> list[str]:
    """The fixed starts of the routes' paths ("/pay/[token]" -> "/pay/"), in order, leaving out
    one that an earlier prefix already covers ("/invoices/" after "/invoices")."""
    prefixes: list[str] = []
    for route in routes:
        prefix = route.path.split("[", 1)[0]
        if not any(prefix == p or prefix.startswith(p.rstrip("/") + "/") for p in prefixes):
            prefixes.append(prefix)
    return prefixes


# Pages the server writes the pictures published from finished jobs into (api/photos.py): each
# is loaded from the server, never drawn by a client-side step.
SERVER_FILLED_PREFIXES = ("/gallery/", "/services/")

# Kept out of search engines (robots.txt) besides the noindex each of them carries: every page
# that is not public (except the 404 page, which has no path of its own) and the API.
PRIVATE_PATH_PREFIXES = (
    *path_prefixes([r for r in ALL_ROUTES if not r.public and r is not NOT_FOUND]),
    API_PREFIX,
    CALENDAR_FEED_PREFIX,
)

# Content-Security-Policy additions per path prefix (api/csp.py). Stripe's documented sources
# for Stripe.js and its card frames, on the pages that take cards and the rest of the staff area
# (a page keeps the policy it was loaded with; links into these pages load them from the server:
# components/links.py). Public pages never load Stripe.js and keep the site-only policy.
STRIPE_CSP = {
    "script-src": ["https://js.stripe.com", "https://*.js.stripe.com"],
    "frame-src": ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
    "connect-src": ["https://api.stripe.com"],
    "img-src": ["https://*.stripe.com"],
}
CSP_ADDITIONS: dict[str, dict[str, list[str]]] = {
    prefix.rstrip("/"): STRIPE_CSP
    for prefix in path_prefixes([r for r in ALL_ROUTES if r.staff or r.takes_cards])
}
