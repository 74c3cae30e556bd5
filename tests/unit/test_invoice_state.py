"""Invoice handlers: the guard refuses every one of them without a valid session, and the
form's submit stores only what the server computes."""

import hashlib

import pytest
import reflex as rx
from reflex_base.event import Event
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Invoice
from renovation_app.services import auth
from renovation_app.state.guard import StaffGuard, _staff_classes
from renovation_app.state.invoice_pages import InvoiceDetailState  # noqa: F401  (declares it)
from renovation_app.state.invoices import InvoiceFormState
from tests.unit.test_staff_state import run, substate, with_cookie

STAFF_HANDLERS = [
    (cls, name)
    for cls in _staff_classes()
    for name in cls.event_handlers
    if not name.startswith("set_") or name in ("set_price", "set_void_reason")
]


@pytest.fixture
def root(clean_db):
    return rx.State(_reflex_internal_init=True)


@pytest.mark.parametrize(
    ("cls", "handler"), STAFF_HANDLERS, ids=lambda v: getattr(v, "__name__", v)
)
@pytest.mark.parametrize("cookie", ["", "staff_session_ref=" + "0" * 64, "staff_session=forged"])
def test_every_staff_handler_is_refused_without_a_valid_session(root, cls, handler, cookie):
    event = Event(name=f"{cls.get_full_name()}.{handler}", payload={})
    assert run(StaffGuard().preprocess(None, with_cookie(root, cookie), event)) is not None


def test_the_list_of_guarded_handlers_covers_the_invoice_states():
    names = {f"{cls.__name__}.{name}" for cls, name in STAFF_HANDLERS}
    assert {
        "InvoiceFormState.submit",
        "InvoiceListState.load",
        "InvoiceDetailState.void",
        "InvoiceDetailState.resend_email",
        "InvoiceDetailState.load",
    } <= names


async def _submit(state, form_data):
    async for _ in InvoiceFormState.submit.fn(state, form_data):
        pass


def test_a_forged_total_in_the_event_is_ignored(root):
    user = auth.create_user("s@example.com", "Sam", "long enough password")
    token = auth.start_session(user.id)
    with_cookie(root, f"staff_session_ref={hashlib.sha256(token.encode()).hexdigest()}")
    event = Event(name=f"{InvoiceFormState.get_full_name()}.submit", payload={})
    assert run(StaffGuard().preprocess(None, root, event)) is None
    form = substate(root, InvoiceFormState)
    form_data = {
        "name": "Ann Customer",
        "email": "ann@example.com",
        "service-kitchenRemodelling": "on",
        "price-kitchenRemodelling": "100",
        "total": "0.01",
        "total_cents": "1",
        "form_token": "tok-1",
    }
    run(_submit(form, form_data))
    with db_session() as session:
        [invoice] = session.exec(select(Invoice)).all()
    assert invoice.total_cents == 10_000 and invoice.author_id == user.id


def test_the_browser_cannot_set_staff_vars_even_when_signed_in(root):
    user = auth.create_user("s@example.com", "Sam", "long enough password")
    token = auth.start_session(user.id)
    with_cookie(root, f"staff_session_ref={hashlib.sha256(token.encode()).hexdigest()}")
    event = Event(
        name=f"{InvoiceFormState.get_full_name()}.setvar",
        payload={"var_name": "is_admin", "value": True},
    )
    assert run(StaffGuard().preprocess(None, root, event)) is not None
