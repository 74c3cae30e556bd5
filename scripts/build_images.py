#!/usr/bin/env python3
"""Build the site's images: placeholders, responsive WebP derivatives, hero, OG image, manifest.

Usage: .venv/bin/python scripts/build_images.py [--force] [--jobs N]

For gallery image N of each set in renovation_app.content.galleries:
  * the source is the Nth real photo in photos/{slug}/ (.jpg/.jpeg/.png/.webp, sorted by name),
    or, while there is none, a placeholder drawn by scripts/placeholders/ at
    .cache/placeholder-photos/{slug}/{NN}.jpg;
  * the outputs are assets/img/{slug}/{NN}-{480,800,1200}.webp and {NN}-thumb.webp (400x300).
Kitchen image 1 also gives assets/img/hero-{480,800,1200}.webp and assets/og-image.jpg.
assets/img/manifest.json records every file with its real width and height (read by
renovation_app/media.py).

An output is rebuilt only when it is missing, older than its source, or was made from another
source file or with other settings (recorded in .cache/build-images-state.json), so a second
run does nothing. Everything the script writes is generated: .cache/, assets/img/ and
assets/og-image.jpg are not committed.

A placeholder and its outputs depend only on the drawing code, the two versions below and
Pillow, so they are also kept once per machine (~/.cache/renovation-app/, or $XDG_CACHE_HOME):
a new clone copies them instead of drawing them again (35-50 s on two cores).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import io
import json
import os
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import PIL
from PIL import Image, ImageOps

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# scripts/ is on sys.path when this file is run, not when a test loads it by its path.
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(1, str(ROOT / "scripts"))

from placeholders import render_placeholder  # noqa: E402

from renovation_app.content.galleries import GALLERIES  # noqa: E402

PHOTOS_DIR = ROOT / "photos"
ASSETS_DIR = ROOT / "assets"
OUT_DIR = ASSETS_DIR / "img"
CACHE_DIR = ROOT / ".cache"
PLACEHOLDER_DIR = CACHE_DIR / "placeholder-photos"
STATE_FILE = CACHE_DIR / "build-images-state.json"
MANIFEST_FILE = OUT_DIR / "manifest.json"
OG_FILE = ASSETS_DIR / "og-image.jpg"
MACHINE_CACHE = (
    Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    / "renovation-app"
    / "placeholder-images"
)

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp"}
WIDTHS = (480, 800, 1200)
THUMB_SIZE = (400, 300)
OG_SIZE = (1200, 630)
QUALITY = 72
OG_QUALITY = 80
HERO = ("kitchen-remodeling", 1)
# Byte budgets: the encoder lowers the quality step by step (not below MIN_QUALITY) to fit.
THUMB_BUDGET = 15_000
HERO_800_BUDGET = 40_000
MIN_QUALITY = 45
# Bump when the placeholder drawings change (redraws every placeholder) ...
PLACEHOLDER_VERSION = "1"
# ... or when the derivative settings change (re-encodes every output).
OUTPUT_VERSION = "1"


# ---------------------------------------------------------------------------------------------
# Sources, derivatives, manifest
# ---------------------------------------------------------------------------------------------

_PRUNABLE = re.compile(r"^\d{2,}-(\d+|thumb)\.webp$")
_PRUNABLE_TOP = re.compile(r"^hero-\d+\.webp$")


def natural_key(name: str):
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", name)]


def real_photos(slug: str) -> list[Path]:
    """The contractor's photos for a gallery, in file-name order (2.jpg before 10.jpg)."""
    folder = PHOTOS_DIR / slug
    if not folder.is_dir():
        return []
    files = [
        p
        for p in folder.iterdir()
        if p.is_file() and not p.name.startswith(".") and p.suffix.lower() in PHOTO_SUFFIXES
    ]
    return sorted(files, key=lambda p: natural_key(p.name))


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def asset_rel(path: Path) -> str:
    return path.relative_to(ASSETS_DIR).as_posix()


def signature(source: Path, st: os.stat_result, out: dict) -> str:
    return (
        f"{rel(source)}|{st.st_size}|{st.st_mtime_ns}|{out['kind']}{out['width'] or ''}"
        f"|q{QUALITY}/{OG_QUALITY}|b{out['budget'] or 0}|v{OUTPUT_VERSION}"
    )


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def to_srgb(im: Image.Image) -> Image.Image:
    icc = im.info.get("icc_profile")
    if not icc:
        return im
    try:
        from PIL import ImageCms

        mode = "RGBA" if im.mode in ("RGBA", "LA", "PA") else "RGB"
        src = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        return ImageCms.profileToProfile(im, src, ImageCms.createProfile("sRGB"), outputMode=mode)
    except Exception:  # an odd profile: keep the pixels as they are
        return im


