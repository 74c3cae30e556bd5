"""The visitor's booking of a free estimate visit: the free windows and the form, talking to
the server over plain HTTP (api/booking.py), so it works on a slow phone before, or without,
the app's websocket. Hand-wrapped like signature_pad.py: a small React function component in
the page's custom code. The server decides everything: the windows shown are the ones it calls
free, and a window taken meanwhile comes back with the next free ones."""

import reflex as rx

from renovation_app.content import TEXTS_CONSENT

BOOKING_JS = """
function RenovationBooking({ windowsUrl, bookUrl, textsLabel, className, ...rest }) {
  const [windows, setWindows] = React.useState(null);
  const [chosen, setChosen] = React.useState("");
  const [errors, setErrors] = React.useState({});
  const [status, setStatus] = React.useState("");
  const [booked, setBooked] = React.useState(null);
  const [sending, setSending] = React.useState(false);
  React.useEffect(() => {
    fetch(windowsUrl, { credentials: "same-origin" })
      .then((answer) => answer.json())
      .then((data) => setWindows(data.windows || []))
      .catch(() => setStatus("The free windows could not be loaded. Please call us."));
  }, [windowsUrl]);
  const days = [];
  for (const w of windows || []) {
    const last = days[days.length - 1];
    if (last && last.date === w.date) last.windows.push(w);
    else days.push({ date: w.date, day: w.day, windows: [w] });
  }
  async function submit(event) {
    event.preventDefault();
    if (sending) return;
    const form = new FormData(event.target);
    const payload = Object.fromEntries(form.entries());
    payload.window = chosen;
    setSending(true); setErrors({}); setStatus("");
    try {
      const answer = await fetch(bookUrl, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload),
      });
      const data = await answer.json();
      if (answer.status === 201) { setBooked(data.when); return; }
      setErrors(data.errors || {});
      if (answer.status === 409) {
        setWindows(data.windows || []); setChosen("");
        setStatus("That window was just taken. Please choose another.");
      } else if (answer.status === 429) {
        setStatus((data.errors || {}).rate_limit || "Please wait a little, or call us.");
      } else {
        setStatus("Please check the highlighted fields.");
      }
    } catch (error) {
      setStatus("Your booking could not be sent. Please try again, or call us.");
    } finally {
      setSending(false);
    }
  }
  const field = (name, label, type, autoComplete, placeholder) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={"book-" + name} className="text-sm font-semibold text-slate-800">{label}</label>
      <input id={"book-" + name} name={name} type={type} autoComplete={autoComplete}
        placeholder={placeholder} aria-invalid={errors[name] ? "true" : "false"}
        aria-describedby={errors[name] ? "book-" + name + "-error" : undefined}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-orange-700 focus:outline-none focus:ring-2 focus:ring-orange-200" />
      {errors[name] && <p id={"book-" + name + "-error"} className="text-sm font-medium text-red-700">{errors[name]}</p>}
    </div>
  );
  if (booked) {
    return (
      <div className={className} {...rest}>
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900" data-testid="visit-booked">
          Your free estimate visit is booked: <strong>{booked.day}, {booked.hours}</strong> (New York time).
          We e-mailed you the details with a calendar file, and a link to move or cancel it.
        </p>
      </div>
    );
  }
  return (
    <form className={"flex flex-col gap-5 " + (className || "")} method="post" noValidate onSubmit={submit} {...rest}>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-lg font-bold text-slate-900">Choose a two-hour window</legend>
        {windows === null && <p className="text-slate-700">Looking for free windows...</p>}
        {windows !== null && days.length === 0 && <p className="text-slate-700">No free window in the next weeks: please call us.</p>}
        {days.map((day) => (
          <div key={day.date} role="group" aria-label={day.day} className="flex flex-col gap-2">
            <p className="font-semibold text-slate-800">{day.day}</p>
            <div className="flex flex-wrap gap-2">
              {day.windows.map((w) => (
                <label key={w.key} className={"cursor-pointer rounded-md border px-3 py-2 text-sm font-medium " +
                  (chosen === w.key ? "border-orange-700 bg-orange-50 text-orange-900" : "border-slate-300 bg-white text-slate-800")}>
                  <input type="radio" name="window-choice" value={w.key} checked={chosen === w.key}
                    onChange={() => setChosen(w.key)} className="sr-only" />
                  {w.hours}
                </label>
              ))}
            </div>
          </div>
        ))}
        {errors.window && <p className="text-sm font-medium text-red-700">{errors.window}</p>}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {field("name", "Your name", "text", "name", "Jane Smith")}
        {field("phone", "Phone", "tel", "tel", "(718) 555-0142")}
        {field("email", "E-mail", "email", "email", "jane@example.com")}
        {field("address", "Address of the work", "text", "street-address", "12 Court St, Brooklyn")}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="book-message" className="text-sm font-semibold text-slate-800">What is the work?</label>
        <textarea id="book-message" name="message" rows={4} placeholder="A new kitchen, about 150 sq ft"
          aria-invalid={errors.message ? "true" : "false"}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-orange-700 focus:outline-none focus:ring-2 focus:ring-orange-200" />
        {errors.message && <p className="text-sm font-medium text-red-700">{errors.message}</p>}
      </div>
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input type="checkbox" name="texts" value="on" className="mt-1 h-5 w-5 shrink-0 accent-orange-700" data-testid="book-texts" />
        <span>{textsLabel}</span>
      </label>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="book-website">Website</label>
        <input id="book-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <p role="status" aria-live="polite" className="font-semibold text-red-700 empty:hidden">{status}</p>
      <button type="submit" disabled={sending || !chosen}
        className="inline-flex items-center justify-center rounded-md bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800 disabled:cursor-not-allowed disabled:opacity-60 sm:self-start"
        data-testid="book-visit">
        {sending ? "Booking..." : "Book the visit"}
      </button>
    </form>
  );
}
"""


class VisitBooking(rx.Component):
    tag = "RenovationBooking"

    windows_url: rx.Var[str]
    book_url: rx.Var[str]
    texts_label: rx.Var[str]  # the tick's words: a yes to texts about the visit

    def add_imports(self) -> dict:
        return {"react": [rx.ImportVar(tag="React", is_default=True)]}

    def add_custom_code(self) -> list[str]:
        return [BOOKING_JS]


def visit_booking(**props) -> rx.Component:
    return VisitBooking.create(
        windows_url="/api/booking/windows",
        book_url="/api/booking",
        texts_label=TEXTS_CONSENT,
        **props,
    )
