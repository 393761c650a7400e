"""``kind: cards-out``: counting the cards during play. At a moment of a deal (the engine's
position notation), how many trumps, kings or cards of a suit are still in the other players'
hands? The learner works it out from what has been played and what they hold; the engine
reads the answer from the whole deal."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from pydantic import StrictInt

from tutor.content.errors import FieldPath
from tutor.content.kinds.base import Say
from tutor.content.kinds.best_card import NotationExercise
from tutor.content.position_checks import Issue, Report
from tutor.content.verdict import Verdict, judge_number
from tutor.engine import (
    DECK_SIZE,
    EXCUSE,
    KINGS_MASK,
    SUIT_MASKS,
    TRUMPS_MASK,
    Card,
    ChienFate,
    Position,
    Suit,
    cards_of,
)

FULL_DECK = (1 << DECK_SIZE) - 1


class Counted(StrEnum):
    """What the learner counts, as YAML writes it."""

    TRUMPS = "trumps"  # trumps 1 to 21: the Excuse is not a trump (RULES §6.6)
    KINGS = "kings"
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"

    @property
    def mask(self) -> int:
        if self is Counted.TRUMPS:
            return TRUMPS_MASK
        if self is Counted.KINGS:
            return KINGS_MASK
        return SUIT_MASKS[SUIT_OF_COUNTED[self]]


SUIT_OF_COUNTED = {
    Counted.SPADES: Suit.SPADES, Counted.HEARTS: Suit.HEARTS,
    Counted.DIAMONDS: Suit.DIAMONDS, Counted.CLUBS: Suit.CLUBS,
}


class Miscount(StrEnum):
    """A wrong count the widget can name: the usual slips of counting at the table."""

    COUNTED_THE_EXCUSE = "counted_the_excuse"  # the Excuse taken for a trump
    COUNTED_YOUR_OWN = "counted_your_own"  # one's own cards left in the count
    FORGOT_THE_TRICK = "forgot_the_trick"  # the cards of the trick in progress not counted


def played_cards(deal: Position) -> int:
    """Every card played so far, the trick in progress included: what is in no hand and not
    set aside (the Excuse played earlier is in neither pile while its exchange is pending)."""
    held = 0
    for hand in deal.hands:
        held |= hand
    return FULL_DECK & ~held & ~deal.aside


def unseen_aside(deal: Position, seat: int) -> int:
    """The cards set aside that ``seat`` has not seen: the chien of a garde sans or a garde
    contre (nobody sees it), or an écart made by somebody else (only the trumps in it are
    shown, RULES §5.2)."""
    if deal.contract.chien is not ChienFate.SHOWN_TAKEN_AND_ECART:
        return deal.aside
    if seat == deal.taker:
        return 0
    return deal.aside & ~TRUMPS_MASK


@dataclass(frozen=True, slots=True)
class Tally:
    """The count as the learner makes it: every card of the kind, less those played, those
    in one's own hand and those seen set aside, leaves those still out."""

    total: int
    played: int
    yours: int
    aside: int

    @property
    def out(self) -> int:
        return self.total - self.played - self.yours - self.aside


class CardsOutExercise(NotationExercise):
    """How many trumps (kings, cards of a suit) are still in the other players' hands?"""

    kind: Literal["cards-out"]
    count: Counted
    answer: StrictInt | None = None

    @property
    def me(self) -> int:
        return self._deal.to_play

    def others_cards(self) -> int:
        """Every card in the hands of the seats but the learner's."""
        held = 0
        for seat, hand in enumerate(self._deal.hands):
            if seat != self.me:
                held |= hand
        return held

    def others_hold(self) -> int:
        """The counted cards in the hands of every seat but the learner's."""
        return self.others_cards() & self.count.mask

    def seen_aside(self) -> tuple[Card, ...]:
        """The cards set aside that the learner has seen (their own écart, or the trumps
        shown from another's)."""
        return tuple(cards_of(self._deal.aside & ~unseen_aside(self._deal, self.me)))

    def poignees(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The poignées shown so far: who showed them and the trumps shown (seen by all)."""
        return tuple((seat, tuple(cards_of(shown))) for seat, shown in self._deal.poignees)

    def played(self) -> tuple[Card, ...]:
        """The cards the learner has seen played, the trick in progress included."""
        return tuple(cards_of(played_cards(self._deal)))

    def expected(self) -> int:
        return self.others_hold().bit_count()

    def tally(self) -> Tally:
        """The learner's count, from what the seat has seen (equal to ``expected()`` once
        ``check`` has found no counted card hidden aside)."""
        counted = self.count.mask
        deal = self._deal
        return Tally(
            total=counted.bit_count(),
            played=(played_cards(deal) & counted).bit_count(),
            yours=(deal.hands[self.me] & counted).bit_count(),
            aside=sum(1 for card in self.seen_aside() if (1 << card) & counted),
        )

    def judge(self, answer: object) -> Verdict:
        return judge_number(answer, self.expected())

    def miscounts(self, answer: object) -> list[Miscount]:
        """The slips that give this wrong number."""
        if isinstance(answer, bool) or not isinstance(answer, int):
            return []
        expected = self.expected()
        mine = (self._deal.hands[self.me] & self.count.mask).bit_count()
        in_trick = sum(1 for card in self._deal.trick if (1 << card) & self.count.mask)
        excuse_out = bool(self.others_cards() >> EXCUSE & 1)
        slips = [
            (Miscount.COUNTED_THE_EXCUSE,
             self.count is Counted.TRUMPS and excuse_out and answer == expected + 1),
            (Miscount.COUNTED_YOUR_OWN, mine > 0 and answer == expected + mine),
            (Miscount.FORGOT_THE_TRICK, in_trick > 0 and answer == expected + in_trick),
        ]
        return [slip for slip, gives in slips if gives]

    def check(self, at: FieldPath = ()) -> list[Issue]:
        """The count must be one the learner can make from what the seat has seen: no counted
        card hidden in a chien or an écart they have not seen; and a stated answer is the
        engine's."""
        r = Report(at)
        hidden = unseen_aside(self._deal, self.me) & self.count.mask
        if hidden:
            r.add(("notation",), f"the chien or écart, which the player to play has not seen, "
                                 f"holds {hidden.bit_count()} of the {self.count} counted: the "
                                 "count cannot be worked out at the table")
        if self.answer is not None and self.answer != self.expected():
            r.add(("answer",), f"the other players hold {self.expected()} {self.count}, not "
                               f"{self.answer}")
        return r.issues

    def answer_text(self, lang: str, say: Say) -> str:
        return str(self.expected())