def load_source(path: Path) -> Image.Image:
    """Open a photo upright, in sRGB, flattened on white, without its metadata (EXIF/GPS)."""
    try:
        im = Image.open(path)
        if im.format == "JPEG":
            im.draft("RGB", (WIDTHS[-1], WIDTHS[-1]))  # decode big camera JPEGs at a reduced scale
        im = ImageOps.exif_transpose(im)
        im = to_srgb(im)
        if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
            im = im.convert("RGBA")
            flat = Image.new("RGB", im.size, (255, 255, 255))
            flat.paste(im, mask=im.getchannel("A"))
            im = flat
        elif im.mode != "RGB":
            im = im.convert("RGB")
        im.load()
    except Exception as exc:
        raise RuntimeError(f"cannot read {rel(path)}: {exc}") from exc
    im.info = {}
    return im


def fit_width(im: Image.Image, width: int) -> Image.Image:
    if im.width <= width:  # never upscale
        return im
    height = max(1, round(im.height * width / im.width))
    return im.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=3.0)


def centre_crop(im: Image.Image, size: tuple[int, int]) -> Image.Image:
    """Crop the centre to the aspect ratio of size, then scale down to size (never up)."""
    tw, th = size
    if im.width * th > im.height * tw:
        cw, ch = round(im.height * tw / th), im.height
    else:
        cw, ch = im.width, round(im.width * th / tw)
    left, top = (im.width - cw) // 2, (im.height - ch) // 2
    box = (left, top, left + cw, top + ch)
    if cw > tw:
        return im.resize((tw, th), Image.Resampling.LANCZOS, box=box, reducing_gap=3.0)
    return im.crop(box)


def encode_webp(im: Image.Image, budget: int | None) -> bytes:
    quality = QUALITY
    while True:
        buf = io.BytesIO()
        im.save(buf, "WEBP", quality=quality, method=6)
        data = buf.getvalue()
        if budget is None or len(data) <= budget or quality <= MIN_QUALITY:
            return data
        quality = max(MIN_QUALITY, quality - 6)


def make_output(im: Image.Image, out: dict) -> None:
    path = Path(out["path"])
    if out["kind"] == "w":
        data = encode_webp(fit_width(im, out["width"]), out["budget"])
    elif out["kind"] == "thumb":
        data = encode_webp(centre_crop(im, THUMB_SIZE), out["budget"])
    else:  # og: exactly 1200x630, as social sites expect
        og = ImageOps.fit(im, OG_SIZE, Image.Resampling.LANCZOS)
        buf = io.BytesIO()
        og.save(buf, "JPEG", quality=OG_QUALITY, optimize=True, progressive=True)
        data = buf.getvalue()
    write_atomic(path, data)


