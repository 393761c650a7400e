"""The open-card search: the taker's final mark for the rest of a deal when every hand is known.

The value of a position is the taker's mark under the deal's rules (``Deal.result()``'s
``marks[taker]``): the attack maximises it, the defence minimises it. The search carries the
attack's half-points, its oudlers, who won every trick so far (chelem) and where the Petit went
(petit au bout), and turns a finished deal into a mark with the engine's ``calculate``.

What makes it fast, as in double-dummy bridge solvers:

- **Zero-window tests**: the exact value is found by bisection over the marks that can still
  happen, each step asking "does the attack reach at least X?" with a null window.
- **A transposition table** at the start of every trick, keyed on the cards left and the few
  numbers the end of the deal depends on, holding a lower and an upper bound and the best card.
- **Equivalent cards searched once**: two cards of one hand in one suit, worth the same points,
  with every card between them already played, give the same value.
- **Bounds from the points still in play**: the attack can end with no more than its points
  plus every point left, and no fewer than it has; when that already decides a test, stop.
- **Sure tricks** narrow those bounds (as bridge solvers' quick and later tricks do, counted
  in card points): a trump above every other hand's trumps wins the trick it is played to,
  and the player on lead can cash such trumps, then a suit's masters once no other hand keeps
  a trump; each such trick brings its side the winning card and half a point for every other
  card but the Excuse (whose last-trick rules are minded), and rules out the other's chelem.
- **Low cards merged in the table's keys**: a suit's 1 to 10 (the trumps 2 to 20) differ only
  by their order, so the keys name who holds each of them in order, not which are left.
- Each of these is switchable (``Pruning``), to time and test the search without them.
- **A reach table**: a test's answer only grows with the attack's points (for a fixed
  oudler, petit-au-bout and chelem outcome, the mark does), so "reaches X with P points" and
  "falls short with P points" are shared by every history that left the same cards.
- **Move ordering**: the table's best card first, then the history heuristic and cheap rules
  of thumb (lead a master card; win cheaply; give points to a partner who holds the trick).
- Moves come from the engine's ``legal_mask`` and tricks end with ``trick_outcome``: no deal
  object is built or undone during the search.
"""

from __future__ import annotations

import time
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import NamedTuple

from tutor.engine import (
    EXCUSE,
    EXCUSE_BIT,
    FIRST_TRUMP,
    HALF_POINTS,
    HAND_SIZE,
    LOW_CARDS_MASK,
    NO_SUIT_LED,
    PETIT,
    SUIT_MASKS,
    TRUMP_21,
    TRUMP_LED,
    TRUMPS_MASK,
    Card,
    Chelem,
    ChienFate,
    ExcuseFate,
    ExcuseLastTrick,
    Poignee,
    Position,
    ScoreInput,
    Side,
    calculate,
    cards_of,
    chelem_outcome,
    half_points,
    legal_mask,
    oudlers_in,
    rules_of,
    trick_outcome,
)

PETIT_BIT = 1 << PETIT
TRUMP_21_BIT = 1 << TRUMP_21
EXCUSE_HALF = HALF_POINTS[EXCUSE]

# Where the Petit stands for the petit au bout, as a small int in the table's key: it only
# matters once it was won in the last trick but one (an Excuse led to a won-all last trick
# makes that trick count as the last, RULES §8.3).
PETIT_NOT_AU_BOUT = 0
PETIT_PENULTIMATE_ATTACK = 1
PETIT_PENULTIMATE_DEFENCE = 2


class SearchCut(Exception):
    """The node or time limit was reached: the search stops and what it knows is a bound."""


class State(NamedTuple):
    """A position as the search sees it. ``hands`` by seat, ``rem`` their union; ``trick`` the
    cards of the trick in progress from ``leader``; ``led``/``top`` as ``legal_mask`` wants them;
    ``win`` the card winning the trick so far (-1: none yet); ``points``/``oudlers`` the
    attack's so far (the Excuse exchange settled as soon as it happens); ``attack_all`` /
    ``defence_all``: that side won every trick so far; ``petit``: PETIT_*; ``done``: tricks
    played; ``pab``: the petit au bout, set only when the deal is over."""

    hands: tuple[int, ...]
    rem: int
    trick: tuple[Card, ...]
    leader: int
    led: int
    top: int
    win: int
    points: int
    oudlers: int
    attack_all: bool
    defence_all: bool
    petit: int
    done: int
    pab: Side | None = None


class TrickEnd(NamedTuple):
    """What a complete trick changes: who leads next, the attack's gains, the chelem flags."""

    winner: int  # the seat that wins it
    points: int  # half-points the attack gains
    oudlers: int  # oudlers the attack gains
    attack_won: bool
    petit: int  # the PETIT_* state after it
    pab: Side | None  # last trick only: the petit au bout


@dataclass(frozen=True, slots=True)
class Setup:
    """What stays fixed for the whole search of one deal."""

    players: int
    tricks: int  # tricks per deal
    camp: int  # bit per attack seat
    taker: int
    called: Card | None
    score_of: Callable[[int, int, Side | None, Chelem], int]
    chelem_announced: bool
    reading: ExcuseLastTrick


