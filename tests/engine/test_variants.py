"""Rule variants (issue #11): each preset's worked examples from its own source."""

import random
from dataclasses import replace

import pytest

from tests.engine.builders import make_deal, play_out
from tests.engine.test_excuse_last_trick import garde_sans_for_seat, keep_the_excuse_to_the_end
from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.cards import EXCUSE, EXCUSE_BIT, mask_of, parse_cards
from tutor.engine.contracts import Contract
from tutor.engine.errors import IllegalActionError, ImpossiblePositionError
from tutor.engine.game import AnnounceChelem, Bid, Deal, Phase, ShowPoignee
from tutor.engine.position import format_position
from tutor.engine.scoring import ScoreInput, Side, score
from tutor.engine.variants import (
    EXCUSE_TO_LAST_WINNER,
    FFT_2012,
    FORMER_NAMES,
    ONLINE_FIRST_TO_100,
    PRESETS,
    rules_named,
)

P, G, GS, GC = Contract


def test_every_preset_names_its_source_and_is_found_by_name():
    for name, rules in PRESETS.items():
        assert rules.source and rules_named(name.upper()) is rules
    with pytest.raises(ValueError):
        rules_named("belote")


def test_a_preset_is_found_by_the_name_it_had_before():
    # Saved games, sheets and links from before the rename name the online game's rules so.
    assert rules_named("seed-004-web-game") is ONLINE_FIRST_TO_100
    assert set(FORMER_NAMES.values()) <= set(PRESETS)
    assert not set(FORMER_NAMES) & set(PRESETS)


def test_a_position_saved_under_a_former_preset_name_opens_with_that_preset():
    d = Deal.new(4, 5, rules=ONLINE_FIRST_TO_100)
    while d.phase is Phase.BIDDING:
        d.bid(Contract.GARDE_SANS if d.highest is None else None)
    d.push(AnnounceChelem(False))
    text = format_position(d.position())
    assert " online-first-to-100 " in text
    old = text.replace(" online-first-to-100 ", " seed-004-web-game ")
    assert Deal.from_position(old).rules is ONLINE_FIRST_TO_100


def test_fft_2012_is_the_default_everywhere():
    s = ScoreInput(4, G, 98, 2, Side.ATTACK, (Poignee.SIMPLE,))
    assert score(s) == score(s, FFT_2012)
    assert score(s).unit == 106  # FFT worked example: 49 points, 2 oudlers
    assert Deal.new(4, 1).rules is FFT_2012


# --- the Italian rules article: FFT scoring, the Excuse played last goes to the winner -----
@pytest.mark.parametrize(
    "contract, points, oudlers, pab, poignees, chelem, unit",
    [
        (P, 58, 1, None, (), Chelem.NONE, 32),
        (G, 37, 2, None, (), Chelem.NONE, -58),
        (G, 53, 1, Side.DEFENCE, (), Chelem.NONE, 34),
        (GS, 50, 3, Side.ATTACK, (Poignee.SIMPLE,), Chelem.NONE, 216),
        (G, 91, 3, Side.ATTACK, (), Chelem.ANNOUNCED_MADE, 580),
    ],
)
def test_italian_article_score_examples_hold_under_its_reading(
    contract, points, oudlers, pab, poignees, chelem, unit
):
    s = ScoreInput(4, contract, points * 2, oudlers, pab, poignees, chelem)
    assert score(s, EXCUSE_TO_LAST_WINNER).unit == unit


@pytest.mark.parametrize("players", [3, 4, 5])
def test_italian_article_the_excuse_played_last_goes_to_the_winner_of_that_trick(players):
    met_own_side_wins = False
    for seed in range(400):
        d = Deal.new(players, seed, rules=EXCUSE_TO_LAST_WINNER)
        if d.phase is Phase.REDEAL:
            continue
        garde_sans_for_seat(d, d.speaker)
        d.push(AnnounceChelem(False))
        play_out(d, keep_the_excuse_to_the_end(random.Random(seed)))
        last = d.tricks[-1]
        if EXCUSE not in last.cards or d.attack_tricks in (0, len(d.tricks)):
            continue
        owner = last.seats[last.cards.index(EXCUSE)]
        met_own_side_wins |= d.is_attack(owner) == d.is_attack(last.winner)
        assert bool(d.result().attack_pile & EXCUSE_BIT) is d.is_attack(last.winner)
    assert met_own_side_wins


