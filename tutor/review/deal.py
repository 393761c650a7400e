"""The review of a played deal: each of the learner's cards judged by the open-card solver.

For every card the learner played, where the solver proves the values within a budget, the
review gives the value of the card played and of the best card (the taker's final mark with
perfect play afterwards, every hand visible), the loss between them, a verdict (inaccuracy,
mistake, blunder) by the thresholds below, the better card and the line that follows it. The
other cards (early in the deal, where the search would take too long) are marked as not judged
by the solver: the page shows the coach's rule-of-thumb remarks there.

**The loss** is counted in points of the deal's score: what the taker wins from (or pays to)
each defender, the taker's mark divided by the taker's share (3 at 4 players, 2 at 3 players
or with a partner at 5, 4 for a taker alone at 5). So one number means the same for every seat
and every number of players, and is what the score sheet shows.

**How it stays fast.** The cards are solved from the end of the deal backwards, with one solver
(one transposition table) per deal: the positions of the last tricks are solved first and
cheaply, and what they proved is reused by every earlier search that reaches them. Each card
has a node budget; the first card whose search is cut ends the judging (every card before it is
harder still), so a review costs about one budget beyond its exact part.

**The thresholds**, tuned on SimpleBot's own cards (``bench_review.py --losses``: every seat of
50 seeded 4-player deals; 900 judged cards with a choice, 105 of them lost something). The
losses bunch: 1-3 points (47 cards: a card point or two at a prise or a garde), 4-12 (37: a
king's or an oudler's worth, a bonus), then 15, 16, 28, 40 and 52 up to 142 (21: mostly the
contract made instead of failed, or the petit au bout). An inaccuracy loses 1 to 3 points, a
mistake 4 to 14, a blunder 15 or more (a card that can turn the deal). See ``THRESHOLDS``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tutor.analysis import _follow
from tutor.analysis.solver import (
    SearchCut,
    Solver,
    State,
    equivalence_classes,
    is_finished,
    legal,
    play,
    start,
    to_play,
)
from tutor.engine import Card, DealRecord, Position, format_card, parse_card
from tutor.practice.coach import Remark
from tutor.practice.replay import TrickView, replay

REVIEW_VERSION = 1  # stored with a review: a review made by other rules or thresholds is redone

# Positions each card may search (a deterministic budget: the same review every time, on any
# machine). About 0.2-0.3 s of CPU on the 2-core CI machine; see bench_review.py.
NODE_BUDGET = 60_000


class Verdict(StrEnum):
    """How much a card lost against the best card, as lichess names it."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


# The smallest loss (points of the deal's score) of each verdict: see the module docstring.
THRESHOLDS: tuple[tuple[Verdict, int], ...] = (
    (Verdict.BLUNDER, 15),
    (Verdict.MISTAKE, 4),
    (Verdict.INACCURACY, 1),
)


