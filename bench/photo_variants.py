"""Job photos: a 12-megapixel phone photo made into its WebP variants (services/photos/pictures.py).

Makes a photo as a phone takes it: 4032 x 3024 with a scene's edges and light and a sensor's
grain, so it compresses as a real one does (about 3.5 MB of JPEG at quality 90), the camera and
where it was taken in its EXIF. Three of them: held upright (stored on its side, EXIF orientation
6, as most phone photos are: its upright width is 3024, so the JPEG decoder cannot draft it
down), held sideways (orientation 1: decoded at half scale, 2016 wide), and the upright one as
HEIC (about 3 MB; x265 takes some 15 s to write it). Each goes through process_photo 15 times
after one warm-up: p50/p95 seconds per photo, and the memory growth (the process's peak
resident size, VmHWM reset just before, less its size before). Then 20 photos are sent at once
through process_photo_off_loop, as 20 uploads would arrive, while a task on the event loop asks
to wake every 5 ms: how late it woke at worst is the longest the server would not have answered.

Run: .venv/bin/python -m bench.photo_variants [--runs 15] [--compare]
(`--compare` also times the choices made in pictures.py against their alternatives.)
Goals: p95 <= 1.5 s a photo, memory growth <= 300 MB, the event loop's worst stall < 50 ms.
"""

import argparse
import asyncio
import io
import math
import statistics
import time
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from bench.office_scale import rss_mb
from renovation_app.services.photos import pictures

GOAL_P95_S, GOAL_MEMORY_MB, GOAL_STALL_MS = 1.5, 300, 50
GPS = {1: "N", 2: (40.0, 41.0, 12.5), 3: "W", 4: (73.0, 59.0, 0.0)}


def phone_photo() -> Image.Image:
    """4032 x 3024: a Mandelbrot set's edges in gradients of light, and grain (sigma 9)."""
    size = (4032, 3024)
    edges = Image.effect_mandelbrot((1008, 756), (-2.0, -1.2, 1.0, 1.05), 100).resize(
        size, Image.Resampling.BICUBIC
    )
    light = Image.linear_gradient("L").resize(size)
    shade = Image.radial_gradient("L").resize(size)
    scene = Image.merge(
        "RGB",
        (
            ImageChops.blend(edges, light, 0.5),
            ImageChops.blend(edges, shade, 0.4),
            ImageChops.blend(light, shade, 0.5),
        ),
    )
    grain = Image.merge("RGB", [Image.effect_noise(size, 9) for _ in range(3)])
    return ImageChops.add(scene, grain, 1.0, -128)


def encoded(photo: Image.Image, fmt: str, orientation: int, **params) -> bytes:
    exif = Image.Exif()
    exif[0x0112], exif[0x010F], exif[0x0110], exif[0x8825] = orientation, "Apple", "iPhone 13", GPS
    out = io.BytesIO()
    photo.save(out, fmt, exif=exif.tobytes(), **params)
    return out.getvalue()


def timed(content: bytes, runs: int) -> dict:
    Path("/proc/self/clear_refs").write_text("5")  # the peak starts again from the size now
    before = rss_mb()
    pictures.process_photo(content)  # warm-up: the decoders' first allocations count too
    seconds = []
    for _ in range(runs):
        began = time.perf_counter()
        processed = pictures.process_photo(content)
        seconds.append(time.perf_counter() - began)
    seconds.sort()
    return {
        "p50": statistics.median(seconds),
        "p95": seconds[int(0.95 * (len(seconds) - 1))],
        "max": seconds[-1],
        "memory_mb": rss_mb("VmHWM") - before,
        "variants": [(v.width, v.height, len(v.content)) for v in processed.variants],
    }


async def at_once(contents: list[bytes]) -> dict:
    """The photos sent together through process_photo_off_loop; the loop's lateness meanwhile."""
    stalls: list[float] = []
    running = True

    async def heartbeat() -> None:
        while running:
            asked = time.perf_counter()
            await asyncio.sleep(0.005)
            stalls.append(time.perf_counter() - asked - 0.005)

    beating = asyncio.create_task(heartbeat())
    await asyncio.sleep(0.05)
    Path("/proc/self/clear_refs").write_text("5")
    before, began = rss_mb(), time.perf_counter()
    done = await asyncio.gather(*(pictures.process_photo_off_loop(c) for c in contents))
    seconds = time.perf_counter() - began
    running = False
    await beating
    stalls.sort()
    return {
        "photos": len(done),
        "seconds": seconds,
        "memory_mb": rss_mb("VmHWM") - before,
        "worst_stall_ms": stalls[-1] * 1000,
        "p99_stall_ms": stalls[int(0.99 * (len(stalls) - 1))] * 1000,
    }


