"""The words of New York's duties during a job, for the business's lawyer to edit: the owner's
notice of where their deposits are held (Lien Law §71-a(4)), and the office's reminders of the
escrow and lien deadlines. Placeholders in braces are filled when the e-mail is made."""

# Lien Law §71-a: a payment received before substantial completion reaches the escrow account
# within this many business days; the owner is told where it is held within this many
# business days of the contract.
ESCROW_DEPOSIT_BUSINESS_DAYS = 5
ESCROW_NOTICE_BUSINESS_DAYS = 10

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

PROPERTY_TYPES = {
    "single_family": "Single-family home",
    "other": "Other building (two or more families, co-op, condo, commercial)",
}
