"""The words of a change order (an amendment of a home-improvement contract), for the business's
lawyer to edit. General Business Law §771(1): the contract "and all amendments thereto, shall be
evidenced by a writing and shall be signed by all the parties"."""

TITLE = "Change Order"
AMENDS = (
    "This change order amends home improvement contract {contract} between {contractor} and "
    "{owner} for the work at {address}. Every other term of the contract stays as signed."
)
PAYMENT_WORDS = {
    "next": "The change in price is added to (or, for a credit, taken off) the next payment "
    "of the contract's schedule.",
    "own": "The change in price is billed on its own invoice once this change order is signed.",
    "spread": "The change in price is spread over the contract's remaining payments, in "
    "proportion to their amounts.",
}
NO_WORK_BEFORE_SIGNATURE = (
    "The work described here is not done, and no amount of it is billed, until this change "
    "order is signed by the owner."
)
ACCEPTANCE = (
    "By signing, the owner agrees to this change of the work, its price and the completion "
    "date, as an amendment of the contract."
)
DECLINED_NOTICE = "The owner declined this change order: the contract stays as it was."
