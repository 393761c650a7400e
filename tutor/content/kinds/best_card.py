"""``kind: best-card``: which card keeps the best result? The open-card solver proves it.

The whole deal at that moment is ``notation`` (the solver needs every hand), parsed once into
the engine's ``Position``; the learner's view of it (``position``) reads that position, so
judging a card uses the engine's masks directly.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Literal

from pydantic import PrivateAttr, StrictStr, model_validator

from tutor.analysis.bestcard import MARGIN, Idea, NotProven, proof_of, read_lines, recognise
from tutor.analysis.robust import MIN_SHARE, robustness_of
from tutor.content.errors import FieldPath
from tutor.content.fields import CardList, ExerciseBase, card_codes, read_notation
from tutor.content.kinds.base import Say
from tutor.content.kinds.cards import card_words, judge_card
from tutor.content.position_checks import Issue, Report, duplicate_cards
from tutor.content.verdict import Verdict, read_card
from tutor.engine import Card, Position, cards_of

# The app loads its bank without the solver's proofs (they cost about 2.5 s of CPU per server
# process, paid by the first visitor of any page); `python -m tutor check` and CI prove every
# best-card puzzle, and a page has the analysis workers prove the one it shows (``tutor.content.
# solved``).
PROVE_BEST_CARDS: ContextVar[bool] = ContextVar("prove_best_cards", default=True)
# Whether a proven answer must also hold at the table (``tutor.analysis.robust``): about 30 s
# of CPU for the whole bank, so `python -m tutor check` (and CI through it) asks for it, and a
# page or a test that only loads the bank does not.
CHECK_ROBUSTNESS: ContextVar[bool] = ContextVar("check_robustness", default=False)


@dataclass(frozen=True)
class SeatToPlay:
    """The deal seen by the seat to play: its hand, the trick, the contract (a ``TableView``)."""

    deal: Position

    @property
    def players(self) -> int:
        return self.deal.players

    @property
    def me(self) -> int:
        return self.deal.to_play

    @property
    def hand_mask(self) -> int:
        return self.deal.hands[self.me]

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(cards_of(self.hand_mask))

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        return self.deal.trick

    @property
    def trick_seats(self) -> tuple[int, ...]:
        return self.deal.trick_seats

    @property
    def called(self) -> Card | None:
        return self.deal.called

    @property
    def first_trick(self) -> bool:
        return self.deal.players == 5 and self.deal.tricks_done == 0

    @property
    def contract(self) -> str:
        return self.deal.contract.code

    @property
    def taker(self) -> int:
        return self.deal.taker


class NotationExercise(ExerciseBase):
    """An exercise on a moment of a real deal, given in the engine's one-line position
    notation and parsed once, when the exercise is read."""

    notation: StrictStr
    _deal: Position = PrivateAttr()

    @model_validator(mode="after")
    def _notation_parses(self) -> NotationExercise:
        self._deal = read_notation(self.notation)
        return self

    @property
    def deal(self) -> Position:
        """The whole deal, every hand."""
        return self._deal

    @property
    def position(self) -> SeatToPlay:
        """The learner's view: their hand, the trick, the contract (seat to play)."""
        return SeatToPlay(self._deal)


class BestCardExercise(NotationExercise):
    """Which card keeps the best result? The answer is what the solver proves (``tutor
    check`` proves that one card, or one group of equivalent cards, is the only one within
    the margin). ``answer`` states the expected card(s) so that the check reports a
    disagreement; ``idea`` is the lesson the position shows, checked against the solver's
    lines."""

    kind: Literal["best-card"]
    idea: Idea
    answer: CardList | None = None

    def expected(self) -> frozenset[Card]:
        """The solver's best card (or group of equivalent cards)."""
        return frozenset(proof_of(self.notation).best)

    def judge(self, answer: object) -> Verdict:
        return judge_card(self.position, read_card(answer), self.expected())

    def check(self, at: FieldPath = ()) -> list[Issue]:
        """The solver proves the puzzle: one card (or one group of equivalent cards) keeps the
        best value and every other loses at least MARGIN points of mark; the stated answer is
        that group; it holds at the table (``tutor.analysis.robust``: still best over deals of
        the hands its player cannot see); the stated idea is one the solver's lines show. The
        proof is kept for the process (``proof_of``), so the trainer reads it instead of
        searching again."""
        r = Report(at)
        if not PROVE_BEST_CARDS.get():
            return r.issues
        try:
            proof = proof_of(self.notation)
        except NotProven as refused:
            stated = refused.code == "not_unique" and self.answer is not None
            r.add(("answer" if stated else "notation",),
                  f"not a best-card puzzle ({refused.code}): {refused}; a best-card puzzle has "
                  f"one best card and every other loses at least {MARGIN} points of mark")
            return r.issues
        if self.answer is not None:
            r.extend(duplicate_cards(self.answer, (*at, "answer"), "answer"))
            stated_cards = set(self.answer)
            if not stated_cards or not stated_cards <= set(proof.best):
                r.add(("answer",), f"the solver's only best card is {card_codes(proof.best)} "
                                   f"(the taker's mark {proof.value:+d}), not "
                                   f"{card_codes(self.answer)}")
                return r.issues
        held = robustness_of(self.notation, proof.best) if CHECK_ROBUSTNESS.get() else None
        if held is not None and not held.holds:
            r.add(("notation",), f"the answer holds only with every hand open: "
                                 f"{held.describe()}; a best-card answer is the best card on "
                                 f"average, no other card better by any margin, and best in at "
                                 f"least {MIN_SHARE:.0%} of the deals of the hidden hands")
        ideas = recognise(proof, read_lines(proof))
        if self.idea not in ideas:
            shown = ", ".join(ideas) or "none it can name"
            r.add(("idea",), f"the solver's lines do not show '{self.idea}' (they show {shown})")
        return r.issues

    def answer_text(self, lang: str, say: Say) -> str:
        return card_words(self.expected(), lang)

