"""The learner's own mistakes through the pages (AppTest): the review page keeps a blunder it
finds as the learner's own puzzle once, says so and links to it; the trainer's "My mistakes"
plays it retry-first (a wrong card says it is not the best and lets the learner try again; the
answer and the review's why come on request or after a second try), in both languages."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_app, texts
from tests.app.test_review_page import game_data, open_review, saved_game, until_reviewed
from tests.review.test_review_deal import (
    BLUNDER_SEED,
    BLUNDER_TRICK,
    DEALER,
    blunder_record,
    blunder_review,
    petit_thrown_away,
)
from tutor.engine import PETIT, card_name
from tutor.progress.review import new_card
from tutor.progress.store import LearnerStore, OwnPuzzle
from tutor.review.mistakes import OwnMistake, item_of, own_mistakes
from tutor.ui.i18n import t
from tutor.ui.reviews import added_count_text
from tutor.ui.trainer import MINE, SOURCE


def kept_blunder(store: LearnerStore) -> OwnMistake:
    """The seeded deal's blunder kept as the learner's own puzzle, as the review page does."""
    game_id = saved_game(store)
    [mistake] = own_mistakes(blunder_record(), blunder_review(), game_id, 1)
    store.add_own_puzzles([OwnPuzzle(mistake.item, game_id, 1, mistake.to_data())], *new_card())
    return mistake


def play(at: AppTest, item: str, card: int) -> None:
    at.pills(key=f"puzzle-{item}-hand-fallback").set_value(card).run()
    assert not at.exception, at.exception


def why_shown(at: AppTest, lang: str) -> bool:
    return t(lang, "puzzle.explanation") in [e.label for e in at.expander]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_an_own_mistake_is_played_again_before_its_answer_is_shown(
    mine: LearnerStore, lang: str
) -> None:
    mistake = kept_blunder(mine)
    at = open_app("puzzles", lang=lang, puzzle=mistake.item)
    assert at.session_state[SOURCE] == MINE  # the review's link opens "My mistakes"
    shown = texts(at)
    assert t(lang, "own.question") in shown
    assert card_name(mistake.played, lang) in shown  # the card played in the deal is said
    best = card_name(mistake.best[0], lang)
    play(at, mistake.item, mistake.played)  # the same card again: legal, not the best
    assert [e.value for e in at.error] == [t(lang, "verdict.not_accepted_retry")]
    assert not why_shown(at, lang) and best not in texts(at)
    assert t(lang, "retry.try_again") in texts(at)
    play(at, mistake.item, mistake.best[0])  # the retry: the review's best card
    assert not at.error and t(lang, "verdict.right") in texts(at)
    assert why_shown(at, lang)
    why = texts(at)
    assert best in why and t(lang, "own.values_heading") in why
    assert ("Best by what you could know" if lang == "en" else
            "La migliore con quello che potevi sapere") in why
    [attempt] = [s for s in mine.theme_stats(("own",))]
    assert attempt.first_tries == 1 and attempt.first_try_right == 0
    assert mine.ratings() == {}  # its answer was read in the review: never rated


@pytest.mark.parametrize("lang", ["en", "it"])
def test_an_own_mistakes_answer_comes_after_a_second_wrong_try_or_on_request(
    mine: LearnerStore, lang: str
) -> None:
    mistake = kept_blunder(mine)
    best = card_name(mistake.best[0], lang)
    at = open_app("puzzles", lang=lang, puzzle=mistake.item)
    play(at, mistake.item, mistake.played)
    at.button(key=f"puzzle-{mistake.item}-reveal").click().run()  # asked for
    assert why_shown(at, lang) and best in texts(at)
    at = open_app("puzzles", lang=lang, puzzle=mistake.item)
    other = next(c for cards, _ in mistake.options[1:] for c in cards if c != mistake.played)
    play(at, mistake.item, mistake.played)
    assert not why_shown(at, lang)
    play(at, mistake.item, other)  # a second wrong try: the solution
    assert why_shown(at, lang) and best in texts(at)


def test_my_mistakes_lists_the_learners_own_and_another_learner_has_none(
    database: object, mine: LearnerStore
) -> None:
    at = open_app("puzzles", lang="en")
    at.segmented_control(key=SOURCE).set_value(MINE).run()
    assert t("en", "trainer.mine_empty") in texts(at)
    mistake = kept_blunder(mine)
    at = open_app("puzzles", lang="en")
    at.segmented_control(key=SOURCE).set_value(MINE).run()
    assert t("en", "own.question") in texts(at)
    assert at.query_params["puzzle"] == mistake.item


def test_the_review_page_keeps_a_blunder_once_says_so_and_links_to_it(
    mine: LearnerStore,
) -> None:
    game_id = saved_game(mine)
    item = item_of(game_id, 1, BLUNDER_TRICK)
    at = until_reviewed(open_app("review", lang="en", game=str(game_id), deal="1"))
    at.session_state["review-state"].tricks[(game_id, 1)] = BLUNDER_TRICK
    at.run()
    assert t("en", "own.added", cards=card_name(PETIT, "en")) in texts(at)  # the Petit thrown
    links = [str(link.proto) for link in at.get("page_link")]
    assert any(item in link and t("en", "own.open") in link for link in links), links
    assert [p.item for p in mine.own_puzzles()] == [item]
    assert item in {due for due, _ in mine.due_items()}
    assert [e.value for e in at.success].count(added_count_text(1, "en")) == 1  # said once
    again = open_review()  # the same review read again: nothing added twice
    assert not again.exception
    assert [p.item for p in mine.own_puzzles()] == [item]
    assert added_count_text(1, "en") not in texts(again)  # nor counted as new again


def finished_game(store: LearnerStore) -> int:
    """A saved practice game at the end of its first deal, the one where the learner throws
    the Petit away: the practice page resumes it on its end-of-deal review."""
    data = dict(game_data())
    data["current"] = {"number": 1, "seed": BLUNDER_SEED, "dealer": DEALER,
                       "moves": list(petit_thrown_away())}
    return store.create_game("Practice (4 players)", "practice", data).id


def test_the_practice_end_of_deal_keeps_a_blunder_once_notes_it_and_counts_it_once(
    mine: LearnerStore,
) -> None:
    game_id = finished_game(mine)
    item = item_of(game_id, 1, BLUNDER_TRICK)
    at = until_reviewed(open_app("practice", lang="en", game=str(game_id)))
    assert mine.deal_review(game_id, 1) is not None  # the end of deal's review, stored
    assert [p.item for p in mine.own_puzzles()] == [item]
    assert item in {due for due, _ in mine.due_items()}
    counted = added_count_text(1, "en")
    assert [e.value for e in at.success].count(counted) == 1
    at.button(key="practice-review-open").click().run()
    at.session_state["practice-state"].review = BLUNDER_TRICK  # the trick of the blunder
    at.run()
    assert not at.exception, at.exception
    successes = [e.value for e in at.success]
    assert successes.count(t("en", "own.added", cards=card_name(PETIT, "en"))) == 1
    assert successes.count(counted) == 1  # the same session: still this visit's count
    links = [str(link.proto) for link in at.get("page_link")]
    assert any(item in link and t("en", "own.open") in link for link in links), links
    again = until_reviewed(open_app("practice", lang="en", game=str(game_id)))
    assert counted not in texts(again)  # seen again: nothing new to count
    assert [p.item for p in mine.own_puzzles()] == [item]


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "One mistake added to My mistakes", "2 mistakes added to My mistakes"),
    ("it", "Un errore aggiunto a I miei errori", "2 errori aggiunti a I miei errori"),
])
def test_the_count_of_mistakes_added_says_one_and_several(lang: str, one: str, two: str) -> None:
    assert added_count_text(1, lang).startswith(one)
    assert added_count_text(2, lang).startswith(two)
