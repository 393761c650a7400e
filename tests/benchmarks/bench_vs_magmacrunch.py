"""Our engine and bots side by side with magmacrunch-tarot 0.1.1, run by hand (not collected
by pytest):

    python tests/benchmarks/bench_vs_magmacrunch.py [--rounds 7] [--scale 1.0] [--wheel PATH]

magmacrunch-tarot is never a dependency of this package (its licence is noncommercial): when
``tarot.rules`` is not importable, it is installed on demand with ``pip install --no-deps
--target`` into a throwaway directory under the system temp dir (``--wheel`` installs a
downloaded wheel instead of asking PyPI). Only its pure-Python ``tarot.rules`` is used (the
terminal front end and its ``magmacrunch`` dependency are not needed).

Three figures, CPU time (``time.process_time``), ``--rounds`` rounds (at least 5), the two
sides alternating which goes first from round to round; printed: the median rate of each side
and the median of the per-round ratios (the two runs of a round share the machine's load of
the moment, so their ratio is steadier than the ratio of the medians on a busy machine):

(a) full random 4-player deals/s: deal, random bids, a random legal écart, every card chosen
    at random among the legal ones, then the count and the score. (a') the same with every
    action of ours checked (``Deal.push``).
(b) legal-play calls/s, on the same positions met in random deals (``Deal.legal_plays`` on
    a live Deal at each position against magmacrunch's ``legal_plays(hand, trick)``). The
    positions come from a few deals, each called many times: with thousands of live Deals,
    each holding its undo history, our figure falls about 2.5x (memory traffic, not the rule).
(c) computer-player deals/s: our SimpleBot in every seat against magmacrunch's AI (``ai_bid``,
    ``ai_discards``, ``ai_card``, as its ``step`` drives them) in every seat.

Same cards on both sides: each side deals with its own shuffle (its cost is measured), then
magmacrunch's hands and dog are replaced by ours for that seed and dealer (prepared before
the clock starts, only the list copies are timed), so both play the very same 4-player deals;
a petit sec voids the deal on both sides. The two rule sets give the same legal cards in every
4-player position (checked on every position of (b)).

The random policy is the same on both sides, and so is the cost of its draws: every choice
takes the next float ``u`` of one list of uniform floats drawn before the clock starts (the
same list for both sides and every round), and picks item ``int(u * n)`` of the ``n``
allowed: a bid from the same list of bids (a bid not above the highest is a pass), the écart
card by card among the cards allowed, then each card among the legal ones. Our side picks
that item in a card mask (``random_card``), magmacrunch's in its list. The two sides see the
same floats but not always the same choices (their lists are not in the same order).

Our side uses the engine's fast paths, as a simulation does: ``Deal.new(..., undo=False)``
(no undo history: magmacrunch keeps none), ``bid``, ``discard`` of a card of
``legal_discards()``, ``play`` of a card of ``legal_plays()`` (the caller promises
legality, as the bots' hot path). magmacrunch has no chelem announcement and no unchecked
play: its ``Game.play`` checks legality itself, so (a') times our side with every action
through ``Deal.push`` (every rule checked, a refusal would raise).

Targets (issue #11), printed beside each ratio: (a) at least 5x, (b) at least 10x, (c) at
least 1x. Measured in session 16 (``--rounds 7``, median of the per-round ratios, run twice
on the shared 2-core machine under load, load average 5-12): (a) 5.36x and 5.43x (3.90x and
3.87x before that session's work), (a') 3.57x and 3.56x (2.71x, 2.65x), (b) 12.1x and 12.9x
(11.4x, 12.0x), (c) 1.13x and 1.15x (1.11x, 1.12x).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere

from tutor.bots import play_deal
from tutor.engine.cards import (
    EXCUSE,
    PETIT,
    TRUMPS_MASK,
    cards_of,
)
from tutor.engine.contracts import Contract
from tutor.engine.game import AnnounceChelem, Bid, Deal, Discard, Phase, Play

VERSION = "0.1.1"
REPEAT = 100  # legal-play calls per position and round
TARGET = Path(tempfile.gettempdir()) / f"magmacrunch-tarot-{VERSION}"
OUR_SUITS = ("spades", "hearts", "diamonds", "clubs")  # our suit order (cards.Suit)
BIDS = [None, None, Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE]
MM_BIDS = {None: "PASSE", Contract.PRISE: "PRISE", Contract.GARDE: "GARDE",
           Contract.GARDE_SANS: "GARDE_SANS", Contract.GARDE_CONTRE: "GARDE_CONTRE"}


# --- magmacrunch on demand ------------------------------------------------------------------
def load_magmacrunch(wheel: str | None) -> ModuleType:
    try:
        return importlib.import_module("tarot.rules")
    except ImportError:
        pass
    if not (TARGET / "tarot" / "rules.py").exists():
        spec = wheel or f"magmacrunch-tarot=={VERSION}"
        print(f"installing {spec} into {TARGET} (not a dependency; noncommercial licence)")
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target",
             str(TARGET), spec],
            check=True,
        )
    sys.path.append(str(TARGET))
    return importlib.import_module("tarot.rules")


# --- the same cards on both sides -----------------------------------------------------------
@dataclass(frozen=True)
class SameCards:
    """One seeded deal of ours, in magmacrunch's cards (hands in its deck order)."""

    seed: int
    dealer: int
    hands: tuple[tuple[Any, ...], ...]
    dog: tuple[Any, ...]
    petit_sec: int  # the seat with a petit sec, -1 if none


