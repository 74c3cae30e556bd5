"""axe-core finds no violations on any public route, at phone and desktop width."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from tests.e2e.conftest import open_page
from tests.e2e.test_public_pages import PUBLIC_ROUTES

axe = Axe()
pytestmark = pytest.mark.slow  # a sweep of every page at two widths: `make test-slow`


@pytest.mark.parametrize("path", [*PUBLIC_ROUTES, "/login", "/no-such-page"])
@pytest.mark.parametrize("width", [375, 1280])
def test_no_axe_violations(page: Page, path, width):
    page.set_viewport_size({"width": width, "height": 900})
    open_page(page, path)
    page.wait_for_timeout(300)
    results = axe.run(page)
    assert results.violations_count == 0, results.generate_report()


@pytest.mark.parametrize("width", [375, 1280])
def test_no_axe_violations_on_the_staff_invoice_screens(page: Page, site, width):
    import re

    from playwright.sync_api import expect

    from tests.e2e.test_staff_sign_in import new_user, sign_in

    page.set_viewport_size({"width": width, "height": 900})
    sign_in(page, new_user(site))
    expect(page).to_have_url(re.compile(r"/add-invoice/?$"))
    for path in ("/add-invoice", "/invoices", "/enquiries"):
        open_page(page, path)
        page.wait_for_timeout(300)
        results = axe.run(page)
        assert results.violations_count == 0, f"{path}: {results.generate_report()}"
