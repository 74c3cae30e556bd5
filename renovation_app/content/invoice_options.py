"""The services an invoice can list, with the spec's labels and slugs, plus one free line."""

from dataclasses import dataclass

OTHER_WORK = "otherWork"


@dataclass(frozen=True)
class InvoiceOption:
    slug: str  # stored on the invoice line, e.g. "kitchenRemodelling"
    label: str  # shown on the form, the invoice, the e-mail and the PDF

    @property
    def description_required(self) -> bool:
        """"Other work" says nothing by itself, so its line must describe the work."""
        return self.slug == OTHER_WORK


INVOICE_OPTIONS: list[InvoiceOption] = [
    InvoiceOption("kitchenRemodelling", "Kitchen Remodelling"),
    InvoiceOption("bathroomRemodelling", "Bathroom Remodelling"),
    InvoiceOption("furnitureRenovation", "Furniture Renovation"),
    InvoiceOption("paversAndWalkways", "Pavers and Walkways"),
    # The spec gives this option no slug; it gets one in the same style as the others.
    InvoiceOption("screenEnclosure", "Screen Enclosure"),
    InvoiceOption("floorAndTile", "Floor and Tile"),
    InvoiceOption(OTHER_WORK, "Other work"),
]
