"""The crew's time clock: a tap is done once whatever repeats it, one open entry per person and
no overlaps, taps sent late count at the phone's time within a day, weeks in New York time
with their real hours, overtime beyond 40 hours, the office's corrections kept and audited,
approval as labour costs to the cent (reopened by a later change), the payroll CSV, and a
person's time hidden from everyone but admins."""

import csv
import io
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import TimeTap
from renovation_app.services import costs, time_clock
from renovation_app.services.dashboard.attention import attention_rows
from renovation_app.services.errors import ActionRefused
from renovation_app.services.time_clock.hours import labour_cents, split_week, worked_minutes
from tests.factories import signed_in
from tests.factories.costs import audit_rows, costs_of, crew_day_form, worker_with_rate
from tests.factories.time_clock import (
    entries_of,
    job_by_hand,
    ny,
    set_person,
    shift,
    tap,
    work_day,
)

MONDAY = date(2026, 11, 16)  # a past week: Monday 16 to Sunday 22 November 2026


@pytest.fixture
def ana(clean_db):
    """Ana Crew, whose hour costs the business $48.00 loaded."""
    return worker_with_rate(48_00, name="Ana Crew")


@pytest.fixture
def job(admin):
    """A job of small work made by hand (no contract to render and sign)."""
    return job_by_hand(admin)


def test_a_day_clocked_with_a_break_counts_its_worked_time(ana, job, admin):
    work_day(job, ana, MONDAY, admin)
    entry_id = shift(ana, job, MONDAY, 7, 15, break_minutes=30)
    [entry] = entries_of(ana)
    assert entry.id == entry_id and not entry.off_schedule and not entry.started_late
    assert entry.break_seconds == 30 * 60
    assert worked_minutes(entry.started_at, entry.ended_at, entry.break_seconds) == 7 * 60 + 30
    assert [r.action for r in audit_rows("time.clock_in")] == ["time.clock_in"]


def test_the_same_tap_twice_and_two_tabs_make_one_clock_in(ana, job, admin):
    at = ny(MONDAY, 7)
    first = tap(ana, "clock_in", at, job, key="phone-1")
    again = tap(ana, "clock_in", at + timedelta(seconds=3), job, key="phone-1")
    assert again.replayed and again.entry_id == first.entry_id
    other_tab = tap(ana, "clock_in", at + timedelta(seconds=5), job, key="tab-2")
    assert other_tab.entry_id is None and "clocked in since 7:00 am" in other_tab.refused
    assert tap(ana, "clock_in", at, job, key="tab-2").refused == other_tab.refused  # kept
    assert len(entries_of(ana)) == 1


def test_parallel_clock_ins_make_one_open_entry(ana, job):
    at = ny(MONDAY, 7)
    with ThreadPoolExecutor(4) as pool:
        done = list(pool.map(lambda n: tap(ana, "clock_in", at, job, key=f"k{n % 2}"), range(8)))
    assert len({d.entry_id for d in done if d.entry_id}) == 1
    assert len(entries_of(ana)) == 1


def test_a_job_off_the_schedule_is_asked_once(ana, job):
    with pytest.raises(time_clock.NotOnSchedule, match="not on the schedule at job"):
        tap(ana, "clock_in", ny(MONDAY, 7), job, key="k", off_schedule_ok=False)
    done = tap(ana, "clock_in", ny(MONDAY, 7), job, key="k", off_schedule_ok=True)
    assert done.entry_id and entries_of(ana)[0].off_schedule


def test_a_tap_sent_late_counts_at_the_phones_time_within_a_day(ana, job):
    tapped = ny(MONDAY, 14)
    late = tap(ana, "clock_in", tapped, job, now=tapped + timedelta(minutes=40))
    [entry] = entries_of(ana)
    assert late.entry_id and entry.started_at == tapped and entry.started_late
    too_old = tap(ana, "clock_out", tapped, now=tapped + timedelta(hours=25))
    assert "more than a day old" in too_old.refused and entries_of(ana)[0].ended_at is None
    ahead = tap(ana, "clock_out", tapped + timedelta(hours=3), now=tapped + timedelta(hours=2))
    assert ahead.entry_id and entries_of(ana)[0].ended_at == tapped + timedelta(hours=2)


