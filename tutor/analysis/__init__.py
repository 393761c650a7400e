"""What one should play: an exact open-card search (every hand known) of the rest of a deal.

``analyse(position)`` gives the value of every legal card for the player to play: the taker's
final mark under the deal's rules (threshold, petit au bout, chelem and poignées included)
when everyone plays perfectly from then on. Equivalent cards (same suit and points, every card
between them played) share one value. ``best_line`` gives the principal variation: the cards
that follow the best card, or any given card ("what happens after the wrong card").

Both take a ``Deal`` in play, a ``Position`` or its one-line notation, and stop at
``node_limit`` positions or ``time_limit`` CPU seconds; the answer then says it is not exact
and gives each card's proven bounds.

>>> from tutor.engine.cards import format_cards, parse_card
>>> text = ("tarot1 3 fft-2012 2 garde-contre:0 chelem QD.3C/3S.ND/4H.KH 1:- "
...     "4S.5S.6S.9S.3H.5H.7H.8H.9H.JH.NH.QH.2C.9C.T3.T5.T7.T11.T16.T17.T18/"
...     "1S.2S.7S.10S.JS.1H.2H.6H.10H.1D.2D.4D.5D.6D.7D.8D.9D.10D.JD.KD.4C.5C.6C.7C.8C.10C.JC."
...     "NC.QC.KC.T1.T2.T4.T6.T8.T9.T10.T12.T13.T14.T15.T19.T20.T21 8S.NS.QS.KS.3D.1C 0>1 14@1 -")
>>> a = analyse(text)  # seat 1 defends: the lower the taker's mark, the better
>>> [(format_cards(v.cards), v.value) for v in a.cards], a.exact
([('3S', -988), ('ND', -928)], True)
>>> format_cards(best_line(text).cards)
'3S KH 3C ND 4H QD'
>>> format_cards(best_line(text, parse_card("ND")).cards)
'ND 4H QD 3C 3S KH'
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.analysis.solver import (
    PRUNING,
    Pruning,
    SearchCut,
    Setup,
    Solver,
    State,
    equivalence_classes,
    final_mark,
    is_finished,
    legal,
    play,
    start,
    to_play,
)
from tutor.engine import Card, Deal, Position, check_play, parse_position, validate_position

__all__ = [
    "LINE_LIMIT",
    "Analysis",
    "CardValue",
    "Line",
    "TooManyLines",
    "analyse",
    "best_line",
    "every_best_line",
]

LINE_LIMIT = 20_000  # best lines listed at most: a puzzle's few last tricks have far fewer


@dataclass(frozen=True, slots=True)
class CardValue:
    """The value of playing one of ``cards`` (equivalent cards, weakest first): the taker's
    final mark with best play afterwards, proven to lie in [lower, upper] (equal when exact)."""

    cards: tuple[Card, ...]
    lower: int
    upper: int

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    @property
    def value(self) -> int | None:
        return self.lower if self.exact else None


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every legal card of the player to play, valued; the best first for that player (the
    attack maximises the taker's mark, the defence minimises it)."""

    position: Position
    seat: int  # the player to play
    attack: bool  # that player is on the attack
    cards: tuple[CardValue, ...]
    exact: bool  # every value is exact (no limit cut the search)
    nodes: int  # positions searched

    @property
    def value(self) -> int | None:
        """The position's value (the best card's), when exact."""
        return self.cards[0].value if self.exact else None

    @property
    def best(self) -> tuple[Card, ...]:
        """Every legal card that reaches the position's value (when exact)."""
        if not self.exact:
            return ()
        top = self.cards[0].lower
        return tuple(c for v in self.cards if v.lower == top for c in v.cards)

    def value_of(self, card: Card) -> CardValue:
        """The value of a legal card (KeyError for a card that may not be played)."""
        for value in self.cards:
            if card in value.cards:
                return value
        raise KeyError(card)


@dataclass(frozen=True, slots=True)
class Line:
    """A line of play to the end of the deal: ``cards`` in playing order from the position,
    each played by the seat beside it in ``seats``; ``value`` the taker's mark at its end.
    When a limit cut the search, the line stops where it was cut and ``exact`` is False."""

    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    value: int | None
    exact: bool
    nodes: int


def _position(deal_or_position: Deal | Position | str) -> Position:
    if isinstance(deal_or_position, Deal):
        return deal_or_position.position()
    if isinstance(deal_or_position, str):
        return parse_position(deal_or_position)
    validate_position(deal_or_position)
    return deal_or_position


