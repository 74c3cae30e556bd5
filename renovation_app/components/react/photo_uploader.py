"""Photos and a daily note for a job, sent from a phone over plain HTTP (api/photos.py): each
photo on its own with its progress, made smaller in the browser first when that saves data
(browser-image-compression; the server still checks and re-encodes everything), and sent again
on its own after a dropped connection, under the same key so the server stores it once.
In a home built before 1978 the note may record a lead-safe practice (the cleaning verification
with its card's result): its words may then be left out.
Hand-wrapped like booking.py: a small React function component in the page's custom code."""

import reflex as rx
from reflex.event import passthrough_event_spec

from renovation_app.content.compliance import CLEANING_HINT, CLEANING_RESULTS, LEAD_SAFE_PRACTICES

IMAGE_COMPRESSION = "browser-image-compression@2.0.2"

UPLOADER_JS = """
const PHOTO_SHRINK_TYPES = ["image/jpeg", "image/png", "image/webp"];
const PHOTO_SHRINK_ABOVE = 1.5 * 1024 * 1024;
const PHOTO_TRIES = 4;
const PHOTO_AT_ONCE = 2;

function photoKey() {
  if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
  return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
}

function photoPost(url, body, contentType, onProgress) {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.withCredentials = true;
    request.setRequestHeader("Content-Type", contentType || "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((100 * event.loaded) / event.total));
    };
    request.onload = () => {
      let data = {};
      try { data = JSON.parse(request.responseText || "{}"); } catch (error) { data = {}; }
      resolve({ status: request.status, data });
    };
    request.onerror = () => resolve({ status: 0, data: {} });
    request.ontimeout = () => resolve({ status: 0, data: {} });
    request.timeout = 120000;
    request.send(body);
  });
}

function photoWait(ms) { return new Promise((done) => setTimeout(done, ms)); }

function photoCount(n) { return n + (n === 1 ? " photo" : " photos"); }

// What happened to a batch: each refused photo by its name and the server's reason (Send skips
// those: they must be chosen again once changed), and Send offered only for the ones it retries.
function photoOutcomeWords(outcomes) {
  const refused = outcomes.filter((o) => o.refused);
  const retry = outcomes.filter((o) => !o.sent && !o.refused);
  const words = refused.map((o) => "Refused: " + o.name + ". " + o.refused);
  if (retry.length) {
    words.push(photoCount(retry.length) + " not sent: press Send to try " + (retry.length === 1 ? "it" : "them") + " again.");
  }
  return words.length ? words.join(" ") : "Sent.";
}

function RenovationPhotoUploader({ uploadUrl, noteUrl, onDone, className, leadSafe, practices, results, cleaningHint, ...rest }) {
  const [stage, setStage] = React.useState("during");
  const [room, setRoom] = React.useState("");
  const [note, setNote] = React.useState("");
  const [practice, setPractice] = React.useState("");
  const [result, setResult] = React.useState("");
  const [items, setItems] = React.useState([]);
  const [busy, setBusy] = React.useState(false);
  const [message, setMessage] = React.useState("");
  const noteKey = React.useRef(photoKey());
  const noteId = React.useRef(null);
  const input = React.useRef(null);
  const update = (key, patch) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  async function shrink(item) {
    const file = item.file;
    if (!PHOTO_SHRINK_TYPES.includes(file.type) || file.size <= PHOTO_SHRINK_ABOVE) return file;
    update(item.key, { state: "Making it smaller..." });
    try {
      const smaller = await imageCompression(file, {
        maxSizeMB: 1.5, maxWidthOrHeight: 3200, initialQuality: 0.85, useWebWorker: false,
        fileType: "image/jpeg",
      });
      return smaller.size < file.size ? smaller : file;
    } catch (error) {
      return file;
    }
  }

  async function sendOne(item, settings) {
    const body = await shrink(item);
    const query = new URLSearchParams({ upload_id: item.key, stage: settings.stage, room: settings.room });
    if (settings.noteId) query.set("note_id", String(settings.noteId));
    for (let attempt = 1; attempt <= PHOTO_TRIES; attempt++) {
      update(item.key, { state: attempt === 1 ? "Sending..." : "Connection lost: trying again (" + attempt + " of " + PHOTO_TRIES + ")...", progress: 0 });
      const answer = await photoPost(uploadUrl + "?" + query.toString(), body, body.type,
        (percent) => update(item.key, { progress: percent }));
      if (answer.status === 200 || answer.status === 201) {
        update(item.key, { state: "Sent", progress: 100, done: true, failed: false });
        return { name: item.name, sent: true };
      }
      if (answer.status === 401) {
        update(item.key, { state: "You were signed out: sign in again, then try again.", failed: true });
        return { name: item.name, sent: false };
      }
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429) {
        const why = answer.data.error || "This photo was refused.";
        update(item.key, { state: why, failed: true, refused: true });
        return { name: item.name, sent: false, refused: why };
      }
      if (attempt < PHOTO_TRIES) await photoWait(1000 * 2 ** (attempt - 1));
    }
    update(item.key, { state: "Not sent: check the connection and try again.", failed: true });
    return { name: item.name, sent: false };
  }

  async function saveNote(text) {
    const body = JSON.stringify({ note_key: noteKey.current, text, practice, cleaning_result: result });
    for (let attempt = 1; attempt <= PHOTO_TRIES; attempt++) {
      const answer = await photoPost(noteUrl, body,
        "application/json", () => {});
      if (answer.status === 200 || answer.status === 201) return answer.data.id;
      if (answer.status >= 400 && answer.status < 500) throw new Error(answer.data.error || "The note was refused.");
      if (attempt < PHOTO_TRIES) await photoWait(1000 * 2 ** (attempt - 1));
    }
    throw new Error("The note could not be sent: check the connection and try again.");
  }

  async function sendAll(list, settings) {
    const queue = list.slice();
    const outcomes = [];
    const workers = Array.from({ length: PHOTO_AT_ONCE }, async () => {
      while (queue.length) outcomes.push(await sendOne(queue.shift(), settings));
    });
    await Promise.all(workers);
    return outcomes;
  }

  function choose(event) {
    const files = Array.from(event.target.files || []);
    setItems(files.map((file) => ({ key: photoKey(), file, name: file.name, state: "Ready", progress: 0 })));
    setMessage("");
  }

  async function submit(event) {
    event.preventDefault();
    if (busy) return;
    const waiting = items.filter((i) => !i.done && !i.refused);
    if (!waiting.length && !note.trim() && !practice) { setMessage("Choose photos or write a note first."); return; }
    setBusy(true); setMessage("");
    let outcomes = [];
    try {
      if ((note.trim() || practice) && !noteId.current) noteId.current = await saveNote(note.trim());
      outcomes = await sendAll(waiting, { stage, room, noteId: noteId.current });
    } catch (error) {
      setMessage(error.message);
      setBusy(false);
      return;
    }
    setBusy(false);
    setMessage(photoOutcomeWords(outcomes));
    if (outcomes.every((o) => o.sent)) {
      setNote(""); setPractice(""); setResult(""); noteKey.current = photoKey(); noteId.current = null;
      if (input.current) input.current.value = "";
    }
    if (onDone) onDone();
  }

  const chosen = (practices || []).find((p) => p[0] === practice);
  const fieldClass = "w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-orange-700 focus:outline-none focus:ring-2 focus:ring-orange-200";
  return (
    <form className={"flex flex-col gap-4 " + (className || "")} onSubmit={submit} noValidate {...rest}>
      <div className="flex flex-col gap-1">
        <label htmlFor="photo-files" className="text-sm font-semibold text-slate-800">Photos</label>
        <input id="photo-files" ref={input} type="file" multiple accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
          onChange={choose} className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-orange-700 file:px-4 file:py-2.5 file:font-semibold file:text-white" data-testid="photo-files" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="photo-stage" className="text-sm font-semibold text-slate-800">Taken</label>
          <select id="photo-stage" value={stage} onChange={(e) => setStage(e.target.value)} className={fieldClass} data-testid="photo-stage">
            <option value="before">Before the work</option>
            <option value="during">During the work</option>
            <option value="after">After the work</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="photo-room" className="text-sm font-semibold text-slate-800">Room (optional)</label>
          <input id="photo-room" value={room} maxLength={60} onChange={(e) => setRoom(e.target.value)} placeholder="Kitchen" className={fieldClass} data-testid="photo-room" />
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="photo-note" className="text-sm font-semibold text-slate-800">Today's note (optional)</label>
        <textarea id="photo-note" rows={3} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)}
          placeholder="Demolition done, subfloor replaced under the tub" className={fieldClass} data-testid="photo-note" />
      </div>
      {leadSafe && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="photo-practice" className="text-sm font-semibold text-slate-800">Lead-safe practice done today (optional)</label>
            <select id="photo-practice" value={practice} onChange={(e) => { setPractice(e.target.value); setResult(""); }} className={fieldClass} data-testid="photo-practice">
              <option value="">None: a plain note</option>
              {(practices || []).map((p) => <option key={p[0]} value={p[0]}>{p[1]}</option>)}
            </select>
            {chosen && chosen[2] && !items.length && <p className="text-sm text-amber-900">Add a photo of it: the record of lead-safe work expects one.</p>}
          </div>
          {practice === "verification" && (
            <div className="flex flex-col gap-1">
              <label htmlFor="photo-result" className="text-sm font-semibold text-slate-800">Cleaning verification card</label>
              <select id="photo-result" value={result} onChange={(e) => setResult(e.target.value)} className={fieldClass} data-testid="photo-result">
                <option value="" disabled>Choose the result...</option>
                {(results || []).map((r) => <option key={r[0]} value={r[0]}>{r[1]}</option>)}
              </select>
              <p className="text-sm text-slate-600">{cleaningHint}</p>
            </div>
          )}
        </div>
      )}
      {items.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Photos being sent" data-testid="photo-queue">
          {items.map((i) => (
            <li key={i.key} className="flex min-w-0 flex-col gap-1 rounded-md border border-slate-200 p-2" data-testid="photo-queue-item">
              <div className="flex flex-col gap-0.5 text-sm sm:flex-row sm:justify-between sm:gap-2"><span className="break-all text-slate-800">{i.name}</span>
                <span className={i.failed ? "font-semibold text-red-700" : "text-slate-600"}>{i.state}</span></div>
              <div role="progressbar" aria-label={"Sending " + i.name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={i.progress}
                className="h-2 w-full overflow-hidden rounded bg-slate-200">
                <div className={"h-2 " + (i.failed ? "bg-red-600" : "bg-orange-700")} style={{ width: i.progress + "%" }} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <p role="status" aria-live="polite" className="font-semibold text-slate-800 empty:hidden" data-testid="photo-status">{message}</p>
      <button type="submit" disabled={busy}
        className="inline-flex items-center justify-center rounded-md bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800 disabled:cursor-not-allowed disabled:opacity-60 sm:self-start"
        data-testid="photo-send">{busy ? "Sending..." : "Send"}</button>
    </form>
  );
}
"""


