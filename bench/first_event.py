"""Time from navigation to the first answered Reflex event, under Lighthouse-like throttling.

Run: .venv/bin/python -m bench.first_event [--runs 5] [--keep-preloads] [--baseline URL]
Chromium through CDP: 4x CPU slowdown, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (the
Lighthouse mobile profile). The first answered event is the page's hydration: Reflex sends it
over the websocket when the page's JavaScript has started, and the server's answer sets
`#hydrated[data-hydrated=true]`; from then on forms and menus answer. `--keep-preloads` builds
the site with React Router's module preloads in the HTML (as before
renovation_app/first_paint.py), to compare. `--baseline URL` compares with another build already
serving at URL (e.g. an older commit's `make run` in a worktree): the two are loaded in turn,
alternating which goes first, so both see the same moments of this shared machine.
"""

import argparse
import statistics

from playwright.sync_api import sync_playwright

from tests.browser import CHROMIUM, CHROMIUM_ARGS
from tests.prod_server import prod_server

PATHS = ("/", "/contact", "/login", "/gallery/kitchen-remodeling")
NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 750 * 1024 / 8,
}


# Notes the moment the server's answer marks the page hydrated. Installed before the page's own
# scripts, it is the only code the bench adds to the page, and nothing is evaluated in the page
# until the websocket has brought an answer. (Playwright's wait_for_function put its injected
# script, 70-80 ms at 4x CPU, on the main thread just before the first paint, and its polling
# kept taking turns on it: that delayed the paint, and with it the module preloads that wait
# for the paint.)
RECORD_FIRST_EVENT = """
new MutationObserver(function (_, observer) {
  var marker = document.getElementById("hydrated");
  if (!marker || marker.dataset.hydrated !== "true") return;
  window.__firstEventMs = performance.now();
  observer.disconnect();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
"""
READ_TIMES = (
    "[window.__firstEventMs || 0,"
    " (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0]"
)


def first_event_ms(browser, url: str) -> tuple[float, float]:
    """(first contentful paint, first answered event) in ms from navigation start; cold cache."""
    context = browser.new_context(viewport={"width": 412, "height": 823})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    context.add_init_script(RECORD_FIRST_EVENT)
    answers = []  # state updates from the server, seen through CDP (nothing runs in the page)
    cdp.on(
        "Network.webSocketFrameReceived",
        lambda frame: "delta" in frame["response"]["payloadData"] and answers.append(frame),
    )
    try:
        page.goto(url, wait_until="commit")
        for _ in range(1200):  # up to 120 s
            if answers:  # the answer has arrived: read the page's note of when it was applied
                answer = cdp.send(
                    "Runtime.evaluate", {"expression": READ_TIMES, "returnByValue": True}
                )
                answered, fcp = answer["result"]["value"]
                if answered:
                    return fcp, answered
            page.wait_for_timeout(100)
        raise TimeoutError(f"{url} was not hydrated within 120 s")
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep-preloads", action="store_true")
    parser.add_argument("--baseline", default="", help="URL of another build to compare with")
    args = parser.parse_args()
    env = {"FIRST_PAINT_KEEP_PRELOADS": "1"} if args.keep_preloads else {}
    label = (
        "module preloads in the HTML"
        if args.keep_preloads
        else "module preloads after the first paint"
    )
    print(
        f"First answered Reflex event, Lighthouse-like throttling, median of {args.runs} ({label})"
    )
    with prod_server(env) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if args.baseline:
            compare(browser, args.baseline.rstrip("/"), server.url, args.runs)
        else:
            print(f"{'route':30} {'FCP ms':>8} {'first event ms':>15}")
            for path in PATHS:
                runs = [first_event_ms(browser, server.url + path) for _ in range(args.runs)]
                fcp = statistics.median(r[0] for r in runs)
                event = statistics.median(r[1] for r in runs)
                print(f"{path:30} {fcp:8.0f} {event:15.0f}", flush=True)
        browser.close()


def compare(browser, baseline_url: str, url: str, runs: int) -> None:
    """Medians of the baseline and this build, loaded in turn (ABBA...), and the median of the
    paired differences (this build minus the baseline; negative is sooner)."""
    print(f"{'route':30} {'baseline ms':>12} {'this build ms':>14} {'difference ms':>14}")
    for path in PATHS:
        baseline, this_build = [], []
        for run in range(runs):
            order = ((baseline, baseline_url), (this_build, url))
            for results, base in order if run % 2 == 0 else reversed(order):
                results.append(first_event_ms(browser, base + path)[1])
        differences = [b - a for a, b in zip(baseline, this_build, strict=True)]
        print(
            f"{path:30} {statistics.median(baseline):12.0f} {statistics.median(this_build):14.0f}"
            f" {statistics.median(differences):+14.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
