"""The legal pages: terms and conditions and privacy policy, with contact details from BUSINESS."""

from .business import BUSINESS
from .services import SERVICES
from .types import LegalSection

# A section's paragraphs are shown before its bullets, so the last paragraph introduces the list.

LEGAL_UPDATED = "November 22, 2026"

# How the legal texts name the company and define "we", "us" and "our".
_WE = (
    f"{BUSINESS.legal_name} (\u201c{BUSINESS.name},\u201d \u201cwe,\u201d \u201cus\u201d "
    "or \u201cour\u201d)"
)

_CONTACT_BULLETS: tuple[str, ...] = (
    f"Phone: {BUSINESS.phone_display}",
    f"E-mail: {BUSINESS.email}",
    f"Address: {BUSINESS.legal_name}, {BUSINESS.address.one_line}",
)

# One sentence per service for the Terms' "Service Terms" section; a service missing here fails
# at import.
_SERVICE_TERMS: dict[str, str] = {
    "kitchen-remodeling": (
        "layout planning, cabinet installation and refacing, countertops, appliance "
        "installation, lighting and the related finish work."
    ),
    "bathroom-remodeling": (
        "replacement of fixtures, vanities, tubs and showers, waterproofing, tile and "
        "flooring, lighting and accessories."
    ),
    "furniture-renovation": (
        "repair, refinishing and restoration of furniture and built-in cabinetry, in our "
        "workshop or in your home."
    ),
    "pavers-walkways": (
        "design and installation of paver patios, walkways, garden paths and driveways, "
        "including excavation, base preparation and drainage."
    ),
    "screen-enclosure": (
        "construction of screen enclosures for porches, decks and patios, including framing, "
        "roofing, screens and doors."
    ),
    "floor-tile": (
        "installation, repair and restoration of tile, stone, hardwood and vinyl floors and "
        "walls, including waterproofing and sealing."
    ),
}

TERMS: tuple[LegalSection, ...] = (
    LegalSection(
        heading="Acceptance of Terms",
        paragraphs=(
            f"These terms and conditions apply to your use of this website and to the services "
            f"provided by {_WE}. By using the website, requesting an estimate or engaging us "
            "for work, you agree to these terms. If you do not agree, please do not use the "
            "website or our services.",
            "Where we give you a written quote or contract for a specific project, its terms "
            "apply to that project together with these terms. If the two differ, the written "
            "quote or contract prevails.",
        ),
    ),
    LegalSection(
        heading="Service Terms",
        paragraphs=(
            "Work that by law must be carried out by a licensed trade, such as plumbing, "
            "electrical and gas work, is performed by appropriately licensed professionals. "
            "Where a project needs permits or the approval of a co-op board, condo board or "
            "managing agent, we will tell you before work begins and supply the documents we "
            "are asked for; unless the quote says otherwise, obtaining building approvals is "
            "the client's responsibility.",
            "You agree to give us safe access to the work area at the agreed times and to "
            "tell us about any known hazards, such as lead paint, asbestos or structural "
            "concerns.",
            "The exact scope, materials, schedule and price of any project are set out in the "
            "written quote we give you before work begins. Our services include:",
        ),
        bullets=tuple(f"{s.title}: {_SERVICE_TERMS[s.slug]}" for s in SERVICES),
    ),
    LegalSection(
        heading="Quotes and Payments",
        paragraphs=(
            "Estimates are free. A quote is our estimate of the cost of the work it "
            "describes, based on what we can see and measure at the time. Hidden conditions "
            "found once work begins, such as rot, water damage, outdated wiring or an uneven "
            "subfloor, and changes you ask for may change the price. We will explain any "
            "change and get your agreement before doing the extra work.",
            "Unless we agree otherwise in writing, full payment is due on completion of the "
            "work. For larger projects a deposit or staged payments may be agreed in the "
            "written quote. Invoices are sent by e-mail and can be paid by card through our "
            "secure online payment page, which is processed by Stripe, or by the other "
            "methods shown on the invoice.",
        ),
    ),
    LegalSection(
        heading="Liability",
        paragraphs=(
            "We carry out all work with reasonable skill and care. If you believe something "
            "is wrong with our work, please tell us promptly in writing and give us a "
            "reasonable opportunity to inspect it and put it right.",
            "To the extent permitted by law, we are not liable for damage caused by "
            "pre-existing conditions we could not reasonably have detected, for materials or "
            "products supplied by you, for normal wear and tear, misuse or lack of "
            "maintenance after completion, or for indirect or consequential losses. Our "
            "total liability for any project is limited to the amount paid for that project. "
            "Nothing in these terms limits any liability that cannot be limited under New "
            "York law.",
            "The information on this website is provided for general guidance and may change "
            "without notice; it is not a quote or an offer for any particular project.",
        ),
    ),
    LegalSection(
        heading="Privacy Policy",
        paragraphs=(
            "How we collect, use and protect your personal information is explained in our "
            "Privacy Policy, which you can read on the Privacy Policy page of this website. "
            "By using the website or our services, you also accept the Privacy Policy.",
        ),
    ),
    LegalSection(
        heading="Governing Law",
        paragraphs=(
            "These terms, and any dispute arising from them or from our services, are "
            "governed by the laws of the State of New York. Any legal proceedings will be "
            "brought in the state or federal courts located in the State of New York, and you "
            "and we submit to the jurisdiction of those courts. Before going to court, we ask "
            "that you contact us so we can try to resolve the matter together.",
        ),
    ),
    LegalSection(
        heading="Changes",
        paragraphs=(
            "We may update these terms from time to time. The updated version will be posted "
            "on this page with a new \u201clast updated\u201d date and applies from the date it "
            "is posted. Changes do not affect a project already covered by an accepted quote "
            "or contract, which stays under the terms in force when it was agreed.",
        ),
    ),
    LegalSection(
        heading="Contact Us",
        paragraphs=("If you have any questions about these terms, please contact us:",),
        bullets=_CONTACT_BULLETS,
    ),
)

