"""Parts of an interior that several scenes share: walls, windows, doors, floors, lamps, plants."""

from __future__ import annotations

import math

from .scene import DOWN, LEFT, RIGHT, TOWARD, UP, Scene, clip_poly, floor_plane, jitter, mix, scale


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
