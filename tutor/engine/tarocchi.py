"""Italian tarocchi counting (RULES §10), and the same pile counted the French way.

Both traditions count in groups with nominal values. Italian: King 5, Queen 4, Cavallo 3,
Fante 2, Mondo (21) 5, Bagatto (1) 5, Matto (Excuse) 4, every other card ("scartina") 1; a
group of three is worth its sum minus 2, a left-over group (one or two cards) its sum minus 1.
French: the same nominal values (oudlers 5, low cards 1) in pairs, each pair worth its sum
minus 1, a single left-over card its real value (sum minus 1/2) - which is why French points
are the card values 4.5, 3.5, ... The cards are the French pack's: hearts are cups, diamonds
coins, clubs batons, spades swords; T1..T21 the trumps, EX the Matto.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import (
    CAVALIER,
    EXCUSE,
    JACK,
    KING,
    PETIT,
    QUEEN,
    TRUMP_21,
    Card,
    is_trump,
    rank_of,
)

ITALIAN_BREAK_EVEN = {3: 26, 4: 36}  # 4 players: two pairs of partners


def nominal_value(card: Card) -> int:
    """The value a card carries into a group: 5 4 3 2 for the figures, 5 for the Mondo and the
    Bagatto (the French 21 and Petit), 4 for the Matto; a French Excuse as an oudler is 5."""
    if card == EXCUSE:
        return 4
    if card in (PETIT, TRUMP_21):
        return 5
    if is_trump(card):
        return 1
    return {KING: 5, QUEEN: 4, CAVALIER: 3, JACK: 2}.get(rank_of(card), 1)


def french_nominal_value(card: Card) -> int:
    """French counting in pairs: oudlers and kings 5, queens 4, cavaliers 3, jacks 2, low 1."""
    if card == EXCUSE:
        return 5
    return nominal_value(card)


def is_counting_card(card: Card) -> bool:
    return nominal_value(card) > 1


@dataclass(frozen=True, slots=True)
class Group:
    cards: tuple[Card, ...]
    value: int  # Italian: whole points; French: half-points


@dataclass(frozen=True, slots=True)
class Count:
    groups: tuple[Group, ...]  # full groups first, then the incomplete one if any
    total: int  # Italian: whole points; French: half-points

    @property
    def leftover(self) -> tuple[Card, ...]:
        """Cards of the incomplete group at the end (empty when the pile divides exactly)."""
        if self.groups and len(self.groups[-1].cards) < self.group_size:
            return self.groups[-1].cards
        return ()

    @property
    def group_size(self) -> int:
        return max((len(g.cards) for g in self.groups), default=0)


def _grouped(cards: Sequence[Card], size: int) -> list[list[Card]]:
    """Groups as a teacher lays them: each counting card with low cards while they last,
    so one counting card per group keeps its full value where possible."""
    counting = [c for c in cards if is_counting_card(c)]
    low = [c for c in cards if c not in counting]
    groups: list[list[Card]] = []
    for card in counting:
        group = [card]
        while len(group) < size and low:
            group.append(low.pop())
        groups.append(group)
    pool = [c for g in groups if len(g) < size for c in g]
    groups = [g for g in groups if len(g) == size]
    pool += low
    for i in range(0, len(pool), size):
        groups.append(pool[i : i + size])
    return groups


def count_in_threes(cards: Sequence[Card]) -> Count:
    """The Italian count: each group of three is its nominal sum minus 2, the left-over group
    its sum minus 1. (The total does not depend on how the cards are grouped.)"""
    groups = []
    for group in _grouped(cards, 3):
        value = sum(nominal_value(c) for c in group) - (2 if len(group) == 3 else 1)
        groups.append(Group(tuple(group), value))
    return Count(tuple(groups), sum(g.value for g in groups))


def count_in_pairs(cards: Sequence[Card]) -> Count:
    """The French count in half-points: a pair is its nominal sum minus 1 (a king with a low
    card is 5), a single left-over card its real value (a low card alone is 0.5)."""
    groups = []
    for group in _grouped(cards, 2):
        value = 2 * sum(french_nominal_value(c) for c in group) - (2 if len(group) == 2 else 1)
        groups.append(Group(tuple(group), value))
    return Count(tuple(groups), sum(g.value for g in groups))


def italian_balance(points: int, players: int = 3) -> int:
    """Credit (positive) or debit against the fixed break-even: 26 at three players."""
    return points - ITALIAN_BREAK_EVEN[players]
