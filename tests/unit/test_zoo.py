"""The zoo (tests/factories/zoo): a fixture office with every kind of record the app can make.
It holds every kind it promises, it names at least two addresses for every record route of the
route table, and every staff page's data and every customer link's page load with it: each
address's service finds the record the address names. Every job's files render too."""

import re
from collections.abc import Callable
from datetime import date

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    Appointment,
    AppointmentNotice,
    CalendarFeed,
    ChangeOrder,
    Customer,
    CustomerContact,
    EmailDeliveryEvent,
    EscrowDeposit,
    EstimateLine,
    InboundText,
    InboundTextMedia,
    InsuranceCertificate,
    Invoice,
    InvoiceDraft,
    InvoiceRevision,
    InvoiceStage,
    Job,
    JobCost,
    JobNote,
    JobPhoto,
    LienWaiver,
    LinkKind,
    OutboxEmail,
    PublishedPhoto,
    QuickBooksMapping,
    QuickBooksSync,
    Reminder,
    ReviewRequest,
    Signature,
    TextConsent,
    TimeEntry,
    TimesheetWeek,
    User,
)
from renovation_app.routes import ALL_ROUTES
from renovation_app.services import (
    audit,
    change_orders,
    compliance,
    costs,
    customers,
    dashboard,
    estimates,
    invoicing,
    jobs,
    lien_waivers,
    payments,
    photos,
    project,
    quickbooks,
    reviews,
    subcontractors,
    texts,
    time_clock,
)
from renovation_app.services.billing import business_today, render_invoice_pdf
from renovation_app.services.enquiries import recent_enquiries
from renovation_app.services.files.storage import reset_storage
from renovation_app.services.schedule import visits
from renovation_app.services.schedule.times import new_york, week_of
from renovation_app.services.schedule.week import get_schedule, job_days
from renovation_app.services.staff import accounts
from renovation_app.services.trust_books import trust_books_csv, trust_books_pdf, trust_books_view
from renovation_app.settings import settings
from tests.factories import Zoo, make_zoo, signed_in
from tests.factories.zoo.book import Book
from tests.factories.zoo.books import quickbooks_of_every_kind

RECORD_PATHS = [route.path for route in ALL_ROUTES if "[" in route.path]
FALL_BACK = date(2027, 11, 7)


@pytest.fixture(scope="module")
def files_folder(tmp_path_factory):
    """The files storage (photos, receipts, certificates) in a folder of the module's own."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(settings, "files_dir", str(tmp_path_factory.mktemp("zoo-files")))
        patch.setattr(settings, "files_storage", "disk")
        reset_storage()
        yield
    reset_storage()


@pytest.fixture(scope="module")
def made() -> dict:
    return {}


@pytest.fixture
def zoo(request, made, files_folder, contract_settings) -> Zoo:
    """The zoo, made once for the module's tests, on a database emptied first (clean_db)."""
    if "zoo" not in made:
        request.getfixturevalue("clean_db")
        made["zoo"] = make_zoo()
    return made["zoo"]


def pattern(route_path: str) -> re.Pattern:
    """The addresses of a route: "/jobs/[number]/costs" -> ^/jobs/([^/]+)/costs$."""
    return re.compile("^" + re.sub(r"\\\[\w+\\\]", "([^/]+)", re.escape(route_path)) + "$")


def key_of(route_path: str, address: str) -> str:
    found = pattern(route_path).match(address)
    assert found, f"{address} is not an address of {route_path}"
    return "/".join(found.groups())


# --- what the zoo holds --------------------------------------------------------------------------


def test_every_note_and_file_page_is_an_address_of_the_zoo(zoo):
    addresses = {a for every in zoo.paths.values() for a in every}
    lists = {"/invoices", "/schedule", "/texts", "/settings/quickbooks"}  # drafts, a week, ...
    for label, address in zoo.notes.items():
        assert address in addresses | lists, f"{label}: {address} is none of the zoo's pages"
    assert zoo.file_pages and set(zoo.file_pages) <= set(zoo.notes)


