"""Parts of a street or garden that several scenes share: house fronts and the backdrop."""

from __future__ import annotations

from .palettes import LEAVES, SKIES
from .scene import TOWARD, hexc, mix, scale, zplane

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