def card_table(mm: ModuleType) -> list[Any]:
    """Our card index -> magmacrunch's Card."""
    table: list[Any] = []
    for suit in OUR_SUITS:
        table += [mm.Card(mm.SUITED, suit, rank) for rank in mm.RANKS]
    table += [mm.Card(mm.TRUMP, number=n) for n in range(1, 22)]
    table.append(mm.Card(mm.EXCUSE, number=mm.EXCUSE_NUMBER))
    assert len(table) == EXCUSE + 1
    return table


def same_cards(mm: ModuleType, seeds: range) -> list[SameCards]:
    table = card_table(mm)
    order = {card.id: i for i, card in enumerate(mm.new_deck())}

    def convert(mask: int) -> tuple[Any, ...]:
        return tuple(sorted((table[c] for c in cards_of(mask)), key=lambda c: order[c.id]))

    out = []
    for seed in seeds:
        deal = Deal.new(4, seed, dealer=seed % 4)
        petit_sec = next(
            (s for s, h in enumerate(deal.hands) if h & (TRUMPS_MASK | 1 << EXCUSE) == 1 << PETIT),
            -1,
        )
        assert (petit_sec >= 0) == (deal.phase is Phase.REDEAL)
        out.append(SameCards(seed, seed % 4, tuple(convert(h) for h in deal.hands),
                             convert(deal.chien), petit_sec))
    return out


def mm_deal(mm: ModuleType, cards: SameCards, rand: Callable[[], float]) -> Any:
    """magmacrunch's own deal (shuffle and all, timed), then our cards for that seed."""
    g = mm.Game(rand)
    g.dealer = cards.dealer
    g.deal()
    g.hands = [list(h) for h in cards.hands]
    g.dog = list(cards.dog)
    g.petit_sec = cards.petit_sec
    g.phase = mm.DEAL if cards.petit_sec >= 0 else mm.BIDDING
    return g


# --- (a) full random deals ------------------------------------------------------------------
DRAWS_PER_DEAL = 4 + 6 + 72  # at most: the bids, the écart, the cards (4 players)


def uniform_floats(deals: int) -> list[float]:
    """The floats every random choice of one round takes, in order, on both sides."""
    rng = random.Random(1)
    return [rng.random() for _ in range(deals * DRAWS_PER_DEAL)]


def random_card(mask: int, u: float) -> int:
    """Card ``int(u * n)`` of the ``n`` cards of a mask, lowest first (``u`` in [0, 1))."""
    k = int(u * mask.bit_count())
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def ours_random_deal(seed: int, draw: Callable[[], float]) -> None:
    """(a): the engine's fast paths, no undo history."""
    d = Deal.new(4, seed, dealer=seed % 4, undo=False)
    while d.phase is Phase.BIDDING:
        bid = BIDS[int(draw() * len(BIDS))]
        d.bid(bid if bid is None or d.highest is None or bid > d.highest else None)
    if d.phase is Phase.REDEAL:
        return
    while d.phase is Phase.ECART:
        d.discard(random_card(d.legal_discards(), draw()))
    d.announce_chelem(False)
    play, legal_plays, playing = d.play, d.legal_plays, Phase.PLAYING
    while d.phase is playing:
        # random_card written in place, as magmacrunch's side indexes its list in place.
        legal = legal_plays()
        for _ in range(int(draw() * legal.bit_count())):
            legal &= legal - 1
        play((legal & -legal).bit_length() - 1)
    d.result()


def ours_checked_deal(seed: int, draw: Callable[[], float]) -> None:
    """(a'): the same choices, every action through ``push`` (every rule checked)."""
    d = Deal.new(4, seed, dealer=seed % 4, undo=False)
    while d.phase is Phase.BIDDING:
        bid = BIDS[int(draw() * len(BIDS))]
        d.push(Bid(bid if bid is None or d.highest is None or bid > d.highest else None))
    if d.phase is Phase.REDEAL:
        return
    while d.phase is Phase.ECART:
        d.push(Discard(random_card(d.legal_discards(), draw())))
    d.push(AnnounceChelem(False))
    while d.phase is Phase.PLAYING:
        d.push(Play(random_card(d.legal_plays(), draw())))
    d.result()


