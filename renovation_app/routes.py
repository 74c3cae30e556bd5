"""The route table: every page's path and SEO data, declared once.

Pages, the API (sitemap, robots), e-mails and links read it without importing any page.
"""

from dataclasses import dataclass

from renovation_app.content import BUSINESS, GALLERIES, SERVICES
from renovation_app.content.types import GallerySet, Service


@dataclass(frozen=True)
class Route:
    path: str
    title: str
    description: str
    image: str = "/og-image.jpg"
    # False for staff pages, the pay page and the 404 page: no sitemap, no search engines.
    public: bool = True
    # Signed-in staff only: its state inherits StaffState (checked at start-up).
    staff: bool = False
    # A card can be taken here: the page's policy allows Stripe.js and its frames.
    takes_cards: bool = False

    def __post_init__(self) -> None:
        if self.staff and self.public:
            raise ValueError(f"{self.path}: a staff page is never public")


def staff_route(path: str, title: str, description: str) -> Route:
    """A page of the signed-in staff area."""
    return Route(path, f"{title} | {BUSINESS.name}", description, public=False, staff=True)


HOME = Route(
    "/", f"{BUSINESS.name} | Remodeling and Restoration in Brooklyn, NYC", BUSINESS.tagline
)
SERVICES_LIST = Route(
    "/services",
    f"Our Services | {BUSINESS.name}",
    "Kitchen and bathroom remodeling, furniture renovation, pavers, screen enclosures, floors and tile in New York City.",
)
GALLERY_LIST = Route(
    "/gallery",
    f"Our Gallery | {BUSINESS.name}",
    "Photos of kitchens, bathrooms, floors, patios, furniture, framing and roofing we have built and restored.",
)
ABOUT = Route(
    "/about",
    f"About Us | {BUSINESS.name}",
    "Affordable, cost-effective handyman and renovation services in Brooklyn, led by our founder.",
)
CONTACT = Route(
    "/contact",
    f"Contact Us | {BUSINESS.name}",
    "Ask a question or request a free estimate for your renovation in New York City.",
)
BOOK_VISIT = Route(
    "/book-a-visit",
    f"Book a Free Estimate Visit | {BUSINESS.name}",
    "Pick a free two-hour window for us to come, see the work and price it, in Brooklyn and NYC.",
)
TERMS = Route(
    "/terms-and-conditions",
    f"Terms and Conditions | {BUSINESS.name}",
    "The terms that apply to our quotes, services and payments.",
)
PRIVACY = Route(
    "/privacy-policy",
    f"Privacy Policy | {BUSINESS.name}",
    "What information we collect, how we use and protect it, and your choices.",
)
NOT_FOUND = Route(
    "404", "404 Page Not Found", "The page you were looking for does not exist.", public=False
)

# The staff area and sign-in.
LOGIN = Route(
    "/login", f"Staff Login | {BUSINESS.name}", "Sign in to the staff area.", public=False
)
ADD_INVOICE = staff_route("/add-invoice", "Add Invoice", "Write an invoice for a customer.")
ENQUIRIES = staff_route("/enquiries", "Enquiries", "Contact enquiries for staff.")
DASHBOARD = staff_route(
    "/dashboard", "Dashboard", "What is owed, what came in and what needs attention."
)
INVOICES = staff_route("/invoices", "Invoices", "Saved invoices for staff.")
INVOICE = Route(
    "/invoices/[number]",
    f"Invoice | {BUSINESS.name}",
    "A saved invoice.",
    public=False,
    staff=True,
    takes_cards=True,
)
CUSTOMERS = staff_route("/customers", "Customers", "Customers for staff.")
CUSTOMER = staff_route("/customers/[id]", "Customer", "A customer and everything about them.")
ESTIMATES = Route(
    "/estimates",
    f"Estimates | {BUSINESS.name}",
    "Estimates for staff.",
    public=False,
    staff=True,
)
NEW_ESTIMATE = Route(
    "/estimates/new",
    f"New Estimate | {BUSINESS.name}",
    "Write an estimate for a customer.",
    public=False,
    staff=True,
)
ESTIMATE = Route(
    "/estimates/[number]",
    f"Estimate | {BUSINESS.name}",
    "An estimate and its signature.",
    public=False,
    staff=True,
)
ESTIMATE_LINK = Route(
    "/estimate/[token]",
    f"Your estimate | {BUSINESS.name}",
    "Review, accept and sign your estimate.",
    public=False,
)


