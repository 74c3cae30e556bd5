"""The NYC home improvement contractor licence shows wherever the business advertises or sends
something: every public page's footer, the JSON-LD, every kind of e-mail (HTML and text), every
page of every kind of PDF. Unset, nothing prints an empty "Licence #", and the dashboard says
which setting is missing and where it would show."""

import asyncio
import importlib
import inspect
import io
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import pytest
import reflex as rx
from jinja2 import ChainableUndefined
from pypdf import PdfReader

from renovation_app import pages  # noqa: F401  (importing declares every page)
from renovation_app.components.footer import footer
from renovation_app.content import BUSINESS
from renovation_app.db import db_session
from renovation_app.models import Invoice
from renovation_app.pages.registry import PAGES
from renovation_app.seo import local_business_json_ld
from renovation_app.services import compliance, estimates, invoicing, lien_waivers, trust_books
from renovation_app.services.billing import business_today, render_receipt_pdf, view_of
from renovation_app.services.change_orders import change_order_pdf
from renovation_app.services.mail import templates
from renovation_app.services.mail.kinds import EmailKind
from renovation_app.services.required_settings import licence_line, missing_settings
from renovation_app.settings import settings
from renovation_app.state.dashboard import DashboardState
from tests.factories import bill_deposit, change_order_token, job_of, make_change_order
from tests.factories.costs import contract_28k, days_ago, insured_sub, pay_bill, sub_bill_of

LICENCE = "2099999-DCA"
LINE = f"NYC Home Improvement Contractor Licence #{LICENCE}"
SERVICES = Path(__file__).resolve().parents[2] / "renovation_app" / "services"


@pytest.fixture
def licensed(monkeypatch):
    monkeypatch.setattr(settings, "contractor_licence", LICENCE)


@pytest.fixture
def unlicensed(monkeypatch):
    monkeypatch.setattr(settings, "contractor_licence", "")


# --- the site ---------------------------------------------------------------------------------


def rendered(component: rx.Component) -> str:
    return json.dumps(component.render(), default=str)


def test_the_footer_shows_the_licence_and_unset_prints_no_empty_number(monkeypatch, licensed):
    assert licence_line() == LINE
    assert LINE in rendered(footer())
    for unset in ("", "   "):
        monkeypatch.setattr(settings, "contractor_licence", unset)
        assert licence_line() == ""
        assert "Licence" not in rendered(footer())


def test_every_public_page_has_the_licence_in_its_footer(licensed):
    public = [page for page in PAGES if page.route.public]
    assert len(public) >= 10  # the walk finds the pages (so it cannot pass by finding none)
    for page in public:
        assert LINE in rendered(page.body()), page.route.path


def test_the_json_ld_states_the_licence_as_a_credential_only_when_set(monkeypatch, licensed):
    assert json.loads(local_business_json_ld())["hasCredential"] == {
        "@type": "EducationalOccupationalCredential",
        "credentialCategory": "license",
        "name": "NYC Home Improvement Contractor Licence",
        "identifier": LICENCE,
        "recognizedBy": {
            "@type": "GovernmentOrganization",
            "name": "NYC Department of Consumer and Worker Protection",
        },
    }
    monkeypatch.setattr(settings, "contractor_licence", "")
    assert "hasCredential" not in json.loads(local_business_json_ld())
    assert "Licence" not in local_business_json_ld()


# --- e-mails ----------------------------------------------------------------------------------


class _AnyValue(ChainableUndefined):
    """Whatever a kind's template asks of its context, so every kind renders without one; it
    compares false, as a template's `if balance_cents > 0` needs, and unpacks as no fields, as
    `t(paragraph, **fields)` needs."""

    def _false(self, other: object) -> bool:
        return False

    __lt__ = __le__ = __gt__ = __ge__ = _false

    def keys(self) -> tuple:
        return ()


@pytest.fixture
def any_context(monkeypatch):
    """render_email with the site's templates, filters and globals, and any context."""
    environment = templates._environment().overlay(undefined=_AnyValue)
    monkeypatch.setattr(templates, "_environment", lambda: environment)


@pytest.mark.parametrize("kind", list(EmailKind))
def test_every_kind_of_email_carries_the_licence_in_html_and_text(kind, licensed, any_context):
    html, text = templates.render_email(kind)
    assert LINE in html and LINE in text


@pytest.mark.parametrize("kind", list(EmailKind))
def test_unset_no_email_prints_an_empty_licence(kind, unlicensed, any_context):
    html, text = templates.render_email(kind)
    assert "Licence" not in html and "Licence" not in text


def test_every_email_template_extends_the_layout_that_prints_the_licence():
    for kind in EmailKind:
        for ext in ("html", "txt"):
            source = (templates.TEMPLATES / f"{kind}.{ext}").read_text()
            assert source.startswith(f'{{% extends "_layout.{ext}" %}}'), f"{kind}.{ext}"


# --- PDFs -------------------------------------------------------------------------------------


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def _receipt(invoice: Invoice) -> bytes:
    with db_session() as session:
        view = view_of(session, session.get(Invoice, invoice.id))
    return render_receipt_pdf(view, "$8,460.00", "today", "Visa ending 4242", "$8,460.00", "")


