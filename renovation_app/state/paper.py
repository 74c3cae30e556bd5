"""A row's form for a paper the other side signed by hand (a change order the owner signed, a
lien waiver the subcontractor signed): which row it is open on, who signed, on which day, and
the scan. The feature's state records it with its own service."""

import reflex as rx

from renovation_app.services import files as stored_files
from renovation_app.services.fields import iso_date, whole_number
from renovation_app.services.signatures import PaperSignature


class PaperFormMixin(rx.State, mixin=True):
    paper_for: int = 0  # the row whose form is open (a change order's number, a waiver's id)
    paper_name: str = ""
    paper_day: str = ""

    @rx.event
    def open_paper(self, row: int):
        self.paper_for, self.paper_name, self.paper_day = whole_number(row) or 0, "", ""

    @rx.event
    def close_paper(self):
        self.paper_for = 0

    @rx.event
    def set_paper_name(self, text: str):
        self.paper_name = str(text)[:100]

    @rx.event
    def set_paper_day(self, text: str):
        self.paper_day = str(text)[:10]

    async def _paper(self, files: list[rx.UploadFile], unnamed: str) -> PaperSignature | None:
        """What the form gives, the scan named `unnamed` when the browser sent no name; None
        without a file."""
        if not files:
            return None
        # One byte past the limit is enough for the service to refuse the scan in words.
        content = await files[0].read(stored_files.MAX_BYTES + 1)
        day = iso_date(self.paper_day)
        return PaperSignature(self.paper_name, day, content, str(files[0].name or unnamed))
