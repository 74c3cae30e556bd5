"""Texts in the office: the card of a customer's page (the conversation, the customer's numbers
and their consent, the reply box; mixed into the customer page's state, which reads it with the
record) and /texts (what nobody has read yet, and texts from unknown numbers)."""

import asyncio
import logging

import reflex as rx

from renovation_app.services import texts
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.fields import whole_number
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)

REPLY_FORM_ID = "text-reply-form"


class CustomerTextsMixin(rx.State, mixin=True):
    conversation: texts.Conversation = texts.Conversation()
    reply_error: str = ""

    async def _read_texts(self, customer_id: int) -> None:
        self.conversation = await asyncio.to_thread(
            texts.open_conversation, customer_id, self._signed_in_user()
        )

    @rx.event
    async def send_text(self, form_data: dict):
        if self.customer is None:
            return
        self.reply_error = ""
        phone, body = str(form_data.get("phone", "")), str(form_data.get("body", ""))
        try:
            await asyncio.to_thread(
                texts.answer_customer, self._signed_in_user(), self.customer.id, phone, body
            )
        except FormInvalid as invalid:
            self.reply_error = next(iter(invalid.errors.values()))
            return
        except ActionRefused as refused:
            self.reply_error = refused.message
            return
        await self._read_texts(self.customer.id)
        yield rx.call_script(f"document.getElementById('{REPLY_FORM_ID}').reset()")
        yield rx.toast.success("The text is on its way.", duration=2000)

    @rx.event
    async def note_texts_word(self, phone: str, consented: bool):
        if self.customer is None:
            return
        try:
            await asyncio.to_thread(
                texts.note_customer_word,
                self._signed_in_user(),
                self.customer.id,
                str(phone),
                consented is True,
            )
        except ActionRefused as refused:
            self.reply_error = refused.message
            return
        await self._read_texts(self.customer.id)


class TextsInboxState(StaffState):
    """/texts: the unread texts and those from unknown numbers."""

    inbox: texts.Inbox = texts.Inbox()
    attach_to: dict[str, str] = {}  # text id -> the customer number typed beside it
    error: str = ""

    @rx.event
    async def load(self):
        self.error, self.attach_to = "", {}
        try:
            self.inbox = await asyncio.to_thread(texts.inbox)
        except Exception:
            log.exception("the texts inbox failed")
            self.inbox, self.error = texts.Inbox(), "The texts could not be read. Please reload."

    @rx.event
    def set_attach_to(self, text_id: int, value: str):
        self.attach_to[str(text_id)] = str(value).strip()[:12]

    @rx.event
    async def attach(self, text_id: int):
        customer_id = whole_number(self.attach_to.get(str(text_id), ""))
        text = whole_number(text_id)
        if customer_id is None or text is None:
            self.error = "Type the number of the customer who sent this text."
            return
        try:
            await asyncio.to_thread(
                texts.attach_to_customer, self._signed_in_user(), text, customer_id
            )
        except ActionRefused as refused:
            self.error = refused.message
            return
        yield TextsInboxState.load
        yield rx.toast.success("The text is on the customer's page.", duration=2000)

    @rx.event
    async def attach_to_enquirer(self, text_id: int, enquiry_id: int):
        text, enquiry = whole_number(text_id), whole_number(enquiry_id)
        if text is None or enquiry is None:
            return
        try:
            await asyncio.to_thread(texts.attach_to_enquirer, self._signed_in_user(), text, enquiry)
        except ActionRefused as refused:
            self.error = refused.message
            return
        yield TextsInboxState.load
        yield rx.toast.success("A customer now, with the text on their page.", duration=2000)
