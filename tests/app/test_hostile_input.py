"""Issue #10 through the UI: input that cannot hurt.

- The number that froze the server (``1e100000000``) typed into a puzzle, a lesson check and
  each mode of the score quiz gets a clear message at once.
- Hostile URL parameters on every page give a message in the page, never an exception.
- Names, game names and URL values written as Markdown or HTML show literally.
- Players named like the deals table's own columns do not overwrite them.
"""

from __future__ import annotations

import sys

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT, open_app
from tests.app.test_score_quiz import answer_count, answer_full, current, open_quiz, submit_step
from tests.app.test_score_sheet import add, open_sheet, start_game, table
from tests.bank import bank
from tutor.inputs import plain
from tutor.progress.store import LearnerStore
from tutor.ui.exercises.common import state_key
from tutor.ui.i18n import t
from tutor.ui.puzzles import FAMILY

BANK = bank()
FREEZE = "1e100000000"
IMAGE = "![x](http://127.0.0.1:9/x.png)"
BOLD = "**bold**"
TAG = "<img src=x>"
RAW_MARKUP = (IMAGE, "](http", BOLD, TAG, "<img")


def shown_as_markdown(at: AppTest) -> list[str]:
    """Every text the page hands to Markdown: bodies, headings, and the widgets' labels."""
    parts = [e.value for e in at.markdown] + [e.value for e in at.caption]
    for kind in (at.title, at.header, at.subheader, at.warning, at.error, at.info, at.success):
        parts += [e.value for e in kind]
    for widget in (at.metric, at.expander, at.selectbox, at.button, at.text_input):
        parts += [e.label for e in widget]
    return [str(part) for part in parts]


def raw_markup_shown(at: AppTest) -> list[str]:
    return [f"{raw!r} rendered as Markdown in {text[:200]!r}"
            for text in shown_as_markdown(at) for raw in RAW_MARKUP if raw in text]


def assert_no_raw_markup(at: AppTest) -> None:
    assert raw_markup_shown(at) == []


def warnings(at: AppTest) -> str:
    return "\n".join(str(w.value) for w in at.warning)


# --- the number that froze the server --------------------------------------------------------
def number_answer(at: AppTest, key: str, text: str) -> None:
    at.text_input(key=f"{key}-number").input(text)
    next(b for b in at.button if b.label == "Check").click().run()
    assert not at.exception, at.exception


@pytest.mark.parametrize("puzzle_id", ["counting-01", "scoring-01", "needed-01"])
def test_the_freeze_number_in_a_puzzle_gets_a_clear_message(
    puzzle_id: str, mine: LearnerStore
) -> None:
    at = open_app("puzzles", lang="en", puzzle=puzzle_id)
    number_answer(at, f"puzzle-{puzzle_id}", FREEZE)
    assert warnings(at) == t("en", "input.not_a_number")
    assert not at.error  # no verdict: a refused text is not an answer
    assert mine.solved_items("puzzle") == set()
    assert at.session_state[state_key(f"puzzle-{puzzle_id}")]["attempts"] == 0


def test_the_freeze_number_in_a_lesson_check_gets_a_clear_message() -> None:
    lesson = BANK.lessons[0]
    index = next(
        i for i, s in enumerate(lesson.steps) if s.check is not None and s.check.kind == "count"
    )
    at = open_app("lessons", lang="it", lesson=lesson.id, step=str(index + 1))
    at.text_input(key=f"{lesson.id}-{index}-number").input(FREEZE)
    next(b for b in at.button if b.label == "Verifica").click().run()
    assert not at.exception, at.exception
    assert warnings(at) == t("it", "input.not_a_number")


def test_too_many_digits_and_a_half_in_a_whole_answer_say_why() -> None:
    at = open_app("puzzles", lang="en", puzzle="scoring-01")
    number_answer(at, "puzzle-scoring-01", "9" * 24)
    assert warnings(at) == t("en", "input.too_long")
    number_answer(at, "puzzle-scoring-01", "45.5")
    assert warnings(at) == t("en", "input.whole_number")