def _poignee_levels(p: Position) -> tuple[Poignee, ...]:
    sizes = rules_of(p).poignee_sizes(p.players)
    return tuple(Poignee(sizes.index(shown.bit_count()) + 1) for _seat, shown in p.poignees)


def start(p: Position) -> tuple[Setup, State]:
    """The search's view of a position: constants and the starting state."""
    rules = rules_of(p)
    players = p.players
    camp = 1 << p.taker
    if p.partner is not None:
        camp |= 1 << p.partner
    tricks = HAND_SIZE[players]
    alone = players == 5 and p.partner is None
    levels = _poignee_levels(p)
    marks: dict[tuple[int, int, Side | None, Chelem], int] = {}

    def score_of(points: int, oudlers: int, pab: Side | None, chelem: Chelem) -> int:
        key = (points, oudlers, pab, chelem)
        mark = marks.get(key)
        if mark is None:
            s = ScoreInput(players, p.contract, points, oudlers, pab, levels, chelem, alone)
            mark = marks[key] = calculate(s, rules).taker
        return mark

    attack = p.attack_won
    fate = p.contract.chien
    if fate is not ChienFate.DEFENCE_UNSEEN:
        attack |= p.aside  # the écart (prise, garde) or the unseen chien (garde sans)
    points = half_points(attack)
    oudlers = oudlers_in(attack)
    if p.excuse_owner is not None:
        assert p.excuse_winner is not None
        points += _exchange_points(p.is_attack(p.excuse_owner), p.is_attack(p.excuse_winner))
        oudlers += p.is_attack(p.excuse_owner)
    done = p.tricks_done
    petit = PETIT_NOT_AU_BOUT
    if p.petit_won is not None and p.petit_won[0] == tricks - 2:
        attack_petit = p.is_attack(p.petit_won[1])
        petit = PETIT_PENULTIMATE_ATTACK if attack_petit else PETIT_PENULTIMATE_DEFENCE
    attack_tricks = p.attack_tricks
    win = -1
    for card in p.trick:
        win = _new_winner(win, card)
    rem = 0
    for hand in p.hands:
        rem |= hand
    led = NO_SUIT_LED
    top = 0
    for card in p.trick:
        if card == EXCUSE:
            continue
        if led == NO_SUIT_LED:
            led = TRUMP_LED if card >= FIRST_TRUMP else card // 14
        if card >= FIRST_TRUMP:
            top = max(top, card - FIRST_TRUMP + 1)
    setup = Setup(
        players,
        tricks,
        camp,
        p.taker,
        p.called,
        score_of,
        p.chelem_announced,
        rules.excuse_last_trick,
    )
    state = State(
        tuple(p.hands),
        rem,
        tuple(p.trick),
        p.leader,
        led,
        top,
        win,
        points,
        oudlers,
        attack_tricks == done,
        attack_tricks == 0,
        petit,
        done,
    )
    return setup, state


def _exchange_points(owner_attack: bool, winner_attack: bool) -> int:
    """The attack's half-points from an Excuse played before the last trick: its owner keeps it
    (4.5) and gives the trick's winners a low card (0.5), or owes them half a point when it
    has none, which counts the same."""
    if owner_attack:
        return EXCUSE_HALF if winner_attack else EXCUSE_HALF - 1
    return 1 if winner_attack else 0


def _new_winner(win: int, card: Card) -> int:
    """The card winning a trick after ``card`` is added to one won so far by ``win``."""
    if card == EXCUSE:
        return win
    if win < 0:
        return card
    if card >= FIRST_TRUMP:
        return card if card > win else win
    if win < FIRST_TRUMP and card // 14 == win // 14 and card > win:
        return card
    return win


def is_finished(setup: Setup, state: State) -> bool:
    return state.done == setup.tricks


def final_mark(setup: Setup, state: State) -> int:
    """The taker's mark of a finished deal."""
    chelem = chelem_outcome(setup.chelem_announced, state.attack_all, state.defence_all)
    return setup.score_of(state.points, state.oudlers, state.pab, chelem)


def end_trick(
    setup: Setup,
    trick: tuple[Card, ...],
    leader: int,
    done: int,
    attack_all: bool,
    defence_all: bool,
    petit: int,
) -> TrickEnd:
    """Settle a complete trick with the engine's ``trick_outcome`` (the Excuse rules): the
    attack's gains, who leads next, where the Petit stands."""
    players = setup.players
    camp = setup.camp
    # The attack's seats as positions in the trick: seats follow each other from the leader.
    attack = ((camp >> leader) | (camp << (players - leader))) & ((1 << players) - 1)
    last = done == setup.tricks - 1
    out = trick_outcome(trick, attack, last, attack_all, defence_all, setup.reading)
    winner_attack = bool(attack >> out.winner & 1)
    gain = 0
    oudlers = 0
    if winner_attack:
        for card in trick:
            if card != EXCUSE:
                gain += HALF_POINTS[card]
                if card in (PETIT, TRUMP_21):
                    oudlers += 1
    if EXCUSE in trick:
        if out.excuse is ExcuseFate.EXCHANGED:
            owner_attack = bool(out.excuse_to_attack)
            gain += _exchange_points(owner_attack, winner_attack)
            oudlers += owner_attack
        elif out.excuse_to_attack:  # kept, won, or changing camp at the last trick
            gain += EXCUSE_HALF
            oudlers += 1
    pab: Side | None = None
    if PETIT in trick:
        if last:
            pab = Side.ATTACK if winner_attack else Side.DEFENCE
        elif done == setup.tricks - 2:
            petit = PETIT_PENULTIMATE_ATTACK if winner_attack else PETIT_PENULTIMATE_DEFENCE
    elif last and out.excuse is ExcuseFate.WINS_THE_TRICK and petit != PETIT_NOT_AU_BOUT:
        # The Excuse led to the last trick of a chelem: the Petit of the trick before is au bout.
        pab = Side.ATTACK if petit == PETIT_PENULTIMATE_ATTACK else Side.DEFENCE
    return TrickEnd((leader + out.winner) % players, gain, oudlers, winner_attack, petit, pab)


