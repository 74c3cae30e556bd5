"""/dashboard: the office's figures, read on every visit (services.dashboard)."""

import asyncio
from datetime import date

import reflex as rx

from renovation_app.services import dashboard, required_settings
from renovation_app.state.staff import StaffState


class DashboardState(StaffState):
    board: dashboard.Dashboard | None = None
    missing_settings: list[required_settings.MissingSetting] = []
    export_from: str = ""
    export_to: str = ""

    @rx.event
    async def load(self):
        self.missing_settings = required_settings.missing_settings()
        self.board = await asyncio.to_thread(dashboard.dashboard)
        today = date.fromisoformat(self.board.today)
        self.export_from = today.replace(month=1, day=1).isoformat()
        self.export_to = today.isoformat()

    @rx.event
    def set_export_from(self, value: str):
        self.export_from = value[:10]

    @rx.event
    def set_export_to(self, value: str):
        self.export_to = value[:10]
