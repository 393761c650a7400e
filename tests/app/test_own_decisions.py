"""The learner's own bid mistake through the trainer (AppTest): a garde contre on a hand the
count passes, kept from its review, is offered with the review's bids only; the bid taken in
the deal is allowed but not the best (no answer yet, Try again); the review's best is right
and the review's why follows, by what the learner could know; another learner never sees it.
In both languages."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_app, texts
from tests.app.test_review_page import saved_game
from tests.review.test_choices import DEALER
from tests.review.test_kept_decisions import bad_bid_record, planted_review
from tutor.bots import hand_count
from tutor.engine.variants import FFT_2012
from tutor.practice import DealRow, next_seed
from tutor.progress.review import new_card
from tutor.progress.store import Database, LearnerStore, OwnPuzzle
from tutor.review.expected import Decision, Verdict
from tutor.review.mistakes import OwnDecision, decision_item, own_decisions
from tutor.ui.i18n import t
from tutor.ui.trainer import MINE, SOURCE


def kept_bid(store: LearnerStore) -> OwnDecision:
    """The planted bad bid kept as the learner's own puzzle, as the review page keeps it."""
    game_id = saved_game(store)
    [bid] = [d for d in own_decisions(bad_bid_record(), planted_review(bad_bid_record()),
                                      game_id, 1) if d.decision is Decision.BID]
    store.add_own_puzzles([OwnPuzzle(bid.item, game_id, 1, bid.to_data())], *new_card())
    return bid


def choose(at: AppTest, item: str, option: int) -> None:
    at.radio(key=f"puzzle-{item}-decision").set_value(option).run()
    at.button(key=f"puzzle-{item}-check").click().run()
    assert not at.exception, at.exception


def why_shown(at: AppTest, lang: str) -> bool:
    return t(lang, "puzzle.explanation") in [e.label for e in at.expander]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_an_own_bid_is_chosen_wrong_then_right_among_the_reviews_bids_only(
    mine: LearnerStore, lang: str
) -> None:
    bid = kept_bid(mine)
    at = open_app("puzzles", lang=lang, puzzle=bid.item)
    assert at.session_state[SOURCE] == MINE
    assert t(lang, "own_decision.question.bid") in texts(at)
    [radio] = [r for r in at.radio if r.key == f"puzzle-{bid.item}-decision"]
    assert len(radio.options) == len(bid.options)  # the bids the engine allowed, no other
    assert t(lang, "contracts.garde-contre") in texts(at)  # the bid taken in the deal, said
    choose(at, bid.item, bid.chosen)  # the garde contre again: allowed, not the best
    assert [e.value for e in at.error] == [t(lang, "own_decision.not_best_retry")]
    assert t(lang, "retry.try_again") in texts(at) and not why_shown(at, lang)
    choose(at, bid.item, 0)  # the review's best bid
    assert not at.error and t(lang, "verdict.right") in texts(at)
    assert why_shown(at, lang)
    why = texts(at)
    assert t(lang, "own_decision.values_heading") in why
    assert ("Best by what you could know" if lang == "en" else
            "La migliore con quello che potevi sapere") in why
    [attempt] = mine.theme_stats(("own",))
    assert attempt.first_tries == 1 and attempt.first_try_right == 0
    assert mine.ratings() == {}  # its answer was read in the review: never rated


def test_the_answer_is_shown_on_request_with_every_bids_value(mine: LearnerStore) -> None:
    bid = kept_bid(mine)
    at = open_app("puzzles", lang="en", puzzle=bid.item)
    choose(at, bid.item, bid.chosen)
    at.button(key=f"puzzle-{bid.item}-reveal").click().run()
    assert why_shown(at, "en")
    shown = texts(at)
    assert t("en", "own_decision.not_best", best=t("en", "contracts.pass")) in shown
    assert t("en", "own_decision.values_heading") in shown


def test_another_learner_does_not_see_a_learners_own_bid(
    database: Database, mine: LearnerStore
) -> None:
    other = database.learner(database.new_learner())
    bid = kept_bid(other)  # kept by another learner; the page is the test visitor's
    at = open_app("puzzles", lang="en", puzzle=bid.item)
    assert t("en", "own_decision.question.bid") not in texts(at)
    at.segmented_control(key=SOURCE).set_value(MINE).run()
    assert t("en", "trainer.mine_empty") in texts(at)
    assert mine.own_puzzles() == [] and [p.item for p in other.own_puzzles()] == [bid.item]


def reviewed_bad_bid_game(store: LearnerStore) -> int:
    """A saved practice game whose first deal is the planted bad bid, its review stored as
    the page stores the workers' (the bid and the other decisions valued)."""
    record = bad_bid_record()
    deal = record.deal()
    result = deal.result()
    row = DealRow(1, record.seed, DEALER, record.notation, result.marks, deal.taker,
                  deal.contract, result.score.made)
    game_id = store.create_game("Practice (4 players)", "practice", {
        "version": 1, "players": 4, "rules": FFT_2012.name, "seed": record.seed,
        "first_dealer": DEALER, "target": None, "coach": True, "rows": [row.to_data()],
        "current": {"number": 2, "seed": next_seed(record.seed, 2), "dealer": 0, "moves": []},
    }).id
    review = planted_review(record)
    store.save_deal_review(game_id, 1, judged=review.valued,
                           inaccuracies=review.count(Verdict.INACCURACY),
                           mistakes=review.count(Verdict.MISTAKE),
                           blunders=review.count(Verdict.BLUNDER), data=review.to_data())
    return game_id


def test_the_review_page_keeps_a_bad_bid_says_so_and_links_to_it(mine: LearnerStore) -> None:
    game_id = reviewed_bad_bid_game(mine)
    item = decision_item(game_id, 1, Decision.BID)
    at = open_app("review", lang="en", game=str(game_id), deal="1")
    assert t("en", "own_decision.added", what=t("en", "own_decision.kinds.bid")) in texts(at)
    links = [str(link.proto) for link in at.get("page_link")]
    assert any(item in link and t("en", "own_decision.open") in link for link in links), links
    assert item in {p.item for p in mine.own_puzzles()}
    assert item in {due for due, _ in mine.due_items()}


def test_an_own_bids_hint_is_the_hands_count_and_the_bid_it_gives(mine: LearnerStore) -> None:
    bid = kept_bid(mine)
    at = open_app("puzzles", lang="it", puzzle=bid.item)
    at.button(key=f"puzzles-hint-puzzle-{bid.item}").click().run()
    before = bid.record.deal()
    count = hand_count(before.hands[0], 4).total
    assert [e.value for e in at.info] == [t("it", "review.bid.count", count=count,
                                            by_count=t("it", "contracts.pass"))]
