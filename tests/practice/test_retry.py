"""Playing a saved deal again from one of the learner's decisions (``tutor.practice.retry``):
the deal rebuilt by the engine's replay of its record cut before the learner's card, the same
hands and the learner to act, played on to a score; the start, and decisions that do not exist."""

from __future__ import annotations

import random

import pytest

from tests.practice.test_practice_game import play_learner
from tutor.engine import DealRecord, Phase
from tutor.practice import LEARNER, PracticeGame, Stage
from tutor.practice.retry import (
    Choice,
    NoSuchDecision,
    RetryPoint,
    cut_before_card,
    cut_before_choice,
    retry_game,
    retry_record,
)


def finished_game(seed: int = 11, players: int = 4) -> PracticeGame:
    """A game whose first deal the learner played to its end (legal cards, drawn at random)."""
    game = PracticeGame.new(players, seed)
    rng = random.Random(seed)
    while True:
        play_learner(game.deal, rng)
        game.record()
        if game.rows[-1].redeal is None:
            return game
        game.next_deal()


def test_a_retry_at_trick_k_has_the_hands_of_the_record_at_trick_k_and_the_learner_to_act() -> None:
    game = finished_game()
    row = game.rows[-1]
    record = row.record(game.players, game.rules)
    tricks = record.replay(LEARNER).tricks
    for k in (0, 5, len(tricks) - 1):
        retry = retry_game(game, RetryPoint(1, row.number, k))
        deal = retry.deal
        assert deal.stage is Stage.PLAY
        assert deal.deal.current_seat == LEARNER
        assert len(deal.deal.tricks) == k
        before = tricks[k].before
        assert before is not None
        assert tuple(deal.deal.hands) == tuple(before.hands)
        assert deal.deal.dealer == row.dealer and deal.deal.seed == row.seed
        assert retry.game_id is None and retry.daily is None and retry.level is game.level


def test_a_retry_plays_on_to_a_score_from_the_engine() -> None:
    game = finished_game()
    row = game.rows[-1]
    retry = retry_game(game, RetryPoint(1, row.number, 3))
    play_learner(retry.deal, random.Random(5))
    assert retry.deal.finished and retry.deal.deal.phase is Phase.FINISHED
    retry.record()
    (done,) = retry.rows
    assert done.marks == retry.deal.deal.result().marks
    assert sum(done.marks) == 0


def test_a_retry_from_the_start_deals_the_same_cards_before_any_move_of_the_learner() -> None:
    game = finished_game()
    row = game.rows[-1]
    retry = retry_game(game, RetryPoint(1, row.number, None))
    dealt = DealRecord(game.players, row.seed, row.dealer, game.rules).dealt()
    assert retry.deal.stage is Stage.BID
    assert tuple(retry.deal.deal.hands) == tuple(dealt.hands)
    assert all(event.seat != LEARNER for event in retry.deal.events)


def test_a_cut_keeps_the_moves_before_the_learners_card_only() -> None:
    game = finished_game()
    row = game.rows[-1]
    record = row.record(game.players, game.rules)
    cut = cut_before_card(record, 2)
    assert record.moves[:len(cut.moves)] == cut.moves
    deal = cut.deal()
    assert deal.current_seat == LEARNER and len(deal.tricks) == 2


@pytest.mark.parametrize("point", [RetryPoint(1, 99, 0), RetryPoint(1, 1, 40)])
def test_a_deal_or_trick_the_game_does_not_have_is_refused(point: RetryPoint) -> None:
    game = finished_game()
    with pytest.raises(NoSuchDecision):
        retry_game(game, RetryPoint(point.game_id, game.rows[-1].number if point.deal == 1
                                    else point.deal, point.trick))


@pytest.mark.parametrize("choice", list(Choice))
def test_a_cut_before_a_choice_leaves_the_learner_to_make_it_and_nothing_after(
    choice: Choice,
) -> None:
    from tests.review.test_choices import (
        ECART_SEEDS,
        alone_call_record,
        announced_chelem_record,
        bad_ecart_record,
    )

    record = {Choice.CALL: alone_call_record, Choice.CHELEM: announced_chelem_record,
              Choice.ECART: lambda: bad_ecart_record(ECART_SEEDS[0])}[choice]()
    cut = cut_before_choice(record, choice)
    deal = cut.deal()
    assert deal.phase is choice.phase and deal.current_seat == LEARNER
    assert cut.moves == record.moves[:len(cut.moves)]
    cut.deal().push(record.moves[len(cut.moves)])  # the learner's own choice comes next
    assert retry_record(record, None, choice) == cut


def test_a_choice_the_learner_did_not_have_is_refused() -> None:
    game = finished_game()
    record = game.rows[-1].record(game.players, game.rules)
    taker = record.deal().taker
    assert taker != LEARNER  # the learner defended: no écart, no chelem of theirs
    for choice in (Choice.ECART, Choice.CHELEM, Choice.CALL):
        with pytest.raises(NoSuchDecision):
            cut_before_choice(record, choice)
