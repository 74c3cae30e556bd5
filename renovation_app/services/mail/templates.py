"""E-mails from Jinja2 templates in renovation_app/templates/.

Each kind of e-mail has `<kind>.html` (autoescaped, extends `_layout.html`, which carries the
business name and contact details) and `<kind>.txt` (the plain-text part, extends `_layout.txt`),
which opens with the kind's subject in `{% block subject %}` (a block the layout never shows, so
it is not in the text; plain text, so a name in it is not escaped).
Every template sees `business` (renovation_app.content.BUSINESS), `site_url`, `licence_line`
(the contractor licence New York requires on every e-mail, "" while unset), and `tel_href` and
`mailto_href` (renovation_app.content.contact_links), the site's one way to build those links.

An e-mail about a sale made in Spanish, Russian or Chinese is written in that language and then
in English: the layout repeats the kind's body block (a scoped block) once per `language` of
`languages`, and the body says each sentence through `t("English text {field}", field=...)`,
the gettext catalogues of services/languages.py (whose tests check every t("...") text has its
translation). The subject is the English one, then " / " and the translated one.
"""

import re
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import NamedTuple

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape
from jinja2.runtime import Context
from markupsafe import Markup, escape

from renovation_app.content import BUSINESS
from renovation_app.content.business import BUSINESS_TIMEZONE
from renovation_app.content.contact_links import mailto_href, tel_href
from renovation_app.content.languages import ENGLISH
from renovation_app.services.languages import (
    date_words,
    deadline_words,
    language_name,
    sale_language,
    translated,
)
from renovation_app.services.required_settings import licence_line
from renovation_app.settings import settings

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
_KIND = re.compile(r"[a-z][a-z0-9_]*")


class MailLanguage(NamedTuple):
    """One language an e-mail is written in."""

    code: str  # a language of the sale (content/languages.py)
    name: str  # its heading in a bilingual e-mail: "Español (Spanish)", "English"
    lang: str  # the HTML lang attribute: "es", "zh-Hans"


def mail_languages(code: str) -> tuple[MailLanguage, ...]:
    """The sale's language then English, as the signing page gives the notices; English alone
    for a sale made in English."""
    codes = (code, ENGLISH.code) if code != ENGLISH.code else (code,)
    return tuple(
        MailLanguage(each, language_name(each), sale_language(each).locale.replace("_", "-"))
        for each in codes
    )


def _code(context: Context) -> str:
    """The language of the part being written; English outside one."""
    language = context.get("language")
    return language.code if isinstance(language, MailLanguage) else ENGLISH.code


@pass_context
def _t(context: Context, text: str, **fields: object) -> str:
    """`text` in the language of the part being written, its {placeholders} filled from
    `fields`; in HTML the text is escaped, and a field too unless it is markup already
    (`strong`, a {% set %} block)."""
    words = translated(_code(context), text)
    if context.eval_ctx.autoescape:
        return escape(words).format(**fields)
    return words.format(**fields)


# How the views write a day and a moment in English (billing.long_date, billing.when_display:
# New York time), read back so a translated part gives them in its language's words.
DAY_FORMAT = "%B %d, %Y"
MOMENT_FORMAT = "%b %d, %Y, %I:%M %p"


def _read(value: str, written_as: str) -> datetime | None:
    try:
        return datetime.strptime(value, written_as)
    except ValueError:
        return None


@pass_context
def _dated(context: Context, value: object) -> object:
    """`value`, a day ("November 23, 2026") or a moment ("Nov 23, 2026, 9:41 AM") in the
    language of the part being written ("23 de noviembre de 2026"); English, and anything
    else, as it is."""
    code = _code(context)
    if code == ENGLISH.code or not isinstance(value, str):
        return value
    if day := _read(value, DAY_FORMAT):
        return date_words(code, day.date(), "long")
    if moment := _read(value, MOMENT_FORMAT):
        return deadline_words(code, moment.replace(tzinfo=BUSINESS_TIMEZONE))
    return value


def _strong(value: object) -> Markup:
    return Markup("<strong>{}</strong>").format(value)


def _nl2br(value: object) -> Markup:
    """Escape a typed text and keep its line breaks in HTML (markup, such as a t() text, is
    escaped already)."""
    lines = value.splitlines() if isinstance(value, Markup) else str(value).splitlines()
    return Markup("<br>\n").join(escape(line) for line in lines)


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
    env.filters["strong"] = _strong
    env.filters["dated"] = _dated
    env.globals["t"] = _t
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


def render_email(kind: str, language: str = ENGLISH.code, **context) -> tuple[str, str]:
    """Render `<kind>.html` and `<kind>.txt` with `context`, in the language of the sale then
    English (`language`: its code); returns (html, text)."""
    kind = _checked(kind)
    env = _environment()
    context = _with_site_facts({**context, "languages": mail_languages(language)})
    html = env.get_template(f"{kind}.html").render(**context)
    text = env.get_template(f"{kind}.txt").render(**context)
    return html, text


def render_subject(kind: str, language: str = ENGLISH.code, **context) -> str:
    """The subject block of `<kind>.txt` rendered with `context` (the same as its parts'): in
    English, then " / " and in the language of the sale when it is another."""
    template = _environment().get_template(f"{_checked(kind)}.txt")
    subjects = []
    for each in reversed(mail_languages(language)):
        part = template.new_context(_with_site_facts({**context, "language": each}))
        subjects.append("".join(template.blocks["subject"](part)))
    return " / ".join(subjects)


def render_page(name: str, **context) -> str:
    """A page fragment from `name` (an autoescaped .html template) with the e-mails' globals."""
    return _environment().get_template(name).render(**context)
