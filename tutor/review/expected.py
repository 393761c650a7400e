"""Each of the learner's decisions valued by what the learner could know at that moment.

The open-card solver (``tutor.review.deal``) judges a card with every hand visible; a player
at the table sees only their own hand. Here each decision is valued the way a player could
have valued it: the hidden cards are dealt again many times, consistently with everything the
learner had seen (their hand, the chien when it was shown, the bids, the cards played, the
voids and trump limits they showed: ``tutor.bots.sampling``), and every choice the learner had
is played out in each of those deals. A choice's value is its **expected score**: the mean,
over the deals, of the learner's side's score, in points of the deal's score (what the taker
wins from or pays to each defender, so one number means the same at every contract, seat and
number of players).

**A playout.** After the choice, every seat plays SimpleBot's rules of thumb until
``SOLVE_AT`` tricks are left; the exact open-card solver plays those last tricks. A choice
made with ``SOLVE_AT`` tricks left or fewer is valued by the solver straight away, and so is a
card in the last ``WHOLE_DEAL_AT`` tricks when what the learner has seen places every hidden
card: where the learner's information is the whole deal, the value is the exact open-card one
(rules of thumb played for a trick or two before the solver would move it).

**Common random numbers.** Every choice is played out on the same deals, with the same
bots' random draws: the differences between choices are then measured pair by pair, and the
noise of the deals drawn mostly cancels. What is left is the gap's swing from deal to deal,
mostly a contract turned on a few deals by one choice and not the other, and nothing cheap
about a deal drawn predicts which (a control variate on where the oudlers, trumps, points or
the partner lie, a deal paired with two of its hands swapped, more tricks solved exactly:
measured, none kept; docs/performance.md, "Issue 22: a lower-variance valuation").

**The loss, conservatively.** The best choice is the one with the highest mean; the loss of
the learner's choice is the mean of its paired gap to the best, *minus twice the gap's
standard error*, floored at 0. A difference the samples cannot tell from noise is never called
a mistake. A decision is left at its first ``SAMPLES`` deals only where no option could be
better than the learner's by an inaccuracy's worth (the upper end, ``+ 2`` standard errors, of
every option's paired gap to it below the smallest cut-off); every other decision, every label
included, is dealt ``MORE_SAMPLES`` deals. A dozen deals cannot settle a label: a deal's score
swings by a contract's worth when one is turned, so a few deals can hide a difference or show
one too large, and when the learner's choice happens to come first on them its gap to itself
is zero whatever the others are worth. (With another sampling seed, ``bench_review.py
--stability``, the 5-player labels that still change are mostly given on the larger count,
near a cut-off: docs/performance.md.)

**The labels** (``CUTOFFS``, the same at every contract and player count): an inaccuracy
loses at least 3 points of the deal's score, a mistake 6 (a king's worth of card points at a
garde), a blunder 15 (a contract or the petit au bout turned).

**The bid** is valued the same way against every bid the learner could make: the other hands
and the chien dealt at random around the learner's hand, the bids before theirs kept, each bid
played out (the bots bid on, call, make the écart and play). The count's own bid is never
labelled (see ``expected_bid``).

**Show me how** (``show_how``): for a labelled card, the real deal played on from the better
card, the bots answering, to show one way the rest could go.

**Equivalent cards** (same suit and points, every card between them out of play as far as the
learner knows, or in their own hand) are valued once.

The deals are drawn from generators seeded by the deal, the decision and ``seed``: a review is
the same every time it is made; another ``seed`` redeals the samples (what
``bench_review.py --stability`` measures).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from statistics import fmean
from typing import Any

from tutor.analysis.deadline import NO_DEADLINE, Deadline
from tutor.analysis.solver import (
    SearchCut,
    Solver,
    State,
    equivalence_classes,
    play,
    start,
)
from tutor.bots.bidding import choose_bid
from tutor.bots.sampling import Hidden, hands_around, hidden_cards, sample_deal
from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import WAITING, DecisionRandom
from tutor.bots.strong import shared_solver
from tutor.engine import (
    FULL_DECK,
    Action,
    AnnounceChelem,
    Bid,
    Call,
    Card,
    Contract,
    Deal,
    DealRecord,
    DealtCards,
    Phase,
    Play,
    cards_of,
    format_card,
    parse_action,
    parse_card,
)


class Verdict(StrEnum):
    """How much a choice lost against the best one, as lichess names it."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


