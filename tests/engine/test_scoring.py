"""RULES §8, §9: thresholds, bonuses, marks; the worked examples of RULES §9.6."""

import pytest

from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.contracts import Contract
from tutor.engine.errors import ImpossiblePositionError
from tutor.engine.scoring import ScoreInput, Side, StepKind, needed, score

G, P, GS, GC = Contract.GARDE, Contract.PRISE, Contract.GARDE_SANS, Contract.GARDE_CONTRE


def deal(
    players=4,
    contract=G,
    points=41.0,
    oudlers=2,
    pab=None,
    poignees=(),
    chelem=Chelem.NONE,
    alone=False,
):
    return score(
        ScoreInput(players, contract, int(points * 2), oudlers, pab, tuple(poignees), chelem, alone)
    )


def test_needed_points_by_oudlers_56_51_41_36():
    assert [needed(n) for n in range(4)] == [56, 51, 41, 36]


# --- FFT worked examples (RULES §9.6) ---------------------------------------------------
def test_fft_garde_49_points_2_oudlers_poignee_and_petit_au_bout_by_taker():
    s = deal(contract=G, points=49, oudlers=2, pab=Side.ATTACK, poignees=[Poignee.SIMPLE])
    assert (s.unit, s.taker, s.defender) == (106, 318, -106)


def test_fft_garde_sans_made_by_4_with_defence_petit_au_bout():
    s = deal(contract=GS, points=45, oudlers=2, pab=Side.DEFENCE)
    assert (s.unit, s.taker) == (76, 228)


def test_fft_prise_failed_by_7_taker_poignee_and_taker_petit_au_bout():
    s = deal(contract=P, points=44, oudlers=1, pab=Side.ATTACK, poignees=[Poignee.SIMPLE])
    assert (s.unit, s.defender, s.taker) == (-42, 42, -126)


def test_fft_garde_made_by_11_defender_poignee_goes_to_the_taker():
    s = deal(contract=G, points=52, oudlers=2, poignees=[Poignee.SIMPLE])
    assert (s.unit, s.taker) == (92, 276)


def test_fft_garde_announced_chelem_made_87_points_2_oudlers():
    s = deal(
        contract=G,
        points=87,
        oudlers=2,
        pab=Side.ATTACK,
        poignees=[Poignee.SIMPLE],
        chelem=Chelem.ANNOUNCED_MADE,
    )
    assert (s.unit, s.taker) == (582, 1746)


# --- the Italian rules article's examples (RULES §9.6) ------------------------------------
def test_seed_prise_made_58_points_one_oudler():
    s = deal(contract=P, points=58, oudlers=1)
    assert (s.unit, s.taker) == (32, 96)


def test_seed_garde_lost_37_points_two_oudlers():
    s = deal(contract=G, points=37, oudlers=2)
    assert (s.defender, s.taker) == (58, -174)


def test_seed_garde_made_with_petit_lost_at_the_end_is_25_plus_2_minus_10_times_2():
    s = deal(contract=G, points=53, oudlers=1, pab=Side.DEFENCE)
    assert (s.unit, s.taker) == (34, 102)


def test_seed_garde_sans_three_oudlers_50_points_poignee_petit_au_bout():
    s = deal(contract=GS, points=50, oudlers=3, pab=Side.ATTACK, poignees=[Poignee.SIMPLE])
    assert (s.unit, s.taker) == (216, 648)


def test_seed_garde_contre_lost_defence_poignee_goes_to_the_defence():
    s = deal(contract=GC, points=39, oudlers=2, poignees=[Poignee.SIMPLE])
    assert (s.defender, s.taker) == (182, -546)


def test_seed_announced_chelem_91_points_petit_in_the_penultimate_trick():
    s = deal(contract=G, points=91, oudlers=3, pab=Side.ATTACK, chelem=Chelem.ANNOUNCED_MADE)
    assert (s.unit, s.taker) == (580, 1740)


def test_seed_three_players_44_5_with_two_oudlers_counts_45():
    s = deal(players=3, contract=G, points=44.5, oudlers=2)
    assert (s.unit, s.defender, s.taker) == (58, -58, 116)


def test_seed_five_players_partner_split_two_thirds_one_third():
    s = deal(players=5, contract=G, points=44.5, oudlers=2)
    assert (s.taker, s.partner, s.defender) == (116, 58, -58)
    assert sum(s.marks()) == 0 and len(s.marks()) == 5


def test_seed_five_players_taker_alone_marks_four_times():
    s = deal(players=5, contract=G, points=44.5, oudlers=2, alone=True)
    assert (s.taker, s.partner, s.defender) == (232, None, -58)
    assert sum(s.marks()) == 0 and len(s.marks()) == 5


# --- the rules one by one ----------------------------------------------------------------
def test_half_point_goes_to_the_winner_40_5_with_two_oudlers_is_lost_by_1():
    s = deal(players=3, contract=P, points=40.5, oudlers=2)
    assert not s.made and s.difference == -1 and s.unit == -26


def test_half_point_goes_to_the_winner_41_5_is_made_by_1():
    s = deal(players=5, contract=P, points=41.5, oudlers=2)
    assert s.made and s.difference == 1 and s.unit == 26