def legal(setup: Setup, state: State) -> int:
    """The legal cards of the player to play, with the engine's fast path (the called suit on
    the first trick at 5 players included)."""
    seat = (state.leader + len(state.trick)) % setup.players
    called = setup.called if state.done == 0 else None
    return legal_mask(state.hands[seat], state.led, state.top, called)


def to_play(setup: Setup, state: State) -> int:
    return (state.leader + len(state.trick)) % setup.players


def equivalence_classes(setup: Setup, state: State, cards: int) -> list[tuple[Card, ...]]:
    """The legal ``cards`` of one hand in groups that give the same value: same suit, same
    points, and every card of that suit between them already played (not in a hand, not in
    the trick). The called card on the first trick stands alone (its rule names it)."""
    live = state.rem
    for card in state.trick:
        live |= 1 << card
    groups: list[list[Card]] = []
    previous = -1
    for card in cards_of(cards):
        if previous >= 0 and _equivalent(previous, card, live, setup.called, state.done):
            groups[-1].append(card)
        else:
            groups.append([card])
        previous = card
    return [tuple(g) for g in groups]


def _equivalent(low: Card, high: Card, live: int, called: Card | None, done: int) -> bool:
    if HALF_POINTS[low] != HALF_POINTS[high]:
        return False
    if high >= FIRST_TRUMP:
        if high == EXCUSE or low < FIRST_TRUMP:
            return False
    elif low // 14 != high // 14:
        return False
    if done == 0 and called in (low, high):
        return False
    between = ((1 << high) - 1) ^ ((1 << (low + 1)) - 1)
    return not between & live


def play(setup: Setup, state: State, card: Card) -> State:
    """The state after ``card`` (legal) is played: the slow path, for the root and lines."""
    seat = to_play(setup, state)
    hands = list(state.hands)
    hands[seat] &= ~(1 << card)
    rem = state.rem & ~(1 << card)
    trick = (*state.trick, card)
    if len(trick) < setup.players:
        led, top = state.led, state.top
        if card != EXCUSE:
            if led == NO_SUIT_LED:
                led = TRUMP_LED if card >= FIRST_TRUMP else card // 14
            if card >= FIRST_TRUMP and card - FIRST_TRUMP + 1 > top:
                top = card - FIRST_TRUMP + 1
        return state._replace(
            hands=tuple(hands), rem=rem, trick=trick, led=led, top=top,
            win=_new_winner(state.win, card),
        )
    end = end_trick(
        setup, trick, state.leader, state.done, state.attack_all, state.defence_all, state.petit
    )
    return State(
        tuple(hands),
        rem,
        (),
        end.winner,
        NO_SUIT_LED,
        0,
        -1,
        state.points + end.points,
        state.oudlers + end.oudlers,
        state.attack_all and end.attack_won,
        state.defence_all and not end.attack_won,
        end.petit,
        state.done + 1,
        end.pab,
    )


# --- the possible marks ---------------------------------------------------------------------
def _pab_options(state: State) -> tuple[Side | None, ...]:
    live = state.rem
    for card in state.trick:
        live |= 1 << card
    if live & PETIT_BIT:
        return (None, Side.ATTACK, Side.DEFENCE)
    if state.petit != PETIT_NOT_AU_BOUT and live & EXCUSE_BIT:
        return (None, Side.ATTACK if state.petit == PETIT_PENULTIMATE_ATTACK else Side.DEFENCE)
    return (None,)


def _chelem_options(setup: Setup, attack_all: bool, defence_all: bool) -> tuple[Chelem, ...]:
    out = {
        chelem_outcome(setup.chelem_announced, a, d)
        for a in ((True, False) if attack_all else (False,))
        for d in ((True, False) if defence_all else (False,))
        if not (a and d)
    }
    return tuple(sorted(out, key=lambda c: c.value))


class Marks(NamedTuple):
    """The marks the rest of the deal can end on, and whether the mark grows with the attack's
    points and oudlers for every petit-au-bout and chelem outcome (true of every preset; a
    learner's misremembered rules may break it, and then no bound is drawn from the points)."""

    values: tuple[int, ...]  # sorted, distinct
    monotone: bool


