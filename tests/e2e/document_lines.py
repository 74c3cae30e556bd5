"""Filling the one line editor the estimate and invoice forms share (components/billing)."""

from playwright.sync_api import Locator, Page, expect


def document_lines(page: Page) -> Locator:
    return page.get_by_test_id("document-line")


def fill_line(
    page: Page,
    index: int,
    *,
    service: str = "",
    price: str | None = None,
    description: str | None = None,
    quantity: str | None = None,
    unit: str | None = None,
    tax: str | None = None,
    optional: bool = False,
    typed: bool = False,
) -> Locator:
    """Fill line `index` (0 is the first; "Add line" is clicked until it exists). `service` is
    a catalogue slug ("" leaves the line free text), `tax` a content/tax.py category slug.
    `typed` types the price key by key, as a person does, instead of pasting it."""
    rows = document_lines(page)
    while rows.count() <= index:
        count = rows.count()
        page.get_by_role("button", name="Add line").click()
        expect(rows).to_have_count(count + 1)
    row = rows.nth(index)
    if service:
        row.get_by_label("Service").select_option(service)
    if description is not None:
        row.get_by_label("Description").fill(description)
    if quantity is not None:
        row.get_by_label("Quantity").fill(quantity)
    if unit is not None:
        row.get_by_label("Unit", exact=True).fill(unit)
    if tax is not None:
        row.get_by_label("Sales tax").select_option(tax)
    if optional:
        row.get_by_label("Optional (the customer chooses)").check()
    if price is not None:
        box = row.get_by_label("Unit price")
        if typed:
            box.fill("")
            box.press_sequentially(price)
        else:
            box.fill(price)
    return row
