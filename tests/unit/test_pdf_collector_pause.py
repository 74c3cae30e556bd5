"""A PDF is made with Python's cyclic garbage collector paused (billing.pdf.collector_paused),
and the collector is on again afterwards, however the renders overlap or end."""

import gc
import threading

import pytest

from renovation_app.services.billing.pdf import collector_paused
from renovation_app.services.change_orders.pdf import render_change_order_pdf


@pytest.fixture(autouse=True)
def collector_on():
    gc.enable()
    yield
    gc.enable()


def test_nested_pauses_end_with_the_outermost():
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_render_that_fails_turns_the_collector_on_again():
    with pytest.raises(KeyError):
        render_change_order_pdf({})
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off():
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_overlapping_renders_in_threads_leave_the_collector_on():
    inside, leave = threading.Barrier(3), threading.Event()

    def render():
        with collector_paused():
            inside.wait()
            leave.wait()

    threads = [threading.Thread(target=render) for _ in range(2)]
    for thread in threads:
        thread.start()
    inside.wait()  # both renders are under way
    assert not gc.isenabled()
    leave.set()
    for thread in threads:
        thread.join()
    assert gc.isenabled()


@pytest.mark.parametrize(
    "module, name",
    [
        ("billing.pdf", "render_invoice_pdf"),
        ("billing.pdf", "render_receipt_pdf"),
        ("estimates.pdf", "render_contract_pdf"),
        ("change_orders.pdf", "render_change_order_pdf"),
    ],
)
def test_every_pdf_the_site_makes_is_made_with_the_collector_paused(monkeypatch, module, name):
    """Each renderer pauses the collector before it starts and turns it on again after, even
    when it fails (here: nothing to render)."""
    import importlib

    from renovation_app.services.billing import pdf as billing_pdf

    render = getattr(importlib.import_module(f"renovation_app.services.{module}"), name)
    paused = []
    monkeypatch.setattr(billing_pdf.gc, "disable", lambda: paused.append(True))
    with pytest.raises((TypeError, AttributeError)):
        render(*([None] * (6 if name == "render_receipt_pdf" else 1)))
    assert paused == [True] and gc.isenabled()
