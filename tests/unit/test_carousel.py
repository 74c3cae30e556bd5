"""The spec's two carousels: the home one with captions, and a second variant that takes a
list of pictures passed in, with the same settings."""

from renovation_app.components.react.slick import (
    Slider,
    portfolio_carousel,
)
from renovation_app.media import Picture


def _picture(name: str) -> Picture:
    return Picture(
        src=f"/{name}.webp",
        srcset=f"/{name}.webp 800w",
        width=800,
        height=600,
        alt=f"The {name}",
        thumb=f"/{name}-thumb.webp",
        thumb_width=400,
        thumb_height=300,
        full=f"/{name}-full.webp",
    )


def _slider(component) -> Slider | None:
    """The Slider inside a carousel (under its wrapper and the scroll-near placeholder)."""
    if isinstance(component, Slider):
        return component
    return next((found for child in component.children if (found := _slider(child))), None)


def test_the_home_carousel_has_the_specs_settings():
    home = _slider(portfolio_carousel([(_picture("kitchen"), "Kitchen", "Opened up")]))
    props = " ".join(home.render()["props"])
    for setting in ("slidesToShow:3", "autoplaySpeed:2000", "speed:1500", "arrows:false"):
        assert setting in props
