"""The job page's New York duties: record a deposit as in escrow, send the owner's escrow
notice, set the property type (the lien deadline), sign the record of lead-safe work. The
services check everything again."""

import reflex as rx

from renovation_app.services import compliance
from renovation_app.services.billing import business_today
from renovation_app.services.fields import iso_date, whole_number
from renovation_app.state.jobs.detail import JobDetailState, whole


class JobDutiesState(JobDetailState):
    deposit_for: int = 0  # the payment whose "Record the deposit" form is open
    deposit_day: str = ""
    deposit_account: str = ""
    copy_to: str = ""  # the subcontractor's id chosen for a copy of the ST-124
    # Signing the record of lead-safe work: the certified renovator's name typed, the tick.
    renovator_typed: str = ""
    certify_ticked: bool = False

    @rx.event
    def set_renovator_typed(self, text: str):
        self.renovator_typed = str(text)[:100]

    @rx.event
    def set_certify_ticked(self, ticked: bool):
        self.certify_ticked = ticked is True

    @rx.event
    async def sign_lead_safe_record(self):
        """Sign the record as the page shows it (its SHA-256 goes back with the signature)."""
        seen = (self.duties.get("lead_safe") or {}).get("sha256", "")
        signer = await self._act(
            compliance.sign_lead_safe_record,
            self.renovator_typed,
            self.certify_ticked,
            seen,
            self._signed_in_user(),
        )
        if signer:
            self.action_note = f"The record of lead-safe work is signed by {signer}."
            self.renovator_typed, self.certify_ticked = "", False

    @rx.event
    def set_copy_to(self, value: str):
        self.copy_to = str(value)[:12]

    @rx.event
    async def send_st124_copy(self):
        sub = whole_number(self.copy_to) or 0
        company = await self._act(compliance.send_st124_copy, sub, self._signed_in_user())
        if company:
            self.action_note = f"The ST-124 is e-mailed to {company}."

    @rx.event
    def open_deposit(self, payment_id: int):
        self.deposit_for, self.deposit_account = whole(payment_id), ""
        self.deposit_day = business_today().isoformat()
        self.action_error = ""

    @rx.event
    def close_deposit(self):
        self.deposit_for = 0

    @rx.event
    def set_deposit_day(self, text: str):
        self.deposit_day = str(text)[:10]

    @rx.event
    def set_deposit_account(self, text: str):
        self.deposit_account = str(text)[:200]

    @rx.event
    async def record_deposit(self):
        await self._act(
            compliance.record_deposit,
            self.deposit_for,
            iso_date(self.deposit_day),
            self.deposit_account,
            self._signed_in_user(),
            done="The deposit is recorded.",
        )
        if not self.action_error:
            self.deposit_for = 0

    @rx.event
    async def send_escrow_notice(self):
        await self._act(
            compliance.send_escrow_notice,
            self._signed_in_user(),
            done="The owner's escrow notice is sent.",
        )

    @rx.event
    async def set_property_type(self, value: str):
        await self._act(
            compliance.set_property_type, str(value), self._signed_in_user(), done="Saved."
        )
