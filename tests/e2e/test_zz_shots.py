"""Temporary: screenshots of the changed pages with the zoo, at 375 and 1280 px."""
import pytest
from playwright.sync_api import Page

from renovation_app.settings import settings
from tests.e2e.conftest import open_page
from tests.e2e.test_staff_sign_in import PASSWORD, new_admin, signed_in_at
from tests.factories import ADMIN_PASSWORD, make_zoo


@pytest.fixture(scope="module")
def zoo(site):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(settings, "contractor_licence", "2099999-DCA")
        patch.setattr(settings, "escrow_bank", "Example Community Bank, Brooklyn")
        return make_zoo("zoo-shots@example.com")


def test_shots(page: Page, zoo, browser, site, monkeypatch):
    notes = zoo.notes
    admin_pages = {
        "dashboard": "/dashboard",
        "texts": "/texts",
        "customer-who-texts": notes["customer who texts"],
        "job-untaxed": notes["untaxed job"],
    }
    signed_in_at(page, zoo.admin.email, None, ADMIN_PASSWORD)
    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        for name, path in admin_pages.items():
            open_page(page, path)
            page.wait_for_timeout(600)
            page.screenshot(path=f"/tmp/shots/{name}-{width}.png", full_page=True)
    from tests.e2e.test_time_clock import the_office

    admin, ana, job_a, _ = the_office(new_admin(site), monkeypatch)
    crew = browser.new_context(base_url=site.url, viewport={"width": 375, "height": 812})
    p2 = crew.new_page()
    signed_in_at(p2, ana.email, "/today", PASSWORD)
    p2.wait_for_timeout(600)
    p2.get_by_test_id("on-my-way").first.click()
    p2.wait_for_timeout(1500)
    p2.screenshot(path="/tmp/shots/today-375.png", full_page=True)
