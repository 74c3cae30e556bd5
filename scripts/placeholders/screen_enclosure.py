"""Screen enclosure: a screened porch looking out over the yard."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from .outdoors import exterior_backdrop
from .palettes import LEAVES
from .rooms import plant
from .scene import DOWN, TOWARD, UP, H, Scene, W, floor_plane, jitter, scale, zplane


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