# --- online-first-to-100: the online game's rules ----------------------------------------
def test_online_first_to_100_names_the_bids_petite_garde_garde_sans_garde_contre():
    names = [ONLINE_FIRST_TO_100.contract_name(c) for c in Contract]
    assert names == ["Petite", "Garde", "Garde Sans", "Garde Contre"]


@pytest.mark.parametrize(
    "contract, points, oudlers, pab, unit",
    [
        (G, 49, 2, None, 66),  # (25 + 8) × 2
        (G, 49, 2, Side.ATTACK, 76),  # (25 + 8) × 2 + 10: the 10 is flat
        (G, 49, 2, Side.DEFENCE, 76),  # "+10 if the 1 falls in the last trick": whoever
        (P, 44, 1, Side.ATTACK, -42),  # lost by 7: (25 + 7) × 1 + 10, the taker pays
        (GC, 36, 3, None, 150),  # juste fait: 25 × 6
    ],
)
def test_online_first_to_100_deal_is_25_plus_difference_times_the_bid_plus_a_flat_10(
    contract, points, oudlers, pab, unit
):
    s = score(ScoreInput(4, contract, points * 2, oudlers, pab), ONLINE_FIRST_TO_100)
    assert s.unit == unit
    # "against all three defenders at once": each defender pays it, the taker gets 3×.
    assert (s.taker, s.defender) == (3 * unit, -unit)


def test_online_first_to_100_is_four_players_and_first_to_100_wins():
    with pytest.raises(ImpossiblePositionError):
        Deal.new(3, 0, rules=ONLINE_FIRST_TO_100)
    with pytest.raises(ImpossiblePositionError):
        score(ScoreInput(5, G, 98, 2), ONLINE_FIRST_TO_100)
    assert ONLINE_FIRST_TO_100.winners({"Ana": 99, "Bea": -30}) == []
    assert ONLINE_FIRST_TO_100.winners({"Ana": 102, "Bea": 130, "Cy": -232}) == ["Bea", "Ana"]
    assert FFT_2012.winners({"Ana": 10_000}) == []


def test_a_deal_counts_and_scores_by_its_rules():
    # Same cards and play, two rule sets: the stake differs only by the rules.
    results = []
    for rules in (FFT_2012, ONLINE_FIRST_TO_100):
        d = Deal.new(4, 5, rules=rules)
        while d.phase is Phase.BIDDING:
            d.bid(Contract.GARDE_SANS if d.highest is None else None)
        d.push(AnnounceChelem(False))
        play_out(d)
        results.append(d.result())
    fft, web = results
    assert fft.attack_half_points == web.attack_half_points
    assert web.score.unit == score(web.score.input, ONLINE_FIRST_TO_100).unit


def test_a_variant_poignee_size_is_what_the_deal_accepts():
    # A house rule with a 9-trump simple poignée at 4 players; seat 1 holds nine trumps.
    sizes = ((13, 15, 18), (9, 13, 15), (8, 10, 13))
    house = replace(FFT_2012, name="house", poignee_trumps=sizes)
    nine = "T2 T3 T4 T5 T6 T7 T8 T9 T10 KS KH KD KC QS QH QD QC NS"
    for rules, expected in ((house, {Poignee.SIMPLE}), (FFT_2012, set())):
        d = make_deal(4, {1: nine}, rules=rules)
        d.push(Bid(Contract.GARDE_SANS))
        for _ in range(3):
            d.push(Bid(None))
        d.push(AnnounceChelem(False))
        assert d.to_play == 1 and set(d.poignee_choices()) == expected
    with pytest.raises(IllegalActionError) as refused:
        d.push(ShowPoignee(mask_of(parse_cards(nine)[:9])))  # FFT: 10 trumps needed
    assert refused.value.reason == "poignee_wrong_count"
