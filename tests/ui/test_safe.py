"""tutor.ui.safe: a URL parameter is read as a bounded value, or refused with a message that names
it and quotes it as plain text, cut short. Every hostile value of the app's link tests, against
both readers, without running a page (the pages' own reading is tests/app/test_hostile_input.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tutor.inputs import PARAM_SHOWN, clip, plain
from tutor.ui import safe
from tutor.ui.i18n import t

MARKUP = "![x](http://127.0.0.1:9/x.png) **bold** <img src=x>"
# (case, raw value): every value the app's hostile-link tests put in a URL
HOSTILE = [
    ("super2", "²"),
    ("2**63", "9223372036854775808"),
    ("5000-digits", "9" * 5000),
    ("negative", "-1"),
    ("empty", ""),
    ("markup", MARKUP),
    ("out-of-range", "7"),
    ("padded-letters", " 4x "),
    ("arabic-indic", "٣"),
]
RAW_MARKUP = ("![x](http", "**bold**", "<img")


@dataclass
class FakeStreamlit:
    """What safe.py uses of Streamlit: the query parameters and the warnings shown."""

    query_params: dict[str, str]
    warnings: list[str] = field(default_factory=list)

    def warning(self, body: str, icon: str | None = None) -> None:
        self.warnings.append(body)


@pytest.fixture
def link(monkeypatch: pytest.MonkeyPatch):
    def with_params(**params: str) -> FakeStreamlit:
        fake = FakeStreamlit(dict(params))
        monkeypatch.setattr(safe, "st", fake)
        return fake

    return with_params


def assert_named_and_quoted_plainly(said: list[str], name: str, raw: str) -> None:
    assert len(said) == 1, said
    message = said[0]
    assert name in message
    assert plain(clip(raw, PARAM_SHOWN)) in message  # quoted literally, cut short
    assert len(message) < 600
    for markup in RAW_MARKUP:
        assert markup not in message


@pytest.mark.parametrize(("case", "raw"), HOSTILE, ids=[case for case, _ in HOSTILE])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_hostile_int_is_refused_with_a_plain_message(link, lang: str, case: str, raw: str):
    shown = link(players=raw)
    assert safe.query_int("players", 3, 5, lang) is None
    assert_named_and_quoted_plainly(shown.warnings, "players", raw)
    assert shown.warnings == [t(lang, "input.bad_number", name="players",
                                value=plain(clip(raw, PARAM_SHOWN)), lo=3, hi=5)]


@pytest.mark.parametrize(("case", "raw"), HOSTILE, ids=[case for case, _ in HOSTILE])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_hostile_choice_is_refused_with_a_plain_message(link, lang: str, case: str, raw: str):
    shown = link(mode=raw)
    assert safe.query_choice("mode", ["full", "count"], lang, str.upper) is None
    assert_named_and_quoted_plainly(shown.warnings, "mode", raw)
    assert shown.warnings == [t(lang, "input.bad_choice", name="mode",
                                value=plain(clip(raw, PARAM_SHOWN)), allowed="FULL, COUNT")]


@pytest.mark.parametrize(("raw", "expected"), [("3", 3), ("5", 5), (" 4 ", 4), ("04", 4)])
def test_an_int_in_range_is_read_without_a_message(link, raw: str, expected: int):
    shown = link(players=raw)
    assert safe.query_int("players", 3, 5, "en") == expected
    assert shown.warnings == []


def test_a_choice_among_the_allowed_is_read_without_a_message(link):
    shown = link(mode="count")
    assert safe.query_choice("mode", ["full", "count"], "en") == "count"
    assert shown.warnings == []


def test_an_absent_parameter_is_none_without_a_message(link):
    shown = link()
    assert safe.query_int("players", 3, 5, "en") is None
    assert safe.query_choice("mode", ["full", "count"], "en") is None
    assert shown.warnings == []
