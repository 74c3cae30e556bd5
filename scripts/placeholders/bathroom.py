"""Bathroom remodeling: a small tiled room, a tub or shower across the back, a vanity."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from .palettes import LEAVES
from .rooms import doors_on, floor_pattern, interior_camera, plant, room_ao, room_shell, window
from .scene import (
    LEFT,
    RIGHT,
    TOWARD,
    UP,
    H,
    Scene,
    W,
    floor_plane,
    hexc,
    jitter,
    mix,
    scale,
    xplane,
    zplane,
)

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
