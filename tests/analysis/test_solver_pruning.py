"""The solver's switchable refinements (``Pruning``) change how fast a value is proven, never
the value: every card's value is the same with each of them on or off, on random positions at
3, 4 and 5 players (in mid-trick too, the Excuse and the Petit still in play), and the same as
the plain minimax on small ones. The bounds they draw hold against the searched value."""

from __future__ import annotations

import dataclasses
import random

import pytest
from analysis_reference import card_values
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.profiles import examples
from tutor.analysis import analyse
from tutor.analysis.solver import (
    NO_PRUNING,
    PRUNING,
    Pruning,
    Solver,
    master_trumps,
    owners_code,
    quick_tricks,
    start,
)
from tutor.bots.simulate import WAITING
from tutor.content.samples import random_position
from tutor.engine import EXCUSE, Deal, Phase, Play
from tutor.engine.announcements import Chelem
from tutor.engine.cards import PETIT, half_points, mask_of, parse_card
from tutor.engine.position import format_position
from tutor.engine.scoring import Side

# The search without the refinements, with each alone, and with all.
CONFIGS = (
    NO_PRUNING,
    *(dataclasses.replace(NO_PRUNING, **{f.name: True}) for f in dataclasses.fields(Pruning)),
    PRUNING,
)


def with_excuse_and_petit(players: int, seed: int, tricks_left: int, in_trick: int) -> Deal:
    """A deal where every choice is drawn at random among the legal ones, except that the
    Excuse and the Petit are kept while another card may be played, until ``tricks_left``
    tricks are left and ``in_trick`` cards are in the trick, both still in play (void deals,
    and deals where one went to the chien or was forced out, are dealt again)."""
    rng = random.Random(seed)
    while True:
        deal = Deal.new(players, rng.randrange(1 << 30), dealer=rng.randrange(players))
        while deal.phase in WAITING:
            if (
                deal.phase is Phase.PLAYING
                and deal.tricks_per_deal - deal.tricks_done == tricks_left
                and len(deal.trick) == in_trick
            ):
                if in_play(deal) & (1 << EXCUSE | 1 << PETIT) == 1 << EXCUSE | 1 << PETIT:
                    return deal
                break  # one of them was in the chien or forced out: deal again
            actions = deal.legal_actions()
            kept = [a for a in actions if not (isinstance(a, Play) and a.card in (EXCUSE, PETIT))]
            deal.push(rng.choice(kept or actions))


def in_play(deal: Deal) -> int:
    """The cards in the hands and the trick."""
    p = deal.position()
    live = mask_of(p.trick)
    for hand in p.hands:
        live |= hand
    return live


def values_by_card(deal: Deal, pruning: Pruning) -> dict[int, int | None]:
    result = analyse(deal, pruning=pruning)
    assert result.exact
    best = result.value
    # The best cards are those whose value is the position's.
    assert all(result.value_of(card).value == best for card in result.best)
    return {card: v.value for v in result.cards for card in v.cards}


@pytest.mark.parametrize("players", [3, 4, 5])
@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 10**6), tricks_left=st.integers(2, 5), in_trick=st.integers(0, 4))
def test_every_refinement_leaves_every_cards_value_unchanged(
    players: int, seed: int, tricks_left: int, in_trick: int
) -> None:
    deal = with_excuse_and_petit(players, seed, tricks_left, in_trick % players)
    found = [values_by_card(deal, pruning) for pruning in CONFIGS]
    assert all(values == found[0] for values in found), format_position(deal.position())


@pytest.mark.parametrize("players", [3, 4, 5])
@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10**6), tricks_left=st.integers(1, 2), in_trick=st.integers(0, 4))
def test_every_refinement_agrees_with_the_plain_minimax(
    players: int, seed: int, tricks_left: int, in_trick: int
) -> None:
    deal = with_excuse_and_petit(players, seed, tricks_left, in_trick % players)
    expected = card_values(deal)
    for pruning in CONFIGS:
        assert values_by_card(deal, pruning) == expected, format_position(deal.position())


def attack_points(points: int, oudlers: int, pab: Side | None, chelem: Chelem) -> int:
    """A 'mark' that is the attack's half-points: the search then gives the points the attack
    can make sure of against the best defence."""
    return points


@pytest.mark.parametrize("players", [3, 4, 5])
@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 10**6), tricks_left=st.integers(2, 5))
def test_the_sure_tricks_bring_their_side_at_least_the_points_they_promise(
    players: int, seed: int, tricks_left: int
) -> None:
    deal = with_excuse_and_petit(players, seed, tricks_left, 0)
    setup, root = start(deal.position())
    setup = dataclasses.replace(setup, score_of=attack_points)
    points = Solver(setup, root, pruning=NO_PRUNING).solve(root)
    promises = (
        master_trumps(root.hands, root.rem, setup.camp, root.attack_all, root.defence_all),
        quick_tricks(root.hands, root.rem, root.leader, setup.camp),
    )
    for sure in promises:
        if sure is None:
            continue
        if sure.attack:
            assert points >= root.points + sure.points
        else:
            assert points <= root.points + half_points(root.rem) - sure.points


def cards(text: str) -> int:
    return mask_of([parse_card(c) for c in text.split()])


def test_low_runs_with_the_same_holders_in_the_same_order_share_a_code() -> None:
    # Seats 0, 1, 0, 2 hold the run from its lowest card up, whatever the cards' ranks.
    first = owners_code(cards("2S 4S 7S 9S"), [cards("2S 7S"), cards("4S"), cards("9S")])
    second = owners_code(cards("1S 3S 6S 10S"), [cards("1S 6S"), cards("3S"), cards("10S")])
    assert first == second
    # Seats 0, 0, 1, 2: another layout, another code.
    third = owners_code(cards("1S 3S 6S 10S"), [cards("1S 3S"), cards("6S"), cards("10S")])
    assert third != first


def test_a_solver_refuses_a_position_of_another_deal() -> None:
    first = random_position(4, 1, 3)
    second = random_position(4, 2, 3)
    setup, root = start(first.position())
    solver = Solver(setup, root)
    _, other = start(second.position())
    with pytest.raises(ValueError, match="another deal"):
        solver.test(other, 0, 1)
