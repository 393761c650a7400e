""""Best card" puzzles: positions where the solver proves that one card (or one group of
equivalent cards) is the only good one, like lichess's "only move" puzzles.

A position qualifies when the search is exact, the best group is alone at its value and every
other legal card loses at least ``MARGIN`` points of the taker's final mark. The margin is 10
points of mark: less than that is a half-point card or a jack changing side at a prise, a
matter of taste more than of a lesson; a king, an oudler, the petit au bout or the contract
itself changing side costs more at every contract.

``recognise`` names the idea a position shows where it can tell from the solver's lines: the
best line, and the line after the most tempting wrong card (the one that loses least).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from tutor.analysis import Analysis, Line, analyse, best_line
from tutor.engine import (
    EXCUSE,
    HALF_POINTS,
    KINGS_MASK,
    PETIT,
    Card,
    Deal,
    Position,
    TrickRecord,
    cards_of,
    format_cards,
    format_position,
    is_trump,
)

MARGIN = 10  # points of the taker's final mark every other card must lose
NODE_LIMIT = 400_000  # a proof that needs more is refused: the puzzle is too deep for a page


class Idea(StrEnum):
    """The named ideas of issue 13, each a lesson a learner can carry to the table."""

    SAVE_THE_PETIT = "save-the-petit"
    HUNT_THE_PETIT = "hunt-the-petit"
    CASH_THE_KING = "cash-the-king"
    EXCUSE_EARLY = "excuse-early"
    CHARGE_PARTNER = "charge-partner"
    OVERTRUMP_HIGH_OR_LOW = "overtrump-high-or-low"
    KEEP_THE_GUARD = "keep-the-guard"
    DRAW_TRUMPS = "draw-trumps"


class NotProven(Exception):
    """The position is no best-card puzzle: ``code`` says why (for the checker's message)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Proof:
    """The solver's proof that ``best`` is the only card: every other card's value is at
    least ``loss`` points of mark worse for the player to play."""

    analysis: Analysis
    best: tuple[Card, ...]
    value: int  # the taker's mark after the best card
    loss: int  # what the most tempting wrong card costs, in points of mark

    @property
    def position(self) -> Position:
        return self.analysis.position

    @property
    def seat(self) -> int:
        return self.analysis.seat

    @property
    def tricks_left(self) -> int:
        p = self.position
        return p.hands[p.to_play].bit_count()

    def loss_of(self, card: Card) -> int:
        """Points of mark the card costs against the best one (0 for the best)."""
        value = self.analysis.value_of(card).lower
        return abs(self.value - value)

    @property
    def wrong(self) -> tuple[tuple[Card, ...], ...]:
        """The other legal groups, the most tempting (the least costly) first."""
        return tuple(v.cards for v in self.analysis.cards[1:])


def prove(
    position: Position | str, *, margin: int = MARGIN, node_limit: int | None = NODE_LIMIT
) -> Proof:
    """The proof that one group of cards is the only good play; NotProven when the search is
    cut, when two groups share the best value, or when a wrong card loses less than
    ``margin``."""
    analysis = analyse(position, node_limit=node_limit)
    if not analysis.exact:
        raise NotProven("cut", f"the solver needed more than {node_limit} positions")
    if len(analysis.cards) < 2:
        raise NotProven("forced", "only one legal card (or group): nothing to choose")
    first, second = analysis.cards[0], analysis.cards[1]
    assert first.value is not None and second.value is not None
    loss = abs(first.value - second.value)
    if loss == 0:
        raise NotProven(
            "not_unique",
            f"{format_cards(first.cards)} and {format_cards(second.cards)} both keep the "
            f"value {first.value:+d}",
        )
    if loss < margin:
        raise NotProven(
            "small_margin",
            f"{format_cards(second.cards)} loses only {loss} point(s) of mark against "
            f"{format_cards(first.cards)} (the margin is {margin})",
        )
    return Proof(analysis, first.cards, first.value, loss)


PROOFS_KEPT = 1024  # proofs kept per process (the authored bank has about a hundred)
_proofs: OrderedDict[str, Proof] = OrderedDict()
_proofs_lock = threading.Lock()


def proof_of(notation: str) -> Proof:
    """``prove`` once per process and position (the content check asks for every authored
    puzzle), or the proof remembered from the analysis workers (``remember_proof``)."""
    known = known_proof(notation)
    if known is not None:
        return known
    proof = prove(notation)
    remember_proof(notation, proof)
    return proof


def known_proof(notation: str) -> Proof | None:
    """The proof of ``notation`` this process holds (None: it would have to search)."""
    with _proofs_lock:
        proof = _proofs.get(notation)
        if proof is not None:
            _proofs.move_to_end(notation)
        return proof


def remember_proof(notation: str, proof: Proof) -> None:
    """Keep a proof made elsewhere (a worker's) so that judging a card here is a read."""
    with _proofs_lock:
        _proofs[notation] = proof
        _proofs.move_to_end(notation)
        while len(_proofs) > PROOFS_KEPT:
            _proofs.popitem(last=False)


def forget_proof(notation: str | None = None) -> None:
    """Forget the proof of ``notation`` (every proof: None), as if never searched here."""
    with _proofs_lock:
        if notation is None:
            _proofs.clear()
        else:
            _proofs.pop(notation, None)


@lru_cache(maxsize=1024)
def line_after(notation: str, card: Card) -> Line:
    """The solver's line after ``card`` (best play by everyone afterwards), once per process."""
    return best_line(notation, card, node_limit=NODE_LIMIT)


# --- reading a line ----------------------------------------------------------------------
def replay(position: Position, cards: Sequence[Card]) -> tuple[TrickRecord, ...]:
    """The tricks a line completes from the position (the trick in progress first)."""
    deal = Deal.from_position(position, undo=False)
    done = len(deal.tricks)
    for card in cards:
        deal.play(card)
    return tuple(deal.tricks[done:])


def _ours(position: Position, seat: int, other: int) -> bool:
    return position.is_attack(seat) == position.is_attack(other)


def _trick_of(tricks: Sequence[TrickRecord], card: Card) -> TrickRecord | None:
    return next((trick for trick in tricks if card in trick.cards), None)


def won_by_us(position: Position, tricks: Sequence[TrickRecord], card: Card) -> bool | None:
    """Whether the side of the player to play wins the trick where ``card`` falls (None: the
    card is not played in the line). The Excuse follows its own rules: see the engine."""
    trick = _trick_of(tricks, card)
    if trick is None:
        return None
    return _ours(position, position.to_play, trick.winner)


def winner_of(tricks: Sequence[TrickRecord], card: Card) -> int | None:
    trick = _trick_of(tricks, card)
    return None if trick is None else trick.winner


@dataclass(frozen=True, slots=True)
class Reading:
    """What the best line and the most tempting wrong line show."""

    proof: Proof
    best_tricks: tuple[TrickRecord, ...]
    wrong_card: Card
    wrong_tricks: tuple[TrickRecord, ...]
    # The most tempting trump among the wrong cards and its line, when the hand holds a king
    # (what "keep the trump that guards a king" compares).
    wrong_trump: Card | None = None
    wrong_trump_tricks: tuple[TrickRecord, ...] = ()


def read_lines(proof: Proof, wrong_card: Card | None = None) -> Reading:
    """The best line and a wrong one: the most tempting wrong card's (the first of the
    closest wrong group), or ``wrong_card``'s, the card a learner played."""
    p = proof.position
    notation = format_position(p)
    best = line_after(notation, proof.best[0])
    if wrong_card is None:
        wrong_card = proof.wrong[0][0]
    wrong = line_after(notation, wrong_card)
    wrong_trump: Card | None = None
    trump_tricks: tuple[TrickRecord, ...] = ()
    hand = p.hands[p.to_play]
    if hand & KINGS_MASK:
        trumps = [g[0] for g in proof.wrong if is_trump(g[0])]
        wrong_trump = wrong_card if is_trump(wrong_card) else next(iter(trumps), None)
        if wrong_trump is not None:
            trump_line = wrong if wrong_trump == wrong_card else line_after(notation, wrong_trump)
            trump_tricks = replay(p, trump_line.cards)
    return Reading(proof, replay(p, best.cards), wrong_card, replay(p, wrong.cards),
                   wrong_trump, trump_tricks)


def recognise(proof: Proof, reading: Reading | None = None) -> tuple[Idea, ...]:
    """The ideas the position shows, the clearest first (empty when none is recognised)."""
    r = reading or read_lines(proof)
    tests = (
        (Idea.EXCUSE_EARLY, _excuse_early),
        (Idea.SAVE_THE_PETIT, _save_the_petit),
        (Idea.HUNT_THE_PETIT, _hunt_the_petit),
        (Idea.CASH_THE_KING, _cash_the_king),
        (Idea.CHARGE_PARTNER, _charge_partner),
        (Idea.OVERTRUMP_HIGH_OR_LOW, _overtrump_high_or_low),
        (Idea.KEEP_THE_GUARD, _keep_the_guard),
        (Idea.DRAW_TRUMPS, _draw_trumps),
    )
    return tuple(idea for idea, shows in tests if shows(r))


def _excuse_early(r: Reading) -> bool:
    """The Excuse is the card: played now it comes back to its side; kept, it ends in the
    last trick or in the way."""
    return r.proof.best[0] == EXCUSE


def _save_the_petit(r: Reading) -> bool:
    """The Petit is the card, and it falls in a trick its side wins."""
    p = r.proof.position
    return r.proof.best[0] == PETIT and bool(won_by_us(p, r.best_tricks, PETIT))


def _hunt_the_petit(r: Reading) -> bool:
    """The other side holds the Petit: the best line wins it, the wrong line lets it go."""
    p = r.proof.position
    me = p.to_play
    held = any(
        hand >> PETIT & 1 and not _ours(p, me, seat) for seat, hand in enumerate(p.hands)
    )
    return (
        held
        and bool(won_by_us(p, r.best_tricks, PETIT))
        and won_by_us(p, r.wrong_tricks, PETIT) is False
    )


def _cash_the_king(r: Reading) -> bool:
    """A king is the card, it wins its trick now; after the wrong card the other side takes
    it (trumped later)."""
    p = r.proof.position
    card = r.proof.best[0]
    return (
        bool(1 << card & KINGS_MASK)
        and winner_of(r.best_tricks, card) == p.to_play
        and won_by_us(p, r.wrong_tricks, card) is False
    )


def _charge_partner(r: Reading) -> bool:
    """A card worth points (a cavalier or more) given to a trick a partner wins."""
    p = r.proof.position
    card = r.proof.best[0]
    winner = winner_of(r.best_tricks, card)
    return (
        HALF_POINTS[card] >= 5
        and card not in (EXCUSE, PETIT)
        and winner is not None
        and winner != p.to_play
        and _ours(p, p.to_play, winner)
    )


def _overtrump_high_or_low(r: Reading) -> bool:
    """A trump on a trick already begun, where another trump is the tempting mistake: the
    choice is how high to trump (or overtrump, or play on a trump lead)."""
    p = r.proof.position
    card = r.proof.best[0]
    return (
        bool(p.trick)
        and is_trump(card)
        and card != PETIT
        and is_trump(r.wrong_card)
        and r.wrong_card != PETIT
    )


def guarded_king(r: Reading) -> Card | None:
    """The king of the hand the best line makes and the most tempting trump lets the other
    side take (None when there is none)."""
    p = r.proof.position
    if r.wrong_trump is None:
        return None
    card = r.proof.best[0]
    kings = [k for k in cards_of(p.hands[p.to_play] & KINGS_MASK) if k != card]
    return next(
        (k for k in kings
         if won_by_us(p, r.best_tricks, k) and won_by_us(p, r.wrong_trump_tricks, k) is False),
        None,
    )


def _keep_the_guard(r: Reading) -> bool:
    """Spending a trump is the mistake: with the best card a king of the hand is made; with
    the trump spent instead, the other side takes it."""
    return guarded_king(r) is not None


def ruffed_by_them(position: Position, tricks: Sequence[TrickRecord]) -> TrickRecord | None:
    """The first of ``tricks`` led in a plain suit that the other side wins with a trump (the
    Excuse led leaves the suit to the next card)."""
    me = position.to_play
    for trick in tricks:
        led = next((c for c in trick.cards if c != EXCUSE), None)
        winning = trick.cards[trick.seats.index(trick.winner)]
        if (led is not None and not is_trump(led) and is_trump(winning)
                and not _ours(position, me, trick.winner)):
            return trick
    return None


def _draw_trumps(r: Reading) -> bool:
    """The taker's side leads a trump (not the Petit) and the other side then trumps none of
    the plain-suit tricks of the best line; after the most tempting wrong card it trumps one."""
    p = r.proof.position
    card = r.proof.best[0]
    return (
        not p.trick
        and p.is_attack(p.to_play)
        and is_trump(card)
        and card != PETIT
        and ruffed_by_them(p, r.wrong_tricks) is not None
        and ruffed_by_them(p, r.best_tricks) is None
    )


def difficulty(tricks_left: int, loss: int) -> int:
    """1 to 5: deeper positions are harder, and so are small losses (the wrong card looks
    almost as good); a large loss (the contract, the petit au bout) is easier to see."""
    level = min(max(tricks_left - 1, 1), 5)
    if loss >= 60:
        level -= 1
    elif loss < 20:
        level += 1
    return min(max(level, 1), 5)
