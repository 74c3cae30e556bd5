"""axe-core finds no violations on any page, public or staff, at phone and desktop width."""

import uuid
from datetime import timedelta

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe_check import axe, no_axe_violations
from tests.e2e.conftest import open_page
from tests.e2e.document_lines import fill_line
from tests.e2e.test_estimates import post_enquiry, write_and_send
from tests.e2e.test_invoices import fill_customer, signed_in_form, submit_invoice
from tests.e2e.test_public_pages import PUBLIC_ROUTES
from tests.e2e.test_staff_sign_in import PASSWORD, new_admin, signed_in_at

pytestmark = pytest.mark.slow  # a sweep of every page at two widths: `make test-slow`


@pytest.mark.parametrize(
    "path",
    [*PUBLIC_ROUTES, "/login", "/forgot-password", "/welcome/no-such-link", "/no-such-page"],
)
@pytest.mark.parametrize("width", [375, 1280])
def test_no_axe_violations(page: Page, path, width):
    page.set_viewport_size({"width": width, "height": 900})
    open_page(page, path)
    page.wait_for_timeout(300)
    results = axe.run(page)
    assert results.violations_count == 0, results.generate_report()


def test_no_axe_violations_on_any_staff_page(page: Page, site):
    """Every staff screen, lists and records alike, at phone and desktop width (with the phone's
    staff menu open too): records made through the screens first, so no page is empty."""
    page.set_viewport_size({"width": 1280, "height": 900})
    email = f"axe-{uuid.uuid4().hex[:6]}@example.com"
    post_enquiry(site, email)
    signed_in_form(page, site)
    fill_customer(page, email, name="Dana Reyes")
    fill_line(page, 0, service="kitchenRemodelling", price="1,200")
    invoice = submit_invoice(page)
    estimate = write_and_send(page, site, email)
    open_page(page, f"/customers?q={email}")
    customer = page.get_by_test_id("customer-row").first.get_by_role("link").get_attribute("href")
    paths = [
        "/dashboard",
        "/customers",
        customer,
        "/estimates",
        "/estimates/new",
        estimate,
        "/jobs",
        "/jobs/new",
        "/schedule",
        "/subcontractors",
        "/invoices",
        f"/invoices/{invoice}",
        "/add-invoice",
        "/enquiries",
    ]
    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        for path in paths:
            open_page(page, path)
            page.wait_for_timeout(300)
            results = axe.run(page)
            assert results.violations_count == 0, f"{path} at {width}: {results.generate_report()}"
    page.set_viewport_size({"width": 375, "height": 900})
    open_page(page, "/invoices")
    page.get_by_test_id("staff-menu").get_by_role("button", name="Staff menu").click()
    expect(page.get_by_test_id("staff-menu").get_by_role("link", name="Customers")).to_be_visible()
    results = axe.run(page)
    assert results.violations_count == 0, f"open menu: {results.generate_report()}"

    # The admin's screens, with two-step sign-in being set up (its QR code shown).
    page.goto("/signout")
    expect(page).to_have_url(f"{site.url}/")
    signed_in_at(page, new_admin(site), None)
    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        for path in ("/staff", "/audit"):
            open_page(page, path)
            results = axe.run(page)
            assert results.violations_count == 0, f"{path} at {width}: {results.generate_report()}"
        open_page(page, "/account")
        page.fill("#two-step-password", PASSWORD)
        page.get_by_role("button", name="Set up two-step sign-in").click()
        expect(page.get_by_test_id("totp-secret")).to_be_visible()
        results = axe.run(page)
        assert results.violations_count == 0, f"/account at {width}: {results.generate_report()}"


def test_no_axe_violations_on_the_crew_pages(page: Page, site, monkeypatch):
    """/today with a work day and the clock, the week's timesheets and a person's week with
    entries of every kind (sent late, corrected, overtime), as the crew member and the office."""
    if not site.shares_this_process_database:
        pytest.skip("the time is clocked in this process's database")
    from tests.e2e.test_time_clock import the_office
    from tests.factories.time_clock import shift, week_of_business_day

    admin_email = new_admin(site)
    admin, ana, job_a, _job_b = the_office(admin_email, monkeypatch)
    last_week = week_of_business_day(-7)
    for offset in range(5):
        shift(ana, job_a, last_week + timedelta(days=offset), 7, 17, break_minutes=30)
    signed_in_at(page, ana.email, None, PASSWORD)
    for path in ("/today", "/timesheets", f"/timesheets/{last_week}/{ana.id}"):
        open_page(page, path)
        no_axe_violations(page, path)
    page.goto("/signout")
    expect(page).to_have_url(f"{site.url}/")  # signed out, before the office signs in
    signed_in_at(page, admin_email, None, PASSWORD)
    for path in (f"/timesheets?week={last_week}", f"/timesheets/{last_week}/{ana.id}"):
        open_page(page, path)
        no_axe_violations(page, path)
    page.get_by_test_id("entry-correct").first.click()
    no_axe_violations(page, "the correction form")
