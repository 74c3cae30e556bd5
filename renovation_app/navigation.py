"""The site's menus as data: every entry a label and a path from the route table (routes.py).

The header, the mobile menu, the footer and the staff menu draw these; none of them spells a
path of its own.
"""

from dataclasses import dataclass

from renovation_app import routes
from renovation_app.content import SERVICES


@dataclass(frozen=True)
class NavLink:
    label: str
    path: str
    # The entries of the dropdown this entry opens instead of being a link (Services).
    submenu: tuple["NavLink", ...] = ()


SERVICE_LINKS: tuple[NavLink, ...] = tuple(
    NavLink(service.title, route.path)
    for service, route in zip(SERVICES, routes.SERVICE_ROUTES, strict=True)
)

MAIN_MENU: tuple[NavLink, ...] = (
    NavLink("Home", routes.HOME.path),
    NavLink("About", routes.ABOUT.path),
    NavLink(
        "Services",
        routes.SERVICES_LIST.path,
        submenu=(*SERVICE_LINKS, NavLink("All services", routes.SERVICES_LIST.path)),
    ),
    NavLink("Gallery", routes.GALLERY_LIST.path),
    NavLink("Contact", routes.CONTACT.path),
)

# The footer's "Useful links" and its legal line.
FOOTER_LINKS: tuple[NavLink, ...] = (
    NavLink("Gallery", routes.GALLERY_LIST.path),
    NavLink("About Us", routes.ABOUT.path),
    NavLink("Contact", routes.CONTACT.path),
)
LEGAL_LINKS: tuple[NavLink, ...] = (
    NavLink("Terms and Conditions", routes.TERMS.path),
    NavLink("Privacy Policy", routes.PRIVACY.path),
)

# Beside every staff screen (above it on phones): the places, then the two things to write.
STAFF_MENU: tuple[NavLink, ...] = (
    NavLink("Today", routes.TODAY.path),
    NavLink("Dashboard", routes.DASHBOARD.path),
    NavLink("Customers", routes.CUSTOMERS.path),
    NavLink("Texts", routes.TEXTS.path),
    NavLink("Estimates", routes.ESTIMATES.path),
    NavLink("Schedule", routes.SCHEDULE.path),
    NavLink("Timesheets", routes.TIMESHEETS.path),
    NavLink("Jobs", routes.JOBS.path),
    NavLink("Subcontractors", routes.SUBCONTRACTORS.path),
    NavLink("Invoices", routes.INVOICES.path),
    NavLink("Enquiries", routes.ENQUIRIES.path),
)
# Shown to admins only (the pages' handlers refuse everyone else on the server).
ADMIN_MENU: tuple[NavLink, ...] = (
    NavLink("Staff", routes.STAFF_USERS.path),
    NavLink("Audit", routes.AUDIT.path),
    NavLink("QuickBooks", routes.QUICKBOOKS.path),
)
STAFF_ACTIONS: tuple[NavLink, ...] = (
    NavLink("New invoice", routes.ADD_INVOICE.path),
    NavLink("New estimate", routes.NEW_ESTIMATE.path),
)
