"""Steps on a job's staff page that several browser tests take."""

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_page


def open_job_of(page: Page, estimate_path: str) -> str:
    """From a signed contract's estimate page to its job's page; returns the job's path."""
    open_page(page, estimate_path)
    page.get_by_test_id("open-job").click()
    expect(page).to_have_url(re.compile(r"/jobs/J-\d{4}-\d{4}$"))
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    return re.search(r"/jobs/J-\d{4}-\d{4}", page.url).group(0)


def bill_on_job(page: Page, job_path: str, stage: str, confirm_lead_safe: bool = False) -> str:
    """Bill one stage of the job's schedule ("Deposit", "Rough-in done", "Final payment");
    the invoice opens. Returns its number. With `confirm_lead_safe`, the final invoice of a home
    built before 1978 first shows what its record of lead-safe work misses, ticked to go on."""
    open_page(page, job_path)
    page.get_by_role("button", name=f"Bill {stage}").click()
    if confirm_lead_safe:
        expect(page.get_by_test_id("lead-safe-warning")).to_contain_text("is missing")
        confirm = page.get_by_test_id("lead-safe-confirm")
        confirm.click()  # the box shows the server's state: checked once the server has it
        expect(confirm).to_be_checked()
        page.get_by_role("button", name=f"Bill {stage}").click()
    expect(page).to_have_url(re.compile(r"/invoices/\d{4}-\d{4}$"))
    return page.url.rsplit("/", 1)[1]
