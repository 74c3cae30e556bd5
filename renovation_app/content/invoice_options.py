"""The services an invoice can list: the catalogue's services (services.py, with their invoice
keys and labels) plus one free line."""

from dataclasses import dataclass

from .services import SERVICES

OTHER_WORK = "otherWork"


@dataclass(frozen=True)
class InvoiceOption:
    slug: str  # stored on the invoice line, e.g. "kitchenRemodelling"
    label: str  # shown on the form, the invoice, the e-mail and the PDF

    @property
    def description_required(self) -> bool:
        """ "Other work" says nothing by itself, so its line must describe the work."""
        return self.slug == OTHER_WORK


INVOICE_OPTIONS: list[InvoiceOption] = [
    *(InvoiceOption(service.invoice_key, service.invoice_label) for service in SERVICES),
    InvoiceOption(OTHER_WORK, "Other work"),
]
