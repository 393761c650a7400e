""""My progress" shows the learner's rating: overall with a chart of its history, and a table
by theme, in both languages; before any rated answer it says how a rating is made."""

from __future__ import annotations

import pytest

from tests.app.conftest import open_app, texts
from tests.bank import bank
from tutor.progress.ratings import puzzle_start
from tutor.progress.store import LearnerStore
from tutor.ui.i18n import t

BANK = bank()


def rate(mine: LearnerStore, puzzle_id: str, right: bool) -> None:
    puzzle = BANK.puzzle(puzzle_id)
    mine.record_puzzle_answer("puzzle", puzzle.id, puzzle.theme.value, right, 0, "",
                              puzzle_start(puzzle.difficulty))


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_rating_is_shown_over_time_and_by_theme(mine: LearnerStore, lang: str) -> None:
    for puzzle_id, right in (("overtrump-01", True), ("counting-01", False),
                             ("overtrump-02", True)):
        rate(mine, puzzle_id, right)
    at = open_app("dashboard", lang=lang)
    assert not at.exception, at.exception
    overall = mine.ratings()[""].rating
    [metric] = [m for m in at.metric if m.label == t(lang, "dashboard.rating")]
    assert metric.value == f"{overall.rating:.0f} ± {overall.deviation:.0f}"
    assert t(lang, "dashboard.rating_over_time") in texts(at)
    assert len(at.get("vega_lite_chart")) == 2  # the themes' rates, and the rating over time
    [table] = at.dataframe
    frame = table.value
    themes = list(frame[t(lang, "dashboard.theme")])
    assert themes[0] == t(lang, "dashboard.rating_overall")
    assert set(themes[1:]) == {t(lang, "themes.overtrump"), t(lang, "themes.counting")}
    assert list(frame[t(lang, "dashboard.rating_games")]) == [3, 2, 1]  # strongest first
    assert frame[t(lang, "dashboard.rating")].iloc[0] == metric.value


def test_before_any_rated_answer_the_page_says_how_a_rating_is_made() -> None:
    at = open_app("dashboard", lang="en")
    assert t("en", "dashboard.ratings_empty") in texts(at)
    assert not at.dataframe
