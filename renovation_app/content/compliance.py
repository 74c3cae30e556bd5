"""The words of New York's duties during a job, for the business's lawyer to edit: the owner's
notice of where their deposits are held (Lien Law §71-a(4)), and the office's reminders of the
escrow and lien deadlines. Placeholders in braces are filled when the e-mail is made."""

# Lien Law §71-a(4)(a): a payment received before substantial completion reaches the escrow
# account within this many business days; "unless the home improvement contract specifies the
# name of the depositary", the owner is told in writing where it is held no later than this
# many business days after the deposit has been made.
ESCROW_DEPOSIT_BUSINESS_DAYS = 5
ESCROW_NOTICE_BUSINESS_DAYS = 10

# The job page's line about the owner's notice.
ESCROW_NOTICE_NAMED = (
    "Not needed: the signed contract names the bank holding deposits (Lien Law §71-a(4)(a))."
)
ESCROW_NOTICE_WAITING = (
    "Due within 10 business days after the first payment is deposited in escrow (none yet)."
)
ESCROW_NOTICE_DUE = "Due by {deadline}: 10 business days after the deposit of {deposited}."
ESCROW_NOTICE_LATE = (
    "Late: it was due by {deadline}, 10 business days after the deposit of {deposited}."
)

ESCROW_NOTICE_SUBJECT = "Where your payments for job {job} are held"
ESCROW_NOTICE = (
    "Dear {owner},",
    "As New York Lien Law §71-a(4) requires, every payment you make to {contractor} before "
    "the work of your contract ({job}, {title}) is substantially completed is deposited in an "
    "escrow account at:",
    "{bank}\n{bank_address}",
    "The money stays there until the work it pays for is done. If you have any question about "
    "your payments, reply to this e-mail or call us at {phone}.",
)

# Lien Law §10: a mechanic's lien is filed within 4 months of the last work on a single-family
# home, 8 months on any other building. The office is told this many days before.
LIEN_MONTHS_SINGLE_FAMILY = 4
LIEN_MONTHS_OTHER = 8
LIEN_WARNING_DAYS = (30, 7)
# The job page, the dashboard and the office's reminders say the deadline in these words.
LIEN_DEADLINE = (
    "Last day to file a mechanic's lien: {deadline} ({months} months after the last work day, "
    "{last_work_day}{type_unset})"
)
# General Construction Law §25-a: a period that ends on a Saturday, Sunday or public holiday
# ends on the next business day instead. The office is shown that day and the safe day before.
LIEN_DEADLINE_MOVED = (
    "Last day to file a mechanic's lien: {allowed} ({months} months after the last work day, "
    "{last_work_day}{type_unset}, end on {deadline}, not a business day, so General "
    "Construction Law §25-a moves the deadline to the next business day); to be safe, file by "
    "{safe}"
)
LIEN_TYPE_UNSET = ", counted as a single-family home: set the type"

PROPERTY_TYPES = {
    "single_family": "Single-family home",
    "other": "Other building (two or more families, co-op, condo, commercial)",
}

# Sales tax (Tax Bulletin ST-104): a capital improvement is untaxed only with the owner's signed
# Form ST-124, Certificate of Capital Improvement, which the contractor keeps. The owner signs it
# on the estimate's page with the contract; its fields are filled from the job.
ST124_TITLE = "Form ST-124, Certificate of Capital Improvement"
ST124_STATEMENT = (
    "I, the owner, certify that the work described above, done by the contractor named above "
    "at the property named above, is a capital improvement to that real property: it adds to "
    "its value or prolongs its useful life, it becomes part of the property, and it is intended "
    "to become a permanent installation. I understand that the contractor relies on this "
    "certificate to charge no sales tax on it, and that a false certificate makes me liable for "
    "the tax with interest and penalties."
)
ST124_TICK = (
    "I certify that this work is a capital improvement, and sign Form ST-124 with the full name "
    "I type below."
)
# Flagged on the invoice form while a line is a capital improvement: it is sent untaxed.
ST124_INVOICE_FLAG = (
    "A capital improvement line is sent without sales tax: keep the owner's signed Form ST-124 "
    "on file before you send it. Contracts signed online carry it (the job's New York duties "
    'list it); for other work, have the owner sign the form, or choose "Repair or installation: '
    'taxed".'
)
ST124_JOB_FLAG = (
    "No signed Form ST-124 is on file for this job, yet its capital improvement work is billed "
    "without sales tax: have the owner sign the form before the next invoice is sent."
)
ST124_LINK = "https://www.tax.ny.gov/pdf/current_forms/st/st124_fill_in.pdf"

# Lead-safe work (EPA's Renovation, Repair and Painting rule, 40 CFR 745 subpart E): in a home
# built before 1978 the owner receives the "Renovate Right" pamphlet before the work begins and
# signs for it; the firm and its certified renovator keep a record of the lead-safe work
# practices, for three years.
LEAD_SAFE_BEFORE_YEAR = 1978


def needs_lead_safe_work(year_built: int | None) -> bool:
    """A home known to be built before 1978."""
    return year_built is not None and year_built < LEAD_SAFE_BEFORE_YEAR


PAMPHLET_TITLE = "The Lead-Safe Certified Guide to Renovate Right"
PAMPHLET_LINK = "https://www.epa.gov/lead/renovate-right-important-lead-hazard-information-families-child-care-providers-and-schools"
PAMPHLET_RECEIPT_TITLE = "Receipt of the lead hazard information pamphlet"
PAMPHLET_STATEMENT = (
    'I, the owner, received a copy of the EPA pamphlet "The Lead-Safe Certified Guide to '
    'Renovate Right" before the renovation described above began. The home was built before '
    "1978, so the work is done with lead-safe work practices by a certified firm."
)
PAMPHLET_TICK = 'I received the pamphlet "The Lead-Safe Certified Guide to Renovate Right".'
LEAD_SAFE_RECORD_TITLE = "Record of lead-safe work practices"
LEAD_SAFE_RECORD_YEARS = 3
LEAD_SAFE_PRACTICES = (
    "The owner received the Renovate Right pamphlet before the work began (receipt attached).",
    "Warning signs were posted at the entrance to the work area.",
    "The work area was contained: floors and openings covered with plastic sheeting, HVAC "
    "ducts closed.",
    "No open-flame burning, power sanding or grinding without HEPA exhaust, or heat guns above "
    "1100 °F were used on painted surfaces.",
    "Waste was contained and sealed in heavy-duty bags before leaving the work area.",
    "The work area was cleaned with a HEPA vacuum and wet wiping, and the certified renovator "
    "verified the cleaning (cleaning verification card).",
)
