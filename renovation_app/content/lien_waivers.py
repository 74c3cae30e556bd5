"""The words of a subcontractor's lien waiver, for the business's lawyer to review (as the
contract's words in contract.py). New York Lien Law §34: a waiver of the right to file a lien
is valid only when given with or after the payment it names; the app makes a waiver only once
the payment is recorded, for exactly its amount and day."""

TITLE = "Waiver and release of lien upon payment"
REVIEW_NOTE = "Wording to be reviewed by the business's lawyer."

# Filled with the subcontractor, the contractor, the job's address and number, the amount and
# the day paid.
RELEASE = (
    "{subcontractor} has received from {contractor} the sum of {amount}, paid on {paid_on} "
    "by {how}, for labour, services, equipment or materials furnished to the property at "
    "{address} (job {job}). In return for that payment, {subcontractor} waives and releases "
    "any right to file a mechanic's lien against that property, and any claim against the "
    "trust funds of that job, for the work paid by this amount, to the extent of this amount."
)
NOT_WAIVED = (
    "This waiver covers only the amount above. It does not cover retainage, work done after "
    "{paid_on}, or work not yet paid for."
)
AGREEMENT = "I confirm the payment above was received and I sign this waiver for it."