JOBS = staff_route("/jobs", "Jobs", "Jobs for staff.")
NEW_JOB = staff_route("/jobs/new", "New Job", "A job for small work agreed without an estimate.")
JOB = staff_route(
    "/jobs/[number]", "Job", "A job: its contract, change orders, invoices and payments."
)
SCHEDULE = staff_route(
    "/schedule", "Schedule", "Who works where, day by day: visits, work days and appointments."
)
NEW_CHANGE_ORDER = staff_route(
    "/jobs/[number]/change-order", "New Change Order", "Write a change order of a job's contract."
)
CHANGE_ORDER_LINK = Route(
    "/change-order/[token]",
    f"Your change order | {BUSINESS.name}",
    "Review and sign a change of your contract.",
    public=False,
)
JOB_COSTS = staff_route(
    "/jobs/[number]/costs", "Job costs", "A job's purchases, subcontractor bills and crew days."
)
JOB_PHOTOS = staff_route(
    "/jobs/[number]/photos",
    "Job photos",
    "A job's photos and daily log, the customer's project page and the website gallery.",
)
TRUST_BOOKS = staff_route(
    "/jobs/[number]/trust-books",
    "Trust books",
    "A job's trust fund books (Lien Law §75): received, paid, receivable and payable.",
)
SUBCONTRACTORS = staff_route(
    "/subcontractors",
    "Subcontractors",
    "Subcontractors, their licences and insurance certificates.",
)
SUBCONTRACTOR = staff_route(
    "/subcontractors/[id]",
    "Subcontractor",
    "A subcontractor: details, insurance certificates, bills and lien waivers.",
)
LIEN_WAIVER_LINK = Route(
    "/lien-waiver/[token]",
    f"Lien waiver | {BUSINESS.name}",
    "Review and sign a lien waiver for a payment received.",
    public=False,
)
VISIT_LINK = Route(
    "/visit/[token]",
    f"Your estimate visit | {BUSINESS.name}",
    "Move or cancel your estimate visit.",
    public=False,
)
PROJECT_LINK = Route(
    "/project/[token]",
    f"Your project | {BUSINESS.name}",
    "How your job is going: the contract, the schedule, invoices, photos and notes.",
    public=False,
)
PAY = Route(
    "/pay/[token]",
    f"Your invoice | {BUSINESS.name}",
    "View and pay your invoice.",
    public=False,
    takes_cards=True,
)


TODAY = staff_route(
    "/today", "Today", "Today's work on a phone: where, whom to call, and the time clock."
)
TEXTS = staff_route(
    "/texts", "Texts", "Texts from customers not read yet, and from unknown numbers."
)
TIMESHEETS = staff_route(
    "/timesheets", "Timesheets", "Each person's hours of a week, approved for payroll."
)
TIMESHEET = staff_route(
    "/timesheets/[week]/[person]",
    "Timesheet",
    "One person's week: entries per job, breaks, regular and overtime hours.",
)
ACCOUNT = staff_route("/account", "Your account", "Two-step sign-in for your staff account.")
STAFF_USERS = staff_route("/staff", "Staff", "Staff accounts and invitations (admins).")
AUDIT = staff_route("/audit", "Audit log", "Who changed what, and when (admins).")
QUICKBOOKS = staff_route(
    "/settings/quickbooks",
    "QuickBooks",
    "The QuickBooks Online company the books go to, what is mapped, what needs attention.",
)
FORGOT_PASSWORD = Route(
    "/forgot-password",
    f"Forgot password | {BUSINESS.name}",
    "Ask for a link to set a new staff password.",
    public=False,
)
WELCOME = Route(
    "/welcome/[token]",
    f"Welcome | {BUSINESS.name}",
    "Set up your staff account.",
    public=False,
)
RESET_PASSWORD = Route(
    "/reset-password/[token]",
    f"Set a new password | {BUSINESS.name}",
    "Set a new staff password.",
    public=False,
)


def invoice_path(number: str) -> str:
    """The staff page of one invoice (`number` may be a Var on a page)."""
    return "/invoices/" + number


def customer_path(customer_id: str) -> str:
    """The staff page of one customer (`customer_id` as text; may be a Var on a page)."""
    return "/customers/" + customer_id