def possible_marks(setup: Setup, state: State) -> Marks:
    live = state.rem
    for card in state.trick:
        live |= 1 << card
    points = range(state.points, state.points + half_points(live) + 1)
    oudlers = range(state.oudlers, state.oudlers + oudlers_in(live) + 1)
    values: set[int] = set()
    monotone = True
    for pab in _pab_options(state):
        for chelem in _chelem_options(setup, state.attack_all, state.defence_all):
            before_row: list[int] | None = None
            for o in oudlers:
                row = [setup.score_of(p, o, pab, chelem) for p in points]
                values.update(row)
                if any(a > b for a, b in pairwise(row)):
                    monotone = False
                if before_row is not None and any(
                    a > b for a, b in zip(before_row, row, strict=True)
                ):
                    monotone = False
                before_row = row
    return Marks(tuple(sorted(values)), monotone)


def marks_key(setup: Setup, state: State) -> tuple[object, ...]:
    """All that ``possible_marks`` reads of a position besides ``setup.score_of``: two
    positions of deals of one kind (one scoring) with the same key have the same marks."""
    live = state.rem
    for card in state.trick:
        live |= 1 << card
    return (setup.chelem_announced, state.points, half_points(live), state.oudlers,
            oudlers_in(live), _pab_options(state), state.attack_all, state.defence_all)


def snap_up(values: tuple[int, ...], bound: int) -> int:
    """The smallest possible mark >= bound (a lower bound made tight)."""
    i = bisect_left(values, bound)
    return values[i] if i < len(values) else bound


def snap_down(values: tuple[int, ...], bound: int) -> int:
    i = bisect_right(values, bound)
    return values[i - 1] if i else bound