def verdict_for(loss: int) -> Verdict | None:
    """The verdict on a card that lost ``loss`` points of the deal's score (None: nothing)."""
    for verdict, smallest in THRESHOLDS:
        if loss >= smallest:
            return verdict
    return None


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card the learner played. ``judged``: the solver proved the values; then ``played``
    and ``best`` are the taker's final marks after the card played and after the best card,
    ``loss`` what the card cost the learner's side in points of the deal's score (the
    difference of the marks divided by the taker's share), ``better`` the best cards (empty
    when the card played was one of them), ``line`` the cards that follow the first better card
    (from it, with the seat of each). ``forced``: the learner had no real choice (one card, or
    equivalent cards only)."""

    trick: int  # 0-based
    card: Card
    attack: bool  # the learner was on the attack
    judged: bool
    forced: bool = False
    played: int | None = None
    best: int | None = None
    loss: int | None = None
    verdict: Verdict | None = None
    better: tuple[Card, ...] = ()
    line: tuple[tuple[int, Card], ...] = ()
    nodes: int = 0

    def to_data(self) -> dict[str, Any]:
        return {
            "trick": self.trick,
            "card": format_card(self.card),
            "attack": self.attack,
            "judged": self.judged,
            "forced": self.forced,
            "played": self.played,
            "best": self.best,
            "loss": self.loss,
            "verdict": None if self.verdict is None else self.verdict.value,
            "better": [format_card(c) for c in self.better],
            "line": [[seat, format_card(c)] for seat, c in self.line],
            "nodes": self.nodes,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CardReview:
        def mark(key: str) -> int | None:
            value = data.get(key)
            return None if value is None else int(value)

        verdict = data.get("verdict")
        return cls(
            trick=int(data["trick"]),
            card=parse_card(str(data["card"])),
            attack=bool(data["attack"]),
            judged=bool(data["judged"]),
            forced=bool(data.get("forced", False)),
            played=mark("played"),
            best=mark("best"),
            loss=mark("loss"),
            verdict=None if verdict is None else Verdict(verdict),
            better=tuple(parse_card(str(c)) for c in data.get("better", ())),
            line=tuple((int(seat), parse_card(str(c))) for seat, c in data.get("line", ())),
            nodes=int(data.get("nodes", 0)),
        )


@dataclass(frozen=True, slots=True)
class DealReview:
    """The review of one deal for ``learner``: one ``CardReview`` per card played, in order,
    and the coach's remarks per trick (``remarks[i]``: trick i)."""

    players: int
    learner: int
    cards: tuple[CardReview, ...]
    remarks: tuple[tuple[Remark, ...], ...] = field(default=())
    nodes: int = 0

    def card_in(self, trick: int) -> CardReview | None:
        """The learner's card of trick ``trick`` (0-based), None if out of range."""
        for card in self.cards:
            if card.trick == trick:
                return card
        return None

    def count(self, verdict: Verdict) -> int:
        return sum(1 for c in self.cards if c.verdict is verdict)

    @property
    def judged(self) -> int:
        """How many cards the solver judged."""
        return sum(1 for c in self.cards if c.judged)

    def to_data(self) -> dict[str, Any]:
        """The solver's part as JSON-ready data (the remarks are recomputed from the moves)."""
        return {
            "version": REVIEW_VERSION,
            "players": self.players,
            "learner": self.learner,
            "cards": [c.to_data() for c in self.cards],
            "nodes": self.nodes,
        }

    @classmethod
    def from_data(
        cls, data: dict[str, Any], remarks: tuple[tuple[Remark, ...], ...] = ()
    ) -> DealReview:
        """A stored review; ValueError when it is not one this version wrote."""
        try:
            if data.get("version") != REVIEW_VERSION:
                raise ValueError(f"review version {data.get('version')!r}")
            cards = tuple(CardReview.from_data(c) for c in data["cards"])
            players = int(data["players"])
            if players not in (3, 4, 5):
                raise ValueError(f"{players} players")
            return cls(players, int(data["learner"]), cards, remarks, int(data.get("nodes", 0)))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ValueError(f"not a deal review: {error}") from error


@dataclass(frozen=True, slots=True)
class _Turn:
    """A card the learner played, and the position just before it."""

    trick: int
    card: Card
    seat: int
    legal: int  # the learner's legal cards (a mask)
    position: Position


def _learner_turns(views: tuple[TrickView, ...], learner: int) -> list[_Turn]:
    """The learner's cards with the position before each, from the deal's replay."""
    return [
        _Turn(view.index, view.record.cards[view.record.seats.index(learner)], learner,
              view.legal, view.position)
        for view in views
        if view.legal is not None and view.position is not None
    ]


def _setup_key(p: Position) -> tuple[object, ...]:
    """What the solver's fixed setup depends on: positions sharing it share one solver."""
    return (p.taker, p.partner, p.called, p.contract, p.chelem_announced, p.poignees)


def _line(solver: Solver, state: State, value: int) -> tuple[tuple[int, Card], ...]:
    """Best play by everyone from ``state`` (worth ``value``) to the end of the deal."""
    setup = solver.setup
    out: list[tuple[int, Card]] = []
    while not is_finished(setup, state):
        seat = to_play(setup, state)
        card = _follow(solver, setup, state, value)
        out.append((seat, card))
        state = play(setup, state, card)
    return tuple(out)