def mm_random_deal(
    mm: ModuleType, cards: SameCards, shuffle: Callable[[], float], draw: Callable[[], float]
) -> None:
    """(a) on magmacrunch's side: its own shuffle draws from ``shuffle`` (its deal's cost, as
    ours is ours), every choice from ``draw``."""
    g = mm_deal(mm, cards, shuffle)
    if g.phase == mm.DEAL:
        return  # petit sec
    order = mm.BID_ORDER
    while g.phase == mm.BIDDING:
        kind = MM_BIDS[BIDS[int(draw() * len(BIDS))]]
        if kind != "PASSE" and order.index(kind) <= order.index(g.highest_bid):
            kind = "PASSE"
        if isinstance(g.bid(g.current_bidder, kind), dict) and g.phase == mm.BIDDING:
            return  # all passed
    if g.phase == mm.DOG_EXCHANGE:
        hand = g.hands[g.taker]
        chosen: list[str] = []
        for _ in range(mm.DOG_SIZE):  # card by card, uniformly among those allowed, as ours
            plain = [c.id for c in hand if c.type == mm.SUITED and c.rank != "R"
                     and c.id not in chosen]
            pool = plain or [c.id for c in hand if c.type == mm.TRUMP and not c.is_oudler
                             and c.id not in chosen]
            chosen.append(pool[int(draw() * len(pool))])
        assert g.discard(chosen)
    if g.poignee_offer:
        g.declare_poignee(False)
    legal_plays = mm.legal_plays
    while g.phase == mm.TRICK_PLAY:
        p = g.current
        legal = legal_plays(g.hands[p], g.trick)
        g.play(p, legal[int(draw() * len(legal))])
    assert g.phase == mm.ROUND_SCORING  # the count and the score are done at the last trick


# --- (b) legal-play positions ---------------------------------------------------------------
def positions(mm: ModuleType, deals: int) -> tuple[list[Deal], list[tuple[list[Any], Any]]]:
    """Every position met in ``deals`` random garde-sans deals, as live Deals of ours and as
    magmacrunch (hand, Trick) pairs; the legal cards must agree."""
    rng = random.Random(2)
    table = card_table(mm)
    order = {card.id: i for i, card in enumerate(mm.new_deck())}
    ours: list[Deal] = []
    theirs: list[tuple[list[Any], Any]] = []
    for seed in range(deals):
        cards_played: list[int] = []
        while True:
            d = Deal.new(4, seed)
            while d.phase is Phase.BIDDING:
                d.push(Bid(Contract.GARDE_SANS if d.highest is None else None))
            if d.phase is Phase.REDEAL:
                break
            d.announce_chelem(False)
            for card in cards_played:
                d.play(card)
            if d.phase is not Phase.PLAYING:
                break
            hand = sorted((table[c] for c in cards_of(d.hands[d.to_play])),
                          key=lambda c: order[c.id])
            trick = mm.Trick()
            for card, seat in zip(d.trick, d.trick_seats, strict=True):
                mine = table[card]
                trick.cards.append((mine, seat))
                if mine.type == mm.SUITED and not trick.led_trump and not trick.led_suit:
                    trick.led_suit = mine.suit
                if mine.type == mm.TRUMP:
                    trick.led_trump = True
                    trick.highest_trump = max(trick.highest_trump, mine.number)
            legal = d.legal_plays()
            ids = {table[c].id for c in cards_of(legal)}
            assert ids == set(mm.legal_plays(hand, trick)), (seed, len(cards_played))
            ours.append(d)
            theirs.append((hand, trick))
            cards_played.append(random_card(legal, rng.random()))
    return ours, theirs


# --- (c) computer players -------------------------------------------------------------------
def mm_ai_deal(mm: ModuleType, cards: SameCards, rand: Callable[[], float]) -> None:
    """magmacrunch's AI in all four seats: what its ``step`` does for the three computers,
    done for seat 0 too (which also declares its poignée, as the computers do)."""
    g = mm_deal(mm, cards, rand)
    if g.phase == mm.DEAL:
        return
    while g.phase == mm.BIDDING:
        p = g.current_bidder
        if isinstance(g.bid(p, mm.ai_bid(g.hands[p], g.highest_bid, g.taker == p, g.rand)),
                      dict) and g.phase == mm.BIDDING:
            return  # all passed
    if g.phase == mm.DOG_EXCHANGE:
        assert g.discard([c.id for c in mm.ai_discards(g.hands[g.taker])])
    if g.poignee_offer:
        g.declare_poignee(True)
    while g.phase == mm.TRICK_PLAY:
        p = g.current
        g.play(p, mm.ai_card(g.hands[p], g.trick))
    assert g.phase == mm.ROUND_SCORING


