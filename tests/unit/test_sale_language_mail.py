"""Every e-mail to the owner about a sale made in Spanish, Russian or Chinese is written in that
language and then in English (the subject in English, then " / " and translated); the office's
e-mails, an English sale's and an invoice made by hand are in English alone, as before."""

import re

import pytest

from renovation_app.content import BUSINESS, tax
from renovation_app.models import Job, OutboxEmail
from renovation_app.services import reminders
from renovation_app.services.languages import english_texts, template_texts
from renovation_app.services.mail.templates import render_email
from tests.factories import (
    accepted_estimate,
    bill,
    job_of,
    mails,
    make_change_order,
    make_invoice,
    record_payment,
    sign_change_order,
    signed_in,
)

OWNER = "maria@example.com"
SPANISH, ENGLISH = "== Español (Spanish) ==", "== English =="


def to_owner(kind: str) -> OutboxEmail:
    return [mail for mail in mails(kind) if mail.to == OWNER][-1]


def in_order(text: str, *parts: str) -> bool:
    """Each part is in `text`, after the one before it."""
    at = 0
    for part in parts:
        at = text.find(part, at)
        if at < 0:
            return False
    return True


def sale(admin, language: str) -> Job:
    """The job of an $8,000 capital improvement in a 1962 home, signed with no deposit."""
    estimate = accepted_estimate(
        admin, f"sale-{language}", language=language, year_built="1962", deposit_kind="none"
    )
    return job_of(estimate)


def test_a_spanish_sales_signed_contract_e_mail_is_in_spanish_then_english(
    admin, contract_settings
):
    job = sale(admin, "es")
    mail = to_owner("estimate_signed")
    number = mail.subject.split()[3]
    assert mail.subject == (
        f"Your signed contract {number} with {BUSINESS.name} / "
        f"Su contrato firmado {number} con {BUSINESS.name}"
    )
    assert in_order(
        mail.text,
        SPANISH,
        f"Gracias: firmó el contrato {number} con {BUSINESS.name} el ",
        "Formulario ST-124, Certificado de mejora de capital; Acuse de recibo del folleto",
        "Puede cancelar este contrato hasta el ",
        ENGLISH,
        f"Thank you: you signed contract {number} with {BUSINESS.name} on ",
        "Form ST-124, Certificate of Capital Improvement; Receipt of the lead hazard",
        "You may cancel this contract until ",
    )
    # Dates in the words of each language: "2 de diciembre de 2026, 23:59", "Dec 2, 2026, ..."
    assert re.search(r"hasta el \d{1,2} de [a-z]+ de \d{4}, \d{1,2}:\d\d \(", mail.text)
    assert in_order(mail.html, '<div lang="es">', "Estimado/a Maria Lopez:", '<div lang="en"')
    office = [m for m in mails("estimate_signed") if m.to != OWNER][-1]
    assert " / " not in office.subject and "Español" not in office.text + office.html
    assert job.estimate_id is not None


def test_a_spanish_sales_final_invoice_e_mail_carries_spanish_beside_english(
    admin, contract_settings
):
    final = bill(sale(admin, "es"), "final", admin, confirm_lead_safe=True)
    mail = to_owner("invoice")
    assert mail.subject == (
        f"Invoice {final.number} from {BUSINESS.name} / Factura {final.number} de {BUSINESS.name}"
    )
    assert in_order(
        mail.text,
        SPANISH,
        f"Gracias por elegir a {BUSINESS.name}. Aquí tiene la factura {final.number}",
        "Mejora de capital: formulario ST-124 archivado.",
        "Emitida el ",
        "Ver y pagar en línea: ",
        ENGLISH,
        f"Thank you for choosing {BUSINESS.name}. Here is invoice {final.number}",
        tax.CAPITAL_IMPROVEMENT_NOTE,
        "Issued ",
        "View and pay online: ",
    )
    assert in_order(mail.html, '<div lang="es">', "Mejora de capital", '<div lang="en"')


