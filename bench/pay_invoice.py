"""A real invoice of 6 lines (two catalogue services, four free lines with quantities, a
taxed repair, a discount and a 30/40/30 schedule) in the database of DATABASE_URL; prints
its pay page's path. bench.lighthouse audits that page."""

import secrets
from datetime import timedelta

from renovation_app.db import db_session
from renovation_app.models import CustomerLinkKind
from renovation_app.routes import pay_path
from renovation_app.services import invoicing, links
from renovation_app.services.billing import business_today
from renovation_app.services.staff import users

LINES = [
    {
        "service": "kitchenRemodelling",
        "unit_price": "18500",
        "description": "Cabinets, quartz counters, backsplash",
    },
    {
        "service": "bathroomRemodelling",
        "unit_price": "9200",
        "description": "Walk-in shower, vanity, tile",
    },
    {
        "service": "",
        "description": "Floor tile, porcelain 12x24",
        "quantity": "220",
        "unit": "sq ft",
        "unit_price": "14.50",
    },
    {
        "service": "",
        "description": "Replace kitchen faucet",
        "unit_price": "200",
        "tax_category": "repair",
    },
    {
        "service": "",
        "description": "Paint living room and hall",
        "quantity": "2",
        "unit": "days",
        "unit_price": "850",
    },
    {
        "service": "",
        "description": "Electrical: 6 recessed lights",
        "quantity": "6",
        "unit": "fixtures",
        "unit_price": "175",
    },
]


def six_line_invoice() -> str:
    author = users.create_user(
        f"bench-{secrets.token_hex(4)}@example.com", "Bench Writer", secrets.token_urlsafe(16)
    )
    today = business_today()
    raw = {
        "name": "Maria Alvarez",
        "email": "maria@example.com",
        "address": "123 Court St\nBrooklyn, NY 11201",
        "discount": "250",
        "lines": LINES,
        "schedule": [
            {"label": label, "amount": amount, "due_date": str(today + timedelta(days=14 * i))}
            for i, (label, amount) in enumerate(
                (("Deposit", "30%"), ("Rough-in done", "40%"), ("Completion", "30%"))
            )
        ],
    }
    valid = invoicing.validate_invoice(raw)
    invoice = invoicing.create_invoice(valid, author.id, secrets.token_urlsafe(12))
    with db_session() as session:
        token = links.link_token(session, CustomerLinkKind.PAY, invoice.id)
    return pay_path(token)


if __name__ == "__main__":
    print(six_line_invoice())