def documents(admin) -> dict[str, Callable[[], bytes]]:
    """One document of each renderer (named after it), made the way the site makes it."""
    estimate = contract_28k(admin, year_built="1962")  # with an ST-124 and lead-safe papers
    job = job_of(estimate)
    invoice = bill_deposit(estimate.number, admin)
    change_order = make_change_order(job, admin)
    sub = insured_sub(by=admin)
    cost = sub_bill_of(job, sub, "5,600", "400", days_ago(10), by=admin)
    waiver_id = pay_bill(job, cost.id, by=admin, paid_on=days_ago(5))
    return {
        "render_contract_pdf": lambda: estimates.staff_estimate_pdf(estimate.number)[1],
        "render_invoice_pdf": lambda: invoicing.invoice_pdf(invoice.number)[1],
        "render_receipt_pdf": lambda: _receipt(invoice),
        "render_change_order_pdf": lambda: change_order_pdf(token=change_order_token(change_order))[
            1
        ],
        "render_waiver_pdf": lambda: lien_waivers.waiver_pdf(
            number=job.number, waiver_id=waiver_id
        )[1],
        "render_trust_books_pdf": lambda: trust_books.trust_books_pdf(
            job.number, business_today() - timedelta(days=30), business_today()
        ),
        "render_certificate_pdf": lambda: compliance.document_pdf(job.number, "st124")[1],
        "render_lead_safe_record_pdf": lambda: compliance.document_pdf(
            job.number, "lead-safe-record"
        )[1],
    }


def pdf_renderers() -> set[str]:
    """Every render_..._pdf defined in any module of services/."""
    found = set()
    for path in SERVICES.glob("**/*.py"):
        dotted = ".".join(path.relative_to(SERVICES.parent).with_suffix("").parts)
        module = importlib.import_module(f"renovation_app.{dotted}".removesuffix(".__init__"))
        found |= {
            name
            for name, value in inspect.getmembers(module, inspect.isfunction)
            if name.startswith("render_")
            and name.endswith("_pdf")
            and value.__module__ == module.__name__
        }
    return found


@pytest.fixture
def files_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(settings, "files_dir", str(tmp_path / "files"))


def test_every_page_of_every_kind_of_pdf_carries_the_licence(
    monkeypatch, admin, contract_settings, files_dir
):
    made = documents(admin)
    assert set(made) == pdf_renderers()  # a new kind of PDF needs its case here
    for name, render in made.items():
        texts = pages_text(render())
        assert texts and all(LINE in text for text in texts), name
    # Unset, the footer prints no empty number (a contract cannot go out so; an invoice can).
    monkeypatch.setattr(settings, "contractor_licence", "")
    invoice_text = "".join(pages_text(made["render_invoice_pdf"]()))
    assert "Licence" not in invoice_text and f"{BUSINESS.legal_name} · Page 1/1" in invoice_text


# --- the dashboard ----------------------------------------------------------------------------


def test_the_dashboard_names_the_missing_licence_and_where_it_would_show(
    monkeypatch, duty_settings
):
    for unset in ("", "  "):
        monkeypatch.setattr(settings, "contractor_licence", unset)
        (missing,) = missing_settings()
        assert missing.env == "CONTRACTOR_LICENCE"
        for place in (
            "every public page",
            "structured data",
            "every e-mail",
            "every PDF",
            "cannot be sent",
        ):
            assert place in missing.words, place
    monkeypatch.setattr(settings, "contractor_licence", LICENCE)
    assert missing_settings() == []


def test_every_other_missing_duty_setting_is_named_too(monkeypatch, duty_settings):
    monkeypatch.setattr(settings, "contractor_licence", LICENCE)
    monkeypatch.setattr(settings, "escrow_bank_address", "")
    monkeypatch.setattr(settings, "rrp_firm_certificate", "")
    missing = {m.env: m.words for m in missing_settings()}
    assert list(missing) == ["ESCROW_BANK_ADDRESS", "RRP_FIRM_CERTIFICATE"]
    assert "owner's escrow notice cannot be sent" in missing["ESCROW_BANK_ADDRESS"]
    assert "built before 1978" in missing["RRP_FIRM_CERTIFICATE"]


@pytest.fixture
def duty_settings(monkeypatch):
    """Every other setting of New York's duties set: only the one a test clears is missing."""
    for name, value in (
        ("escrow_bank", "Example Community Bank"),
        ("escrow_bank_address", "350 Fulton St"),
        ("rrp_firm_certificate", "NAT-F1"),
        ("rrp_renovator_name", "Sam Builder"),
        ("rrp_renovator_certificate", "R-1"),
    ):
        monkeypatch.setattr(settings, name, value)


def test_the_dashboard_state_loads_the_missing_settings(clean_db, unlicensed, duty_settings):
    root = rx.State(_reflex_internal_init=True)
    state = root.get_substate(DashboardState.get_full_name().split(".")[1:])
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, DashboardState.load.fn(state)).result()
    assert [m.env for m in state.missing_settings] == ["CONTRACTOR_LICENCE"]
