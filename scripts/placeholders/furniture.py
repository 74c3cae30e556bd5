"""Furniture renovation: one restored piece (dresser, sideboard, table, bookcase) in a room."""

from __future__ import annotations

import random

from PIL import Image

from .palettes import LEAVES, SKIES, WALLS_WARM, WOODS
from .rooms import (
    doors_on,
    floor_pattern,
    framed_art,
    interior_camera,
    lamp,
    light_patch,
    pendant,
    plant,
    room_ao,
    room_shell,
    window,
)
from .scene import (
    LEFT,
    RIGHT,
    TOWARD,
    UP,
    Scene,
    floor_plane,
    hexc,
    jitter,
    mix,
    scale,
    xplane,
    zplane,
)

PAINTED = (hexc("#8fa08c"), hexc("#3e4f66"), hexc("#e8e2d4"), hexc("#b5835a"))


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
