"""The site search's index: every service, gallery and FAQ answer, with the text it is found by.

Served once as JSON (GET /api/search-index) and fetched by site.js when a search box gets focus,
instead of living in every page: twice (mobile menu and side panel) in its HTML and its
JavaScript, 36 hidden items that React hydrated on each load.
"""

import functools

from renovation_app import routes
from renovation_app.content import FAQ, GALLERIES, SERVICES


@functools.cache  # built from the content once: it changes only with a deploy
def search_index() -> tuple[dict[str, str], ...]:
    """({"label", "href", "text"}, ...): `text` is lower case, matched by substring in site.js."""
    entries = [
        (s.title, s.url, f"{s.title} {s.description} {' '.join(s.features)}") for s in SERVICES
    ]
    entries += [
        (f"{g.title} gallery", g.url, f"{g.title} gallery {g.description}") for g in GALLERIES
    ]
    entries += [(q.question, f"{routes.HOME.path}#faq", f"{q.question} {q.answer}") for q in FAQ]
    return tuple(
        {"label": label, "href": href, "text": text.lower()} for label, href, text in entries
    )
