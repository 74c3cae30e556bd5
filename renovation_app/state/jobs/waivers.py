"""The costs page's record of a lien waiver the subcontractor signed on paper: who signed, the
day (on or after the payment: the service checks it) and the scan."""

import reflex as rx

from renovation_app.services import lien_waivers
from renovation_app.state.jobs.costs import JobCostsState
from renovation_app.state.paper import PaperFormMixin


class JobWaiverScanState(PaperFormMixin, JobCostsState):
    """`paper_for` is the waiver whose form is open."""

    @rx.event
    async def record_paper(self, files: list[rx.UploadFile]):
        paper = await self._paper(files, "waiver")
        if paper is None:
            self.error = "Please choose the scan of the signed waiver."
            return
        await self._run(
            lien_waivers.record_signed_scan,
            self.paper_for,
            paper,
            self._signed_in_user(),
            done="The signed waiver is recorded.",
        )
        if not self.error:
            self.paper_for = 0
