"""A crew member's /today for Lighthouse (bench/lighthouse.py --today): in the server's database
(DATABASE_URL), a job with a work day today for a new member of staff, who is signed in. Prints
the session token of the staff_session cookie on its last line."""

import uuid

from renovation_app.services.billing import business_today
from renovation_app.services.staff.sessions import start_session
from renovation_app.settings import settings
from tests.factories import job_of
from tests.factories.costs import contract_28k
from tests.factories.staff import staff_user
from tests.factories.time_clock import work_day


def main() -> None:
    settings.contractor_licence = settings.contractor_licence or "2099999-DCA"
    settings.escrow_bank = settings.escrow_bank or "Example Community Bank, Brooklyn"
    tag = uuid.uuid4().hex[:8]
    admin = staff_user("admin", email=f"bench-admin-{tag}@example.com", name="Bench Admin")
    crew = staff_user(email=f"bench-crew-{tag}@example.com", name="Bench Crew")
    job = job_of(contract_28k(admin, f"bench-today-{tag}"))
    work_day(job, crew, business_today(), admin)
    print(start_session(crew.id))


if __name__ == "__main__":
    main()
