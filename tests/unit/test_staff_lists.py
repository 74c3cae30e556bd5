"""The staff lists searched by words and a status (state/staff/paging.SearchedListMixin): each
reads ?q=, ?status= and ?page= from its address, asks its service for that page, and links the
pages beside it with the same search. Without a database: the services are stood in for."""

from dataclasses import dataclass, field

import pytest
import reflex as rx

from renovation_app.services import customers, estimates, jobs, subcontractors
from renovation_app.state.customers import CustomerListState
from renovation_app.state.estimates import EstimateListState
from renovation_app.state.jobs import JobListState
from renovation_app.state.subcontractors import SubcontractorListState
from tests.unit.test_record_pages import at
from tests.unit.test_staff_state import run, substate


@dataclass
class Listing:
    page: int = 2
    page_count: int = 3
    total_count: int = 60
    query: str = "tile"  # customers' service gives back the words it searched
    rows: list = field(default_factory=list)


# The state, its address, the service function it asks and what the service is asked.
LISTS = [
    pytest.param(CustomerListState, customers, "list_customers", ("tile", 2), id="/customers"),
    pytest.param(
        EstimateListState, estimates, "list_estimates", ("tile", "sent", 2), id="/estimates"
    ),
    pytest.param(JobListState, jobs, "list_jobs", ("tile", "sent", 2), id="/jobs"),
    pytest.param(
        SubcontractorListState,
        subcontractors,
        "list_subcontractors",
        ("tile", "sent", 2),
        id="/subcontractors",
    ),
]


@pytest.mark.parametrize(("cls", "service", "name", "asked"), LISTS)
def test_a_list_reads_its_address_and_links_its_pages_with_the_same_search(
    monkeypatch, cls, service, name, asked
):
    path = cls.list_path
    calls = []
    monkeypatch.setattr(service, name, lambda *args: calls.append(args) or Listing())
    root = at(rx.State(_reflex_internal_init=True), f"{path}?q=tile&status=sent&page=2")
    state = substate(root, cls)
    run(cls.load.fn(state))
    assert calls == [asked]
    search = "q=tile" if cls is CustomerListState else "q=tile&status=sent"
    assert state.previous_link == f"{path}?{search}&page=1"
    assert state.next_link == f"{path}?{search}&page=3"
    assert (state.page, state.page_count, state.total_count) == (2, 3, 60)
    assert state.query == "tile" and state.rows == []