def test_juste_fait_is_made_by_zero():
    s = deal(contract=P, points=41, oudlers=2)
    assert s.made and s.difference == 0 and s.unit == 25


def test_points_lost_are_added_to_25_not_subtracted():
    assert deal(contract=P, points=34, oudlers=2).unit == -(25 + 7)


def test_petit_au_bout_is_multiplied_by_the_contract():
    without = deal(contract=GC, points=45, oudlers=2).unit
    assert deal(contract=GC, points=45, oudlers=2, pab=Side.ATTACK).unit - without == 60


def test_petit_au_bout_goes_to_the_side_that_won_it_even_when_the_contract_fails():
    s = deal(contract=G, points=38, oudlers=2, pab=Side.DEFENCE)
    assert s.unit == -(25 + 3 + 10) * 2


@pytest.mark.parametrize(
    "poignee,bonus", [(Poignee.SIMPLE, 20), (Poignee.DOUBLE, 30), (Poignee.TRIPLE, 40)]
)
def test_poignee_bonus_is_not_multiplied_and_goes_to_the_winner(poignee, bonus):
    made = deal(contract=GS, points=50, oudlers=2, poignees=[poignee])
    lost = deal(contract=GS, points=30, oudlers=2, poignees=[poignee])
    assert made.unit == (25 + 9) * 4 + bonus
    assert lost.unit == -((25 + 11) * 4 + bonus)


def test_two_poignees_both_go_to_the_winner():
    s = deal(contract=P, points=45, oudlers=2, poignees=[Poignee.SIMPLE, Poignee.DOUBLE])
    assert s.unit == 29 + 50


@pytest.mark.parametrize(
    "chelem,bonus",
    [(Chelem.ANNOUNCED_MADE, 400), (Chelem.MADE, 200), (Chelem.ANNOUNCED_FAILED, -200)],
)
def test_chelem_bonus_is_not_multiplied(chelem, bonus):
    s = deal(contract=GS, points=80, oudlers=2, chelem=chelem)
    assert s.unit == (25 + 39) * 4 + bonus


def test_announced_chelem_failed_costs_200_even_when_the_contract_is_lost():
    s = deal(contract=P, points=30, oudlers=1, chelem=Chelem.ANNOUNCED_FAILED)
    assert s.unit == -(25 + 21) - 200


def test_defence_chelem_gives_each_defender_200_more():
    s = deal(contract=G, points=0, oudlers=0, chelem=Chelem.DEFENCE)
    assert s.defender == (25 + 56) * 2 + 200


@pytest.mark.parametrize("players,factor", [(3, 2), (4, 3)])
def test_taker_marks_twice_at_3_and_three_times_at_4(players, factor):
    s = deal(players=players, contract=G, points=50, oudlers=2)
    assert s.taker == factor * s.unit and sum(s.marks()) == 0


def test_steps_show_the_calculation_line_by_line():
    s = deal(contract=G, points=49, oudlers=2, pab=Side.ATTACK, poignees=[Poignee.SIMPLE])
    assert [(st.kind, st.total) for st in s.steps if st.total] == [
        (StepKind.BASE, 33),
        (StepKind.PETIT_AU_BOUT, 43),
        (StepKind.MULTIPLIER, 86),
        (StepKind.POIGNEE, 106),
        (StepKind.UNIT, 106),
    ]


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(points=92), "between 0 and 91"),
        (dict(oudlers=4), "three oudlers"),
        (dict(points=40.5), "no half point"),
        (dict(alone=True), "only at 5 players"),
        (dict(points=3, oudlers=1), "worth more"),
        (dict(points=90, oudlers=0), "defence's 3 oudlers"),
        (dict(oudlers=0, points=30, pab=Side.ATTACK), "no oudler"),
        (dict(oudlers=3, points=60, pab=Side.DEFENCE), "all three oudlers"),
        (dict(points=30, chelem=Chelem.MADE), "cannot lose"),
        (dict(points=60, chelem=Chelem.DEFENCE), "cannot leave"),
    ],
)
def test_impossible_inputs_are_refused_with_the_reason(kwargs, message):
    with pytest.raises(ImpossiblePositionError, match=message):
        deal(**kwargs)


def test_a_deals_score_is_what_the_checked_score_gives_for_its_input():
    # result() calls calculate() without score()'s checks of a typed input: the engine's own
    # numbers always pass them, and the score (steps built on demand) is the same.
    import random

    from tutor.engine.game import Deal, Phase

    rng = random.Random(7)
    seen = 0
    for seed in range(300):
        players = 3 + seed % 3
        d = Deal.new(players, seed, dealer=seed % players)
        while d.phase is not Phase.FINISHED and d.phase is not Phase.REDEAL:
            actions = d.legal_actions()
            d.push(actions[int(rng.random() * len(actions))])
        if d.phase is Phase.FINISHED:
            s = d.result().score
            checked = score(s.input, d.rules)
            assert s == checked and s.steps == checked.steps
            assert s.steps[-2].kind is StepKind.UNIT and s.steps[-2].value == s.unit
            seen += 1
    assert seen > 200
