"""The payroll CSV of one pay period (a week, Monday to Sunday, New York; manual workers are
paid weekly, Labor Law §191): each person's regular and overtime hours per job, then their
week's totals, and whether an admin approved the week. Hours only: pay rates live with payroll."""

from collections import defaultdict
from collections.abc import Iterator
from datetime import date, timedelta

from sqlmodel import col, select

from renovation_app.db import db_session
from renovation_app.models import Job, User
from renovation_app.services.csv_cells import csv_text
from renovation_app.services.time_clock.hours import hours_words, split_week
from renovation_app.services.time_clock.records import week_entries, week_record

HEADER = [
    "Week from",
    "Week to",
    "Person",
    "E-mail",
    "Job",
    "Job title",
    "Regular hours",
    "Overtime hours",
    "Approved",
]


def _person_rows(session, person: User, monday: date) -> list[list]:
    entries = [e for e in week_entries(session, person.id, monday) if e.ended_at is not None]
    if not entries:
        return []
    per_job: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for worked in split_week(entries, person.overtime_exempt):
        per_job[worked.job_id][0] += worked.regular
        per_job[worked.job_id][1] += worked.overtime
    jobs = {j.id: j for j in session.exec(select(Job).where(col(Job.id).in_(set(per_job))))}
    week = week_record(session, person.id, monday)
    approved = "yes" if week is not None and week.approved_at is not None else "no"
    first = [
        monday.isoformat(),
        (monday + timedelta(days=6)).isoformat(),
        person.name,
        person.email,
    ]
    rows = [
        [*first, jobs[job_id].number, jobs[job_id].title, hours_words(r), hours_words(o), approved]
        for job_id, (r, o) in sorted(per_job.items(), key=lambda kv: jobs[kv[0]].number)
    ]
    regular = sum(r for r, _ in per_job.values())
    overtime = sum(o for _, o in per_job.values())
    rows.append([*first, "Total", "", hours_words(regular), hours_words(overtime), approved])
    return rows


def payroll_csv(monday: date) -> Iterator[str]:
    yield csv_text([HEADER])
    with db_session() as session:
        people = session.exec(select(User).order_by(col(User.name), col(User.id))).all()
        for person in people:
            if rows := _person_rows(session, person, monday):
                yield csv_text(rows)
