"""Invoice benchmark: invoices saved per second through the service function, and the browser
round trip of the live total (typing a price until the total shows it).

Run: .venv/bin/python -m bench.invoice_submit [--invoices 200] [--keystrokes 60]
Target (issue 9): total update p95 <= 50 ms on loopback.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.document_lines import fill_line
from tests.prod_server import ROOT, migrate, prod_server

PASSWORD = "benchmark password"


def service_throughput(count: int) -> float:
    """Invoices per second through validate_invoice + create_invoice (PDF and e-mail queued)."""
    database = Path(tempfile.mkdtemp(prefix="bench-invoices-")) / "bench.db"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    migrate(os.environ["DATABASE_URL"])
    from renovation_app.services import invoicing
    from renovation_app.services.staff import users

    user = users.create_user("bench@example.com", "Bench", PASSWORD)
    raw = {
        "name": "Bench Customer",
        "email": "customer@example.com",
        "address": "Brooklyn, NY 11201",
        "lines": [
            {"service": "kitchenRemodelling", "price": "1250.00", "description": ""},
            {"service": "floorAndTile", "price": "99.99", "description": ""},
        ],
    }
    start = time.perf_counter()
    for i in range(count):
        invoicing.create_invoice(invoicing.validate_invoice(raw), user.id, f"bench-{i}")
    return count / (time.perf_counter() - start)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def total_round_trips(keystrokes: int) -> list[float]:
    """Milliseconds from a key press in a price field until the total shows the new amount."""
    with prod_server() as server:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "renovation_app.cli",
                "create-user",
                "--email",
                "b@example.com",
                "--name",
                "Bench",
                "--password-stdin",
            ],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": server.database_url},
            input=PASSWORD + "\n",
            text=True,
            check=True,
            capture_output=True,
        )
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(base_url=server.url)
            page.goto("/login")
            page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
            page.fill("#login-email", "b@example.com")
            page.fill("#login-password", PASSWORD)
            page.get_by_role("button", name="Login").click()
            page.wait_for_url(re.compile(r".*/add-invoice/?$"))
            page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
            price = fill_line(page, 0, service="kitchenRemodelling").get_by_label("Unit price")
            # Timed inside the page: from the key's keydown to the total's text changing.
            page.evaluate(
                """() => {
                  const total = document.getElementById('invoice-total');
                  new MutationObserver(() => { window.__changed = performance.now(); })
                    .observe(total, {childList: true, characterData: true, subtree: true});
                  document.querySelector(
                    '[data-testid=document-line] input[aria-label="Unit price"]'
                  ).addEventListener('keydown', () => { window.__pressed = performance.now(); });
                }"""
            )
            timings = []
            for i in range(keystrokes):
                price.fill("")
                page.wait_for_function(
                    "document.getElementById('invoice-total').textContent === '$0.00'"
                )
                digit = str(i % 9 + 1)
                price.press(digit)
                page.wait_for_function(
                    f"document.getElementById('invoice-total').textContent === '${digit}.00'"
                )
                timings.append(page.evaluate("window.__changed - window.__pressed"))
            browser.close()
            return timings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--invoices", type=int, default=200)
    parser.add_argument("--keystrokes", type=int, default=60)
    args = parser.parse_args()
    rate = service_throughput(args.invoices)
    timings = total_round_trips(args.keystrokes)
    print(
        f"invoices saved through the service: {rate:.1f}/s ({args.invoices} invoices, PDF + e-mail each)"
    )
    print(
        f"live total round trip over {len(timings)} key presses: p50 {statistics.median(timings):.1f} ms, "
        f"p95 {percentile(timings, 0.95):.1f} ms, max {max(timings):.1f} ms"
    )


if __name__ == "__main__":
    main()