@pytest.mark.parametrize("route_path", RECORD_PATHS)
def test_every_record_route_has_two_addresses_of_its_own(zoo, route_path):
    addresses = zoo.paths.get(route_path, [])
    assert len(set(addresses)) >= 2, f"the zoo has no two records for {route_path}"
    for address in addresses:
        key_of(route_path, address)


def _all(model, *where) -> list:
    with db_session() as session:
        return list(session.exec(select(model).where(*where)))


def test_the_zoo_holds_every_kind_of_record(zoo):
    assert zoo.admin.role == "admin" and zoo.staff.role == "staff"
    assert zoo.staff.hourly_cost_cents > 0
    every_job = _all(Job)
    assert {"cancelled", "closed"} <= {job.status for job in every_job}
    by_hand = [job for job in every_job if job.estimate_id is None]
    assert {(job.contract_cents, job.tax_category, job.tax_area) for job in by_hand} >= {
        (400_00, "capital_improvement", "nyc")
    }
    assert any(job.tax_category == "repair" for job in by_hand)
    signed = {job.estimate_id for job in every_job if job.estimate_id is not None}
    categories = [
        {line.tax_category for line in _all(EstimateLine, EstimateLine.estimate_id == e)}
        for e in signed
    ]
    assert {"repair"} in categories and {"capital_improvement"} in categories
    orders = _all(ChangeOrder)
    assert any(co.status == "signed" and co.total_cents < 0 for co in orders)
    assert {"declined", "sent"} <= {co.status for co in orders}
    assert any(co.status == "sent" and co.valid_until < business_today() for co in orders)
    statuses = {invoice.status for invoice in _all(Invoice)}
    assert statuses >= {"sent", "partially_paid", "paid", "refunded", "void"}
    assert _all(InvoiceDraft)
    assert any(c.expires_on < business_today() for c in _all(InsuranceCertificate))
    assert {w.signature_id is None for w in _all(LienWaiver)} == {True, False}
    assert {cost.kind for cost in _all(JobCost)} == {"purchase", "sub_bill", "labour"}
    assert _all(JobPhoto, JobPhoto.shared) and _all(JobNote, JobNote.shared)
    assert _all(JobNote, JobNote.practice == "verification")
    assert _all(Signature, Signature.kind == "lead_safe_record")
    emails = [c.value for c in _all(CustomerContact, CustomerContact.kind == "email")]
    assert any(len(email) == 35 for email in emails)
    assert any(len(c.name) > 40 for c in _all(Customer))
    entries = _all(TimeEntry)
    assert {"late", "off schedule", "added", "corrected", "open", "placed"} <= {
        kind
        for e in entries
        for kind, holds in (
            ("late", e.started_late),
            ("off schedule", e.off_schedule),
            ("added", e.added_by is not None),
            ("corrected", e.original_started_at is not None),
            ("open", e.ended_at is None),
            ("placed", e.in_latitude is not None),
        )
        if holds
    }
    weeks = _all(TimesheetWeek)
    assert {w.approved_at is None for w in weeks} == {True, False}
    assert any(w.reopened_at for w in weeks)
    received = _all(InboundText)
    assert {t.customer_id is None for t in received} == {True, False}
    assert {t.keyword for t in received} >= {"", "STOP"}
    assert [m.job_id is not None and m.file_key != "" for m in _all(InboundTextMedia)] == [True]
    assert {c.consented for c in _all(TextConsent)} == {True, False}
    assert _all(OutboxEmail, OutboxEmail.channel == "text")
    assert {"in_quickbooks", "waiting", "needs_attention"} <= {
        r.state for r in _all(QuickBooksSync)
    }
    assert _all(QuickBooksMapping)
    revised = {r.invoice_id for r in _all(InvoiceRevision)}
    staged = {s.invoice_id for s in _all(InvoiceStage)}
    reminded = {r.about_id for r in _all(Reminder, Reminder.about_kind == "invoice")}
    assert revised & staged & reminded
    assert any(i.mail_problem and "bounced" in i.mail_problem for i in _all(Invoice))
    assert {"email.delivered", "email.bounced"} <= {e.type for e in _all(EmailDeliveryEvent)}
    assert _all(ReviewRequest, ReviewRequest.opened_at.is_not(None))
    assert _all(PublishedPhoto) and _all(CalendarFeed) and _all(EscrowDeposit)
    assert _all(AppointmentNotice, AppointmentNotice.outbox_id.is_not(None))


