"""Staff accounts run from the site, in Chromium: two-step sign-in, invitations, deactivation,
"Forgot password?", and Google sign-in against the local fake OpenID provider."""

import re
import time
import uuid

import pyotp
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import block_remote, open_page
from tests.e2e.test_staff_sign_in import PASSWORD, new_admin, new_user, sign_in


def turn_on_two_step(page: Page, password: str = PASSWORD) -> tuple[pyotp.TOTP, list[str]]:
    """On /account: set up two-step sign-in with the key shown; returns it and the codes."""
    open_page(page, "/account")
    page.fill("#two-step-password", password)
    page.get_by_role("button", name="Set up two-step sign-in").click()
    expect(page.get_by_alt_text("QR code for your authenticator app")).to_be_visible()
    totp = pyotp.TOTP(page.get_by_test_id("totp-secret").inner_text())
    page.fill("#two-step-confirm-code", totp.now())
    page.get_by_role("button", name="Turn on").click()
    codes = page.get_by_test_id("recovery-codes").locator("li")
    expect(codes).to_have_count(10)
    expect(page.get_by_test_id("two-step-on")).to_contain_text("10 recovery codes left")
    return totp, codes.all_inner_texts()


def mail_link(site, email: str, path: str) -> str:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        for mail in reversed(site.resend.sent_to(email)):
            if found := re.search(rf"{path}[\w-]+", mail.get("text") or ""):
                return found.group(0)
        time.sleep(0.2)
    raise AssertionError(f"no {path} link was mailed to {email}")


def test_an_invited_person_signs_up_and_loses_access_when_deactivated(
    page: Page, context: BrowserContext, site
):
    admin = new_admin(site)
    sign_in(page, admin)
    expect(page).to_have_url(re.compile(r"/dashboard$"))
    menu = page.get_by_test_id("staff-menu")
    expect(menu.get_by_role("link", name="Audit")).to_be_visible()
    open_page(page, "/staff")
    expect(page.get_by_text("Turn on two-step sign-in under")).to_be_visible()
    page.fill("#invite-email", "not-yet@example.com")
    page.get_by_role("button", name="Invite").click()
    expect(page.get_by_test_id("staff-error")).to_contain_text("two-step")  # the server says no
    _, codes = turn_on_two_step(page)

    newcomer = f"new-{uuid.uuid4().hex[:8]}@example.com"
    open_page(page, "/staff")
    page.fill("#invite-email", newcomer)
    page.get_by_role("button", name="Invite").click()
    expect(page.get_by_test_id("staff-error")).to_contain_text("Enter the code")
    page.fill("#staff-code", codes[0])
    page.get_by_role("button", name="Invite").click()
    expect(page.get_by_test_id("invitation-row").filter(has_text=newcomer)).to_be_visible()

    # The newcomer, in a browser of their own, follows the mailed link.
    other = context.browser.new_context(base_url=site.url)
    other.route("**/*", block_remote)
    theirs = other.new_page()
    link = mail_link(site, newcomer, "/welcome/")
    open_page(theirs, link)
    expect(theirs.get_by_text(newcomer)).to_be_visible()
    theirs.fill("#link-name", "Nia Newcomer")
    theirs.fill("#link-password", "a brand new password")
    theirs.get_by_role("button", name="Create my account").click()
    expect(theirs).to_have_url(re.compile(r"/dashboard$"))
    expect(theirs.get_by_test_id("signed-in-name")).to_have_text("Nia Newcomer")
    expect(theirs.get_by_test_id("staff-menu").get_by_role("link", name="Audit")).to_have_count(0)

    # The link works once.
    used = other.new_page()
    open_page(used, link)
    expect(used.get_by_test_id("dead-link")).to_be_visible()

    # The admin deactivates them; their open tab loses access at its next event.
    open_page(page, "/staff")
    row = page.get_by_test_id("member-row").filter(has_text=newcomer)
    page.fill("#staff-code", codes[1])
    row.get_by_role("button", name="Deactivate").click()
    expect(row).to_contain_text("Deactivated")
    theirs.get_by_test_id("staff-menu").get_by_role("link", name="Invoices").click()
    expect(theirs.get_by_test_id("login-form")).to_be_visible()
    expect(theirs.get_by_test_id("invoice-row")).to_have_count(0)
    other.close()

    # Each of those actions is one row of the audit log.
    open_page(page, f"/audit?record=user+{newcomer}")
    actions = page.get_by_test_id("audit-row").locator("td:nth-child(3)").all_inner_texts()
    assert sorted(actions) == ["staff.deactivated", "staff.invited", "staff.joined"]


