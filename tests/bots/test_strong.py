"""StrongBot: legal, deterministic, and right where one card wins."""

from __future__ import annotations

import random

import pytest

from tutor.bots import BotLevel, SimpleBot, StrongBot, play_deal
from tutor.bots.simulate import decision_rng
from tutor.engine.cards import PETIT, TRUMP_21
from tutor.engine.game import Deal, Phase, Play

# The taker (seat 0) leads with the 21 and the Petit; the only trump left, the 2, is in a
# hand it cannot see. Leading the 21 draws the 2 and the Petit is au bout; leading the Petit
# loses it to the 2 wherever it is.
PETIT_AU_BOUT = (
    "tarot1 4 fft-2012 3 garde:0 - T1.T21/3S.T2/4S.5S/6S.7S 0:- "
    "1S.2S.8S.9S.10S.JS.NS.QS.KS.7H.8H.9H.10H.JH.NH.QH.KH.1D.2D.3D.4D.5D.6D.7D.8D.9D.10D.JD."
    "ND.QD.KD.1C/2C.3C.4C.5C.6C.7C.8C.9C.10C.JC.NC.QC.KC.T3.T4.T5.T6.T7.T8.T9.T10.T11.T12.T13."
    "T14.T15.T16.T17.T18.T19.T20.EX 1H.2H.3H.4H.5H.6H - - -"
)

# A defender (seat 2), void in hearts, must trump the cavalier its partner played; the taker
# (seat 3, after it) holds the 20. Only the 21 keeps the trick from the taker (found by the
# solver on this deal by SimpleBot, whose rules of thumb trump with the 6).
TRUMP_WITH_THE_21 = (
    "tarot1 4 fft-2012 2 prise:3 - T7.T13/QH.EX/T1.T6.T21/4S.9D.T20 0:10H.NH "
    "3S.5S.8S.KS.1H.2H.3H.4H.5H.7H.8H.9H.KH.1C.2C.3C.4C.5C.7C.8C.JC.QC.KC.T8.T10.T11.T14.T15/"
    "1S.2S.6S.7S.9S.10S.JS.NS.QS.1D.2D.3D.4D.5D.6D.7D.8D.10D.JD.ND.KD.10C.T2.T3.T4.T5.T9.T12."
    "T16.T17.T18.T19 6H.JH.QD.6C.9C.NC - - -"
)


def strong_card(position: str, seed: int = 0) -> int:
    deal = Deal.from_position(position)
    action = StrongBot().choose(deal, deal.to_play, random.Random(seed))
    assert isinstance(action, Play)
    return action.card


@pytest.mark.parametrize("seed", range(3))
def test_leads_the_21_to_bring_the_petit_home(seed: int) -> None:
    assert strong_card(PETIT_AU_BOUT, seed) == TRUMP_21
    assert strong_card(PETIT_AU_BOUT, seed) != PETIT


@pytest.mark.parametrize("seed", range(3))
def test_a_defender_trumps_with_the_21_over_the_taker_s_20(seed: int) -> None:
    assert strong_card(TRUMP_WITH_THE_21, seed) == TRUMP_21


@pytest.mark.parametrize("players", [3, 4, 5])
def test_plays_only_legal_cards_in_whole_deals(players: int) -> None:
    # play_deal pushes every action through Deal.push, which refuses an illegal one.
    bot = StrongBot(solve_from=4, samples=3)
    for seed in range(3):
        deal = play_deal(players, seed, dealer=seed % players, bots=[bot] * players)
        assert deal.phase in (Phase.FINISHED, Phase.REDEAL)


def test_plays_only_legal_cards_against_simple_bots() -> None:
    strong = StrongBot(solve_from=5, samples=4)
    for seed in range(4):
        bots = [SimpleBot(), SimpleBot(), SimpleBot(), SimpleBot()]
        bots[seed % 4] = strong  # type: ignore[call-overload]
        deal = play_deal(4, seed, dealer=seed % 4, bots=bots)
        assert deal.phase in (Phase.FINISHED, Phase.REDEAL)


def test_the_same_seed_gives_the_same_deal() -> None:
    def played(seed: int) -> tuple[object, ...]:
        return play_deal(4, seed, bots=[StrongBot(solve_from=5, samples=4)] * 4).moves

    assert played(1) == played(1)


def test_the_same_rng_gives_the_same_card_values() -> None:
    deal = Deal.from_position(PETIT_AU_BOUT)
    first = StrongBot(samples=5).card_values(deal, 0, decision_rng(7, 3))
    again = StrongBot(samples=5).card_values(deal, 0, decision_rng(7, 3))
    assert first == again


def test_before_the_last_tricks_it_plays_as_the_simple_bot() -> None:
    simple = play_deal(4, 0, bots=[SimpleBot()] * 4)
    # bidding by the count too (its bid by simulation is tests/bots/test_bid_simulation.py's)
    strong = play_deal(4, 0, bots=[StrongBot(solve_from=0, bid_samples=0)] * 4)
    assert strong.moves == simple.moves


def test_levels_make_their_bots() -> None:
    assert isinstance(BotLevel.BEGINNER.bot(), SimpleBot)
    assert isinstance(BotLevel.EXPERT.bot(), StrongBot)
    assert BotLevel.from_code("strong") is BotLevel.EXPERT
    with pytest.raises(ValueError):
        BotLevel.from_code("<b>grandmaster</b>")


def test_a_bot_needs_a_sample() -> None:
    with pytest.raises(ValueError):
        StrongBot(samples=0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_solver_sharing_its_kinds_tables_finds_what_a_solver_of_its_own_finds(
        players: int) -> None:
    """The positions of the last tricks of many deals (where deals of a kind most often meet
    the same entries), each also with the next seat as the taker (the same cards, other
    sides) and with the chelem announcement turned: a solver reading the marks and tables
    shared between the deals of a kind lists the same possible marks, and finds the same
    value with the same nodes searched, as the position's own solver."""
    from dataclasses import replace

    from tutor.analysis.solver import Solver, start
    from tutor.bots.strong import shared_solver
    from tutor.engine import DealRecord

    checked = 0
    for seed in range(40):
        record = DealRecord.of(play_deal(players, seed, seed % players))
        deal = record.dealt()
        for action in record.moves:
            if (deal.phase is Phase.PLAYING and deal.taker is not None
                    and deal.tricks_per_deal - deal.tricks_done <= 4):
                p = deal.position()
                partner = None if p.partner is None else (p.partner + 1) % players
                for position in (p, replace(p, taker=(p.taker + 1) % players, partner=partner),
                                 replace(p, chelem_announced=not p.chelem_announced)):
                    shared, root = shared_solver(position, None)
                    own = Solver(*start(position))
                    assert shared.marks == own.marks
                    assert shared.solve(root) == own.solve(root)
                    assert shared.nodes == own.nodes
                    checked += 1
            deal.push(action)
    assert checked > 3 * 40 * 6  # a few deals are redealt
