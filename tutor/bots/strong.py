"""StrongBot: SimpleBot's rules of thumb early in the deal, then the open-card solver over
deals sampled from what the seat knows.

Once few enough tricks are left (``solve_from``), each card is chosen by dealing the hidden
cards again ``samples`` times consistently with what the seat has seen (``tutor.bots.sampling``)
and likely given what the others bid, called and showed (``tutor.bots.inference``),
valuing every legal card in each sample with the exact solver (``tutor.analysis.analyse``),
and playing the card with the best average taker's mark: the highest for the attack, the
lowest for the defence (every mark of a side moves with the taker's). The bid is SimpleBot's
unless playouts of sampled deals find a better one by a margin (``tutor.bots.bid_simulation``);
the call, the écart, the chelem question and poignées stay SimpleBot's.

Choosing by the average over open-card samples is what bridge programs call Monte Carlo
double-dummy: it assumes every hand is then played as if seen, so it cannot value keeping a
card to mislead; it is strong where the cards left are few and the sampled hands are close to
the real ones, which is where it is used.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from tutor.analysis.solver import (
    Marks,
    Setup,
    SharedTables,
    Solver,
    State,
    marks_key,
    possible_marks,
    start,
)
from tutor.bots.bid_simulation import BIDS_AT, MARGIN, bid_candidates, simulated_bid
from tutor.bots.bid_simulation import SAMPLES as BID_SAMPLES
from tutor.bots.cardplay import choose_card
from tutor.bots.inference import likely_deal, what_was_told
from tutor.bots.knowledge import TableKnowledge
from tutor.bots.sampling import hidden_cards
from tutor.bots.simple import BIDS, PLAYS, SimpleBot
from tutor.engine import Action, Card, Chelem, Deal, Phase, Position, Side

# Measured at 4 players, 12 samples, CPU time per card (tests/benchmarks/bench_strong.py, 2,000
# deals): 2 tricks left 0.003 s median, 3: 0.008 s, 4: 0.02 s (p95 0.14 s), 5: 0.08 s (p95
# 0.72 s, max 1.4 s). A trial at 6 tricks left gave 0.4 s median but a p95 of 2.6 s (over 20 s
# without a node limit): from 5 tricks left the solver stays under a second or so per card;
# earlier the rules of thumb play.
SOLVE_FROM = 5
SAMPLES = 12
# A sample's search stops here (its card values are then bounds, their middle is used): it
# caps the rare slow sample (about 0.2 s) and, unlike a time limit, keeps the bot
# deterministic.
NODE_LIMIT = 20_000


class StrongBot:
    """SimpleBot in every phase but the bid (by simulation over ``bid_samples`` deals, 0: the
    count's) and card play once ``solve_from`` tricks or fewer are left;
    then the card with the best average solved value over ``samples`` sampled deals, in which
    the others' hands agree with their bids, call and poignées when ``infer``
    (``tutor.bots.inference``). Deterministic given ``rng`` (the samples are drawn from it)."""

    def __init__(
        self,
        solve_from: int = SOLVE_FROM,
        samples: int = SAMPLES,
        node_limit: int = NODE_LIMIT,
        infer: bool = True,
        bid_samples: int = BID_SAMPLES,
        bid_margin: float = MARGIN,
        bids_at: frozenset[int] = BIDS_AT,
    ) -> None:
        if samples < 1:
            raise ValueError("at least one sample")
        self.solve_from = solve_from
        self.samples = samples
        self.node_limit = node_limit
        self.infer = infer
        self.bid_samples = bid_samples  # 0: the count's bid, SimpleBot's
        self.bid_margin = bid_margin
        # The player counts it bids by simulation at; a bench measuring another count sets it.
        self.bids_at = bids_at
        self._simple = SimpleBot()
        self._table = TableKnowledge()

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Action:
        if self._bids_by_simulation(deal):
            return BIDS[simulated_bid(deal, seat, rng, self.bid_samples, self.bid_margin)]
        if not self._plays_late(deal, seat):
            return self._simple.choose(deal, seat, rng)
        legal = deal.legal_plays()
        if legal & (legal - 1) == 0:  # one legal card
            return PLAYS[legal.bit_length() - 1]
        return PLAYS[self.best_card(deal, seat, rng)]

    def _plays_late(self, deal: Deal, seat: int) -> bool:
        """A card to play with ``solve_from`` tricks or fewer left (no poignée to decide)."""
        return (
            deal.phase is Phase.PLAYING
            and deal.tricks_per_deal - deal.tricks_done <= self.solve_from
            and not (not deal.played_seats >> seat & 1 and deal.poignee_choices())
        )

    def _bids_by_simulation(self, deal: Deal) -> bool:
        """A bid with more than pass to choose from, at a table where playouts value it
        (``tutor.bots.bid_simulation``)."""
        return (
            deal.phase is Phase.BIDDING
            and self.bid_samples > 0
            and deal.players in self.bids_at
            and len(bid_candidates(deal)) > 1
        )

    def searches(self, deal: Deal, seat: int) -> bool:
        """Whether ``seat``'s decision now is a search (a bid by simulation, or a card among
        several late in the deal), which a page hands to the analysis workers."""
        if self._bids_by_simulation(deal):
            return True
        if not self._plays_late(deal, seat):
            return False
        legal = deal.legal_plays()
        return legal & (legal - 1) != 0

    def card_values(self, deal: Deal, seat: int, rng: random.Random) -> dict[Card, float]:
        """Every legal card's average taker's mark over the samples (``seat`` is to play)."""
        hidden = hidden_cards(deal, seat, self._table.view(deal, seat))
        told = what_was_told(deal, seat) if self.infer else None
        totals: dict[Card, float] = {}
        for _ in range(self.samples):
            sample = likely_deal(deal, seat, rng, hidden, told)
            for card, mark in solved_marks(sample.position(), self.node_limit).items():
                totals[card] = totals.get(card, 0.0) + mark
        return {card: total / self.samples for card, total in totals.items()}

    def best_card(self, deal: Deal, seat: int, rng: random.Random) -> Card:
        """The card with the best average; among equals, the one the rules of thumb choose
        when it is one of them, else the lowest."""
        values = self.card_values(deal, seat, rng)
        attack = self._table.view(deal, seat).attack  # a seat always knows its own side
        best = max(values.values()) if attack else min(values.values())
        tied = sorted(card for card, value in values.items() if value == best)
        if len(tied) > 1:
            preferred = choose_card(deal, seat, rng, self._table)
            if preferred in tied:
                return preferred
        return tied[0]


ScoreOf = Callable[[int, int, Side | None, Chelem], int]
# The taker's mark for each (points, oudlers, petit au bout, chelem), shared by every sample of
# a deal: it depends only on what the key names, and the solver asks for thousands of them.
_MARK_TABLES: dict[tuple[object, ...], dict[tuple[int, int, Side | None, Chelem], int]] = {}


def _kind(p: Position) -> tuple[object, ...]:
    """What the taker's mark depends on beside the cards won: one kind of deal, one scoring."""
    return (
        p.rules,
        p.players,
        p.contract,
        tuple(shown.bit_count() for _seat, shown in p.poignees),
        p.players == 5 and p.partner is None,  # the taker alone
    )


