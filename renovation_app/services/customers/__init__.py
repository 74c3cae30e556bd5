"""Customers: one record per person (e-mails, phones, job addresses), found from enquiries,
invoices and forms, with everything about them in time order."""

from renovation_app.services.customers.records import (
    ContactDetails,
    customer_for,
    customer_for_enquiry,
    find_customer,
    merge_customers,
    set_enquiry_status,
)
from renovation_app.services.customers.search import (
    CustomerListPage,
    CustomerRow,
    list_customers,
    suggest_customers,
)
from renovation_app.services.customers.timeline import (
    CustomerView,
    TimelineEntry,
    contact_of,
    customer_view,
)

__all__ = [
    "ContactDetails",
    "CustomerListPage",
    "CustomerRow",
    "CustomerView",
    "TimelineEntry",
    "contact_of",
    "customer_for",
    "customer_for_enquiry",
    "customer_view",
    "find_customer",
    "list_customers",
    "merge_customers",
    "set_enquiry_status",
    "suggest_customers",
]