def test_the_appointments_take_in_both_half_past_ones_the_small_hours_and_the_online_visits(zoo):
    rows = _all(Appointment)
    starts = {a.starts_at.isoformat() for a in rows}
    assert {"2027-11-07T05:30:00+00:00", "2027-11-07T06:30:00+00:00"} <= starts  # EDT, EST
    assert any(new_york(a.starts_at).hour == 4 for a in rows)
    assert len([a for a in rows if a.booked_online]) >= 2
    assert any(a.customer_id is None and a.job_id is None and not a.booked_online for a in rows)


# --- the staff pages' lists and the dashboard -------------------------------------------------


def _schedule_this_week():
    return get_schedule(week_of(business_today()), 7)


# The staff pages' lists: how many rows each shows of the zoo, and how many it must show.
LISTS: dict[str, tuple[Callable[[], int], int]] = {
    "jobs": (lambda: jobs.list_jobs("", "", 1).total_count, 5),
    "jobs cancelled": (lambda: jobs.list_jobs("", "cancelled", 1).total_count, 1),
    "invoices": (lambda: len(invoicing.list_invoices(invoicing.InvoiceFilters()).rows), 6),
    "invoice drafts": (lambda: len(invoicing.list_drafts()), 1),
    "estimates": (lambda: estimates.list_estimates("", "", 1).total_count, 6),
    "customers": (lambda: customers.list_customers("", 1).total_count, 10),
    "subcontractors": (lambda: subcontractors.list_subcontractors("", "", 1).total_count, 2),
    "enquiries": (lambda: len(recent_enquiries()), 2),
    "audit": (lambda: audit.audit_page(audit.AuditFilters(), 1).total_count, 20),
    "staff and invitations": (lambda: sum(map(len, accounts.staff_overview())), 5),
    "schedule's people this week": (lambda: len(_schedule_this_week().people), 5),
    "texts not read": (lambda: len(texts.inbox().unread), 2),
    "texts from unknown numbers": (lambda: len(texts.inbox().unknown), 3),
    "QuickBooks refused": (lambda: len(quickbooks.needing_attention()), 1),
    "QuickBooks payments not recorded": (lambda: len(quickbooks.unrecorded_payments()), 1),
}


@pytest.mark.parametrize("name", LISTS)
def test_every_staff_list_loads_with_the_zoo(zoo, name):
    count, least = LISTS[name]
    assert count() >= least


def test_the_dashboard_counts_the_zoos_money(zoo):
    board = dashboard.dashboard()
    assert board.owed.cents > 0 and board.changes_waiting.count >= 1
    assert board.unread_texts >= 5 and board.reviews.endswith("opened")
    assert board.paid_this_month.cents > 0


def test_the_zoos_invoice_of_stages_shows_its_revision_reminder_and_bounce(zoo):
    address = zoo.notes["staged, reminded and revised invoice"]
    view = invoicing.get_invoice(key_of("/invoices/[number]", address))
    assert [s.label for s in view.stages] == ["Deposit", "Rough-in", "Completion"]
    assert view.revisions and view.revisions[0].reason == "Added the pantry shelves"
    assert "bounced" in view.attention and "mailbox does not exist" in view.attention
    board = dashboard.dashboard()
    assert any(row.link == address and "bounced" in row.words for row in board.attention)
    with db_session() as session:
        assert reviews.review_counts(session).opened >= 1
    staff, _invited = accounts.staff_overview()
    assert [m.feed_since is not None for m in staff if m.email == zoo.staff.email] == [True]


