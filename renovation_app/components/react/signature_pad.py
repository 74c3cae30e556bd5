"""A signature drawn with a finger or a mouse (szimek's signature_pad on a <canvas>), for the
customer's signing page of a change order.

Hand-wrapped like stripe.py: a small React function component in the page's custom code, not a
wrapper package. signature_pad is a plain class that takes a canvas, not a React component, and
the common React wrapper (react-signature-canvas 1.0.7) still depends on signature_pad 2.x; the
few lines below are less than a second package to pin. They create the pad once in an effect
(so only in the browser: the prerendered page has an empty canvas), keep the canvas sharp on
high-DPI screens, and tell the server only what it needs: the drawing as one SVG path in a
300 x 100 box, sent when a stroke ends and emptied by the Clear button.
"""

import json

import reflex as rx
from reflex.event import passthrough_event_spec

# Exact version, as stripe.py and slick.py pin theirs. 5.x: strokes are EventTarget events
# ("endStroke") and toData() gives point groups with CSS-pixel coordinates.
SIGNATURE_PAD = "signature_pad@5.1.4"

# The path's box: the canvas's own shape (3:1), whatever width it is drawn at.
BOX_WIDTH = 300
BOX_HEIGHT = 100
# A signature is a few thousand characters; a page-filling scribble must not flood the server
# (every stroke sends the whole drawing), so points past this are left out.
MAX_PATH_CHARS = 20_000

# Plain JavaScript (no JSX), so the unit test can run it in Node as the browser would.
SIGNATURE_PATH_JS = """
// The pad's point groups (pad.toData()) as one SVG path in a %(width)s x %(height)s box: each stroke
// "M x y L x y ...", coordinates to 1 decimal. `width` and `height` are the canvas's CSS size,
// the space signature_pad records points in.
function renovationSignaturePath(groups, width, height) {
  const W = %(width)s, H = %(height)s, MAX = %(max)s;
  if (!width || !height) return "";
  // A stroke that leaves the canvas keeps being recorded (the pad follows the pointer on the
  // whole page), so points are clamped into the box.
  const at = (value, scale, top) => Math.round(Math.min(Math.max(value * scale, 0), top) * 10) / 10;
  let path = "";
  for (const group of groups) {
    let first = "";
    let last = "";
    let lines = 0;
    for (const point of group.points) {
      const xy = at(point.x, W / width, W) + " " + at(point.y, H / height, H);
      if (first && xy === last) continue; // the same point once rounded adds nothing
      const part = (path ? " " : "") + (first ? "L " : "M ") + xy;
      if (path.length + part.length > MAX) return path;
      path += part;
      if (first) lines += 1;
      else first = xy;
      last = xy;
    }
    // A tap is a dot: a zero-length line, which an SVG stroke with round caps draws.
    if (first && !lines) {
      const dot = " L " + first;
      if (path.length + dot.length > MAX) return path;
      path += dot;
    }
  }
  return path;
}
"""

