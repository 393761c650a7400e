"""The learner's bid, call, écart, chelem and poignée mistakes kept as their own puzzles, on
seeded deals with a planted bad decision (a garde contre on a hand the count passes, and the
bad écart, lone call, announced chelem and hidden poignée of ``test_choices``): each becomes
one puzzle whose options are exactly the review's, the engine's legal options, whose answer is
the review's best and legal by the engine, and whose check refuses options the engine would
not have offered."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from tests.review.test_choices import (
    DEALER,
    ECART_SEEDS,
    alone_call_record,
    announced_chelem_record,
    bots_to_the_end,
    declined_poignee_record,
)
from tests.review.test_choices import bad_ecart_record as bad_ecart
from tutor.content.kinds import OwnDecisionExercise
from tutor.content.verdict import RIGHT
from tutor.engine import Bid, Contract, Deal, DealRecord, Discard, parse_action, rank_of
from tutor.progress.store import OwnPuzzle
from tutor.review.choices import moments, review_choice
from tutor.review.deal import DealReview
from tutor.review.expected import (
    Decision,
    Verdict,
    count_bid,
    expected_bid,
    learner_bid,
    review_rng,
)
from tutor.review.mistakes import (
    OwnDecision,
    decision_item,
    is_own,
    own_decisions,
    own_puzzles_of_review,
)
from tutor.ui.trainer import own_puzzle

BAD_BID_SEED = 1  # 4 players: seat 0 speaks first with a hand the count passes (13 points)
FEW = {"samples": 3, "more": 3}  # enough for the planted decisions' labels


@cache
def bad_bid_record() -> DealRecord:
    """Seat 0 bids garde contre on a hand its count passes; the bots play the deal out."""
    deal = Deal.new(4, BAD_BID_SEED, DEALER)
    assert deal.current_seat == 0 and count_bid(deal, 0) is None
    deal.push(Bid(Contract.GARDE_CONTRE))
    return bots_to_the_end(deal, 4)


def bad_ecart_record() -> DealRecord:
    return bad_ecart(ECART_SEEDS[1])  # labelled with FEW deals (the first needs more)


@cache
def planted_review(record: DealRecord) -> DealReview:
    """The review's bid and other decisions of seat 0 (the cards are not needed here)."""
    choices = [review_choice(record, 0, m, rng=review_rng(record, 2026, m.decision.value),
                             **FEW) for m in moments(record, 0)]
    bid = expected_bid(record, 0, rng=review_rng(record, 2026, "bid"), **FEW)
    return DealReview(record.players, 0, (), bid=bid,
                      choices=tuple(c for c in choices if c is not None))


def kept_decision(record: DealRecord, decision: Decision) -> OwnDecision:
    [kept] = [d for d in own_decisions(record, planted_review(record), 7, 1)
              if d.decision is decision]
    return kept


def exercise(own: OwnDecision) -> OwnDecisionExercise:
    puzzle = own_puzzle(OwnPuzzle(own.item, own.game_id, own.deal, own.to_data()))
    assert puzzle is not None and isinstance(puzzle.exercise, OwnDecisionExercise)
    return puzzle.exercise


PLANTED = {
    Decision.BID: bad_bid_record,
    Decision.CALL: alone_call_record,
    Decision.ECART: bad_ecart_record,
    Decision.CHELEM: announced_chelem_record,
    Decision.POIGNEE: declined_poignee_record,
}


def test_a_bid_far_above_the_hand_is_kept_with_the_reviews_best_legal_by_the_engine() -> None:
    record = bad_bid_record()
    review = planted_review(record)
    assert review.bid is not None and review.bid.verdict is Verdict.BLUNDER
    own = kept_decision(record, Decision.BID)
    assert own.item == decision_item(7, 1, Decision.BID) == "own-7-1-bid" and is_own(own.item)
    assert own.played == ("bid:garde-contre",) and own.best == review.bid.best.moves
    found = learner_bid(record, 0)
    assert found is not None
    before, _ = found
    assert own.record.moves == before.moves  # the moment before the bid: nobody had spoken
    legal = {str(a) for a in before.legal_actions()}
    assert {moves for moves, _ in own.options} == {(bid,) for bid in legal}
    ex = exercise(own)
    assert ex.check() == []
    assert ex.expected() == {0} and ex.options[0].moves[0] in legal
    assert ex.judge(0).code == RIGHT
    assert ex.judge(ex.chosen).code == "not_best_choice"
    assert ex.answer_text("en", lambda key: key) == "contracts.pass"


