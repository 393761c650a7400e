""""Show me how" before the cards: a labelled bid, call, écart, chelem announcement or
poignée is played on from the review's best choice, every later decision the bots', on the
planted deals of ``test_kept_decisions``. The line is the engine's (every card legal, in turn),
the taker, contract and score are the engine's at the end, and in these planted deals the
better choice ends better for the learner's side than the deal played."""

from __future__ import annotations

from functools import cache

import pytest

from tests.review.test_kept_decisions import FEW, PLANTED, bad_bid_record, planted_review
from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import WAITING, DecisionRandom
from tutor.engine import Deal, DealRecord, Discard, Phase, Play, ShowPoignee, parse_action
from tutor.review.choices import moments
from tutor.review.deal import DealReview, review_deal
from tutor.review.expected import Decision, Option, PlayedOn, learner_bid, taker_share


def replayed(before: Deal, seat: int, best: Option, how: PlayedOn) -> Deal:
    """``before`` played on from ``best``: the cards from ``how``'s line, each checked against
    the engine (its seat's turn, a legal card), every other decision the bots'."""
    deal = before.copy()
    actions = [parse_action(m) for m in best.moves]
    in_turn = type(actions[0]) in (Discard, ShowPoignee)  # else equivalent moves: the first
    for action in actions if in_turn else actions[:1]:
        if type(action) is not Play:  # a poignée's card is the line's first
            deal.push(action)
    line = list(how.line)
    while deal.phase in WAITING:
        if deal.phase is Phase.PLAYING:
            shown = SimpleBot().choose(deal, deal.to_play,
                                       DecisionRandom(deal.seed + len(deal.moves)))
            if type(shown) is not Play:  # a bot's poignée, shown before its first card
                deal.push(shown)
                continue
            seat_of, card = line.pop(0)
            assert seat_of == deal.to_play
            assert Play(card) in deal.legal_actions()
            deal.push(Play(card))
        else:
            turn = deal.current_seat
            assert turn is not None
            deal.push(SimpleBot().choose(deal, turn, DecisionRandom(deal.seed + len(deal.moves))))
    assert line == []
    return deal


def final_score(record: DealRecord, seat: int) -> int:
    deal = record.deal()
    assert deal.phase is Phase.FINISHED and deal.taker is not None
    points = deal.result().marks[deal.taker] // taker_share(deal)
    return points if deal.is_attack(seat) else -points


def assert_played_on(before: Deal, best: Option, how: PlayedOn, record: DealRecord) -> None:
    deal = replayed(before, 0, best, how)
    assert deal.phase is Phase.FINISHED and (deal.taker, deal.contract) == (how.taker,
                                                                          how.contract)
    points = deal.result().marks[deal.taker] // taker_share(deal)
    assert how.score == (points if deal.is_attack(0) else -points)
    assert how.score > final_score(record, 0)  # the planted mistake cost the learner's side


@cache
def bad_bid_review() -> DealReview:
    return review_deal(bad_bid_record(), node_budget=1, **FEW)


def test_a_bid_far_above_the_hand_is_played_on_from_the_best_bid() -> None:
    review = bad_bid_review()
    assert review.bid is not None and review.bid.verdict is not None and review.bid_how
    found = learner_bid(bad_bid_record(), 0)
    assert found is not None
    assert_played_on(found[0], review.bid.best, review.bid_how, bad_bid_record())


@pytest.mark.parametrize("decision", [Decision.CALL, Decision.ECART, Decision.CHELEM,
                                      Decision.POIGNEE])
def test_a_labelled_choice_is_played_on_from_the_best_choice(decision: Decision) -> None:
    record = PLANTED[decision]()
    [choice] = [c for c in planted_review(record).choices if c.decision is decision]
    assert choice.expected.verdict is not None and choice.how is not None
    [moment] = [m for m in moments(record, 0) if m.decision is decision]
    assert_played_on(moment.before, choice.expected.best, choice.how, record)


def test_an_unlabelled_choice_has_no_line() -> None:
    review = bad_bid_review()
    quiet = [c for c in review.choices if c.expected.verdict is None]
    assert quiet and all(c.how is None for c in quiet)


def test_the_line_is_stored_with_the_review() -> None:
    review = bad_bid_review()
    assert DealReview.from_data(review.to_data(), review.remarks) == review