SIGNATURE_PAD_JS = """
function RenovationSignaturePad({ onChange, labelId, className, ...rest }) {
  const canvasRef = React.useRef(null);
  const padRef = React.useRef(null);
  const sizeRef = React.useRef({ width: 0, height: 0 });
  // The latest handler, read when a stroke ends: the pad is made once, not on every render.
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;

  React.useEffect(() => {
    // Only in the browser: signature_pad reads window and the canvas when it is made.
    const canvas = canvasRef.current;
    const pad = new SignaturePad(canvas, { backgroundColor: "rgb(255, 255, 255)", penColor: "rgb(15, 23, 42)" });
    padRef.current = pad;
    let ratio = 0;

    // The backing store is the CSS size times devicePixelRatio, or lines are blurry on phones
    // (signature_pad's README). Setting it wipes the canvas, so the strokes are drawn again,
    // scaled to the new width: turning a phone keeps the signature.
    function resize() {
      const width = canvas.offsetWidth;
      const height = canvas.offsetHeight;
      const newRatio = Math.max(window.devicePixelRatio || 1, 1);
      const old = sizeRef.current;
      if (!width || !height || (width === old.width && height === old.height && newRatio === ratio)) return;
      const scale = old.width ? width / old.width : 1;
      const data = pad.toData().map((group) => ({
        ...group,
        points: group.points.map((point) => ({ ...point, x: point.x * scale, y: point.y * scale })),
      }));
      canvas.width = width * newRatio;
      canvas.height = height * newRatio;
      canvas.getContext("2d").scale(newRatio, newRatio);
      pad.fromData(data); // clears first, so isEmpty() stays right
      sizeRef.current = { width, height };
      ratio = newRatio;
    }
    resize();
    // The container can change width without the window resizing; a window resize also
    // catches a zoom that changes devicePixelRatio.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(resize);
    if (observer) observer.observe(canvas);
    window.addEventListener("resize", resize);

    function strokeEnded() {
      const { width, height } = sizeRef.current;
      const send = onChangeRef.current;
      if (send) send(renovationSignaturePath(pad.toData(), width, height));
    }
    pad.addEventListener("endStroke", strokeEnded);

    return () => {
      pad.removeEventListener("endStroke", strokeEnded);
      window.removeEventListener("resize", resize);
      if (observer) observer.disconnect();
      pad.off();
      padRef.current = null;
      sizeRef.current = { width: 0, height: 0 };
    };
  }, []);

  function clear() {
    if (padRef.current) padRef.current.clear();
    if (onChangeRef.current) onChangeRef.current("");
  }

  return (
    <div className={"flex flex-col gap-2 " + (className || "")} {...rest}>
      {/* The border is on this frame, not the canvas: signature_pad measures points from the
          canvas's outer edge and draws inside its border, so a canvas border shifts every line. */}
      <div className="overflow-hidden rounded-md border border-slate-400 bg-white">
        <canvas
          ref={canvasRef}
          role="img"
          aria-labelledby={labelId}
          width={%(width)s}
          height={%(height)s}
          style={{
            display: "block",
            width: "100%%",
            maxWidth: "100%%",
            height: "auto",
            aspectRatio: "%(width)s / %(height)s",
            background: "#ffffff",
            touchAction: "none",
            userSelect: "none",
            WebkitUserSelect: "none",
          }}
        />
      </div>
      <button
        type="button"
        aria-label="Clear signature"
        onClick={clear}
        className="self-start rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        Clear
      </button>
    </div>
  );
}
"""


class SignaturePad(rx.Component):
    """The pad: a 3:1 canvas as wide as its container, and a Clear button under it."""

    tag = "RenovationSignaturePad"
    lib_dependencies: list[str] = [SIGNATURE_PAD]

    # The id of the visible label (e.g. "Sign here") that names the drawing for screen readers.
    label_id: rx.Var[str]

    # The whole drawing as an SVG path in a 300 x 100 box after each stroke; "" once cleared.
    on_change: rx.EventHandler[passthrough_event_spec(str)]

    def add_imports(self) -> dict:
        return {
            SIGNATURE_PAD: [rx.ImportVar(tag="SignaturePad", is_default=True)],
            "react": [rx.ImportVar(tag="React", is_default=True)],
        }

    def add_custom_code(self) -> list[str]:
        sizes = {"width": BOX_WIDTH, "height": BOX_HEIGHT, "max": json.dumps(MAX_PATH_CHARS)}
        return [SIGNATURE_PATH_JS % sizes, SIGNATURE_PAD_JS % sizes]


def signature_pad(on_change, label_id: str, **props) -> rx.Component:
    """The signature pad; `on_change` gets the drawing's SVG path ("" when cleared), and
    `label_id` is the id of the element labelling it."""
    return SignaturePad.create(on_change=on_change, label_id=label_id, **props)
