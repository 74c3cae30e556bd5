"""The spec's two carousels: the home one with captions, and a second variant that takes a
list of pictures passed in, with the same settings."""

from renovation_app.components.react.slick import (
    Slider,
    picture_carousel,
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


def test_the_second_variant_shows_each_picture_passed_in_once_without_a_caption():
    pictures = [_picture("kitchen"), _picture("bathroom"), _picture("patio")]

    carousel = picture_carousel(pictures)

    rendered = str(carousel)
    assert len(_slider(carousel).children) == 3
    for pic in pictures:
        assert rendered.count(f'src:"{pic.src}"') == 1
        assert f'alt:"{pic.alt}"' in rendered
    assert 'jsx("h3"' not in rendered  # the home carousel's caption title


def test_the_second_variant_has_the_home_carousels_settings():
    home = _slider(portfolio_carousel([(_picture("kitchen"), "Kitchen", "Opened up")]))
    variant = _slider(picture_carousel([_picture("kitchen")]))

    assert variant.render()["props"] == home.render()["props"]
    props = " ".join(variant.render()["props"])
    for setting in ("slidesToShow:3", "autoplaySpeed:2000", "speed:1500", "arrows:false"):
        assert setting in props
