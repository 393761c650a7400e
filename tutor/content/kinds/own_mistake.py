"""``kind: own-mistake``: a card the learner got wrong in a reviewed deal, to play again.

The position is the learner's, just before their card (the engine's position notation with
the play so far). The deal review valued every legal card by what the learner could know
(``tutor.review.expected``: the hidden cards dealt again, each card played out), and those
values come with the puzzle: ``options``, each group of equivalent cards with its expected
score in points of the deal's score, the best first. A card is right when the review valued it
as good as the best: within ``tolerance`` of it (the review's inaccuracy cut-off, below which
it never labels a card). The engine still judges legality first. Never authored: the trainer
makes one from each mistake or blunder a learner's review finds (``tutor.review.mistakes``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictFloat, StrictInt

from tutor.content.errors import FieldPath
from tutor.content.fields import CardCode, CardList, Model, card_codes
from tutor.content.kinds.base import Say
from tutor.content.kinds.best_card import NotationExercise
from tutor.content.kinds.cards import card_words, judge_card, legal_cards
from tutor.content.position_checks import Issue, Report
from tutor.content.verdict import Verdict, read_card
from tutor.engine import Card, display_order


class ValuedCards(Model):
    """Equivalent legal cards and their expected score by what the learner could know."""

    cards: Annotated[CardList, Field(min_length=1)]
    value: StrictFloat | StrictInt


class OwnMistakeExercise(NotationExercise):
    """Play again the card a review labelled a mistake (see the module docstring)."""

    kind: Literal["own-mistake"]
    played: CardCode  # the card the learner played in the deal
    label: Literal["mistake", "blunder"]  # what the review called it
    options: Annotated[tuple[ValuedCards, ...], Field(min_length=2)]
    tolerance: Annotated[StrictFloat | StrictInt, Field(gt=0)]
    samples: Annotated[StrictInt, Field(ge=1)]  # the deals of the hidden cards drawn

    @property
    def best_value(self) -> float:
        return max(float(o.value) for o in self.options)

    def value_of(self, card: Card) -> float | None:
        """The review's value of ``card`` (None: not a card the learner could play)."""
        return next((float(o.value) for o in self.options if card in o.cards), None)

    def as_good_as_best(self, value: float) -> bool:
        """Valued within the tolerance of the best: no loss the review would label."""
        return self.best_value - value < self.tolerance

    def expected(self) -> frozenset[Card]:
        """Every card the review valued as good as the best."""
        return frozenset(c for o in self.options if self.as_good_as_best(float(o.value))
                         for c in o.cards)

    def judge(self, answer: object) -> Verdict:
        return judge_card(self.position, read_card(answer), self.expected())

    def check(self, at: FieldPath = ()) -> list[Issue]:
        """The options are the engine's legal cards in the position, each valued once; the
        best comes first; the card played is legal and lost against the best."""
        r = Report(at)
        legal = set(legal_cards(self.position))
        valued = [c for o in self.options for c in o.cards]
        if len(valued) != len(set(valued)):
            r.add(("options",), "a card is valued twice")
        if set(valued) != legal:
            r.add(("options",), f"the valued cards {card_codes(display_order(valued))} are not "
                                f"the legal cards {card_codes(display_order(legal))}")
        if float(self.options[0].value) != self.best_value:
            r.add(("options", 0), "the best option is not first")
        if self.played not in legal:
            r.add(("played",), "the card played is not a legal card of the position")
        elif self.played in self.expected():
            r.add(("played",), "the card played was as good as the best: no mistake")
        return r.issues

    def answer_text(self, lang: str, say: Say) -> str:
        return card_words(self.expected(), lang)
