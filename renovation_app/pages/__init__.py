"""Every page of the site; importing this package declares them in the route table."""

from renovation_app.pages import (  # noqa: F401
    about,
    book_visit,
    change_order_link,
    contact,
    customers,
    estimate_link,
    estimates,
    gallery,
    home,
    invoices,
    jobs,
    legal,
    lien_waiver_link,
    not_found,
    pay,
    schedule,
    services,
    staff,
    subcontractors,
    visit_link,
)
