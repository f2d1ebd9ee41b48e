"""`mixmo serve --database/--redis` and `mixmo account ban --database` as an operator types
them: options that do not go together, or a database nobody answers at, are one line
and exit code 2."""

from __future__ import annotations

import signal
import subprocess
import urllib.request
from pathlib import Path

import pytest

from tests.community.nodes import environment, healthy, wait_until
from tests.community.nodes import mixmo as mixmo_command
from tests.ports import free_port

PG = "postgresql://postgres@127.0.0.1:1/mixmo"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--database", "mysql://db/mixmo"], "--database: a PostgreSQL address (postgresql://...)"),
        (["--redis", "redis://127.0.0.1:1/0"], "--redis needs --database"),
        (["--database", PG, "--redis", "http://cache"], "--redis: a Redis address"),
        (["--database", PG, "--redis", "redis://c", "--shard", "1/2"], "--shard routes by letters"),
        (["--database", PG, "--redis", "redis://c", "--port", "0"], "give --advertise"),
        (["--database", PG, "--redis", "redis://c", "--advertise", "http://x"], "--advertise: a WebSocket address"),
        (["--advertise", "ws://x:1"], "--advertise is a node's address: use it with --redis"),
    ],
    ids=["not-postgres", "redis-alone", "not-redis", "shard", "port-0", "advertise-http",
         "advertise-alone"],
)  # fmt: skip
def test_serve_refuses_community_options_that_do_not_go_together(
    mixmo, tmp_path: Path, args: list[str], says: str
) -> None:  # type: ignore[no-untyped-def]
    run = mixmo("serve", "--port", str(free_port()), "--data", str(tmp_path), *args)
    assert run.code == 2
    assert says in run.err and run.err.count("\n") == 1, run.err


def test_a_node_serves_its_rooms_to_browsers_at_the_address_it_advertises(
    tmp_path: Path, database: str, redis_address: str
) -> None:
    port = free_port()
    node = subprocess.Popen(
        [*mixmo_command(tmp_path), "serve", "--web", "--port", str(port),
         "--database", database, "--redis", redis_address, "--community", "webtest",
         "--advertise", f"ws://127.0.0.1:{port}", "--data", str(tmp_path / "node")],
        env=environment(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert node.stdout is not None
        assert node.stdout.readline().strip() == f"mixmo server on ws://127.0.0.1:{port}"
        wait_until(lambda: healthy(port), 30, "the node's front to answer /healthz")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/CDEFGH/", timeout=10) as page:
            assert page.status == 200 and b"CDEFGH" in page.read()
    finally:
        node.send_signal(signal.SIGTERM)
        node.wait(timeout=30)
    assert node.returncode == 0, node.stderr.read() if node.stderr else ""


def test_serve_says_in_one_line_when_no_postgresql_answers(mixmo, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run = mixmo("serve", "--port", str(free_port()), "--data", str(tmp_path), "--database", PG)
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert run.err.startswith(f"mixmo: error: {PG}: cannot use the rooms' database (")


def test_serve_says_in_one_line_when_no_redis_answers(mixmo, tmp_path: Path, database: str) -> None:  # type: ignore[no-untyped-def]
    redis = f"redis://127.0.0.1:{free_port()}/0"
    run = mixmo("serve", "--port", str(free_port()), "--database", database, "--redis", redis)
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert "cannot use the rooms' database (Redis: " in run.err


def test_the_operator_bans_an_account_kept_in_postgresql(mixmo, database: str) -> None:  # type: ignore[no-untyped-def]
    from mixmo.net.account_store import AccountStore

    store = AccountStore(None, database)
    store.create("Ann", b"k" * 32)
    store.close()
    banned = mixmo("account", "ban", "ann", "--database", database, "--reason", "spam")
    assert banned.code == 0 and banned.out == "Ann is banned: spam\n"
    again = AccountStore(None, database)
    assert again.by_name("Ann").banned == "spam"  # type: ignore[union-attr]
    again.close()
    both = mixmo("account", "unban", "Ann", "--database", database, "--data", "/")
    assert both.code == 2 and "one of them" in both.err
