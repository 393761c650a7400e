"""The learner's own mistakes, to play again: each card the review labelled a mistake or a
blunder, at the position just before it, with what the review needs to judge another try.

A mistake is kept as the review valued it, by what the learner could know
(``tutor.review.expected``): every group of equivalent legal cards with its expected score
(points of the deal's score, the learner's side), the best first, over the same deals of the
hidden cards. Nothing is computed again here: the values are the review's, made on the
analysis workers; only the position is read back from the deal's record (one replay).

A card counts as right at another try when the review valued it as good as the best: less
than the inaccuracy cut-off below it (``TOLERANCE``), the smallest loss it ever labels. The
bid is not kept: a bid puzzle would need the bidding widget to offer only the review's
options, which the trainer's bid kind does not; the cards alone are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine import Card, DealRecord, format_card, format_position, parse_card
from tutor.review.deal import DealReview, learner_turns
from tutor.review.expected import CUTOFFS, Expectation, Verdict, option_cards

# A card within this many points of the best is as good as the best: the inaccuracy cut-off.
TOLERANCE = min(smallest for _, smallest in CUTOFFS)
KEPT = frozenset({Verdict.MISTAKE, Verdict.BLUNDER})  # the labels that become puzzles
PREFIX = "own"
ID_DIGITS = 10  # a game id, deal or trick is below 2**31


@dataclass(frozen=True, slots=True)
class OwnMistake:
    """One card the learner got wrong: ``trick`` (0-based) of deal ``deal`` of game
    ``game_id``, the position before it (``notation``), the card ``played``, its label and
    conservative ``loss``, and every legal group of cards with its value (``options``, the
    best first), over ``samples`` deals of the hidden cards."""

    game_id: int
    deal: int
    trick: int
    notation: str
    played: Card
    verdict: Verdict
    loss: float
    options: tuple[tuple[tuple[Card, ...], float], ...]
    samples: int

    @property
    def item(self) -> str:
        """The puzzle's id: one per deal and trick of the learner's game."""
        return item_of(self.game_id, self.deal, self.trick)

    @property
    def best(self) -> tuple[Card, ...]:
        return self.options[0][0]

    def to_data(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "deal": self.deal,
            "trick": self.trick,
            "notation": self.notation,
            "played": format_card(self.played),
            "verdict": self.verdict.value,
            "loss": self.loss,
            "options": [{"cards": [format_card(c) for c in cards], "value": value}
                        for cards, value in self.options],
            "samples": self.samples,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> OwnMistake:
        """ValueError for data that is not one."""
        try:
            options = tuple(
                (tuple(parse_card(str(c)) for c in o["cards"]), float(o["value"]))
                for o in data["options"]
            )
            if len(options) < 2 or any(not cards for cards, _ in options):
                raise ValueError("fewer than two options")
            return cls(int(data["game_id"]), int(data["deal"]), int(data["trick"]),
                       str(data["notation"]), parse_card(str(data["played"])),
                       Verdict(data["verdict"]), float(data["loss"]), options,
                       int(data["samples"]))
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not an own mistake: {error}") from error


def item_of(game_id: int, deal: int, trick: int) -> str:
    return f"{PREFIX}-{game_id}-{deal}-{trick}"


def is_own(item: str) -> bool:
    """An id of the learner's own puzzle (made by ``item_of``)."""
    parts = item.split("-")
    return len(parts) == 4 and parts[0] == PREFIX and all(
        p.isdigit() and len(p) <= ID_DIGITS for p in parts[1:])  # bounded: it may be a URL's


def _options(expected: Expectation) -> tuple[tuple[tuple[Card, ...], float], ...]:
    return tuple((option_cards(o), o.mean) for o in expected.options)


def own_mistakes(record: DealRecord, review: DealReview, game_id: int,
                 deal: int) -> tuple[OwnMistake, ...]:
    """The cards of ``review`` (of ``record``, deal ``deal`` of game ``game_id``) labelled a
    mistake or a blunder by what the learner could know, each at the position before it."""
    positions = {turn.trick: turn.position for turn in learner_turns(record, review.learner)}
    out = []
    for card in review.cards:
        expected = card.expected
        if expected is None or expected.verdict not in KEPT or card.trick not in positions:
            continue
        assert expected.verdict is not None
        out.append(OwnMistake(game_id, deal, card.trick, format_position(positions[card.trick]),
                              card.card, expected.verdict, expected.loss, _options(expected),
                              expected.samples))
    return tuple(out)


__all__ = ["KEPT", "TOLERANCE", "OwnMistake", "is_own", "item_of", "own_mistakes"]
