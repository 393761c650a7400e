"""URL parameters read for a page: a bounded value, or a clear message in the page.

A value that is malformed or out of range (``seed=²``, ``game=9223372036854775808``, five
thousand digits, an unknown mode) never reaches ``int()`` unchecked nor Streamlit's error
box: the page says which parameter it could not use, quoting it as plain text, and goes on
with its default. The parsing itself is ``tutor.inputs`` (no Streamlit there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import streamlit as st

from tutor.inputs import PARAM_SHOWN, InputRefused, clip, plain, read_choice, read_int
from tutor.ui.i18n import t

BIGINT = 2**63 - 1  # the largest id a SQL database row can have


def _refused(lang: str, name: str, raw: str, key: str, **values: object) -> None:
    st.warning(
        t(lang, key, name=plain(name), value=plain(clip(raw, PARAM_SHOWN)), **values),
        icon=":material/link_off:",
    )


def query_int(name: str, lo: int, hi: int, lang: str) -> int | None:
    """``?name=`` as a whole number from ``lo`` to ``hi``; None when absent or refused (then
    the page says so)."""
    raw = st.query_params.get(name)
    if raw is None:
        return None
    try:
        return read_int(raw, lo, hi)
    except InputRefused as refused:
        _refused(lang, name, raw, refused.key, lo=lo, hi=hi)
        return None


def query_choice(
    name: str,
    allowed: Iterable[str],
    lang: str,
    describe: Callable[[str], str] = str,
) -> str | None:
    """``?name=`` as one of ``allowed``; None when absent or refused (then the page says so).
    ``describe`` names an allowed value in the message (its code by default)."""
    raw = st.query_params.get(name)
    if raw is None:
        return None
    options = tuple(allowed)
    try:
        return read_choice(raw, options)
    except InputRefused as refused:
        listed = ", ".join(plain(describe(option)) for option in options)
        _refused(lang, name, raw, refused.key, allowed=listed)
        return None
