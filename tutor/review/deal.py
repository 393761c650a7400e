"""The review of a played deal: each of the learner's decisions judged twice.

**By what the learner could know** (``tutor.review.expected``): the bid, the call, the écart,
the chelem announcement and the poignée (``tutor.review.choices``) and every card valued
over deals of the hidden cards drawn consistently with what the learner had seen, every choice
played out on the same deals; the expected score of each choice, the best one, the learner's
conservative loss and its label. This is the review's verdict.

**With all hands visible**, where it is exact: for every card the solver proves within a
budget, the value of the card played and of the best card with perfect play afterwards and
every hand visible, the loss between them, its label, the better card and the line that
follows it; and "could I have made it?" (``CouldMake``): the line of best play by every seat
from the learner's best card to the end, and whether the taker's contract is made at its end.
The cards early in the deal (where the search would take too long) have no such verdict.

**Every number is in points of the deal's score**, from the learner's side: what the taker
wins from (or pays to) each defender, positive when the learner's side gains it. So a loss and
the values beside it are one measure, the same for every seat, contract and number of players
(the taker's own mark is that score times the taker's share: 3 at 4 players), and the labels'
cut-offs (``CUTOFFS``) read the same everywhere.

**How the open-card part stays fast.** The cards are solved from the end of the deal
backwards, with one solver (one transposition table) per deal: the positions of the last
tricks are solved first and cheaply, and what they proved is reused by every earlier search
that reaches them. Each card has a node budget; the first card whose search is cut ends the
judging (every card before it is harder still), so it costs about one budget beyond its exact
part.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.analysis import _follow
from tutor.analysis.deadline import NO_DEADLINE, Deadline
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
from tutor.bots.simple import SimpleBot
from tutor.engine import (
    Bid,
    Card,
    Deal,
    DealRecord,
    Phase,
    Play,
    Position,
    format_card,
    parse_card,
)
from tutor.practice.coach import Remark
from tutor.practice.replay import replay
from tutor.review.card_why import CardReason, card_reason
from tutor.review.choices import ChoiceReview, moments, review_choice
from tutor.review.expected import (
    CUTOFFS,
    MORE_SAMPLES,
    SAMPLES,
    SEED,
    Expectation,
    PlayedOn,
    ShownHow,
    Verdict,
    expected_bid,
    expected_card,
    learner_bid,
    line_data,
    line_of,
    option_cards,
    played_on,
    review_rng,
    show_how,
    taker_share,
    verdict_for,
)

# Stored with a review: a review made by other rules, cut-offs or measures is redone. 2: the
# learner's information (expected scores), every number in points of the deal's score; 3: the
# call, the écart, the chelem and the poignée valued too; 4: "could I have made it?" at every
# card judged with all hands visible, a card seen with the whole deal solved outright, and
# a label only given on the larger count of deals; 5: "show me how" at a labelled bid, call,
# écart, chelem announcement and poignée too; 6: a labelled card says why (``CardReason``).
REVIEW_VERSION = 6

# Positions each card may search (a deterministic budget: the same review every time, on any
# machine). About 0.2-0.3 s of CPU on the 2-core CI machine; see bench_review.py.
NODE_BUDGET = 60_000


@dataclass(frozen=True, slots=True)
class CouldMake:
    """"Could I have made it?" at a card the solver judged: with all hands visible and best
    play by every seat from the learner's decision on, ``line`` the cards to the end of the
    deal (from the learner's best card, with the seat of each), ``made`` whether the taker's
    contract is made at its end, ``score`` the learner's side's score there (points of the
    deal's score: the card's ``best``)."""

    line: tuple[tuple[int, Card], ...]
    made: bool
    score: int

    def to_data(self) -> dict[str, Any]:
        return {"line": line_data(self.line), "made": self.made,
                "score": self.score}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CouldMake:
        return cls(line_of(data["line"]),
                   bool(data["made"]), int(data["score"]))


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card the learner played. ``expected``: the card valued by the learner's
    information (None only in the coach's review, before the workers' is in); its label is
    the card's (``label``).

    With all hands visible, ``judged``: the solver proved the values; then ``played`` and
    ``best`` are the learner's side's score after the card played and after the best card,
    ``loss`` the difference (all in points of the deal's score), ``verdict`` its label,
    ``better`` the best cards (empty when the card played was one of them), ``line`` the
    cards that follow the first better card (from it, with the seat of each), ``could`` the
    deal's best line from the decision and whether it makes the contract. ``forced``: the
    learner had no real choice (one card, or equivalent cards only)."""

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
    expected: Expectation | None = None
    how: ShownHow | None = None  # a labelled card: the deal played on from the better card
    could: CouldMake | None = None  # a judged card: the best line with all hands visible
    why: CardReason | None = None  # a labelled card: the fact that tells it from the better

    @property
    def label(self) -> Verdict | None:
        """The card's label: the one its expected loss earns."""
        return None if self.expected is None else self.expected.verdict

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
            "line": line_data(self.line),
            "nodes": self.nodes,
            "expected": None if self.expected is None else self.expected.to_data(),
            "how": None if self.how is None else {
                "line": line_data(self.how.line),
                "score": self.how.score,
            },
            "could": None if self.could is None else self.could.to_data(),
            "why": None if self.why is None else self.why.to_data(),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CardReview:
        def mark(key: str) -> int | None:
            value = data.get(key)
            return None if value is None else int(value)

        verdict = data.get("verdict")
        expected = data.get("expected")
        how = data.get("how")
        could = data.get("could")
        why = data.get("why")
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
            line=line_of(data.get("line", ())),
            nodes=int(data.get("nodes", 0)),
            expected=None if expected is None else Expectation.from_data(expected),
            how=None if how is None else ShownHow(
                line_of(how["line"]),
                int(how["score"])),
            could=None if could is None else CouldMake.from_data(could),
            why=None if why is None else CardReason.from_data(why),
        )


