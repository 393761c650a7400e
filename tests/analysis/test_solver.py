"""The open-card solver against searches that cannot be wrong in the same way: a plain minimax
and an alpha-beta, both through ``Deal.play``/``pop`` and scored by ``Deal.result()``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from analysis_reference import card_values, card_values_pruned

from tutor.analysis import analyse, best_line
from tutor.analysis.solver import (
    Setup,
    Solver,
    State,
    final_mark,
    is_finished,
    legal,
    play,
    start,
    to_play,
)
from tutor.content.samples import bot_positions, random_position
from tutor.engine.announcements import Chelem
from tutor.engine.cards import cards_of, half_points, mask_of
from tutor.engine.errors import IllegalActionError, ImpossiblePositionError
from tutor.engine.game import Deal, Phase, Play
from tutor.engine.position import format_position
from tutor.engine.scoring import Side
from tutor.engine.variants import EXCUSE_TO_LAST_WINNER, ONLINE_FIRST_TO_100, Rules


def solver_values(deal: Deal) -> dict[int, int | None]:
    result = analyse(deal)
    assert result.exact
    return {card: v.value for v in result.cards for card in v.cards}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_card_value_equals_the_plain_minimax_up_to_three_tricks_left(players: int) -> None:
    # 100 positions per size: 1, 2 or 3 tricks left, from the trick's start to its last card.
    for seed in range(100):
        deal = random_position(players, seed, 1 + seed % 3, in_trick=seed % players)
        assert solver_values(deal) == card_values(deal), format_position(deal.position())


@pytest.mark.parametrize(("players", "count"), [(3, 30), (4, 50), (5, 20)])
def test_every_card_value_equals_a_search_through_deal_play_and_pop_at_four_tricks_left(
    players: int, count: int
) -> None:
    for seed in range(count):
        deal = random_position(players, 1000 + seed, 4, in_trick=seed % players)
        assert solver_values(deal) == card_values_pruned(deal), format_position(deal.position())


@pytest.mark.parametrize("rules", [EXCUSE_TO_LAST_WINNER, ONLINE_FIRST_TO_100])
def test_the_rules_variants_count_as_deal_result_does(rules: Rules) -> None:
    for seed in range(40):
        players = 4 if rules is ONLINE_FIRST_TO_100 else 3 + seed % 3
        deal = random_position(players, seed, 1 + seed % 3, seed % players, rules=rules)
        assert solver_values(deal) == card_values(deal), format_position(deal.position())


def play_out(deal: Deal, cards: tuple[int, ...]) -> int:
    """Play a line through the engine's fully checked ``push``; the taker's final mark."""
    deal = deal.copy()
    for card in cards:
        deal.push(Play(card))
    assert deal.phase is Phase.FINISHED
    assert deal.taker is not None
    return deal.result().marks[deal.taker]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_best_line_played_through_the_deal_ends_on_the_value(players: int) -> None:
    for seed in range(8):
        deal = random_position(players, 500 + seed, 5, in_trick=seed % players)
        result = analyse(deal)
        line = best_line(deal)
        assert line.exact
        assert line.value == result.value
        assert line.cards[0] in result.best
        assert play_out(deal, line.cards) == line.value


def test_the_line_after_a_wrong_card_ends_on_that_cards_value() -> None:
    deal = bot_positions(4, 5, 1, first_seed=3)[0]
    result = analyse(deal)
    for value in result.cards:
        line = best_line(deal, value.cards[-1])
        assert line.cards[0] == value.cards[-1]
        assert line.value == value.value
        assert play_out(deal, line.cards) == value.value


def test_equivalent_cards_are_grouped_and_every_legal_card_is_valued() -> None:
    deal = bot_positions(4, 8, 1, first_seed=0)[0]
    result = analyse(deal)
    valued = sorted(card for v in result.cards for card in v.cards)
    legal = [card for card in range(78) if deal.legal_plays() >> card & 1]
    assert valued == legal
    assert all(list(v.cards) == sorted(v.cards) for v in result.cards)


def test_the_called_suit_rule_of_the_first_trick_limits_the_cards_valued() -> None:
    # 5 players, first trick: only the legal leads (the called card, no other card of its
    # suit) are valued; a node limit keeps this cheap and says the values are bounds.
    for seed in range(20):
        deal = random_position(5, seed, 15)
        result = analyse(deal, node_limit=200)
        assert not result.exact
        valued = {card for v in result.cards for card in v.cards}
        assert valued == {card for card in range(78) if deal.legal_plays() >> card & 1}


def test_a_node_limit_cuts_the_search_and_leaves_true_bounds() -> None:
    deal = bot_positions(4, 7, 1, first_seed=5)[0]
    full = analyse(deal)
    cut = analyse(deal, node_limit=300)
    assert full.exact and not cut.exact
    assert cut.value is None and cut.best == ()
    exact = {v.cards: v.value for v in full.cards}
    for v in cut.cards:
        value = exact[v.cards]
        assert value is not None
        assert v.lower <= value <= v.upper


def test_a_time_limit_of_zero_returns_bounds_not_values() -> None:
    deal = bot_positions(4, 8, 1, first_seed=5)[0]
    result = analyse(deal, time_limit=0.0)
    assert not result.exact
    assert all(v.lower <= v.upper for v in result.cards)
    line = best_line(deal, time_limit=0.0)
    assert not line.exact and line.value is None


def test_a_position_is_taken_as_a_deal_a_position_or_its_notation() -> None:
    deal = random_position(4, 7, 3)
    text = format_position(deal.position())
    by_deal, by_position, by_text = analyse(deal), analyse(deal.position()), analyse(text)
    assert by_deal.cards == by_position.cards == by_text.cards


def test_bad_input_is_refused_with_the_engines_errors() -> None:
    with pytest.raises(ImpossiblePositionError):
        analyse("tarot1 4 nonsense")
    deal = random_position(4, 7, 3)
    illegal = next(c for c in range(78) if deal.hands[deal.to_play] >> c & 1 ^ 1)
    with pytest.raises(IllegalActionError):
        best_line(deal, illegal)


def plain_minimax(setup: Setup, state: State) -> int:
    """Every legal card through the solver's own ``play`` (no table, pruning or grouping)."""
    if is_finished(setup, state):
        return final_mark(setup, state)
    attack = setup.camp >> to_play(setup, state) & 1
    values = [plain_minimax(setup, play(setup, state, c)) for c in cards_of(legal(setup, state))]
    return max(values) if attack else min(values)


def peaked(peak: int) -> Callable[[int, int, Side | None, Chelem], int]:
    def score_of(points: int, oudlers: int, pab: Side | None, chelem: Chelem) -> int:
        return oudlers - abs(points - peak)

    return score_of


def test_a_mark_that_does_not_grow_with_points_turns_the_point_bounds_off() -> None:
    # No preset scores so (a learner's misremembered rules might): the mark peaks halfway
    # between the attack's points now and all it could win. The solver must notice, draw
    # no bound from the points left, and stay exact.
    for seed in range(30):
        deal = random_position(3 + seed % 3, 2000 + seed, 2 + seed % 2, in_trick=seed % 3)
        setup, root = start(deal.position())
        odd = dataclasses.replace(
            setup, score_of=peaked(root.points + half_points(root.rem | mask_of(root.trick)) // 2)
        )
        solver = Solver(odd, root)
        assert not solver.marks.monotone
        assert solver.solve(root) == plain_minimax(odd, root)
