"""Fixtures of the API tests: our HTTP API on an empty database, a member of staff, and a client
signed in as them."""

import pytest
from starlette.testclient import TestClient

from renovation_app.api import create_api
from renovation_app.models import User
from tests.factories import sign_in, staff_user


@pytest.fixture
def client(clean_db) -> TestClient:
    """The API as a browser reaches it, on an empty database."""
    return TestClient(create_api())


@pytest.fixture
def staff(clean_db) -> User:
    """Sam Staff (sam@example.com), a member of staff who is not an admin; not signed in."""
    return staff_user()


@pytest.fixture
def staff_client(client: TestClient, staff: User) -> TestClient:
    """The `client`, signed in as `staff` through POST /api/session."""
    sign_in(client, staff.email)
    return client