@dataclass(frozen=True, slots=True)
class DealReview:
    """The review of one deal for ``learner``: one ``CardReview`` per card played, in order,
    the learner's bid valued (``bid``; None without one), their call, écart, chelem
    announcement and poignée valued (``choices``, in the deal's order: those they had), and
    the coach's remarks per trick (``remarks[i]``: trick i)."""

    players: int
    learner: int
    cards: tuple[CardReview, ...]
    remarks: tuple[tuple[Remark, ...], ...] = field(default=())
    nodes: int = 0
    bid: Expectation | None = None
    final: int | None = None  # the learner's side's score at the deal's end
    choices: tuple[ChoiceReview, ...] = ()
    bid_how: PlayedOn | None = None  # a labelled bid: the deal played on from the best bid

    def card_in(self, trick: int) -> CardReview | None:
        """The learner's card of trick ``trick`` (0-based), None if out of range."""
        for card in self.cards:
            if card.trick == trick:
                return card
        return None

    @property
    def labels(self) -> tuple[Verdict | None, ...]:
        """The label of every decision valued: the bid first (when there was one), the call,
        écart, chelem and poignée the learner had, then each card."""
        bid = () if self.bid is None else (self.bid.verdict,)
        return (*bid, *(c.expected.verdict for c in self.choices),
                *(c.label for c in self.cards if c.expected is not None))

    def count(self, verdict: Verdict) -> int:
        """The decisions (bid and cards) labelled ``verdict``."""
        return sum(1 for label in self.labels if label is verdict)

    @property
    def valued(self) -> int:
        """How many decisions were valued by the learner's information."""
        return len(self.labels)

    @property
    def judged(self) -> int:
        """How many cards the solver judged with all hands visible."""
        return sum(1 for c in self.cards if c.judged)

    def to_data(self) -> dict[str, Any]:
        """The computed part as JSON-ready data (the remarks are recomputed from the moves)."""
        return {
            "version": REVIEW_VERSION,
            "players": self.players,
            "learner": self.learner,
            "cards": [c.to_data() for c in self.cards],
            "nodes": self.nodes,
            "bid": None if self.bid is None else self.bid.to_data(),
            "final": self.final,
            "choices": [c.to_data() for c in self.choices],
            "bid_how": None if self.bid_how is None else self.bid_how.to_data(),
        }

    @classmethod
    def from_data(
        cls, data: dict[str, Any], remarks: tuple[tuple[Remark, ...], ...] = ()
    ) -> DealReview:
        """A stored review; ValueError when it is not one this version wrote (an older one
        is computed again, never read by these rules)."""
        try:
            if data.get("version") != REVIEW_VERSION:
                raise ValueError(f"review version {data.get('version')!r}")
            cards = tuple(CardReview.from_data(c) for c in data["cards"])
            players = int(data["players"])
            if players not in (3, 4, 5):
                raise ValueError(f"{players} players")
            bid = data.get("bid")
            final = data.get("final")
            choices = tuple(ChoiceReview.from_data(c) for c in data.get("choices", ()))
            bid_how = data.get("bid_how")
            return cls(players, int(data["learner"]), cards, remarks, int(data.get("nodes", 0)),
                       None if bid is None else Expectation.from_data(bid),
                       None if final is None else int(final), choices,
                       None if bid_how is None else PlayedOn.from_data(bid_how))
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
    before: Deal  # the deal just before the card