def analyse(
    deal_or_position: Deal | Position | str,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    pruning: Pruning = PRUNING,
) -> Analysis:
    """The value of every legal card of the player to play (see the module docstring);
    ``pruning`` switches the search's refinements (for benchmarks and tests: no value
    depends on it)."""
    p = _position(deal_or_position)
    setup, root = start(p)
    solver = Solver(setup, root, node_limit, time_limit, pruning)
    seat = to_play(setup, root)
    attack = bool(setup.camp >> seat & 1)
    bounds, cut = solver.card_bounds(root)
    found = [CardValue(group, lower, upper) for group, lower, upper in bounds]
    # Best first for the player to play; ties in the order of the cards.
    found.sort(key=lambda v: (-v.upper, -v.lower) if attack else (v.lower, v.upper))
    return Analysis(p, seat, attack, tuple(found), not cut, solver.nodes)


def best_line(
    deal_or_position: Deal | Position | str,
    card: Card | None = None,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Line:
    """The principal variation from the position: ``card`` (the best card when None) and then
    best play by everyone to the end. A card that may not be played raises the engine's
    IllegalActionError with its reason code."""
    p = _position(deal_or_position)
    setup, state = start(p)
    solver = Solver(setup, state, node_limit, time_limit)
    cards: list[Card] = []
    seats: list[int] = []
    try:
        if card is not None:
            seat = to_play(setup, state)
            check_play(p.hands[seat], p.trick, card, p.called, p.tricks_done == 0)
            cards.append(card)
            seats.append(seat)
            state = play(setup, state, card)
        value = solver.solve(state)
        while not is_finished(setup, state):
            seat = to_play(setup, state)
            chosen = _follow(solver, setup, state, value)
            cards.append(chosen)
            seats.append(seat)
            state = play(setup, state, chosen)
    except SearchCut:
        return Line(tuple(cards), tuple(seats), None, False, solver.nodes)
    assert final_mark(setup, state) == value
    return Line(tuple(cards), tuple(seats), value, True, solver.nodes)


class TooManyLines(Exception):
    """More best lines than the limit: what holds in all of them is not known."""


def every_best_line(
    deal_or_position: Deal | Position | str, card: Card, *, limit: int = LINE_LIMIT
) -> tuple[Line, ...]:
    """Every line of best play after ``card``: at each turn, every group of equivalent cards
    that keeps the value (its weakest card standing for the group). What an explanation
    states about "the best line" must hold in each of these, not only in ``best_line``'s.
    Raises TooManyLines past ``limit`` lines; the search itself is exact (no node limit)."""
    p = _position(deal_or_position)
    setup, state = start(p)
    solver = Solver(setup, state, None, None)
    seat = to_play(setup, state)
    check_play(p.hands[seat], p.trick, card, p.called, p.tricks_done == 0)
    state = play(setup, state, card)
    value = solver.solve(state)
    found: list[Line] = []

    def extend(state: State, cards: tuple[Card, ...], seats: tuple[int, ...]) -> None:
        if is_finished(setup, state):
            if len(found) == limit:
                raise TooManyLines(f"more than {limit} best lines")
            found.append(Line(cards, seats, value, True, solver.nodes))
            return
        turn = to_play(setup, state)
        for group in equivalence_classes(setup, state, legal(setup, state)):
            child = play(setup, state, group[0])
            if _keeps(solver, setup, state, child, value):
                extend(child, (*cards, group[0]), (*seats, turn))

    extend(state, (card,), (seat,))
    return tuple(found)


def _keeps(solver: Solver, setup: Setup, state: State, child: State, value: int) -> bool:
    """The card that led from ``state`` to ``child`` keeps the position's ``value``: the
    attack's child reaches it, the defence's child holds the attack to it."""
    if setup.camp >> to_play(setup, state) & 1:
        return solver.test(child, value - 1, value) >= value
    return solver.test(child, value, value + 1) <= value


def _follow(solver: Solver, setup: Setup, state: State, value: int) -> Card:
    """A card that keeps the position's value: the attack's child reaches it, the defence's
    child holds the attack to it. The table's best card is tried first."""
    for group in equivalence_classes(setup, state, legal(setup, state)):
        if _keeps(solver, setup, state, play(setup, state, group[0]), value):
            return group[0]
    raise AssertionError("no card keeps the value: the search is inconsistent")
