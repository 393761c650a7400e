"""Answer any exercise through the UI's accessible widgets (AppTest cannot click in the card
component, so the hand's pills fallback stands in for a click on a card image).

``DRIVERS`` has one driver per exercise kind, keyed by the same ``Kind`` as the content's
``MODELS`` and the UI's ``WIDGETS`` (a test pins that the three agree)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from streamlit.testing.v1 import AppTest

from tutor.content.kinds import (
    BestCardExercise,
    BidExercise,
    CardsOutExercise,
    ChoiceExercise,
    CountExercise,
    EcartExercise,
    ExerciseModel,
    HandExercise,
    Kind,
    LegalSetExercise,
    OwnDecisionExercise,
    PlayExercise,
    ScoreExercise,
)
from tutor.engine.cards import KINGS_MASK, OUDLERS_MASK


def card_answer(at: AppTest, key: str, cards: list[int]) -> None:
    """Clear the selection, mark cards one by one in the hand's fallback, press Check."""
    at.button(key=f"{key}-clear").click().run()
    for card in cards:
        pills = at.pills(key=f"{key}-hand-fallback")
        pills.set_value([*pills.value, card]).run()
    at.button(key=f"{key}-check").click().run()


def number_answer(at: AppTest, key: str, value: object) -> None:
    at.text_input(key=f"{key}-number").input(str(value))
    submit = next(b for b in at.button if b.label in ("Check", "Verifica"))
    submit.click().run()


def _plain(value: object) -> object:
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def _number(at: AppTest, expected: object, key: str, right: bool) -> None:
    value = _plain(expected)
    if not right:
        value = _plain(Fraction(str(value)) + 1)
    number_answer(at, key, value)


def _one_card(at: AppTest, ex: PlayExercise | BestCardExercise, key: str, right: bool) -> None:
    accepted = sorted(ex.expected())
    card = accepted[0] if right else next(c for c in ex.position.hand if c not in accepted)
    at.pills(key=f"{key}-hand-fallback").set_value(card).run()


def _legal_set(at: AppTest, ex: LegalSetExercise, key: str, right: bool) -> None:
    cards = sorted(ex.expected())
    wrong = cards[:-1] if len(cards) > 1 else [c for c in ex.position.hand if c not in cards]
    card_answer(at, key, cards if right else wrong)


def _ecart(at: AppTest, ex: EcartExercise, key: str, right: bool) -> None:
    cards = sorted(ex.expected())
    if not right:  # a king or an oudler is never allowed in the écart
        banned = [c for c in ex.position.hand if (1 << c) & (KINGS_MASK | OUDLERS_MASK)]
        cards = banned[:1] + cards[1:]
    card_answer(at, key, cards)


def _count(at: AppTest, ex: CountExercise, key: str, right: bool) -> None:
    _number(at, ex.expected(), key, right)


def _score(at: AppTest, ex: ScoreExercise, key: str, right: bool) -> None:
    _number(at, ex.expected(), key, right)


def _bid(at: AppTest, ex: BidExercise, key: str, right: bool) -> None:
    expected = ex.expected()
    if isinstance(expected, int):
        _number(at, expected, key, right)
        return
    chosen = sorted(expected) if right else ["pass"] if set(expected) != {"pass"} else []
    at.pills(key=f"{key}-bids").set_value(chosen).run()
    at.button(key=f"{key}-check").click().run()


def _choice(at: AppTest, ex: ChoiceExercise, key: str, right: bool) -> None:
    choice = ex.correct if right else (ex.correct + 1) % len(ex.options)
    at.radio(key=f"{key}-choice").set_value(choice).run()
    at.button(key=f"{key}-check").click().run()


def own_decision(at: AppTest, ex: OwnDecisionExercise, key: str, right: bool) -> None:
    """The review's best option, or the one the learner took in the deal."""
    at.radio(key=f"{key}-decision").set_value(min(ex.expected()) if right else ex.chosen).run()
    at.button(key=f"{key}-check").click().run()


def _hand(at: AppTest, ex: HandExercise, key: str, right: bool) -> None:
    expected = ex.expected()
    if ex.ask == "count":
        _number(at, expected, key, right)
        return
    if ex.ask == "bid":
        at.pills(key=f"{key}-bid").set_value(expected if right else wrong_bid(str(expected))).run()
    elif ex.ask == "redeal":
        other = "play" if expected == "redeal" else "redeal"
        at.pills(key=f"{key}-redeal").set_value(expected if right else other).run()
    else:
        other = next(c for c in ex.callable() if c != expected)
        at.pills(key=f"{key}-call").set_value(expected if right else other).run()
    at.button(key=f"{key}-check").click().run()


def _cards_out(at: AppTest, ex: CardsOutExercise, key: str, right: bool) -> None:
    _number(at, ex.expected(), key, right)


def wrong_bid(expected: str) -> str:
    """A bid one step off the count's: a garde for a prise, a prise for anything else."""
    return "garde" if expected in ("pass", "prise") else "prise"


Driver = Callable[[AppTest, Any, str, bool], None]  # (at, exercise, key, right answer?)
DRIVERS: dict[Kind, Driver] = {
    Kind.PLAY: _one_card,
    Kind.LEGAL_SET: _legal_set,
    Kind.ECART: _ecart,
    Kind.COUNT: _count,
    Kind.SCORE: _score,
    Kind.BID: _bid,
    Kind.CHOICE: _choice,
    Kind.BEST_CARD: _one_card,
    Kind.HAND: _hand,
    Kind.CARDS_OUT: _cards_out,
    Kind.OWN_MISTAKE: _one_card,
    Kind.OWN_DECISION: own_decision,
}


def answer_exercise(at: AppTest, ex: ExerciseModel, key: str, right: bool) -> None:
    """Give the right answer, or a tempting wrong one, to ``ex`` shown under ``key``."""
    DRIVERS[Kind(ex.kind)](at, ex, key, right)
    assert not at.exception, at.exception
