#!/usr/bin/env python3
"""Build the site's images: placeholders, responsive WebP derivatives, hero, OG image, manifest.

Usage: .venv/bin/python scripts/build_images.py [--force] [--jobs N]

For gallery image N of each set in renovation_app.content.galleries:
  * the source is the Nth real photo in photos/{slug}/ (.jpg/.jpeg/.png/.webp, sorted by name),
    or, while there is none, a drawn placeholder at .cache/placeholder-photos/{slug}/{NN}.jpg;
  * the outputs are assets/img/{slug}/{NN}-{480,800,1200}.webp and {NN}-thumb.webp (400x300).
Kitchen image 1 also gives assets/img/hero-{480,800,1200}.webp and assets/og-image.jpg.
assets/img/manifest.json records every file with its real width and height (read by
renovation_app/media.py).

An output is rebuilt only when it is missing, older than its source, or was made from another
source file or with other settings (recorded in .cache/build-images-state.json), so a second
run does nothing. Everything the script writes is generated: .cache/, assets/img/ and
assets/og-image.jpg are not committed.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import random
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from renovation_app.content.galleries import GALLERIES  # noqa: E402

PHOTOS_DIR = ROOT / "photos"
ASSETS_DIR = ROOT / "assets"
OUT_DIR = ASSETS_DIR / "img"
CACHE_DIR = ROOT / ".cache"
PLACEHOLDER_DIR = CACHE_DIR / "placeholder-photos"
STATE_FILE = CACHE_DIR / "build-images-state.json"
MANIFEST_FILE = OUT_DIR / "manifest.json"
OG_FILE = ASSETS_DIR / "og-image.jpg"

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

W, H = 1600, 1200  # placeholder photo size


# ---------------------------------------------------------------------------------------------
# Placeholder photos: small perspective scenes drawn with Pillow
# ---------------------------------------------------------------------------------------------

NEAR = 0.08


def hexc(value: str) -> tuple[int, int, int]:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def clamp(v: float) -> int:
    return 0 if v < 0 else 255 if v > 255 else int(v)


def mix(a, b, t: float):
    return tuple(clamp(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def scale(c, k: float):
    return tuple(clamp(v * k) for v in c)


def jitter(rng: random.Random, c, amount: float = 0.05, hue: float = 0.006):
    k = 1 + rng.uniform(-amount, amount)
    return tuple(clamp(v * k * (1 + rng.uniform(-hue, hue))) for v in c)


def clip_poly(pts, axis: int, value: float, sign: int = 1):
    """Sutherland-Hodgman against one plane: keep points with sign*(p[axis]-value) >= 0."""
    out = []
    n = len(pts)
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        ia = sign * (a[axis] - value) >= 0
        ib = sign * (b[axis] - value) >= 0
        if ia:
            out.append(a)
        if ia != ib:
            t = (value - a[axis]) / (b[axis] - a[axis])
            out.append(tuple(a[k] + (b[k] - a[k]) * t for k in range(len(a))))
    return out


def floor_plane(y: float = 0.0):
    return lambda u, v: (u, y, v)  # u = x, v = z


def zplane(z: float):
    return lambda u, v: (u, v, z)  # u = x, v = y


def xplane(x: float):
    return lambda u, v: (x, v, u)  # u = z, v = y


UP, DOWN, TOWARD, AWAY, LEFT, RIGHT = (
    (0, 1, 0),
    (0, -1, 0),
    (0, 0, -1),
    (0, 0, 1),
    (-1, 0, 0),
    (1, 0, 0),
)


class Scene:
    """A pinhole camera over a canvas, with light and shadow layers composited at the end."""

    def __init__(
        self,
        rng,
        pos,
        yaw=0.0,
        pitch=0.0,
        focal=1100.0,
        light=(-0.5, 0.6, -0.6),
        ambient=0.68,
        key=0.4,
        bg=(200, 200, 200),
    ):
        self.rng = rng
        self.img = Image.new("RGB", (W, H), bg)
        self.d = ImageDraw.Draw(self.img)
        self.glow = Image.new("L", (W, H), 0)
        self.gd = ImageDraw.Draw(self.glow)
        self.shadow = Image.new("L", (W, H), 0)
        self.sd = ImageDraw.Draw(self.shadow)
        self.px, self.py, self.pz = pos
        self.yaw, self.pitch = math.radians(yaw), math.radians(pitch)
        self.cy_, self.sy_ = math.cos(self.yaw), math.sin(self.yaw)
        self.cp, self.sp = math.cos(self.pitch), math.sin(self.pitch)
        self.f = focal
        n = math.sqrt(sum(c * c for c in light))
        self.L = tuple(c / n for c in light)
        self.amb, self.key = ambient, key

    # -- geometry --
    def cam(self, p):
        x, y, z = p[0] - self.px, p[1] - self.py, p[2] - self.pz
        x, z = x * self.cy_ - z * self.sy_, x * self.sy_ + z * self.cy_
        y, z = y * self.cp - z * self.sp, y * self.sp + z * self.cp
        return (x, y, z)

    def project(self, pts):
        c = [self.cam(p) for p in pts]
        if any(p[2] < NEAR for p in c):
            c = clip_poly(c, 2, NEAR)
        f = self.f
        return [(W / 2 + f * x / z, H / 2 - f * y / z) for x, y, z in c]

    def point(self, p):
        x, y, z = self.cam(p)
        if z < NEAR:
            return None
        return (W / 2 + self.f * x / z, H / 2 - self.f * y / z, z)

    @property
    def horizon(self) -> float:
        return H / 2 + self.f * math.tan(self.pitch)

    def lit(self, c, normal):
        k = self.amb + self.key * max(0.0, sum(a * b for a, b in zip(normal, self.L, strict=True)))
        return scale(c, k)

    # -- drawing --
    def poly(self, pts, fill, layer=None):
        q = self.project(pts)
        if len(q) >= 3:
            (layer or self.d).polygon(q, fill=fill)

    def face(self, pts, colour, normal):
        self.poly(pts, self.lit(colour, normal))

    def rect(self, plane, normal, u0, u1, v0, v1, colour, layer=None, raw=False):
        pts = [plane(u0, v0), plane(u1, v0), plane(u1, v1), plane(u0, v1)]
        if layer is not None:
            self.poly(pts, colour, layer)
        else:
            self.poly(pts, colour if raw else self.lit(colour, normal))

    def uvpoly(self, plane, normal, uv, colour, layer=None, raw=False):
        pts = [plane(u, v) for u, v in uv]
        if layer is not None:
            self.poly(pts, colour, layer)
        else:
            self.poly(pts, colour if raw else self.lit(colour, normal))

    def box(self, x0, x1, y0, y1, z0, z1, colour, top=None, side=None, shadow=0):
        if shadow and y0 < 0.05:
            m = 0.07
            self.poly(
                [
                    (x0 - m, 0, z0 - m),
                    (x1 + m, 0, z0 - m),
                    (x1 + m, 0, z1 + m),
                    (x0 - m, 0, z1 + m),
                ],
                shadow,
                self.sd,
            )
            self.flush_shadows()
        px, py, pz = self.px, self.py, self.pz
        side = side or colour
        if py > y1:
            self.face([(x0, y1, z0), (x1, y1, z0), (x1, y1, z1), (x0, y1, z1)], top or colour, UP)
        if py < y0:
            self.face([(x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1)], colour, DOWN)
        if pz < z0:
            self.face([(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0)], colour, TOWARD)
        if pz > z1:
            self.face([(x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)], colour, AWAY)
        if px < x0:
            self.face([(x0, y0, z0), (x0, y0, z1), (x0, y1, z1), (x0, y1, z0)], side, LEFT)
        if px > x1:
            self.face([(x1, y0, z0), (x1, y0, z1), (x1, y1, z1), (x1, y1, z0)], side, RIGHT)

    def contact(self, x0, x1, z0, z1, strength=100, y=0.0, m=0.05):
        """A soft contact shadow on the floor under a footprint, applied at once."""
        self.poly(
            [(x0 - m, y, z0 - m), (x1 + m, y, z0 - m), (x1 + m, y, z1 + m), (x0 - m, y, z1 + m)],
            strength,
            self.sd,
        )
        self.flush_shadows()

    def blob(self, p, r, colour, layer=None, squash=1.0):
        q = self.point(p)
        if q is None:
            return
        x, y, z = q
        rr = self.f * r / z
        (layer or self.d).ellipse([x - rr, y - rr * squash, x + rr, y + rr * squash], fill=colour)

    def line(self, p0, p1, colour, width_m, layer=None):
        a, b = self.cam(p0), self.cam(p1)
        if a[2] < NEAR and b[2] < NEAR:
            return
        if a[2] < NEAR or b[2] < NEAR:
            t = (NEAR - a[2]) / (b[2] - a[2])
            c = tuple(a[k] + (b[k] - a[k]) * t for k in range(3))
            a, b = (c, b) if a[2] < NEAR else (a, c)
        z = (a[2] + b[2]) / 2
        w = max(1, int(self.f * width_m / z))
        f = self.f
        (layer or self.d).line(
            [
                (W / 2 + f * a[0] / a[2], H / 2 - f * a[1] / a[2]),
                (W / 2 + f * b[0] / b[2], H / 2 - f * b[1] / b[2]),
            ],
            fill=colour,
            width=w,
        )

    def tiles(
        self,
        plane,
        normal,
        u0,
        u1,
        v0,
        v1,
        tw,
        th,
        colour_fn,
        grout,
        gap=(0.004, 0.004),
        stagger=0.0,
        origin=None,
        raw=False,
    ):
        self.rect(plane, normal, u0, u1, v0, v1, grout, raw=raw)
        ou, ov = origin or (u0, v0)
        gu, gv = gap
        lit_k = (
            1.0
            if raw
            else self.amb
            + self.key * max(0.0, sum(a * b for a, b in zip(normal, self.L, strict=True)))
        )
        for j in range(math.floor((v0 - ov) / th), math.ceil((v1 - ov) / th)):
            tv0 = ov + j * th
            c, d = max(tv0 + gv / 2, v0), min(tv0 + th - gv / 2, v1)
            if c >= d:
                continue
            off = ((stagger(j) if callable(stagger) else j * stagger) % 1.0) * tw
            for i in range(math.floor((u0 - ou - off) / tw), math.ceil((u1 - ou - off) / tw)):
                tu0 = ou + off + i * tw
                a, b = max(tu0 + gu / 2, u0), min(tu0 + tw - gu / 2, u1)
                if a >= b:
                    continue
                self.rect(plane, normal, a, b, c, d, scale(colour_fn(i, j), lit_k), raw=True)

    def planks(
        self, plane, normal, u0, u1, v0, v1, width, lmin, lmax, base, amount=0.07, gap=0.004
    ):
        rng = self.rng
        self.rect(plane, normal, u0, u1, v0, v1, scale(base, 0.62))
        u = u0
        while u < u1:
            v = v0 - rng.uniform(0, lmax)
            while v < v1:
                length = rng.uniform(lmin, lmax)
                a, b = max(v, v0), min(v + length - gap, v1)
                col = jitter(rng, base, amount)
                if b > a:
                    self.rect(plane, normal, u + gap / 2, min(u + width - gap / 2, u1), a, b, col)
                v += length
            u += width

    def foliage(self, centre, radius, base, n=12, squash=0.85):
        rng = self.rng
        cx, cy, cz = centre
        for k in range(n):
            t = k / max(1, n - 1)
            p = (
                cx + rng.uniform(-0.7, 0.7) * radius,
                cy + (t - 0.55) * radius * 0.9 + rng.uniform(-0.15, 0.15) * radius,
                cz + rng.uniform(-0.4, 0.4) * radius,
            )
            col = scale(base, 0.7 + 0.45 * t + rng.uniform(-0.05, 0.05))
            self.blob(p, radius * rng.uniform(0.32, 0.55), col, squash=squash)

    def tree(self, x, z, height, radius, leaf, trunk=(92, 72, 58)):
        self.box(x - 0.09, x + 0.09, 0, height - radius, z - 0.09, z + 0.09, trunk)
        self.foliage((x, height - radius * 0.9, z), radius, leaf, n=14)

    def sky(self, top, horizon, ground=None):
        hy = self.horizon
        for y in range(H):
            if y <= hy or ground is None:
                t = max(0.0, min(1.0, y / max(1.0, hy)))
                c = mix(top, horizon, t**1.7)
            else:
                c = ground
            self.d.line([(0, y), (W, y)], fill=c)

    def clouds(self, colour=(255, 255, 255), count=5, strength=0.55):
        rng = self.rng
        hy = self.horizon
        if hy < 80:
            return
        layer = Image.new("L", (W, H), 0)
        dr = ImageDraw.Draw(layer)
        for _ in range(count):
            cx, cy = rng.uniform(-100, W + 100), rng.uniform(0.08, 0.7) * hy
            w = rng.uniform(180, 420)
            for _ in range(rng.randint(4, 8)):
                ox, oy = rng.uniform(-w / 2, w / 2), rng.uniform(-w / 9, w / 12)
                r = rng.uniform(w * 0.15, w * 0.3)
                dr.ellipse(
                    [cx + ox - r, cy + oy - r * 0.55, cx + ox + r, cy + oy + r * 0.55], fill=255
                )
        layer = layer.filter(ImageFilter.GaussianBlur(26)).point(lambda v: int(v * strength))
        self.img.paste(colour, mask=layer)

    def flush_shadows(self, blur=14):
        """Darken the canvas by the pending shadow layer (only the region it covers)."""
        bbox = self.shadow.getbbox()
        if bbox is None:
            return
        m = blur * 3
        box = (max(0, bbox[0] - m), max(0, bbox[1] - m), min(W, bbox[2] + m), min(H, bbox[3] + m))
        sh = self.shadow.crop(box).filter(ImageFilter.GaussianBlur(blur))
        inv = ImageOps.invert(sh)
        region = ImageChops.multiply(self.img.crop(box), Image.merge("RGB", (inv, inv, inv)))
        self.img.paste(region, box[:2])
        self.shadow = Image.new("L", (W, H), 0)
        self.sd = ImageDraw.Draw(self.shadow)

    def finish(
        self,
        glow_colour=(255, 238, 210),
        glow_blur=42,
        vignette=0.3,
        bloom=0.3,
        lift=10,
        tint=(1.0, 1.0, 1.0),
    ):
        self.flush_shadows()
        img = self.img
        gl = self.glow.filter(ImageFilter.GaussianBlur(glow_blur))
        glow_rgb = Image.merge("RGB", [gl.point(lambda v, c=c: v * c // 255) for c in glow_colour])
        img = ImageChops.screen(img, glow_rgb)
        if bloom:
            soft = img.filter(ImageFilter.GaussianBlur(22))
            img = Image.blend(img, ImageChops.lighter(img, soft), bloom)
        img = img.filter(ImageFilter.GaussianBlur(1.1))
        grad = Image.radial_gradient("L").resize((W, H), Image.Resampling.BICUBIC)
        mask = grad.point([clamp(255 * (1 - vignette * (i / 255) ** 2.2)) for i in range(256)])
        img = ImageChops.multiply(img, Image.merge("RGB", (mask, mask, mask)))
        luts = []
        for k in tint:
            luts += [clamp(lift + v * k * (250 - lift) / 255) for v in range(256)]
        return img.point(luts)


# -- shared pieces ------------------------------------------------------------------------------


def room_shell(sc: Scene, rw, rh, rd, wall, ceiling, floor, back=None, z0=0.15, side_walls=None):
    x0, x1 = -rw / 2, rw / 2
    lw, rwc = side_walls or (wall, wall)
    sc.face([(x0, rh, z0), (x1, rh, z0), (x1, rh, rd), (x0, rh, rd)], scale(ceiling, 1.12), DOWN)
    sc.face([(x0, 0, z0), (x0, 0, rd), (x0, rh, rd), (x0, rh, z0)], lw, RIGHT)
    sc.face([(x1, 0, z0), (x1, 0, rd), (x1, rh, rd), (x1, rh, z0)], rwc, LEFT)
    sc.face([(x0, 0, rd), (x1, 0, rd), (x1, rh, rd), (x0, rh, rd)], back or wall, TOWARD)
    sc.face([(x0, 0, z0), (x1, 0, z0), (x1, 0, rd), (x0, 0, rd)], floor, UP)


def room_ao(sc: Scene, rw, rh, rd, z0=0.15, strength=70):
    x0, x1 = -rw / 2, rw / 2
    e = 0.22
    sd = sc.sd
    sc.poly([(x0, 0, z0), (x0 + e, 0, z0), (x0 + e, 0, rd), (x0, 0, rd)], strength, sd)
    sc.poly([(x1 - e, 0, z0), (x1, 0, z0), (x1, 0, rd), (x1 - e, 0, rd)], strength, sd)
    sc.poly([(x0, 0, rd - e), (x1, 0, rd - e), (x1, 0, rd), (x0, 0, rd)], strength, sd)
    sc.poly([(x0, 0, rd), (x0 + e, 0, rd), (x0 + e, rh, rd), (x0, rh, rd)], strength // 2, sd)
    sc.poly([(x1 - e, 0, rd), (x1, 0, rd), (x1, rh, rd), (x1 - e, rh, rd)], strength // 2, sd)
    sc.poly([(x0, rh, rd - e), (x1, rh, rd - e), (x1, rh, rd), (x0, rh, rd)], strength // 2, sd)
    sc.poly([(x0, rh, z0), (x0 + e, rh, z0), (x0 + e, rh, rd), (x0, rh, rd)], strength // 2, sd)
    sc.poly([(x1 - e, rh, z0), (x1, rh, z0), (x1, rh, rd), (x1 - e, rh, rd)], strength // 2, sd)


def window(
    sc: Scene,
    plane,
    normal,
    u0,
    u1,
    v0,
    v1,
    frame,
    sky_top,
    sky_low,
    cols=2,
    rows=1,
    glow=215,
    greenery=None,
    trim=0.07,
):
    rng = sc.rng
    sc.rect(plane, normal, u0 - trim, u1 + trim, v0 - trim, v1 + trim, frame)
    n = 8
    for k in range(n):
        va, vb = v0 + (v1 - v0) * k / n, v0 + (v1 - v0) * (k + 1) / n
        sc.rect(plane, normal, u0, u1, va, vb, mix(sky_low, sky_top, (k + 0.5) / n), raw=True)
    if greenery:
        pts = [(u0, v0)]
        steps = 14
        for k in range(steps + 1):
            pts.append((u0 + (u1 - u0) * k / steps, v0 + (v1 - v0) * rng.uniform(0.18, 0.42)))
        pts.append((u1, v0))
        sc.uvpoly(plane, normal, pts, mix(greenery, sky_low, 0.35), raw=True)
    t = 0.035
    for k in range(1, cols):
        u = u0 + (u1 - u0) * k / cols
        sc.rect(plane, normal, u - t / 2, u + t / 2, v0, v1, frame)
    for k in range(1, rows + 1):
        v = v0 + (v1 - v0) * k / (rows + 1) if rows > 1 else v0 + (v1 - v0) * 0.55
        sc.rect(plane, normal, u0, u1, v - t / 2, v + t / 2, frame)
    sc.rect(plane, normal, u0, u1, v0, v1, glow, layer=sc.gd)


def light_patch(sc: Scene, pts, strength=70):
    sc.poly(pts, strength, sc.gd)


def doors_on(
    sc: Scene,
    plane,
    normal,
    u0,
    u1,
    v0,
    v1,
    colour,
    n,
    style="shaker",
    handle=(60, 60, 62),
    drawer=0.0,
    knobs=False,
):
    """Cabinet fronts: n doors across [u0,u1], with an optional drawer row of height `drawer`."""
    gap = 0.004
    rows = [(v0, v1 - drawer)] + ([(v1 - drawer, v1)] if drawer else [])
    for ri, (a, b) in enumerate(rows):
        for k in range(n):
            ua = u0 + (u1 - u0) * k / n + gap
            ub = u0 + (u1 - u0) * (k + 1) / n - gap
            sc.rect(plane, normal, ua, ub, a + gap, b - gap, scale(colour, 1.03))
            if style == "shaker" and b - a > 0.2:
                m = 0.055
                sc.rect(plane, normal, ua + m, ub - m, a + m, b - m, scale(colour, 0.93))
            elif style == "slats" and b - a > 0.2:
                s = ua + 0.03
                while s < ub - 0.03:
                    sc.rect(plane, normal, s, s + 0.008, a + 0.03, b - 0.03, scale(colour, 0.8))
                    s += 0.045
            if knobs:
                uc = (ua + ub) / 2
                vc = (a + b) / 2 if ri == 1 or b - a < 0.3 else b - 0.08
                p = plane(uc, vc)
                sc.blob(p, 0.014, handle)
            elif ri == 1 or b - a < 0.3:
                uc = (ua + ub) / 2
                vc = (a + b) / 2
                sc.rect(plane, normal, uc - 0.06, uc + 0.06, vc - 0.006, vc + 0.006, handle)
            else:
                uh = ub - 0.035 if k % 2 == 0 else ua + 0.035
                vh = b - 0.12 if v0 < 1.0 else a + 0.12
                sc.rect(plane, normal, uh - 0.006, uh + 0.006, vh - 0.07, vh + 0.07, handle)


def floor_pattern(sc: Scene, kind, cols, x0, x1, z0, z1, size=None):
    rng = sc.rng
    pl = floor_plane(0.0)
    if kind == "planks":
        w = size or rng.uniform(0.12, 0.2)
        sc.planks(pl, UP, x0, x1, z0, z1, w, 0.8, 1.9, cols[0], amount=0.08)
    elif kind == "checker":
        s = size or rng.uniform(0.25, 0.4)
        a, b = cols[0], cols[1]
        sc.tiles(
            pl,
            UP,
            x0,
            x1,
            z0,
            z1,
            s,
            s,
            lambda i, j: jitter(rng, a if (i + j) % 2 else b, 0.025),
            scale(mix(a, b, 0.5), 0.8),
            gap=(0.004, 0.004),
            origin=(0.0, z1),
        )
    elif kind == "diagonal":
        s = size or rng.uniform(0.22, 0.32)
        diagonal_tiles(sc, x0, x1, z0, z1, s, cols)
    elif kind == "large":
        s = size or rng.choice((0.6, 0.6, 0.9))
        sc.tiles(
            pl,
            UP,
            x0,
            x1,
            z0,
            z1,
            s,
            s * rng.choice((1, 1, 2)),
            lambda i, j: jitter(rng, cols[0], 0.035),
            scale(cols[0], 0.74),
            gap=(0.006, 0.006),
            stagger=rng.choice((0.0, 0.5)),
            origin=(0.0, z1),
        )
    elif kind == "marble":
        s = size or rng.choice((0.6, 0.6, 0.75))
        sc.tiles(
            pl,
            UP,
            x0,
            x1,
            z0,
            z1,
            s,
            s,
            lambda i, j: jitter(rng, cols[0], 0.045),
            scale(cols[0], 0.8),
            gap=(0.004, 0.004),
            origin=(0.0, z1),
        )
    elif kind == "mosaic":
        s = size or 0.1
        accent = cols[1]
        sc.tiles(
            pl,
            UP,
            x0,
            x1,
            z0,
            z1,
            s,
            s,
            lambda i, j: jitter(
                rng, accent if (i + j) % 4 == 0 and (i - j) % 8 == 0 else cols[0], 0.03
            ),
            scale(cols[0], 0.8),
            gap=(0.006, 0.006),
            origin=(0.0, z1),
        )
    elif kind == "plank-tile":
        sc.tiles(
            pl,
            UP,
            x0,
            x1,
            z0,
            z1,
            0.2,
            1.2,
            lambda i, j: jitter(rng, cols[0], 0.09),
            scale(cols[0], 0.7),
            gap=(0.004, 0.004),
            stagger=lambda j: (j * 0.37) % 1.0,
            origin=(0.0, z1),
        )
    elif kind == "hex":
        hex_tiles(sc, x0, x1, z0, z1, size or rng.uniform(0.1, 0.16), cols)


def diagonal_tiles(sc: Scene, x0, x1, z0, z1, s, cols):
    rng = sc.rng
    sc.rect(floor_plane(), UP, x0, x1, z0, z1, scale(mix(cols[0], cols[1], 0.5), 0.8))
    lk = sc.lit((255, 255, 255), UP)[0] / 255
    h = s / math.sqrt(2)
    g = 0.003
    for j in range(int((z0 - 1) / h) - 1, int(z1 / h) + 2):
        for i in range(int(x0 / h) - 2, int(x1 / h) + 2):
            if (i + j) % 2:
                continue
            cx, cz = i * h, j * h
            pts = [(cx, cz - h + g), (cx + h - g, cz), (cx, cz + h - g), (cx - h + g, cz)]
            for axis, val, sign in ((0, x0, 1), (0, x1, -1), (1, z0, 1), (1, z1, -1)):
                pts = clip_poly(pts, axis, val, sign)
                if len(pts) < 3:
                    break
            if len(pts) < 3:
                continue
            col = cols[i % 2]
            sc.poly([(u, 0.0, v) for u, v in pts], scale(jitter(rng, col, 0.025), lk))


def hex_tiles(sc: Scene, x0, x1, z0, z1, r, cols):
    rng = sc.rng
    sc.rect(floor_plane(), UP, x0, x1, z0, z1, scale(cols[0], 0.78))
    lk = sc.lit((255, 255, 255), UP)[0] / 255
    dx = math.sqrt(3) * r
    dz = 1.5 * r
    rr = r - 0.006
    corners = [
        (math.cos(math.radians(60 * k + 30)) * rr, math.sin(math.radians(60 * k + 30)) * rr)
        for k in range(6)
    ]
    for j in range(int(z0 / dz) - 1, int(z1 / dz) + 2):
        for i in range(int(x0 / dx) - 1, int(x1 / dx) + 2):
            cx = i * dx + (dx / 2 if j % 2 else 0)
            cz = j * dz
            pts = [(cx + a, cz + b) for a, b in corners]
            for axis, val, sign in ((0, x0, 1), (0, x1, -1), (1, z0, 1), (1, z1, -1)):
                pts = clip_poly(pts, axis, val, sign)
                if len(pts) < 3:
                    break
            if len(pts) < 3:
                continue
            col = cols[1] if len(cols) > 1 and rng.random() < 0.12 else cols[0]
            sc.poly([(u, 0.0, v) for u, v in pts], scale(jitter(rng, col, 0.03), lk))


def framed_art(sc: Scene, plane, normal, u0, u1, v0, v1, frame, palette):
    rng = sc.rng
    sc.rect(plane, normal, u0, u1, v0, v1, frame)
    m = (u1 - u0) * 0.09
    a, b, c, d = u0 + m, u1 - m, v0 + m, v1 - m
    sc.rect(plane, normal, a, b, c, d, (238, 234, 226))
    m2 = (b - a) * 0.08
    a, b, c, d = a + m2, b - m2, c + m2, d - m2
    kind = rng.randint(0, 2)
    if kind == 0:  # landscape bands
        cuts = sorted(rng.uniform(0.2, 0.8) for _ in range(2))
        sc.rect(plane, normal, a, b, c, d, palette[0])
        sc.rect(plane, normal, a, b, c, c + (d - c) * cuts[1], palette[1])
        sc.rect(plane, normal, a, b, c, c + (d - c) * cuts[0], palette[2])
    elif kind == 1:  # blocks
        sc.rect(plane, normal, a, b, c, d, palette[0])
        mid = a + (b - a) * rng.uniform(0.35, 0.65)
        sc.rect(plane, normal, a, mid, c, c + (d - c) * 0.6, palette[1])
        sc.rect(plane, normal, mid, b, c + (d - c) * 0.3, d, palette[2])
    else:  # sun over hills
        sc.rect(plane, normal, a, b, c, d, palette[0])
        uc = a + (b - a) * rng.uniform(0.3, 0.7)
        sc.blob(plane(uc, c + (d - c) * 0.62), (b - a) * 0.13, sc.lit(palette[2], normal))
        pts = (
            [(a, c)]
            + [(a + (b - a) * k / 6, c + (d - c) * rng.uniform(0.15, 0.45)) for k in range(7)]
            + [(b, c)]
        )
        sc.uvpoly(plane, normal, pts, palette[1])


def plant(sc: Scene, x, z, h, pot, leaf):
    sc.box(x - 0.14, x + 0.14, 0, 0.32, z - 0.14, z + 0.14, pot, shadow=90)
    sc.foliage((x, 0.32 + h * 0.5, z), h * 0.45, leaf, n=11, squash=1.1)


def lamp(sc: Scene, x, y, z, shade, base=(70, 60, 52)):
    sc.box(x - 0.015, x + 0.015, y, y + 0.38, z - 0.015, z + 0.015, base)
    top, bot = y + 0.62, y + 0.36
    q1, q2 = sc.point((x, top, z)), sc.point((x, bot, z))
    if q1 and q2:
        r1, r2 = sc.f * 0.1 / q1[2], sc.f * 0.17 / q2[2]
        sc.d.polygon(
            [(q1[0] - r1, q1[1]), (q1[0] + r1, q1[1]), (q2[0] + r2, q2[1]), (q2[0] - r2, q2[1])],
            fill=shade,
        )
        sc.gd.ellipse(
            [q2[0] - r2 * 2.2, q2[1] - r2 * 1.6, q2[0] + r2 * 2.2, q2[1] + r2 * 1.2], fill=235
        )


def pendant(sc: Scene, x, z, ceiling, drop, shade, cord=(40, 40, 40)):
    yb = ceiling - drop
    sc.line((x, ceiling, z), (x, yb + 0.2, z), cord, 0.008)
    q1, q2 = sc.point((x, yb + 0.2, z)), sc.point((x, yb, z))
    if not (q1 and q2):
        return
    r1, r2 = sc.f * 0.04 / q1[2], sc.f * 0.17 / q2[2]
    sc.d.polygon(
        [(q1[0] - r1, q1[1]), (q1[0] + r1, q1[1]), (q2[0] + r2, q2[1]), (q2[0] - r2, q2[1])],
        fill=shade,
    )
    sc.d.ellipse(
        [q2[0] - r2, q2[1] - r2 * 0.18, q2[0] + r2, q2[1] + r2 * 0.18], fill=(255, 244, 220)
    )
    sc.gd.ellipse([q2[0] - r2 * 2, q2[1] - r2 * 1.2, q2[0] + r2 * 2, q2[1] + r2 * 2.2], fill=230)


def interior_camera(
    rng, rw, eye=(1.45, 1.7), pitch=(-8, -3), focal=(980, 1180), yaw=9, window_side=0
):
    return dict(
        ambient=0.8,
        key=0.3,
        pos=(rng.uniform(-0.18, 0.18) * rw, rng.uniform(*eye), 0.0),
        yaw=rng.uniform(-yaw, yaw),
        pitch=rng.uniform(*pitch),
        focal=rng.uniform(*focal),
        light=(-0.7 * window_side if window_side else rng.uniform(-0.3, 0.3), 0.55, -0.75),
    )


SKIES = (
    (hexc("#8fb4d9"), hexc("#e6eef2")),
    (hexc("#a7c4dc"), hexc("#f3ead8")),
    (hexc("#7fa6cf"), hexc("#dfe9ef")),
    (hexc("#b5c7d6"), hexc("#f1e2cc")),
)
LEAVES = (hexc("#6f8f5a"), hexc("#5f7f4f"), hexc("#7f9a63"), hexc("#58764c"))


# -- the eight subjects ------------------------------------------------------------------------

KITCHENS = (
    dict(
        cab="#ecebe6",
        upper="#ecebe6",
        counter="#e9e6e1",
        splash="#f3f1ec",
        wall="#efe9e0",
        floor=("planks", ("#b9895a",)),
        island="#35465e",
        metal="#b08d57",
    ),
    dict(
        cab="#9cab94",
        upper="#e9e7e0",
        counter="#efece6",
        splash="#e8e1d2",
        wall="#f0ebe3",
        floor=("planks", ("#c9a57a",)),
        island="#9cab94",
        metal="#2f2f2f",
    ),
    dict(
        cab="#2f3e55",
        upper="#f0eee9",
        counter="#ebe8e3",
        splash="#f5f3ef",
        wall="#e9e6e0",
        floor=("large", ("#c9c3ba",)),
        island="#2f3e55",
        metal="#b89a62",
    ),
    dict(
        cab="#b3aa9d",
        upper="#b3aa9d",
        counter="#a8794f",
        splash="#d7dbdc",
        wall="#f2eee6",
        floor=("checker", ("#2e2e30", "#ecebe7")),
        island="#a8794f",
        metal="#3a3a3a",
    ),
    dict(
        cab="#b8875a",
        upper="#b8875a",
        counter="#f1eee8",
        splash="#9db7c9",
        wall="#f3efe7",
        floor=("large", ("#c98f6b",)),
        island="#eeebe4",
        metal="#2d2d2d",
    ),
    dict(
        cab="#46484c",
        upper="#46484c",
        counter="#e8e5df",
        splash="#ecebe8",
        wall="#e7e3dc",
        floor=("planks", ("#8a5f3e",)),
        island="#b48a60",
        metal="#c0a06a",
    ),
)


def scene_kitchen(rng: random.Random) -> Image.Image:
    p = {k: (hexc(v) if isinstance(v, str) else v) for k, v in rng.choice(KITCHENS).items()}
    p = {
        k: (jitter(rng, v, 0.03, 0.01) if isinstance(v, tuple) and len(v) == 3 else v)
        for k, v in p.items()
    }
    rw, rh, rd = rng.uniform(4.4, 5.8), rng.uniform(2.7, 3.0), rng.uniform(4.6, 5.8)
    sc = Scene(rng, **interior_camera(rng, rw))
    x0, x1 = -rw / 2, rw / 2
    room_shell(sc, rw, rh, rd, p["wall"], scale(p["wall"], 1.02), p["splash"])
    kind, fcols = p["floor"]
    floor_pattern(sc, kind, [hexc(c) for c in fcols], x0, x1, 0.15, rd)
    room_ao(sc, rw, rh, rd)
    sky_top, sky_low = rng.choice(SKIES)
    # back wall: backsplash, window over the sink
    wx = rng.uniform(-0.6, 0.6)
    ww = rng.uniform(1.0, 1.5)
    sc.tiles(
        zplane(rd),
        TOWARD,
        x0,
        x1,
        0.92,
        1.5,
        0.15,
        0.075,
        lambda i, j: jitter(rng, p["splash"], 0.03),
        scale(p["splash"], 0.86),
        gap=(0.003, 0.003),
        stagger=0.5,
    )
    window(
        sc,
        zplane(rd - 0.001),
        TOWARD,
        wx - ww / 2,
        wx + ww / 2,
        1.1,
        2.15,
        (246, 245, 240),
        sky_top,
        sky_low,
        cols=2,
        rows=1,
        greenery=rng.choice(LEAVES),
    )
    # upper cabinets or shelves either side of the window
    upper_top = min(rh - 0.05, rng.uniform(2.25, 2.45))
    shelves = rng.random() < 0.35
    for a, b in ((x0, wx - ww / 2 - 0.2), (wx + ww / 2 + 0.2, x1)):
        if b - a < 0.35:
            continue
        if shelves:
            for y in (1.65, 2.05):
                sc.box(a + 0.1, b - 0.1, y, y + 0.04, rd - 0.28, rd, scale(p["island"], 1.0))
                u = a + 0.2
                while u < b - 0.35:
                    w = rng.uniform(0.08, 0.16)
                    h = rng.uniform(0.12, 0.28)
                    sc.box(
                        u,
                        u + w,
                        y + 0.04,
                        y + 0.04 + h,
                        rd - 0.2,
                        rd - 0.08,
                        jitter(
                            rng,
                            rng.choice([(236, 233, 226), (197, 183, 160), (120, 130, 120)]),
                            0.05,
                        ),
                    )
                    u += w + rng.uniform(0.05, 0.25)
        else:
            sc.box(a, b, 1.5, upper_top, rd - 0.35, rd, p["upper"], shadow=0)
            n = max(1, round((b - a) / 0.5))
            doors_on(
                sc,
                zplane(rd - 0.35),
                TOWARD,
                a,
                b,
                1.5,
                upper_top,
                p["upper"],
                n,
                handle=p["metal"],
            )
    # base run along the back wall
    sc.box(x0, x1, 0, 0.1, rd - 0.56, rd, scale(p["cab"], 0.45))
    sc.box(x0, x1, 0.1, 0.88, rd - 0.6, rd, p["cab"])
    n = max(2, round(rw / 0.55))
    doors_on(
        sc, zplane(rd - 0.6), TOWARD, x0, x1, 0.1, 0.88, p["cab"], n, handle=p["metal"], drawer=0.17
    )
    sc.box(x0, x1, 0.88, 0.92, rd - 0.64, rd, p["counter"], top=scale(p["counter"], 1.02))
    sc.rect(
        floor_plane(0.921),
        UP,
        wx - 0.35,
        wx + 0.35,
        rd - 0.52,
        rd - 0.12,
        scale(p["counter"], 0.72),
    )
    sc.box(wx - 0.015, wx + 0.015, 0.92, 1.2, rd - 0.1, rd - 0.07, p["metal"])
    sc.box(wx - 0.015, wx + 0.015, 1.18, 1.21, rd - 0.28, rd - 0.07, p["metal"])
    # side run (L-shape) and a tall fridge
    side = rng.choice((-1, 1))
    if rng.random() < 0.55:
        zs = rd - rng.uniform(2.2, 3.0)
        xa, xb = (x0, x0 + 0.6) if side < 0 else (x1 - 0.6, x1)
        kx = (xa, xb - 0.06) if side < 0 else (xa + 0.06, xb)
        sc.box(*kx, 0, 0.1, zs + 0.06, rd - 0.6, scale(p["cab"], 0.45), shadow=60)
        sc.box(xa, xb, 0.1, 0.88, zs, rd - 0.6, p["cab"])
        fx = xb if side < 0 else xa
        doors_on(
            sc,
            xplane(fx),
            RIGHT if side < 0 else LEFT,
            zs,
            rd - 0.6,
            0.1,
            0.88,
            p["cab"],
            max(1, round((rd - 0.6 - zs) / 0.55)),
            handle=p["metal"],
            drawer=0.17,
        )
        sc.box(
            xa - (0.03 if side > 0 else 0),
            xb + (0.03 if side < 0 else 0),
            0.88,
            0.92,
            zs - 0.03,
            rd - 0.6,
            p["counter"],
            top=scale(p["counter"], 1.02),
        )
    elif rng.random() < 0.6:
        xa, xb = (x0, x0 + 0.75) if side < 0 else (x1 - 0.75, x1)
        sc.box(xa, xb, 0, 1.9, rd - 1.5, rd - 0.7, (196, 198, 200), shadow=80)
    sc.flush_shadows()
    # island with stools, pendants above
    if rng.random() < 0.7:
        ic = rng.uniform(-0.4, 0.4)
        il = rng.uniform(1.6, 2.3)
        iz = rd - rng.uniform(2.2, 2.6)
        sc.box(ic - il / 2, ic + il / 2, 0, 0.9, iz - 0.45, iz + 0.45, p["island"], shadow=110)
        doors_on(
            sc,
            zplane(iz - 0.45),
            TOWARD,
            ic - il / 2,
            ic + il / 2,
            0.05,
            0.9,
            p["island"],
            max(2, round(il / 0.55)),
            style=rng.choice(("shaker", "slab")),
            handle=p["metal"],
        )
        sc.box(
            ic - il / 2 - 0.05,
            ic + il / 2 + 0.05,
            0.9,
            0.94,
            iz - 0.55,
            iz + 0.5,
            p["counter"],
            top=scale(p["counter"], 1.03),
        )
        sc.flush_shadows()
        if rng.random() < 0.6:
            for k in range(rng.randint(2, 3)):
                sx = ic - il / 2 + il * (k + 0.5) / 3
                sz = iz - 0.85
                sc.box(sx - 0.02, sx + 0.02, 0, 0.62, sz - 0.02, sz + 0.02, (50, 45, 40), shadow=60)
                sc.box(
                    sx - 0.19,
                    sx + 0.19,
                    0.62,
                    0.67,
                    sz - 0.19,
                    sz + 0.19,
                    jitter(rng, (150, 110, 75), 0.05),
                )
        for k in range(rng.randint(2, 3)):
            n = 3 if k == 2 else 2
            pendant(
                sc,
                ic - il / 2 + il * (k + 0.5) / n,
                iz,
                rh,
                rh - 1.75,
                rng.choice([(40, 40, 42), (235, 232, 225), p["metal"]]),
            )
    gc = rng.choice(((255, 238, 210), (255, 244, 228), (246, 240, 232)))
    return sc.finish(glow_colour=gc)


BATHROOMS = (
    dict(
        tile="#f1f0ec",
        floor=("hex", ("#dcdad6", "#2f3440")),
        vanity="#2f4158",
        wall="#e9e7e2",
        metal="#c5a46a",
    ),
    dict(
        tile="#c9dce6",
        floor=("mosaic", ("#f2f1ee", "#7fa3b8")),
        vanity="#b58a5e",
        wall="#eef2f2",
        metal="#bcbcbc",
    ),
    dict(
        tile="#b9c8b2",
        floor=("large", ("#e4e1db",)),
        vanity="#f0efe9",
        wall="#f1eee7",
        metal="#b39060",
    ),
    dict(
        tile="#e9e8e6",
        floor=("checker", ("#2c2f36", "#ecebe8")),
        vanity="#6b4a34",
        wall="#ece9e4",
        metal="#2a2a2a",
    ),
    dict(
        tile="#8fb0c9",
        floor=("hex", ("#f0efec", "#8fb0c9")),
        vanity="#f2f1ec",
        wall="#f4f2ee",
        metal="#c2c2c2",
    ),
    dict(
        tile="#e8ddd2",
        floor=("large", ("#b9aea2",)),
        vanity="#7a5b44",
        wall="#f1ebe4",
        metal="#a88c5e",
    ),
)


def scene_bathroom(rng: random.Random) -> Image.Image:
    p = {k: (hexc(v) if isinstance(v, str) else v) for k, v in rng.choice(BATHROOMS).items()}
    tile_col, wall = jitter(rng, p["tile"], 0.03), p["wall"]
    rw, rh, rd = rng.uniform(2.6, 3.4), rng.uniform(2.45, 2.7), rng.uniform(2.8, 3.8)
    sc = Scene(
        rng, **interior_camera(rng, rw * 0.6, eye=(1.45, 1.62), pitch=(-9, -3), focal=(860, 980))
    )
    sc.pz = -0.6
    x0, x1 = -rw / 2, rw / 2
    room_shell(sc, rw, rh, rd, wall, scale(wall, 1.03), scale(wall, 0.9))
    kind, fcols = p["floor"]
    floor_pattern(sc, kind, [hexc(c) for c in fcols], x0, x1, 0.15, rd)
    room_ao(sc, rw, rh, rd)
    full = rng.random() < 0.5
    top = rh if full else rng.uniform(1.1, 1.3)
    tw, th = rng.choice(((0.15, 0.075), (0.2, 0.2), (0.3, 0.15), (0.1, 0.1)))
    stag = 0.5 if tw > th else 0.0
    grout = scale(tile_col, 0.84)
    tilef = lambda i, j: jitter(rng, tile_col, 0.025)  # noqa: E731
    sc.tiles(
        zplane(rd), TOWARD, x0, x1, 0, rh, tw, th, tilef, grout, gap=(0.003, 0.003), stagger=stag
    )
    sc.tiles(
        xplane(x0), RIGHT, 0.15, rd, 0, top, tw, th, tilef, grout, gap=(0.003, 0.003), stagger=stag
    )
    sc.tiles(
        xplane(x1), LEFT, 0.15, rd, 0, top, tw, th, tilef, grout, gap=(0.003, 0.003), stagger=stag
    )
    if not full:
        for x, n in ((x0, RIGHT), (x1, LEFT)):
            sc.rect(xplane(x), n, 0.15, rd, top, top + 0.03, scale(tile_col, 0.9))
    # frosted window high on the back wall, or a ceiling light
    if rng.random() < 0.6:
        wx = rng.uniform(-0.5, 0.5) * rw / 2
        window(
            sc,
            zplane(rd - 0.001),
            TOWARD,
            wx - 0.4,
            wx + 0.4,
            1.6,
            2.2,
            (245, 245, 242),
            (236, 240, 242),
            (222, 228, 232),
            cols=1,
            rows=0,
            glow=230,
            trim=0.05,
        )
    else:
        q = sc.point((0, rh, rd / 2))
        if q:
            sc.gd.ellipse([q[0] - 260, q[1] - 120, q[0] + 260, q[1] + 160], fill=150)
    # tub or shower across the back, vanity on a side wall
    vside = rng.choice((-1, 1))
    if rng.random() < 0.55:
        sc.box(x0, x1, 0, 0.56, rd - 0.76, rd, (245, 245, 243), top=(250, 250, 249), shadow=60)
        sc.rect(floor_plane(0.561), UP, x0 + 0.08, x1 - 0.08, rd - 0.68, rd - 0.08, (225, 229, 231))
        sx = x1 - 0.3 if vside < 0 else x0 + 0.3
        sc.box(sx - 0.02, sx + 0.02, 1.0, 1.9, rd - 0.04, rd, p["metal"])
        sc.box(sx - 0.06, sx + 0.06, 1.86, 1.9, rd - 0.22, rd, p["metal"])
    else:
        sx = rng.uniform(-0.3, 0.3)
        sc.box(sx - 0.02, sx + 0.02, 1.0, 2.0, rd - 0.04, rd, p["metal"])
        sc.box(sx - 0.12, sx + 0.12, 1.97, 2.0, rd - 0.35, rd - 0.2, p["metal"])
        glass = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        gd = ImageDraw.Draw(glass)
        gx = rng.uniform(-0.2, 0.3) * rw
        sc.poly(
            [(gx, 0.02, rd - 1.0), (gx, 0.02, rd), (gx, 2.0, rd), (gx, 2.0, rd - 1.0)],
            (225, 238, 242, 70),
            gd,
        )
        sc.img = Image.alpha_composite(sc.img.convert("RGBA"), glass).convert("RGB")
        sc.d = ImageDraw.Draw(sc.img)
        sc.line((gx, 2.0, rd - 1.0), (gx, 0.02, rd - 1.0), p["metal"], 0.012)
    sc.flush_shadows()
    vz0 = rng.uniform(0.9, 1.4)
    vlen = rng.uniform(0.9, 1.3)
    if vside < 0:
        vx0, vx1, face, fn = x0, x0 + 0.52, x0 + 0.52, RIGHT
        mirror_x, mn = x0 + 0.002, RIGHT
    else:
        vx0, vx1, face, fn = x1 - 0.52, x1, x1 - 0.52, LEFT
        mirror_x, mn = x1 - 0.002, LEFT
    sc.box(vx0, vx1, 0.18, 0.84, vz0, vz0 + vlen, p["vanity"], shadow=90)
    doors_on(
        sc,
        xplane(face),
        fn,
        vz0,
        vz0 + vlen,
        0.18,
        0.84,
        p["vanity"],
        2,
        style=rng.choice(("shaker", "slab", "slats")),
        handle=p["metal"],
    )
    sc.box(vx0 - 0.01, vx1 + 0.01, 0.84, 0.88, vz0 - 0.02, vz0 + vlen + 0.02, (240, 239, 236))
    sc.rect(
        floor_plane(0.881),
        UP,
        min(vx0, vx1) + 0.1,
        max(vx0, vx1) - 0.1,
        vz0 + vlen / 2 - 0.2,
        vz0 + vlen / 2 + 0.2,
        (214, 218, 220),
    )
    mz0, mz1 = vz0 + vlen / 2 - 0.35, vz0 + vlen / 2 + 0.35
    sc.rect(xplane(mirror_x), mn, mz0 - 0.03, mz1 + 0.03, 1.15, 1.95, p["metal"])
    for k in range(6):
        va, vb = 1.18 + 0.74 * k / 6, 1.18 + 0.74 * (k + 1) / 6
        sc.rect(
            xplane(mirror_x), mn, mz0, mz1, va, vb, mix((178, 190, 196), (226, 232, 234), k / 5)
        )
    for z in (mz0 - 0.14, mz1 + 0.14):
        sc.blob((mirror_x - vside * 0.05, 1.75, z), 0.045, (255, 246, 226))
        sc.blob((mirror_x - vside * 0.05, 1.75, z), 0.25, 170, layer=sc.gd)
    # towel
    tz = vz0 + vlen + rng.uniform(0.3, 0.6)
    if tz < rd - 0.9:
        tx = mirror_x - vside * 0.03
        sc.box(
            min(tx, tx - vside * 0.04),
            max(tx, tx - vside * 0.04),
            0.9,
            1.4,
            tz,
            tz + 0.45,
            jitter(rng, rng.choice([(236, 232, 224), (176, 190, 176), (205, 180, 160)]), 0.04),
        )
    if rng.random() < 0.5:
        plant(sc, -vside * (rw / 2 - 0.3), rd - 1.1, 0.55, (225, 222, 215), rng.choice(LEAVES))
    return sc.finish(glow_colour=(252, 248, 240), vignette=0.26)


WOODS = (hexc("#6e4a33"), hexc("#9a6a45"), hexc("#b98b5f"), hexc("#7a3f2e"), hexc("#a57a52"))
PAINTED = (hexc("#8fa08c"), hexc("#3e4f66"), hexc("#e8e2d4"), hexc("#b5835a"))
WALLS_WARM = (
    hexc("#efe6d8"),
    hexc("#e4d3bd"),
    hexc("#d9c7ad"),
    hexc("#c9d0c0"),
    hexc("#e8dcd0"),
    hexc("#d6dde0"),
)


def piece_dresser(sc, x, z, wood, depth=0.5):
    rng = sc.rng
    w = rng.uniform(1.1, 1.6)
    h = rng.uniform(0.8, 1.0)
    legs = 0.14
    sc.contact(x - w / 2, x + w / 2, z - depth / 2, z + depth / 2, 120)
    for lx in (x - w / 2 + 0.04, x + w / 2 - 0.07):
        for lz in (z - depth / 2 + 0.04, z + depth / 2 - 0.07):
            sc.box(lx, lx + 0.03, 0, legs, lz, lz + 0.03, scale(wood, 0.8))
    body = rng.choice((wood, wood, rng.choice(PAINTED)))
    sc.box(x - w / 2, x + w / 2, legs, h, z - depth / 2, z + depth / 2, body)
    sc.box(
        x - w / 2 - 0.02,
        x + w / 2 + 0.02,
        h,
        h + 0.03,
        z - depth / 2 - 0.02,
        z + depth / 2 + 0.02,
        scale(wood, 1.05),
    )
    rows = rng.randint(3, 4)
    hh = (h - legs - 0.04) / rows
    for r in range(rows):
        a = legs + 0.02 + r * hh
        doors_on(
            sc,
            zplane(z - depth / 2),
            TOWARD,
            x - w / 2 + 0.03,
            x + w / 2 - 0.03,
            a,
            a + hh,
            body,
            2 if r == rows - 1 else 1,
            style="slab",
            handle=(196, 170, 120),
            knobs=True,
        )
    return w, h


def piece_sideboard(sc, x, z, wood):
    rng = sc.rng
    w, h, d, legs = rng.uniform(1.5, 2.0), 0.78, 0.45, 0.24
    sc.contact(x - w / 2, x + w / 2, z - d / 2, z + d / 2, 90)
    for lx in (x - w / 2 + 0.06, x + w / 2 - 0.09):
        for lz in (z - d / 2 + 0.04, z + d / 2 - 0.07):
            sc.box(lx, lx + 0.03, 0, legs, lz, lz + 0.03, scale(wood, 0.7))
    sc.box(x - w / 2, x + w / 2, legs, h, z - d / 2, z + d / 2, wood, top=scale(wood, 1.08))
    doors_on(
        sc,
        zplane(z - d / 2),
        TOWARD,
        x - w / 2 + 0.02,
        x + w / 2 - 0.02,
        legs + 0.02,
        h - 0.02,
        wood,
        rng.randint(3, 4),
        style="slats",
        handle=(60, 50, 40),
    )
    return w, h


def piece_table(sc, x, z, wood):
    rng = sc.rng
    w, d, h = rng.uniform(1.4, 1.9), rng.uniform(0.8, 0.95), 0.75
    seat = rng.choice(PAINTED + (wood,))
    chairs = []
    for k in range(rng.randint(2, 3)):
        cx = x - w / 2 + w * (k + 0.5) / 3 if w > 1.6 else x - w / 2 + w * (k + 0.5) / 2.6
        chairs.append((cx, z + d / 2 + 0.35, 1))
    sc.contact(x - w / 2, x + w / 2, z - d / 2, z + d / 2 + 0.5, 80)
    for cx, cz, side in chairs:  # the far chairs first
        chair(sc, cx, cz, side, scale(wood, 0.95), seat)
    for lx in (x - w / 2 + 0.05, x + w / 2 - 0.1):
        for lz in (z - d / 2 + 0.05, z + d / 2 - 0.1):
            sc.box(lx, lx + 0.05, 0, h - 0.04, lz, lz + 0.05, scale(wood, 0.85))
    sc.box(
        x - w / 2 + 0.05,
        x + w / 2 - 0.05,
        h - 0.1,
        h - 0.04,
        z - d / 2 + 0.05,
        z + d / 2 - 0.05,
        scale(wood, 0.9),
    )
    sc.box(x - w / 2, x + w / 2, h - 0.04, h, z - d / 2, z + d / 2, wood, top=scale(wood, 1.1))
    if rng.random() < 0.7:
        sc.blob((x + rng.uniform(-0.3, 0.3), h + 0.12, z), 0.12, rng.choice(LEAVES))
    for k in range(rng.randint(0, 2)):
        cx = x - w / 2 + w * (k + 0.5) / 2
        chair(sc, cx, z - d / 2 - 0.3, -1, scale(wood, 0.95), seat)
    return w, h


def chair(sc, x, z, facing, wood, seat):
    s, h = 0.44, 0.46
    for lx in (x - s / 2, x + s / 2 - 0.035):
        for lz in (z - s / 2, z + s / 2 - 0.035):
            sc.box(lx, lx + 0.035, 0, h, lz, lz + 0.035, wood)
    bz = z + s / 2 - 0.035 if facing < 0 else z - s / 2
    if facing > 0:
        sc.box(x - s / 2, x + s / 2, h + 0.05, 0.92, bz, bz + 0.035, wood)
    sc.box(x - s / 2, x + s / 2, h, h + 0.05, z - s / 2, z + s / 2, seat, top=scale(seat, 1.05))
    if facing < 0:
        for lx in (x - s / 2, x + s / 2 - 0.035):
            sc.box(lx, lx + 0.035, h + 0.05, 0.92, bz, bz + 0.035, wood)
        sc.box(x - s / 2, x + s / 2, 0.78, 0.9, bz, bz + 0.035, wood)


def piece_bookcase(sc, x, z, wood):
    rng = sc.rng
    w, h, d = rng.uniform(0.9, 1.3), rng.uniform(1.7, 2.0), 0.36
    sc.contact(x - w / 2, x + w / 2, z - d / 2, z + d / 2, 110)
    sc.box(x - w / 2, x + w / 2, 0, h, z - d / 2, z + d / 2, wood)
    t = 0.03
    sc.rect(zplane(z - d / 2), TOWARD, x - w / 2 + t, x + w / 2 - t, 0.1, h - t, scale(wood, 0.55))
    shelves = rng.randint(4, 5)
    step = (h - 0.1 - t) / shelves
    for k in range(shelves):
        y = 0.1 + k * step
        sc.rect(zplane(z - d / 2), TOWARD, x - w / 2 + t, x + w / 2 - t, y, y + 0.025, wood)
        u = x - w / 2 + t + rng.uniform(0.0, 0.1)
        while u < x + w / 2 - t - 0.05:
            bw = rng.uniform(0.025, 0.05)
            if rng.random() < 0.12:
                u += rng.uniform(0.08, 0.2)
                continue
            bh = step * rng.uniform(0.55, 0.85)
            col = jitter(
                rng,
                rng.choice(
                    [
                        (160, 80, 60),
                        (70, 90, 110),
                        (200, 185, 150),
                        (90, 110, 80),
                        (180, 150, 110),
                        (60, 60, 70),
                    ]
                ),
                0.1,
            )
            sc.rect(
                zplane(z - d / 2 + 0.04),
                TOWARD,
                u,
                min(u + bw, x + w / 2 - t),
                y + 0.025,
                y + 0.025 + bh,
                col,
            )
            u += bw + 0.003
    return w, h


def armchair(sc, x, z, fabric, wood):
    sc.contact(x - 0.45, x + 0.45, z - 0.42, z + 0.42, 110)
    for lx in (x - 0.38, x + 0.34):
        for lz in (z - 0.35, z + 0.31):
            sc.box(lx, lx + 0.04, 0, 0.14, lz, lz + 0.04, wood)
    sc.box(x - 0.42, x + 0.42, 0.72, 0.95, z + 0.2, z + 0.4, fabric)
    sc.box(x - 0.42, x + 0.42, 0.14, 0.42, z - 0.4, z + 0.4, scale(fabric, 0.95))
    sc.box(x - 0.3, x + 0.3, 0.42, 0.5, z - 0.38, z + 0.2, scale(fabric, 1.05))
    sc.box(x - 0.42, x - 0.3, 0.42, 0.62, z - 0.4, z + 0.4, fabric)
    sc.box(x + 0.3, x + 0.42, 0.42, 0.62, z - 0.4, z + 0.4, fabric)


def scene_furniture(rng: random.Random) -> Image.Image:
    wall = jitter(rng, rng.choice(WALLS_WARM), 0.03)
    wood = jitter(rng, rng.choice(WOODS), 0.05)
    floor_wood = jitter(
        rng, rng.choice((hexc("#c49a6c"), hexc("#a87a50"), hexc("#d2b48c"), hexc("#8c6446")))
    )
    rw, rh, rd = rng.uniform(4.4, 6.0), rng.uniform(2.8, 3.2), rng.uniform(4.2, 5.4)
    wside = rng.choice((-1, 1))
    sc = Scene(
        rng,
        **interior_camera(
            rng, rw * 0.6, eye=(1.2, 1.5), pitch=(-10, -4), focal=(1050, 1250), window_side=wside
        ),
    )
    x0, x1 = -rw / 2, rw / 2
    room_shell(sc, rw, rh, rd, wall, scale(wall, 1.04), floor_wood)
    floor_pattern(sc, "planks", [floor_wood], x0, x1, 0.15, rd, size=rng.uniform(0.14, 0.22))
    room_ao(sc, rw, rh, rd)
    if rng.random() < 0.5:  # wainscot panels
        pc = mix(wall, (250, 248, 242), 0.5)
        for pl, n, a, b in (
            (zplane(rd), TOWARD, x0, x1),
            (xplane(x0), RIGHT, 0.15, rd),
            (xplane(x1), LEFT, 0.15, rd),
        ):
            sc.rect(pl, n, a, b, 0, 0.95, pc)
            u = a + 0.08
            while u < b - 0.5:
                sc.rect(pl, n, u, u + 0.5, 0.18, 0.82, scale(pc, 0.95))
                sc.rect(pl, n, u + 0.02, u + 0.48, 0.2, 0.8, pc)
                u += 0.6
            sc.rect(pl, n, a, b, 0.93, 0.97, scale(pc, 1.03))
    for pl, n, a, b in (
        (zplane(rd), TOWARD, x0, x1),
        (xplane(x0), RIGHT, 0.15, rd),
        (xplane(x1), LEFT, 0.15, rd),
    ):
        sc.rect(pl, n, a, b, 0, 0.1, (244, 242, 236))
    # window on a side wall, with a patch of sun on the floor
    wz = rng.uniform(1.6, rd - 1.6)
    wx = x0 if wside < 0 else x1
    sky_top, sky_low = rng.choice(SKIES)
    window(
        sc,
        xplane(wx - wside * 0.001),
        RIGHT if wside < 0 else LEFT,
        wz - 0.65,
        wz + 0.65,
        0.9,
        2.4,
        (246, 244, 238),
        sky_top,
        sky_low,
        cols=2,
        rows=2,
        greenery=rng.choice(LEAVES),
    )
    sp = -wside * rng.uniform(1.4, 2.2)
    light_patch(
        sc,
        [
            (wx, 0, wz - 0.6),
            (wx + sp, 0, wz - 0.6 - 0.5),
            (wx + sp, 0, wz + 0.6 - 0.5),
            (wx, 0, wz + 0.6),
        ],
        80,
    )
    # art, rug and the pieces
    cx = rng.uniform(-0.5, 0.5)
    sc.flush_shadows()
    if rng.random() < 0.75:
        rz0, rz1 = rd - rng.uniform(3.2, 3.8), rd - rng.uniform(0.6, 1.0)
        rc = jitter(
            rng,
            rng.choice([(176, 120, 96), (120, 140, 160), (196, 180, 150), (140, 150, 120)]),
            0.05,
        )
        sc.rect(floor_plane(0.002), UP, cx - 1.4, cx + 1.4, rz0, rz1, scale(rc, 0.8))
        sc.rect(floor_plane(0.003), UP, cx - 1.3, cx + 1.3, rz0 + 0.1, rz1 - 0.1, rc)
        sc.rect(floor_plane(0.004), UP, cx - 1.1, cx + 1.1, rz0 + 0.3, rz1 - 0.3, scale(rc, 1.1))
    kind = rng.choice(("dresser", "sideboard", "table", "bookcase", "dresser", "table"))
    art = [
        jitter(rng, c, 0.05)
        for c in rng.choice(
            (
                ((214, 196, 160), (150, 160, 140), (120, 110, 90)),
                ((200, 170, 150), (170, 120, 100), (90, 100, 120)),
                ((220, 210, 190), (140, 160, 170), (190, 140, 90)),
            )
        )
    ]
    if kind == "table":
        tz = rd - rng.uniform(2.0, 2.6)
        aw = rng.uniform(0.8, 1.2)
        framed_art(
            sc,
            zplane(rd - 0.001),
            TOWARD,
            cx - aw / 2,
            cx + aw / 2,
            1.3,
            1.3 + aw * 0.75,
            scale(wood, 0.7),
            art,
        )
        pendant(sc, cx, tz, rh, rh - 1.6, rng.choice([(40, 40, 42), (220, 214, 200)]))
        piece_table(sc, cx, tz, wood)
    else:
        fn = {"dresser": piece_dresser, "sideboard": piece_sideboard, "bookcase": piece_bookcase}[
            kind
        ]
        if kind != "bookcase":
            aw = rng.uniform(0.7, 1.1)
            framed_art(
                sc,
                zplane(rd - 0.001),
                TOWARD,
                cx - aw / 2,
                cx + aw / 2,
                1.45,
                1.45 + aw * 0.75,
                scale(wood, 0.7),
                art,
            )
        w, h = fn(sc, cx, rd - 0.3, wood)
        if kind != "bookcase" and rng.random() < 0.6:
            lamp(sc, cx + w / 2 - 0.25, h + 0.03, rd - 0.3, (236, 226, 206))
        if rng.random() < 0.6:
            side = rng.choice((-1, 1))
            armchair(
                sc,
                cx + side * (w / 2 + 0.8),
                rd - 1.5,
                jitter(
                    rng,
                    rng.choice([(180, 150, 120), (120, 130, 110), (170, 100, 80), (200, 190, 170)]),
                ),
                scale(wood, 0.8),
            )
    if rng.random() < 0.5:
        plant(
            sc,
            (x0 + 0.45) if wside > 0 else (x1 - 0.45),
            rd - 0.5,
            rng.uniform(0.6, 1.0),
            rng.choice([(200, 190, 175), (160, 110, 80), (230, 228, 222)]),
            rng.choice(LEAVES),
        )
    return sc.finish(glow_colour=(255, 232, 196), bloom=0.28, tint=(1.02, 1.0, 0.96))


FLOORS = (
    ("checker", ("#2b2c30", "#efeee9")),
    ("checker", ("#b8684a", "#eee4d4")),
    ("diagonal", ("#3d4656", "#ecebe6")),
    ("diagonal", ("#a9b8b0", "#f1efe9")),
    ("large", ("#cfcac2",)),
    ("marble", ("#eceae6",)),
    ("marble", ("#d9d6d0",)),
    ("large", ("#e6e1d8",)),
    ("plank-tile", ("#b08560",)),
    ("plank-tile", ("#9a8f84",)),
    ("mosaic", ("#f0efeb", "#3b5b7a")),
    ("hex", ("#f0eee9", "#35404f")),
    ("hex", ("#c4714f", "#b45f3f")),
    ("planks", ("#c29a6b",)),
    ("large", ("#d9c4a5",)),
)


def scene_floor(rng: random.Random) -> Image.Image:
    kind, cols = rng.choice(FLOORS)
    cols = [jitter(rng, hexc(c), 0.04) for c in cols]
    wall = jitter(rng, rng.choice(WALLS_WARM + ((242, 241, 238), (236, 238, 240))), 0.03)
    rw, rh, rd = rng.uniform(3.6, 5.4), rng.uniform(2.6, 3.0), rng.uniform(4.5, 6.5)
    wside = rng.choice((-1, 1))
    sc = Scene(
        rng,
        **interior_camera(
            rng, rw * 0.5, eye=(1.5, 1.75), pitch=(-24, -12), focal=(980, 1150), window_side=wside
        ),
    )
    x0, x1 = -rw / 2, rw / 2
    room_shell(sc, rw, rh, rd, wall, scale(wall, 1.04), cols[0])
    floor_pattern(sc, kind, cols, x0, x1, 0.15, rd)
    room_ao(sc, rw, rh, rd, strength=60)
    tiled_wall = rng.random() < 0.35
    if tiled_wall:
        wt = jitter(
            rng,
            rng.choice(((236, 236, 232), (150, 176, 170), (60, 80, 104), (214, 196, 176))),
            0.03,
        )
        sc.tiles(
            zplane(rd),
            TOWARD,
            x0,
            x1,
            0,
            rng.choice((1.2, rh)),
            0.15,
            0.075,
            lambda i, j: jitter(rng, wt, 0.02),
            scale(wt, 0.82),
            gap=(0.004, 0.004),
            stagger=0.5,
        )
    for pl, n, a, b in (
        (zplane(rd), TOWARD, x0, x1),
        (xplane(x0), RIGHT, 0.15, rd),
        (xplane(x1), LEFT, 0.15, rd),
    ):
        sc.rect(pl, n, a, b, 0, 0.09, (246, 245, 241))
    # a doorway to a brighter room, a window with a patch of light
    if not tiled_wall and rng.random() < 0.6:
        dx = rng.uniform(-0.5, 0.5) * rw / 2
        sc.rect(zplane(rd - 0.001), TOWARD, dx - 0.5, dx + 0.5, 0, 2.15, (246, 245, 241))
        sc.rect(
            zplane(rd - 0.001),
            TOWARD,
            dx - 0.44,
            dx + 0.44,
            0,
            2.1,
            mix(wall, (255, 252, 245), 0.55),
            raw=True,
        )
        sc.rect(zplane(rd), TOWARD, dx - 0.44, dx + 0.44, 0, 2.1, 120, layer=sc.gd)
    wz = rng.uniform(1.8, rd - 1.2)
    wx = x0 if wside < 0 else x1
    sky_top, sky_low = rng.choice(SKIES)
    window(
        sc,
        xplane(wx - wside * 0.001),
        RIGHT if wside < 0 else LEFT,
        wz - 0.55,
        wz + 0.55,
        0.8,
        2.3,
        (246, 244, 238),
        sky_top,
        sky_low,
        cols=2,
        rows=1,
        greenery=rng.choice(LEAVES),
    )
    sp = -wside * rng.uniform(1.4, 2.4)
    light_patch(
        sc,
        [
            (wx, 0, wz - 0.5),
            (wx + sp, 0, wz - 0.5 - 0.6),
            (wx + sp, 0, wz + 0.5 - 0.6),
            (wx, 0, wz + 0.5),
        ],
        rng.randint(60, 100),
    )
    sc.flush_shadows()
    extra = rng.random()
    if extra < 0.35:
        plant(
            sc,
            rng.choice((x0 + 0.4, x1 - 0.4)),
            rd - 0.45,
            rng.uniform(0.6, 1.0),
            rng.choice([(220, 218, 212), (170, 110, 80)]),
            rng.choice(LEAVES),
        )
    elif extra < 0.6:
        bx = rng.uniform(-0.6, 0.6)
        wood = rng.choice(WOODS)
        sc.box(
            bx - 0.6,
            bx + 0.6,
            0,
            0.45,
            rd - 0.45,
            rd - 0.05,
            wood,
            top=scale(wood, 1.1),
            shadow=110,
        )
    return sc.finish(glow_colour=(255, 242, 220), vignette=0.28)


LUMBER = (hexc("#dcbf8c"), hexc("#d2ad80"), hexc("#c9b088"), hexc("#e0c79a"), hexc("#bca57f"))


def stud_wall_x(sc, x, z0, z1, h, lumber, facing, openings=()):
    """Studs for a wall along z at x (depth 0.089 toward the room: facing = +1 or -1)."""
    rng = sc.rng
    xa, xb = (x, x + 0.089) if facing > 0 else (x - 0.089, x)
    studs = []
    z = z0
    while z < z1 - 0.02:
        studs.append(z)
        z += 0.406
    items = []
    for z in studs:
        op = next((o for o in openings if o[0] - 0.05 < z < o[1] + 0.05), None)
        if op:
            a, b, sill, head = op
            items.append((xa, xb, head + 0.24, h - 0.076, z, z + 0.038))
            if sill > 0.1:
                items.append((xa, xb, 0.038, sill - 0.038, z, z + 0.038))
        else:
            items.append((xa, xb, 0.038, h - 0.076, z, z + 0.038))
    for a, b, sill, head in openings:
        for zz in (a - 0.076, b):
            items.append((xa, xb, 0.038, h - 0.076, zz, zz + 0.038))
        items.append((xa, xb, head, head + 0.24, a - 0.038, b + 0.038))
        if sill > 0.1:
            items.append((xa, xb, sill - 0.038, sill, a, b))
    items.append((xa, xb, 0, 0.038, z0, z1))
    items.append((xa, xb, h - 0.076, h, z0, z1))
    items.sort(key=lambda b: -abs((b[4] + b[5]) / 2 - sc.pz) - abs((b[0] + b[1]) / 2 - sc.px))
    for b in items:
        sc.box(*b, jitter(rng, lumber, 0.06))


def stud_wall_z(sc, z, x0, x1, h, lumber, openings=()):
    rng = sc.rng
    za, zb = z - 0.089, z
    items = []
    x = x0
    while x < x1 - 0.02:
        op = next((o for o in openings if o[0] - 0.05 < x < o[1] + 0.05), None)
        if op:
            a, b, sill, head = op
            items.append((x, x + 0.038, head + 0.24, h - 0.076))
            if sill > 0.1:
                items.append((x, x + 0.038, 0.038, sill - 0.038))
        else:
            items.append((x, x + 0.038, 0.038, h - 0.076))
        x += 0.406
    for a, b, sill, head in openings:
        for xx in (a - 0.076, b):
            items.append((xx, xx + 0.038, 0.038, h - 0.076))
        items.append((a - 0.038, b + 0.038, head, head + 0.24))
        if sill > 0.1:
            items.append((a, b, sill - 0.038, sill))
    items.append((x0, x1, 0, 0.038))
    items.append((x0, x1, h - 0.076, h))
    items.sort(key=lambda b: -abs((b[0] + b[1]) / 2 - sc.px))
    for a, b, y0, y1 in items:
        sc.box(a, b, y0, y1, za, zb, jitter(rng, lumber, 0.06))


def scene_framing(rng: random.Random) -> Image.Image:
    if rng.random() < 0.4:
        return scene_framing_open(rng)
    lumber = jitter(rng, rng.choice(LUMBER), 0.03)
    rw, rh, rd = rng.uniform(4.2, 6.5), rng.uniform(2.5, 2.9), rng.uniform(5.0, 8.0)
    sc = Scene(
        rng,
        **interior_camera(
            rng,
            rw * 0.5,
            eye=(1.45, 1.7),
            pitch=(-7, 3),
            focal=(900, 1150),
            yaw=rng.choice((16, 16, 30)),
            window_side=rng.choice((-1, 1)),
        ),
    )
    x0, x1 = -rw / 2, rw / 2
    sky_top, sky_low = rng.choice(SKIES)
    behind = rng.choice(("osb", "brick", "osb", "block"))
    back = {"osb": hexc("#c6a574"), "brick": hexc("#9c5a45"), "block": hexc("#a7a49e")}[behind]
    back = jitter(rng, back, 0.04)
    ceiling = jitter(rng, hexc("#b89a6e"), 0.05)
    subfloor = rng.choice((hexc("#cdb185"), hexc("#b9a27c"), hexc("#9d9a94")))
    room_shell(sc, rw, rh + 0.3, rd, back, ceiling, subfloor)
    if subfloor[0] == 0x9D:
        sc.rect(floor_plane(), UP, x0, x1, 0.15, rd, subfloor)
    else:
        sc.tiles(
            floor_plane(),
            UP,
            x0,
            x1,
            0.15,
            rd,
            1.22,
            2.44,
            lambda i, j: jitter(rng, subfloor, 0.06),
            scale(subfloor, 0.7),
            gap=(0.006, 0.006),
            stagger=0.5,
            origin=(0, 0),
        )
    # what is behind the studs: sheathing panels, brick or block, with openings to the sky
    for pl, n, u0, u1 in (
        (zplane(rd), TOWARD, x0, x1),
        (xplane(x0), RIGHT, 0.15, rd),
        (xplane(x1), LEFT, 0.15, rd),
    ):
        if behind == "osb":
            sc.tiles(
                pl,
                n,
                u0,
                u1,
                0,
                rh + 0.3,
                1.22,
                2.44,
                lambda i, j: jitter(rng, back, 0.07),
                scale(back, 0.75),
                gap=(0.005, 0.005),
            )
        elif behind == "brick":
            sc.tiles(
                pl,
                n,
                u0,
                u1,
                0,
                rh + 0.3,
                0.2,
                0.067,
                lambda i, j: jitter(rng, back, 0.08, 0.03),
                mix(back, (200, 195, 185), 0.5),
                gap=(0.01, 0.01),
                stagger=0.5,
            )
        else:
            sc.tiles(
                pl,
                n,
                u0,
                u1,
                0,
                rh + 0.3,
                0.4,
                0.2,
                lambda i, j: jitter(rng, back, 0.05),
                scale(back, 0.8),
                gap=(0.01, 0.01),
                stagger=0.5,
            )
    room_ao(sc, rw, rh + 0.3, rd, strength=80)

    def openings_for(u0, u1, maxn):
        out = []
        for _ in range(rng.randint(0, maxn)):
            w = rng.uniform(0.8, 1.5)
            a = rng.uniform(u0 + 0.6, u1 - 0.6 - w)
            if all(a > o[1] + 0.6 or a + w < o[0] - 0.6 for o in out):
                door = rng.random() < 0.3
                out.append(
                    (
                        a,
                        a + w,
                        0.0 if door else rng.uniform(0.8, 1.0),
                        2.05 if door else rng.uniform(1.9, 2.1),
                    )
                )
        return out

    ops_back = openings_for(x0, x1, 2)
    ops_left = openings_for(0.8, rd, 2)
    ops_right = openings_for(0.8, rd, 2)
    for pl, n, ops in (
        (zplane(rd - 0.002), TOWARD, ops_back),
        (xplane(x0 + 0.002), RIGHT, ops_left),
        (xplane(x1 - 0.002), LEFT, ops_right),
    ):
        for a, b, sill, head in ops:
            for k in range(6):
                va, vb = sill + (head - sill) * k / 6, sill + (head - sill) * (k + 1) / 6
                sc.rect(pl, n, a, b, va, vb, mix(sky_low, sky_top, (k + 0.5) / 6), raw=True)
            sc.rect(pl, n, a, b, sill, head, 245, layer=sc.gd)
    sc.flush_shadows()
    # ceiling joists
    jdir = rng.random() < 0.6
    if jdir:
        z = 0.3
        while z < rd:
            sc.box(x0, x1, rh, rh + 0.235, z, z + 0.038, jitter(rng, lumber, 0.05))
            z += 0.406
    else:
        x = x0 + 0.2
        js = []
        while x < x1:
            js.append(x)
            x += 0.406
        js.sort(key=lambda v: -abs(v - sc.px))
        for x in js:
            sc.box(x, x + 0.038, rh, rh + 0.235, 0.15, rd, jitter(rng, lumber, 0.05))
    # studs: back wall, side walls, and maybe a partition in the room
    stud_wall_z(sc, rd, x0, x1, rh, lumber, ops_back)
    stud_wall_x(sc, x0, 0.15, rd, rh, lumber, 1, ops_left)
    stud_wall_x(sc, x1, 0.15, rd, rh, lumber, -1, ops_right)
    sc.flush_shadows()
    if rng.random() < 0.5:
        px = rng.choice((-1, 1)) * rng.uniform(0.6, rw / 2 - 0.9)
        pz0 = rng.uniform(2.0, 3.0)
        door = (pz0 + 0.4, pz0 + 1.3, 0.0, 2.05) if rng.random() < 0.5 else None
        facing = 1 if px > sc.px else -1
        sc.contact(px - 0.1, px + 0.1, pz0, rd, 60)
        stud_wall_x(sc, px, pz0, rd - 0.09, rh, lumber, -facing, (door,) if door else ())
    if rng.random() < 0.6:  # a stack of lumber or drywall on the floor
        sx, sz = rng.uniform(-0.5, 0.5) * rw / 2, rng.uniform(2.2, rd - 1.5)
        if rng.random() < 0.5:
            sc.box(sx - 0.6, sx + 0.6, 0, 0.12, sz - 1.2, sz + 1.2, (215, 214, 210), shadow=140)
        else:
            for k in range(rng.randint(3, 6)):
                yy = 0.04 + k * 0.04
                for m in range(4):
                    sc.box(
                        sx - 0.2 + m * 0.1,
                        sx - 0.115 + m * 0.1,
                        yy,
                        yy + 0.038,
                        sz - 1.8,
                        sz + 1.8,
                        jitter(rng, lumber, 0.06),
                        shadow=120 if k == 0 else 0,
                    )
    gc = rng.choice(((255, 238, 206), (240, 244, 250), (255, 226, 190)))
    return sc.finish(glow_colour=gc, glow_blur=36, vignette=0.3)


def scene_framing_open(rng: random.Random) -> Image.Image:
    """A new frame on its deck, no sheathing yet: studs and rafters against the sky."""
    lumber = jitter(rng, rng.choice(LUMBER), 0.03)
    rw, rh, rd = rng.uniform(4.5, 6.5), rng.uniform(2.5, 2.8), rng.uniform(5.0, 7.5)
    sc = Scene(
        rng,
        pos=(rng.uniform(-0.25, 0.25) * rw, rng.uniform(1.5, 1.7), 0.0),
        yaw=rng.uniform(-25, 25),
        pitch=rng.uniform(-4, 9),
        focal=rng.uniform(880, 1080),
        light=(rng.uniform(-0.7, 0.7), 0.8, -0.4),
        ambient=0.72,
        key=0.35,
    )
    x0, x1 = -rw / 2, rw / 2
    soil = jitter(
        rng, rng.choice(((150, 128, 100), (120, 140, 96), (112, 138, 90), (106, 130, 86)))
    )
    exterior_backdrop(sc, rng, soil)
    if sc.horizon > 60:
        sun = (rng.uniform(0.1, 0.9) * W, rng.uniform(0.1, 0.6) * sc.horizon)
        sc.gd.ellipse([sun[0] - 160, sun[1] - 160, sun[0] + 160, sun[1] + 160], fill=170)
    for _ in range(rng.randint(1, 3)):  # neighbours across the yard
        nx = rng.uniform(-14, 14)
        nz = rd + rng.uniform(8, 16)
        nw = rng.uniform(6, 8)
        facade(
            sc,
            nx - nw / 2,
            nx + nw / 2,
            nz,
            rng.uniform(6, 9),
            jitter(rng, rng.choice(HOUSES), 0.04),
            (236, 232, 222),
            gable=rng.random() < 0.5,
            floors=2,
        )
    for _ in range(rng.randint(1, 3)):
        sc.tree(
            rng.choice((-1, 1)) * rng.uniform(5, 12),
            rd + rng.uniform(3, 8),
            rng.uniform(6, 9),
            rng.uniform(1.8, 2.8),
            rng.choice(LEAVES),
        )
    deck_y = 0.0
    ply = jitter(rng, rng.choice(((214, 186, 140), (200, 176, 136))))
    sc.tiles(
        floor_plane(deck_y),
        UP,
        x0,
        x1,
        0.15,
        rd,
        1.22,
        2.44,
        lambda i, j: jitter(rng, ply, 0.06),
        scale(ply, 0.72),
        gap=(0.006, 0.006),
        stagger=0.5,
        origin=(0, 0),
    )

    def openings(u0, u1):
        out = []
        for _ in range(rng.randint(0, 2)):
            w = rng.uniform(0.8, 1.4)
            a = rng.uniform(u0 + 0.6, u1 - 0.6 - w)
            if all(a > o[1] + 0.6 or a + w < o[0] - 0.6 for o in out):
                door = rng.random() < 0.3
                out.append(
                    (
                        a,
                        a + w,
                        0.0 if door else rng.uniform(0.8, 1.0),
                        2.05 if door else rng.uniform(1.9, 2.1),
                    )
                )
        return out

    if rng.random() < 0.4:  # part of a wall already sheathed
        osb = jitter(rng, hexc("#c6a574"), 0.04)
        side = rng.choice((-1, 1))
        xw = x0 - 0.01 if side < 0 else x1 + 0.01
        a = rng.uniform(0.5, rd / 2)
        sc.tiles(
            xplane(xw),
            RIGHT if side < 0 else LEFT,
            a,
            rd,
            0,
            rh,
            1.22,
            2.44,
            lambda i, j: jitter(rng, osb, 0.07),
            scale(osb, 0.75),
            gap=(0.005, 0.005),
        )
    stud_wall_z(sc, rd, x0, x1, rh, lumber, openings(x0, x1))
    stud_wall_x(sc, x0, 0.15, rd, rh, lumber, 1, openings(0.8, rd))
    stud_wall_x(sc, x1, 0.15, rd, rh, lumber, -1, openings(0.8, rd))
    sc.flush_shadows()
    if rng.random() < 0.65:  # gable rafters and a ridge board
        rise = rng.uniform(1.2, 2.0)
        top = rh + rise
        z = rd - 0.05
        rafters = []
        while z > 0.3:
            rafters.append(z)
            z -= 0.406
        for z in rafters:
            sc.line((x0, rh, z), (0, top, z), scale(lumber, 0.86), 0.075)
            sc.line((x1, rh, z), (0, top, z), scale(lumber, 0.95), 0.075)
        sc.box(-0.02, 0.02, top - 0.24, top, 0.15, rd, scale(lumber, 0.9))
        for z in rafters[::3]:
            sc.line(
                (x0 + 0.5, rh + 0.55 * rise * 0.5, z),
                (x1 - 0.5, rh + 0.55 * rise * 0.5, z),
                lumber,
                0.05,
            )
    else:  # flat roof joists
        z = rd - 0.05
        while z > 0.3:
            sc.box(x0, x1, rh, rh + 0.235, z, z + 0.038, jitter(rng, lumber, 0.05))
            z -= 0.406
    if rng.random() < 0.5:
        sx, sz = rng.uniform(-0.4, 0.4) * rw / 2, rng.uniform(2.0, rd - 1.8)
        for k in range(rng.randint(3, 6)):
            yy = 0.04 + k * 0.04
            for m in range(4):
                sc.box(
                    sx - 0.2 + m * 0.1,
                    sx - 0.115 + m * 0.1,
                    yy,
                    yy + 0.038,
                    sz - 1.6,
                    sz + 1.6,
                    jitter(rng, lumber, 0.06),
                    shadow=120 if k == 0 else 0,
                )
    return sc.finish(
        glow_colour=rng.choice(((255, 240, 214), (255, 228, 196))), glow_blur=60, vignette=0.26
    )


HOUSES = (
    hexc("#9c5a45"),
    hexc("#7b4b3a"),
    hexc("#b9a58a"),
    hexc("#d8d2c4"),
    hexc("#8a8f93"),
    hexc("#a66f55"),
    hexc("#cfc6b6"),
    hexc("#6d7a84"),
)
DOORS = (hexc("#2e3d33"), hexc("#6b2d2a"), hexc("#2b3447"), hexc("#6f4b32"), hexc("#3b3b3b"))


def facade(sc, x0, x1, z, height, colour, trim, door_at=None, stoop=False, gable=False, floors=3):
    """A house front on the plane z, from x0 to x1."""
    rng = sc.rng
    base_h = 1.2 if stoop else 0.4
    sc.box(x0, x1, 0, height, z, z + 10, colour)
    sc.box(x0, x1, 0, base_h, z - 0.05, z, scale(colour, 0.85))
    if gable:
        peak = height + (x1 - x0) * 0.32
        sc.face(
            [
                (x0 - 0.2, height, z - 0.25),
                (x1 + 0.2, height, z - 0.25),
                ((x0 + x1) / 2, peak, z - 0.25),
            ],
            scale(colour, 0.95),
            TOWARD,
        )
        sc.line(
            (x0 - 0.25, height - 0.05, z - 0.3),
            ((x0 + x1) / 2, peak + 0.1, z - 0.3),
            scale(trim, 0.8),
            0.12,
        )
        sc.line(
            (x1 + 0.25, height - 0.05, z - 0.3),
            ((x0 + x1) / 2, peak + 0.1, z - 0.3),
            scale(trim, 0.8),
            0.12,
        )
    else:
        sc.box(
            x0 - 0.05,
            x1 + 0.05,
            height - 0.45,
            height,
            z - 0.35,
            z,
            scale(trim, 0.9),
            top=scale(trim, 1.0),
        )
        sc.box(x0 - 0.05, x1 + 0.05, height - 0.6, height - 0.45, z - 0.2, z, scale(trim, 0.75))
    cols = max(2, int((x1 - x0) / 1.9))
    fh = (height - base_h - 0.8) / floors
    glass_top, glass_low = hexc("#5f7386"), hexc("#a9bac4")
    for f in range(floors):
        y0 = base_h + 0.5 + f * fh
        for c in range(cols):
            cx = x0 + (x1 - x0) * (c + 0.5) / cols
            if door_at is not None and f == 0 and abs(cx - door_at) < (x1 - x0) / cols / 2:
                continue
            a, b = cx - 0.45, cx + 0.45
            v0, v1 = y0 + 0.35, y0 + min(1.85, fh - 0.4)
            sc.rect(zplane(z - 0.001), TOWARD, a - 0.08, b + 0.08, v0 - 0.12, v1 + 0.18, trim)
            for k in range(5):
                va, vb = v0 + (v1 - v0) * k / 5, v0 + (v1 - v0) * (k + 1) / 5
                sc.rect(
                    zplane(z - 0.002),
                    TOWARD,
                    a,
                    b,
                    va,
                    vb,
                    mix(glass_top, glass_low, abs(k - 2.2) / 3),
                )
            sc.rect(
                zplane(z - 0.003), TOWARD, a, b, (v0 + v1) / 2 - 0.025, (v0 + v1) / 2 + 0.025, trim
            )
    if door_at is not None:
        dc = rng.choice(DOORS)
        dy = base_h if stoop else 0.15
        sc.rect(zplane(z - 0.001), TOWARD, door_at - 0.65, door_at + 0.65, dy, dy + 2.75, trim)
        sc.rect(zplane(z - 0.002), TOWARD, door_at - 0.5, door_at + 0.5, dy, dy + 2.3, dc)
        sc.rect(
            zplane(z - 0.002), TOWARD, door_at - 0.5, door_at + 0.5, dy + 2.35, dy + 2.65, glass_low
        )
        for k in range(2):
            sc.rect(
                zplane(z - 0.003),
                TOWARD,
                door_at - 0.42 + k * 0.44,
                door_at - 0.06 + k * 0.44,
                dy + 1.2,
                dy + 2.1,
                scale(dc, 0.88),
            )
        steps = 6 if stoop else 2
        rise = dy / steps
        for k in range(steps):
            sc.box(
                door_at - 0.8,
                door_at + 0.8,
                k * rise,
                (k + 1) * rise,
                z - 0.3 * (steps - k),
                z,
                (190, 184, 174) if not stoop else scale(colour, 0.92),
                shadow=60 if k == 0 else 0,
            )
        if stoop:
            for side in (-1, 1):
                xx = door_at + side * 0.85
                sc.line((xx, 0.9, z - 0.3 * steps), (xx, dy + 0.9, z), (40, 40, 40), 0.03)


def exterior_backdrop(sc, rng, ground):
    sky_top, sky_low = rng.choice(SKIES)
    sc.sky(sky_top, sky_low, ground=ground)
    sc.clouds(count=rng.randint(3, 6))
    # distant trees along the horizon
    for _ in range(rng.randint(6, 12)):
        x = rng.uniform(-60, 60)
        z = rng.uniform(45, 80)
        sc.foliage(
            (x, rng.uniform(4, 7), z),
            rng.uniform(3, 6),
            mix(rng.choice(LEAVES), sky_low, 0.45),
            n=8,
        )
    return sky_top, sky_low


def scene_pavers(rng: random.Random) -> Image.Image:
    ground = jitter(rng, rng.choice(LEAVES), 0.05)
    sc = Scene(
        rng,
        pos=(rng.uniform(-1.2, 1.2), rng.uniform(1.55, 2.2), 0.0),
        yaw=rng.uniform(-10, 10),
        pitch=rng.uniform(-13, -6),
        focal=rng.uniform(950, 1150),
        light=(rng.uniform(-0.7, 0.7), 0.8, -0.5),
        ambient=0.72,
        key=0.35,
    )
    exterior_backdrop(sc, rng, ground)
    D = rng.uniform(11, 15)
    # lawn with mowing stripes
    for k in range(-20, 20):
        sc.rect(
            floor_plane(),
            UP,
            k * 1.6,
            (k + 1) * 1.6,
            0.2,
            D + 5,
            scale(ground, 1.05 if k % 2 else 0.95),
        )
    # houses: the main one, and neighbours on both sides
    hw = rng.uniform(6, 8)
    stoop = rng.random() < 0.6
    gable = not stoop and rng.random() < 0.7
    door_x = rng.choice((-1, 1)) * hw * 0.22
    trim = rng.choice(((240, 236, 226), (220, 212, 196), (70, 60, 52)))
    for side in (-1, 1):
        nx0 = hw / 2 if side > 0 else -hw / 2 - rng.uniform(6, 8)
        nx1 = nx0 + rng.uniform(6, 8) if side > 0 else -hw / 2
        facade(
            sc,
            nx0,
            nx1,
            D + rng.uniform(0, 1.5),
            rng.uniform(8, 11),
            jitter(rng, rng.choice(HOUSES), 0.04),
            rng.choice(((240, 236, 226), (214, 204, 186))),
            floors=3,
        )
    facade(
        sc,
        -hw / 2,
        hw / 2,
        D,
        rng.uniform(8.5, 10.5),
        jitter(rng, rng.choice(HOUSES), 0.04),
        trim,
        door_at=door_x,
        stoop=stoop,
        gable=gable,
        floors=3 if not gable else 2,
    )
    sc.flush_shadows()
    # the walkway: pavers from the camera to the steps
    pw = rng.uniform(1.3, 2.2)
    steps = 6 if stoop else 2
    zend = D - 0.3 * steps
    xa, xb = door_x - pw / 2, door_x + pw / 2
    pattern = rng.choice(("bond", "square", "mixed", "bond"))
    pav = jitter(
        rng,
        rng.choice(
            ((168, 92, 70), (176, 164, 146), (150, 146, 140), (196, 178, 150), (130, 84, 66))
        ),
    )
    if pattern == "bond":
        sc.tiles(
            floor_plane(0.01),
            UP,
            xa,
            xb,
            0.2,
            zend,
            0.2,
            0.1,
            lambda i, j: jitter(rng, pav, 0.09, 0.03),
            mix(pav, (200, 196, 186), 0.5),
            gap=(0.008, 0.008),
            stagger=0.5,
            origin=(xa, zend),
        )
    elif pattern == "square":
        sc.tiles(
            floor_plane(0.01),
            UP,
            xa,
            xb,
            0.2,
            zend,
            0.4,
            0.4,
            lambda i, j: jitter(rng, pav, 0.07, 0.02),
            mix(pav, (90, 90, 86), 0.4),
            gap=(0.01, 0.01),
            stagger=rng.choice((0.0, 0.5)),
            origin=(xa, zend),
        )
    else:
        sc.tiles(
            floor_plane(0.01),
            UP,
            xa,
            xb,
            0.2,
            zend,
            0.3,
            0.3,
            lambda i, j: jitter(rng, pav, 0.12, 0.03),
            mix(pav, (90, 90, 86), 0.4),
            gap=(0.01, 0.01),
            stagger=lambda j: (j * 0.618) % 1.0,
            origin=(xa, zend),
        )
    border = scale(pav, 0.72)
    for a in (xa - 0.12, xb):
        sc.tiles(
            floor_plane(0.012),
            UP,
            a,
            a + 0.12,
            0.2,
            zend,
            0.12,
            0.24,
            lambda i, j: jitter(rng, border, 0.06),
            scale(border, 0.8),
            gap=(0.008, 0.008),
            origin=(a, zend),
        )
    # beds of mulch with shrubs and flowers along the walk
    mulch = (104, 78, 60)
    for side in (-1, 1):
        a = xb + 0.12 if side > 0 else xa - 1.12
        sc.rect(floor_plane(0.011), UP, a, a + 1.0, rng.uniform(1.0, 4.0), zend - 0.2, mulch)
    shrubs = []
    for side in (-1, 1):
        z = rng.uniform(3.0, 4.5)
        while z < zend - 0.5:
            x = (xb + 0.6 if side > 0 else xa - 0.6) + rng.uniform(-0.2, 0.2)
            shrubs.append((x, z))
            z += rng.uniform(1.3, 2.4)
    shrubs.sort(key=lambda s: -s[1])
    radii = [rng.uniform(0.35, 0.6) for _ in shrubs]
    for (x, z), r in zip(shrubs, radii, strict=True):
        sc.blob((x, 0.02, z), r * 1.2, 80, layer=sc.sd, squash=0.3)
    sc.flush_shadows(8)
    for (x, z), r in zip(shrubs, radii, strict=True):
        sc.foliage((x, r * 0.8, z), r, jitter(rng, rng.choice(LEAVES), 0.08), n=9)
        if rng.random() < 0.5:
            fc = rng.choice(((236, 200, 210), (250, 246, 240), (230, 170, 110), (200, 170, 220)))
            for _ in range(8):
                sc.blob(
                    (
                        x + rng.uniform(-r, r),
                        r * rng.uniform(0.8, 1.5),
                        z + rng.uniform(-r, r) * 0.5,
                    ),
                    0.04,
                    fc,
                )
    if rng.random() < 0.7:
        side = rng.choice((-1, 1))
        sc.tree(
            side * rng.uniform(3.5, 5.0),
            rng.uniform(6, 9),
            rng.uniform(6, 8),
            rng.uniform(1.8, 2.6),
            rng.choice(LEAVES),
        )
    return sc.finish(glow_colour=(255, 244, 222), glow_blur=40, vignette=0.26, bloom=0.22)


def scene_screen(rng: random.Random) -> Image.Image:
    ground = jitter(rng, rng.choice(LEAVES), 0.05)
    pw, pd, ph = rng.uniform(4.0, 5.5), rng.uniform(3.2, 4.5), rng.uniform(2.5, 2.8)
    sc = Scene(
        rng,
        pos=(rng.uniform(-0.6, 0.6), rng.uniform(1.4, 1.65), 0.0),
        yaw=rng.uniform(-14, 14),
        pitch=rng.uniform(-7, 0),
        focal=rng.uniform(850, 1000),
        light=(rng.uniform(-0.6, 0.6), 0.7, -0.6),
        ambient=0.7,
        key=0.35,
    )
    x0, x1 = -pw / 2, pw / 2
    exterior_backdrop(sc, rng, ground)
    for k in range(-30, 30):
        sc.rect(
            floor_plane(),
            UP,
            k * 1.5,
            (k + 1) * 1.5,
            pd,
            60,
            scale(ground, 1.04 if k % 2 else 0.96),
        )
    # a wood fence and trees at the end of the yard
    fz = pd + rng.uniform(7, 12)
    fence = jitter(rng, rng.choice(((150, 112, 80), (120, 110, 100), (190, 160, 120))))
    sc.tiles(
        zplane(fz),
        TOWARD,
        -30,
        30,
        0,
        1.8,
        0.14,
        1.8,
        lambda i, j: jitter(rng, fence, 0.08),
        scale(fence, 0.6),
        gap=(0.012, 0.0),
    )
    for _ in range(rng.randint(2, 4)):
        sc.tree(
            rng.uniform(-12, 12),
            fz + rng.uniform(1, 4),
            rng.uniform(5, 8),
            rng.uniform(1.8, 2.8),
            rng.choice(LEAVES),
        )
    for _ in range(rng.randint(2, 4)):
        x = rng.uniform(-8, 8)
        sc.foliage((x, 0.6, fz - 0.6), rng.uniform(0.5, 0.9), rng.choice(LEAVES), n=9)
    # porch floor and ceiling
    deck = jitter(rng, rng.choice(((160, 120, 88), (140, 130, 120), (178, 140, 100))))
    sc.tiles(
        floor_plane(0.3),
        UP,
        x0,
        x1,
        0.15,
        pd,
        0.14,
        20,
        lambda i, j: jitter(rng, deck, 0.07),
        scale(deck, 0.6),
        gap=(0.008, 0.0),
    )
    sc.box(x0, x1, 0, 0.3, pd - 0.01, pd, scale(deck, 0.7))
    ceil = jitter(rng, rng.choice(((222, 220, 214), (214, 200, 180), (200, 214, 222))), 0.02)
    sc.tiles(
        floor_plane(ph),
        DOWN,
        x0,
        x1,
        0.15,
        pd + 0.3,
        20,
        0.09,
        lambda i, j: jitter(rng, ceil, 0.03),
        scale(ceil, 0.85),
        gap=(0.0, 0.005),
        raw=True,
    )
    sc.flush_shadows()
    # screens between posts: a grey veil with a fine mesh
    frame = rng.choice(((240, 240, 236), (60, 52, 46), (90, 92, 94)))
    posts = [x0 + pw * k / rng.choice((2, 3)) for k in range(4)]
    posts = sorted({min(x1, p) for p in posts})
    veil = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    vd = ImageDraw.Draw(veil)
    sc.poly([(x0, 0.3, pd), (x1, 0.3, pd), (x1, ph, pd), (x0, ph, pd)], (110, 118, 122, 70), vd)
    for x in (x0, x1):
        sc.poly([(x, 0.3, 0.15), (x, 0.3, pd), (x, ph, pd), (x, ph, 0.15)], (110, 118, 122, 84), vd)
    step = 0.03
    u = x0
    while u <= x1:
        sc.line((u, 0.3, pd), (u, ph, pd), (70, 76, 80, 40), 0.003, layer=vd)
        u += step
    v = 0.3
    while v <= ph:
        sc.line((x0, v, pd), (x1, v, pd), (70, 76, 80, 40), 0.003, layer=vd)
        v += step
    sc.img = Image.alpha_composite(sc.img.convert("RGBA"), veil).convert("RGB")
    sc.d = ImageDraw.Draw(sc.img)
    # frame: kick rail, posts, beam
    solid_kick = rng.random() < 0.5
    for x in (x0, x1):
        sc.box(
            x - 0.05 if x == x0 else x - 0.05,
            x + 0.05,
            0.3,
            1.0 if solid_kick else 0.35,
            0.15,
            pd,
            frame if not solid_kick else scale(frame, 0.95),
        )
        sc.box(x - 0.04, x + 0.04, 1.0, 1.06, 0.15, pd, frame)
    if solid_kick:
        sc.box(x0, x1, 0.3, 1.0, pd - 0.04, pd, scale(frame, 0.95))
    sc.box(x0, x1, 1.0, 1.06, pd - 0.05, pd, frame)
    for x in posts:
        sc.box(x - 0.06, x + 0.06, 0.3, ph, pd - 0.12, pd, frame)
    for z in (pd * 0.5,):
        for x in (x0, x1):
            sc.box(x - 0.06, x + 0.06, 0.3, ph, z - 0.06, z + 0.06, frame)
    sc.box(x0, x1, ph - 0.2, ph, pd - 0.14, pd + 0.02, frame)
    sc.flush_shadows()
    # furniture
    chair_col = jitter(
        rng, rng.choice(((240, 238, 230), (90, 110, 100), (160, 120, 90), (60, 60, 62)))
    )
    cz = pd - rng.uniform(1.0, 1.5)
    cushion = jitter(
        rng, rng.choice(((220, 200, 160), (170, 190, 200), (210, 160, 140), (236, 232, 222)))
    )
    seats = [rng.uniform(-1.4, -0.5), rng.uniform(0.5, 1.4)][: rng.randint(1, 2)]
    if len(seats) == 2:  # a low table between two chairs
        tx, tz = sum(seats) / 2, cz - 0.1
        sc.contact(tx - 0.35, tx + 0.35, tz - 0.25, tz + 0.25, 80, y=0.3)
        sc.box(tx - 0.3, tx + 0.3, 0.3, 0.7, tz - 0.2, tz + 0.2, scale(chair_col, 0.9))
        sc.box(
            tx - 0.35,
            tx + 0.35,
            0.7,
            0.74,
            tz - 0.25,
            tz + 0.25,
            chair_col,
            top=scale(chair_col, 1.08),
        )
    for cx in seats:
        y = 0.3
        sc.contact(cx - 0.4, cx + 0.4, cz - 0.38, cz + 0.38, 100, y=y)
        for lx in (cx - 0.36, cx + 0.31):
            for lz in (cz - 0.36, cz + 0.31):
                sc.box(lx, lx + 0.05, y, y + 0.12, lz, lz + 0.05, scale(chair_col, 0.8))
        sc.box(cx - 0.36, cx + 0.36, y + 0.82 - 0.5, y + 0.85, cz + 0.24, cz + 0.36, chair_col)
        sc.box(cx - 0.3, cx + 0.3, y + 0.12, y + 0.4, cz - 0.36, cz + 0.24, chair_col)
        sc.box(
            cx - 0.28,
            cx + 0.28,
            y + 0.4,
            y + 0.5,
            cz - 0.34,
            cz + 0.24,
            cushion,
            top=scale(cushion, 1.05),
        )
        sc.box(cx - 0.27, cx + 0.27, y + 0.5, y + 0.8, cz + 0.14, cz + 0.24, scale(cushion, 0.97))
        for ax in (cx - 0.36, cx + 0.3):
            sc.box(
                ax,
                ax + 0.06,
                y + 0.12,
                y + 0.62,
                cz - 0.36,
                cz + 0.36,
                chair_col,
                top=scale(chair_col, 1.1),
            )
    if rng.random() < 0.7:
        plant(
            sc,
            rng.choice((x0 + 0.4, x1 - 0.4)),
            pd - 0.4,
            rng.uniform(0.6, 0.9),
            (190, 110, 80),
            rng.choice(LEAVES),
        )
    return sc.finish(glow_colour=(255, 246, 228), glow_blur=40, vignette=0.3, bloom=0.2)


ROOFS = (
    hexc("#4a4d52"),
    hexc("#5d5a56"),
    hexc("#6b6f74"),
    hexc("#3f4447"),
    hexc("#7a746c"),
    hexc("#55606a"),
)


def scene_roofing(rng: random.Random) -> Image.Image:
    if rng.random() < 0.55:
        return scene_pitched_roof(rng)
    return scene_flat_roof(rng)


def scene_pitched_roof(rng: random.Random) -> Image.Image:
    shingle = jitter(rng, rng.choice(ROOFS), 0.05)
    he, rise, run = rng.uniform(5.5, 6.5), rng.uniform(2.0, 3.2), rng.uniform(3.5, 4.5)
    ze = rng.uniform(3.0, 4.5)
    rwid = rng.uniform(9, 13)
    eye, focal = he + rng.uniform(0.8, 2.4), rng.uniform(950, 1150)
    to_ridge = math.degrees(math.atan2(he + rise - eye, ze + run))
    pitch = to_ridge - math.degrees(math.atan(rng.uniform(0.12, 0.26) * H / focal))
    sc = Scene(
        rng,
        pos=(rng.uniform(-2, 2), eye, 0.0),
        yaw=rng.uniform(-12, 12),
        pitch=pitch,
        focal=focal,
        light=(rng.uniform(-0.6, 0.6), 0.8, -0.5),
        ambient=0.62,
        key=0.42,
    )
    sky_top, sky_low = exterior_backdrop(sc, rng, jitter(rng, rng.choice(LEAVES)))
    # neighbouring roofs in the haze
    for _ in range(rng.randint(3, 6)):
        x = rng.uniform(-35, 35)
        z = rng.uniform(25, 45)
        w = rng.uniform(6, 10)
        hh = rng.uniform(5, 8)
        col = mix(rng.choice(ROOFS), sky_low, 0.55)
        sc.box(x - w / 2, x + w / 2, 0, hh, z, z + 8, mix(rng.choice(HOUSES), sky_low, 0.55))
        sc.face(
            [
                (x - w / 2 - 0.3, hh, z - 0.3),
                (x + w / 2 + 0.3, hh, z - 0.3),
                (x + w / 2 + 0.3, hh + 2.5, z + 3),
                (x - w / 2 - 0.3, hh + 2.5, z + 3),
            ],
            col,
            UP,
        )
    for _ in range(rng.randint(2, 4)):
        sc.tree(
            rng.choice((-1, 1)) * rng.uniform(rwid / 2 + 2, rwid / 2 + 8),
            rng.uniform(8, 16),
            rng.uniform(8, 11),
            rng.uniform(2.5, 3.5),
            rng.choice(LEAVES),
        )
    x0, x1 = -rwid / 2, rwid / 2
    slope = math.hypot(rise, run)
    sn, cs = rise / slope, run / slope

    def roof(u, v):
        return (u, he + v * sn, ze + v * cs)

    normal = (0, cs, -sn)
    # house wall below the eave and the gable ends
    siding = jitter(
        rng, rng.choice(((214, 206, 190), (180, 186, 188), (150, 120, 100), (228, 224, 214)))
    )
    sc.tiles(
        zplane(ze),
        TOWARD,
        x0 + 0.3,
        x1 - 0.3,
        0,
        he,
        10,
        0.18,
        lambda i, j: jitter(rng, siding, 0.02),
        scale(siding, 0.82),
        gap=(0, 0.015),
    )
    for x, n in ((x0 + 0.3, LEFT), (x1 - 0.3, RIGHT)):
        if (sc.px < x) == (n == LEFT):
            sc.face(
                [
                    (x, 0, ze),
                    (x, he, ze),
                    (x, he + rise, ze + run),
                    (x, he, ze + 2 * run),
                    (x, 0, ze + 2 * run),
                ],
                siding,
                n,
            )
    # the roof: underlayment, then shingles up to a ragged edge where the crew stopped
    under = rng.choice(((52, 54, 58), (86, 104, 128), (150, 150, 146)))
    sc.rect(roof, normal, x0, x1, 0, slope, under)
    if under[2] > 100:
        for v in (0.9, 1.8, 2.7, 3.6, 4.5):
            if v < slope:
                sc.rect(roof, normal, x0, x1, v, v + 0.02, scale(under, 0.8))
    stop = x1 + 1 if rng.random() < 0.55 else rng.uniform(x0 + 3, x1 - 2)
    tw, exp = rng.uniform(0.33, 0.4), 0.14
    rows = int(slope / exp)
    lk = sc.lit((255, 255, 255), normal)[0] / 255
    sc.rect(roof, normal, x0, min(stop, x1), 0, slope, scale(shingle, 0.55))
    for j in range(rows):
        v0 = j * exp
        off = (j * 0.5 % 1.0) * tw
        edge = stop + (j % 4) * 0.25
        u = x0 - off
        while u < min(edge, x1):
            a, b = max(u + 0.004, x0), min(u + tw - 0.004, x1, edge)
            if b > a:
                sc.rect(
                    roof,
                    normal,
                    a,
                    b,
                    v0 + 0.025,
                    v0 + exp,
                    scale(jitter(rng, shingle, 0.08, 0.02), lk),
                    raw=True,
                )
            u += tw
    # ridge cap, drip edge and gutter
    sc.box(
        x0,
        x1,
        he + rise - 0.04,
        he + rise + 0.1,
        ze + run - 0.15,
        ze + run + 0.15,
        scale(shingle, 0.85),
    )
    gut = rng.choice(((236, 234, 228), (110, 80, 60), (80, 80, 82)))
    sc.box(x0, x1, he - 0.15, he + 0.02, ze - 0.15, ze, gut)
    # chimney with flashing, and a vent pipe
    if rng.random() < 0.75:
        cx = rng.uniform(x0 + 1.5, x1 - 2.5)
        cv = rng.uniform(1.2, slope - 1.2)
        base = roof(cx, cv)
        brick = jitter(rng, rng.choice(((150, 80, 62), (120, 70, 58), (170, 150, 130))))
        top = he + rise + rng.uniform(0.8, 1.3)
        sc.poly(
            [
                roof(cx - 0.15, cv - 0.15),
                roof(cx + 1.05, cv - 0.15),
                roof(cx + 1.05, cv + 0.85),
                roof(cx - 0.15, cv + 0.85),
            ],
            140,
            sc.sd,
        )
        sc.flush_shadows(10)
        zb = base[2]
        sc.tiles(
            zplane(zb),
            TOWARD,
            cx,
            cx + 0.9,
            base[1] - 0.05,
            top,
            0.2,
            0.067,
            lambda i, j: jitter(rng, brick, 0.07),
            mix(brick, (200, 196, 186), 0.45),
            gap=(0.01, 0.01),
            stagger=0.5,
        )
        sc.box(cx, cx + 0.9, base[1] - 0.05, top, zb, zb + 0.7, brick)
        sc.box(cx - 0.05, cx + 0.95, top, top + 0.08, zb - 0.05, zb + 0.75, (170, 168, 164))
        sc.box(cx - 0.05, cx + 0.95, base[1] - 0.08, base[1] + 0.18, zb - 0.06, zb, (176, 180, 184))
    if rng.random() < 0.7:
        vx = rng.uniform(x0 + 1, x1 - 1)
        b = roof(vx, rng.uniform(1.0, slope - 1.5))
        sc.box(
            vx - 0.05, vx + 0.05, b[1] - 0.05, b[1] + 0.45, b[2] - 0.05, b[2] + 0.05, (60, 60, 62)
        )
    sc.flush_shadows()
    return sc.finish(glow_colour=(255, 244, 226), vignette=0.28, bloom=0.2)


def scene_flat_roof(rng: random.Random) -> Image.Image:
    sc = Scene(
        rng,
        pos=(rng.uniform(-1.5, 1.5), rng.uniform(1.55, 1.75), 0.0),
        yaw=rng.uniform(-16, 16),
        pitch=rng.uniform(-9, -2),
        focal=rng.uniform(900, 1100),
        light=(rng.uniform(-0.6, 0.6), 0.8, -0.5),
        ambient=0.66,
        key=0.4,
    )
    sky_top, sky_low = rng.choice(SKIES)
    sc.sky(sky_top, sky_low)
    sc.clouds(count=rng.randint(2, 5))
    # a hazy skyline, a roofscape of row houses, a water tower
    haze = mix(sky_low, sky_top, 0.25)
    street = -12.0
    rw = rng.uniform(6, 7.5)
    rl = rng.uniform(12, 16)
    x0, x1 = -rw / 2, rw / 2
    sc.rect(floor_plane(street), UP, -3000, 3000, rl, 3000, mix((120, 116, 112), haze, 0.65))
    for _ in range(rng.randint(14, 22)):
        x = rng.uniform(-700, 700)
        z = rng.uniform(500, 900)
        w = rng.uniform(25, 70)
        h = rng.uniform(30, 220) if abs(x) < 350 else rng.uniform(20, 80)
        col = mix((96, 106, 120), haze, rng.uniform(0.45, 0.7))
        sc.box(x - w / 2, x + w / 2, street, h, z, z + 30, col)
        if rng.random() < 0.3:
            sc.box(x - w / 4, x + w / 4, h, h + rng.uniform(15, 50), z + 5, z + 20, col)
    blocks = []
    for _ in range(70):
        z = rng.uniform(rl + 6, 260)
        blocks.append(
            (
                rng.uniform(-40 - z * 0.6, 40 + z * 0.6),
                z,
                rng.uniform(6, 14),
                rng.uniform(10, 16),
                street + rng.uniform(8, 11.5),
            )
        )
    tower = None
    if rng.random() < 0.8:
        tower = (rng.uniform(-12, 12), rng.uniform(rl + 8, rl + 22))
        blocks.append((tower[0], tower[1] - 3, 9, 8, 0.0))
    blocks.sort(key=lambda b: -b[1])
    for bx, bz, bw, bd, top in blocks:
        t = min(0.85, 0.2 + bz / 320)
        sc.box(
            bx - bw / 2,
            bx + bw / 2,
            street,
            top,
            bz,
            bz + bd,
            mix(rng.choice(HOUSES), haze, t),
            top=mix(rng.choice(((200, 200, 198), (110, 110, 112), (160, 160, 158))), haze, t),
        )
        if tower and bz == tower[1] - 3:
            tx, tz = tower
            wood = (128, 100, 80)
            for lx in (-1.2, 1.2):
                sc.line((tx + lx, 0, tz), (tx + lx * 0.8, 4.0, tz), (70, 66, 62), 0.12)
            sc.box(tx - 1.8, tx + 1.8, 4.0, 4.2, tz - 1.8, tz + 1.8, (70, 66, 62))
            sc.box(tx - 1.6, tx + 1.6, 4.2, 8.0, tz - 1.6, tz + 1.6, wood)
            for k in range(7):
                y = 4.5 + k * 0.55
                sc.line((tx - 1.6, y, tz - 1.61), (tx + 1.6, y, tz - 1.61), (66, 62, 58), 0.03)
            sc.face(
                [(tx - 1.8, 8.0, tz - 1.62), (tx + 1.8, 8.0, tz - 1.62), (tx, 10.0, tz - 0.2)],
                (90, 80, 72),
                TOWARD,
            )
    # neighbouring roofs of the row
    membrane = jitter(
        rng, rng.choice(((222, 224, 224), (196, 198, 200), (170, 172, 176), (88, 90, 94))), 0.03
    )
    for side in (-1, 1):
        a = x1 if side > 0 else x0 - 8
        nb = jitter(rng, rng.choice(((90, 92, 96), (200, 200, 198), (150, 150, 150))), 0.04)
        nh = rng.uniform(-0.8, 0.6)
        sc.box(a, a + 8, street, nh, 0.2, rl + 0.3, jitter(rng, rng.choice(HOUSES)), top=nb)
        sc.box(
            a + (0 if side > 0 else 8 - 0.3),
            a + (0.3 if side > 0 else 8),
            nh,
            nh + 0.5,
            0.2,
            rl + 0.3,
            scale(nb, 0.8),
        )
    # our roof: membrane in strips with seams
    strip = rng.uniform(1.8, 3.0)
    sc.tiles(
        floor_plane(),
        UP,
        x0,
        x1,
        0.2,
        rl,
        strip,
        30,
        lambda i, j: jitter(rng, membrane, 0.02),
        scale(membrane, 0.86),
        gap=(0.03, 0.0),
        origin=(x0, 0.2),
    )
    # parapets with coping
    brick = jitter(rng, rng.choice(((150, 84, 66), (126, 76, 62), (168, 136, 110))))
    ph = rng.uniform(0.8, 1.1)
    coping = rng.choice(((196, 194, 188), (150, 152, 156)))
    sc.box(x0, x1, 0, ph, rl, rl + 0.3, brick, top=coping)
    sc.tiles(
        zplane(rl),
        TOWARD,
        x0,
        x1,
        0,
        ph,
        0.2,
        0.067,
        lambda i, j: jitter(rng, brick, 0.07),
        mix(brick, (200, 196, 186), 0.45),
        gap=(0.01, 0.01),
        stagger=0.5,
    )
    sc.box(x0 - 0.05, x1 + 0.05, ph, ph + 0.06, rl - 0.05, rl + 0.35, coping)
    sc.flush_shadows()
    # bulkhead, HVAC unit, skylight, vents
    if rng.random() < 0.7:
        bx = rng.choice((x0 + 0.2, x1 - 2.2))
        bz = rng.uniform(5, rl - 4)
        bcol = jitter(rng, rng.choice(((150, 84, 66), (170, 170, 166), (200, 196, 186))))
        sc.box(bx, bx + 2.0, 0, 2.4, bz, bz + 2.6, bcol, top=scale(membrane, 0.9), shadow=160)
        if sc.pz < bz:
            sc.rect(zplane(bz - 0.001), TOWARD, bx + 0.55, bx + 1.45, 0.05, 2.1, (86, 88, 92))
    if rng.random() < 0.7:
        hx = rng.uniform(x0 + 0.5, x1 - 1.8)
        hz = rng.uniform(4, rl - 3)
        sc.box(hx, hx + 1.2, 0, 0.9, hz, hz + 1.0, (196, 198, 200), top=(210, 212, 214), shadow=150)
        q = sc.point((hx + 0.6, 0.91, hz + 0.5))
        if q:
            r = sc.f * 0.32 / q[2]
            sc.d.ellipse([q[0] - r, q[1] - r * 0.35, q[0] + r, q[1] + r * 0.35], fill=(70, 72, 76))
    if rng.random() < 0.7:
        sx, sz = rng.uniform(x0 + 0.5, x1 - 1.5), rng.uniform(3, rl - 3)
        sc.box(sx, sx + 1.0, 0, 0.3, sz, sz + 1.0, (210, 208, 204), shadow=100)
        sc.rect(floor_plane(0.301), UP, sx + 0.08, sx + 0.92, sz + 0.08, sz + 0.92, (150, 176, 196))
    for _ in range(rng.randint(1, 3)):
        vx, vz = rng.uniform(x0 + 0.5, x1 - 0.5), rng.uniform(3, rl - 1)
        sc.box(vx - 0.06, vx + 0.06, 0, 0.5, vz - 0.06, vz + 0.06, (70, 70, 72), shadow=80)
    sc.flush_shadows()
    return sc.finish(glow_colour=(255, 244, 226), vignette=0.26, bloom=0.2)


SCENES = {
    "kitchen-remodeling": scene_kitchen,
    "bathroom-remodeling": scene_bathroom,
    "furniture-renovation": scene_furniture,
    "pavers-walkways": scene_pavers,
    "screen-enclosure": scene_screen,
    "floor-tile": scene_floor,
    "framing-pictures": scene_framing,
    "roofing": scene_roofing,
}


def render_placeholder(slug: str, n: int) -> Image.Image:
    """Draw placeholder photo n of a gallery: the same slug and n always give the same picture."""
    rng = random.Random(f"{slug}-{n}")
    scene = SCENES.get(slug, scene_floor)
    return scene(rng)


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


def run_job(job: dict) -> dict[str, str]:
    """Draw the placeholder if asked, then write the stale outputs; returns their signatures."""
    source = Path(job["source"])
    if job["draw"]:
        buf = io.BytesIO()
        render_placeholder(job["slug"], job["n"]).save(buf, "JPEG", quality=90, optimize=True)
        write_atomic(source, buf.getvalue())
    st = source.stat()
    im = load_source(source)
    sigs = {}
    for out in job["outputs"]:
        make_output(im, out)
        sigs[rel(Path(out["path"]))] = signature(source, st, out)
    return sigs


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

    state = read_json(STATE_FILE)
    old_sigs: dict[str, str] = state.get("outputs", {})
    stamp = PLACEHOLDER_DIR / ".version"
    redraw_all = (
        args.force or (stamp.read_text().strip() if stamp.exists() else "") != PLACEHOLDER_VERSION
    )

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
            if draw or args.force:
                stale = outs
            else:
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
            items.append((gallery.slug, n, not is_photo, outs))
            if draw or stale:
                jobs.append(
                    dict(slug=gallery.slug, n=n, source=str(source), draw=draw, outputs=stale)
                )

    new_sigs = {k: v for k, v in old_sigs.items() if k in expected}
    if len(jobs) > 1 and args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(run_job, jobs, chunksize=1))
    else:
        results = [run_job(job) for job in jobs]
    for sigs in results:
        new_sigs.update(sigs)
    removed = prune(expected)
    if redraw_all or not stamp.exists():
        PLACEHOLDER_DIR.mkdir(parents=True, exist_ok=True)
        write_if_changed(stamp, PLACEHOLDER_VERSION + "\n")

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
    wrote_manifest = write_if_changed(MANIFEST_FILE, format_manifest(manifest))
    CACHE_DIR.mkdir(exist_ok=True)
    write_if_changed(
        STATE_FILE, json.dumps({"outputs": dict(sorted(new_sigs.items()))}, indent=0) + "\n"
    )

    written = sum(len(j["outputs"]) for j in jobs)
    drawn = sum(j["draw"] for j in jobs)
    seconds = time.perf_counter() - started
    what = (
        f"drew {drawn} placeholders, wrote {written} files, removed {removed}"
        + (", updated manifest" if wrote_manifest else "")
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
