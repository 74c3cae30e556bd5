"""The zoo's time clock: the crew member's week of 42.5 hours approved (overtime priced on the
job), then a week with every kind of entry: sent late without a signal, off the schedule, where
the phone was (with consent), one the office added, one corrected after approval (its week
reopened), and one left open for 13 hours (forgot to clock out); and the admin's own week with
nothing approved. Weeks are the last ones before today, so every time is in the past."""

from datetime import timedelta

from renovation_app import routes
from renovation_app.models import Job, User, utc_now
from renovation_app.services import time_clock
from renovation_app.services.schedule.times import new_york, week_of
from tests.factories.staff import signed_in
from tests.factories.time_clock import ny, set_person, shift, tap, work_day
from tests.factories.zoo.book import Book


def time_of_every_kind(book: Book, admin: User, crew: User, job: Job, other: Job) -> None:
    office = signed_in(admin)
    this_week = week_of(new_york(utc_now()).date())
    approved, mixed = this_week - timedelta(days=14), this_week - timedelta(days=7)
    for day in range(4):  # 4 x 10 hours, then 2.5 on Friday: 2.5 hours of overtime
        shift(crew, job, approved + timedelta(days=day), 7, 17)
    shift(crew, job, approved + timedelta(days=4), 8, 10, break_minutes=0)
    tap(crew, "clock_in", ny(approved + timedelta(days=4), 10, 30), other)
    tap(crew, "clock_out", ny(approved + timedelta(days=4), 11))
    time_clock.approve_week(office, crew.id, approved)
    timesheet = routes.TIMESHEET
    book.add(timesheet, time_clock.timesheet_path(approved, crew.id), "approved timesheet")

    work_day(job, crew, mixed, admin)
    late = ny(mixed, 7)
    tap(crew, "clock_in", late, job, now=late + timedelta(hours=1))  # sent late
    tap(crew, "clock_out", ny(mixed, 15))
    set_person(crew, location_consent=True)
    here = (40.6782, -73.9442, 15.0)
    tap(crew, "clock_in", ny(mixed + timedelta(days=1), 7), other, where=here)  # off schedule
    tap(crew, "break_start", ny(mixed + timedelta(days=1), 12))
    tap(crew, "break_end", ny(mixed + timedelta(days=1), 12, 30))
    tap(crew, "clock_out", ny(mixed + timedelta(days=1), 15), where=here)
    added = {
        "job": job.number,
        "started": f"{mixed + timedelta(days=2)}T07:00",
        "ended": f"{mixed + timedelta(days=2)}T11:00",
        "break_minutes": "0",
        "reason": "Forgot the phone at home",
    }
    time_clock.add_entry(office, crew.id, added)
    time_clock.approve_week(office, crew.id, mixed)
    corrected = shift(crew, job, mixed + timedelta(days=3), 7, 15)  # after the approval
    time_clock.correct_entry(
        office,
        corrected,
        {
            "started": f"{mixed + timedelta(days=3)}T07:30",
            "ended": f"{mixed + timedelta(days=3)}T15:00",
            "break_minutes": "30",
            "reason": "Started late: the truck",
        },
    )
    forgot = utc_now() - timedelta(hours=13)
    tap(crew, "clock_in", forgot, job, now=forgot)  # still open: forgot to clock out
    book.add(timesheet, time_clock.timesheet_path(mixed, crew.id), "timesheet of every kind")
    shift(admin, job, mixed, 9, 12)
    book.add(timesheet, time_clock.timesheet_path(mixed, admin.id), "admin's own timesheet")
