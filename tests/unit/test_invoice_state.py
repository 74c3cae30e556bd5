"""Invoice handlers: the guard refuses every one of them without a valid session, and the
form's submit stores only what the server computes."""

import pytest
import reflex as rx
from reflex_base.event import Event
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Invoice
from renovation_app.services.staff import sessions, users
from renovation_app.state.invoices.detail import InvoiceDetailState  # noqa: F401  (declares it)
from renovation_app.state.invoices.form import InvoiceFormState
from renovation_app.state.invoices.list import InvoiceListState  # noqa: F401  (declares it)
from renovation_app.state.staff.guard import StaffGuard, staff_classes
from tests.unit.test_staff_state import run, substate, with_cookie

STAFF_HANDLERS = [
    (cls, name)
    for cls in staff_classes()
    for name in cls.event_handlers
    if not name.startswith("set_")
    or name in ("set_line", "set_void_reason", "set_tax_area", "set_discount")
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


def signed_in_form(root):
    """A staff member signed in on this tab, as the guard sees it, and the tab's form."""
    user = users.create_user("s@example.com", "Sam", "long enough password")
    token = sessions.start_session(user.id)
    with_cookie(root, f"staff_session_ref={sessions.session_ref(token)}")
    event = Event(name=f"{InvoiceFormState.get_full_name()}.submit", payload={})
    assert run(StaffGuard().preprocess(None, root, event)) is None
    return user, substate(root, InvoiceFormState)


def first_key(form) -> str:
    return form.lines[0].key


def test_a_forged_total_in_the_event_is_ignored(root):
    user, form = signed_in_form(root)
    run(InvoiceFormState.open_form.fn(form))
    key = first_key(form)
    form_data = {
        "name": "Ann Customer",
        "email": "ann@example.com",
        f"service-{key}": "kitchenRemodelling",
        f"unit_price-{key}": "100",
        "total": "0.01",
        "total_cents": "1",
        "form_token": "tok-1",
    }
    run(_submit(form, form_data))
    with db_session() as session:
        [invoice] = session.exec(select(Invoice)).all()
    assert invoice.total_cents == 10_000 and invoice.author_id == user.id


def test_the_browser_cannot_set_staff_vars_even_when_signed_in(root):
    user = users.create_user("s@example.com", "Sam", "long enough password")
    token = sessions.start_session(user.id)
    with_cookie(root, f"staff_session_ref={sessions.session_ref(token)}")
    event = Event(
        name=f"{InvoiceFormState.get_full_name()}.setvar",
        payload={"var_name": "is_admin", "value": True},
    )
    assert run(StaffGuard().preprocess(None, root, event)) is not None


def test_loading_the_page_again_keeps_the_draft_and_a_saved_invoice_starts_a_new_one(root):
    """A reconnect (phone back from another app, a network drop) runs on_load again."""
    form = substate(root, InvoiceFormState)
    run(InvoiceFormState.open_form.fn(form))
    first_token, first_form_key = form.form_token, form.form_key
    InvoiceFormState.set_line.fn(form, first_key(form), "service", "kitchenRemodelling")
    InvoiceFormState.set_line.fn(form, first_key(form), "unit_price", "1200")
    run(InvoiceFormState.open_form.fn(form))
    assert form.lines[0].service == "kitchenRemodelling" and form.total_display == "$1,200.00"
    assert (form.form_token, form.form_key) == (first_token, first_form_key)  # not redrawn
    InvoiceFormState.new_form.fn(form)  # what a saved invoice does
    assert len(form.lines) == 1 and form.lines[0].service == ""
    assert form.form_token != first_token and form.total_display == "$0.00"


def test_a_line_edit_the_editor_does_not_offer_changes_nothing(root):
    form = substate(root, InvoiceFormState)
    run(InvoiceFormState.open_form.fn(form))
    key = first_key(form)
    for name, value in (("service", "roofing"), ("key", "x"), ("amount_cents", "9"), ("unit", 5)):
        InvoiceFormState.set_line.fn(form, key, name, value)
    assert (form.lines[0].service, form.lines[0].key, form.lines[0].unit) == ("", key, "")
    InvoiceFormState.remove_line.fn(form, key)  # the last line stays
    assert len(form.lines) == 1


def test_a_tab_given_a_new_empty_state_gets_its_draft_back_from_session_storage(root):
    """Reflex may hand a reconnecting tab a new token (reflex-dev/reflex#6345); the draft the
    browser kept (hydration sends it) is restored, and a tampered one is cleaned."""
    form = substate(root, InvoiceFormState)
    run(InvoiceFormState.open_form.fn(form))
    InvoiceFormState.set_line.fn(form, first_key(form), "service", "kitchenRemodelling")
    InvoiceFormState.set_line.fn(form, first_key(form), "unit_price", "1200")
    InvoiceFormState.set_tax_area.fn(form, "westchester")
    kept, token = form.draft, form.form_token

    fresh = substate(rx.State(_reflex_internal_init=True), InvoiceFormState)
    fresh.draft = kept  # what hydration sets from sessionStorage
    run(InvoiceFormState.open_form.fn(fresh))
    assert (fresh.form_token, fresh.lines[0].service) == (token, "kitchenRemodelling")
    assert (fresh.lines[0].key, fresh.tax_area) == (form.lines[0].key, "westchester")
    assert fresh.total_display == "$1,200.00"

    tampered = substate(rx.State(_reflex_internal_init=True), InvoiceFormState)
    tampered.draft = (
        '{"token": "t", "lines": [{"service": "nope", "unit_price": "5"}, "x",'
        ' {"service": "kitchenRemodelling", "amount_cents": 1}], "tax_area": "mars"}'
    )
    run(InvoiceFormState.open_form.fn(tampered))
    assert tampered.form_token == "t" and tampered.tax_area == "nyc"
    assert [(line.service, line.unit_price) for line in tampered.lines] == [
        ("", "5"),
        ("kitchenRemodelling", ""),
    ]
    broken = substate(rx.State(_reflex_internal_init=True), InvoiceFormState)
    broken.draft = "not json"
    run(InvoiceFormState.open_form.fn(broken))
    assert broken.form_token and [line.service for line in broken.lines] == [""]


def test_save_draft_keeps_the_form_without_a_number_and_submit_then_sends_it_once(root):
    user, form = signed_in_form(root)
    run(InvoiceFormState.open_form.fn(form))
    key = first_key(form)
    form_data = {
        "name": "Ann Customer",
        "email": "ann@example.com",
        f"description-{key}": "Patch the ceiling",
        f"quantity-{key}": "3",
        f"unit_price-{key}": "not yet",
        "form_token": form.form_token,
    }
    InvoiceFormState.set_intent.fn(form, "draft")
    run(_submit(form, form_data))
    assert form.draft_id and "Draft saved" in form.draft_saved and form.intent == "send"
    with db_session() as session:
        assert session.exec(select(Invoice)).all() == []
    # The form keeps its rows (the inputs on the page keep their names) with what was saved.
    assert first_key(form) == key and form.lines[0].description == "Patch the ceiling"
    # Sent with a price that does not read: the line's error is under its index.
    run(_submit(form, form_data))
    assert "price" in form.errors["line:0"].lower()
    run(_submit(form, {**form_data, f"unit_price-{key}": "150"}))
    with db_session() as session:
        [invoice] = session.exec(select(Invoice)).all()
    assert invoice.total_cents == 45_000 and form.draft_id == 0


def test_a_saved_draft_is_what_the_form_starts_with_when_drawn_again(root):
    user, form = signed_in_form(root)
    run(InvoiceFormState.open_form.fn(form))
    InvoiceFormState.set_intent.fn(form, "draft")
    key = first_key(form)
    form_data = {
        "name": "Ann Customer",
        "email": "ann@example.com",
        f"service-{key}": "bathroomRemodelling",
        f"unit_price-{key}": "6,000",
        f"description-{key}": "Walk-in shower",
        "form_token": form.form_token,
    }
    run(_submit(form, form_data))
    assert form.defaults["name"] == "Ann Customer"
    [line] = form.lines
    assert (line.service, line.description, line.unit_price, line.quantity) == (
        "bathroomRemodelling",
        "Walk-in shower",
        "6,000",
        "1",
    )
