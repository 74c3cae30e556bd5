"""The staff list of contact enquiries (/enquiries)."""

import asyncio
import dataclasses

import reflex as rx

from renovation_app.services.enquiries import recent_enquiries
from renovation_app.state.staff import StaffState


class EnquiriesState(StaffState):
    enquiries: list[dict] = []

    @rx.event
    async def load(self):
        rows = await asyncio.to_thread(recent_enquiries)
        self.enquiries = [dataclasses.asdict(r) for r in rows]