# --- timing ---------------------------------------------------------------------------------
def cpu(fn: Callable[[], int]) -> float:
    """Units of work per CPU second."""
    start = time.process_time()
    n = fn()
    return n / (time.process_time() - start)


def alternate(
    rounds: int, ours: Callable[[], int], theirs: Callable[[], int]
) -> tuple[float, float, float]:
    """Medians of both rates, and the median of the per-round ratios (two runs back to back
    share the machine's load of the moment, so their ratio is the steadier figure)."""
    a: list[float] = []
    b: list[float] = []
    for r in range(rounds):
        if r % 2 == 0:
            a.append(cpu(ours))
            b.append(cpu(theirs))
        else:
            b.append(cpu(theirs))
            a.append(cpu(ours))
    ratios = [x / y for x, y in zip(a, b, strict=True)]
    return statistics.median(a), statistics.median(b), statistics.median(ratios)


def report(
    name: str, unit: str, figures: tuple[float, float, float], target: float | None = None
) -> None:
    ours, theirs, ratio = figures
    goal = ""
    if target is not None:
        goal = f", target >= {target:g}x: {'met' if ratio >= target else 'NOT met'}"
    print(f"{name:<46}{ours:>12,.0f}{theirs:>12,.0f}{ratio:>9.2f}x  ({unit}{goal})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--scale", type=float, default=1.0, help="work per round")
    parser.add_argument("--wheel", help="install magmacrunch-tarot from this wheel")
    parser.add_argument("--only", default="abc", help="which figures: any of a, b, c")
    args = parser.parse_args()
    rounds = max(5, args.rounds)
    mm = load_magmacrunch(args.wheel)

    n_random = int(1000 * args.scale)
    n_bots = int(300 * args.scale)
    deals = same_cards(mm, range(max(n_random, n_bots)))
    # Few deals, many calls: thousands of live Deals, each with its undo history, would
    # measure memory traffic rather than the rule (see the module docstring).
    ours_pos, mm_pos = positions(mm, max(1, int(8 * args.scale)) if "b" in args.only else 0)
    print(f"magmacrunch-tarot {VERSION} from {Path(mm.__file__).parent}")
    print(f"{rounds} rounds, medians of CPU time; {n_random} random deals, {len(ours_pos)} "
          f"positions x {REPEAT}, {n_bots} computer-player deals per round\n")
    print(f"{'':<46}{'ours':>12}{'magmacrunch':>12}{'ratio':>10}")
    print(f"{'':<46}{'(median)':>12}{'(median)':>12}{'(median)':>10}")

    floats = uniform_floats(n_random)

    def ours_random(checked: bool) -> Callable[[], int]:
        one_deal = ours_checked_deal if checked else ours_random_deal

        def run() -> int:
            draw = iter(floats).__next__
            for seed in range(n_random):
                one_deal(seed, draw)
            return n_random
        return run

    def mm_random() -> int:
        shuffle = random.Random(1).random
        draw = iter(floats).__next__
        for cards in deals[:n_random]:
            mm_random_deal(mm, cards, shuffle, draw)
        return n_random

    if "a" in args.only:
        report("(a) full random deals/s (Deal.play)", "deals/s",
               alternate(rounds, ours_random(False), mm_random), 5)
        report("(a') full random deals/s (Deal.push, checked)", "deals/s",
               alternate(rounds, ours_random(True), mm_random))

    def ours_legal() -> int:
        for _ in range(REPEAT):
            for d in ours_pos:
                d.legal_plays()
        return REPEAT * len(ours_pos)

    def mm_legal() -> int:
        legal_plays = mm.legal_plays
        for _ in range(REPEAT):
            for hand, trick in mm_pos:
                legal_plays(hand, trick)
        return REPEAT * len(mm_pos)

    if "b" in args.only:
        report("(b) legal-play calls/s (Deal.legal_plays)", "calls/s",
               alternate(rounds, ours_legal, mm_legal), 10)

    def ours_bots() -> int:
        for seed in range(n_bots):
            play_deal(4, seed, dealer=seed % 4)
        return n_bots

    def mm_bots() -> int:
        rng = random.Random(3)
        for cards in deals[:n_bots]:
            mm_ai_deal(mm, cards, rng.random)
        return n_bots

    if "c" in args.only:
        report("(c) computer-player deals/s (SimpleBot)", "deals/s",
               alternate(rounds, ours_bots, mm_bots), 1)


if __name__ == "__main__":
    main()
