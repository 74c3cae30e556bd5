"""The costs page's record of a lien waiver the subcontractor signed on paper: who signed, the
day (on or after the payment: the service checks it) and the scan."""

import reflex as rx

from renovation_app.services import lien_waivers
from renovation_app.services.fields import iso_date
from renovation_app.state.jobs.costs import JobCostsState
from renovation_app.state.jobs.detail import whole


class JobWaiverScanState(JobCostsState):
    scan_for: int = 0  # the waiver whose form is open
    scan_name: str = ""
    scan_day: str = ""

    @rx.event
    def open_scan(self, waiver_id: int):
        self.scan_for, self.scan_name, self.scan_day = whole(waiver_id), "", ""

    @rx.event
    def close_scan(self):
        self.scan_for = 0

    @rx.event
    def set_scan_name(self, text: str):
        self.scan_name = str(text)[:100]

    @rx.event
    def set_scan_day(self, text: str):
        self.scan_day = str(text)[:10]

    @rx.event
    async def record_scan(self, files: list[rx.UploadFile]):
        if not files:
            self.error = "Please choose the scan of the signed waiver."
            return
        content = await files[0].read(10 * 1024 * 1024 + 1)
        paper = lien_waivers.PaperSignature(
            self.scan_name, iso_date(self.scan_day), content, str(files[0].name or "waiver")
        )
        await self._run(
            lien_waivers.record_signed_scan,
            self.scan_for,
            paper,
            self._signed_in_user(),
            done="The signed waiver is recorded.",
        )
        if not self.error:
            self.scan_for = 0
