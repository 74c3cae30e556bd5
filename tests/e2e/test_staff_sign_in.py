"""Staff accounts: sign in, stay signed in, sign out everywhere, lockout, guarded pages."""

import re
import uuid

from playwright.sync_api import BrowserContext, Page, expect

from renovation_app.models import Role
from tests.e2e.conftest import open_page, run_cli
from tests.factories import staff_user

PASSWORD = "brownstone-2026"


def new_user(site, by_cli: bool = False, admin: bool = False) -> str:
    """A new member of staff (an admin with `admin`): made by `renovation-app create-user`
    (`by_cli`, and always on the production stack, whose database is not this process's), or
    by the same users.create_user in this process, which shares the server's database (2 s of
    a Python start-up less)."""
    kind, name = ("admin", "Ada Admin") if admin else ("staff", "Sam Staff")
    email = f"{kind}-{uuid.uuid4().hex[:8]}@example.com"
    if by_cli or not site.shares_this_process_database:
        run_cli(
            site,
            "create-user",
            "--email",
            email,
            "--name",
            name,
            *(["--admin"] if admin else []),
            "--password-stdin",
            stdin=PASSWORD + "\n",
        )
    else:
        staff_user(Role.ADMIN if admin else Role.STAFF, email=email, name=name, password=PASSWORD)
    return email


def new_admin(site) -> str:
    return new_user(site, admin=True)


def signed_in_at(page: Page, email: str, path: str | None, password: str = PASSWORD) -> None:
    """Signed in as the login form signs in (POST /api/session; the browser keeps the cookie),
    then at `path` (None: no page opened yet). For flows that are not about signing in: the
    form has its own tests above, and going through it costs a flow the login page and the
    dashboard it leads to."""
    answer = page.request.post("/api/session", data={"email": email, "password": password})
    assert answer.ok, answer.text()
    if path is not None:
        open_page(page, path)


def sign_in(page: Page, email: str, password: str = PASSWORD, at: str = "/login") -> None:
    """Sign in with the form on `at`: /login, or a staff page showing it in place."""
    open_page(page, at)
    page.fill("#login-email", email)
    page.fill("#login-password", password)
    page.get_by_role("button", name="Login").click()


def test_a_cli_user_signs_in_stays_signed_in_and_signs_out_in_every_tab(
    page: Page, context: BrowserContext, site
):
    email = new_user(site, by_cli=True)
    sign_in(page, email)
    expect(page.get_by_text("Logged in successfully")).to_be_visible()
    # /login leads to the staff home; the marker that greeted is dropped from the address.
    expect(page).to_have_url(re.compile(r"/dashboard$"))
    expect(page.get_by_test_id("dash-owed")).to_be_visible()
    menu = page.get_by_test_id("staff-menu")
    expect(menu.get_by_test_id("signed-in-name")).to_have_text("Sam Staff")
    expect(menu.get_by_role("link", name="Dashboard")).to_have_attribute("aria-current", "page")
    expect(page.locator("footer")).to_have_count(0)  # the application frame, not the site's
    expect(page.locator("#header-button")).to_have_text("Add Invoice")
    open_page(page, "/add-invoice")
    expect(page.get_by_test_id("invoice-form")).to_be_visible()
    expect(page.locator("#header-button")).to_have_text("Sign Out")
    expect(menu.get_by_role("link", name="New invoice")).to_have_attribute("aria-current", "page")
    page.reload()
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    expect(page.get_by_test_id("invoice-form")).to_be_visible()

    other_tab = context.new_page()
    open_page(other_tab, "/about")
    expect(other_tab.locator("#header-button")).to_have_text("Add Invoice")

    page.locator("#header-button").click()
    expect(page).to_have_url(f"{site.url}/")
    expect(page.locator("#header-button")).to_have_text("Login")
    other_tab.reload()
    other_tab.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    expect(other_tab.locator("#header-button")).to_have_text("Login")
    open_page(other_tab, "/add-invoice")
    expect(other_tab.get_by_test_id("login-form")).to_be_visible()
    expect(other_tab.get_by_test_id("invoice-form")).to_have_count(0)


def test_wrong_password_and_unknown_email_get_the_same_message(page: Page, site):
    email = new_user(site)
    sign_in(page, email, "wrong-password")
    expect(page.get_by_text("Not Logged in")).to_be_visible()
    wrong_password = page.get_by_test_id("login-error").inner_text()
    expect(page.locator("#login-email")).to_have_value(email)
    sign_in(page, f"nobody-{uuid.uuid4().hex[:6]}@example.com", "wrong-password")
    expect(page.get_by_test_id("login-error")).to_be_visible()
    assert page.get_by_test_id("login-error").inner_text() == wrong_password


def test_the_sixth_rapid_wrong_attempt_is_refused_even_with_the_right_password(page: Page, site):
    email = new_user(site)
    open_page(page, "/login")
    for _ in range(5):
        page.fill("#login-email", email)
        page.fill("#login-password", "wrong-password")
        page.get_by_role("button", name="Login").click()
        expect(page.get_by_role("button", name="Login")).to_be_enabled()
    page.fill("#login-password", PASSWORD)
    page.get_by_role("button", name="Login").click()
    expect(page.get_by_test_id("login-error")).to_contain_text("Too many failed sign-in attempts")
    expect(page).to_have_url(re.compile(r"/login/?$"))


def test_signed_out_visitors_get_the_login_form_instead_of_enquiries(page: Page):
    open_page(page, "/enquiries")
    expect(page.get_by_test_id("login-form")).to_be_visible()
    expect(page.get_by_test_id("enquiry")).to_have_count(0)


def test_signed_in_staff_see_enquiries_newest_first_with_delivery_status(page: Page, site):
    import httpx

    for name in ("First Customer", "Second Customer"):
        answer = httpx.post(
            f"{site.url}/api/contact",
            json={
                "name": name,
                "email": "c@example.com",
                "phone": "",
                "service": "other",
                "message": "Hello",
            },
        )
        assert answer.status_code == 201
    sign_in(page, new_user(site))
    expect(page).to_have_url(re.compile(r"/dashboard$"))
    open_page(page, "/enquiries")
    cards = page.get_by_test_id("enquiry")
    expect(cards.first).to_contain_text("Second Customer")
    names = cards.locator("h3").all_inner_texts()
    assert names.index("Second Customer") < names.index("First Customer")
    expect(cards.first).to_contain_text("E-mail:")


def test_a_staff_page_signs_in_in_place_and_keeps_its_filters(page: Page, site):
    """The login form a signed-out staff page shows leads back to that page, query and all."""
    sign_in(page, new_user(site), at="/invoices?status=paid")
    expect(page.get_by_text("Logged in successfully")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/invoices\?status=paid$"))
    expect(page.locator("#filter-status")).to_have_value("paid")


def test_on_a_phone_the_staff_menu_opens_from_its_button(page: Page, site):
    page.set_viewport_size({"width": 375, "height": 800})
    sign_in(page, new_user(site))
    expect(page).to_have_url(re.compile(r"/dashboard$"))
    menu = page.get_by_test_id("staff-menu")
    customers = menu.get_by_role("link", name="Customers")
    expect(customers).to_be_hidden()
    menu.get_by_role("button", name="Staff menu").click()
    expect(customers).to_be_visible()
    customers.click()
    expect(page).to_have_url(re.compile(r"/customers$"))
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    expect(menu.get_by_role("link", name="Customers")).to_be_hidden()  # closed on the new page
    # Nothing wider than the phone: the list scrolls inside its card, not the page sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
