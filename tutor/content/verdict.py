"""A verdict on a learner's answer, and the readers every exercise kind's ``judge`` shares.

The verdict's ``code`` is ``"right"`` or a reason: the engine's (``must_follow_suit``,
``king_in_ecart``, ...) or ``not_accepted``, ``wrong_number``, ``wrong_set``, ``wrong_choice``,
``not_a_number``. Card codes that do not parse raise the engine's ``CardNotationError`` (a
ValueError): the UI passes card ints.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from tutor.engine import Card, parse_card

RIGHT = "right"
NOT_ACCEPTED = "not_accepted"
WRONG_NUMBER = "wrong_number"
WRONG_SET = "wrong_set"
WRONG_CHOICE = "wrong_choice"
NOT_A_NUMBER = "not_a_number"

T = TypeVar("T")


@dataclass(frozen=True)
class Verdict:
    correct: bool
    code: str  # "right", or a reason code
    cards: tuple[int, ...] = ()  # cards involved (forcing cards, missing/extra cards)
    expected: object = None  # the engine's answer (card set, number, index)


def read_card(value: object) -> Card:
    """A card as an int, or a code such as ``"T15"``."""
    if isinstance(value, str):
        return parse_card(value)
    if isinstance(value, int):
        return value
    raise TypeError(f"a card is an int or a code, not {value!r}")


def read_cards(values: object) -> frozenset[Card]:
    """A set of cards, or one space- (or comma-) separated string of codes."""
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    if not isinstance(values, Iterable):
        raise TypeError(f"a set of cards is expected, not {values!r}")
    return frozenset(read_card(v) for v in values)


def read_codes(values: object) -> frozenset[str]:
    """A set of codes (``"pass"``, ``"garde"``, ...), or one space-separated string."""
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    if not isinstance(values, Iterable):
        raise TypeError(f"a set of codes is expected, not {values!r}")
    return frozenset(str(code).strip().lower() for code in values)


def read_number(value: object) -> Fraction | None:
    """A number (int, float, Fraction or text such as ``"12.5"``, ``"12,5"``, ``"+30"``)."""
    if isinstance(value, bool):
        return None
    try:
        if isinstance(value, str):
            return Fraction(value.strip().replace(",", ".").replace("+", "", 1))
        if isinstance(value, (int, float, Fraction)):
            return Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return None
    return None


def judge_number(answer: object, expected: Fraction | int | None) -> Verdict:
    number = read_number(answer)
    if number is None:
        return Verdict(False, NOT_A_NUMBER, (), expected)
    ok = number == expected
    return Verdict(ok, RIGHT if ok else WRONG_NUMBER, (), expected)


def judge_set(stated: frozenset[T], expected: frozenset[T], cards: bool = True) -> Verdict:
    """Right when the sets are equal; a wrong card set names the cards that differ."""
    if stated == expected:
        return Verdict(True, RIGHT, (), expected)
    differ: tuple[int, ...] = ()
    if cards:
        differ = tuple(sorted((c for c in stated ^ expected if isinstance(c, int)), reverse=True))
    return Verdict(False, WRONG_SET, differ, expected)
