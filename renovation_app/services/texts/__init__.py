"""Texts through Twilio: consent, queueing in the one outbox (channel "text"), sending once,
quiet hours, Twilio's signed webhooks (texts in, delivery status) and staff replies."""

from renovation_app.services.texts.consent import latest_consent, may_text, record_consent
from renovation_app.services.texts.conversation import (
    Conversation,
    ConversationLine,
    TextNumber,
    answer_customer,
    note_customer_word,
    open_conversation,
)
from renovation_app.services.texts.gateway import e164, twilio_client
from renovation_app.services.texts.inbound import (
    INBOUND_PATH,
    WEBHOOK_MAX_BYTES,
    SignatureInvalid,
    cancel_queued_texts,
    handle_inbound,
    twiml,
)
from renovation_app.services.texts.inbox import (
    Inbox,
    InboxText,
    attach_to_customer,
    attach_to_enquirer,
    inbox,
)
from renovation_app.services.texts.media import NOT_KEPT, keep_text_media
from renovation_app.services.texts.queueing import (
    TEXT_MAX,
    queue_text,
    text_link,
    texts_off_reason,
)
from renovation_app.services.texts.quiet_hours import end_of_quiet_hours
from renovation_app.services.texts.replies import reply_to_customer
from renovation_app.services.texts.sending import STATUS_PATH, TEXT_CHANNEL
from renovation_app.services.texts.status import handle_status
from renovation_app.services.texts.views import (
    TextLine,
    attach_text,
    customer_texts,
    mark_customer_texts_read,
    unattached_texts,
    unread_texts_count,
)

__all__ = [
    "Inbox",
    "InboxText",
    "attach_to_customer",
    "attach_to_enquirer",
    "inbox",
    "Conversation",
    "ConversationLine",
    "TextNumber",
    "answer_customer",
    "note_customer_word",
    "open_conversation",
    "INBOUND_PATH",
    "NOT_KEPT",
    "STATUS_PATH",
    "TEXT_CHANNEL",
    "TEXT_MAX",
    "WEBHOOK_MAX_BYTES",
    "SignatureInvalid",
    "TextLine",
    "attach_text",
    "cancel_queued_texts",
    "customer_texts",
    "e164",
    "end_of_quiet_hours",
    "handle_inbound",
    "handle_status",
    "keep_text_media",
    "latest_consent",
    "mark_customer_texts_read",
    "may_text",
    "queue_text",
    "record_consent",
    "reply_to_customer",
    "text_link",
    "texts_off_reason",
    "twilio_client",
    "twiml",
    "unattached_texts",
    "unread_texts_count",
]
