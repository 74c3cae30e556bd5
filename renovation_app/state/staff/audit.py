"""/audit (admins): the audit log, filtered by person, record and dates (services.audit)."""

import asyncio
from typing import ClassVar
from urllib.parse import urlencode

import reflex as rx

from renovation_app import routes
from renovation_app.services import audit
from renovation_app.state.staff import PagedListMixin, StaffState


class AuditState(PagedListMixin, StaffState):
    search_fields: ClassVar[tuple[str, ...]] = ("person", "record", "since", "until")
    rows: list[dict] = []
    # The filters as the form shows them (the address holds them: a link reproduces the view).
    person: str = ""
    record: str = ""
    since: str = ""
    until: str = ""
    csv_link: str = ""

    @rx.event
    async def load(self):
        filters = audit.AuditFilters.from_query(self.router.url.query_parameters)
        query = filters.as_query()
        self.person, self.record = filters.person, filters.record
        self.since, self.until = query.get("since", ""), query.get("until", "")
        if not self.is_admin:
            self.rows = []
            return
        found = await asyncio.to_thread(audit.audit_page, filters, self._requested_page())
        self.rows = [
            {
                "at": row.at.strftime("%Y-%m-%d %H:%M"),
                "person": row.person,
                "action": row.action,
                "record": row.record,
                "detail": row.detail,
                "change": f"{row.before} -> {row.after}" if row.before or row.after else "",
            }
            for row in found.rows
        ]

        def page_link(n: int) -> str:
            return f"{routes.AUDIT.path}?{urlencode({**query, 'page': n} if n > 1 else query)}"

        self._show_page(found, page_link)
        self.csv_link = f"/api/exports/audit.csv?{urlencode(query)}"
