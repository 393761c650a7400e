"""The trainer's "At my level" source: untried authored puzzles nearest the learner's rating
first, in the chosen themes or else the weakest one; the puzzle answered stays until the
learner moves on; both languages."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_app, texts
from tests.app.drivers import answer_exercise
from tests.bank import bank
from tutor.progress.ratings import puzzle_start
from tutor.progress.store import LearnerStore
from tutor.ui.i18n import t
from tutor.ui.trainer import AT_LEVEL, SOURCE, STATE

BANK = bank()


def at_level(lang: str = "en") -> AppTest:
    at = open_app("puzzles", lang=lang)
    at.segmented_control(key=SOURCE).set_value(AT_LEVEL).run()
    return at


def shown(at: AppTest) -> str:
    current = at.session_state[STATE].current
    assert isinstance(current, str)
    return current


def rate(mine: LearnerStore, puzzle_id: str, right: bool) -> None:
    puzzle = BANK.puzzle(puzzle_id)
    mine.record_puzzle_answer("puzzle", puzzle.id, puzzle.theme.value, right, 0, "",
                              puzzle_start(puzzle.difficulty))


def test_a_new_learner_is_offered_a_puzzle_and_told_that_answers_will_rate_them() -> None:
    at = at_level()
    assert t("en", "trainer.level_new") in texts(at)
    first = BANK.puzzle(shown(at))
    assert "%" in texts(at) and t("en", "puzzle.counter", n=1, total=len(BANK.puzzles)) in texts(at)
    # a learner at 1500 meets a three-star puzzle at an even chance (in the band; a two-star
    # one at 75.5%, just above it)
    assert first.difficulty == 3 and "50%" in texts(at)
    at.run()  # a rerun with that puzzle being answered: it is at the level, nothing to say
    assert shown(at) == first.id
    assert t("en", "trainer.level_none_in_band") not in texts(at)


def test_an_answered_puzzle_stays_with_its_verdict_and_next_offers_an_untried_one(
    mine: LearnerStore,
) -> None:
    at = at_level()
    first = shown(at)
    answer_exercise(at, BANK.puzzle(first).exercise, f"puzzle-{first}", True)
    assert shown(at) == first and at.success
    assert mine.ratings()[""].games == 1
    assert "Your rating: **" in texts(at)
    at.button(key="puzzles-next").click().run()
    assert shown(at) != first and shown(at) not in mine.tried_items()


def test_the_weakest_theme_is_offered_when_no_theme_is_chosen(mine: LearnerStore) -> None:
    rate(mine, "overtrump-01", right=True)
    rate(mine, "counting-01", right=False)
    at = at_level()
    assert BANK.puzzle(shown(at)).theme.value == "counting"
    assert t("en", "trainer.level_weakest", theme=t("en", "themes.counting")) in texts(at)


def test_chosen_themes_are_kept_and_tried_puzzles_are_not_offered_again(
    mine: LearnerStore,
) -> None:
    rate(mine, "overtrump-01", right=True)
    at = at_level()
    at.pills(key="puzzles-themes").set_value(["overtrump"]).run()
    offered = BANK.puzzle(shown(at))
    assert offered.theme.value == "overtrump" and offered.id != "overtrump-01"


def test_the_source_speaks_italian() -> None:
    at = at_level("it")
    assert t("it", "trainer.level_new") in texts(at)
    assert "circa" in texts(at)


def test_when_no_untried_puzzle_is_in_the_band_the_page_says_the_nearest_come_first(
    mine: LearnerStore,
) -> None:
    for puzzle in BANK.puzzles:  # every puzzle of the theme solved but an easy one, outgrown
        if puzzle.theme.value == "overtrump" and puzzle.id != "overtrump-01":
            rate(mine, puzzle.id, right=True)
    at = at_level()
    at.pills(key="puzzles-themes").set_value(["overtrump"]).run()
    assert shown(at) == "overtrump-01"
    assert t("en", "trainer.level_none_in_band") in texts(at)
