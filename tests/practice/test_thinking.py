"""A page's practice deal against Strong players (``elsewhere=True``): the bots stop at each
search, the workers' answer is played only where the deal still awaits it, and when the
workers cannot take it the rules of thumb play at once. Played through, it is the deal the
bots play in place."""

from __future__ import annotations

from functools import cache

from tutor.bots import SimpleBot, StrongBot, decision_rng
from tutor.bots.levels import BotLevel
from tutor.engine import Deal, DealRecord, Phase, Play, format_card
from tutor.practice import LEARNER, PracticeDeal, Stage
from tutor.practice.game import bots_of
from tutor.service.jobs import bot_cards, compute

SEED, DEALER = 11, 3
LEFT = 3  # tricks left at the search: a search of a few milliseconds (tutor.bots.strong)


def no_report(done: int, total: int) -> None:
    """A job's progress, heard by nobody."""


@cache
def awaiting_search(players: int = 4, seed: int = SEED, dealer: int = DEALER) -> DealRecord:
    """A deal played by the rules of thumb up to the first decision a Strong computer player
    (not the learner) would search with ``LEFT`` tricks or fewer left: the first from ``seed``
    on that is played (not passed)."""
    strong, simple = StrongBot(), SimpleBot()
    for tried in range(seed, seed + 50):
        deal = Deal.new(players, tried, dealer)
        while (seat := deal.current_seat) is not None:
            late = deal.tricks_per_deal - deal.tricks_done <= LEFT
            if late and seat != LEARNER and strong.searches(deal, seat):
                return DealRecord.of(deal)
            deal.push(simple.choose(deal, seat, decision_rng(deal.seed, len(deal.moves))))
    raise AssertionError("no deal of these seeds came to a search")


def page_deal(record: DealRecord) -> PracticeDeal:
    return PracticeDeal.from_record(record, bots=bots_of(BotLevel.EXPERT, record.players),
                                    elsewhere=True)


def worker_answer(deal: PracticeDeal) -> tuple[str, ...]:
    """What the analysis worker computes for the cards awaited (in this process)."""
    answer = compute(bot_cards(deal.record, LEARNER), no_report)
    assert isinstance(answer, tuple)
    return answer


def test_a_page_deal_stops_at_a_strong_players_search_and_refuses_the_learners_card() -> None:
    deal = page_deal(awaiting_search())
    assert deal.stage is Stage.THINKING
    assert deal.thinking == deal.deal.current_seat != LEARNER
    assert deal.legal_plays() == 0
    refusal = deal.play((deal.hand & -deal.hand).bit_length() - 1)  # one of the learner's
    assert refusal is not None and refusal.code == "wrong_phase"


def test_the_workers_card_is_the_one_the_strong_player_chooses_in_place() -> None:
    record = awaiting_search()
    in_place = record.deal()
    seat = in_place.current_seat
    assert seat is not None
    chosen = StrongBot().choose(in_place, seat, decision_rng(in_place.seed, len(in_place.moves)))
    answer = worker_answer(page_deal(record))
    assert answer[0] == str(chosen)
    here = PracticeDeal.from_record(record, bots=bots_of(BotLevel.EXPERT, record.players))
    assert here.moves[len(record.moves):] == list(answer)  # every bot until the learner's turn


def test_an_answer_is_applied_once_and_never_after_the_deal_moved_on() -> None:
    deal = page_deal(awaiting_search())
    moves = len(deal.deal.moves)
    answer = worker_answer(deal)
    assert deal.answer(moves, answer)
    assert deal.moves[moves:] == list(answer) and deal.stage is not Stage.THINKING
    after = len(deal.deal.moves)
    assert not deal.answer(moves, answer)  # the same answer again: not applied
    assert len(deal.deal.moves) == after


def test_an_answer_for_another_moment_or_not_legal_is_not_applied() -> None:
    deal = page_deal(awaiting_search())
    moves = len(deal.deal.moves)
    assert not deal.answer(moves - 1, worker_answer(deal))  # asked before a take-back
    assert not deal.answer(moves, ("play:nonsense",))
    assert not deal.answer(moves, ())
    illegal = next(c for c in range(78) if not deal.deal.legal_plays() >> c & 1)
    assert not deal.answer(moves, (f"play:{format_card(illegal)}",))
    assert len(deal.deal.moves) == moves and deal.stage is Stage.THINKING


def test_when_the_workers_cannot_search_the_rules_of_thumb_play_at_once_to_the_learner() -> None:
    deal = page_deal(awaiting_search())
    board = deal.deal.copy()
    seat = deal.thinking
    assert seat is not None
    expected = SimpleBot().choose(board, seat, decision_rng(board.seed, len(board.moves)))
    moves = len(deal.deal.moves)
    assert deal.fall_back() == seat
    assert deal.deal.moves[moves] == expected
    # and every computer player after it, up to the learner's turn: one wait, not one each
    assert deal.thinking is None and (deal.finished or deal.deal.current_seat == LEARNER)


def test_played_through_the_workers_the_deal_is_the_one_the_bots_play_in_place() -> None:
    """The learner plays the rules of thumb's cards; every search is answered as a worker
    would: the same moves as the Strong players searching in place."""
    record = awaiting_search()
    here = PracticeDeal.from_record(record, bots=bots_of(BotLevel.EXPERT, record.players))
    there = page_deal(record)
    learner = SimpleBot()
    for deal in (here, there):
        while not deal.finished:
            if deal.thinking is not None:
                assert deal.answer(len(deal.deal.moves), worker_answer(deal))
                continue
            board = deal.deal
            action = learner.choose(board, LEARNER, decision_rng(board.seed, len(board.moves)))
            assert isinstance(action, Play) and deal.play(action.card) is None
    assert here.moves == there.moves


def test_an_expert_players_bid_is_asked_of_the_workers_and_is_the_bid_it_makes_in_place() -> None:
    """The Expert's bid is a search (``tutor.bots.bid_simulation``): a page's deal stops at
    it, and the workers' answer is the bid the Expert makes in place."""
    deal = PracticeDeal(4, SEED, dealer=0, bots=bots_of(BotLevel.EXPERT, 4), elsewhere=True)
    assert deal.deal.phase is Phase.BIDDING and not deal.deal.moves
    assert deal.stage is Stage.THINKING and deal.thinking == 1  # seat 1 speaks first
    in_place = deal.record.deal()
    chosen = StrongBot().choose(in_place, 1, decision_rng(in_place.seed, 0))
    answer = worker_answer(deal)
    assert answer[0] == str(chosen)
    assert deal.answer(0, answer)
    assert deal.moves == list(answer)  # every bot until the learner's turn
    assert deal.deal.current_seat == LEARNER or deal.finished