def estimate_path(number: str) -> str:
    """The staff page of one estimate (`number` may be a Var on a page)."""
    return "/estimates/" + number


def estimate_link_path(token: str) -> str:
    """The customer's page of one estimate: read, accept and sign, decline or cancel."""
    return "/estimate/" + token


def job_path(number: str) -> str:
    """The staff page of one job (`number` may be a Var on a page)."""
    return "/jobs/" + number


def change_order_link_path(token: str) -> str:
    """The owner's page of one change order: read, sign or decline."""
    return "/change-order/" + token


def job_costs_path(number: str) -> str:
    return "/jobs/" + number + "/costs"


def job_photos_path(number: str) -> str:
    return "/jobs/" + number + "/photos"


def trust_books_path(number: str) -> str:
    return "/jobs/" + number + "/trust-books"


def subcontractor_path(subcontractor_id: str) -> str:
    """The staff page of one subcontractor (`subcontractor_id` as text; may be a Var)."""
    return "/subcontractors/" + subcontractor_id


def lien_waiver_link_path(token: str) -> str:
    """The subcontractor's page of one lien waiver: read and sign."""
    return "/lien-waiver/" + token


def visit_link_path(token: str) -> str:
    """The visitor's page of an estimate visit booked online: move or cancel it."""
    return "/visit/" + token


def project_path(token: str) -> str:
    """The customer's page of their job (one contact's link)."""
    return "/project/" + token


def pay_path(token: str) -> str:
    """The customer's pay page of one invoice."""
    return "/pay/" + token


SIGNOUT = Route(
    "/signout",
    f"Signing you Out | {BUSINESS.name}",
    "Signing out of the staff area.",
    public=False,
)


def service_route(service: Service) -> Route:
    return Route(
        service.url,
        f"{service.title} in Brooklyn and NYC | {BUSINESS.name}",
        service.description,
    )


def gallery_route(gallery: GallerySet) -> Route:
    return Route(gallery.url, f"{gallery.title} Gallery | {BUSINESS.name}", gallery.description)


SERVICE_ROUTES = [service_route(s) for s in SERVICES]
GALLERY_ROUTES = [gallery_route(g) for g in GALLERIES]

ALL_ROUTES: list[Route] = [
    HOME,
    SERVICES_LIST,
    *SERVICE_ROUTES,
    GALLERY_LIST,
    *GALLERY_ROUTES,
    ABOUT,
    CONTACT,
    BOOK_VISIT,
    TERMS,
    PRIVACY,
    LOGIN,
    ADD_INVOICE,
    DASHBOARD,
    INVOICES,
    INVOICE,
    ENQUIRIES,
    CUSTOMERS,
    CUSTOMER,
    ESTIMATES,
    NEW_ESTIMATE,
    ESTIMATE,
    ESTIMATE_LINK,
    JOBS,
    NEW_JOB,
    JOB,
    NEW_CHANGE_ORDER,
    CHANGE_ORDER_LINK,
    JOB_COSTS,
    JOB_PHOTOS,
    TRUST_BOOKS,
    SCHEDULE,
    TODAY,
    TEXTS,
    TIMESHEETS,
    TIMESHEET,
    SUBCONTRACTORS,
    SUBCONTRACTOR,
    LIEN_WAIVER_LINK,
    VISIT_LINK,
    PROJECT_LINK,
    PAY,
    ACCOUNT,
    STAFF_USERS,
    AUDIT,
    QUICKBOOKS,
    FORGOT_PASSWORD,
    WELCOME,
    RESET_PASSWORD,
    SIGNOUT,
    NOT_FOUND,
]
PUBLIC_ROUTES = [r for r in ALL_ROUTES if r.public]
# The signed-in staff area (the staff menu links some of them: navigation.py).
STAFF_ROUTES = [r for r in ALL_ROUTES if r.staff]
# Our HTTP API beside the pages (api/__init__.py).
API_PREFIX = "/api/"
# Each person's private calendar feed: /calendar/<token>.ics (api/booking.py).
CALENDAR_FEED_PREFIX = "/calendar/"
# "Sign in with Google": a full navigation here, and the server sends the browser on to Google.
GOOGLE_START_PATH = "/api/google/start"
# "Connect QuickBooks": likewise, on to Intuit's consent page (api/quickbooks.py).
QUICKBOOKS_CONNECT_PATH = "/api/quickbooks/connect"
