"""The languages a sale can be made in, and the signing page's words the owner gets in them.

Where the sale was made in Spanish, Russian or Chinese, the owner gets the notice of
cancellation, the statements signed with the contract (content/compliance.py: Form ST-124, the
lead pamphlet's receipt) and every e-mail about the sale in that language too. The translations
are gettext catalogues beside this file, locale/<code>/LC_MESSAGES/contract.po, whose msgids are
those English texts, SIGNING_PAGE below and the e-mail templates' t("...") texts
(tests/unit/test_cancellation_languages.py keeps them in step).
"""

from dataclasses import dataclass

from renovation_app.content.contract import REFUND_RULE


@dataclass(frozen=True)
class SaleLanguage:
    code: str  # Estimate.language, and the folder of its catalogue under locale/
    english_name: str
    native_name: str
    locale: str  # the catalogue's Language header (Babel's name for it)
    # While False the owner gets the English notice beside the translation.
    lawyer_reviewed: bool


ENGLISH = SaleLanguage("en", "English", "English", "en", lawyer_reviewed=True)

SALE_LANGUAGES: dict[str, SaleLanguage] = {
    language.code: language
    for language in (
        ENGLISH,
        # to be reviewed by the business's lawyer
        SaleLanguage("es", "Spanish", "Español", "es", lawyer_reviewed=False),
        # to be reviewed by the business's lawyer
        SaleLanguage("ru", "Russian", "Русский", "ru", lawyer_reviewed=False),
        # to be reviewed by the business's lawyer
        SaleLanguage("zh", "Simplified Chinese", "简体中文", "zh_Hans", lawyer_reviewed=False),
    )
}

# The estimate form's choices: "Spanish (Español)".
SALE_LANGUAGE_NAMES: dict[str, str] = {
    code: language.english_name
    if code == ENGLISH.code
    else f"{language.english_name} ({language.native_name})"
    for code, language in SALE_LANGUAGES.items()
}

# The signing page's words, in English; {deadline} is filled with the date in the owner's
# language. "Cancel this contract" and "Accept and sign" are also quoted in the notices.
SIGNING_PAGE: dict[str, str] = {
    "accept_and_sign": "Accept and sign",
    "full_name": "Your full name",
    "agree": "I agree to this contract and its terms, including the notices in the PDF.",
    "decline": "Decline this estimate",
    "cancel": "Cancel this contract",
    "cancel_until": "You may cancel this contract until {deadline}.",
    "paid_back": REFUND_RULE,
    "english_notice": "Notice of cancellation (English)",
}
