"""Floor tile: a room seen from above, so its tiled floor fills most of the picture."""

from __future__ import annotations

import random

from PIL import Image

from .palettes import LEAVES, SKIES, WALLS_WARM, WOODS
from .rooms import floor_pattern, interior_camera, light_patch, plant, room_ao, room_shell, window
from .scene import LEFT, RIGHT, TOWARD, Scene, hexc, jitter, mix, scale, xplane, zplane

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