def test_an_entry_never_overlaps_another(ana, job):
    shift(ana, job, MONDAY, 7, 15)
    earlier = tap(ana, "clock_in", ny(MONDAY, 14), job, now=ny(MONDAY, 16))
    assert "this clock in is earlier" in earlier.refused
    entry_id = time_clock.add_entry(
        signed_in_admin := signed_in(worker_with_rate(1, name="Bo Boss", role="admin")),
        ana.id,
        {
            "job": job.number,
            "started": "2026-11-17T07:00",
            "ended": "2026-11-17T09:00",
            "reason": "Forgot to clock in",
        },
    )
    with pytest.raises(ActionRefused, match="overlaps the entry"):
        time_clock.correct_entry(
            signed_in_admin,
            entry_id,
            {"started": "2026-11-16T14:00", "ended": "2026-11-16T16:00", "reason": "Typo"},
        )


def test_a_week_across_the_autumn_change_counts_real_hours(ana, job):
    sunday = date(2026, 11, 1)  # 1:00-2:00 am happens twice
    shift(ana, job, sunday, 0, 3)  # 0:00 to 3:00 on the wall: four hours
    [worked] = split_week(entries_of(ana), exempt=False)
    assert worked.minutes == 4 * 60 and worked.day == sunday


def _week_of_42_and_a_half(person, job):
    for offset in range(4):  # Monday to Thursday: 7:00 to 17:00, 10 hours a day
        shift(person, job, MONDAY + timedelta(days=offset), 7, 17)
    friday = MONDAY + timedelta(days=4)
    shift(person, job, friday, 8, 10)  # two hours, then half an hour more
    tap(person, "clock_in", ny(friday, 10, 30), job)
    tap(person, "clock_out", ny(friday, 11))


def test_a_week_of_42_and_a_half_hours_is_40_regular_and_2_and_a_half_overtime(ana, job, admin):
    _week_of_42_and_a_half(ana, job)
    week = time_clock.week_view(signed_in(admin), ana.id, MONDAY)
    assert (week.total, week.regular, week.overtime) == ("42.50", "40.00", "2.50")
    time_clock.approve_week(signed_in(admin), ana.id, MONDAY)
    labour = [c for c in costs_of(job) if c.kind == "labour"]
    # 40 h x $48.00 + 2.5 h x $72.00 = $1,920.00 + $180.00
    assert sum(c.amount_cents for c in labour) == 2_100_00 == labour_cents(2400, 150, 48_00)
    assert [c.amount_cents for c in labour] == [480_00] * 4 + [180_00]
    assert "2.50 h of it overtime" in labour[-1].description
    rows = list(csv.reader(io.StringIO("".join(time_clock.payroll_csv(MONDAY)))))
    total = next(r for r in rows if r[2] == "Ana Crew" and r[4] == "Total")
    assert total[6:] == ["40.00", "2.50", "yes"]
    assert time_clock.week_view(signed_in(admin), ana.id, MONDAY).approved


def test_an_exempt_employee_has_no_overtime(ana, job, admin):
    set_person(ana, overtime_exempt=True)
    _week_of_42_and_a_half(ana, job)
    week = time_clock.week_view(signed_in(admin), ana.id, MONDAY)
    assert (week.regular, week.overtime) == ("42.50", "0.00")


def test_approval_replaces_the_typed_crew_day_and_refuses_a_new_one(ana, job, admin):
    user = signed_in(admin)
    costs.add_cost(job.number, "labour", crew_day_form(ana, MONDAY, hours="8"), user)
    shift(ana, job, MONDAY, 7, 15)
    time_clock.approve_week(user, ana.id, MONDAY)
    counted = [c for c in costs_of(job) if c.kind == "labour"]
    assert len(counted) == 1 and counted[0].timesheet_week_id is not None
    deleted = [c for c in costs_of(job, deleted=True) if c.deleted_at]
    assert deleted[0].deleted_reason == "Replaced by the approved timesheet."
    with pytest.raises(ActionRefused, match="come from their approved timesheet"):
        costs.add_cost(job.number, "labour", crew_day_form(ana, MONDAY, hours="2"), user)


def test_a_correction_after_approval_reopens_the_week_and_keeps_the_original(ana, job, admin):
    user = signed_in(admin)
    entry_id = shift(ana, job, MONDAY, 7, 15)
    time_clock.approve_week(user, ana.id, MONDAY)
    time_clock.correct_entry(
        user,
        entry_id,
        {
            "started": "2026-11-16T07:00",
            "ended": "2026-11-16T16:00",
            "break_minutes": "30",
            "reason": "Stayed to finish the grout",
        },
    )
    [entry] = entries_of(ana)
    assert entry.original_started_at == ny(MONDAY, 7) and entry.original_ended_at == ny(MONDAY, 15)
    week = time_clock.week_view(user, ana.id, MONDAY)
    assert not week.approved and "Stayed to finish the grout" in week.status
    assert not [c for c in costs_of(job) if c.kind == "labour"]  # the week's costs went
    assert "the clock said 7:00 am to 3:00 pm" in " ".join(week.rows[0].notes)
    time_clock.approve_week(user, ana.id, MONDAY)
    [cost] = [c for c in costs_of(job) if c.kind == "labour"]
    assert cost.amount_cents == labour_cents(8 * 60 + 30, 0, 48_00) == 408_00
    [row] = audit_rows("time.corrected")
    assert row.detail == "Stayed to finish the grout" and "16:00" in row.after