@functools.cache
def drawing_key() -> str:
    """What a placeholder's files are made from: the drawing code, the settings' versions
    (PLACEHOLDER_VERSION, OUTPUT_VERSION: bumped when the drawings or the outputs change) and
    Pillow."""
    digest = hashlib.sha256(f"{PIL.__version__}|{PLACEHOLDER_VERSION}|{OUTPUT_VERSION}".encode())
    for path in sorted((ROOT / "scripts" / "placeholders").glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def machine_copy(job: dict) -> Path:
    return MACHINE_CACHE / drawing_key() / job["slug"] / f"{job['n']:02d}"


def from_machine_cache(job: dict) -> bool:
    """Write a drawn placeholder and all its outputs from this machine's copy, if it has one
    (the source first: an output newer than its source is up to date)."""
    kept = machine_copy(job)
    names = [Path(job["source"]).name, *(Path(o["path"]).name for o in job["outputs"])]
    if not all((kept / name).is_file() for name in names):
        return False
    for path in [Path(job["source"]), *(Path(o["path"]) for o in job["outputs"])]:
        write_atomic(path, (kept / path.name).read_bytes())
    return True


def to_machine_cache(job: dict) -> None:
    kept = machine_copy(job)
    try:
        for path in [Path(job["source"]), *(Path(o["path"]) for o in job["outputs"])]:
            write_atomic(kept / path.name, path.read_bytes())
    except OSError:  # a read-only home: the clone's own files are all that is needed
        pass


def run_job(job: dict) -> tuple[dict[str, str], bool]:
    """Draw the placeholder if asked (or copy it and its outputs from this machine's copy), then
    write the stale outputs; returns their signatures and whether they were copied."""
    source = Path(job["source"])
    copied = job["draw"] and from_machine_cache(job)
    if job["draw"] and not copied:
        buf = io.BytesIO()
        render_placeholder(job["slug"], job["n"]).save(buf, "JPEG", quality=90, optimize=True)
        write_atomic(source, buf.getvalue())
    st = source.stat()
    sigs = {}
    im = None if copied else load_source(source)
    for out in job["outputs"]:
        if im is not None:
            make_output(im, out)
        sigs[rel(Path(out["path"]))] = signature(source, st, out)
    if job["draw"] and not copied:
        to_machine_cache(job)
    return sigs, bool(copied)


def image_outputs(slug: str, n: int) -> list[dict]:
    stem = f"{n:02d}"
    outs = [
        dict(path=str(OUT_DIR / slug / f"{stem}-{w}.webp"), kind="w", width=w, budget=None)
        for w in WIDTHS
    ]
    outs.append(
        dict(
            path=str(OUT_DIR / slug / f"{stem}-thumb.webp"),
            kind="thumb",
            width=None,
            budget=THUMB_BUDGET,
        )
    )
    if (slug, n) == HERO:
        outs += [
            dict(
                path=str(OUT_DIR / f"hero-{w}.webp"),
                kind="w",
                width=w,
                budget=HERO_800_BUDGET if w == 800 else None,
            )
            for w in WIDTHS
        ]
        outs.append(dict(path=str(OG_FILE), kind="og", width=None, budget=None))
    return outs


def file_entry(path: Path, target: int | None = None) -> dict:
    with Image.open(path) as im:
        width, height = im.size
    entry = {"path": asset_rel(path), "width": width, "height": height}
    if target is not None:
        entry = {"target": target, **entry}
    return entry


def read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return {}


def write_if_changed(path: Path, text: str) -> bool:
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except FileNotFoundError:
        pass
    write_atomic(path, text.encode("utf-8"))
    return True


def prune(expected: set[str]) -> int:
    """Remove derivatives this script made earlier that no gallery needs any more."""
    removed = 0
    if not OUT_DIR.is_dir():
        return 0
    for path in OUT_DIR.iterdir():
        if path.is_dir():
            for f in path.iterdir():
                if f.is_file() and _PRUNABLE.match(f.name) and rel(f) not in expected:
                    f.unlink()
                    removed += 1
            if not any(path.iterdir()):
                path.rmdir()
        elif _PRUNABLE_TOP.match(path.name) and rel(path) not in expected:
            path.unlink()
            removed += 1
    return removed


def format_manifest(manifest: dict) -> str:
    """JSON with one image per line: small, yet easy to read and diff."""
    lines = ["{"]
    for key, value in manifest.items():
        if key == "galleries":
            lines.append(' "galleries": {')
            for k, (slug, entries) in enumerate(value.items()):
                lines.append(f"  {json.dumps(slug)}: [")
                lines += [
                    f"   {json.dumps(e)}" + ("," if i < len(entries) - 1 else "")
                    for i, e in enumerate(entries)
                ]
                lines.append("  ]" + ("," if k < len(value) - 1 else ""))
            lines.append(" },")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)},")
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join(lines) + "\n}\n"


def stale_outputs(source: Path, outs: list[dict], old_sigs: dict[str, str]) -> list[dict]:
    """The outputs of a source that are missing, older than it, or made with other settings."""
    st = source.stat()
    stale = []
    for o in outs:
        path = Path(o["path"])
        try:
            fresh = path.stat().st_mtime_ns >= st.st_mtime_ns
        except FileNotFoundError:
            fresh = False
        if not fresh or old_sigs.get(rel(path)) != signature(source, st, o):
            stale.append(o)
    return stale


