"""The address of the visitor behind a connection, for the per-connection rate limit.

A connection's peer is the visitor, unless it is a proxy this server was told to trust
(``TAROT_TUTOR_TRUSTED_PROXIES``: addresses or networks, comma-separated; default: nobody).
Only then are ``X-Forwarded-For`` and ``X-Real-IP`` read, because anyone else can write them.
Each proxy appends the address it saw to ``X-Forwarded-For``, so the visitor is the last
address in it that is not a trusted proxy itself; what a visitor wrote further left is theirs
to invent and is never read.

Streamlit's server (uvicorn) resolves ``X-Forwarded-For`` on its own for peers in its
``FORWARDED_ALLOW_IPS`` (by default 127.0.0.1 and ::1) before the app sees the connection;
start it with ``FORWARDED_ALLOW_IPS=`` (empty) so that this setting alone decides.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from functools import lru_cache

import streamlit as st

TRUSTED_PROXIES_SETTING = "TAROT_TUTOR_TRUSTED_PROXIES"
LOOPBACK = "127.0.0.1"  # Streamlit reports a loopback peer as no address at all
MAX_HEADER = 2048  # characters read from a forwarding header's right end, where proxies write

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def trusted_proxies(setting: str) -> tuple[Network, ...]:
    """The networks of the setting; a single address is a network of one. An entry that is no
    address (a host name, a typo) is ignored: a connection's address cannot match it."""
    networks: list[Network] = []
    for entry in setting.split(","):
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            continue
    return tuple(networks)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _trusted(address: ipaddress.IPv4Address | ipaddress.IPv6Address,
             proxies: tuple[Network, ...]) -> bool:
    return any(address.version == net.version and address in net for net in proxies)


def forwarded_client(peer: str, headers: Mapping[str, str],
                     proxies: tuple[Network, ...]) -> str:
    """The visitor's address: the peer unless it is a trusted proxy; then the last untrusted
    hop of ``x-forwarded-for``, else ``x-real-ip``, else the proxy itself (``headers`` has
    lower-case names)."""
    here = _address(peer)
    if here is None or not _trusted(here, proxies):
        return peer
    # The trusted proxy appended its hop at the right end: a long header must not push it out
    chain = [hop for hop in headers.get("x-forwarded-for", "")[-MAX_HEADER:].split(",")
             if hop.strip()]
    if not chain:
        real = _address(headers.get("x-real-ip", "")[:MAX_HEADER])
        return str(real) if real is not None else peer
    for hop in reversed(chain):
        address = _address(hop)
        if address is None:
            break  # not an address a proxy writes: read no further left
        here = address
        if not _trusted(address, proxies):
            return str(address)
    return str(here)


def client_address() -> str:
    """The address of this session's visitor (the connection's own address without a
    trusted proxy in front)."""
    try:
        peer = st.context.ip_address or LOOPBACK
        headers = {name.lower(): value for name, value in st.context.headers.items()}
    except Exception:  # no script context (a bare import, a test): the local machine
        return LOOPBACK
    proxies = trusted_proxies(os.environ.get(TRUSTED_PROXIES_SETTING, ""))
    return forwarded_client(peer, headers, proxies)
