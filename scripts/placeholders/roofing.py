"""Roofing: a pitched roof being shingled, or a flat roof with its membrane."""

from __future__ import annotations

import math
import random

from PIL import Image

from .outdoors import exterior_backdrop
from .palettes import HOUSES, LEAVES, SKIES
from .scene import LEFT, RIGHT, TOWARD, UP, H, Scene, floor_plane, hexc, jitter, mix, scale, zplane

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
