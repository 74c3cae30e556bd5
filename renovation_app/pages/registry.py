"""One route table: every page is declared once with its path and SEO metadata."""

from collections.abc import Callable
from dataclasses import dataclass

import reflex as rx

PageBody = Callable[[], rx.Component]


@dataclass(frozen=True)
class PageRoute:
    path: str
    title: str
    description: str
    body: PageBody
    image: str = "/og-image.jpg"
    on_load: tuple = ()
    # False for staff pages and the 404 page: they stay out of the sitemap and search engines.
    public: bool = True


ROUTES: list[PageRoute] = []


def page(
    path: str,
    title: str,
    description: str,
    *,
    image: str = "/og-image.jpg",
    on_load: tuple = (),
    public: bool = True,
) -> Callable[[PageBody], PageBody]:
    """Declare a page; the app adds every declared page in one loop."""

    def register(body: PageBody) -> PageBody:
        ROUTES.append(PageRoute(path, title, description, body, image, on_load, public))
        return body

    return register
