"""The time clock of /today: Clock in (on a job of today, or another after "you are not on the
schedule there"), Start break, End break, Clock out, sent over plain HTTP (api/time_clock.py).

A tap is written to the phone's storage first, with its own key and the phone's time, then
sent; it leaves the storage only once the server has answered it. Without a signal it waits,
the page says so, and it is sent when the connection returns (the browser's "online" event, a
retry every 20 seconds, the next visit), once: the server does a key once, however many tabs
or retries send it. The clock shown is the server's (the newer of the page's reading and the
last tap's answer), with the waiting taps applied on top.
Hand-wrapped like photo_uploader.py: a small React function component in the page's code."""

import reflex as rx
from reflex.event import passthrough_event_spec

CLOCK_JS = """
const CLOCK_RETRY_MS = 20000;

function clockKey() {
  if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
  return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 14);
}

function clockRead(name) {
  try { return JSON.parse(window.localStorage.getItem(name) || "[]"); } catch (error) { return []; }
}

function clockWrite(name, taps) {
  try { window.localStorage.setItem(name, JSON.stringify(taps)); } catch (error) { /* full: kept in memory */ }
}

function clockWhere(ask) {
  if (!ask || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((done) => {
    const give_up = setTimeout(() => done(null), 8000);
    navigator.geolocation.getCurrentPosition(
      (p) => { clearTimeout(give_up); done({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }); },
      () => { clearTimeout(give_up); done(null); },
      { enableHighAccuracy: true, timeout: 7000, maximumAge: 60000 },
    );
  });
}

const CLOCK_WORDS = { clock_in: "Clock in", break_start: "Start break", break_end: "End break", clock_out: "Clock out" };

// "8:33 am", as the server writes times.
function clockTime(ms) {
  const words = new Date(ms).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: "America/New_York" });
  return words.replace("AM", "am").replace("PM", "pm");
}

// The clock as the server knows it, then each waiting tap applied in order.
function clockNow(clock, jobWords, taps, labels) {
  let state = { clock, jobWords };
  for (const tap of taps) {
    if (tap.action === "clock_in") state = { clock: "in", jobWords: labels[tap.job_id] || jobWords };
    if (tap.action === "break_start") state = { ...state, clock: "break" };
    if (tap.action === "break_end") state = { ...state, clock: "in" };
    if (tap.action === "clock_out") state = { clock: "out", jobWords: "" };
  }
  return state;
}

function RenovationTimeClock({ tapUrl, storeName, clock, clockJob, clockSince, clockAsOf, jobs, askLocation, onSent, className, ...rest }) {
  const [taps, setTaps] = React.useState([]);
  const [jobId, setJobId] = React.useState("");
  const [asking, setAsking] = React.useState(null);
  const [message, setMessage] = React.useState("");
  const [waiting, setWaiting] = React.useState("");
  const [answered, setAnswered] = React.useState(null); // the clock in the last tap's answer
  const sending = React.useRef(false);
  const labels = {};
  const scheduled = {};
  (jobs || []).forEach((j) => { labels[j.id] = j.label; scheduled[j.id] = j.scheduled; });
  const chosen = jobId || (jobs && jobs.length && jobs[0].scheduled ? String(jobs[0].id) : "");
  const known = answered && answered.as_of >= (clockAsOf || 0)
    ? { clock: answered.clock, job: answered.clock_job, since: answered.clock_since }
    : { clock, job: clockJob, since: clockSince };
  const shown = clockNow(known.clock, known.job, taps, labels);

  const forget = (key) => { const left = clockRead(storeName).filter((t) => t.key !== key); clockWrite(storeName, left); setTaps(left); };

  async function send() {
    if (sending.current || !storeName) return;
    sending.current = true;
    let sent = 0;
    try {
      for (let queue = clockRead(storeName); queue.length; queue = clockRead(storeName)) {
        const tap = queue[0];
        let response = null;
        let data = {};
        try {
          response = await fetch(tapUrl, { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(tap) });
          data = await response.json().catch(() => ({}));
        } catch (error) {
          response = null;
        }
        if (response === null || response.status >= 500) {
          setWaiting("No connection: " + queue.length + (queue.length === 1 ? " tap is" : " taps are") + " waiting on this phone and will be sent when the signal returns.");
          break;
        }
        if (response.status === 401) { setWaiting(data.error || "Sign in again to send your taps."); break; }
        forget(tap.key);
        if (data.clock) setAnswered(data.clock);
        if (response.status === 409 && data.ask) { setAsking({ jobId: tap.job_id, words: data.ask, tap }); continue; }
        if (!response.ok || data.refused) { setMessage((CLOCK_WORDS[tap.action] || "Tap") + " at " + clockTime(tap.tapped_at) + " was not recorded: " + (data.refused || data.error || "refused.")); continue; }
        sent += 1;
        setMessage(CLOCK_WORDS[tap.action] + " at " + clockTime(tap.tapped_at) + ": recorded.");
      }
      if (!clockRead(storeName).length) setWaiting("");
    } finally {
      sending.current = false;
      setTaps(clockRead(storeName));
      if (sent && onSent) onSent();
    }
  }

  React.useEffect(() => {
    setTaps(clockRead(storeName));
    send();
    const again = () => send();
    const others = (event) => { if (event.key === storeName) setTaps(clockRead(storeName)); };
    window.addEventListener("online", again);
    window.addEventListener("storage", others);
    const timer = setInterval(() => { if (clockRead(storeName).length) send(); }, CLOCK_RETRY_MS);
    return () => { window.removeEventListener("online", again); window.removeEventListener("storage", others); clearInterval(timer); };
  }, [storeName]);

  async function tapNow(action, job, offScheduleOk, made) {
    const tap = made || { key: clockKey(), action, tapped_at: Date.now() };
    if (job) tap.job_id = Number(job);
    if (offScheduleOk) tap.off_schedule_ok = true;
    setMessage(""); setAsking(null);
    clockWrite(storeName, [...clockRead(storeName), tap]);
    setTaps(clockRead(storeName));
    if (!made && askLocation) {
      const where = await clockWhere(true);
      if (where) {
        clockWrite(storeName, clockRead(storeName).map((t) => (t.key === tap.key ? { ...t, ...where } : t)));
      }
    }
    send();
  }

  function clockIn() {
    if (!chosen) { setMessage("Please choose the job you are working on."); return; }
    if (!scheduled[chosen]) { setAsking({ jobId: chosen, words: "You are not on the schedule at " + (labels[chosen] || "this job").split(" ")[0] + " today." }); return; }
    tapNow("clock_in", chosen, false);
  }

  const button = "inline-flex min-h-12 items-center justify-center rounded-md px-5 py-3 text-base font-bold";
  const primary = button + " bg-orange-700 text-white hover:bg-orange-800";
  const secondary = button + " border border-slate-300 bg-white text-slate-900 hover:bg-slate-50";
  return (
    <section className={"flex flex-col gap-3 " + (className || "")} aria-labelledby="clock-heading" data-testid="time-clock" {...rest}>
      <h2 id="clock-heading" className="text-xl font-extrabold text-slate-900">Time clock</h2>
      <p className="text-lg font-semibold text-slate-900" data-testid="clock-state">
        {shown.clock === "out" ? "You are clocked out." : (shown.clock === "break" ? "On a break" : "Clocked in") + " on " + shown.jobWords + (taps.length ? "" : " since " + known.since) + "."}
      </p>
      {shown.clock === "out" && !asking && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor="clock-job" className="text-sm font-semibold text-slate-800">Job</label>
            <select id="clock-job" value={chosen} onChange={(e) => setJobId(e.target.value)} data-testid="clock-job"
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-3 text-base text-slate-900">
              <option value="">Choose the job...</option>
              {(jobs || []).map((j) => <option key={j.id} value={String(j.id)}>{(j.scheduled ? "Today: " : "") + j.label}</option>)}
            </select>
          </div>
          <button type="button" className={primary} onClick={clockIn} data-testid="clock-in">Clock in</button>
        </div>
      )}
      {asking && (
        <div role="alertdialog" aria-labelledby="clock-ask" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="clock-ask">
          <p id="clock-ask" className="font-semibold text-amber-900">{asking.words} Clock in there anyway?</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={primary} onClick={() => tapNow("clock_in", asking.jobId, true, asking.tap ? { ...asking.tap, off_schedule_ok: true } : null)} data-testid="clock-in-anyway">Yes, clock in</button>
            <button type="button" className={secondary} onClick={() => setAsking(null)}>No</button>
          </div>
        </div>
      )}
      {shown.clock !== "out" && (
        <div className="flex flex-wrap gap-2">
          {shown.clock === "in"
            ? <button type="button" className={secondary} onClick={() => tapNow("break_start")} data-testid="break-start">Start break</button>
            : <button type="button" className={secondary} onClick={() => tapNow("break_end")} data-testid="break-end">End break</button>}
          <button type="button" className={primary} onClick={() => tapNow("clock_out")} data-testid="clock-out">Clock out</button>
        </div>
      )}
      {taps.length > 0 && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900" data-testid="clock-waiting">
          <p className="font-semibold">{waiting || "Sending..."}</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {taps.map((t) => <li key={t.key}>{CLOCK_WORDS[t.action]} at {clockTime(t.tapped_at)}</li>)}
          </ul>
        </div>
      )}
      <p role="status" aria-live="polite" className="text-slate-800 empty:hidden" data-testid="clock-message">{message}</p>
    </section>
  );
}
"""


class TimeClock(rx.Component):
    tag = "RenovationTimeClock"

    tap_url: rx.Var[str]
    # The phone's storage of this person's waiting taps (a name per person).
    store_name: rx.Var[str]
    # The clock as the server knows it: "out", "in" or "break", the job, since when, and when it
    # was read (ms): a tap's answer read later wins over it (services.time_clock.Clock).
    clock: rx.Var[str]
    clock_job: rx.Var[str]
    clock_since: rx.Var[str]
    clock_as_of: rx.Var[int]
    # The jobs to clock in on, {id, label, scheduled}: today's first (services.time_clock.ClockJob).
    jobs: rx.Var[list]
    ask_location: rx.Var[bool]
    # A tap was recorded: the page reads the person's day again.
    on_sent: rx.EventHandler[passthrough_event_spec()]

    def add_imports(self) -> dict:
        return {"react": [rx.ImportVar(tag="React", is_default=True)]}

    def add_custom_code(self) -> list[str]:
        return [CLOCK_JS]


time_clock = TimeClock.create
