"""react-slick wrapped for Reflex, with the spec's portfolio carousel settings.

The carousel is the last section of the home page. It is mounted only when the visitor scrolls
within a screen of it (`WhenNear`): starting react-slick (its code, cloned slides and
measurements) was the longest task after the page loaded (home page TBT 60-110 ms), work a
visitor who never scrolls down does not need.
"""

import reflex as rx

from renovation_app.components.ui import picture
from renovation_app.media import Picture


class Slider(rx.NoSSRComponent):
    # 0.30.3, not 0.31.0: 0.31.0 ignores `responsive` until the window is resized
    # (akiran/react-slick#2446), so phones would get 3 slides.
    library = "react-slick@0.30.3"
    tag = "Slider"
    is_default = True
    lib_dependencies: list[str] = ["slick-carousel@1.8.1"]

    slides_to_show: rx.Var[int]
    slides_to_scroll: rx.Var[int]
    center_mode: rx.Var[bool]
    center_padding: rx.Var[str]
    autoplay: rx.Var[bool]
    autoplay_speed: rx.Var[int]
    speed: rx.Var[int]
    arrows: rx.Var[bool]
    dots: rx.Var[bool]
    pause_on_hover: rx.Var[bool]
    pause_on_focus: rx.Var[bool]
    infinite: rx.Var[bool]
    accessibility: rx.Var[bool]
    responsive: rx.Var[list[dict]]

    def add_imports(self) -> dict:
        return {"": ["slick-carousel/slick/slick.css"]}


# The spec: 3 slides, 2 under 991 px, 1 under 530 px; centred; one per step; autoplay 2000 ms;
# 1500 ms transition; no arrows, no dots, no pause on hover.
PORTFOLIO_SETTINGS = dict(
    slides_to_show=3,
    slides_to_scroll=1,
    center_mode=True,
    center_padding="0px",
    autoplay=True,
    autoplay_speed=2000,
    speed=1500,
    arrows=False,
    dots=False,
    pause_on_hover=False,
    pause_on_focus=False,
    infinite=True,
    accessibility=True,
    responsive=[
        {"breakpoint": 991, "settings": {"slidesToShow": 2}},
        {"breakpoint": 530, "settings": {"slidesToShow": 1}},
    ],
)


WHEN_NEAR_JS = """
function RenovationWhenNear({ children, margin }) {
  const [near, setNear] = React.useState(false);
  const placeholder = React.useRef(null);
  React.useEffect(() => {
    if (near) return;
    if (!("IntersectionObserver" in window)) { setNear(true); return; }
    const observer = new IntersectionObserver(
      (entries) => { if (entries.some((entry) => entry.isIntersecting)) setNear(true); },
      { rootMargin: margin },
    );
    observer.observe(placeholder.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={placeholder} className="h-full" />;
}
"""


class WhenNear(rx.Component):
    """Its children, drawn once the placeholder comes within `margin` of the screen."""

    tag = "RenovationWhenNear"

    margin: rx.Var[str]

    def add_imports(self) -> dict:
        return {"react": [rx.ImportVar(tag="React", is_default=True)]}

    def add_custom_code(self) -> list[str]:
        return [WHEN_NEAR_JS]


def _slide(pic: Picture, title: str = "", description: str = "") -> rx.Component:
    caption = (
        rx.el.div(
            rx.el.h3(title, class_name="text-lg font-bold text-white"),
            rx.el.p(description, class_name="text-sm text-slate-100"),
            class_name="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/90 to-transparent p-5 pt-16",
        )
        if title
        else rx.fragment()
    )
    return rx.el.div(
        rx.el.figure(
            picture(
                pic,
                sizes="(max-width: 530px) 100vw, (max-width: 991px) 50vw, 33vw",
                class_name="h-[500px] w-full object-cover",
            ),
            caption,
            class_name="relative m-0 overflow-hidden rounded-lg",
        ),
        class_name="px-2",
    )


def _carousel(slides: list[rx.Component], **props) -> rx.Component:
    """The spec's carousel of `slides`, started once the visitor scrolls near it."""
    return rx.el.div(
        WhenNear.create(Slider.create(*slides, **PORTFOLIO_SETTINGS), margin="100% 0px"),
        class_name="portfolio-carousel min-h-[500px]",
        **props,
    )


def portfolio_carousel(slides: list[tuple[Picture, str, str]]) -> rx.Component:
    """The home carousel: each slide a picture with a caption."""
    return _carousel([_slide(*s) for s in slides], data_testid="portfolio-carousel")
