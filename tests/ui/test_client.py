"""The visitor's address behind a proxy: forwarding headers are read only from a trusted proxy."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tutor.ui import client
from tutor.ui.client import forwarded_client, trusted_proxies

NGINX = trusted_proxies("10.0.0.2")


def test_by_default_nobody_is_trusted_so_forwarding_headers_are_ignored() -> None:
    headers = {"x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.9"}
    assert forwarded_client("10.0.0.2", headers, trusted_proxies("")) == "10.0.0.2"


def test_a_visitor_who_is_no_trusted_proxy_cannot_choose_their_address() -> None:
    headers = {"x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.9"}
    assert forwarded_client("198.51.100.7", headers, NGINX) == "198.51.100.7"


def test_behind_a_trusted_proxy_the_visitor_is_the_hop_it_appended() -> None:
    assert forwarded_client("10.0.0.2", {"x-forwarded-for": "198.51.100.7"}, NGINX) \
        == "198.51.100.7"


def test_what_the_visitor_wrote_left_of_the_proxys_hop_is_never_read() -> None:
    forged = {"x-forwarded-for": "203.0.113.9, 198.51.100.7"}
    assert forwarded_client("10.0.0.2", forged, NGINX) == "198.51.100.7"


def test_a_long_forged_header_cannot_push_out_the_hop_the_proxy_appended() -> None:
    forged = {"x-forwarded-for": "203.0.113.9, " * 1000 + "198.51.100.7"}
    assert forwarded_client("10.0.0.2", forged, NGINX) == "198.51.100.7"


def test_a_chain_of_trusted_proxies_is_walked_to_the_first_untrusted_hop() -> None:
    proxies = trusted_proxies("10.0.0.0/24, 192.0.2.1")
    headers = {"x-forwarded-for": "203.0.113.9, 198.51.100.7, 192.0.2.1, 10.0.0.3"}
    assert forwarded_client("10.0.0.2", headers, proxies) == "198.51.100.7"


def test_a_hop_that_is_no_address_stops_the_walk_at_the_last_proxy() -> None:
    headers = {"x-forwarded-for": "198.51.100.7, unknown, 10.0.0.3"}
    assert forwarded_client("10.0.0.2", headers, trusted_proxies("10.0.0.0/24")) == "10.0.0.3"


def test_x_real_ip_is_read_when_the_trusted_proxy_sends_no_forwarded_for() -> None:
    assert forwarded_client("10.0.0.2", {"x-real-ip": "198.51.100.7"}, NGINX) == "198.51.100.7"
    assert forwarded_client("10.0.0.2", {"x-real-ip": "garbage"}, NGINX) == "10.0.0.2"


def test_ipv6_visitors_and_proxies_are_read_too() -> None:
    proxies = trusted_proxies("::1, 2001:db8::/32")
    # every hop a trusted proxy: the visitor is the first of them
    assert forwarded_client("::1", {"x-forwarded-for": "2001:db8::5, ::1"}, proxies) \
        == "2001:db8::5"
    assert forwarded_client("::1", {"x-forwarded-for": "2001:db9::5"}, proxies) == "2001:db9::5"


def test_setting_entries_that_are_no_address_are_ignored() -> None:
    assert trusted_proxies("nginx, , 10.0.0.2, 300.1.1.1") == NGINX


@pytest.mark.parametrize(
    ("setting", "expected"),
    [("", "127.0.0.1"), ("127.0.0.1", "198.51.100.7")],
)
def test_the_session_address_reads_the_setting_and_a_loopback_peer(
    monkeypatch: pytest.MonkeyPatch, setting: str, expected: str
) -> None:
    # Streamlit reports a loopback peer as None; its headers keep the names' case
    context = SimpleNamespace(ip_address=None, headers={"X-Forwarded-For": "198.51.100.7"})
    monkeypatch.setattr(client.st, "context", context)
    monkeypatch.setenv(client.TRUSTED_PROXIES_SETTING, setting)
    assert client.client_address() == expected