def test_forgot_password_answers_alike_and_only_a_known_address_gets_mail(page: Page, site):
    known = new_user(site)
    unknown = f"nobody-{uuid.uuid4().hex[:8]}@example.com"
    messages = []
    for email in (known, unknown):
        open_page(page, "/login")
        page.get_by_role("link", name="Forgot password?").click()
        expect(page).to_have_url(re.compile(r"/forgot-password$"))
        page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
        page.fill("#link-email", email)
        page.get_by_role("button", name="Send the link").click()
        messages.append(page.get_by_test_id("link-message").inner_text())
    assert messages[0] == messages[1] and "If that address belongs" in messages[0]
    link = mail_link(site, known, "/reset-password/")
    assert site.resend.sent_to(unknown) == []
    open_page(page, link)
    page.fill("#link-password", "my new long password")
    page.get_by_role("button", name="Set the password").click()
    expect(page.get_by_test_id("link-message")).to_contain_text("Your password is set")
    sign_in(page, known, "my new long password")
    expect(page).to_have_url(re.compile(r"/dashboard$"))


def test_google_sign_in_lets_a_known_person_in_and_refuses_a_stranger(page: Page, site):
    known = new_user(site)
    site.google.email, site.google.email_verified = known, True
    open_page(page, "/login")
    page.get_by_test_id("google-sign-in").click()
    expect(page).to_have_url(re.compile(r"/dashboard$"))
    expect(page.get_by_test_id("signed-in-name")).to_have_text("Sam Staff")

    page.goto("/signout")
    expect(page).to_have_url(f"{site.url}/")
    site.google.email = f"stranger-{uuid.uuid4().hex[:8]}@example.com"
    open_page(page, "/login")
    page.get_by_test_id("google-sign-in").click()
    expect(page).to_have_url(re.compile(r"/login\?google=no-account$"))
    expect(page.get_by_test_id("login-error")).to_contain_text("no staff account here")
    open_page(page, "/dashboard")
    expect(page.get_by_test_id("login-form")).to_be_visible()


def test_google_sign_in_asks_for_the_code_when_two_step_is_on(page: Page, site):
    admin = new_admin(site)
    sign_in(page, admin)
    expect(page).to_have_url(re.compile(r"/dashboard$"))
    _, codes = turn_on_two_step(page)
    page.goto("/signout")
    expect(page).to_have_url(f"{site.url}/")

    site.google.email = admin
    open_page(page, "/login")
    page.get_by_test_id("google-sign-in").click()
    expect(page).to_have_url(re.compile(r"/login\?step=code$"))
    expect(page.locator("#login-password")).to_have_count(0)
    page.fill("#login-code", "000000")
    page.get_by_role("button", name="Login").click()
    expect(page.get_by_test_id("login-error")).to_contain_text("not correct")
    page.fill("#login-code", codes[0])
    page.get_by_role("button", name="Login").click()
    expect(page).to_have_url(re.compile(r"/dashboard$"))

    # A password sign-in asks for the code too.
    page.goto("/signout")
    expect(page).to_have_url(f"{site.url}/")
    sign_in(page, admin)
    expect(page.locator("#login-code")).to_be_visible()
    page.fill("#login-code", codes[1])
    page.get_by_role("button", name="Login").click()
    expect(page).to_have_url(re.compile(r"/dashboard$"))
