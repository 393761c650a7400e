"""``kind: ecart``: make the écart from the taker's hand with the chien."""

from __future__ import annotations

from typing import Literal

from tutor.content.errors import FieldPath
from tutor.content.fields import CardList, ExerciseBase, Position
from tutor.content.kinds.base import Say
from tutor.content.kinds.cards import card_words
from tutor.content.position_checks import Issue, Report, check_position, duplicate_cards
from tutor.content.verdict import RIGHT, Verdict, read_cards
from tutor.engine import (
    CHIEN_SIZE,
    Card,
    EcartReason,
    cards_of,
    default_ecart,
    ecart_refusals,
    format_card,
    legal_ecart_exists,
    mask_of,
)

ECART_REASONS = {
    EcartReason.NOT_IN_HAND: "it is not in the hand",
    EcartReason.KING: "a king never goes to the écart",
    EcartReason.OUDLER: "an oudler never goes to the écart",
    EcartReason.TRUMP_AVOIDABLE: "a trump goes to the écart only when there are not enough "
                                 "other cards",
    EcartReason.WRONG_SIZE: "wrong number of cards",
}


class EcartExercise(ExerciseBase):
    """Make the écart from the taker's hand with the chien. Any legal écart is right."""

    kind: Literal["ecart"]
    position: Position
    answer: CardList | None = None  # an example of a legal écart

    @property
    def size(self) -> int:
        return CHIEN_SIZE[self.position.players]

    def expected(self) -> frozenset[Card]:
        """One legal écart: the stated example, else the engine's default."""
        if self.answer is not None:
            return frozenset(self.answer)
        return frozenset(cards_of(default_ecart(self.position.hand_mask, self.size)))

    def judge(self, answer: object) -> Verdict:
        stated, expected = read_cards(answer), self.expected()
        if len(stated) != self.size:
            return Verdict(False, EcartReason.WRONG_SIZE.value, (), expected)
        refused = ecart_refusals(self.position.hand_mask, mask_of(stated), self.size)
        if refused:
            card, reason = min(refused.items())
            return Verdict(False, reason.value, (card,), expected)
        return Verdict(True, RIGHT, tuple(sorted(stated, reverse=True)), expected)

    def check(self, at: FieldPath = ()) -> list[Issue]:
        pos = self.position
        issues = check_position(pos, (*at, "position"), "ecart")
        if issues:
            return issues
        r = Report(at)
        size = self.size
        if not legal_ecart_exists(pos.hand_mask, size):
            r.add(("position", "hand"), f"no legal écart: fewer than {size} cards that are "
                                        "neither kings nor oudlers")
            return r.issues
        if self.answer is None:
            return []
        r.extend(duplicate_cards(self.answer, (*at, "answer"), "écart"))
        if len(self.answer) != size:
            r.add(("answer",), f"an écart has {size} cards at {pos.players} players, not "
                               f"{len(self.answer)}")
        if r:
            return r.issues
        refused = ecart_refusals(pos.hand_mask, mask_of(self.answer), size)
        for card, reason in sorted(refused.items()):
            r.add(("answer", self.answer.index(card)),
                  f"card '{format_card(card)}' may not go to the écart: "
                  f"{ECART_REASONS[reason]} ({reason.value})")
        return r.issues

    def answer_text(self, lang: str, say: Say) -> str:
        return card_words(self.expected(), lang)
