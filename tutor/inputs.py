"""What a visitor types or puts in a URL, made harmless before anything uses it.

- ``parse_points``: a number typed as an answer is matched against a short pattern *before*
  it is converted, so ``1e100000000`` or five thousand digits are refused at once instead of
  being computed exactly (``Fraction`` and ``int`` do that while holding the GIL: one such
  answer froze the whole server).
- ``read_int`` / ``read_choice``: a URL parameter is a bounded whole number or one of a
  closed set of values, else refused.
- ``plain``: free text (a player's name, a game's name, a URL parameter quoted in a message)
  shown literally inside Markdown: no link (not even a bare URL), no image fetched, no HTML,
  no colour directive.

Refusals are ``InputRefused`` (a ``ValueError``) carrying the catalog key of a message a
learner can read; this module needs no Streamlit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

MAX_DIGITS = 5  # points and marks of a tarot deal stay well below 100 000
MAX_NUMBER_CHARS = 24  # longer than any legitimate answer: refused before any other work
MAX_PARAM_DIGITS = 19  # 2**63 - 1 has 19 digits: int() of that many is instant
PARAM_SHOWN = 60  # characters of a refused URL value quoted back in a message

NAME_CHARS = 32  # a player's name
GAME_NAME_CHARS = 60  # a saved game's name
SEARCH_CHARS = 60  # the glossary search
REPORT_CHARS = 1000  # a note reporting a wrong puzzle
NUMBER_CHARS = MAX_NUMBER_CHARS  # max_chars of a number answer's text box

MINUS_SIGNS = "−–"  # typographic minus and en dash, as people type marks like −126
SPACES = " \u00a0\u202f\u2009"  # plain, no-break, narrow no-break and thin spaces

# Optional sign, up to 5 digits, then optionally a decimal part (.5, ,5, .50) or a "½".
# ASCII digits only: str.isdigit() and int() also take "²" or Arabic-Indic digits.
_NUMBER = re.compile(
    rf"(?P<sign>[+-]?)(?P<whole>[0-9]{{0,{MAX_DIGITS}}})"
    r"(?:\.(?P<decimals>[0-9]{0,2})|(?P<half>½))?",
    re.ASCII,
)
_DIGITS_ONLY = re.compile(r"[+-]?[0-9]*\.?[0-9]*", re.ASCII)
_PARAM_INT = re.compile(rf"[0-9]{{1,{MAX_PARAM_DIGITS}}}", re.ASCII)

# Markdown (CommonMark + Streamlit's directives, emoji and LaTeX) treats these as syntax; a
# backslash before any ASCII punctuation makes it literal.
_MARKDOWN_PUNCTUATION = re.compile(r"([\\`*_{}\[\]()#+\-.!|~:$^=\"'/])")
_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
# Streamlit's Markdown (remark-gfm) also turns bare "https://x.y", "www.x.y" and "a@x.y" in
# plain *text* into links, after escapes are read, so a backslash cannot stop it. An invisible
# word joiner after ":" and "@" and before "." breaks each pattern without changing what shows.
WORD_JOINER = "\u2060"
_LINK_TRIGGERS = {":": ":" + WORD_JOINER, "@": "@" + WORD_JOINER, ".": WORD_JOINER + "."}
_LINE_BREAKS = re.compile(r"\s*[\r\n\u2028\u2029]+\s*")


class InputRefused(ValueError):
    """A typed value or URL parameter that is refused; ``key`` names the message to show."""

    def __init__(self, reason: str, key: str) -> None:
        super().__init__(reason)
        self.key = key


# --- numbers typed as answers --------------------------------------------------------------
def _normalized(text: str) -> str:
    for minus in MINUS_SIGNS:
        text = text.replace(minus, "-")
    for space in SPACES:
        text = text.replace(space, "")
    return text.replace(",", ".")


def parse_points(text: str) -> Fraction:
    """'45', '45.5', '45,5', '45½', '+318', '−126', '- 126' -> a Fraction.

    Anything else is refused by its shape, without being converted: InputRefused whose key is
    ``input.too_long`` (more than 5 digits) or ``input.not_a_number``."""
    if len(text) > MAX_NUMBER_CHARS:
        raise InputRefused(
            f"at most {MAX_DIGITS} digits, and 2 after the decimal point", "input.too_long"
        )
    cleaned = _normalized(text.strip())
    match = _NUMBER.fullmatch(cleaned)
    if match is None or not (match["whole"] or match["decimals"] or match["half"]):
        if _DIGITS_ONLY.fullmatch(cleaned) and any(c.isdigit() for c in cleaned):
            raise InputRefused(
                f"at most {MAX_DIGITS} digits, and 2 after the decimal point", "input.too_long"
            )
        raise InputRefused("type digits only, as in 45, 45.5 or -126", "input.not_a_number")
    value = Fraction(int(match["whole"] or "0"))
    if match["decimals"]:
        value += Fraction(int(match["decimals"]), 10 ** len(match["decimals"]))
    elif match["half"]:
        value += Fraction(1, 2)
    return -value if match["sign"] == "-" else value


def parse_whole(text: str) -> int:
    """A typed whole number (a score, an Italian count): as ``parse_points``, and a decimal
    part other than zero is refused with ``input.whole_number``."""
    value = parse_points(text)
    if value.denominator != 1:
        raise InputRefused("this answer is a whole number", "input.whole_number")
    return int(value)


# --- URL parameters --------------------------------------------------------------------------
def read_int(raw: str, lo: int, hi: int) -> int:
    """A URL parameter that must be a whole number from ``lo`` to ``hi`` (both included)."""
    text = raw.strip()
    if not _PARAM_INT.fullmatch(text):
        raise InputRefused(f"expected a whole number from {lo} to {hi}", "input.bad_number")
    value = int(text)
    if not lo <= value <= hi:
        raise InputRefused(f"expected a whole number from {lo} to {hi}", "input.bad_number")
    return value


def read_choice(raw: str, allowed: Iterable[str]) -> str:
    """A URL parameter that must be one of ``allowed`` (exactly)."""
    options = tuple(allowed)
    if raw not in options:
        raise InputRefused(f"expected one of {', '.join(options)}", "input.bad_choice")
    return raw


# --- free text -------------------------------------------------------------------------------
def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def plain(text: object) -> str:
    """``text`` made to show literally inside Markdown: punctuation backslash-escaped,
    ``& < >`` as entities, line breaks as spaces (a name never starts a heading or a list),
    and no bare URL or e-mail address made a link."""
    flat = _LINE_BREAKS.sub(" ", str(text))
    unlinked = "".join(_LINK_TRIGGERS.get(char, char) for char in flat)
    escaped = _MARKDOWN_PUNCTUATION.sub(r"\\\1", unlinked)
    return "".join(_HTML.get(char, char) for char in escaped)