def test_only_admins_see_or_change_another_persons_time(ana, job, clerk):
    entry_id = shift(ana, job, MONDAY, 7, 15)
    cal = signed_in(clerk)
    assert time_clock.week_view(cal, ana.id, MONDAY) is None
    assert [r.person for r in time_clock.week_overview(cal, MONDAY)] == ["Cal Clerk"]
    assert time_clock.week_view(signed_in(ana), ana.id, MONDAY).rows[0].id == entry_id
    with pytest.raises(ActionRefused, match="Only an admin"):
        time_clock.correct_entry(cal, entry_id, {"reason": "x"})
    with pytest.raises(ActionRefused, match="Only an admin"):
        time_clock.approve_week(cal, ana.id, MONDAY)
    with pytest.raises(ActionRefused, match="not yours"):
        tap(clerk, "clock_out", ny(MONDAY, 16), key=_first_key(ana))


def _first_key(person) -> str:
    with db_session() as session:
        return session.exec(select(TimeTap.key).where(TimeTap.user_id == person.id)).first()


def test_the_phones_place_is_kept_only_with_consent_and_shown_to_admins(ana, job, admin):
    here = (40.6782, -73.9442, 12.0)
    shift_at = ny(MONDAY, 7)
    tap(ana, "clock_in", shift_at, job, where=here)
    tap(ana, "clock_out", shift_at + timedelta(hours=1), where=here)
    assert entries_of(ana)[0].in_latitude is None
    set_person(ana, location_consent=True)
    tap(ana, "clock_in", shift_at + timedelta(hours=2), job, where=here)
    assert entries_of(ana)[1].in_latitude == 40.6782
    seen_by_admin = time_clock.week_view(signed_in(admin), ana.id, MONDAY).rows[1]
    assert "mlat=40.678200" in seen_by_admin.in_map
    assert time_clock.week_view(signed_in(ana), ana.id, MONDAY).rows[1].in_map == ""


def test_an_entry_open_twelve_hours_is_flagged_and_closed_by_the_office(ana, job, admin):
    tap(ana, "clock_in", ny(MONDAY, 7), job)
    today = time_clock.today_view(ana.id, now=ny(MONDAY, 19, 30))
    assert today.clock == "in" and today.forgotten
    week = time_clock.week_view(signed_in(admin), ana.id, MONDAY, now=ny(MONDAY, 19, 30))
    assert week.open_entries == 1 and "forgot to clock out" in " ".join(week.rows[0].notes)
    with db_session() as session:
        [told] = attention_rows(session, MONDAY, now=ny(MONDAY, 19, 30))
    assert (
        told.number == "Ana Crew" and "since 7:00 am, Monday, November 16 (12 hours)" in told.words
    )
    assert told.link == f"/timesheets/2026-11-16/{ana.id}"
    overview = time_clock.week_overview(signed_in(admin), MONDAY, now=ny(MONDAY, 19, 30))
    assert "forgot to clock out" in next(r.status for r in overview if r.person == "Ana Crew")
    with pytest.raises(ActionRefused, match="still clocked in"):
        time_clock.approve_week(signed_in(admin), ana.id, MONDAY)
    time_clock.correct_entry(
        signed_in(admin),
        entries_of(ana)[0].id,
        {"started": "2026-11-16T07:00", "ended": "2026-11-16T15:30", "reason": "Forgot"},
    )
    assert time_clock.today_view(ana.id, now=ny(MONDAY, 20)).clock == "out"


def test_today_lists_the_persons_work_days_and_offers_their_jobs_first(ana, job, admin):
    work_day(job, ana, MONDAY, admin)
    view = time_clock.today_view(ana.id, now=ny(MONDAY, 6))
    [visit] = view.visits
    assert visit.when == "Today 8:00 am to 4:00 pm" and visit.notes == "Bring the tile saw"
    assert visit.photos_path == f"/jobs/{job.number}/photos"
    assert view.jobs[0].id == job.id and view.jobs[0].scheduled
    tomorrow = time_clock.today_view(ana.id, now=ny(MONDAY - timedelta(days=1), 6))
    assert tomorrow.visits[0].when.startswith("Tomorrow")
