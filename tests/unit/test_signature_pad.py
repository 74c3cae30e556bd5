"""The signature pad of the change-order signing page, without a browser: what Reflex renders for
it, the React code it ships, its pinned npm package, and (in Node, as the browser would run it)
the SVG path it sends to the server."""

import json
import re
import shutil
import subprocess

import pytest
import reflex as rx

from renovation_app.components.react.signature_pad import (
    BOX_HEIGHT,
    BOX_WIDTH,
    MAX_PATH_CHARS,
    SIGNATURE_PAD,
    SignaturePad,
    signature_pad,
)


class SigningState(rx.State):
    drawing: str = ""

    @rx.event
    def set_drawing(self, path: str):
        self.drawing = path


def _pad(**props) -> SignaturePad:
    return signature_pad(SigningState.set_drawing, "signature-label", **props)


def _custom_code(component) -> str:
    return "\n".join(component._get_all_custom_code())


def test_it_renders_our_react_component_with_the_label_and_the_handler():
    rendered = _pad(class_name="w-full", data_testid="signature").render()
    assert rendered["name"] == "RenovationSignaturePad"
    props = " ".join(rendered["props"])
    assert 'labelId:"signature-label"' in props
    assert 'className:"w-full"' in props and '"data-testid":"signature"' in props
    # The string the pad passes goes to the handler's `path` argument.
    onchange = next(p for p in rendered["props"] if p.startswith("onChange:"))
    assert "set_drawing" in onchange
    assert '["path"] : _ev_0' in onchange
    assert "jsx(RenovationSignaturePad," in str(_pad())


def test_on_change_passes_one_string():
    chain = _pad().event_triggers["on_change"]
    (event,) = chain.events
    ((name, value),) = event.args
    assert str(name) == "path"
    assert value._var_type is str


def test_the_npm_package_is_pinned_and_imported():
    assert re.fullmatch(r"signature_pad@\d+\.\d+\.\d+", SIGNATURE_PAD)
    pad = _pad()
    assert SIGNATURE_PAD in pad.lib_dependencies
    imports = pad._get_all_imports()
    assert any(v.tag == "SignaturePad" and v.is_default for v in imports[SIGNATURE_PAD])
    assert not any(lib.startswith("signature_pad") and lib != SIGNATURE_PAD for lib in imports)


def test_the_react_code_draws_on_a_labelled_canvas_and_sends_each_stroke():
    code = _custom_code(_pad())
    assert "function RenovationSignaturePad(" in code
    assert 'pad.addEventListener("endStroke", strokeEnded)' in code
    assert "renovationSignaturePath(pad.toData()" in code
    # The canvas: an image named by the page's label, 3:1, full width, no scrolling on touch.
    assert 'role="img"' in code and "aria-labelledby={labelId}" in code
    assert f'aspectRatio: "{BOX_WIDTH} / {BOX_HEIGHT}"' in code
    assert 'width: "100%"' in code and 'touchAction: "none"' in code
    assert "window.devicePixelRatio" in code and ".scale(newRatio, newRatio)" in code
    # Clear: a real button with a full name, emptying the pad and the server's copy.
    clear_button = re.search(r"<button(.*?)>\s*Clear\s*</button>", code, re.S)
    assert clear_button
    assert 'type="button"' in clear_button[1]
    assert 'aria-label="Clear signature"' in clear_button[1]
    assert "onClick={clear}" in clear_button[1]
    clear = re.search(r"function clear\(\) \{(.*?)\n  \}", code, re.S)[1]
    assert "padRef.current.clear()" in clear and 'onChangeRef.current("")' in clear


def test_the_pad_is_only_made_in_the_browser():
    # The page is prerendered: signature_pad reads window, so it is made in an effect.
    code = _custom_code(_pad())
    assert code.index("React.useEffect(") < code.index("new SignaturePad(canvas")
    assert "pad.off()" in code  # and let go when the pad leaves the page


def _path(groups: list[dict], width: float, height: float) -> str:
    """The path the browser would send for these point groups (pad.toData()) on a canvas of
    that CSS size, from the same JavaScript the page gets."""
    if not (node := shutil.which("node")):
        pytest.skip("node is not installed")
    script = (
        _custom_code(_pad()).split("function RenovationSignaturePad(")[0]
        + f"\nprocess.stdout.write(JSON.stringify(renovationSignaturePath("
        f"{json.dumps(groups)}, {width}, {height})));"
    )
    # On stdin: a big drawing is longer than a command line may be.
    done = subprocess.run([node], input=script, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _points(*xy: tuple[float, float]) -> dict:
    return {"points": [{"x": x, "y": y, "pressure": 0.5, "time": 0} for x, y in xy]}


def test_strokes_become_one_path_in_the_300_by_100_box():
    # Drawn on a 600 x 200 canvas: everything halves.
    groups = [_points((10, 20), (101.13, 40.07), (300, 150)), _points((400, 100), (410, 110))]
    assert _path(groups, 600, 200) == "M 5 10 L 50.6 20 L 150 75 M 200 50 L 205 55"


def test_points_past_the_edge_are_clamped_and_repeats_dropped():
    groups = [_points((-20, -5), (150.02, 50.01), (150.04, 49.99), (900, 400))]
    assert _path(groups, 300, 100) == "M 0 0 L 150 50 L 300 100"


def test_a_tap_is_a_dot():
    assert _path([_points((30, 60))], 300, 100) == "M 30 60 L 30 60"


def test_nothing_drawn_is_an_empty_path():
    assert _path([], 300, 100) == ""
    assert _path([_points((1, 1))], 0, 0) == ""  # a canvas not laid out yet


def test_a_huge_drawing_is_cut_at_the_limit_on_a_whole_point():
    scribble = [_points(*((i * 7 % 300, i * 13 % 100 + 0.5) for i in range(20_000)))]
    path = _path(scribble, 300, 100)
    assert MAX_PATH_CHARS - 20 < len(path) <= MAX_PATH_CHARS
    assert re.fullmatch(r"M [\d.]+ [\d.]+( L [\d.]+ [\d.]+)+", path)
