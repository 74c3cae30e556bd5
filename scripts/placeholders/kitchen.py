"""Kitchen remodeling: cabinets along the back wall, a side run with the fridge, maybe an island."""

from __future__ import annotations

import random

from PIL import Image

from .palettes import LEAVES, SKIES
from .rooms import doors_on, floor_pattern, interior_camera, pendant, room_ao, room_shell, window
from .scene import LEFT, RIGHT, TOWARD, UP, Scene, floor_plane, hexc, jitter, scale, xplane, zplane

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
