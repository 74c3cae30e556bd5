import pytest
from playwright.sync_api import Page

from renovation_app.services import jobs
from renovation_app.settings import settings
from tests.e2e.conftest import open_page
from tests.e2e.test_staff_sign_in import signed_in_at
from tests.factories import ADMIN_PASSWORD, make_zoo


@pytest.fixture(scope="module")
def zoo(site):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(settings, "contractor_licence", "2099999-DCA")
        patch.setattr(settings, "escrow_bank", "Example Community Bank, Brooklyn")
        return make_zoo("zoo-shots1@example.com")


def test_shots(page: Page, zoo):
    signed_in_at(page, zoo.admin.email, None, ADMIN_PASSWORD)
    number = zoo.notes["taxed job"].split("/")[2]
    job = jobs.get_job(number)
    pages = {
        "job": zoo.notes["taxed job"],
        "customer": f"/customers/{job.customer_id}",
        "invoice": f"/invoices/{job.invoices[0].number}",
        "settings": "/settings/quickbooks",
        "dashboard": "/dashboard",
    }
    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 900})
        for name, path in pages.items():
            open_page(page, path)
            page.wait_for_timeout(600)
            page.screenshot(path=f"/tmp/shots/{name}-{width}.png", full_page=True)
