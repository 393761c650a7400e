"""Answer any exercise through the UI's accessible widgets (AppTest cannot click in the card
component, so the hand's pills fallback stands in for a click on a card image)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from streamlit.testing.v1 import AppTest

from tutor.content.evaluate import expected_answer
from tutor.engine.cards import KINGS_MASK, OUDLERS_MASK


def card_answer(at: AppTest, key: str, cards: list[int]) -> None:
    """Clear the selection, pick cards one by one through the hand's fallback, press Check."""
    at.button(key=f"{key}-clear").click().run()
    for card in cards:
        at.pills(key=f"{key}-hand-fallback").set_value(card).run()
    at.button(key=f"{key}-check").click().run()


def number_answer(at: AppTest, key: str, value: object) -> None:
    at.text_input(key=f"{key}-number").input(str(value))
    submit = next(b for b in at.button if b.label in ("Check", "Verifica"))
    submit.click().run()


def _plain(value: object) -> object:
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def answer_exercise(at: AppTest, ex: Any, key: str, right: bool) -> None:
    """Give the right answer, or a tempting wrong one, to ``ex`` shown under ``key``."""
    expected = expected_answer(ex)
    kind = ex.kind
    if kind in ("play", "best-card"):
        accepted = list(getattr(ex, "accept", None) or expected)
        hand = list(ex.position.hand)
        card = accepted[0] if right else next(c for c in hand if c not in accepted)
        at.pills(key=f"{key}-hand-fallback").set_value(card).run()
    elif kind == "legal-set":
        cards = sorted(expected)
        wrong = cards[:-1] if len(cards) > 1 else [c for c in ex.position.hand if c not in cards]
        card_answer(at, key, cards if right else wrong)
    elif kind == "ecart":
        cards = sorted(expected)
        if not right:  # a king or an oudler is never allowed in the écart
            banned = [c for c in ex.position.hand if (1 << c) & (KINGS_MASK | OUDLERS_MASK)]
            cards = banned[:1] + cards[1:]
        card_answer(at, key, cards)
    elif kind in ("count", "score") or (kind == "bid" and ex.ask == "needed"):
        value = _plain(expected)
        if not right:
            value = _plain(Fraction(str(value)) + 1)
        number_answer(at, key, value)
    elif kind == "bid":
        chosen = sorted(expected) if right else ["pass"] if set(expected) != {"pass"} else []
        at.pills(key=f"{key}-bids").set_value(chosen).run()
        at.button(key=f"{key}-check").click().run()
    elif kind == "choice":
        choice = ex.correct if right else (ex.correct + 1) % len(ex.options)
        at.radio(key=f"{key}-choice").set_value(choice).run()
        at.button(key=f"{key}-check").click().run()
    else:
        raise AssertionError(f"no driver for {kind}")
    assert not at.exception, at.exception
