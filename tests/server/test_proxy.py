"""The repository's nginx site file in front of a real app process, on 127.0.0.1: it answers
what the app's server cannot (an oversized cookie), passes the websocket on, and gives each
browser one route cookie that keeps it on one process."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hosting import BEHIND_PROXY, ROUTE_COOKIE, nginx_proxy, require_nginx, upstreams
from tests.server.test_cookie_size import BROWSER_COOKIE_LIMIT, upgrade_status, ws_load

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """nginx with the site file in front of two app processes: (its URL, its folder)."""
    require_nginx()
    folder = tmp_path_factory.mktemp("proxy")
    env = {"TAROT_TUTOR_DB_URL": f"sqlite:///{folder / 'progress.sqlite3'}", **BEHIND_PROXY}
    with ws_load.servers(2, env, folder) as (urls, _), \
            nginx_proxy(folder / "nginx", urls) as proxy:
        yield proxy, folder / "nginx"


@pytest.mark.parametrize("size", [300, BROWSER_COOKIE_LIMIT])
def test_the_proxy_passes_on_a_websocket_with_a_cookie_a_browser_can_hold(
    proxied: tuple[str, Path], size: int
) -> None:
    assert upgrade_status(proxied[0], size) == b"HTTP/1.1 101 Switching Protocols"


@pytest.mark.parametrize("size", [30_000, 70_000])
def test_the_proxy_refuses_an_oversized_cookie_at_once(proxied: tuple[str, Path],
                                                       size: int) -> None:
    assert upgrade_status(proxied[0], size) == b"HTTP/1.1 400 Bad Request"


def _get(url: str, cookie: str = "") -> tuple[str | None, str]:
    """The route cookie a reply sets (None: none set) and its body."""
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=30) as reply:
        routes = [c for c in reply.headers.get_all("Set-Cookie") or []
                  if c.startswith(f"{ROUTE_COOKIE}=")]
        assert len(routes) <= 1
        return (routes[0] if routes else None), reply.read().decode()


def test_a_new_browser_gets_one_route_cookie_and_keeps_its_process(
    proxied: tuple[str, Path],
) -> None:
    proxy, logs = proxied
    set_cookie, _ = _get(f"{proxy}/_stcore/health")
    assert set_cookie is not None
    assert "HttpOnly" in set_cookie and "SameSite=Lax" in set_cookie
    route = set_cookie.split(";", 1)[0].split("=", 1)[1]
    for _ in range(6):
        again, body = _get(f"{proxy}/_stcore/health", f"{ROUTE_COOKIE}={route}")
        assert again is None and body == "ok"  # held already: not set again
    assert len(upstreams(logs, route)) == 1
