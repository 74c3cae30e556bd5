"""The pages the app serves: each route of routes.py with the function that draws it."""

from collections.abc import Callable
from dataclasses import dataclass

import reflex as rx

from renovation_app.routes import Route

PageBody = Callable[[], rx.Component]


@dataclass(frozen=True)
class Page:
    route: Route
    body: PageBody
    on_load: tuple = ()


PAGES: list[Page] = []


def page(route: Route, *, on_load: tuple = ()) -> Callable[[PageBody], PageBody]:
    """Draw a route of the route table; the app adds every page in one loop."""

    def register(body: PageBody) -> PageBody:
        PAGES.append(Page(route, body, on_load))
        return body

    return register