# BLOCK_ABOVE[c]: the cards of c's suit (or of the trumps) stronger than c.
BLOCK_ABOVE: tuple[int, ...] = tuple(
    (((1 << (c // 14 * 14 + 14)) - 1) if c < FIRST_TRUMP else ((1 << EXCUSE) - 1))
    & ~((2 << c) - 1)
    for c in range(EXCUSE + 1)
)


# --- what the search may skip ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pruning:
    """The refinements of the search that can be switched off, so that a benchmark can time
    the search with and without each and a test can check that each leaves every value as it
    was. None of them changes a value: they only let the search prove it sooner."""

    master_trumps: bool = True  # bounds from the trumps that must win their tricks
    merged_low_cards: bool = True  # one table entry for layouts that differ in low cards only
    quick_tricks: bool = True  # bounds from the tricks the player on lead can cash at once


PRUNING = Pruning()  # what the solver uses unless told otherwise
# The search before them.
NO_PRUNING = Pruning(master_trumps=False, merged_low_cards=False, quick_tricks=False)

# The cards worth half a point whose rank only matters against each other: a suit's 1 to 10
# (all below its honours) and the trumps 2 to 20 (between the Petit and the 21).
LOW_RUNS: tuple[int, ...] = tuple(mask & LOW_CARDS_MASK for mask in SUIT_MASKS)
NOT_LOW = ((1 << (EXCUSE + 1)) - 1) & ~LOW_CARDS_MASK
# Where each run's code sits in a layout key, past the 78 bits of the other cards: a code
# has one digit (in base players <= 5) per card of the run plus a leading 1.
LOW_RUN_SHIFTS: tuple[int, ...] = (78, 104, 130, 156, 182)


def owners_code(run: int, hands: list[int] | tuple[int, ...]) -> int:
    """Who holds each card of ``run`` (cards of one low run), lowest first, as one number:
    two runs with the same holders in the same order give the same code."""
    players = len(hands)
    code = 1
    while run:
        low_bit = run & -run
        run ^= low_bit
        seat = 0
        while not hands[seat] & low_bit:
            seat += 1
        code = code * players + seat
    return code


class SureTricks(NamedTuple):
    """Tricks one side must win whatever the other does, and what they must bring it: at
    least ``points`` half-points (the cards that win them, and half a point for every other
    card of those tricks but the Excuse) and ``oudlers``, in ``tricks`` tricks at least."""

    attack: bool  # the side
    points: int
    oudlers: int
    tricks: int


def master_trumps(
    hands: list[int] | tuple[int, ...], rem: int, camp: int, aw: bool, dw: bool
) -> SureTricks | None:
    """What the master trumps guarantee: the trumps of the hand holding the highest trump
    left that are above every trump of the other hands each win the trick they are played
    to (nothing can beat them), at a trick's start."""
    trumps = rem & TRUMPS_MASK
    if not trumps:
        return None
    top = 1 << (trumps.bit_length() - 1)
    holder = 0
    while not hands[holder] & top:
        holder += 1
    own = hands[holder] & trumps
    floor = (trumps & ~own).bit_length()  # the bits from here up are above the others' trumps
    masters = own >> floor << floor
    players = len(hands)
    attack = bool(camp >> holder & 1)
    tricks = masters.bit_count()
    # Trumps are worth half a point, the Petit and the 21 four and a half.
    points = tricks * players + 8 * (masters & (PETIT_BIT | TRUMP_21_BIT)).bit_count()
    if rem & EXCUSE_BIT and not hands[holder] & EXCUSE_BIT:
        # The Excuse may fall into one of those tricks and bring its winners nothing (at the
        # last trick it may stay with or change camp), where any other card brings half a point.
        points -= 1
        excuse_attack = any(camp >> seat & 1 for seat in range(players) if hands[seat] & EXCUSE_BIT)
        if excuse_attack != attack and (aw if excuse_attack else dw):
            # The Excuse led to the last trick by a side that won all the others wins it
            # (RULES §8.3): the master kept for that trick may lose, say the richest one.
            richest = HALF_POINTS[PETIT] if masters & (PETIT_BIT | TRUMP_21_BIT) else 1
            points -= richest + players - 1
            return SureTricks(attack, max(points, 0), 0, tricks - 1)
    return SureTricks(attack, points, int(bool(masters & TRUMP_21_BIT)), tricks)


PLAIN_SUITS_MASKS = SUIT_MASKS[:4]


def quick_tricks(hands: list[int] | tuple[int, ...], rem: int, leader: int, camp: int) -> (
    SureTricks | None
):
    """What the player on lead can cash at once, keeping the lead: the trumps above every
    other trump, then, once they leave no other hand a trump, the cards above every other
    card of their suit. Each such trick brings the leader's side the card led and at least
    half a point for every other card but the Excuse. The leader leads each of those tricks,
    so the Excuse cannot be led to one of them (not on a trick's start past the first: the
    called suit's rule is not looked at)."""
    players = len(hands)
    own = hands[leader]
    others = rem & ~own
    floor = (others & TRUMPS_MASK).bit_length()
    cashed = (own & TRUMPS_MASK) >> floor << floor
    leads = cashed.bit_count()
    # Every trump led takes a trump from each other hand that has one, but the Excuse may be
    # played once instead.
    drawn = all(
        not hand & TRUMPS_MASK
        or (hand & TRUMPS_MASK).bit_count() + bool(hand & EXCUSE_BIT) <= leads
        for seat, hand in enumerate(hands)
        if seat != leader
    )
    if drawn:
        for suit in PLAIN_SUITS_MASKS:
            floor = (others & suit).bit_length()
            cashed |= (own & suit) >> floor << floor
    tricks = cashed.bit_count()
    if not tricks:
        return None
    points = half_points(cashed) + tricks * (players - 1)
    if rem & EXCUSE_BIT and not own & EXCUSE_BIT:
        points -= 1
    return SureTricks(bool(camp >> leader & 1), points, int(bool(cashed & TRUMP_21_BIT)), tricks)


NOTHING_SURE = SureTricks(False, 0, 0, 0)


def _more_sure(a: SureTricks, b: SureTricks) -> SureTricks:
    """Two guarantees for one side: each holds, so the larger of each figure does."""
    return SureTricks(b.attack, max(a.points, b.points), max(a.oudlers, b.oudlers),
                        max(a.tricks, b.tricks))


# --- the search -----------------------------------------------------------------------------
INFINITY = 1 << 30


@dataclass(frozen=True, slots=True)
class SharedTables:
    """What the searches of many deals may share, since none of their keys names who holds a
    card: each complete trick settled (``end_trick``: the same for the same players, attack's
    seats, tricks per deal and Excuse reading), the bounds a trick's start puts on the mark
    (the same for the same scoring and chelem announcement), the points and oudlers of the
    cards left. A caller shares one only between solvers whose setups agree on all of these
    (``tutor.bots.strong.shared_solver``); a solver of its own has fresh ones."""

    ends: dict[tuple[object, ...], TrickEnd] = field(default_factory=dict)
    bounds: dict[tuple[int, ...], tuple[int, int]] = field(default_factory=dict)
    totals: dict[int, tuple[int, int]] = field(default_factory=dict)

    def size(self) -> int:
        return len(self.ends) + len(self.bounds) + len(self.totals)


class Solver:
    """Searches one deal. The transposition table lives as long as the solver, so the values
    of several positions of the same deal (every card at the root, a whole line) share it."""

    def __init__(
        self,
        setup: Setup,
        root: State,
        node_limit: int | None = None,
        time_limit: float | None = None,
        pruning: Pruning = PRUNING,
        marks: Marks | None = None,
        tables: SharedTables | None = None,
    ) -> None:
        """``marks``: ``possible_marks(setup, root)`` when the caller already has them;
        ``tables``: tables shared with the solvers of other deals of the same kind (both: the
        samples of one kind of deal, ``tutor.bots.strong.shared_solver``)."""
        self.setup = setup
        self.pruning = pruning
        # Who holds which card: the table's keys name the cards left, not who holds them, so
        # the solver serves positions of this one deal only (see ``test``).
        self.holders = root.hands
        self.marks = possible_marks(setup, root) if marks is None else marks
        self._nodes = 0
        self.node_limit = node_limit
        self.deadline = None if time_limit is None else time.process_time() + time_limit
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self._counter = [0, 0]
        self._tables = SharedTables() if tables is None else tables
        self._search = self._build()

    # The search proper is a closure: locals are much faster than attribute reads in CPython.
    def _build(self) -> Callable[..., int]:
        setup = self.setup
        players = setup.players
        last_trick = setup.tricks - 1
        setup_tricks = setup.tricks
        camp = setup.camp
        called = setup.called
        announced = setup.chelem_announced
        score_of = setup.score_of
        values = self.marks.values
        lowest, highest = values[0], values[-1]
        monotone = self.marks.monotone
        table = self.table
        use_masters = self.pruning.master_trumps
        merge_low = self.pruning.merged_low_cards
        use_quick = self.pruning.quick_tricks
        tighten = use_masters or use_quick
        sure_cache: dict[tuple[int | bool, ...], tuple[SureTricks, SureTricks]] = {}
        layouts: dict[int, int] = {}  # cards left -> their layout key
        totals = self._tables.totals  # cards left -> their half-points and oudlers
        # A low run's cards left -> its holders' code, placed in the layout key.
        run_codes: list[dict[int, int]] = [{} for _ in LOW_RUNS]
        runs = tuple(zip(LOW_RUNS, LOW_RUN_SHIFTS, run_codes, strict=True))
        # (cards left, leader, oudlers, chelem and Petit state, target) -> (the most points
        # known to fall short of the target, the fewest known to reach it).
        reach: dict[tuple[int, ...], tuple[int, int]] = {}
        ends = self._tables.ends
        bounds_cache = self._tables.bounds
        half = HALF_POINTS
        # History heuristic: how often (weighted by depth) a card refuted its siblings.
        history = [0] * 78
        solver = self
        check_every = 2048
        first_check = check_every if self.node_limit is None else min(check_every, self.node_limit)
        counter = self._counter = [0, first_check]

        def check() -> None:
            solver._nodes += counter[0]
            counter[0] = 0
            limit = solver.node_limit
            if limit is not None and solver._nodes >= limit:
                raise SearchCut
            if solver.deadline is not None and time.process_time() >= solver.deadline:
                raise SearchCut
            counter[1] = check_every if limit is None else min(check_every, limit - solver._nodes)

        def trick_end(
            trick: tuple[Card, ...], leader: int, done: int, aw: bool, dw: bool, petit: int
        ) -> TrickEnd:
            stage = 2 if done == last_trick else 1 if done == last_trick - 1 else 0
            key = (trick, leader, stage, aw, dw, petit) if stage == 2 else (trick, leader, stage)
            end = ends.get(key)
            if end is None:
                end = ends[key] = end_trick(setup, trick, leader, done, aw, dw, petit)
            return end

        def layout(hands: list[int], rem: int) -> int:
            """The cards left and who holds them, with each low run's cards told apart only by
            their order: layouts that differ in which low cards are left, not in who holds the
            lower and the higher of them, have the same value."""
            key = layouts.get(rem)
            if key is not None:
                return key
            key = rem & NOT_LOW
            for mask, shift, codes in runs:
                run = rem & mask
                if run:
                    code = codes.get(run)
                    if code is None:
                        code = codes[run] = owners_code(run, hands) << shift
                    key |= code
            layouts[rem] = key
            return key

        def sure_tricks(
            hands: list[int],
            rem: int,
            cards_left: int,
            leader: int,
            aw: bool,
            dw: bool,
            done: int,
        ) -> tuple[SureTricks, SureTricks]:
            """The attack's and the defence's sure tricks at a trick's start (they depend on
            the layout of the cards left, not on how it was reached)."""
            key = (cards_left, leader, aw, dw, done > 0)
            found = sure_cache.get(key)
            if found is not None:
                return found
            attack_sure = defence_sure = NOTHING_SURE
            for on, find in ((use_masters, True), (use_quick and done > 0, False)):
                if not on:
                    continue
                sure = master_trumps(hands, rem, camp, aw, dw) if find else quick_tricks(
                    hands, rem, leader, camp
                )
                if sure is None or not sure.tricks:
                    continue
                if sure.attack:
                    attack_sure = _more_sure(attack_sure, sure)
                else:
                    defence_sure = _more_sure(defence_sure, sure)
            found = sure_cache[key] = (attack_sure, defence_sure)
            return found

        def bounds(
            hands: list[int],
            rem: int,
            cards_left: int,
            leader: int,
            points: int,
            oudlers: int,
            aw: bool,
            dw: bool,
            petit: int,
            done: int,
            sure: bool,
        ) -> tuple[int, int]:
            """The lowest and highest marks the attack can end on from a trick's start: no
            fewer points than it has, no more than all that is left, and, when ``sure``,
            what the sure tricks must bring to their side."""
            if not monotone:
                return lowest, highest
            low_points, low_oudlers = points, oudlers
            left = totals.get(rem)
            if left is None:
                left = totals[rem] = (half_points(rem), oudlers_in(rem))
            high_points, high_oudlers = points + left[0], oudlers + left[1]
            attack_all, defence_all = aw, dw
            attack_sure = defence_sure = NOTHING_SURE
            if sure:
                attack_sure, defence_sure = sure_tricks(
                    hands, rem, cards_left, leader, aw, dw, done
                )
            if attack_sure.tricks:
                low_points += attack_sure.points
                low_oudlers += attack_sure.oudlers
                defence_all = False
            if defence_sure.tricks:
                high_points -= defence_sure.points
                high_oudlers -= defence_sure.oudlers
                attack_all = False
            key = (
                low_points, low_oudlers, high_points, high_oudlers, attack_all, defence_all,
                petit, rem & PETIT_BIT, rem & EXCUSE_BIT,
            )
            found = bounds_cache.get(key)
            if found is None:
                probe = State((), rem, (), 0, -1, 0, -1, points, oudlers, aw, dw, petit, 0)
                low = high = None
                for pab in _pab_options(probe):
                    for chelem in _chelem_options(setup, attack_all, defence_all):
                        a = score_of(low_points, low_oudlers, pab, chelem)
                        b = score_of(high_points, high_oudlers, pab, chelem)
                        low = a if low is None or a < low else low
                        high = b if high is None or b > high else high
                assert low is not None and high is not None
                found = bounds_cache[key] = (low, high)
            return found

        def last(hands: list[int], leader: int, points: int, oudlers: int, aw: bool, dw: bool,
                 petit: int) -> int:
            """The last trick: one card in each hand, nothing to choose."""
            trick = tuple(
                hands[(leader + i) % players].bit_length() - 1 for i in range(players)
            )
            end = trick_end(trick, leader, last_trick, aw, dw, petit)
            attack_all = aw and end.attack_won
            defence_all = dw and not end.attack_won
            chelem = chelem_outcome(announced, attack_all, defence_all)
            return score_of(points + end.points, oudlers + end.oudlers, end.pab, chelem)

        def search(
            hands: list[int],
            rem: int,
            trick: tuple[Card, ...],
            leader: int,
            led: int,
            top: int,
            win: int,
            points: int,
            oudlers: int,
            aw: bool,
            dw: bool,
            petit: int,
            done: int,
            alpha: int,
            beta: int,
        ) -> int:
            counter[0] += 1
            if counter[0] >= counter[1]:
                check()
            size = len(trick)
            first = -1
            if not size:
                if done == last_trick:
                    return last(hands, leader, points, oudlers, aw, dw, petit)
                cards_left = layout(hands, rem) if merge_low else rem
                key = (cards_left, leader, points, oudlers, aw, dw, petit)
                entry = table.get(key)
                if entry is not None:
                    low, high, first = entry
                else:
                    low, high = bounds(
                        hands, rem, cards_left, leader, points, oudlers, aw, dw, petit, done,
                        False,
                    )
                    # The sure tricks cost more: looked for only when the points left do
                    # not decide the test already.
                    if tighten and low < beta and high > alpha and low != high:
                        low, high = bounds(
                            hands, rem, cards_left, leader, points, oudlers, aw, dw, petit,
                            done, True,
                        )
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
                alpha0, beta0 = alpha, beta
                # A zero-window test "does the attack reach beta?": its answer only grows with
                # the attack's points, so it is shared by every history with the same cards
                # left and the same oudlers and chelem state (as DDS shares "makes N tricks").
                reach_key = None
                if monotone and beta == alpha + 1:
                    reach_key = (cards_left, leader, oudlers, aw, dw, petit, beta)
                    known = reach.get(reach_key)
                    if known is not None:
                        if points >= known[1]:
                            return beta
                        if points <= known[0]:
                            return alpha
            seat = (leader + size) % players
            hand = hands[seat]
            moves = legal_mask(hand, led, top, called if done == 0 else None)
            maximise = camp >> seat & 1
            # Representatives of the equivalent cards, each with an ordering key.
            live = rem
            for card in trick:
                live |= 1 << card
            ordered: list[tuple[int, Card]] = []
            same_side = False
            if size and win >= 0:
                same_side = (camp >> ((leader + trick.index(win)) % players) & 1) == maximise
            previous = -1
            while moves:
                low_bit = moves & -moves
                card = low_bit.bit_length() - 1
                moves ^= low_bit
                if previous >= 0 and _equivalent(previous, card, live, called, done):
                    previous = card
                    continue
                previous = card
                if card == first:
                    order = -INFINITY
                elif not size:
                    # Lead a master card (nothing higher of its suit left) first, the
                    # richest first; otherwise the cheapest cards first.
                    if card == EXCUSE:
                        order = 5000
                    elif not live & BLOCK_ABOVE[card]:
                        order = -1000 - half[card] * 10
                    else:
                        order = half[card] * 100 + card
                elif win < 0:
                    order = half[card] * 100 + card
                elif same_side:
                    order = -half[card] * 100 + card
                elif _new_winner(win, card) == card:
                    order = card - 10_000
                else:
                    order = half[card] * 100 + card
                ordered.append((order - history[card], card))
            ordered.sort()
            best = -INFINITY if maximise else INFINITY
            best_card = -1
            ends_trick = size == players - 1
            weight = (setup_tricks - done) ** 2 << 12
            for _order, card in ordered:
                hands[seat] = hand & ~(1 << card)
                if ends_trick:
                    full = (*trick, card)
                    end = trick_end(full, leader, done, aw, dw, petit)
                    if done == last_trick:  # the deal is over
                        hands[seat] = hand
                        return score_of(
                            points + end.points,
                            oudlers + end.oudlers,
                            end.pab,
                            chelem_outcome(
                                announced, aw and end.attack_won, dw and not end.attack_won
                            ),
                        )
                    value = search(
                        hands,
                        rem & ~(1 << card),
                        (),
                        end.winner,
                        -1,
                        0,
                        -1,
                        points + end.points,
                        oudlers + end.oudlers,
                        aw and end.attack_won,
                        dw and not end.attack_won,
                        end.petit,
                        done + 1,
                        alpha,
                        beta,
                    )
                else:
                    new_led, new_top = led, top
                    if card != EXCUSE:
                        if new_led < 0:
                            new_led = TRUMP_LED if card >= FIRST_TRUMP else card // 14
                        if card >= FIRST_TRUMP and card - 55 > new_top:
                            new_top = card - 55
                    value = search(
                        hands,
                        rem & ~(1 << card),
                        (*trick, card),
                        leader,
                        new_led,
                        new_top,
                        _new_winner(win, card),
                        points,
                        oudlers,
                        aw,
                        dw,
                        petit,
                        done,
                        alpha,
                        beta,
                    )
                hands[seat] = hand
                if maximise:
                    if value > best:
                        best, best_card = value, card
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                history[card] += weight
                                break
                elif value < best:
                    best, best_card = value, card
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            history[card] += weight
                            break
            if not size:
                if best <= alpha0:
                    high = best
                elif best >= beta0:
                    low = best
                else:
                    low = high = best
                table[key] = (low, high, best_card)
                if reach_key is not None:
                    known = reach.get(reach_key, (-1, INFINITY))
                    if best >= beta0:
                        reach[reach_key] = (known[0], min(known[1], points))
                    else:
                        reach[reach_key] = (max(known[0], points), known[1])
            return best

        return search

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return self._nodes + self._counter[0]

    # --- what the API asks -------------------------------------------------------------------
    def test(self, state: State, alpha: int, beta: int) -> int:
        """A fail-soft alpha-beta value of ``state``: exact inside the window, a bound outside."""
        if is_finished(self.setup, state):
            return final_mark(self.setup, state)
        if any(hand & ~held for hand, held in zip(state.hands, self.holders, strict=True)):
            raise ValueError("a position of another deal: each deal needs its own Solver")
        return int(
            self._search(
                list(state.hands),
                state.rem,
                state.trick,
                state.leader,
                state.led,
                state.top,
                state.win,
                state.points,
                state.oudlers,
                state.attack_all,
                state.defence_all,
                state.petit,
                state.done,
                alpha,
                beta,
            )
        )

    def solve(
        self, state: State, bounds: list[int] | None = None, guess: int | None = None
    ) -> int:
        """The exact value, by zero-window tests over the possible marks. ``bounds``
        ([lower, upper]) is narrowed in place, so a cut search leaves what it proved there.
        With a ``guess`` (a sibling's value, often the same), the first tests are at the guess
        and next to it (as MTD(f) does); then the interval is halved."""
        values = self.marks.values
        interval = bounds if bounds is not None else [values[0], values[-1]]
        if is_finished(self.setup, state):
            interval[0] = interval[1] = final_mark(self.setup, state)
            return interval[0]
        probes = 0
        if guess is not None and interval[0] <= guess <= interval[1]:
            target = snap_up(values, guess)
            probes = 2
        while interval[0] < interval[1]:
            if probes:
                probes -= 1
            else:
                low = bisect_right(values, interval[0])
                high = bisect_right(values, interval[1])
                target = values[(low + high - 1) // 2] if high > low else interval[1]
            value = self.test(state, target - 1, target)
            if value >= target:
                interval[0] = snap_up(values, value)
                # Next to the guess: is the value exactly this lower bound?
                above = bisect_right(values, interval[0])
                target = values[above] if above < len(values) else interval[1]
            else:
                interval[1] = snap_down(values, value)
                target = interval[1]  # is the value exactly this upper bound?
        return interval[0]

    def card_bounds(self, state: State) -> tuple[list[tuple[tuple[Card, ...], int, int]], bool]:
        """Every group of equivalent legal cards at ``state`` with the bounds proven for its
        value (equal when exact), and whether a limit cut the search: after a cut, the groups
        not yet searched keep the widest bounds."""
        values = self.marks.values
        found: list[tuple[tuple[Card, ...], int, int]] = []
        cut = False
        guess: int | None = None
        for group in equivalence_classes(self.setup, state, legal(self.setup, state)):
            interval = [values[0], values[-1]]
            if not cut:
                try:
                    # Sibling cards often have the same value: the last one is the first guess.
                    guess = self.solve(play(self.setup, state, group[0]), interval, guess)
                except SearchCut:
                    cut = True
            found.append((group, interval[0], interval[1]))
        return found, cut

    def at_least(self, state: State, mark: int) -> bool:
        """Does the attack reach ``mark`` at least?"""
        return self.test(state, mark - 1, mark) >= mark