class PhotoUploader(rx.Component):
    tag = "RenovationPhotoUploader"
    lib_dependencies: list[str] = [IMAGE_COMPRESSION]

    upload_url: rx.Var[str]
    note_url: rx.Var[str]
    # A home built before 1978: a note may record a lead-safe practice (content/compliance.py),
    # [key, label, photo expected], and the cleaning verification card's result, [key, words].
    lead_safe: rx.Var[bool]
    practices: rx.Var[list]
    results: rx.Var[list]
    cleaning_hint: rx.Var[str]
    # Every photo of the batch sent or given up on: the page reads the job's photos again.
    on_done: rx.EventHandler[passthrough_event_spec()]

    def add_imports(self) -> dict:
        return {
            IMAGE_COMPRESSION: [rx.ImportVar(tag="imageCompression", is_default=True)],
            "react": [rx.ImportVar(tag="React", is_default=True)],
        }

    def add_custom_code(self) -> list[str]:
        return [UPLOADER_JS]


def photo_uploader(number, on_done, lead_safe, **props) -> rx.Component:
    """The uploader for the job `number` (a Var of the page's state); `lead_safe` (a Var)
    offers the lead-safe practices."""
    return PhotoUploader.create(
        upload_url="/api/jobs/" + number + "/photos",
        note_url="/api/jobs/" + number + "/notes",
        lead_safe=lead_safe,
        practices=[[p.key, p.label, p.photo] for p in LEAD_SAFE_PRACTICES],
        results=[list(result) for result in CLEANING_RESULTS.items()],
        cleaning_hint=CLEANING_HINT,
        on_done=on_done,
        **props,
    )
