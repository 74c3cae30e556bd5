"""axe-core in Chromium: a page has no accessibility violations at the widths asked."""

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

axe = Axe()


def no_axe_violations(page: Page, where: str, widths: tuple[int, ...] = (375, 1280)) -> None:
    for width in widths:
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        results = axe.run(page)
        assert results.violations_count == 0, f"{where} at {width}: {results.generate_report()}"