def learner_turns(record: DealRecord, learner: int) -> list[_Turn]:
    """The learner's cards with the deal and the position before each, from one replay."""
    return [
        _Turn(trick.index, trick.record.cards[trick.record.seats.index(learner)], learner,
              trick.legal, trick.before.position(), trick.before)
        for trick in record.replay(learner).tricks
        if trick.legal is not None and trick.before is not None
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


def _score(p: Position, mark: int, attack: bool) -> int:
    """The taker's final ``mark`` as the learner's side's score, in points of the deal's
    score (a mark is always a whole number of them)."""
    points = mark // _taker_share(p)
    return points if attack else -points


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
    loss = _score(turn.position, best, attack) - _score(turn.position, played, attack)
    better: tuple[Card, ...] = ()
    if played != best:
        better = tuple(
            c for group in groups if _keeps(solver, play(setup, root, group[0]), best, attack)
            for c in group
        )
    first = better[0] if better else turn.card
    best_line = ((seat, first), *_line(solver, play(setup, root, first), best))
    return CardReview(
        trick=turn.trick,
        card=turn.card,
        attack=attack,
        judged=True,
        forced=len(groups) == 1,
        played=_score(turn.position, played, attack),
        best=_score(turn.position, best, attack),
        loss=loss,
        verdict=verdict_for(loss),
        better=better,
        line=best_line if better else (),
        nodes=solver.nodes - before,
        could=CouldMake(best_line, _made(turn.before, best_line),
                        _score(turn.position, best, attack)),
    )


def _made(before: Deal, line: tuple[tuple[int, Card], ...]) -> bool:
    """Whether the taker's contract is made once ``line`` is played from ``before`` to the
    end of the deal (the engine checks each card and scores it)."""
    deal = before.copy()
    for _, card in line:
        deal.push(Play(card))
    return deal.result().score.made


def decision_name(trick: int | None) -> str:
    """Names a decision of the learner's in a review: ``bid``, or ``trick N`` (0-based) for
    the card of trick N. Each decision's deals are drawn from its own generator
    (``review_rng``), so a decision valued on its own is valued as in the whole review."""
    return "bid" if trick is None else f"trick {trick}"


def decision_moves(record: DealRecord, learner: int, name: str) -> int | None:
    """How many of ``record``'s moves a decision's value depends on: the moves before it and
    its own (None: ``record`` has no such decision of ``learner``'s)."""
    deal = record.dealt()
    for index, action in enumerate(record.moves):
        if deal.current_seat == learner:
            if name == "bid" and deal.phase is Phase.BIDDING and type(action) is Bid:
                return index + 1
            if (name == decision_name(len(deal.tricks)) and deal.phase is Phase.PLAYING
                    and type(action) is Play):
                return index + 1
        deal.push(action)
    return None


def decision_record(record: DealRecord, learner: int, name: str) -> DealRecord:
    """``record`` cut to what the decision ``name`` is valued from: the moves to the bid, or
    to the end of the trick of the card (``value_decisions`` values a card once its trick is
    complete). The same cut record whatever was played since: one job per decision."""
    at = decision_moves(record, learner, name)
    if at is None:
        raise ValueError(f"no decision {name!r} of seat {learner}")
    if name != "bid":
        deal = record.dealt()
        for action in record.moves[:at]:
            deal.push(action)
        while deal.trick and at < len(record.moves):  # the trick's cards after the learner's
            deal.push(record.moves[at])
            at += 1
    return replace(record, moves=record.moves[:at])


def next_decision(record: DealRecord, learner: int, known: Collection[str]) -> str | None:
    """The first of the learner's decisions in ``record`` that ``value_decisions`` can value
    and ``known`` lacks: the bid, then the card of each trick complete (None: none)."""
    names = [decision_name(turn.trick) for turn in learner_turns(record, learner)]
    if learner_bid(record, learner) is not None:
        names.insert(0, "bid")
    return next((name for name in names if name not in known), None)


def _value_one(
    record: DealRecord, learner: int, name: str, turns: list[_Turn], *, samples: int, more: int,
    seed: int, bot: SimpleBot, deadline: Deadline
) -> Expectation | None:
    """The decision ``name`` (``decision_name``) valued by what the learner could know, from
    its own generator (``review_rng``): the same value alone as beside the others."""
    if name == "bid":
        return expected_bid(record, learner, rng=review_rng(record, seed, "bid"),
                            samples=samples, more=more, bot=bot, deadline=deadline)
    turn = next((t for t in turns if decision_name(t.trick) == name), None)
    if turn is None:
        return None
    return expected_card(turn.before, turn.card, rng=review_rng(record, seed, name),
                         samples=samples, more=more, bot=bot, deadline=deadline)


def value_decisions(
    record: DealRecord,
    learner: int = 0,
    *,
    samples: int = SAMPLES,
    more: int = MORE_SAMPLES,
    seed: int = SEED,
    known: Mapping[str, Expectation] | None = None,
    wanted: str | None = None,
    on_step: Callable[[], None] | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> dict[str, Expectation]:
    """The learner's bid and the cards of the tricks complete in ``record``, valued by what
    they could know (named by ``decision_name``), each as ``review_deal`` values it: those in
    ``known`` are taken as they are; ``wanted`` (None: every other one) the one valued;
    ``OverBudget`` when ``deadline`` passes first."""
    turns = learner_turns(record, learner)
    known = known or {}
    out: dict[str, Expectation] = {}
    bot = SimpleBot()
    for name in _decisions(turns):
        if name in known:
            out[name] = known[name]
        elif wanted is None or wanted == name:
            found = _value_one(record, learner, name, turns, samples=samples, more=more,
                               seed=seed, bot=bot, deadline=deadline)
            if found is not None:
                out[name] = found
        if on_step is not None:
            on_step()
    return out


def _decisions(turns: list[_Turn]) -> list[str]:
    """The decisions valued by what the learner could know: the bid (valued when the learner
    had one), then the card of each trick."""
    return ["bid", *(decision_name(turn.trick) for turn in turns)]


# --- a review in parts ----------------------------------------------------------------------
# A review is computed in parts that need nothing of each other, so that several workers can
# share one (``tutor.service``): each decision valued by what the learner could know (its deals
# come from its own generator), each call, écart, chelem or poignée (``tutor.review.choices``,
# the same), and the cards judged with all hands visible, one part since they share a solver.
OPEN_CARD = "open-card"


@dataclass(frozen=True, slots=True)
class ReviewPart:
    """One part of a review: ``name`` (``OPEN_CARD``, a choice's ``Decision`` value, or a
    ``decision_name``) and the steps it reports for a progress bar."""

    name: str
    steps: int


def review_parts(record: DealRecord, learner: int,
                 known: Collection[str] = ()) -> list[ReviewPart]:
    """The parts of ``record``'s review for ``learner`` in the order ``review_deal`` reports
    them: the decisions not in ``known``, the other choices, then the open-card judging. None
    for a deal without cards."""
    turns = learner_turns(record, learner)
    if not turns:
        return []
    return [*(ReviewPart(name, 1) for name in _decisions(turns) if name not in known),
            *(ReviewPart(m.decision.value, 1) for m in moments(record, learner)),
            ReviewPart(OPEN_CARD, len(turns))]


def review_part(
    record: DealRecord,
    learner: int,
    name: str,
    *,
    node_budget: int = NODE_BUDGET,
    samples: int = SAMPLES,
    more: int = MORE_SAMPLES,
    seed: int = SEED,
    on_step: Callable[[], None] | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> Any:
    """The part ``name`` of the review (``review_parts``) as JSON-ready data, for
    ``joined_review``; ``on_step`` hears of each step done."""
    turns = learner_turns(record, learner)
    step = on_step or (lambda: None)
    bot = SimpleBot()
    if name == OPEN_CARD:
        judged, nodes = _open_card(turns, node_budget, step, deadline)
        return {"cards": {str(trick): card.to_data() for trick, card in judged.items()},
                "nodes": nodes}
    moment = next((m for m in moments(record, learner) if m.decision.value == name), None)
    if moment is not None:
        choice = review_choice(record, learner, moment, rng=review_rng(record, seed, name),
                               samples=samples, more=more, bot=bot, deadline=deadline)
        step()
        return None if choice is None else choice.to_data()
    found = _value_one(record, learner, name, turns, samples=samples, more=more, seed=seed,
                       bot=bot, deadline=deadline)
    step()
    return None if found is None else found.to_data()


def joined_review(record: DealRecord, learner: int, parts: Mapping[str, Any],
                  known: Mapping[str, Expectation] | None = None) -> DealReview:
    """The review made of its parts' data (``review_part``, by name) and the decisions
    ``known`` (valued during the deal, taken as they are): a replay and no search."""
    turns = learner_turns(record, learner)
    remarks = tuple(view.remarks for view in replay(record, learner))
    if not turns:
        return DealReview(record.players, learner, (), remarks, 0, None, None, ())
    expected = {name: Expectation.from_data(data) for name, data in parts.items()
                if name in _decisions(turns) and data is not None}
    expected.update({name: value for name, value in (known or {}).items()
                     if name in _decisions(turns)})
    choices = tuple(ChoiceReview.from_data(parts[m.decision.value])
                    for m in moments(record, learner)
                    if parts.get(m.decision.value) is not None)
    open_card = parts[OPEN_CARD]
    judged = {int(trick): CardReview.from_data(data)
              for trick, data in open_card["cards"].items()}
    cards = tuple(
        replace(judged.get(turn.trick) or _not_judged(turn),
                expected=expected[decision_name(turn.trick)],
                how=_shown_how(turn, expected[decision_name(turn.trick)]),
                why=_card_why(record, turn, expected[decision_name(turn.trick)]))
        for turn in turns
    )
    bid = expected.get("bid")
    return DealReview(record.players, learner, cards, remarks, int(open_card["nodes"]),
                      bid, _final_score(record, learner), choices,
                      _bid_how(record, learner, bid))


def review_deal(
    record: DealRecord,
    learner: int = 0,
    *,
    node_budget: int = NODE_BUDGET,
    samples: int = SAMPLES,
    more: int = MORE_SAMPLES,
    seed: int = SEED,
    on_card: Callable[[int, int], None] | None = None,
    known: Mapping[str, Expectation] | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> DealReview:
    """The review of the deal ``record`` for the player at seat ``learner`` (see the module
    docstring): ``samples`` deals of the hidden cards per decision (``more`` where its label is
    not settled), drawn from ``seed``. A deal that was not played (a redeal, or moves stopping
    before the cards) has no cards to review. ``known``: decisions already valued during the
    deal (``value_decisions``, named by ``decision_name``), taken as they are: the review is
    the same, only sooner. ``on_card(done, total)`` hears of each step done (for a progress
    bar): the bid and each card by the learner's information, the other choices, then each
    card with all hands visible, the last first (that judging may stop before the first card).
    ``deadline``: the job's; past it the review stops between two deals or two cards
    (``OverBudget``). Its parts one after the other (``review_parts``): the workers may share
    them instead, for the same review (``joined_review``)."""
    parts = review_parts(record, learner, known or {})
    total = sum(part.steps for part in parts)
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if on_card is not None:
            on_card(done, total)

    if on_card is not None:
        on_card(0, total)
    data = {part.name: review_part(record, learner, part.name, node_budget=node_budget,
                                   samples=samples, more=more, seed=seed, on_step=step,
                                   deadline=deadline)
            for part in parts}
    return joined_review(record, learner, data, known)


def _bid_how(record: DealRecord, learner: int, bid: Expectation | None) -> PlayedOn | None:
    """For a labelled bid, the deal played on from the best bid (``played_on``)."""
    found = learner_bid(record, learner)
    if bid is None or bid.verdict is None or found is None:
        return None
    return played_on(found[0], learner, bid.best)


def _shown_how(turn: _Turn, expected: Expectation) -> ShownHow | None:
    """For a labelled card, the deal played on from the better card (``show_how``)."""
    if expected.verdict is None:
        return None
    return show_how(turn.before, option_cards(expected.best)[0])


def _card_why(record: DealRecord, turn: _Turn, expected: Expectation) -> CardReason | None:
    """For a labelled card, the fact that tells it from the better card (``card_reason``),
    its deals drawn from a generator of its own."""
    if expected.verdict is None:
        return None
    return card_reason(turn.before, turn.card, option_cards(expected.best)[0],
                       review_rng(record, SEED, f"why {decision_name(turn.trick)}"))


def _final_score(record: DealRecord, learner: int) -> int | None:
    """The learner's side's score at the end of the deal played, in points of the deal's
    score (None: the moves stop before its end)."""
    deal = record.deal()
    if deal.phase is not Phase.FINISHED or deal.taker is None:
        return None
    points = deal.result().marks[deal.taker] // taker_share(deal)
    return points if deal.is_attack(learner) else -points


def _open_card(
    turns: list[_Turn], node_budget: int, step: Callable[[], None], deadline: Deadline
) -> tuple[dict[int, CardReview], int]:
    """The cards the solver judges with all hands visible (by trick), the last first until
    a search is cut, and the positions it searched."""
    solvers: dict[tuple[object, ...], Solver] = {}
    for turn in turns:  # the earliest position of each setup roots its solver
        key = _setup_key(turn.position)
        if key not in solvers:
            setup, root = start(turn.position)
            solvers[key] = Solver(setup, root)
    judged: dict[int, CardReview] = {}
    for turn in reversed(turns):
        deadline.check()
        try:
            judged[turn.trick] = _judge(solvers[_setup_key(turn.position)], turn, node_budget)
        except SearchCut:
            break
        step()
    return judged, sum(s.nodes for s in solvers.values())


def coach_only(record: DealRecord, learner: int = 0) -> DealReview:
    """The deal's review before (or without) the workers': no card valued, the coach's
    remarks beside each trick. What a page shows while the review is computed elsewhere, or
    could not be; never stored."""
    views = replay(record, learner)
    cards = tuple(_not_judged(turn) for turn in learner_turns(record, learner))
    return DealReview(record.players, learner, cards, tuple(view.remarks for view in views), 0)


def _not_judged(turn: _Turn) -> CardReview:
    return CardReview(turn.trick, turn.card, turn.position.is_attack(turn.seat), judged=False)


__all__ = [
    "CUTOFFS",
    "NODE_BUDGET",
    "OPEN_CARD",
    "REVIEW_VERSION",
    "CardReview",
    "CouldMake",
    "DealReview",
    "ReviewPart",
    "Verdict",
    "coach_only",
    "decision_moves",
    "decision_name",
    "decision_record",
    "joined_review",
    "next_decision",
    "review_deal",
    "review_part",
    "review_parts",
    "value_decisions",
    "verdict_for",
]
