"""The words of a home-improvement contract (an accepted estimate), for the business's lawyer
to edit. New York General Business Law §771 asks a contract over $500 for the items below;
tests/unit/test_contract_text.py checks that every one of them is in the signed document.

Placeholders in braces are filled when the document is made: {contractor}, {licence},
{bank}, {start}, {completion}, {contingencies}, {time_of_essence}, {deadline_rule}, {signed_on},
{cancel_by}.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class ContractSection:
    heading: str
    paragraphs: tuple[str, ...]
    bold: bool = False  # printed in bold type (the law asks it of the lien notice)


TITLE = "Home Improvement Contract"

SCHEDULE = ContractSection(
    heading="Schedule",
    paragraphs=(
        "Work is expected to begin on or about {start} and to be substantially completed on "
        "or about {completion}.",
        "Contingencies that could materially change the completion date: {contingencies}",
        "{time_of_essence}",
    ),
)
TIME_OF_ESSENCE = "Time is of the essence of this contract: the completion date is a firm term."
TIME_NOT_OF_ESSENCE = "Time is not of the essence of this contract: the dates above are estimates."
NO_CONTINGENCIES = "none stated beyond weather, the owner's changes and hidden conditions."

LIEN_NOTICE = ContractSection(
    heading="Notice about mechanic's liens",
    paragraphs=(
        "Any contractor, subcontractor or materialman who provides home improvement goods or "
        "services pursuant to this contract and who is not paid may have a claim against the "
        "owner which may be enforced against the property in accordance with the applicable "
        "lien laws.",
    ),
    bold=True,
)

# Lien Law §71-a(4): payments before substantial completion are held in escrow (the duty is in
# the Lien Law, not the General Business Law).
ESCROW_NOTICE = ContractSection(
    heading="Payments before the work is substantially completed",
    paragraphs=(
        "Any payment received by {contractor} before substantial completion of the work is "
        "deposited in an escrow account at {bank}, as Lien Law §71-a(4) requires, "
        "until the work it pays for is done, unless a bond, contract of indemnity or "
        "irrevocable letter of credit guarantees its return.",
    ),
)

PROGRESS_PAYMENTS_HEADING = "Schedule of progress payments"
NO_PROGRESS_PAYMENTS = (
    "No progress payments: the balance is due on substantial completion of the work."
)

# The owner's right to cancel (General Business Law §771), in the form of Personal Property Law
# §428(1) and 16 CFR 429.1: the contract shows the date of the transaction, and the notice of
# cancellation carries it and the last day to cancel. {signed_on} and {cancel_by} are those
# days in the language of the sale, or UNSIGNED_DAY and UNSIGNED_LAST_DAY before signing.
TRANSACTION_DATES = (
    "Date of this transaction: {signed_on}. Last day to cancel: {cancel_by}, until midnight."
)
UNSIGNED_DAY = "the day you sign this contract"
UNSIGNED_LAST_DAY = "the third business day after the day you sign it"
# PPL §428(1)(b) and 16 CFR 429.1(b): payments "will be returned within 10 business days
# following receipt by the seller of your cancellation notice". One sentence for the notice,
# the signing page and the cancelled contract's page; services/estimates/cancelling.py counts
# the office's date to give money back with the same number.
BUSINESS_DAYS_TO_RETURN_PAYMENTS = 10
REFUND_RULE = (
    "Everything you paid under this contract is returned to you within "
    f"{BUSINESS_DAYS_TO_RETURN_PAYMENTS} business days after the contractor receives your "
    "notice of cancellation."
)

CANCELLATION_NOTICE = ContractSection(
    heading="Your right to cancel",
    paragraphs=(
        "You, the owner, may cancel this contract at any time before midnight of the third "
        "business day after the day you sign it ({deadline_rule}). See the attached notice of "
        "cancellation for an explanation of this right. To cancel, open the link in your "
        'e-mail and choose "Cancel this contract", or sign and send the notice below to '
        "{contractor}.",
        TRANSACTION_DATES,
        REFUND_RULE,
    ),
    bold=True,
)
NOTICE_OF_CANCELLATION = ContractSection(
    heading="Notice of cancellation",
    paragraphs=(
        TRANSACTION_DATES,
        "You may cancel this transaction, without any penalty or obligation, within three "
        "business days from the above date.",
        REFUND_RULE,
        'To cancel this transaction, use "Cancel this contract" on the page where you signed '
        "it, or mail or deliver a signed and dated copy of this notice, or any other written "
        "notice, to {contractor}, {address}, not later than midnight of {cancel_by}.",
        "I hereby cancel this transaction. Date: ____________  Owner's signature: "
        "______________________",
    ),
)
DEADLINE_RULE = "Saturdays, Sundays and New York public holidays are not business days"

ACCEPTANCE = (
    'By typing my full name and choosing "Accept and sign" I accept this estimate as a '
    "contract for the work and price above, and I have read the notices in it, including my "
    "right to cancel."
)
