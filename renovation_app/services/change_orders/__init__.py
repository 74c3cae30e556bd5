"""Change orders: amendments of a job's contract, written by staff, signed by the owner at
their link (or on paper, recorded by the office), and applied to the job at the signature."""

from renovation_app.services.change_orders.link import (
    FormStart,
    LinkPage,
    change_order_pdf,
    form_start,
    read_link,
)
from renovation_app.services.change_orders.saving import (
    create_change_order,
    withdraw_change_order,
)
from renovation_app.services.change_orders.signing import (
    LinkState,
    PaperSignature,
    decline,
    record_paper_signature,
    record_view,
    sign,
)

__all__ = [
    "FormStart",
    "form_start",
    "LinkPage",
    "LinkState",
    "PaperSignature",
    "change_order_pdf",
    "create_change_order",
    "decline",
    "read_link",
    "record_paper_signature",
    "record_view",
    "sign",
    "withdraw_change_order",
]