def _taker_share(p: Position) -> int:
    """How many times the deal's score the taker's mark is: once per defender, or twice with
    a partner at 5 players (who gets it once)."""
    return 2 if p.partner is not None else p.players - 1


def _keeps(solver: Solver, child: State, value: int, attack: bool) -> bool:
    """The card that led to ``child`` keeps the position's ``value`` (a zero-window test)."""
    if attack:
        return solver.test(child, value - 1, value) >= value
    return solver.test(child, value, value + 1) <= value


def _judge(solver: Solver, turn: _Turn, node_budget: int) -> CardReview:
    """The card of ``turn`` against the best card; SearchCut when the budget runs out."""
    setup = solver.setup
    _, root = start(turn.position)
    seat = to_play(setup, root)
    attack = bool(setup.camp >> seat & 1)
    groups = equivalence_classes(setup, root, legal(setup, root))
    solver.node_limit = solver.nodes + node_budget
    before = solver.nodes
    best = solver.solve(root)
    played = solver.solve(play(setup, root, turn.card), None, best)
    loss = (best - played if attack else played - best) // _taker_share(turn.position)
    better: tuple[Card, ...] = ()
    line: tuple[tuple[int, Card], ...] = ()
    if played != best:
        better = tuple(
            c for group in groups if _keeps(solver, play(setup, root, group[0]), best, attack)
            for c in group
        )
        line = ((seat, better[0]), *_line(solver, play(setup, root, better[0]), best))
    return CardReview(
        trick=turn.trick,
        card=turn.card,
        attack=attack,
        judged=True,
        forced=len(groups) == 1,
        played=played,
        best=best,
        loss=loss,
        verdict=verdict_for(loss),
        better=better,
        line=line,
        nodes=solver.nodes - before,
    )


def review_deal(
    record: DealRecord,
    learner: int = 0,
    *,
    node_budget: int = NODE_BUDGET,
    on_card: Callable[[int, int], None] | None = None,
) -> DealReview:
    """The review of the deal ``record`` for the player at seat ``learner`` (see the module
    docstring), from the deal's replay (``tutor.practice.replay``, shared with the pages that
    show the tricks). A deal that was not played (a redeal, or moves stopping before the
    cards) has no cards to review. ``on_card(done, total)`` hears of each card judged, the
    last first (for a progress bar: the judging may stop before the first card)."""
    views = replay(record, learner)
    turns = _learner_turns(views, learner)
    remarks = tuple(view.remarks for view in views)
    if on_card is not None:
        on_card(0, len(turns))
    solvers: dict[tuple[object, ...], Solver] = {}
    for turn in turns:  # the earliest position of each setup roots its solver
        key = _setup_key(turn.position)
        if key not in solvers:
            setup, root = start(turn.position)
            solvers[key] = Solver(setup, root)
    judged: dict[int, CardReview] = {}
    for turn in reversed(turns):
        try:
            judged[turn.trick] = _judge(solvers[_setup_key(turn.position)], turn, node_budget)
        except SearchCut:
            break
        if on_card is not None:
            on_card(len(judged), len(turns))
    cards = tuple(judged.get(turn.trick) or _not_judged(turn) for turn in turns)
    nodes = sum(s.nodes for s in solvers.values())
    return DealReview(record.players, learner, cards, remarks, nodes)


def coach_only(record: DealRecord, learner: int = 0) -> DealReview:
    """The deal's review before (or without) the solver: every card not judged, the coach's
    remarks beside each trick. What a page shows while the solver's review is computed
    elsewhere, or could not be; never stored."""
    views = replay(record, learner)
    cards = tuple(_not_judged(turn) for turn in _learner_turns(views, learner))
    return DealReview(record.players, learner, cards, tuple(view.remarks for view in views), 0)


def _not_judged(turn: _Turn) -> CardReview:
    return CardReview(turn.trick, turn.card, turn.position.is_attack(turn.seat), judged=False)


__all__ = [
    "NODE_BUDGET",
    "REVIEW_VERSION",
    "THRESHOLDS",
    "CardReview",
    "DealReview",
    "Verdict",
    "coach_only",
    "review_deal",
    "verdict_for",
]
