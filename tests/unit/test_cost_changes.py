"""Changing what a cost is priced at: an admin sets a person's loaded hourly cost (nobody
else can, and it is an audit row); a crew day changed later keeps the rate it was entered at."""

from datetime import timedelta

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import AuditEvent, User
from renovation_app.services import costs
from renovation_app.services.billing import business_today
from renovation_app.services.errors import ActionRefused
from renovation_app.services.staff import accounts
from tests.factories import job_of
from tests.factories.costs import contract_28k, crew_day_form, crew_day_of, worker_with_rate
from tests.factories.staff import as_signed_in, turn_on_two_step


def rate_of(user: User) -> int:
    with db_session() as session:
        return session.get(User, user.id).hourly_cost_cents


def test_only_an_admin_with_two_step_sets_an_hourly_cost_and_it_is_audited(admin, clerk):
    worker = worker_with_rate(0, "Ana Crew")
    with pytest.raises(ActionRefused):
        accounts.set_hourly_cost(as_signed_in(clerk), worker.id, "45")
    with pytest.raises(ActionRefused):  # an admin without two-step sign-in
        accounts.set_hourly_cost(as_signed_in(admin), worker.id, "45")
    assert rate_of(worker) == 0
    turn_on_two_step(admin.id)
    for bad in ("-5", "abc", "1,000.01", "4.555"):
        with pytest.raises(ActionRefused):
            accounts.set_hourly_cost(as_signed_in(admin), worker.id, bad)
    accounts.set_hourly_cost(as_signed_in(admin), worker.id, "$45.50")
    assert rate_of(worker) == 45_50
    with db_session() as session:
        row = session.exec(select(AuditEvent).where(AuditEvent.action == "staff.hourly_cost")).one()
    assert "$45.50" in row.after and row.user_id == admin.id


def test_a_crew_day_changed_later_keeps_the_rate_it_was_entered_at(admin, contract_settings):
    job = job_of(contract_28k(admin))
    worker = worker_with_rate(40_00, "Ben Crew")
    day = crew_day_of(job, worker, hours="8", by=admin)
    assert day.amount_cents == 320_00
    with db_session() as session:
        row = session.get(User, worker.id)
        row.hourly_cost_cents = 60_00  # a raise, after the day was worked
        session.add(row)
        session.commit()
    costs.edit_cost(job.number, day.id, crew_day_form(worker, hours="10"), as_signed_in(admin))
    with db_session() as session:
        changed = session.get(type(day), day.id)
    assert (changed.hourly_cost_cents, changed.amount_cents) == (40_00, 400_00)
    other = worker_with_rate(50_00, "Cy Crew")  # the day was someone else's after all
    costs.edit_cost(job.number, day.id, crew_day_form(other, hours="10"), as_signed_in(admin))
    with db_session() as session:
        changed = session.get(type(day), day.id)
    assert (changed.worker_id, changed.amount_cents) == (other.id, 500_00)


def test_our_cost_needs_its_category_and_a_line_without_one_is_other():
    from renovation_app.services.billing.lines import NO_COST_CATEGORY, read_line

    errors: dict[str, str] = {}
    line = {"description": "Tile", "unit_price": "40", "quantity": "120", "unit_cost": "31.13"}
    assert read_line(errors, "line:0", line, False) is None
    assert errors == {"line:0": NO_COST_CATEGORY}
    errors.clear()
    chosen = read_line(errors, "line:0", {**line, "cost_category": "materials"}, False)
    assert (chosen.cost_category, chosen.unit_cost_cents, errors) == ("materials", 31_13, {})
    plain = read_line(errors, "line:0", {**line, "unit_cost": ""}, False)
    assert (plain.cost_category, plain.unit_cost_cents) == ("other", 0)
    assert read_line(errors, "line:1", {**line, "cost_category": "bribes"}, False) is None


def test_the_costs_page_lists_the_newest_and_the_rest_on_asking(
    admin, contract_settings, monkeypatch
):
    from renovation_app.services.costs import views
    from tests.factories.costs import purchase_of

    monkeypatch.setattr(views, "SHOWN", 2)
    job = job_of(contract_28k(admin))
    for days_back in (3, 2, 1):
        purchase_of(
            job,
            amount=f"{days_back}00",
            day=str(business_today() - timedelta(days=days_back)),
            by=admin,
        )
    page = costs.get_job_costs(job.number, as_signed_in(admin))
    assert [row.amount for row in page.rows] == ["$100.00", "$200.00"] and page.older == 1
    assert page.budget["actual_cents"] == 600_00 + 3 * 310_55  # the budget counts them all
    every = costs.get_job_costs(job.number, as_signed_in(admin), show_all=True)
    assert len(every.rows) == 3 and every.older == 0
