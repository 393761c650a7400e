"""Who wins a finished trick and where the Excuse goes (RULES.md §6, §7), as one pure function.

``trick_outcome`` is what the deal calls at the end of every trick, and what a search calls
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
from dataclasses import dataclass
from enum import Enum
from functools import cache

from tutor.engine.cards import EXCUSE, FIRST_TRUMP
from tutor.engine.errors import ImpossiblePositionError


class ExcuseLastTrick(Enum):
    """What happens to an Excuse played to the last trick outside a chelem (a rules choice)."""

    CHANGES_CAMP = "changes_camp"  # FFT 2012: it goes to the other camp, whoever wins
    TO_THE_WINNER = "to_the_winner"  # seeds 000 and 004: the last trick's winner takes it


class ExcuseFate(Enum):
    """Where the Excuse of a trick goes."""

    NOT_PLAYED = "not_played"
    EXCHANGED = "exchanged"  # before the last trick: the owner keeps it, gives a low card
    WINS_THE_TRICK = "wins_the_trick"  # chelem: led to the last trick, it wins it
    KEPT = "kept"  # last trick, its side won every trick: it stays in that side's cards
    CHANGES_CAMP = "changes_camp"  # last trick otherwise (FFT 2012)
    TO_THE_WINNER = "to_the_winner"  # last trick otherwise, in the variant reading


@dataclass(frozen=True, slots=True)
class TrickOutcome:
    winner: int  # position in the trick of the card that wins it (0: the leader)
    excuse: ExcuseFate
    excuse_to_attack: bool | None  # which camp ends with the Excuse card; None: not played


@cache
def _outcome(winner: int, excuse: ExcuseFate, excuse_to_attack: bool | None) -> TrickOutcome:
    # Only a few hundred distinct outcomes exist: share them instead of allocating each time.
    return TrickOutcome(winner, excuse, excuse_to_attack)


def winning_position(trick: Sequence[int]) -> int:
    """Position of the card that wins: the highest trump, else the highest card of the suit
    led (the first card that is not the Excuse). The Excuse never wins here."""
    top = -1
    at = -1
    for i, card in enumerate(trick):
        if FIRST_TRUMP <= card < EXCUSE and card > top:
            top, at = card, i
    if at >= 0:
        return at
    led = next((c // 14 for c in trick if c != EXCUSE), None)
    if led is None:
        raise ImpossiblePositionError("a trick of only the Excuse has no winner")
    for i, card in enumerate(trick):
        if card < FIRST_TRUMP and card // 14 == led and card > top:
            top, at = card, i
    return at


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
        return _outcome(winner, ExcuseFate.NOT_PLAYED, None)
    at = trick.index(EXCUSE)
    owner_attack = bool(attack >> at & 1)
    if not last:
        return _outcome(winner, ExcuseFate.EXCHANGED, owner_attack)
    won_all = attack_won_all if owner_attack else defence_won_all
    if won_all and at == 0:
        return _outcome(0, ExcuseFate.WINS_THE_TRICK, owner_attack)
    winner_attack = bool(attack >> winner & 1)
    if won_all and winner_attack == owner_attack:
        return _outcome(winner, ExcuseFate.KEPT, owner_attack)
    if reading is ExcuseLastTrick.TO_THE_WINNER:
        return _outcome(winner, ExcuseFate.TO_THE_WINNER, winner_attack)
    return _outcome(winner, ExcuseFate.CHANGES_CAMP, not owner_attack)