def test_the_freeze_number_in_each_score_quiz_mode_gets_a_clear_message() -> None:
    not_a_number = t("en", "score_quiz.not_a_number")
    at = open_quiz(level=1, seed=0, mode="full")
    answer_full(at, FREEZE)
    assert at.warning[0].value == not_a_number
    at = open_quiz(level=1, seed=0, mode="count")
    answer_count(at, FREEZE)
    assert at.warning[0].value == not_a_number
    at = open_quiz(level=1, seed=0, mode="steps")
    q = current(at)
    index = at.session_state["score-quiz-state"].questions[f"steps-{q.level}-{q.seed}"].step
    submit_step(at, q, index, FREEZE)
    assert at.warning[0].value == not_a_number
    answer = open_quiz(level=1, seed=0, mode="count")
    answer_count(answer, "9" * 20)
    assert t("en", "input.too_long") in answer.warning[0].value


# --- URL parameters ---------------------------------------------------------------------------
# The parsing itself (every hostile value against read_int/read_choice and the message of
# tutor.ui.safe) is unit-tested in tests/ui/test_inputs.py and tests/ui/test_safe.py; here each
# page proves it reads its link through them. One test per page, a fresh session per value (each
# value meets the page's first read of its link); every value is checked even after a failure.
PAGES = ["home", "lessons", "puzzles", "practice", "score_quiz", "score_sheet", "dashboard",
         "glossary"]
EVERY_PARAM = ["lang", "lesson", "step", "puzzle", "gen", "seed", "players", "game", "dealer",
               "level", "mode"]
HOSTILE_VALUES = {"super2": "²", "2**63": "9223372036854775808", "5000-digits": "9" * 5000,
                  "negative": "-1", "empty": "", "markup": f"{IMAGE} {BOLD} {TAG}"}


def opened(page: str | None, params: dict[str, str]) -> AppTest | str:
    """``page`` opened with ``params``, or what went wrong."""
    try:
        return open_app(page, **params)
    except AssertionError as error:  # the app raised (open_app's check)
        return f"exception: {str(error)[:500]}"


@pytest.mark.parametrize("page", PAGES)
def test_hostile_values_in_every_parameter_never_raise(page: str) -> None:
    failures = []
    for kind, value in HOSTILE_VALUES.items():
        at = opened(page, dict.fromkeys(EVERY_PARAM, value))
        if isinstance(at, str):
            failures.append(f"{kind}: {at}")
            continue
        failures += [f"{kind}: {problem}" for problem in raw_markup_shown(at)]
    assert failures == []


# (page, the parameter under test, the other parameters that make the page read it)
READS = [
    ("home", "lang", {}),
    ("lessons", "lesson", {}),
    ("lessons", "step", {"lesson": BANK.lessons[0].id}),
    ("puzzles", "puzzle", {}),
    ("puzzles", "gen", {}),
    ("puzzles", "players", {"gen": "obligations"}),
    ("puzzles", "seed", {"gen": "obligations"}),
    ("practice", "game", {}),
    ("practice", "seed", {}),
    ("practice", "players", {}),
    ("practice", "dealer", {"players": "3"}),
    ("score_quiz", "level", {}),
    ("score_quiz", "mode", {}),
    ("score_quiz", "seed", {}),
    ("score_sheet", "game", {}),
]
OUT_OF_RANGE = {"lang": "fr", "lesson": "no-such-lesson", "step": "999", "puzzle": "nope",
                "gen": "bogus", "players": "7", "seed": "9223372036854775808",
                "game": "9223372036854775808", "dealer": "3", "level": "4", "mode": "fast"}
BAD_KINDS = ["out-of-range", "super2", "5000-digits", "markup"]


def bad_value(name: str, kind: str) -> str:
    return {"out-of-range": OUT_OF_RANGE[name], "super2": "²", "5000-digits": "9" * 5000,
            "markup": f"{IMAGE} {BOLD} {TAG}"}[kind]


def named_problems(page: str, name: str, others: dict[str, str], kind: str) -> list[str]:
    """What is wrong with the message of ``page`` for a bad ``?name=`` (none: all is well)."""
    params = {"lang": "en", **others, name: bad_value(name, kind)}
    # home is the default page: the app opened as it is, without a page switch
    at = opened(None if page == "home" else page, params)
    if isinstance(at, str):
        return [at]
    said = warnings(at)
    problems = raw_markup_shown(at)
    expected = (f"No {name} is called" if name in ("lesson", "puzzle")
                else f"The link asks for {name} ")
    if expected not in said:
        problems.append(f"{expected!r} not in {said[:300]!r}")
    if len(said) >= 600:  # the value is quoted cut short, not five thousand digits
        problems.append(f"{len(said)} characters of warnings")
    return problems


