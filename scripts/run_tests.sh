#!/usr/bin/env bash
# `make test`: the browser tests and the unit and API tests run side by side, one on each core.
# The browser tests share one production server (one build of .web). The worker-crash tests then
# get a server of their own (they kill its workers, and Granian gives up on a server whose
# workers crash again soon after an earlier kill), serving the same build (tests/serve_build.py)
# at the same port, since the build holds its server's address. Each side's report is printed
# whole when it ends; the run fails if either side does. The unit side runs at a lower priority,
# so the browser, the server and their timings come first, in two processes (pytest-xdist, each
# with a database of its own; each file's tests in one of them, so a module's fixtures, such as
# the zoo, are made once): the browser side waits on the browser and the server much of the
# time, and leaves a core idle that one process could not use. Extra arguments go to every
# pytest run.
set -uo pipefail
py=.venv/bin/python
logs=$(mktemp -d)  # not test-results/: Playwright empties it when a run starts
port=$($py -c "from tests.prod_server import free_port; print(free_port())")
(
  E2E_PORT=$port $py -m pytest tests/e2e -m "not slow" --deselect tests/e2e/test_worker_crash.py \
    --output test-results/browser "$@" &&
    E2E_PORT=$port E2E_REUSE_BUILD=1 $py -m pytest tests/e2e/test_worker_crash.py \
      --output test-results/crash "$@"
) >$logs/browser-tests.log 2>&1 &
browser=$!
nice -n 15 $py -m pytest tests/unit tests/api -m "not slow" -n 2 --dist loadfile --output test-results/unit "$@" >$logs/unit-tests.log 2>&1
units=$?
wait $browser
browser_status=$?
echo "=== unit and API tests ==="; cat $logs/unit-tests.log
echo "=== browser tests ==="; cat $logs/browser-tests.log
if [ $units -ne 0 ] || [ $browser_status -ne 0 ]; then
  echo "FAILED: unit and API tests exit $units, browser tests exit $browser_status"; exit 1
fi