PRIVACY: tuple[LegalSection, ...] = (
    LegalSection(
        heading="Information We Collect",
        paragraphs=(
            f"This policy explains how {_WE} handles personal information. When you browse "
            "the website, our servers record basic technical information, such as your IP "
            "address, browser type and the pages you visit, to keep the site secure and "
            "working. With contact form messages we keep only a one-way scrambled (hashed) "
            "form of your IP address, which we use to block spam.",
            "We also collect the information you give us when you contact us, request an "
            "estimate, receive an invoice or pay online. This may include:",
        ),
        bullets=(
            "Name: your first and last name.",
            "Contact information: your e-mail address, phone number and the address of the "
            "property where work is to be done.",
            "Demographic information: such as your ZIP code or neighborhood, which helps us "
            "plan site visits.",
            "Payment information: the amount, date and status of your payments. Card details "
            "are entered directly into our payment processor and are never stored by us.",
            "Survey information: your answers if you choose to take part in a feedback "
            "survey or review request after a project.",
        ),
    ),
    LegalSection(
        heading="How We Use Information",
        paragraphs=(
            "We do not sell your personal information, and we do not send you marketing "
            "e-mails unless you have asked us to.",
            "We use your information only to run our business and serve you, in particular:",
        ),
        bullets=(
            "To answer your questions and arrange estimates and site visits.",
            "To prepare quotes and invoices and send them to you by e-mail.",
            "To process payments and send you receipts.",
            "To schedule and carry out the work and keep you informed about it.",
            "To improve our services and website, including through feedback you give us.",
            "To keep the website secure, prevent spam and fraud, and meet our legal and tax "
            "obligations.",
        ),
    ),
    LegalSection(
        heading="Information Protection",
        paragraphs=(
            "We take reasonable administrative, technical and physical measures to protect "
            "your information. The website is served over an encrypted (HTTPS) connection, "
            "customer and invoice records can be reached only by our staff through "
            "password-protected accounts, and staff passwords are stored only in hashed form.",
            "Card payments are handled entirely by Stripe, a PCI DSS certified payment "
            "processor. Your card number, expiry date and security code go directly from your "
            "browser to Stripe; they are never sent to, seen by or stored by us. We receive "
            "only a confirmation of whether the payment succeeded.",
            "No method of transmitting or storing data is completely secure, but we work to "
            "protect your information and will notify you as the law requires if a breach "
            "affects it.",
        ),
    ),
    LegalSection(
        heading="Cookies",
        paragraphs=(
            "The website uses a small number of cookies that it needs to work. When a staff "
            "member signs in, a secure cookie keeps them signed in. When you pay online, "
            "Stripe's payment form may set its own cookies to prevent fraud. We do not use "
            "cookies for advertising.",
            "Maps and videos from other services load only when you click to view them, and "
            "those services may then set their own cookies. You can block or delete cookies "
            "in your browser settings, but some features, such as signing in or paying "
            "online, may not work without them.",
        ),
    ),
    LegalSection(
        heading="Sharing",
        paragraphs=(
            "We do not sell, trade or rent your personal information. We may disclose it "
            "when the law requires it, to protect our rights or the safety of others, or as "
            "part of a sale or reorganization of our business.",
            "Otherwise we share it only with the service providers that help us run our "
            "business, and only as much as they need to do their job. They may use it only "
            "to provide their services to us:",
        ),
        bullets=(
            "Stripe, which processes card payments.",
            "Resend, which delivers our e-mails, including replies, quotes, invoices and receipts.",
            "Our website hosting provider, which stores the site and its data.",
        ),
    ),
    LegalSection(
        heading="Third-Party Links",
        paragraphs=(
            "Our website contains links to other websites, such as our social media pages, "
            "map services and our payment processor. We are not responsible for the content "
            "or privacy practices of those websites, and this policy does not apply to them. "
            "We encourage you to read the privacy policy of every website you visit.",
        ),
    ),
    LegalSection(
        heading="Changes to This Policy",
        paragraphs=(
            "We may update this privacy policy from time to time, for example when we change "
            "how we work or when the law changes. The updated version will be posted on this "
            "page with a new \u201clast updated\u201d date. Please check this page from time "
            "to time to stay informed about how we protect your information.",
        ),
    ),
    LegalSection(
        heading="Your Consent",
        paragraphs=(
            "By using our website, contacting us or using our services, you consent to the "
            "collection and use of your information as described in this policy. You may ask "
            "us at any time to see, correct or delete the personal information we hold about "
            "you, except for records we must keep by law, such as invoices and tax records.",
        ),
    ),
    LegalSection(
        heading="Contacting Us",
        paragraphs=(
            "If you have any questions about this privacy policy or how we handle your "
            "information, please contact us:",
        ),
        bullets=_CONTACT_BULLETS,
    ),
)