def test_the_zoos_records_say_where_they_stand_in_quickbooks(zoo):
    taxed = jobs.get_job(key_of("/jobs/[number]", zoo.notes["taxed job"]))
    untaxed = jobs.get_job(key_of("/jobs/[number]", zoo.notes["untaxed job"]))
    job = quickbooks.record_words("job", taxed.id)
    assert job["words"] == "In QuickBooks" and job["link"]
    waiting = quickbooks.record_words("job", untaxed.id)["words"]
    assert waiting.startswith("Waiting") and "QuickBooks is disconnected" in waiting
    customer = quickbooks.record_words("customer", taxed.customer_id)
    assert customer["words"].startswith("Needs attention")
    assert "Duplicate Name Exists Error" in customer["problem"]
    refused = {(r.name, r.path) for r in quickbooks.needing_attention()}
    assert (taxed.customer_name, f"/customers/{taxed.customer_id}") in refused


def test_a_second_zoos_quickbooks_records_beside_the_first_are_made(zoo):
    """Two zoos in one database share customers found by e-mail: the second keeps the first's
    QuickBooks rows (one per record) and adds its own payment."""
    taxed = jobs.get_job(key_of("/jobs/[number]", zoo.notes["taxed job"]))
    untaxed = jobs.get_job(key_of("/jobs/[number]", zoo.notes["untaxed job"]))
    rows = len(_all(QuickBooksSync))
    with db_session() as session:
        admin, taxed_job, untaxed_job = (
            session.get(User, zoo.admin.id),
            session.get(Job, taxed.id),
            session.get(Job, untaxed.id),
        )
    quickbooks_of_every_kind(Book(), admin, taxed_job, untaxed_job)
    assert len(_all(QuickBooksSync)) == rows
    assert len(quickbooks.unrecorded_payments()) == 2


def test_the_week_and_the_day_of_the_fall_back_night_show_every_hour(zoo):
    week = get_schedule(week_of(FALL_BACK), 7)
    starts = {event.start for event in week.events}
    assert {"2027-11-07T01:30:00-04:00", "2027-11-07T01:30:00-05:00"} <= starts
    assert any("T04:00:00" in start for start in starts)
    day = get_schedule(FALL_BACK, 1)
    assert len([e for e in day.events if "T01:30:00" in e.start]) == 2


# --- every record page of every address ---------------------------------------------------------


def _found(view, what: str):
    assert view is not None, f"{what}: nothing found"
    return view


def _job(number: str, zoo: Zoo) -> str:
    view = _found(jobs.get_job(number), f"job {number}")
    _found(costs.get_budget(number), f"the budget of {number}")
    _found(compliance.get_job_duties(number), f"the duties of {number}")
    job_days(number)
    return view.number


def _job_costs(number: str, zoo: Zoo) -> str:
    """As an admin and as staff, the newest costs and every cost; staff see no hourly rate."""
    shown = set()
    for user in (zoo.admin, zoo.staff):
        for every in (False, True):
            page = _found(costs.get_job_costs(number, signed_in(user), every), number)
            shown.add(page.number)
            if user is zoo.staff:
                assert not [row.rate for row in page.rows if row.rate], "staff see a rate"
    (only,) = shown
    return only


def _invoice(number: str, zoo: Zoo) -> str:
    view = _found(invoicing.get_invoice(number), f"invoice {number}")
    payments.payment_summary(view.id)
    return view.number


def _subcontractor(key: str, zoo: Zoo) -> str:
    return str(_found(subcontractors.get_subcontractor(int(key)), f"subcontractor {key}").id)


def _pay_link(token: str, zoo: Zoo) -> str:
    state, view, _money = invoicing.pay_page(token)
    assert state != "unknown", "the pay link opens no invoice"
    _state, invoice = _found(invoicing.pay_link(token), "the pay link's invoice")
    assert view is None or view.number == invoice.number
    return invoice.number


def _estimate_link(token: str, zoo: Zoo) -> str:
    return _found(estimates.read_link(token, None), "the estimate link").estimate.number