def test_an_english_sales_e_mails_are_in_english_alone_as_before(admin, contract_settings):
    final = bill(sale(admin, "en"), "final", admin, confirm_lead_safe=True)
    signed, invoice = to_owner("estimate_signed"), to_owner("invoice")
    assert re.fullmatch(
        rf"Your signed contract E-\d{{4}}-\d{{4}} with {BUSINESS.name}", signed.subject
    )
    assert signed.text.startswith("Dear Maria Lopez,\n\nThank you: you signed contract E-")
    assert invoice.subject == f"Invoice {final.number} from {BUSINESS.name}"
    assert invoice.text.startswith(
        f"Dear Maria Lopez,\n\nThank you for choosing {BUSINESS.name}. Here is invoice "
    )
    for mail in (signed, invoice, to_owner("estimate")):
        assert "==" not in mail.text and " / " not in mail.subject
        assert "lang=" not in mail.html.split("<body", 1)[1]


def test_every_e_mail_to_the_owner_of_a_spanish_sale_is_in_spanish_too(admin, contract_settings):
    job = job_of(accepted_estimate(admin, "es-deposit", language="es"))  # a 30% deposit
    sign_change_order(make_change_order(job, admin))
    deposit = bill(job, "deposit", admin)
    record_payment(deposit, admin)  # $100 of it
    reminders.send_reminder_now(deposit.number, signed_in(admin))
    spanish = {  # the kind: its subject's translation, and words of its body
        "estimate": ("Presupuesto E-", "Gracias por pedir un presupuesto a"),
        "change_order": ("Orden de cambio J-", "Hemos dejado por escrito un cambio del trabajo"),
        "change_order_signed": ("Su orden de cambio firmada", "Gracias: firmó la orden de cambio"),
        "invoice": ("Factura ", "Gracias por elegir a"),
        "receipt": ("Recibo de la factura", "Gracias: recibimos su pago de $100.00"),
        "reminder": ("Recordatorio: factura", "Solo un recordatorio: "),
    }
    for kind, (subject, words) in spanish.items():
        mail = to_owner(kind)
        assert in_order(mail.text, SPANISH, words, ENGLISH), kind
        assert f" / {subject}" in mail.subject, kind
    office = [m for m in mails("change_order_signed") if m.to != OWNER][-1]
    assert office.subject.startswith("Change order ") and "firmada" not in office.subject
    assert "Español" not in office.text


def test_an_invoice_made_by_hand_stays_english(admin, contract_settings):
    made = make_invoice(admin, "by-hand")
    mail = [m for m in mails("invoice") if m.about_id == made.id][-1]
    assert "==" not in mail.text and " / " not in mail.subject
    assert mail.text.startswith("Dear ")


def test_a_russian_sales_dates_are_in_russian_words_with_one_period(admin, contract_settings):
    bill(sale(admin, "ru"), "final", admin, confirm_lead_safe=True)
    text = to_owner("invoice").text
    russian = text.split(ENGLISH)[0]
    assert re.search(r"Выставлен \d{1,2} [а-я]+ \d{4}\u202fг\.\s", russian)
    assert "г.." not in russian


@pytest.mark.parametrize(("days", "ago"), [(1, "1 день назад"), (3, "3 дн. назад")])
def test_a_late_reminder_counts_its_days_in_the_language_of_the_sale(days, ago):
    invoice = {"number": "2026-0001", "customer_name": "Ivan", "total": "$10.00", "pay_url": ""}
    context = {
        "invoice": invoice,
        "money": {"paid_cents": 0, "paid": "$0.00", "balance": "$10.00"},
        "stage": "",
        "amount": "$10.00",
        "due_day": "November 2, 2026",
        "days_late": days,
        "late": True,
    }
    _, text = render_email("reminder", "ru", **context)
    assert f"нужно было внести 2 ноября 2026\u202fг. ({ago})." in text


def test_every_e_mail_text_is_in_the_catalogues():
    """The catalogue test (test_cancellation_languages) compares each catalogue with
    english_texts(): these are in it, so each needs its translation in es, ru and zh."""
    texts = set(english_texts())
    assert set(template_texts()) <= texts
    assert {"Dear {name},", "Or open this link: {link}", tax.CAPITAL_IMPROVEMENT_NOTE} <= texts
