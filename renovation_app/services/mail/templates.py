"""E-mails from Jinja2 templates in renovation_app/templates/.

Each kind of e-mail has `<kind>.html` (autoescaped, extends `_layout.html`, which carries the
business name and contact details) and `<kind>.txt` (the plain-text part, extends `_layout.txt`),
which opens with the kind's subject in `{% block subject %}` (a block the layout never shows, so
it is not in the text; plain text, so a name in it is not escaped).
Every template sees `business` (renovation_app.content.BUSINESS), `site_url`, `licence_line`
(the contractor licence New York requires on every e-mail, "" while unset), and `tel_href` and
`mailto_href` (renovation_app.content.contact_links), the site's one way to build those links.
"""

import re
from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from renovation_app.content import BUSINESS
from renovation_app.content.contact_links import mailto_href, tel_href
from renovation_app.services.required_settings import licence_line
from renovation_app.settings import settings

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
_KIND = re.compile(r"[a-z][a-z0-9_]*")


def _nl2br(value: object) -> Markup:
    """Escape a typed text and keep its line breaks in HTML."""
    return Markup("<br>\n").join(escape(line) for line in str(value).splitlines())


@cache
def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        # .html is escaped; .txt (the plain-text part) is not, it is never read as HTML.
        autoescape=select_autoescape(
            enabled_extensions=("html",), disabled_extensions=("txt",), default=True
        ),
        undefined=StrictUndefined,  # a missing value is an error, not a blank in a customer's mail
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["nl2br"] = _nl2br
    env.globals["business"] = BUSINESS
    env.globals["tel_href"] = tel_href
    env.globals["mailto_href"] = mailto_href
    return env


def _checked(kind: str) -> str:
    if not _KIND.fullmatch(kind):
        raise ValueError(f"not a template name: {kind!r}")
    return kind


def _with_site_facts(context: dict) -> dict:
    """`context` with what every e-mail's layout prints; read per render, not cached with the
    environment, so a changed setting shows at once."""
    return {"site_url": settings.site_url.rstrip("/"), "licence_line": licence_line(), **context}


def render_email(kind: str, **context) -> tuple[str, str]:
    """Render `<kind>.html` and `<kind>.txt` with `context`; returns (html, text)."""
    kind = _checked(kind)
    env = _environment()
    context = _with_site_facts(context)
    html = env.get_template(f"{kind}.html").render(**context)
    text = env.get_template(f"{kind}.txt").render(**context)
    return html, text


def render_subject(kind: str, **context) -> str:
    """The subject block of `<kind>.txt` rendered with `context` (the same as its parts')."""
    template = _environment().get_template(f"{_checked(kind)}.txt")
    return "".join(template.blocks["subject"](template.new_context(_with_site_facts(context))))


def render_page(name: str, **context) -> str:
    """A page fragment from `name` (an autoescaped .html template) with the e-mails' globals."""
    return _environment().get_template(name).render(**context)
