"""Staff-only data. Every handler checks the session on the server before loading anything."""

import asyncio
import dataclasses

import reflex as rx

from renovation_app.services.enquiry_list import recent_enquiries
from renovation_app.state.auth import AuthState


class EnquiriesState(rx.State):
    enquiries: list[dict] = []

    @rx.event
    async def load(self):
        auth = await self.get_state(AuthState)
        if await auth.current_user() is None:
            self.enquiries = []
            return
        rows = await asyncio.to_thread(recent_enquiries)
        self.enquiries = [dataclasses.asdict(r) for r in rows]
