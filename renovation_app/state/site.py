"""What every public page shows from the server rather than from the build."""

from datetime import date

import reflex as rx


class SiteState(rx.State):
    @rx.var
    def current_year(self) -> str:
        """The footer's year, read when a tab connects: a build from last December still shows
        this year. (The prerendered page carries the build's year until the page hydrates.)"""
        return str(date.today().year)
