"""Pavers and walkways: a paved walk across the lawn to a house front."""

from __future__ import annotations

import random

from PIL import Image

from .outdoors import exterior_backdrop, facade
from .palettes import HOUSES, LEAVES
from .scene import UP, Scene, floor_plane, jitter, mix, scale


def scene_pavers(rng: random.Random) -> Image.Image:
    ground = jitter(rng, rng.choice(LEAVES), 0.05)
    sc = Scene(
        rng,
        pos=(rng.uniform(-1.2, 1.2), rng.uniform(1.55, 2.2), 0.0),
        yaw=rng.uniform(-10, 10),
        pitch=rng.uniform(-13, -6),
        focal=rng.uniform(950, 1150),
        light=(rng.uniform(-0.7, 0.7), 0.8, -0.5),
        ambient=0.72,
        key=0.35,
    )
    exterior_backdrop(sc, rng, ground)
    D = rng.uniform(11, 15)
    # lawn with mowing stripes
    for k in range(-20, 20):
        sc.rect(
            floor_plane(),
            UP,
            k * 1.6,
            (k + 1) * 1.6,
            0.2,
            D + 5,
            scale(ground, 1.05 if k % 2 else 0.95),
        )
    # houses: the main one, and neighbours on both sides
    hw = rng.uniform(6, 8)
    stoop = rng.random() < 0.6
    gable = not stoop and rng.random() < 0.7
    door_x = rng.choice((-1, 1)) * hw * 0.22
    trim = rng.choice(((240, 236, 226), (220, 212, 196), (70, 60, 52)))
    for side in (-1, 1):
        nx0 = hw / 2 if side > 0 else -hw / 2 - rng.uniform(6, 8)
        nx1 = nx0 + rng.uniform(6, 8) if side > 0 else -hw / 2
        facade(
            sc,
            nx0,
            nx1,
            D + rng.uniform(0, 1.5),
            rng.uniform(8, 11),
            jitter(rng, rng.choice(HOUSES), 0.04),
            rng.choice(((240, 236, 226), (214, 204, 186))),
            floors=3,
        )
    facade(
        sc,
        -hw / 2,
        hw / 2,
        D,
        rng.uniform(8.5, 10.5),
        jitter(rng, rng.choice(HOUSES), 0.04),
        trim,
        door_at=door_x,
        stoop=stoop,
        gable=gable,
        floors=3 if not gable else 2,
    )
    sc.flush_shadows()
    # the walkway: pavers from the camera to the steps
    pw = rng.uniform(1.3, 2.2)
    steps = 6 if stoop else 2
    zend = D - 0.3 * steps
    xa, xb = door_x - pw / 2, door_x + pw / 2
    pattern = rng.choice(("bond", "square", "mixed", "bond"))
    pav = jitter(
        rng,
        rng.choice(
            ((168, 92, 70), (176, 164, 146), (150, 146, 140), (196, 178, 150), (130, 84, 66))
        ),
    )
    if pattern == "bond":
        sc.tiles(
            floor_plane(0.01),
            UP,
            xa,
            xb,
            0.2,
            zend,
            0.2,
            0.1,
            lambda i, j: jitter(rng, pav, 0.09, 0.03),
            mix(pav, (200, 196, 186), 0.5),
            gap=(0.008, 0.008),
            stagger=0.5,
            origin=(xa, zend),
        )
    elif pattern == "square":
        sc.tiles(
            floor_plane(0.01),
            UP,
            xa,
            xb,
            0.2,
            zend,
            0.4,
            0.4,
            lambda i, j: jitter(rng, pav, 0.07, 0.02),
            mix(pav, (90, 90, 86), 0.4),
            gap=(0.01, 0.01),
            stagger=rng.choice((0.0, 0.5)),
            origin=(xa, zend),
        )
    else:
        sc.tiles(
            floor_plane(0.01),
            UP,
            xa,
            xb,
            0.2,
            zend,
            0.3,
            0.3,
            lambda i, j: jitter(rng, pav, 0.12, 0.03),
            mix(pav, (90, 90, 86), 0.4),
            gap=(0.01, 0.01),
            stagger=lambda j: (j * 0.618) % 1.0,
            origin=(xa, zend),
        )
    border = scale(pav, 0.72)
    for a in (xa - 0.12, xb):
        sc.tiles(
            floor_plane(0.012),
            UP,
            a,
            a + 0.12,
            0.2,
            zend,
            0.12,
            0.24,
            lambda i, j: jitter(rng, border, 0.06),
            scale(border, 0.8),
            gap=(0.008, 0.008),
            origin=(a, zend),
        )
    # beds of mulch with shrubs and flowers along the walk
    mulch = (104, 78, 60)
    for side in (-1, 1):
        a = xb + 0.12 if side > 0 else xa - 1.12
        sc.rect(floor_plane(0.011), UP, a, a + 1.0, rng.uniform(1.0, 4.0), zend - 0.2, mulch)
    shrubs = []
    for side in (-1, 1):
        z = rng.uniform(3.0, 4.5)
        while z < zend - 0.5:
            x = (xb + 0.6 if side > 0 else xa - 0.6) + rng.uniform(-0.2, 0.2)
            shrubs.append((x, z))
            z += rng.uniform(1.3, 2.4)
    shrubs.sort(key=lambda s: -s[1])
    radii = [rng.uniform(0.35, 0.6) for _ in shrubs]
    for (x, z), r in zip(shrubs, radii, strict=True):
        sc.blob((x, 0.02, z), r * 1.2, 80, layer=sc.sd, squash=0.3)
    sc.flush_shadows(8)
    for (x, z), r in zip(shrubs, radii, strict=True):
        sc.foliage((x, r * 0.8, z), r, jitter(rng, rng.choice(LEAVES), 0.08), n=9)
        if rng.random() < 0.5:
            fc = rng.choice(((236, 200, 210), (250, 246, 240), (230, 170, 110), (200, 170, 220)))
            for _ in range(8):
                sc.blob(
                    (
                        x + rng.uniform(-r, r),
                        r * rng.uniform(0.8, 1.5),
                        z + rng.uniform(-r, r) * 0.5,
                    ),
                    0.04,
                    fc,
                )
    if rng.random() < 0.7:
        side = rng.choice((-1, 1))
        sc.tree(
            side * rng.uniform(3.5, 5.0),
            rng.uniform(6, 9),
            rng.uniform(6, 8),
            rng.uniform(1.8, 2.6),
            rng.choice(LEAVES),
        )
    return sc.finish(glow_colour=(255, 244, 222), glow_blur=40, vignette=0.26, bloom=0.22)
