"""A job's trust fund books (New York Lien Law Article 3-A, §75): the owner's money received,
the job's costs paid, the balance held in trust, and what is receivable and payable, for a
period; read on the page, as CSV and as PDF. Derived from the rows, never stored."""

from renovation_app.services.trust_books.books import trust_books
from renovation_app.services.trust_books.csv_file import trust_books_csv
from renovation_app.services.trust_books.pdf import render_trust_books_pdf, trust_books_pdf
from renovation_app.services.trust_books.rows import (
    PaidRow,
    PayableRow,
    ReceivableRow,
    ReceivedRow,
    TrustBooks,
)
from renovation_app.services.trust_books.views import (
    TrustBooksView,
    first_day,
    trust_books_view,
)

__all__ = [
    "PaidRow",
    "PayableRow",
    "ReceivableRow",
    "ReceivedRow",
    "TrustBooks",
    "TrustBooksView",
    "first_day",
    "render_trust_books_pdf",
    "trust_books",
    "trust_books_csv",
    "trust_books_pdf",
    "trust_books_view",
]
