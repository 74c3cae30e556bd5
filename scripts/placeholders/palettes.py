"""Colour palettes that several scenes share."""

from __future__ import annotations

from .scene import hexc

SKIES = (
    (hexc("#8fb4d9"), hexc("#e6eef2")),
    (hexc("#a7c4dc"), hexc("#f3ead8")),
    (hexc("#7fa6cf"), hexc("#dfe9ef")),
    (hexc("#b5c7d6"), hexc("#f1e2cc")),
)
LEAVES = (hexc("#6f8f5a"), hexc("#5f7f4f"), hexc("#7f9a63"), hexc("#58764c"))


WOODS = (hexc("#6e4a33"), hexc("#9a6a45"), hexc("#b98b5f"), hexc("#7a3f2e"), hexc("#a57a52"))


WALLS_WARM = (
    hexc("#efe6d8"),
    hexc("#e4d3bd"),
    hexc("#d9c7ad"),
    hexc("#c9d0c0"),
    hexc("#e8dcd0"),
    hexc("#d6dde0"),
)


HOUSES = (
    hexc("#9c5a45"),
    hexc("#7b4b3a"),
    hexc("#b9a58a"),
    hexc("#d8d2c4"),
    hexc("#8a8f93"),
    hexc("#a66f55"),
    hexc("#cfc6b6"),
    hexc("#6d7a84"),
)