def webp_kb(variants: list[Image.Image], method: int) -> int:
    size = 0
    for variant in variants:
        out = io.BytesIO()
        variant.save(out, "WEBP", quality=pictures.WEBP_QUALITY, method=method)
        size += len(out.getvalue())
    return size // 1000


def psnr(a: Image.Image, b: Image.Image) -> float:
    mse = sum(rms**2 for rms in ImageStat.Stat(ImageChops.difference(a, b)).rms) / 3
    return 10 * math.log10(255**2 / mse)


def compare(photo: Image.Image) -> None:
    """The upright photo's three variants made other ways: resampling filter, each width from
    the photo or from the next larger variant, WebP method."""
    upright = photo.transpose(Image.Transpose.ROTATE_270)  # 3024 x 4032, as decoded and turned
    made = {}
    for name, resample in (
        ("LANCZOS", Image.Resampling.LANCZOS),
        ("BICUBIC", Image.Resampling.BICUBIC),
    ):
        for cascade in (False, True):
            variants, began, source = [], time.perf_counter(), upright
            for width in (1600, 960, 480):
                size = (width, round(source.height * width / source.width))
                variants.append(source.resize(size, resample, reducing_gap=3.0))
                source = variants[-1] if cascade else upright
            resizing = time.perf_counter() - began
            made[name, cascade] = variants
            how = "each from the larger variant" if cascade else "each from the photo"
            print(
                f"  {name}, {how}: resizing {resizing:.3f} s, "
                f"{webp_kb(variants, pictures.WEBP_METHOD)} KB of WebP"
            )
    direct, cascaded = made["LANCZOS", False], made["LANCZOS", True]
    print(
        f"  LANCZOS 960 and 480 from the larger variant against from the photo: PSNR "
        f"{psnr(direct[1], cascaded[1]):.1f} and {psnr(direct[2], cascaded[2]):.1f} dB"
    )
    for method in (0, 2, 4, 6):
        began = time.perf_counter()
        kb = webp_kb(cascaded, method)
        print(f"  WebP method {method}: {time.perf_counter() - began:.3f} s, {kb} KB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    began = time.perf_counter()
    photo = phone_photo()
    jpeg_upright = encoded(photo, "JPEG", 6, quality=90)
    jpeg_sideways = encoded(photo, "JPEG", 1, quality=90)
    heic = encoded(photo, "HEIF", 6, quality=50)
    print(
        f"photos made in {time.perf_counter() - began:.0f} s: JPEG {len(jpeg_upright) / 1e6:.1f}"
        f" MB, HEIC {len(heic) / 1e6:.1f} MB (4032 x 3024, EXIF with GPS)"
    )
    print(
        f"process_photo, {args.runs} runs each (goal p95 <= {GOAL_P95_S} s, "
        f"<= {GOAL_MEMORY_MB} MB):"
    )
    for name, content in (
        ("JPEG held upright (orientation 6)", jpeg_upright),
        ("JPEG held sideways (orientation 1)", jpeg_sideways),
        ("HEIC held upright", heic),
    ):
        got = timed(content, args.runs)
        sizes = ", ".join(f"{w}x{h} {n // 1000} KB" for w, h, n in got["variants"])
        print(
            f"  {name:36s} p50 {got['p50']:.2f} s  p95 {got['p95']:.2f} s  max "
            f"{got['max']:.2f} s  memory +{got['memory_mb']:.0f} MB  ({sizes})"
        )
    contents = [heic if n % 2 else jpeg_upright for n in range(20)]
    got = asyncio.run(at_once(contents))
    print(
        f"20 at once through process_photo_off_loop (10 JPEG, 10 HEIC, 2 threads): "
        f"{got['seconds']:.1f} s, {got['photos'] / got['seconds']:.2f} photos/s, memory "
        f"+{got['memory_mb']:.0f} MB; event loop stall worst {got['worst_stall_ms']:.1f} ms, "
        f"p99 {got['p99_stall_ms']:.1f} ms (goal < {GOAL_STALL_MS} ms)"
    )
    if args.compare:
        print("the variants of the upright photo, made other ways:")
        compare(photo)


if __name__ == "__main__":
    main()
