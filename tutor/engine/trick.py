"""Who wins a finished trick and where the Excuse goes (RULES §6.7, §7), as one pure function.

``trick_outcome`` is what the deal calls at the end of a trick with the Excuse (without it,
the highest trump or ``winning_position`` is all there is), and what a search calls
millions of times: ints and masks in, a small frozen (and shared) result out. It knows
nothing of seats: the trick's cards are in playing order (position 0 led), and ``attack`` says
which positions the attack played.

>>> from tutor.engine.cards import parse_cards
>>> out = trick_outcome(tuple(parse_cards("KH T2 EX 1H")), attack=0b0001)
>>> out.winner, out.excuse.value, out.excuse_to_attack
(1, 'exchanged', False)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from tutor.engine.cards import EXCUSE, FIRST_TRUMP
from tutor.engine.errors import ImpossiblePositionError


class ExcuseLastTrick(Enum):
    """What happens to an Excuse played to the last trick outside a chelem (a rules choice)."""

    CHANGES_CAMP = "changes_camp"  # FFT 2012: it goes to the other camp, whoever wins
    TO_THE_WINNER = "to_the_winner"  # RULES §7.2's other reading: the winner takes it


class ExcuseFate(Enum):
    """Where the Excuse of a trick goes."""

    NOT_PLAYED = "not_played"
    EXCHANGED = "exchanged"  # before the last trick: the owner keeps it, gives a low card
    WINS_THE_TRICK = "wins_the_trick"  # chelem: led to the last trick, it wins it
    KEPT = "kept"  # last trick, its side won every trick: it stays in that side's cards
    CHANGES_CAMP = "changes_camp"  # last trick otherwise (FFT 2012)
    TO_THE_WINNER = "to_the_winner"  # last trick otherwise, in the variant reading


class TrickOutcome(NamedTuple):
    """Frozen, and shared: only a few dozen distinct outcomes exist."""

    winner: int  # position in the trick of the card that wins it (0: the leader)
    excuse: ExcuseFate
    excuse_to_attack: bool | None  # which camp ends with the Excuse card; None: not played


_NO_EXCUSE = tuple(TrickOutcome(w, ExcuseFate.NOT_PLAYED, None) for w in range(5))
_WITH_EXCUSE = {
    (w, fate, side): TrickOutcome(w, fate, side)
    for w in range(5)
    for fate in ExcuseFate
    for side in (False, True)
}


def winning_position(trick: Sequence[int]) -> int:
    """Position of the card that wins: the highest trump, else the highest card of the suit
    led (the first card that is not the Excuse). The Excuse never wins here."""
    best = max(trick)
    if best != EXCUSE:
        if best >= FIRST_TRUMP:
            return trick.index(best)  # the highest trump
    else:
        trumps = [c for c in trick if c >= FIRST_TRUMP and c != EXCUSE]
        if trumps:
            return trick.index(max(trumps))
        if len(trick) == 1:
            raise ImpossiblePositionError(
                "a trick of only the Excuse has no winner", "excuse_alone_in_trick"
            )
    first = trick[0] if trick[0] != EXCUSE else trick[1]
    above = first - first % 14 + 14  # the first card of the next suit
    best = first
    for card in trick:
        if best < card < above:
            best = card
    return trick.index(best)


def trick_outcome(
    trick: Sequence[int],
    attack: int,
    last: bool = False,
    attack_won_all: bool = False,
    defence_won_all: bool = False,
    reading: ExcuseLastTrick = ExcuseLastTrick.CHANGES_CAMP,
) -> TrickOutcome:
    """The outcome of a complete trick. ``attack``: bit ``i`` set when position ``i`` was played
    by the attack; ``attack_won_all`` / ``defence_won_all``: that side won every earlier trick
    (the chelem exception); ``last``: this is the deal's last trick."""
    winner = winning_position(trick)
    if EXCUSE not in trick:
        return _NO_EXCUSE[winner]
    at = trick.index(EXCUSE)
    owner_attack = bool(attack >> at & 1)
    if not last:
        return _WITH_EXCUSE[winner, ExcuseFate.EXCHANGED, owner_attack]
    won_all = attack_won_all if owner_attack else defence_won_all
    if won_all and at == 0:
        return _WITH_EXCUSE[0, ExcuseFate.WINS_THE_TRICK, owner_attack]
    winner_attack = bool(attack >> winner & 1)
    if won_all and winner_attack == owner_attack:
        return _WITH_EXCUSE[winner, ExcuseFate.KEPT, owner_attack]
    if reading is ExcuseLastTrick.TO_THE_WINNER:
        return _WITH_EXCUSE[winner, ExcuseFate.TO_THE_WINNER, winner_attack]
    return _WITH_EXCUSE[winner, ExcuseFate.CHANGES_CAMP, not owner_attack]
