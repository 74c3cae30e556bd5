"""The staff list of contact enquiries (/enquiries): status, and the customer behind each."""

import asyncio

import reflex as rx

from renovation_app.models import EnquiryStatus
from renovation_app.routes import customer_path
from renovation_app.services import customers
from renovation_app.services.enquiries import EnquiryRow, recent_enquiries
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.state.staff import StaffState

STATUS_OPTIONS = [(s.value, s.value.replace("_", " ").capitalize()) for s in EnquiryStatus]


class EnquiriesState(StaffState):
    enquiries: list[EnquiryRow] = []
    action_error: str = ""

    @rx.event
    async def load(self):
        self.action_error = ""
        self.enquiries = await asyncio.to_thread(recent_enquiries)

    @rx.event
    async def set_status(self, enquiry_id: int, status: str):
        try:
            await asyncio.to_thread(
                customers.set_enquiry_status, whole_number(enquiry_id) or 0, status, self._user_id
            )
        except (ActionRefused, ValueError, TypeError) as refused:
            self.action_error = getattr(refused, "message", "Please choose a listed status.")
            return
        self.enquiries = await asyncio.to_thread(recent_enquiries)

    @rx.event
    async def open_customer(self, enquiry_id: int):
        """The enquiry's customer (made from it when there is none yet), on their page."""
        try:
            customer_id = await asyncio.to_thread(
                customers.customer_for_enquiry, whole_number(enquiry_id) or 0
            )
        except (ActionRefused, ValueError, TypeError) as refused:
            self.action_error = getattr(refused, "message", "There is no such enquiry.")
            return
        yield rx.redirect(customer_path(str(customer_id)))
