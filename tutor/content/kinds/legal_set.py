"""``kind: legal-set``: pick every card you may play."""

from __future__ import annotations

from typing import Literal

from tutor.content.errors import FieldPath
from tutor.content.fields import CardList, ExerciseBase, Position, card_codes
from tutor.content.kinds.base import Say
from tutor.content.kinds.cards import card_words, legal_cards, play_reason
from tutor.content.position_checks import Issue, check_position, duplicate_cards
from tutor.content.verdict import Verdict, judge_set, read_cards
from tutor.engine import Card, display_order, format_card


class LegalSetExercise(ExerciseBase):
    """Pick every card you may play."""

    kind: Literal["legal-set"]
    position: Position
    answer: CardList | None = None

    def expected(self) -> frozenset[Card]:
        return frozenset(legal_cards(self.position))

    def judge(self, answer: object) -> Verdict:
        return judge_set(read_cards(answer), self.expected())

    def check(self, at: FieldPath = ()) -> list[Issue]:
        issues = check_position(self.position, (*at, "position"), "legal-set")
        if issues or self.answer is None:
            return issues
        dupes = duplicate_cards(self.answer, (*at, "answer"), "answer")
        if dupes:
            return dupes
        legal = set(legal_cards(self.position))
        stated = set(self.answer)
        if legal == stated:
            return []
        parts = [f"the engine's legal cards are {card_codes(display_order(legal))}"]
        missing = display_order(legal - stated)
        if missing:
            parts.append(f"the answer misses {card_codes(missing)}")
        extra = display_order(stated - legal)
        if extra:
            reasons = ", ".join(
                f"{format_card(c)} ({play_reason(self.position, c)})" for c in extra
            )
            parts.append(f"not legal: {reasons}")
        return [Issue((*at, "answer"), "; ".join(parts))]

    def answer_text(self, lang: str, say: Say) -> str:
        return card_words(self.expected(), lang)
