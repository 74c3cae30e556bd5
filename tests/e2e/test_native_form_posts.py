"""Before the page's scripts run (a slow phone, a blocked script) the browser submits a form
itself: it posts, so nothing typed (a password, a visitor's message) ever lands in the address,
and the server sends the person back to the page."""

from urllib.parse import quote, quote_plus, urlparse

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from tests.e2e.conftest import block_remote, random_client_address

PASSWORD = "a password that must stay out of URLs"
MESSAGE = "Private details of our bathroom job"


@pytest.fixture
def no_script(browser: Browser, site) -> tuple[Page, list[Request]]:
    """A browser that runs no JavaScript at all (only the prerendered pages and native forms),
    and every request it makes."""
    context = browser.new_context(java_script_enabled=False, base_url=site.url)
    context.route("**/*", block_remote)
    context.set_extra_http_headers({"X-Forwarded-For": random_client_address()})
    page = context.new_page()
    requests: list[Request] = []
    page.on("request", lambda request: requests.append(request))
    yield page, requests
    context.close()


def press_enter_and_land(page: Page, requests: list[Request], field: str, path: str) -> None:
    """Enter in a field submits the form natively: one POST, answered 303 back to the page."""
    with page.expect_navigation():
        page.press(field, "Enter")
    page.wait_for_load_state()
    [post] = [r for r in requests if r.method == "POST"]
    assert urlparse(post.url).path == path and urlparse(post.url).query == ""
    assert post.response().status == 303
    landed = urlparse(page.url)
    assert (landed.path, landed.query) == (path, "")


def assert_never_in_an_address(requests: list[Request], *typed: str) -> None:
    for request in requests:
        for value in typed:
            for form in (value, quote(value), quote_plus(value)):
                assert form not in request.url, request.url


def test_pressing_enter_on_the_login_form_without_scripts_keeps_the_password_out_of_the_url(
    no_script,
):
    page, requests = no_script
    page.goto("/login")
    page.fill("#login-email", "boss@example.com")
    page.fill("#login-password", PASSWORD)
    press_enter_and_land(page, requests, "#login-password", "/login")
    expect(page.locator("#login-email")).to_be_visible()  # the page again, ready to sign in
    assert_never_in_an_address(requests, PASSWORD, "boss@example.com", "password=")


def test_pressing_enter_on_the_contact_form_without_scripts_keeps_the_message_out_of_the_url(
    no_script,
):
    page, requests = no_script
    page.goto("/contact")
    page.fill("#name", "Dana Whitfield")
    page.fill("#email", "dana@example.com")
    page.fill("#phone", "718-555-0199")
    page.fill("#message", MESSAGE)
    press_enter_and_land(page, requests, "#name", "/contact")
    expect(page.locator("#message")).to_be_visible()
    assert_never_in_an_address(
        requests, MESSAGE, "Dana Whitfield", "dana@example.com", "718-555-0199", "message="
    )