def plan(old_sigs: dict[str, str], redraw_all: bool, force: bool):
    """What to draw and write: (jobs, items, expected output paths, photo and placeholder counts)."""
    jobs, items, expected = [], [], set()
    n_photos = n_placeholders = 0
    for gallery in GALLERIES:
        photos = real_photos(gallery.slug)
        if len(photos) > gallery.image_count:
            print(
                f"build_images: photos/{gallery.slug}: only the first {gallery.image_count} of "
                f"{len(photos)} photos are used (image_count in content/galleries.py)",
                file=sys.stderr,
            )
        for n in range(1, gallery.image_count + 1):
            is_photo = n <= len(photos)
            source = photos[n - 1] if is_photo else PLACEHOLDER_DIR / gallery.slug / f"{n:02d}.jpg"
            n_photos += is_photo
            n_placeholders += not is_photo
            draw = not is_photo and (redraw_all or not source.exists())
            outs = image_outputs(gallery.slug, n)
            expected.update(rel(Path(o["path"])) for o in outs)
            stale = outs if draw or force else stale_outputs(source, outs, old_sigs)
            items.append((gallery.slug, n, not is_photo, outs))
            if draw or stale:
                jobs.append(
                    dict(slug=gallery.slug, n=n, source=str(source), draw=draw, outputs=stale)
                )
    return jobs, items, expected, n_photos, n_placeholders


def build_manifest(items: list) -> dict:
    """assets/img/manifest.json: every picture's variants, the hero and the Open Graph image."""
    manifest: dict = {
        "generated_by": "scripts/build_images.py (do not edit; paths are relative to assets/)",
        "widths": list(WIDTHS),
        "galleries": {},
    }
    for slug, n, placeholder, outs in items:
        entry = {
            "index": n,
            "placeholder": placeholder,
            "variants": [file_entry(Path(o["path"]), o["width"]) for o in outs[: len(WIDTHS)]],
            "thumb": file_entry(Path(outs[len(WIDTHS)]["path"])),
        }
        manifest["galleries"].setdefault(slug, []).append(entry)
        if (slug, n) == HERO:
            manifest["hero"] = {
                "gallery": slug,
                "index": n,
                "placeholder": placeholder,
                "variants": [
                    file_entry(Path(o["path"]), o["width"]) for o in outs[len(WIDTHS) + 1 : -1]
                ],
                "thumb": entry["thumb"],
            }
            manifest["og_image"] = file_entry(OG_FILE)
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--force", action="store_true", help="redraw placeholders and rewrite every output"
    )
    parser.add_argument(
        "--jobs", type=int, default=min(2, os.cpu_count() or 1), help="worker processes"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()

    old_sigs: dict[str, str] = read_json(STATE_FILE).get("outputs", {})
    stamp = PLACEHOLDER_DIR / ".version"
    redraw_all = (
        args.force or (stamp.read_text().strip() if stamp.exists() else "") != PLACEHOLDER_VERSION
    )
    jobs, items, expected, n_photos, n_placeholders = plan(old_sigs, redraw_all, args.force)

    new_sigs = {k: v for k, v in old_sigs.items() if k in expected}
    if len(jobs) > 1 and args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(run_job, jobs, chunksize=1))
    else:
        results = [run_job(job) for job in jobs]
    for sigs, _ in results:
        new_sigs.update(sigs)
    removed = prune(expected)
    if redraw_all or not stamp.exists():
        PLACEHOLDER_DIR.mkdir(parents=True, exist_ok=True)
        write_if_changed(stamp, PLACEHOLDER_VERSION + "\n")

    wrote_manifest = write_if_changed(MANIFEST_FILE, format_manifest(build_manifest(items)))
    CACHE_DIR.mkdir(exist_ok=True)
    write_if_changed(
        STATE_FILE, json.dumps({"outputs": dict(sorted(new_sigs.items()))}, indent=0) + "\n"
    )

    written = sum(len(j["outputs"]) for j in jobs)
    copied = sum(was_copied for _, was_copied in results)
    drawn = sum(j["draw"] for j in jobs) - copied
    seconds = time.perf_counter() - started
    what = (
        f"drew {drawn} placeholders, copied {copied} from this machine's copy, wrote {written} "
        f"files, removed {removed}" + (", updated manifest" if wrote_manifest else "")
        if jobs or removed or wrote_manifest
        else "up to date"
    )
    print(
        f"build_images: {n_photos + n_placeholders} images "
        f"({n_photos} photos, {n_placeholders} placeholders): "
        f"{what} in {seconds:.1f}s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
