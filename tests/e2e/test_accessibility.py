"""axe-core finds no violations on any public route, at phone and desktop width."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from tests.e2e.conftest import open_page
from tests.e2e.test_public_pages import PUBLIC_ROUTES

axe = Axe()


@pytest.mark.parametrize("path", [*PUBLIC_ROUTES, "/login", "/no-such-page"])
@pytest.mark.parametrize("width", [375, 1280])
def test_no_axe_violations(page: Page, path, width):
    page.set_viewport_size({"width": width, "height": 900})
    open_page(page, path)
    page.wait_for_timeout(300)
    results = axe.run(page)
    assert results.violations_count == 0, results.generate_report()
