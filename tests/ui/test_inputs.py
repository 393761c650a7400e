"""tutor.inputs: typed numbers refused by their shape before any conversion, bounded URL
parameters, and free text made literal inside Markdown."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import inputs
from tutor.inputs import (
    InputRefused,
    clip,
    parse_points,
    parse_whole,
    plain,
    read_choice,
    read_int,
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("45", 45),
        ("45.5", Fraction(91, 2)),
        ("45,5", Fraction(91, 2)),
        ("45½", Fraction(91, 2)),
        ("45 ½", Fraction(91, 2)),
        (" 45.50 ", Fraction(91, 2)),
        ("45.", 45),
        (".5", Fraction(1, 2)),
        ("-126", -126),
        ("−126", -126),
        ("- 126", -126),
        ("+318", 318),
        ("99999", 99999),
        ("0", 0),
    ],
)
def test_every_legitimate_way_of_typing_points_is_accepted(text: str, value: Fraction) -> None:
    assert parse_points(text) == value


@pytest.mark.parametrize(
    "text", ["", " ", "abc", "1/2", "1/0", "4 5x", "1e5", "1e100000000", "²", "٤٥", "0x10",
             "inf", "nan", "--5", "5-", "45.5½", ".", "-", "1_000"]
)
def test_what_is_not_a_number_is_refused_as_such(text: str) -> None:
    with pytest.raises(InputRefused) as refused:
        parse_points(text)
    assert refused.value.key == "input.not_a_number"


@pytest.mark.parametrize("text", ["123456", "1.234", "9" * 20, "9" * 5000, "1" * 10**6])
def test_a_number_too_long_is_refused_as_too_long(text: str) -> None:
    with pytest.raises(InputRefused) as refused:
        parse_points(text)
    assert refused.value.key == "input.too_long"


@pytest.mark.parametrize("text", ["1e100000000", "9" * 5000, "1" * 10**6, "10**100000"])
def test_the_freeze_inputs_are_refused_by_their_shape_without_any_conversion(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fraction(text) computes an exponent exactly: the refusal must come before it."""

    def no_conversion(*_: object) -> None:
        raise AssertionError("a refused text reached a conversion")

    monkeypatch.setattr(inputs, "Fraction", no_conversion)
    monkeypatch.setattr(inputs, "int", no_conversion, raising=False)
    with pytest.raises(InputRefused):
        parse_points(text)


def test_parse_points_refusals_are_value_errors_for_callers_that_catch_those() -> None:
    with pytest.raises(ValueError, match="digits"):
        parse_points("1e100000000")


@given(st.text(max_size=40))
def test_any_text_is_a_small_number_or_a_refusal(text: str) -> None:
    try:
        value = parse_points(text)
    except InputRefused as refused:
        assert refused.key in ("input.not_a_number", "input.too_long")
    else:
        assert abs(value) < 10**5 and (value * 100).denominator == 1


def test_a_whole_answer_refuses_a_half() -> None:
    assert parse_whole("126") == 126
    assert parse_whole("−126,0") == -126
    with pytest.raises(InputRefused) as refused:
        parse_whole("45.5")
    assert refused.value.key == "input.whole_number"


# --- URL parameters ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "raw", ["²", "", "-1", "1.5", "9223372036854775808", "9" * 5000, "4", " ", "٤", "0x1", "1e3"]
)
def test_a_url_int_out_of_range_or_malformed_is_refused(raw: str) -> None:
    with pytest.raises(InputRefused) as refused:
        read_int(raw, 0, 3)
    assert refused.value.key == "input.bad_number"


def test_a_url_int_in_range_is_read() -> None:
    assert read_int("3", 0, 3) == 3
    assert read_int(" 0 ", 0, 3) == 0
    assert read_int("9223372036854775807", 1, 2**63 - 1) == 2**63 - 1
    with pytest.raises(InputRefused):
        read_int("9223372036854775808", 1, 2**63 - 1)


def test_five_thousand_digits_are_refused_without_int(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_conversion(*_: object) -> None:
        raise AssertionError("a refused parameter reached int()")

    monkeypatch.setattr(inputs, "int", no_conversion, raising=False)
    with pytest.raises(InputRefused):
        read_int("9" * 5000, 0, 10)


def test_a_url_choice_is_one_of_the_allowed_values() -> None:
    assert read_choice("it", ("en", "it")) == "it"
    for raw in ("fr", "IT", " it", "", "en\n"):
        with pytest.raises(InputRefused) as refused:
            read_choice(raw, ("en", "it"))
        assert refused.value.key == "input.bad_choice"


# --- free text -----------------------------------------------------------------------------
HOSTILE = [
    "![x](http://127.0.0.1:9/x.png)",
    "**bold**",
    "<img src=x>",
    "<script>alert(1)</script>",
    "[link](javascript:alert(1))",
    ":red[coloured] :material/home:",
    "$x^2$",
    "# heading",
    "- item",
    "1. item",
    "> quote",
    "`code`",
    "a\n\n# b",
    "&amp;",
    "~~struck~~",
    "|a|b|",
]


def _unescaped(markdown: str) -> str:
    """What Markdown shows for text that uses only backslash escapes and entities."""
    return html.unescape(re.sub(r"\\(.)", r"\1", markdown))


@pytest.mark.parametrize("text", HOSTILE)
def test_plain_text_has_no_markdown_or_html_left(text: str) -> None:
    shown = plain(text)
    assert "<" not in shown and ">" not in shown
    assert "\n" not in shown  # no new block (heading, list) can start
    # every Markdown-significant character is escaped
    assert not re.search(r"(?<!\\)[*_\[\]()!`:$#~|]", shown), shown


@given(st.text(max_size=60))
def test_plain_text_reads_back_as_the_text_itself(text: str) -> None:
    flat = re.sub(r"\s*[\r\n\u2028\u2029]+\s*", " ", text)
    invisible = inputs.WORD_JOINER
    assert _unescaped(plain(text)).replace(invisible, "") == flat.replace(invisible, "")


# The patterns remark-gfm (Streamlit's Markdown) links in text once escapes are read.
GFM_AUTOLINKS = (
    re.compile(r"(https?://|www(?=\.))([-.\w]+)", re.IGNORECASE),
    re.compile(r"([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)"),
)
BARE_LINKS = [
    "https://evil.example/reset",
    "Win a prize: https://evil.example/login",
    "HTTP://EVIL.EXAMPLE",
    "www.evil.example",
    "mail win@evil.example now",
]


@pytest.mark.parametrize("text", BARE_LINKS)
def test_plain_text_leaves_no_bare_url_or_address_to_link(text: str) -> None:
    shown = _unescaped(plain(text))
    assert not any(pattern.search(shown) for pattern in GFM_AUTOLINKS), repr(shown)


def test_clip_marks_the_cut() -> None:
    assert clip("abc", 5) == "abc"
    assert clip("9" * 5000, 10) == "9" * 9 + "…"