@pytest.mark.parametrize("decision", list(PLANTED), ids=str)
def test_each_planted_decision_becomes_a_puzzle_offering_only_the_engines_options(
    decision: Decision,
) -> None:
    record = PLANTED[decision]()
    own = kept_decision(record, decision)
    ex = exercise(own)
    assert ex.check() == [], ex.check()
    assert ex.decision == decision.value and ex.label == own.verdict.value
    for i in range(len(ex.options)):
        assert ex.illegal(i) is None  # every option legal by the engine
    best = min(ex.expected())
    assert ex.options[best].moves == own.best and ex.judge(best).correct
    assert not ex.judge(ex.chosen).correct


def test_the_chien_is_shown_only_once_the_learner_saw_it() -> None:
    assert exercise(kept_decision(bad_ecart_record(), Decision.ECART)).chien_seen
    assert not exercise(kept_decision(alone_call_record(), Decision.CALL)).chien_seen
    assert not exercise(kept_decision(bad_bid_record(), Decision.BID)).chien_seen


def test_bids_that_are_not_the_engines_legal_bids_at_that_moment_fail_the_check() -> None:
    ex = exercise(kept_decision(bad_bid_record(), Decision.BID))
    data = ex.model_dump(mode="json")
    del data["options"][1]  # a legal bid left out
    data["chosen"] -= 1
    issues = type(ex).model_validate(data).check()
    assert issues and "legal bid options" in issues[0].message
    data = ex.model_dump(mode="json")
    data["moves"] = ["bid:garde"]  # the decision is now the second seat's
    assert type(ex).model_validate(data).check()


def test_an_ecart_candidate_the_engine_refuses_fails_the_check_and_is_judged_illegal() -> None:
    ex = exercise(kept_decision(bad_ecart_record(), Decision.ECART))
    king = next(c for c in range(78) if ex.hand >> c & 1 and rank_of(c) == 14)
    data = ex.model_dump(mode="json")
    data["options"][1]["moves"][0] = str(Discard(king))
    broken = type(ex).model_validate(data)
    assert any("refuses" in issue.message for issue in broken.check())
    verdict = broken.judge(1)
    assert not verdict.correct and verdict.code == "king_in_ecart"


def test_a_decision_not_labelled_a_mistake_is_not_kept() -> None:
    record = bad_bid_record()
    review = planted_review(record)
    assert review.bid is not None
    quiet = replace(review, bid=replace(review.bid, verdict=Verdict.INACCURACY), choices=())
    assert own_decisions(record, quiet, 7, 1) == ()


def test_an_own_decision_reads_back_from_its_data_and_comes_before_the_cards() -> None:
    record = bad_bid_record()
    own = kept_decision(record, Decision.BID)
    assert OwnDecision.from_data(own.to_data()) == own
    with pytest.raises(ValueError):
        OwnDecision.from_data({**own.to_data(), "decision": "card"})
    kept = own_puzzles_of_review(record, planted_review(record), 7, 1)
    assert kept[0] == own
    assert [parse_action(m) for m in own.played] == [Bid(Contract.GARDE_CONTRE)]


@pytest.mark.parametrize("decision", list(PLANTED), ids=str)
def test_the_options_are_offered_in_the_rules_order_never_best_first(decision: Decision) -> None:
    ex = exercise(kept_decision(PLANTED[decision](), decision))
    data = ex.model_dump(mode="json")
    data["options"] = data["options"][::-1]  # the same options stored in another order
    data["chosen"] = len(ex.options) - 1 - ex.chosen
    other = type(ex).model_validate(data)
    shown = [ex.options[i].moves for i in ex.shown_order()]
    assert shown == [other.options[i].moves for i in other.shown_order()]
    if decision is Decision.BID:
        assert [m for (m,) in shown] == ["bid:pass", "bid:prise", "bid:garde", "bid:garde-sans",
                                         "bid:garde-contre"]