def shared_marks(p: Position, setup: Setup) -> ScoreOf:
    """``setup.score_of`` reading one table of marks per kind of deal (see above): for every
    search of many deals of one kind, the samples of a bot's card or of a review."""
    if len(_MARK_TABLES) > 256:  # one entry per kind of deal: a bound, not an eviction policy
        _MARK_TABLES.clear()
    table = _MARK_TABLES.setdefault(_kind(p), {})
    compute = setup.score_of

    def score_of(points: int, oudlers: int, pab: Side | None, chelem: Chelem) -> int:
        args = (points, oudlers, pab, chelem)
        mark = table.get(args)
        if mark is None:
            mark = table[args] = compute(points, oudlers, pab, chelem)
        return mark

    return score_of


# The marks a search can end on (``possible_marks``), by kind of deal and ``marks_key``: the
# samples of one decision or one bot's card ask for the same few again and again, and listing
# them reads the whole table of marks (most of a new solver's cost at a few tricks left).
_POSSIBLE_MARKS: dict[tuple[object, ...], Marks] = {}
POSSIBLE_MARKS_KEPT = 20_000  # a bound on memory (each entry a few dozen marks)
# The searches' tables that name no holder of a card (``SharedTables``), by kind of deal and
# what else of the setup they read: the tricks settled and the bounds each search found again.
_SHARED_TABLES: dict[tuple[object, ...], SharedTables] = {}
SHARED_ENTRIES_KEPT = 50_000  # a bound on memory per kind (a few MB): then started again
SHARED_KINDS_KEPT = 16


def shared_solver(p: Position, node_limit: int | None) -> tuple[Solver, State]:
    """A solver of position ``p`` and its root, reading the marks shared by every deal of its
    kind (``shared_marks``, and its possible marks): the same values as a solver of its own,
    sooner."""
    setup, root = start(p)
    setup = replace(setup, score_of=shared_marks(p, setup))
    key = (_kind(p), marks_key(setup, root))
    marks = _POSSIBLE_MARKS.get(key)
    if marks is None:
        if len(_POSSIBLE_MARKS) >= POSSIBLE_MARKS_KEPT:
            _POSSIBLE_MARKS.clear()
        marks = _POSSIBLE_MARKS[key] = possible_marks(setup, root)
    return Solver(setup, root, node_limit, marks=marks, tables=_tables_of(p, setup)), root


def _tables_of(p: Position, setup: Setup) -> SharedTables:
    """The tables shared by the searches of ``p``'s kind of deal with the same attack's seats,
    Excuse reading and chelem announcement (all that ``SharedTables`` says its keys leave out)."""
    key = (_kind(p), setup.players, setup.tricks, setup.camp, setup.reading,
           setup.chelem_announced)
    tables = _SHARED_TABLES.get(key)
    if tables is None or tables.size() > SHARED_ENTRIES_KEPT:
        _SHARED_TABLES.pop(key, None)
        if len(_SHARED_TABLES) >= SHARED_KINDS_KEPT:  # the kind made first goes
            _SHARED_TABLES.pop(next(iter(_SHARED_TABLES)))
        tables = _SHARED_TABLES[key] = SharedTables()
    return tables


def solved_marks(p: Position, node_limit: int | None) -> dict[Card, float]:
    """Every legal card's taker's mark with best open-card play afterwards (as
    ``tutor.analysis.analyse`` gives it; a search cut by ``node_limit`` gives the middle of the
    bounds it proved), with the mark table shared between the samples of a deal."""
    solver, root = shared_solver(p, node_limit)
    bounds, _cut = solver.card_bounds(root)
    return {card: (lower + upper) / 2 for group, lower, upper in bounds for card in group}


__all__ = [
    "NODE_LIMIT",
    "SAMPLES",
    "SOLVE_FROM",
    "StrongBot",
    "shared_marks",
    "shared_solver",
    "solved_marks",
]
