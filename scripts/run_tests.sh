#!/usr/bin/env bash
# `make test`: the browser tests and the unit and API tests run side by side, one on each core.
# The browser tests share one production server (one build of .web). The worker-crash tests get
# a server of their own (they kill its workers, and Granian gives up on a server whose workers
# crash again soon after an earlier kill): it serves the same build (tests/serve_build.py) and
# starts once the unit tests are done and the first server's build is up, so both servers run
# side by side. Each side's report is printed whole when it ends; the run fails if any does. The
# unit side runs at a lower priority, so the browser, the servers and their timings come first.
# Extra arguments go to every pytest run.
set -uo pipefail
py=.venv/bin/python
logs=$(mktemp -d)  # not test-results/: Playwright empties it when a run starts
ready=$logs/build-ready
E2E_BUILD_READY_FILE=$ready $py -m pytest tests/e2e -m "not slow" \
  --deselect tests/e2e/test_worker_crash.py --output test-results/browser "$@" \
  >$logs/browser-tests.log 2>&1 &
browser=$!
nice -n 15 $py -m pytest tests/unit tests/api -m "not slow" --output test-results/unit "$@" \
  >$logs/unit-tests.log 2>&1
units=$?
# The build is up within a minute of the start; a browser run that ended early has its own log.
for _ in $(seq 600); do [ -e "$ready" ] || ! kill -0 $browser 2>/dev/null && break; sleep 1; done
E2E_REUSE_BUILD=1 $py -m pytest tests/e2e/test_worker_crash.py --output test-results/crash "$@" \
  >$logs/crash-tests.log 2>&1
crash=$?
wait $browser
browser_status=$?
echo "=== unit and API tests ==="; cat $logs/unit-tests.log
echo "=== browser tests ==="; cat $logs/browser-tests.log
echo "=== worker-crash tests (a second server) ==="; cat $logs/crash-tests.log
if [ $units -ne 0 ] || [ $browser_status -ne 0 ] || [ $crash -ne 0 ]; then
  echo "FAILED: unit and API tests exit $units, browser tests exit $browser_status," \
    "worker-crash tests exit $crash"
  exit 1
fi
