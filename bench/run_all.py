"""`make bench`: every benchmark, one after another (they share the 2 cores)."""

import subprocess
import sys

for module in (
    "bench.lighthouse",
    "bench.contact_load",
    "bench.invoice_submit",
    "bench.first_event",
    "bench.photo_variants",
):
    subprocess.run([sys.executable, "-m", module], check=True)