# The smallest loss (points of the deal's score) of each label, the highest first: the same
# cut-offs at every contract and number of players, for cards and bids, with the learner's
# information and with all hands visible. The page states them (review.cutoffs).
CUTOFFS: tuple[tuple[Verdict, int], ...] = (
    (Verdict.BLUNDER, 15),
    (Verdict.MISTAKE, 6),
    (Verdict.INACCURACY, 3),
)


def verdict_for(loss: float) -> Verdict | None:
    """The label of a choice that lost ``loss`` points of the deal's score (None: nothing)."""
    for verdict, smallest in CUTOFFS:
        if loss >= smallest:
            return verdict
    return None


SAMPLES = 12  # deals of the hidden cards per decision
MORE_SAMPLES = 36  # where the label is not settled by the first SAMPLES


def more_samples(samples: int) -> int:
    """The deals a decision is valued on where its label is not settled by its first
    ``samples``: three times as many, as ``MORE_SAMPLES`` is to ``SAMPLES``."""
    return samples * MORE_SAMPLES // SAMPLES

SOLVE_AT = 3  # tricks left when the exact solver takes over a playout (~1 ms at 4 players)
WHOLE_DEAL_AT = 5  # tricks left from which a card seen with the whole deal is solved outright
NODE_LIMIT = 20_000  # a playout's search stops here; the middle of its proven bounds is used
SEED = 2026
MAX_REDEALS = 50  # bids: deals drawn again when one has a petit sec (it would be redealt)


class Decision(StrEnum):
    CARD = "card"
    BID = "bid"
    CALL = "call"  # 5 players: the king (or card) the taker calls
    ECART = "ecart"  # the taker's écart, against a few candidates
    CHELEM = "chelem"  # the taker announces a chelem or not
    POIGNEE = "poignee"  # show a poignée (which size) or not, before the first card


@dataclass(frozen=True, slots=True)
class Option:
    """One choice the learner had (``moves``: equivalent moves in the engine's notation, the
    first standing for them; for an écart, its discards, and for a poignée, the poignée
    shown then the card played), and its expected score over the deals."""

    moves: tuple[str, ...]
    mean: float

    def to_data(self) -> dict[str, Any]:
        return {"moves": list(self.moves), "mean": self.mean}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Option:
        moves = tuple(str(m) for m in data["moves"])
        for move in moves:
            parse_action(move)  # ValueError for anything but a move
        if not moves:
            raise ValueError("an option without a move")
        return cls(moves, float(data["mean"]))


