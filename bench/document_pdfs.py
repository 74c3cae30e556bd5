"""The PDFs of New York's paperwork, and what a Chinese name or notice costs a contract.

Renders, through the renderers the site uses (no database: the documents built in memory),
each 30 times after one warm-up and reports p50/p95 milliseconds:
- a contract of a sale made in English (DejaVu Sans only), in Spanish (its notice of
  cancellation in Spanish and English), and in Chinese for an owner named in Chinese (Noto Sans
  CJK's Simplified Chinese face from Debian's fonts-noto-cjk is parsed too: `make cjk-font`);
- a signed Form ST-124 and a record of lead-safe work.

Run: .venv/bin/python -m bench.document_pdfs [--runs 30]
"""

import argparse
import json
import statistics
import time
from datetime import UTC, datetime

from renovation_app.content import compliance as words
from renovation_app.models import Signature
from renovation_app.services.compliance.documents import render_certificate_pdf
from renovation_app.services.estimates.document import canonical, document_hash
from renovation_app.services.estimates.pdf import Signature as ContractSignature
from renovation_app.services.estimates.pdf import render_contract_pdf
from renovation_app.services.jobs.lead_safe_pdf import LeadSafeRecord, render_lead_safe_record_pdf
from tests.factories.estimates import unsaved_contract


def _certificate() -> Signature:
    document = {
        "title": words.ST124_TITLE,
        "fields": [["Owner", "Maria Lopez"], ["Property improved", "12 Atlantic Ave"]],
        "statement": words.ST124_STATEMENT,
        "signed_on": "January 15, 2027",
    }
    return Signature(
        kind="st124",
        record_id=1,
        method="typed",
        signer_name="Maria Lopez",
        signed_at=datetime(2027, 1, 15, 15, tzinfo=UTC),
        document=canonical(document),
        document_sha256=document_hash(document),
    )


def _record() -> LeadSafeRecord:
    """A signed record: every practice recorded once, the cleaning verification re-cleaned."""
    entry = {"day": "March 2, 2027", "who": "Sam Builder", "photos": 1, "result": "", "note": ""}
    practices = [
        {
            "key": p.key,
            "label": p.label,
            "words": p.words,
            "rule": p.rule,
            "photo": p.photo,
            "entries": [
                {**entry, "result": words.CLEANING_RESULTS["reclean_pass"]}
                if p.key == words.CLEANING_VERIFICATION
                else entry
            ],
        }
        for p in words.LEAD_SAFE_PRACTICES
    ]
    document = {
        "title": words.LEAD_SAFE_RECORD_TITLE,
        "job": "J-2027-0001",
        "work": "Kitchen",
        "address": "12 Atlantic Ave",
        "owner": "Maria Lopez",
        "year_built": "1962",
        "firm": "Brooklyn Home Renovation LLC",
        "firm_certificate": "NAT-F1",
        "renovator": "Sam Builder",
        "renovator_certificate": "R-1",
        "pamphlet": "Signed",
        "practices": practices,
        "certification": words.LEAD_SAFE_CERTIFICATION,
    }
    signed = "Sam Builder, certified renovator, on Mar 5, 2027, 4:12 PM"
    return LeadSafeRecord(document, "3 years after the job is closed", signed, "0" * 64)


def _contract(language: str, owner: str):
    document = unsaved_contract(language=language, customer_name=owner)
    signature = ContractSignature(owner, "Jan 15, 2027, 3:12 PM", document_hash(document))
    return lambda: render_contract_pdf(document, signature)


def cases() -> dict:
    certificate, record = _certificate(), _record()
    return {
        "contract, English sale": _contract("en", "Maria Lopez"),
        "contract, Spanish sale": _contract("es", "María López"),
        "contract, Chinese sale": _contract("zh", "王小明"),
        "Form ST-124": lambda: render_certificate_pdf(certificate),
        "record of lead-safe work": lambda: render_lead_safe_record_pdf(record),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs
    print(json.dumps({"runs": runs}))
    for name, render in cases().items():
        render()  # warm-up: the fonts' caches
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            render()
            times.append((time.perf_counter() - start) * 1000)
        p95 = statistics.quantiles(times, n=20)[18]
        print(f"{name:28} p50 {statistics.median(times):6.0f} ms   p95 {p95:6.0f} ms")


if __name__ == "__main__":
    main()
