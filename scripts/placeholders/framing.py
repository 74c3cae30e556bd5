"""Framing: stud walls inside a house being built, or an open frame on its deck."""

from __future__ import annotations

import random

from PIL import Image

from .outdoors import exterior_backdrop, facade
from .palettes import HOUSES, LEAVES, SKIES
from .rooms import interior_camera, room_ao, room_shell
from .scene import (
    LEFT,
    RIGHT,
    TOWARD,
    UP,
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