def _change_order_link(token: str, zoo: Zoo) -> str:
    page = _found(change_orders.read_link(token), "the change order link").change_order
    return f"{page['job_number']} {page['label']}"


def _waiver_link(token: str, zoo: Zoo) -> str:
    waiver = _found(lien_waivers.read_waiver_link(token), "the waiver link").waiver
    return f"{waiver['job']} {waiver['bill']} {waiver['amount']}"


def _visit_link(token: str, zoo: Zoo) -> str:
    page = _found(visits.read_visit(token), "the visit link")
    assert page.status in ("scheduled", "cancelled")
    return f"{page.day} {page.hours}"


def _project_link(token: str, zoo: Zoo) -> str:
    page = _found(project.project_page(token), "the project link")
    return f"{page.title} at {page.address}"


def _timesheet(key: str, zoo: Zoo) -> str:
    """An admin reads anyone's week; the crew member only their own."""
    week, person = key.split("/")
    monday = date.fromisoformat(week)
    view = _found(time_clock.week_view(signed_in(zoo.admin), int(person), monday), key)
    own = time_clock.week_view(signed_in(zoo.staff), int(person), monday)
    assert (own is not None) == (int(person) == zoo.staff.id), "another's week is readable"
    return f"{view.monday}/{view.user_id}"


def _staff_link(kind: LinkKind) -> Callable[[str, Zoo], str]:
    def read(token: str, zoo: Zoo) -> str:
        email = accounts.link_email(kind, token)
        assert email, f"the {kind} link is dead"
        return email

    return read


# Route path -> what its page's state reads for the address's key, giving back the name of
# the record it found: the key itself on staff pages (checked equal), something that tells the
# records apart on customers' links (checked distinct: each link opens its own record).
READERS: dict[str, Callable[[str, Zoo], str]] = {
    "/jobs/[number]": _job,
    "/jobs/[number]/costs": _job_costs,
    "/jobs/[number]/photos": lambda n, zoo: _found(photos.job_photos(n), n).number,
    "/jobs/[number]/trust-books": lambda n, zoo: _found(trust_books_view(n), n).number,
    "/jobs/[number]/change-order": lambda n, zoo: _found(change_orders.form_start(n), n).job_number,
    "/invoices/[number]": _invoice,
    "/estimates/[number]": lambda n, zoo: _found(estimates.get_estimate(n), n).number,
    "/customers/[id]": lambda i, zoo: str(_found(customers.customer_view(int(i)), i).id),
    "/subcontractors/[id]": _subcontractor,
    "/pay/[token]": _pay_link,
    "/estimate/[token]": _estimate_link,
    "/change-order/[token]": _change_order_link,
    "/lien-waiver/[token]": _waiver_link,
    "/visit/[token]": _visit_link,
    "/project/[token]": _project_link,
    "/timesheets/[week]/[person]": _timesheet,
    "/welcome/[token]": _staff_link(LinkKind.INVITATION),
    "/reset-password/[token]": _staff_link(LinkKind.PASSWORD_RESET),
}
STAFF_RECORD_PATHS = [r.path for r in ALL_ROUTES if r.staff and "[" in r.path]


@pytest.mark.parametrize("route_path", RECORD_PATHS)
def test_every_address_of_the_zoo_opens_the_record_it_names(zoo, route_path):
    assert route_path in READERS, f"{route_path}: say here what its page's state reads"
    addresses = zoo.paths[route_path]
    found = {}
    for address in addresses:
        key = key_of(route_path, address)
        found[address] = READERS[route_path](key, zoo)
        if route_path in STAFF_RECORD_PATHS:
            assert found[address] == key, f"{address} shows {found[address]}"
    assert len(set(found.values())) == len(addresses), f"two addresses open one record: {found}"


# --- files ---------------------------------------------------------------------------------------


def _is_pdf(content: bytes | None, what: str) -> None:
    assert content is not None and content.startswith(b"%PDF"), f"{what} is no PDF"


