"""A saved deal and its replay.

**A deal's record** (``DealRecord``) is all it takes to rebuild a deal: the cards come from
``(players, seed, dealer)``, the ``rules`` decide how it is played and scored, and ``moves``
are its actions in order (saved in the actions' notation, ``tutor.engine.actions``).

**The replay** (``DealRecord.replay(seat)``, or ``Replay`` to push one action at a time, as a
game in progress does) plays the moves on a fresh deal, every one checked by ``Deal.push``,
and keeps each trick with what the seat watched saw as it was played: every hand as the trick
started, the trick, the seat's legal cards when it played, and the deal just before that card
and just after the trick, as copies (``Deal.copy()``) of their own, to read (they are not
changed afterwards). Reading the past never undoes the deal played: each moment is a snapshot
taken on the way, so a replay costs one ``push`` per move.

>>> from tutor.engine import DealRecord, Bid, AnnounceChelem, Contract, Phase
>>> record = DealRecord(4, seed=2, dealer=3, moves=(Bid(Contract.GARDE_SANS), *[Bid(None)] * 3))
>>> record.notation
('bid:garde-sans', 'bid:pass', 'bid:pass', 'bid:pass')
>>> DealRecord.from_notation(4, 2, 3, record.notation) == record
True
>>> record.deal().phase is Phase.CHELEM
True

A replay watched from seat 0, after six cards (the lowest legal each time), has one trick:

>>> deal = DealRecord(4, 2, 3, moves=(*record.moves, AnnounceChelem(False))).deal()
>>> for _ in range(6):
...     legal = deal.legal_plays()
...     deal.play((legal & -legal).bit_length() - 1)
>>> (trick,) = DealRecord.of(deal).replay(0).tricks
>>> [hand.bit_count() for hand in trick.hands], trick.record.winner, trick.after.tricks_done
([18, 18, 18, 18], 3, 1)
>>> trick.record.leader, trick.legal == trick.before.legal_plays()  # seat 0 led
(0, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tutor.engine.actions import Action, Play, parse_action
from tutor.engine.game import Deal, Phase, TrickRecord
from tutor.engine.variants import FFT_2012, Rules


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal as it is saved: the deal ``(players, seed, dealer)`` under ``rules``, played with
    ``moves`` (in order, from the first bid)."""

    players: int
    seed: int
    dealer: int
    rules: Rules = FFT_2012
    moves: tuple[Action, ...] = ()

    @classmethod
    def of(cls, deal: Deal) -> DealRecord:
        """The record of a deal dealt by ``Deal.new`` (not one taken from a position, whose
        cards no seed deals)."""
        return cls(deal.players, deal.seed, deal.dealer, deal.rules, deal.moves)

    @classmethod
    def from_notation(
        cls, players: int, seed: int, dealer: int, moves: Iterable[str], rules: Rules = FFT_2012
    ) -> DealRecord:
        """A record whose moves are written in the notation (``parse_action``: a ValueError
        with a code for a move that is not one)."""
        return cls(players, seed, dealer, rules, tuple(parse_action(text) for text in moves))

    @property
    def notation(self) -> tuple[str, ...]:
        """The moves in the notation, as they are saved."""
        return tuple(str(action) for action in self.moves)

    def dealt(self) -> Deal:
        """The deal as dealt, before any move."""
        return Deal.new(self.players, self.seed, self.dealer, self.rules)

    def deal(self) -> Deal:
        """The deal after every move (each checked: IllegalActionError if one is illegal)."""
        deal = self.dealt()
        for action in self.moves:
            deal.push(action)
        return deal

    def replay(self, seat: int) -> Replay:
        """Every move played, watched from ``seat`` (see the module docstring)."""
        replay = Replay(self.dealt(), seat)
        for action in self.moves:
            replay.push(action)
        return replay


@dataclass(frozen=True, slots=True)
class ReplayedTrick:
    """One trick of a replayed deal, as ``seat`` lived it. ``legal`` is the seat's legal cards
    when it played to the trick, ``before`` the deal just before that card (both None when the
    seat has no card in the trick), ``after`` the deal just after the trick; the two deals are
    copies of their own."""

    index: int  # among the tricks the deal played (0-based)
    hands: tuple[int, ...]  # every hand as the trick started
    record: TrickRecord
    seat: int
    legal: int | None
    before: Deal | None
    after: Deal


class Replay:
    """A deal played one action at a time (``push``), keeping each trick as ``seat`` lived it
    (``tricks``). ``deal`` is the deal played; undo through ``pop`` keeps the tricks true."""

    __slots__ = ("_before", "_hands", "_legal", "deal", "seat", "tricks")

    def __init__(self, deal: Deal, seat: int) -> None:
        self.deal = deal
        self.seat = seat
        self.tricks: list[ReplayedTrick] = []
        self._hands: tuple[int, ...] = tuple(deal.hands)
        self._legal: int | None = None
        self._before: Deal | None = None

    def push(self, action: Action) -> ReplayedTrick | None:
        """Do ``action`` (``Deal.push``: refused with IllegalActionError, and nothing changes,
        unless it is legal now); the trick it completed, if it did."""
        deal = self.deal
        if type(action) is not Play or deal.phase is not Phase.PLAYING:
            deal.push(action)
            return None
        starts = not deal.trick
        hands = tuple(deal.hands) if starts else self._hands
        mine = deal.to_play == self.seat
        legal = deal.legal_plays() if mine else self._legal
        before = deal.copy() if mine else self._before
        done = len(deal.tricks)
        deal.push(action)
        if starts:  # a new trick: what was kept of the last one is not its
            self._legal = self._before = None
        self._hands = hands
        if mine:
            self._legal, self._before = legal, before
        if len(deal.tricks) == done:
            return None
        trick = ReplayedTrick(
            done, hands, deal.tricks[done], self.seat, self._legal, self._before, deal.copy()
        )
        del self.tricks[done:]
        self.tricks.append(trick)
        return trick

    def pop(self) -> Action:
        """Undo the last action (``Deal.pop``); a trick it breaks up is no longer kept, and
        what was kept of it is what the trick in progress goes on with."""
        action = self.deal.pop()
        done = len(self.deal.tricks)
        if len(self.tricks) > done:
            reopened = self.tricks[done]
            self._hands, self._legal, self._before = reopened.hands, reopened.legal, reopened.before
            del self.tricks[done:]
        return action


__all__ = ["DealRecord", "Replay", "ReplayedTrick"]
