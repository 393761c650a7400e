"""``kind: play``: which card do you play? Without ``accept`` every legal card is right."""

from __future__ import annotations

from typing import Literal

from tutor.content.errors import FieldPath
from tutor.content.fields import CardList, ExerciseBase, Position
from tutor.content.kinds.base import Say
from tutor.content.kinds.cards import card_words, judge_card, legal_cards, play_reason
from tutor.content.position_checks import Issue, Report, check_position, duplicate_cards
from tutor.content.verdict import Verdict, read_card
from tutor.engine import Card, format_card


class PlayExercise(ExerciseBase):
    """Which card do you play? Without ``accept`` every legal card is right."""

    kind: Literal["play"]
    position: Position
    accept: CardList | None = None

    def expected(self) -> frozenset[Card]:
        """The accepted cards, else every legal card."""
        if self.accept is not None:
            return frozenset(self.accept)
        return frozenset(legal_cards(self.position))

    def judge(self, answer: object) -> Verdict:
        return judge_card(self.position, read_card(answer), self.expected())

    def check(self, at: FieldPath = ()) -> list[Issue]:
        issues = check_position(self.position, (*at, "position"), "play")
        if issues or self.accept is None:
            return issues
        r = Report(at)
        if not self.accept:
            r.add(("accept",), "accept lists no card: leave it out to accept every legal card")
            return r.issues
        r.extend(duplicate_cards(self.accept, (*at, "accept"), "accepted cards"))
        for j, card in enumerate(self.accept):
            code = format_card(card)
            reason = play_reason(self.position, card)
            if reason == "not_in_hand":
                r.add(("accept", j), f"card '{code}' is not in the hand")
            elif reason is not None:
                r.add(("accept", j), f"card '{code}' is not a legal play ({reason})")
        return r.issues

    def answer_text(self, lang: str, say: Say) -> str:
        return card_words(self.expected(), lang)
