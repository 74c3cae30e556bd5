"""The home page FAQ: four questions and answers, with contact details read from BUSINESS."""

from .business import BUSINESS
from .types import FaqItem

_HOURS = " and ".join(f"{h.days}, {h.hours}" for h in BUSINESS.hours)

if BUSINESS.whatsapp_e164 == BUSINESS.phone_e164:
    _CALL_OR_WHATSAPP = (
        f"Call us at {BUSINESS.phone_display} or send a WhatsApp message to the same number"
    )
else:
    _CALL_OR_WHATSAPP = (
        f"Call us at {BUSINESS.phone_display} or send a WhatsApp message to "
        f"{BUSINESS.whatsapp_e164}"
    )

FAQ: tuple[FaqItem, ...] = (
    FaqItem(
        question="What services do you offer?",
        answer=(
            "We remodel kitchens and bathrooms, restore and refinish furniture, build paver "
            "patios and walkways, put up screen enclosures, and install and repair floors and "
            "tile. We also take on framing, roof repairs and the everyday handyman jobs that "
            "keep a home in good shape. If your project is not on the list, ask us: we will "
            "tell you honestly whether it is work we do well."
        ),
    ),
    FaqItem(
        question="How can I contact you?",
        answer=(
            f"{_CALL_OR_WHATSAPP}; we answer during business hours ({_HOURS}). You can also "
            f"e-mail us at {BUSINESS.email} or fill in the form on our Contact page. Tell us "
            "a little about your project and the best way to reach you, and we will get back "
            "to you promptly."
        ),
    ),
    FaqItem(
        question="What areas do you serve?",
        answer=(
            f"We work across {BUSINESS.service_area}. We take on residential projects in "
            "houses, brownstones, apartments, co-ops and condos, as well as commercial work "
            "for shops, offices and restaurants. If you are just outside the city, get in "
            "touch and we will let you know whether we can help."
        ),
    ),
    FaqItem(
        question="Can I get a quote?",
        answer=(
            "Yes. We offer a free on-site estimate: we visit, look at the space, take "
            "measurements and talk through what you want, then send you a written quote for "
            "the work. Quotes are estimates based on what we can see, so if hidden problems "
            "turn up once work starts, we explain them and agree any change with you before "
            "going ahead. Full payment is due on completion unless we agree otherwise in "
            "writing."
        ),
    ),
)
