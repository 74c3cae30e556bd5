"""The camera and canvas every placeholder is drawn with, and small geometry and colour helpers."""

from __future__ import annotations

import math
import random

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

W, H = 1600, 1200  # placeholder photo size
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