@pytest.mark.parametrize("page", sorted({page for page, _, _ in READS}))
def test_a_bad_parameter_is_named_in_a_message_quoted_literally(page: str) -> None:
    failures = [f"{name}, {kind}: {problem}"
                for read_page, name, others in READS if read_page == page
                for kind in BAD_KINDS
                for problem in named_problems(page, name, others, kind)]
    assert failures == []


def test_a_crafted_puzzle_link_shows_its_text_literally() -> None:
    crafted = f"{IMAGE} {BOLD} {TAG}"
    at = open_app("puzzles", lang="en", puzzle=crafted)
    assert at.warning[0].value == t("en", "puzzle.not_found", id=plain(crafted))
    assert "\\!\\[x\\]\\(http" in at.warning[0].value and "&lt;img" in at.warning[0].value


def test_a_good_link_still_works_and_gives_no_message() -> None:
    at = open_app("puzzles", lang="en", gen="counting", players="3", seed="42")
    assert not at.warning
    assert at.session_state[FAMILY] == "counting"
    assert at.query_params["seed"] == "42"


# --- names on the score sheet -------------------------------------------------------------------
def test_names_written_as_markdown_or_html_show_literally() -> None:
    names = [IMAGE, BOLD, TAG, "Dee"]
    at = open_sheet()
    start_game(at, names, game=f"{IMAGE} night")
    add(at, {"taker": 0, "contract": "garde", "points": 49.0, "oudlers": 2})
    assert not at.error, at.error[0].value
    assert_no_raw_markup(at)
    shown = "\n".join(shown_as_markdown(at))
    for name in names:
        assert plain(name) in shown
    assert [m.label for m in at.metric] == [plain(name) for name in names]
    assert at.subheader[0].value == plain(f"{IMAGE} night")
    # the table's cells are plain text: the names as typed
    assert list(table(at)[0])[4:8] == names


def test_players_named_like_the_tables_columns_do_not_overwrite_them() -> None:
    at = open_sheet()
    start_game(at, ["Deal", "Sum", "Contract", "Result"])
    add(at, {"taker": 1, "contract": "garde", "points": 49.0, "oudlers": 2})
    rows = table(at)
    assert list(rows[0]) == ["Deal", "Taker", "Contract", "Result", "Deal (Player 1)",
                             "Sum (Player 2)", "Contract (Player 3)", "Result (Player 4)", "Sum"]
    assert [row["Deal"] for row in rows] == ["1", "Total"]
    assert rows[0]["Taker"] == "Sum" and rows[0]["Contract"] == "Garde"
    marks = [rows[0][column] for column in list(rows[0])[4:8]]
    assert sum(marks) == 0 and marks[1] > 0
    assert rows[0]["Sum"] == "0 ✓"


def test_players_named_like_the_italian_columns_do_not_overwrite_them() -> None:
    at = AppTest.from_file(str(ROOT / "tutor/ui/pages/score_sheet.py"), default_timeout=30)
    at.query_params["lang"] = "it"
    at.run()
    start_game(at, ["Smazzata", "Somma", "Contratto", "Dee"])
    add(at, {"taker": 0, "contract": "garde", "points": 49.0, "oudlers": 2})
    columns = list(table(at)[0])
    assert len(columns) == len(set(columns)) == 9
    assert "Smazzata (Giocatore 1)" in columns


@pytest.mark.parametrize(
    ("names", "reason"),
    [
        (["Ann", "Total", "Cid", "Dee"], "name_reserved"),
        (["Ann", "Bob", "Ann", "Dee"], "name_twice"),
        (["Ann", "Bob", " ann ", "Dee"], "name_twice"),
    ],
)
def test_a_total_player_or_the_same_name_twice_is_refused_clearly(
    names: list[str], reason: str
) -> None:
    at = open_sheet()
    start_game(at, names)
    assert at.error[0].value == t("en", f"score_sheet.errors.{reason}")
    assert at.session_state["score-sheet-state"].sheet is None


@pytest.mark.parametrize(
    "points", [float("inf"), float("-inf"), float("nan"), 1e300, 1e308, sys.float_info.max, -1e308]
)
def test_points_typed_as_infinity_or_a_huge_number_are_refused_clearly(points: float) -> None:
    at = open_sheet()
    start_game(at, ["Ann", "Bob", "Cid", "Dee"])
    add(at, {"taker": 0, "contract": "garde", "points": points, "oudlers": 2})
    assert at.error[0].value.startswith("Refused: ")
    assert not at.dataframe  # no deal went in

