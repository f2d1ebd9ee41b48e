"""PostgreSQL and Redis for the community server's tests (:mod:`tests.community.services`)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import pytest

from tests.community.nodes import community_server as community_server
from tests.community.services import fresh_database, postgres_cluster, redis_server


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    named = os.environ.get("MIXMO_TEST_POSTGRES")
    if named:
        yield named
        return
    with postgres_cluster() as address:
        yield address


@pytest.fixture(scope="session")
def redis_address() -> Iterator[str]:
    named = os.environ.get("MIXMO_TEST_REDIS")
    if named:
        yield named
        return
    with redis_server() as address:
        yield address


@pytest.fixture
def database(postgres_server: str) -> Iterator[str]:
    """An empty PostgreSQL database of this test's own."""
    with fresh_database(postgres_server) as address:
        yield address


@pytest.fixture
def community() -> str:
    """This test's community name: its Redis keys' prefix, apart from every other test's."""
    return f"test-{secrets.token_hex(4)}"
