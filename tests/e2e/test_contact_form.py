"""The contact page sends the form without a reload and reports the outcome in toasts."""

import re
import time

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_page


def fill(page: Page, email: str = "dana@example.com") -> None:
    page.fill("#name", "Dana Whitfield")
    page.fill("#email", email)
    page.fill("#phone", "718-555-0199")
    page.select_option("#service", "bathroom-remodeling")
    page.fill("#message", "Our bathroom needs new tile and a vanity.")


def test_sending_the_form_shows_the_success_toast_clears_it_and_delivers_mail(page: Page, site):
    open_page(page, "/contact")
    expect(page.get_by_role("button", name="Submit Now")).to_be_enabled()
    fill(page)
    page.get_by_role("button", name="Submit Now").click()
    expect(page.get_by_text("Email sent successfully!")).to_be_visible()
    expect(page.locator("#name")).to_have_value("")
    expect(page.locator("#message")).to_have_value("")
    expect(page.locator("#service")).to_have_value("")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and not site.resend.sent_to("dana@example.com"):
        time.sleep(0.2)
    [ack] = site.resend.sent_to("dana@example.com")
    # The acknowledgement carries nothing the visitor typed, so it cannot relay a stranger's words.
    assert "Dana Whitfield" not in ack["text"] and "Bathroom Remodeling" in ack["text"]


def test_a_bad_email_gets_its_message_next_to_the_field_and_keeps_the_text(page: Page):
    open_page(page, "/contact")
    fill(page, email="dana@")
    page.get_by_role("button", name="Submit Now").click()
    expect(page.get_by_test_id("error-email")).to_contain_text("valid e-mail")
    expect(page.locator("#email")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#name")).to_have_value("Dana Whitfield")
    expect(page.get_by_text("Email sent successfully!")).to_have_count(0)


def test_an_empty_form_lists_every_required_field(page: Page):
    open_page(page, "/contact")
    page.get_by_role("button", name="Submit Now").click()
    for field in ("name", "email", "service", "message"):
        expect(page.get_by_test_id(f"error-{field}")).to_be_visible()
    expect(page.get_by_test_id("error-phone")).to_have_count(0)


def test_the_button_reads_sending_and_is_disabled_while_in_flight(page: Page):
    open_page(page, "/contact")
    fill(page)
    page.evaluate(
        """() => {
        const button = document.querySelector('#contact-form button[type=submit]');
        window.__buttonStates = [];
        new MutationObserver(() => window.__buttonStates.push([button.textContent, button.disabled]))
          .observe(button, {subtree: true, childList: true, characterData: true, attributes: true});
    }"""
    )
    page.get_by_role("button", name="Submit Now").click()
    expect(page.get_by_text("Email sent successfully!")).to_be_visible()
    expect(page.get_by_role("button", name="Submit Now")).to_be_enabled()
    states = page.evaluate("window.__buttonStates")
    assert ["Sending...", True] in states


def test_ticking_texts_records_the_mobiles_yes_and_without_a_phone_asks_for_one(page: Page, site):
    import random

    from renovation_app.db import db_session
    from renovation_app.services import texts

    mobile = f"(929) 555-01{random.randint(10, 99)}"
    open_page(page, "/contact")
    fill(page)
    page.fill("#phone", "")
    page.get_by_label(re.compile("^Text me at this number")).check()
    page.get_by_role("button", name="Submit Now").click()
    expect(page.get_by_test_id("error-phone")).to_be_visible()
    page.fill("#phone", mobile)
    page.get_by_role("button", name="Submit Now").click()
    expect(page.get_by_text("Email sent successfully!")).to_be_visible()
    expect(page.get_by_label(re.compile("^Text me at this number"))).not_to_be_checked()
    if site.shares_this_process_database:
        with db_session() as session:
            consent = texts.latest_consent(session, mobile)
        assert consent.consented and consent.source == "contact_form"