@dataclass(frozen=True, slots=True)
class Expectation:
    """A decision valued by the learner's information: every option (the best mean first),
    which one the learner chose (``chosen``, an index into ``options``), the deals drawn, the
    paired gap of the chosen option to the best (``gap``, its standard error ``error``), the
    conservative ``loss`` (``max(0, gap - 2 error)``) and its label."""

    decision: Decision
    options: tuple[Option, ...]
    chosen: int
    samples: int
    gap: float
    error: float
    loss: float
    verdict: Verdict | None

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def played(self) -> Option:
        return self.options[self.chosen]

    @property
    def forced(self) -> bool:
        return len(self.options) == 1

    def to_data(self) -> dict[str, Any]:
        return {
            "decision": self.decision.value,
            "options": [o.to_data() for o in self.options],
            "chosen": self.chosen,
            "samples": self.samples,
            "gap": self.gap,
            "error": self.error,
            "loss": self.loss,
            "verdict": None if self.verdict is None else self.verdict.value,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Expectation:
        options = tuple(Option.from_data(o) for o in data["options"])
        chosen = int(data["chosen"])
        if not 0 <= chosen < len(options):
            raise ValueError(f"option {chosen} of {len(options)}")
        verdict = data.get("verdict")
        return cls(
            Decision(data["decision"]),
            options,
            chosen,
            int(data["samples"]),
            float(data["gap"]),
            float(data["error"]),
            float(data["loss"]),
            None if verdict is None else Verdict(verdict),
        )


# --- a playout ------------------------------------------------------------------------------
def taker_share(deal: Deal) -> int:
    """How many times the deal's score the taker's mark is: once per defender, or twice with
    a partner at 5 players (who gets it once)."""
    return 2 if deal.partner is not None else deal.players - 1


def solver_of(deal: Deal) -> tuple[Solver, State]:
    """A solver of ``deal`` (in play) and its root, its marks read from the tables shared by
    every deal of the kind (building them is most of a small search's cost)."""
    return shared_solver(deal.position(), NODE_LIMIT)


def solved_mark(deal: Deal) -> float:
    """The taker's final mark with best open-card play from ``deal`` (in play); a search cut
    by NODE_LIMIT gives the middle of the bounds it proved."""
    return _solve(*solver_of(deal))


def _solve(solver: Solver, state: State) -> float:
    bounds = [solver.marks.values[0], solver.marks.values[-1]]
    try:
        return solver.solve(state, bounds)
    except SearchCut:
        return (bounds[0] + bounds[1]) / 2


def play_out(deal: Deal, bot: SimpleBot, draws: int) -> float | None:
    """The taker's final mark once ``deal`` (a copy of its own, changed) is played on by
    SimpleBot in every seat and, from SOLVE_AT tricks left, by the solver; None when nobody
    took (the cards are dealt again: nothing is scored). ``draws`` seeds the bots' choices."""
    step = 0
    while deal.phase in WAITING:
        if deal.phase is Phase.PLAYING and deal.tricks_per_deal - deal.tricks_done <= SOLVE_AT:
            return solved_mark(deal)
        seat = deal.to_play if deal.phase is Phase.PLAYING else deal.current_seat
        assert seat is not None
        action = bot.choose(deal, seat, DecisionRandom(draws + step))
        if type(action) is Play:
            deal.play(action.card)  # SimpleBot's cards are legal: the fast path
        else:
            deal.push(action)
        step += 1
    if deal.phase is Phase.REDEAL:
        return None
    assert deal.taker is not None
    return float(deal.result().marks[deal.taker])


# --- sampling and the figures ---------------------------------------------------------------
Values = list[list[float]]  # values[option][sample]: the learner's side's deal score
Sampler = Callable[[random.Random, int], list[float]]  # (rng, draws) -> one value per option


def _figures(values: Values, chosen: int) -> tuple[int, float, float]:
    """The best option (highest mean), and the chosen one's paired gap to it and its
    standard error."""
    means = [fmean(v) for v in values]
    best = max(range(len(values)), key=lambda i: (means[i], i == chosen))
    return best, *_paired(values[best], values[chosen])


def _paired(better: list[float], chosen: list[float]) -> tuple[float, float]:
    """The mean of the paired gaps ``better - chosen`` and its standard error."""
    gaps = [b - c for b, c in zip(better, chosen, strict=True)]
    n = len(gaps)
    gap = fmean(gaps)
    spread = math.sqrt(sum((g - gap) ** 2 for g in gaps) / (n - 1)) if n > 1 else 0.0
    return gap, spread / math.sqrt(n)


def _clearly_unlabelled(values: Values, chosen: int) -> bool:
    """No option could be better than the chosen one by an inaccuracy's worth: the upper end
    of each option's paired gap to it (two standard errors) is below the smallest cut-off."""
    smallest = CUTOFFS[-1][1]
    for i, option in enumerate(values):
        if i != chosen:
            gap, error = _paired(option, values[chosen])
            if gap + 2 * error >= smallest:
                return False
    return True


def expectation(
    decision: Decision,
    options: Sequence[tuple[str, ...]],
    chosen: int,
    sampler: Sampler,
    rng: random.Random,
    samples: int,
    more: int,
    deadline: Deadline = NO_DEADLINE,
) -> Expectation:
    """The options valued over ``samples`` deals (``more`` unless no option could be an
    inaccuracy's worth better than the chosen one); ``OverBudget`` when ``deadline`` passes
    between two deals."""
    if samples < 2 or more < samples:
        raise ValueError(f"{samples} then {more} samples: at least 2, then as many or more")
    values: Values = [[] for _ in options]

    def draw(n: int) -> None:
        for _ in range(n):
            deadline.check()
            for i, value in enumerate(sampler(rng, rng.getrandbits(30) * 1_000)):
                values[i].append(value)

    draw(samples)
    if len(options) > 1 and not _clearly_unlabelled(values, chosen):
        draw(more - samples)
    best, gap, error = _figures(values, chosen)
    loss = max(0.0, gap - 2 * error)
    order = sorted(range(len(options)), key=lambda i: (i != best, -fmean(values[i]), i))
    return Expectation(
        decision,
        tuple(Option(tuple(options[i]), fmean(values[i])) for i in order),
        order.index(chosen),
        len(values[0]),
        gap,
        error,
        loss,
        verdict_for(loss),
    )


def review_rng(record: DealRecord, seed: int, where: str) -> random.Random:
    """The generator of one decision's deals (``where``: which decision): the same for the
    same deal, decision and ``seed``, whatever else the review computes."""
    return random.Random(f"{seed}:{record.players}:{record.seed}:{record.dealer}:{where}")


# --- the cards ------------------------------------------------------------------------------
def card_groups(deal: Deal, seat: int, hidden: Hidden) -> list[tuple[Card, ...]]:
    """The legal cards of ``seat`` (to play) in groups the learner can tell are worth the
    same: the solver's equivalence, with every card the learner cannot place out of play
    counted as live (an unseen écart's cards may be in any hand of a deal drawn)."""
    setup, root = start(deal.position())
    live = deal.hands[seat]
    for known in hidden.known:
        live |= known
    live |= hidden.cards
    return equivalence_classes(setup, root._replace(rem=live), deal.legal_plays())


def sees_whole_deal(deal: Deal, hidden: Hidden) -> bool:
    """What the seat has seen places every card it cannot see (one possible holder each), in
    the last ``WHOLE_DEAL_AT`` tricks: every deal drawn is the real one, and the solver values
    it exactly within its node limit."""
    return (deal.tricks_per_deal - deal.tricks_done <= WHOLE_DEAL_AT
            and all(holders.bit_count() == 1 for holders in hidden.allowed.values()))


def _card_sampler(
    deal: Deal, seat: int, hidden: Hidden, groups: Sequence[tuple[Card, ...]], bot: SimpleBot
) -> Sampler:
    attack = deal.is_attack(seat)

    def score(sample: Deal, mark: float) -> float:
        points = mark / taker_share(sample)
        return points if attack else -points

    exact = sees_whole_deal(deal, hidden)
    solved: list[float] = []  # the whole deal seen: every draw is the real deal, solved once

    def sampler(rng: random.Random, draws: int) -> list[float]:
        if solved:
            return list(solved)
        sample = sample_deal(deal, seat, rng, hidden)
        if exact or sample.tricks_per_deal - sample.tricks_done <= SOLVE_AT:
            # The solver values every option on one search of the deal drawn.
            solver, root = solver_of(sample)
            values = [score(sample, _solve(solver, play(solver.setup, root, g[0])))
                      for g in groups]
            if exact:
                solved.extend(values)
            return values
        out = []
        bot.read(sample)  # each playout's bot reads on from the deal drawn
        for group in groups:
            played = sample.copy()
            played.play(group[0])
            mark = play_out(played, bot.following(played), draws)
            assert mark is not None  # the deal is in play: somebody took
            out.append(score(sample, mark))
        return out

    return sampler


def expected_card(
    deal: Deal,
    card: Card,
    *,
    rng: random.Random,
    samples: int = SAMPLES,
    more: int = MORE_SAMPLES,
    bot: SimpleBot | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> Expectation:
    """The card ``card`` the seat to play chose in ``deal``, valued with that seat's
    information (see the module docstring)."""
    seat = deal.to_play
    hidden = hidden_cards(deal, seat)
    groups = card_groups(deal, seat, hidden)
    chosen = next(i for i, g in enumerate(groups) if card in g)
    # the card played stands for its group
    groups = [(card, *(c for c in g if c != card)) if i == chosen else g
              for i, g in enumerate(groups)]
    options = [tuple(str(Play(c)) for c in g) for g in groups]
    sampler = _card_sampler(deal, seat, hidden, groups, bot or SimpleBot())
    return expectation(Decision.CARD, options, chosen, sampler, rng, samples, more, deadline)


# --- the bid --------------------------------------------------------------------------------
DealDrawn = Callable[[random.Random], Deal]  # rng -> a deal drawn, at the decision


def redealt_around(
    record: DealRecord, seat: int, said: Sequence[Action], *, chien_seen: bool
) -> DealDrawn:
    """Deals drawn around what ``seat`` saw before the cards: their hand kept (and the chien,
    when ``chien_seen``: the taker after it was turned up), every other card dealt again at
    random, the moves ``said`` (bids, call, écart) pushed again as they were made; a deal with
    a petit sec, which would be redealt, is drawn again."""
    dealt = record.dealt()
    hand = dealt.hands[seat]
    chien = dealt.chien if chien_seen else 0
    unseen = cards_of(FULL_DECK & ~hand & ~chien)

    def drawn(rng: random.Random) -> Deal:
        for _ in range(MAX_REDEALS):
            rng.shuffle(unseen)
            hands, rest = hands_around(unseen, seat, hand, record.players)
            aside = chien | rest  # the chien seen, else what the hands left (none when seen)
            deal = Deal(DealtCards(tuple(hands), aside, record.dealer, record.seed),
                        record.rules, undo=False)
            if deal.phase is Phase.BIDDING:
                for move in said:
                    deal.push(move)
                return deal
        raise ValueError("no deal without a petit sec was drawn")  # pragma: no cover

    return drawn


def side_score(deal: Deal, seat: int, mark: float | None) -> float:
    """The taker's final ``mark`` as ``seat``'s side's score in points of the deal's score
    (None: everybody passed, dealt again, nothing scored)."""
    if mark is None:
        return 0.0
    points = mark / taker_share(deal)
    return points if deal.is_attack(seat) else -points


def choices_sampler(
    drawn: DealDrawn, seat: int, choices: Sequence[Sequence[Action]], bot: SimpleBot
) -> Sampler:
    """Each choice (its actions pushed in turn) played out on the same deal drawn."""

    def sampler(rng: random.Random, draws: int) -> list[float]:
        base = drawn(rng)
        out = []
        for actions in choices:
            deal = base.copy()
            for action in actions:
                deal.push(action)
            out.append(side_score(deal, seat, play_out(deal, bot, draws)))
        return out

    return sampler


def learner_bid(record: DealRecord, seat: int) -> tuple[Deal, Bid] | None:
    """The deal just before ``seat``'s bid, and the bid (None: a deal without one)."""
    deal = record.dealt()
    for action in record.moves:
        if deal.phase is Phase.BIDDING and deal.current_seat == seat and type(action) is Bid:
            return deal, action
        deal.push(action)
    return None


def count_bid(before: Deal, seat: int) -> Contract | None:
    """The bid the count gives ``seat`` at its turn in ``before`` (``tutor.bots.bidding``:
    the bots' bid, the one lesson 17 teaches): the contract the hand is worth if it is above
    the bids so far, else a pass."""
    return choose_bid(before.hands[seat], before.players, before.highest)


def expected_bid(
    record: DealRecord,
    seat: int,
    *,
    rng: random.Random,
    samples: int = SAMPLES,
    more: int = MORE_SAMPLES,
    bot: SimpleBot | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> Expectation | None:
    """The learner's bid valued against every bid they could make (pass and each contract
    above the highest so far), by playing each out on deals drawn from their hand; None when
    the deal has no bid of theirs. The count's own bid (``count_bid``) is never labelled: the
    playouts' takers play by the rules of thumb, weaker than a player, and a bid by the book
    is no mistake for that; any other bid is labelled by its loss."""
    found = learner_bid(record, seat)
    if found is None:
        return None
    before, bid = found
    bids = [a for a in before.legal_actions() if type(a) is Bid]
    chosen = bids.index(bid)
    drawn = redealt_around(record, seat, before.moves, chien_seen=False)
    sampler = choices_sampler(drawn, seat, [(b,) for b in bids], bot or SimpleBot())
    options = [(str(b),) for b in bids]
    valued = expectation(Decision.BID, options, chosen, sampler, rng, samples, more,
                         deadline)
    if bid.contract == count_bid(before, seat):
        return replace(valued, verdict=None)
    return valued


# --- "show me how" --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ShownHow:
    """The rest of the real deal after a better card: ``line`` the cards from it to the end
    (with the seat of each), every seat answering by SimpleBot's rules of thumb, the learner
    too; ``score`` the learner's side's score at its end (points of the deal's score)."""

    line: tuple[tuple[int, Card], ...]
    score: int


def show_how(deal: Deal, card: Card) -> ShownHow:
    """The real deal ``deal`` played on from ``card`` (the seat to play's better card): the
    bots answer, and play the seat's own cards after it, to the end."""
    seat = deal.to_play
    attack = deal.is_attack(seat)
    played = deal.copy()
    played.push(Play(card))
    bots_play_on(played)
    assert played.taker is not None
    points = played.result().marks[played.taker] // taker_share(played)
    return ShownHow(cards_after(deal, played), points if attack else -points)


def bots_play_on(played: Deal) -> None:
    """``played`` (changed) played on to its end, or to its redeal, by SimpleBot in every
    seat; each choice seeded by the deal and its moves, so the same line every time."""
    bot = SimpleBot()
    while played.phase in WAITING:
        seat = played.to_play if played.phase is Phase.PLAYING else played.current_seat
        assert seat is not None
        played.push(bot.choose(played, seat, DecisionRandom(played.seed + len(played.moves))))


def cards_after(before: Deal, played: Deal) -> tuple[tuple[int, Card], ...]:
    """The cards of ``played`` after those of ``before`` (the same deal, earlier), with the
    seat of each."""
    return tuple([
        (seat_of, card_of)
        for trick in played.tricks[len(before.tricks):]
        for seat_of, card_of in zip(trick.seats, trick.cards, strict=True)
    ][len(before.trick):])  # the trick's earlier cards were played before


@dataclass(frozen=True, slots=True)
class PlayedOn:
    """The real deal played on from a better bid, call, écart, chelem announcement or poignée
    choice (``played_on``): every seat answering by SimpleBot's rules, the learner too.
    ``taker`` and ``contract`` as the bidding ended (None: everyone passed, the deal is void
    and dealt again); ``line`` every card played after the choice, with the seat of each;
    ``score`` the learner's side's score at its end, in points of the deal's score (None:
    void)."""

    taker: int | None
    contract: Contract | None
    line: tuple[tuple[int, Card], ...]
    score: int | None

    def to_data(self) -> dict[str, Any]:
        return {"taker": self.taker,
                "contract": None if self.contract is None else self.contract.code,
                "line": line_data(self.line), "score": self.score}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> PlayedOn:
        taker, contract, score = data["taker"], data["contract"], data["score"]
        return cls(None if taker is None else int(taker),
                   None if contract is None else Contract.from_code(str(contract)),
                   line_of(data["line"]), None if score is None else int(score))


Line = tuple[tuple[int, Card], ...]  # cards with the seat of each, as a review stores a line


def line_data(line: Line) -> list[list[Any]]:
    """A line as stored with a review: [seat, card] pairs, each card in the engine's notation."""
    return [[seat, format_card(card)] for seat, card in line]


def line_of(data: Any) -> Line:
    """A stored line (``line_data``) read back; ValueError for a card that is none."""
    return tuple((int(seat), parse_card(str(card))) for seat, card in data)


def played_on(before: Deal, seat: int, option: Option) -> PlayedOn:
    """The real deal ``before`` (``seat``'s decision to make) played on from ``option``, its
    actions in order, then by the bots to the end. The learner's side is known only once the
    bidding (and at 5 players the call) is over: the score is read from it at the end."""
    played = before.copy()
    for move in option.moves[:1] if _one_of(option) else option.moves:
        played.push(parse_action(move))
    bots_play_on(played)
    if played.phase is Phase.REDEAL or played.taker is None:
        return PlayedOn(None, None, (), None)
    points = played.result().marks[played.taker] // taker_share(played)
    return PlayedOn(played.taker, played.contract, cards_after(before, played),
                    points if played.is_attack(seat) else -points)


def _one_of(option: Option) -> bool:
    """An option whose moves are equivalent ones (a bid, a call, a card: the first stands for
    them), not a sequence (an écart's discards, a poignée then the first card)."""
    return type(parse_action(option.moves[0])) in (Bid, Call, Play, AnnounceChelem)


def bid_contract(option: Option) -> Contract | None:
    """The contract an option of a bid names (None: pass)."""
    action = parse_action(option.moves[0])
    assert type(action) is Bid
    return action.contract


def option_cards(option: Option) -> tuple[Card, ...]:
    """The cards an option of a card names."""
    out = []
    for move in option.moves:
        action = parse_action(move)
        assert type(action) is Play
        out.append(action.card)
    return tuple(out)


__all__ = [
    "CUTOFFS",
    "MORE_SAMPLES",
    "SAMPLES",
    "SEED",
    "SOLVE_AT",
    "WHOLE_DEAL_AT",
    "DealDrawn",
    "Decision",
    "Expectation",
    "Line",
    "Option",
    "PlayedOn",
    "ShownHow",
    "Verdict",
    "bid_contract",
    "card_groups",
    "choices_sampler",
    "count_bid",
    "expectation",
    "expected_bid",
    "expected_card",
    "learner_bid",
    "line_data",
    "line_of",
    "option_cards",
    "play_out",
    "played_on",
    "redealt_around",
    "review_rng",
    "sees_whole_deal",
    "show_how",
    "side_score",
    "solved_mark",
    "taker_share",
    "verdict_for",
]
