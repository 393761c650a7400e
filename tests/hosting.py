"""The hosted deployment for tests: Debian's nginx running the repository's own site file
(``docs/deploy/tarot-tutor.conf``) in front of app processes, on 127.0.0.1 only.

Outside CI a machine without nginx skips these tests; in CI (CI=true) a missing nginx is an
error, so the proxy tests can never silently stop running.
"""

from __future__ import annotations

import importlib
import os
import re
import secrets
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "docs" / "deploy" / "tarot-tutor.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PG_VAR = "TAROT_TUTOR_TEST_PG_URL"
ROUTE_COOKIE = "tarot_route"
# What the app processes need behind the proxy: the proxy on 127.0.0.1 is the one trusted
# with the visitor's address (and Streamlit's server trusts nobody on its own).
BEHIND_PROXY = {"TAROT_TUTOR_TRUSTED_PROXIES": "127.0.0.1", "FORWARDED_ALLOW_IPS": ""}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def require_nginx() -> None:
    if not Path(NGINX).exists():
        if os.environ.get("CI"):
            pytest.fail("nginx is not installed: .ci/run must install Debian's nginx")
        pytest.skip("nginx is not installed (apt-get install nginx)")


def require_module(name: str, install: str) -> ModuleType:
    """A test dependency (the ``test`` extra): skipped without it locally, an error in CI."""
    try:
        return importlib.import_module(name)
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is not installed: CI installs the test extra ({install})")
        pytest.skip(f"{name} is not installed (pip install {install})")


def render_site(listen: int, apps: list[int]) -> str:
    """The site file with this test's ports: its ``listen`` and one upstream line per app."""
    text = SITE.read_text(encoding="utf-8")
    servers = re.findall(r"^    server 127\.0\.0\.1:\d+;\n", text, flags=re.MULTILINE)
    assert servers and "    listen 80;\n" in text, "the site file lost its listen or upstream"
    lines = "".join(f"    server 127.0.0.1:{port};\n" for port in apps)
    text = text.replace("".join(servers), lines, 1)
    return text.replace("    listen 80;\n", f"    listen 127.0.0.1:{listen};\n", 1)


def _main_config(folder: Path, site: Path) -> str:
    """A whole nginx configuration around the site, with every file in ``folder``; its access
    log says which app process served each request of which route."""
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers must reach the folder
    temp = "\n".join(f"    {name}_temp_path {folder / name};"
                     for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return f"""{user}worker_processes 1;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections 512; }}
http {{
    log_format route '$cookie_{ROUTE_COOKIE} $upstream_addr $status $uri';
    access_log {folder / "access.log"} route;
{temp}
    include {site};
}}
"""


@contextmanager
def nginx_proxy(folder: Path, apps: list[str], listen: int = 0) -> Iterator[str]:
    """nginx with the site file in front of the apps (their URLs) on port ``listen`` (0: a free
    one); yields the proxy's URL."""
    require_nginx()
    folder.mkdir(parents=True, exist_ok=True)
    ports = [int(url.rsplit(":", 1)[1]) for url in apps]
    listen = listen or free_port()
    site = folder / "tarot-tutor.conf"
    site.write_text(render_site(listen, ports), encoding="utf-8")
    config = folder / "nginx.conf"
    config.write_text(_main_config(folder, site), encoding="utf-8")
    command = [NGINX, "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(config)]
    checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    proc = subprocess.Popen([*command, "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{listen}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                log = (folder / "error.log").read_text() if (folder / "error.log").exists() else ""
                pytest.fail(f"nginx did not start:\n{log}")
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def upstreams(folder: Path, route: str) -> set[str]:
    """The app processes (host:port) that served the requests of ``route`` so far."""
    log = folder / "access.log"
    served = set()
    for line in log.read_text().splitlines() if log.exists() else ():
        parts = line.split()
        if len(parts) >= 2 and parts[0] == route and parts[1] != "-":
            served.add(parts[1])
    return served


@contextmanager
def shared_store(folder: Path) -> Iterator[dict[str, str]]:
    """The settings of one store for every app process: a fresh PostgreSQL database when
    $TAROT_TUTOR_TEST_PG_URL names a server (as CI does), else one SQLite file."""
    url = os.environ.get(PG_VAR)
    if not url:
        yield {"TAROT_TUTOR_DB": str(folder / "shared.sqlite3"), "TAROT_TUTOR_DB_URL": ""}
        return
    import sqlalchemy as sa

    admin_url = sa.make_url(url)
    name = f"tutor_hosted_{secrets.token_hex(6)}"
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield {"TAROT_TUTOR_DB_URL": admin_url.set(database=name).render_as_string(
            hide_password=False)}
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()