def _job_files(number: str, admin: User) -> dict[str, bytes | None]:
    """Every PDF the job's pages link to, by name: its trust books, contract, change orders,
    invoices, New York papers and lien waivers."""
    books = trust_books_view(number)
    start, end = date.fromisoformat(books.start), date.fromisoformat(books.end)
    view = jobs.get_job(number)
    pdfs = {"trust books": trust_books_pdf(number, start, end)}
    if view.estimate_number:
        pdfs["contract"] = estimates.staff_estimate_pdf(view.estimate_number)[1]
    for co in view.change_orders:
        pdfs[co.label] = change_orders.change_order_pdf("", number, co.label)[1]
    for invoice in view.invoices:
        pdfs[f"invoice {invoice.number}"] = invoicing.invoice_pdf(invoice.number)[1]
    for paper in compliance.get_job_duties(number).documents:
        pdfs[paper.name] = compliance.document_pdf(number, paper.name)[1]
    for row in costs.get_job_costs(number, signed_in(admin), True).rows:
        if row.waiver_id:
            pdfs[f"waiver {row.waiver_id}"] = lien_waivers.waiver_pdf(
                number=number, waiver_id=row.waiver_id
            )[1]
    return pdfs


@pytest.mark.parametrize(
    "note", ["taxed job", "untaxed job", "cancelled job", "untaxed job by hand", "closed job"]
)
def test_every_pdf_and_csv_of_a_job_renders(zoo, note):
    number = key_of("/jobs/[number]", zoo.notes[note])
    pdfs = _job_files(number, zoo.admin)
    for name, content in pdfs.items():
        assert content and content.startswith(b"%PDF"), f"{number}: the {name} is no PDF"
    books = trust_books_view(number)
    csv_text = trust_books_csv(
        number, date.fromisoformat(books.start), date.fromisoformat(books.end)
    )
    assert csv_text and csv_text.count("\n") >= 2, f"{number}: the trust books CSV is empty"
    receipts = [
        r for r in costs.get_job_costs(number, signed_in(zoo.admin), True).rows if r.receipt
    ]
    for row in receipts:
        assert costs.receipt_of(number, row.id), f"{number}: the receipt of cost {row.id} is lost"
    if note == "untaxed job":  # it has one of each
        assert {"contract", "CO-1", "CO-2", "CO-3", "st124", "lead-safe-record"} <= set(pdfs), (
            sorted(pdfs)
        )
        assert len([name for name in pdfs if name.startswith("waiver")]) == 2 and receipts


def test_every_customer_links_file_renders(zoo):
    for address in zoo.paths["/estimate/[token]"]:
        token = key_of("/estimate/[token]", address)
        _is_pdf(estimates.customer_estimate_pdf(token)[1], address)
    for address in zoo.paths["/change-order/[token]"]:
        _is_pdf(
            change_orders.change_order_pdf(key_of("/change-order/[token]", address))[1], address
        )
    for address in zoo.paths["/lien-waiver/[token]"]:
        _is_pdf(lien_waivers.waiver_pdf(key_of("/lien-waiver/[token]", address))[1], address)
    open_links = [
        invoicing.invoice_for_pay_token(key_of("/pay/[token]", a))
        for a in zoo.paths["/pay/[token]"]
    ]
    assert len([invoice for invoice in open_links if invoice]) >= 5  # all but the void one
    for invoice in filter(None, open_links):
        _is_pdf(render_invoice_pdf(invoice), f"the pay link's invoice {invoice.number}")
    token = key_of("/project/[token]", zoo.notes["project page of the untaxed job"])
    page = project.project_page(token)
    shared = [photo.src for note in page.notes for photo in note.photos]
    shared += [photo.src for photo in page.photos]
    assert shared, "the project page shows no photo"
    for src in shared:
        photo_id, name = src.removesuffix(".webp").split("/")[-2:]
        found = project.shared_photo(token, int(photo_id), name)
        assert found and found[0], f"{src} gives no picture"
