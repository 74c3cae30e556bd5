"""The busy office's schedule (bench/office_scale.py): about 20,000 appointments over its ten
years, as plain rows for bulk inserts, and the schedule's timed calls (measure_schedule).

Every job has the estimate visit that priced it (one to two weeks before its contract), one to
four work days within its work (each with one to three of the crew, a subcontractor on a
quarter of them) and, for three jobs in ten, an inspection; visits that led to no job fill the
count. The estimator (crew1, the first of office_costs.workers) makes four visits in five, the
owner the rest, and works on no job. Three visits in ten were booked online: those still
scheduled keep their window (`visit_window`, its start unique). About one appointment in 30 was
cancelled (a window booked online freed with it), one in 20 moved (its version 2).

Around the bench's today (Wednesday 2026-11-25, Thanksgiving the day after) the current week
is busy: a dozen open jobs at work each working day with their crews (a quarter on Saturday
too), the crews carried on into next week; four work days with someone from another job's crew
on them (double-booked), inspections with one of the job's crew during its day (once two short
ones within it), deliveries; two or three estimate visits a day. Over the three weeks a visitor
may book, one to three visits a day, half booked online, some at an hour of the office's own
across two windows, one in eight cancelled; and the estimator's own appointments, which take
windows too.
"""

import random
from collections import defaultdict
from datetime import date, datetime, time, timedelta

from renovation_app.services.estimates.deadlines import is_holiday
from renovation_app.services.schedule.times import instant_of, new_york, span_of_days, week_of
from renovation_app.services.schedule.windows import candidate_windows
from renovation_app.settings import settings

N_APPOINTMENTS = 20_000
OWNER, ESTIMATOR, ESTIMATOR_EMAIL = 1, 2, "crew1@example.com"
WEEK_JOBS = 12
WINDOW_HOURS = (8, 10, 12, 14, 16)  # the booking's two-hour windows (settings: 8-18, by 2)
PHASES = [
    "Demolition",
    "Framing",
    "Rough plumbing",
    "Electrical rough-in",
    "Drywall",
    "Tile",
    "Trim and paint",
    "Punch list",
]
DELIVERIES = ["Cabinet delivery", "Tile delivery", "Lumber delivery", "Dumpster swap"]
APPOINTMENT = {  # every column, so the bulk insert gets the same keys each time
    "status": "scheduled",
    "job_id": None,
    "customer_id": None,
    "enquiry_id": None,
    "contact_name": "",
    "contact_email": "",
    "contact_phone": "",
    "address": "",
    "notes": "",
    "version": 1,
    "booked_online": False,
    "created_by": OWNER,
    "updated_at": None,
    "cancelled_at": None,
}


