"""Lighthouse (mobile profile) for every public route of the production server.

Run: .venv/bin/python -m bench.lighthouse [--runs 3] [--only /,/contact] [--url http://...]
     .venv/bin/python -m bench.lighthouse --pay   (the pay page of a real 6-line invoice)
     .venv/bin/python -m bench.lighthouse --photos   (a project page with 30 shared photos, and
                                                  the kitchen gallery with 40 published ones)
     .venv/bin/python -m bench.lighthouse --today   (a crew member's /today, signed in)
Installs Lighthouse from npm into tools/ on first use; Chrome is Debian's Chromium.
Prints the median of each score, LCP, CLS, TBT and transferred bytes per route.
"""

import argparse
import base64
import contextlib
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

from tests.browser import CHROMIUM, CHROMIUM_ARGS
from tests.prod_server import ROOT, prod_server

LIGHTHOUSE_VERSION = "13.5.0"
LIGHTHOUSE = ROOT / "tools/node_modules/.bin/lighthouse"
CHROME_FLAGS = " ".join(["--headless=new", *CHROMIUM_ARGS])
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def ensure_lighthouse() -> None:
    if not LIGHTHOUSE.exists():
        subprocess.run(
            [
                "npm",
                "install",
                "--silent",
                "--no-fund",
                "--no-audit",
                "--prefix",
                str(ROOT / "tools"),
                f"lighthouse@{LIGHTHOUSE_VERSION}",
            ],
            check=True,
        )


def public_paths() -> list[str]:
    """Every page in the sitemap, the staff login and the 404 page (an unknown path)."""
    from renovation_app.routes import LOGIN, PUBLIC_ROUTES

    return [r.path for r in PUBLIC_ROUTES] + [LOGIN.path, "/no-such-page"]


def pay_path(database_url: str) -> str:
    """A new 6-line invoice in the server's database (bench/pay_invoice.py); its pay path."""
    return _made_by("bench.pay_invoice", database_url)


def project_path(database_url: str) -> str:
    """A finished job with 30 shared and 40 published photos (bench/project_photos.py); the
    owner's project page path."""
    return _made_by("bench.project_photos", database_url)


def _made_by(module: str, database_url: str) -> str:
    made = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "-m", module],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        capture_output=True,
        text=True,
        check=True,
    )
    return made.stdout.strip().splitlines()[-1]


def today_cookie(database_url: str) -> str:
    """A crew member with a work day today (bench/today_page.py), signed in: their cookie."""
    return "staff_session=" + _made_by("bench.today_page", database_url)


def audit(url: str, cookie: str = "") -> dict:
    headers = [f"--extra-headers={json.dumps({'Cookie': cookie})}"] if cookie else []
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--quiet",
                "--output=json",
                f"--output-path={report}",
                f"--chrome-flags={CHROME_FLAGS}",
                "--only-categories=" + ",".join(CATEGORIES),
                "--ignore-status-code",  # the 404 page is audited too
                *headers,
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": CHROMIUM},
        )
        data = json.loads(report.read_text())
    audits = data["audits"]
    if cookie:  # what the audit saw: the signed-in page, not the sign-in form
        shot = audits["final-screenshot"]["details"]["data"].split(",", 1)[1]
        Path("test-results").mkdir(exist_ok=True)
        Path("test-results/lighthouse-signed-in.jpg").write_bytes(base64.b64decode(shot))
    return {
        **{c: round(data["categories"][c]["score"] * 100) for c in CATEGORIES},
        "fcp_s": audits["first-contentful-paint"]["numericValue"] / 1000,
        "lcp_s": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "tbt_ms": audits["total-blocking-time"]["numericValue"],
        "kib": audits["total-byte-weight"]["numericValue"] / 1024,  # transferred, all requests
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated paths")
    parser.add_argument("--url", default="", help="a running production server to audit")
    parser.add_argument(
        "--pay", action="store_true", help="audit the pay page of a real 6-line invoice"
    )
    parser.add_argument(
        "--photos",
        action="store_true",
        help="audit a project page with 30 shared photos and the kitchen gallery with 40 published",
    )
    parser.add_argument("--today", action="store_true", help="audit /today as a crew member")
    parser.add_argument(
        "--database-url", default="", help="with --url --pay: the running server's database"
    )
    args = parser.parse_args()
    ensure_lighthouse()
    paths = args.only.split(",") if args.only else public_paths()
    print(f"Lighthouse {LIGHTHOUSE_VERSION}, mobile profile, median of {args.runs} runs")
    print(
        f"{'route':34} {'perf':>4} {'a11y':>4} {'bp':>4} {'seo':>4} {'FCP s':>6} {'LCP s':>6} {'CLS':>6} {'TBT ms':>7} {'KiB':>6}"
    )
    # Card keys only turn the pay buttons on; the dialog is never opened by the audit.
    cards = {"STRIPE_SECRET_KEY": "sk_test_bench", "STRIPE_PUBLISHABLE_KEY": "pk_test_bench"}
    with contextlib.nullcontext(args.url) if args.url else prod_server(cards) as server:
        base_url = args.url or server.url
        if args.pay:
            paths = [pay_path(args.database_url or server.database_url)]
        if args.photos:
            paths = [
                project_path(args.database_url or server.database_url),
                "/gallery/kitchen-remodeling",
                "/services/kitchen-remodeling",
                *(args.only.split(",") if args.only else []),
            ]
        cookie = ""
        if args.today:
            paths, cookie = ["/today"], today_cookie(args.database_url or server.database_url)
        for path in paths:
            runs = [audit(base_url + path, cookie) for _ in range(args.runs)]
            m = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            print(
                f"{path:34} {m['performance']:4.0f} {m['accessibility']:4.0f} {m['best-practices']:4.0f} "
                f"{m['seo']:4.0f} {m['fcp_s']:6.2f} {m['lcp_s']:6.2f} {m['cls']:6.3f} {m['tbt_ms']:7.0f} {m['kib']:6.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
