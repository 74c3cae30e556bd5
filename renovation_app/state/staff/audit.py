"""/audit (admins): the audit log, filtered by person, record and dates (services.audit)."""

import asyncio
from datetime import date
from urllib.parse import urlencode

import reflex as rx

from renovation_app import routes
from renovation_app.services import audit
from renovation_app.state.staff import PagedListMixin, StaffState


def _day(value: str) -> date | None:
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


class AuditState(PagedListMixin, StaffState):
    rows: list[dict] = []
    person: str = ""
    record: str = ""
    since: str = ""
    until: str = ""
    csv_link: str = ""

    def _query(self, page: int = 1) -> str:
        values = {
            "person": self.person,
            "record": self.record,
            "since": self.since,
            "until": self.until,
        }
        values = {k: v for k, v in values.items() if v}
        if page > 1:
            values["page"] = str(page)
        return urlencode(values)

    @rx.event
    async def load(self):
        query = self.router.url.query_parameters
        self.person = str(query.get("person", ""))[:100]
        self.record = str(query.get("record", ""))[:60]
        self.since = str(query.get("since", ""))[:10]
        self.until = str(query.get("until", ""))[:10]
        if not self.is_admin:
            self.rows = []
            return
        filters = audit.AuditFilters(self.person, self.record, _day(self.since), _day(self.until))
        found = await asyncio.to_thread(audit.audit_page, filters, self._requested_page())
        self.rows = [
            {
                "at": row.at.strftime("%Y-%m-%d %H:%M"),
                "person": row.person,
                "action": row.action,
                "record": row.record,
                "detail": row.detail,
                "change": f"{row.before} -> {row.after}" if row.before or row.after else "",
                "client": row.client,
            }
            for row in found.rows
        ]
        self._show_page(
            found.page,
            found.page_count,
            found.total_count,
            lambda n: f"{routes.AUDIT.path}?{self._query(n)}",
        )
        self.csv_link = f"/api/exports/audit.csv?{self._query()}"