def hours(start: float, length: float) -> tuple[time, time]:
    """A span of the day in hours: hours(8, 8) is 8:00 am to 4:00 pm."""
    begin, end = round(start * 60), round((start + length) * 60)
    return time(begin // 60, begin % 60), time(end // 60, end % 60)


def working(day: date, saturday: bool = False) -> bool:
    return (day.weekday() < 5 or (saturday and day.weekday() == 5)) and not is_holiday(day)


class ScheduleMaker:
    """The appointment rows, their people and the windows booked online, by table."""

    def __init__(self, rng: random.Random, now: datetime, crew: list[int], subs: list[int]):
        self.rng, self.now, self.subs = rng, now, subs
        self.crew = [worker for worker in crew if worker != ESTIMATOR]
        self.rows: dict[str, list[dict]] = {
            "appointment": [],
            "appointment_person": [],
            "visit_window": [],
        }
        self.windows: set[datetime] = set()  # the starts booked online and kept

    def add(
        self, kind: str, title: str, day: date, span: tuple[time, time], users=(), subs=(), **fields
    ) -> dict:
        starts, ends = instant_of(day, span[0]), instant_of(day, span[1])
        made = starts - timedelta(days=self.rng.randint(1, 21), hours=self.rng.randint(0, 8))
        row = {
            **APPOINTMENT,
            "id": len(self.rows["appointment"]) + 1,
            "kind": kind,
            "title": title[:100],
            "starts_at": starts,
            "ends_at": ends,
            "created_at": min(made, self.now - timedelta(hours=self.rng.randint(1, 48))),
            **fields,
        }
        self.rows["appointment"].append(row)
        for user_id in users:
            self.person(row, user_id=user_id)
        for sub_id in subs:
            self.person(row, subcontractor_id=sub_id)
        return row

    def person(self, row: dict, user_id: int | None = None, subcontractor_id: int | None = None):
        self.rows["appointment_person"].append(
            {"appointment_id": row["id"], "user_id": user_id, "subcontractor_id": subcontractor_id}
        )

    def changed(self, row: dict, cancel: float, move: float) -> None:
        """Cancelled (`cancel` of them) or moved (`move`) after it was made."""
        roll = self.rng.random()
        later = row["created_at"] + timedelta(hours=self.rng.randint(2, 90))
        if roll < cancel + move:
            row.update(version=2, updated_at=min(later, self.now))
        if roll < cancel:
            row.update(status="cancelled", cancelled_at=row["updated_at"])

    def visit(self, day: date, span: tuple[time, time], customer: dict, online: float) -> dict:
        """An estimate visit at the customer's (name, email, phone, address, id)."""
        who = ESTIMATOR if self.rng.random() < 0.8 else OWNER
        row = self.add(
            "estimate_visit",
            f"Estimate visit: {customer['name']}",
            day,
            span,
            (who,),
            customer_id=customer["id"],
            contact_name=customer["name"],
            contact_email=customer["email"],
            contact_phone=customer["phone"],
            address=customer["address"],
        )
        if self.rng.random() < online and row["starts_at"] not in self.windows:
            row.update(booked_online=True, created_by=None)
        return row

    def keep_window(self, row: dict) -> None:
        """A visit booked online keeps its window while it is scheduled at the time booked."""
        if row["booked_online"] and row["status"] == "scheduled" and row["version"] == 1:
            self.windows.add(row["starts_at"])
            self.rows["visit_window"].append(
                {"starts_at": row["starts_at"], "appointment_id": row["id"]}
            )


def of_job(job: dict) -> dict:
    return {
        "id": job["customer_id"],
        "name": job["customer_name"],
        "email": job["customer_email"],
        "phone": job["customer_phone"],
        "address": job["address"],
    }


def job_history(maker: ScheduleMaker, job: dict, before: date) -> None:
    """The job's estimate visit, its work days and maybe an inspection, all before `before`."""
    rng = maker.rng
    seen = job["created_at"].date() - timedelta(days=rng.randint(8, 16))
    row = maker.visit(seen, hours(rng.choice(WINDOW_HOURS), 2), of_job(job), 0.3)
    maker.changed(row, 0.0, 0.05)
    maker.keep_window(row)
    end = min(job["substantially_complete_on"] or job["completion_date"], before - timedelta(1))
    length = (end - job["start_date"]).days
    if length < 0:
        return
    where = {"job_id": job["id"], "customer_id": job["customer_id"], "address": job["address"]}
    for offset in sorted(rng.sample(range(length + 1), min(rng.randint(1, 4), length + 1))):
        day = job["start_date"] + timedelta(days=offset)
        day += timedelta(days=1) if day.weekday() == 6 else timedelta(0)
        span = hours(rng.choice((7, 8, 8, 8)), rng.choice((8, 8, 8, 4)))
        subs = [rng.choice(maker.subs)] if rng.random() < 0.25 else []
        row = maker.add(
            "work_day",
            f"{job['title']}: {rng.choice(PHASES)}",
            day,
            span,
            rng.sample(maker.crew, rng.randint(1, 3)),
            subs,
            **where,
        )
        maker.changed(row, 0.04, 0.05)
    if rng.random() < 0.3:
        day = job["start_date"] + timedelta(days=rng.randint(0, length))
        who = [rng.choice((ESTIMATOR, rng.choice(maker.crew)))]
        row = maker.add(
            "other",
            f"DOB inspection, {job['number']}",
            day,
            hours(rng.choice((9, 11, 13)), 1),
            who,
            **where,
        )
        maker.changed(row, 0.04, 0.05)


def week_crews(maker: ScheduleMaker, jobs: list[dict]) -> list[tuple[dict, list[int], list]]:
    """The week's jobs with their crews (the crew dealt out: nobody on two of them) and the
    subcontractor each may have."""
    rng, dealt = maker.rng, maker.rng.sample(maker.crew, len(maker.crew))
    pairs = max(len(dealt) - len(jobs), 0)  # that many jobs get two people, the rest one
    crews = []
    for n, job in enumerate(jobs):
        size = 2 if n < pairs else 1
        crew, dealt = dealt[:size] or [rng.choice(maker.crew)], dealt[size:]
        crews.append((job, crew, [rng.choice(maker.subs)] if rng.random() < 0.4 else []))
    return crews


def busy_weeks(maker: ScheduleMaker, jobs: list[dict], monday: date) -> list[int]:
    """The open jobs' work days of this week and the next, the deliveries and inspections of
    this week (one of a crew at two of them within the job's day); the ids of the work days
    someone from another crew is put on (four)."""
    rng, crews, this_week = maker.rng, week_crews(maker, jobs), []
    for job, crew, subs in crews:
        saturday, start = rng.random() < 0.25, rng.choice((7, 8, 8))
        where = {"job_id": job["id"], "customer_id": job["customer_id"], "address": job["address"]}
        for offset in range(13):
            day = monday + timedelta(days=offset)
            if not working(day, saturday):
                continue
            span = hours(8, 4) if day.weekday() == 5 else hours(start, 8)
            on = subs if subs and rng.random() < 0.5 else []
            row = maker.add(
                "work_day", f"{job['title']}: {rng.choice(PHASES)}", day, span, crew, on, **where
            )
            if offset < 7:
                this_week.append((row, job, crew, day))
    planted = []
    for row, _job, crew, _day in rng.sample(this_week, 4):
        other = next(w for w in rng.sample(maker.crew, len(maker.crew)) if w not in crew)
        maker.person(row, user_id=other)
        planted.append(row["id"])
    for _row, job, crew, day in rng.sample(this_week, 6):
        where = {"job_id": job["id"], "customer_id": job["customer_id"], "address": job["address"]}
        if rng.random() < 0.5:  # with one of the crew, who is on the job's day as well
            maker.add(
                "other", f"DOB inspection, {job['number']}", day, hours(11, 1), crew[:1], **where
            )
        else:
            maker.add("other", rng.choice(DELIVERIES), day, hours(rng.choice((9, 13)), 1), **where)
    _row, job, crew, day = this_week[0]  # one of the crew at two short ones within the job's day
    for title, start in ((f"DOB inspection, {job['number']}", 10), ("Tile delivery", 13)):
        maker.add("other", title, day, hours(start, 1), crew[:1], job_id=job["id"])
    return planted


def visits_ahead(maker: ScheduleMaker, clients: list[dict], monday: date, last: date) -> None:
    """The estimate visits from this week's Monday to the last day a visitor may book, and the
    estimator's own appointments of those weeks."""
    rng, day = maker.rng, monday
    while day <= last:
        if working(day, saturday=True):
            many = (2, 3) if day < monday + timedelta(days=7) else (1, 2, 2, 3)
            for hour in sorted(rng.sample(WINDOW_HOURS, rng.choice(many))):
                odd = hour < 16 and rng.random() < 0.25  # the office's hour, across two windows
                span = hours(hour + 1, 1.5) if odd else hours(hour, 2)
                row = maker.visit(day, span, rng.choice(clients), 0.0 if odd else 0.5)
                maker.changed(row, 0.125, 0.0)
                maker.keep_window(row)
        day += timedelta(days=1)
    for title in (
        "Showroom visit with a customer",
        "Supplier meeting",
        "DOB inspection, office",
        "Tile showroom, samples",
    ):
        day = monday + timedelta(days=rng.randint(2, (last - monday).days))
        while not working(day, saturday=True):
            day += timedelta(days=1)
        maker.add("other", title, day, hours(rng.choice((9, 12.5)), 1.5), (ESTIMATOR,))


def double_booked(appointments: list[dict], people: list[dict]) -> set[int]:
    """The appointments on which someone is also on another at the same time (every pair)."""
    by_id, booked = {a["id"]: a for a in appointments}, defaultdict(list)
    for person in people:
        if person["appointment_id"] in by_id:
            key = (person["user_id"], person["subcontractor_id"])
            booked[key].append(by_id[person["appointment_id"]])
    clashing = set()
    for rows in booked.values():
        for n, one in enumerate(rows):
            for other in rows[n + 1 :]:
                if one["starts_at"] < other["ends_at"] and other["starts_at"] < one["ends_at"]:
                    clashing |= {one["id"], other["id"]}
    return clashing


def expected_windows(rows: dict, now: datetime, estimator: bool) -> list[str]:
    """The free windows as the rows made say (windows.py's rule worked out here): not booked
    online, overlapping no estimate visit, nor (`estimator`) the estimator's appointments."""
    earliest = now + timedelta(hours=settings.booking_notice_hours)
    windows = [w for w in candidate_windows(new_york(now).date()) if w.starts_at >= earliest]
    theirs = {p["appointment_id"] for p in rows["appointment_person"] if p["user_id"] == ESTIMATOR}
    taken = [
        (a["starts_at"], a["ends_at"])
        for a in rows["appointment"]
        if a["status"] == "scheduled"
        and a["ends_at"] > earliest
        and (a["kind"] == "estimate_visit" or (estimator and a["id"] in theirs))
    ]
    booked = {w["starts_at"] for w in rows["visit_window"]}
    return [
        w.key
        for w in windows
        if w.starts_at not in booked
        and not any(s < w.ends_at and e > w.starts_at for s, e in taken)
    ]


def clients_of(customers: list[dict], addresses: list[dict]) -> list[dict]:
    """The office's customers as a visit names them (office_scale's e-mail and phone)."""
    return [
        {
            "id": c["id"],
            "name": c["name"],
            "email": f"c{c['id']}@example.com",
            "phone": f"(718) 555-{c['id'] % 10000:04d}",
            "address": a["address"],
        }
        for c, a in zip(customers, addresses, strict=True)
    ]


def make_schedule(
    rng: random.Random, today: date, jobs: list[dict], office: tuple, scale: float
) -> tuple[dict[str, list[dict]], dict, dict]:
    """The schedule's rows by table (`office`: the customers, their addresses and the costs'
    tables, with the crew and the subcontractors), what the bench checks its answers against,
    and the counts."""
    customers, addresses, costs = office
    clients, n = clients_of(customers, addresses), int(N_APPOINTMENTS * scale)
    now, monday = instant_of(today, time(10)), week_of(today)
    crew, subs = [u["id"] for u in costs["user"]], [s["id"] for s in costs["subcontractor"]]
    maker = ScheduleMaker(rng, now, crew, subs)
    for job in jobs:
        job_history(maker, job, monday)
    current = sorted(
        (
            j
            for j in jobs
            if j["status"] in ("scheduled", "in_progress") and j["start_date"] < monday
        ),
        key=lambda j: j["start_date"],
    )
    planted = busy_weeks(maker, rng.sample(current[-60:], min(WEEK_JOBS, len(current))), monday)
    last = today + timedelta(days=settings.booking_weeks * 7)
    visits_ahead(maker, clients, monday, last)
    first, days = jobs[0]["created_at"].date(), (monday - jobs[0]["created_at"].date()).days
    while len(maker.rows["appointment"]) < n:  # visits that led to no job
        day = first + timedelta(days=rng.randrange(days))
        row = maker.visit(day, hours(rng.choice(WINDOW_HOURS), 2), rng.choice(clients), 0.3)
        maker.changed(row, 0.08, 0.05)
        maker.keep_window(row)
    rows, (start, end) = maker.rows, span_of_days(monday, 7)
    week = [
        a
        for a in rows["appointment"]
        if a["status"] == "scheduled" and a["starts_at"] < end and a["ends_at"] > start
    ]
    picks = {
        "schedule_monday": monday,
        "schedule_now": now,
        "week_ids": {a["id"] for a in week},
        "week_clashes": double_booked(week, rows["appointment_person"]),
        "planted": planted,
        "free_windows": expected_windows(rows, now, True),
        "free_windows_visits": expected_windows(rows, now, False),
        "freed": [
            a["starts_at"]
            for a in rows["appointment"]
            if a["booked_online"] and a["status"] == "cancelled" and a["starts_at"] > now
        ],
    }
    return rows, picks, schedule_counts(rows, week, now, last)


def schedule_counts(rows: dict, week: list[dict], now: datetime, last: date) -> dict[str, int]:
    made, until = rows["appointment"], instant_of(last + timedelta(days=1), time(0))
    ahead = [a for a in made if a["status"] == "scheduled" and now <= a["starts_at"] < until]
    return {
        "work_days": sum(a["kind"] == "work_day" for a in made),
        "estimate_visits": sum(a["kind"] == "estimate_visit" for a in made),
        "other_appointments": sum(a["kind"] == "other" for a in made),
        "cancelled": sum(a["status"] == "cancelled" for a in made),
        "moved": sum(a["version"] > 1 and a["status"] == "scheduled" for a in made),
        "booked_online": sum(a["booked_online"] for a in made),
        "week_appointments": len(week),
        "visits_ahead": sum(a["kind"] == "estimate_visit" for a in ahead),
    }


def measure_schedule(add, picks: dict) -> None:
    """The calendar's week (and its month) as the page loads it; the free windows of the
    weeks ahead as the booking page asks them (a session each), with the estimator named (his
    appointments take windows too) and without."""
    from renovation_app.db import db_session
    from renovation_app.services.schedule.week import get_schedule
    from renovation_app.services.schedule.windows import free_windows

    monday, now = picks["schedule_monday"], picks["schedule_now"]

    def windows(_n: int = 0) -> list:
        with db_session() as session:
            return free_windows(session, now)

    check_week(get_schedule(monday, 7), picks)
    add(
        f"schedule week view ({len(picks['week_ids'])} appointments)",
        "week",
        lambda _n: get_schedule(monday, 7),
    )
    add("  month view (six weeks)", "", lambda _n: get_schedule(monday - timedelta(days=14), 42))
    named = settings.booking_estimator
    settings.booking_estimator = ESTIMATOR_EMAIL
    try:
        check_windows(windows(), picks, "free_windows", "the estimator named")
        add("free windows, three weeks", "windows", windows)
    finally:
        settings.booking_estimator = named
    check_windows(windows(), picks, "free_windows_visits", "no estimator named")
    add("  no estimator named (visits only)", "windows", windows)


def check_week(schedule, picks: dict) -> None:
    """The week shows the appointments made in it, and flags the double-booked."""
    shown = {int(event.id) for event in schedule.events}
    assert shown == picks["week_ids"], (len(shown), len(picks["week_ids"]))
    flagged = {int(event.id) for event in schedule.events if event.clash}
    assert set(picks["planted"]) <= flagged, (picks["planted"], flagged)
    missed = sorted(picks["week_clashes"] - flagged)
    assert not missed, f"double-booked but not flagged: {missed}"
    print(
        f"  week of {schedule.first_day}: {len(shown)} appointments, {len(flagged)} flagged "
        f"as double-booked; {len(schedule.people)} people, {len(schedule.jobs)} open jobs"
    )


def check_windows(free: list, picks: dict, expected: str, label: str) -> None:
    """The free windows are those the rows leave free (a window booked online is not, one
    freed by a cancellation is again when nothing else takes it)."""
    keys = [window.key for window in free]
    assert keys == picks[expected], (label, sorted(set(keys) ^ set(picks[expected]))[:5])
    again = sum(start in {window.starts_at for window in free} for start in picks["freed"])
    print(
        f"  free windows, {label}: {len(keys)}, from {keys[0]} to {keys[-1]}; {again} of "
        f"{len(picks['freed'])} freed by a cancelled online booking offered again"
    )
