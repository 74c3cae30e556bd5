"""The staff job screens: the list, one job, its costs, its photos, its trust books, its change order form,
and a job for small work."""

from renovation_app.pages.jobs import (  # noqa: F401
    change_order_form,
    costs,
    detail,
    list,
    new,
    photos,
    trust_books,
)
