"""The score sheet page run headless: a game of several deals with the five FFT examples,
a refused entry that loses nothing, editing and deleting rows, reopening the game from the
database in a new session, and the CSV download matching the sheet."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage
from streamlit.testing.v1 import AppTest

from tutor.progress.store import LearnerStore
from tutor.scoresheet.sheet import Sheet
from tutor.ui.score_sheet_state import sheet_of

ROOT = Path(__file__).resolve().parents[2]
PAGE = str(ROOT / "tutor/ui/pages/score_sheet.py")
NAMES = ["Ann", "Bob", "Cid", "Dee"]

# The five FFT worked examples (RULES §9.6) as form values, and the taker's FFT marks.
FFT_DEALS: list[tuple[dict[str, Any], int]] = [
    (
        {
            "taker": 0,
            "contract": "garde",
            "points": 49.0,
            "oudlers": 2,
            "pab": "attack",
            "poignees": {0: "simple"},
        },
        318,
    ),
    ({"taker": 1, "contract": "garde-sans", "points": 45.0, "oudlers": 2, "pab": "defence"}, 228),
    (
        {
            "taker": 2,
            "contract": "prise",
            "points": 44.0,
            "oudlers": 1,
            "pab": "attack",
            "poignees": {2: "simple"},
        },
        -126,
    ),
    (
        {"taker": 3, "contract": "garde", "points": 52.0, "oudlers": 2, "poignees": {1: "simple"}},
        276,
    ),
    (
        {
            "taker": 0,
            "contract": "garde",
            "points": 87.0,
            "oudlers": 2,
            "pab": "attack",
            "poignees": {0: "simple"},
            "chelem": "announced-made",
        },
        1746,
    ),
]


@pytest.fixture
def db(mine: LearnerStore) -> LearnerStore:
    """The test visitor's own store (tests/app/conftest.py sets it up and clears caches)."""
    return mine


@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """Every file the page hands to the media storage (the CSV of the download button)."""
    seen: list[bytes] = []
    original = MemoryMediaFileStorage.load_and_get_id

    def spy(
        self: MemoryMediaFileStorage,
        path_or_data: Any,
        mimetype: str,
        kind: Any,
        filename: str | None = None,
    ) -> str:
        if isinstance(path_or_data, bytes) and mimetype.startswith("text/csv"):
            seen.append(path_or_data)
        return original(self, path_or_data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", spy)
    return seen


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def open_sheet(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=30)
    for key, value in params.items():
        at.query_params[key] = value
    return run(at)


def start_game(at: AppTest, names: list[str], game: str = "Friday") -> None:
    at.text_input(key="score-sheet-new-game").input(game)
    if len(names) != 4:
        at.radio(key="score-sheet-new-count").set_value(len(names))
        run(at)
    for i, name in enumerate(names):
        at.text_input(key=f"score-sheet-new-name-{i}").input(name)
    at.button(key="score-sheet-start").click()
    run(at)


def fill(at: AppTest, deal: dict[str, Any]) -> None:
    at.selectbox(key="score-sheet-form-taker").set_value(deal.get("taker", 0))
    if "partner" in deal:
        at.selectbox(key="score-sheet-form-partner").set_value(deal["partner"])
    at.radio(key="score-sheet-form-contract").set_value(deal.get("contract", "garde"))
    at.radio(key="score-sheet-form-side").set_value(deal.get("side", "attack"))
    at.number_input(key="score-sheet-form-points").set_value(deal["points"])
    at.number_input(key="score-sheet-form-oudlers").set_value(deal.get("oudlers", 0))
    at.radio(key="score-sheet-form-pab").set_value(deal.get("pab", "none"))
    at.selectbox(key="score-sheet-form-chelem").set_value(deal.get("chelem", "none"))
    for seat in range(len(at.session_state["score-sheet-state"].sheet.players)):
        level = deal.get("poignees", {}).get(seat, "none")
        at.selectbox(key=f"score-sheet-form-poignee-{seat}").set_value(level)


def add(at: AppTest, deal: dict[str, Any]) -> None:
    fill(at, deal)
    at.button(key="score-sheet-add").click()
    run(at)


def table(at: AppTest) -> list[dict[str, Any]]:
    return at.dataframe[0].value.to_dict("records")


def texts(at: AppTest) -> str:
    parts = [e.value for e in at.markdown] + [e.value for e in at.caption]
    parts += [e.value for e in at.success] + [e.value for e in at.error]
    return "\n".join(str(p) for p in parts)


def fft_game() -> AppTest:
    at = open_sheet()
    start_game(at, NAMES)
    for deal, _ in FFT_DEALS:
        add(at, deal)
        assert not at.error, at.error[0].value
    return at


def test_the_five_fft_examples_give_the_fft_marks(db: LearnerStore) -> None:
    at = fft_game()
    rows = table(at)
    assert len(rows) == 6
    for row, (deal, marks) in zip(rows, FFT_DEALS, strict=False):
        taker = NAMES[deal["taker"]]
        assert row[taker] == marks
        assert all(row[n] == -marks // 3 for n in NAMES if n != taker)
        assert row["Sum"] == "0 ✓"
    total = rows[-1]
    assert total["Deal"] == "Total"
    assert [total[n] for n in NAMES] == [1938, -510, -982, -446]
    assert [m.value for m in at.metric] == ["+1938", "-510", "-982", "-446"]
    assert "Deal 5: Ann, Garde, made by 46" in [e.label for e in at.expander]


def test_the_worked_calculation_is_on_demand(db: LearnerStore) -> None:
    at = fft_game()
    shown = texts(at)
    for line in (
        "Points: 49 · oudlers: 2",
        "Needed: 41",
        "25 + 8 = 33",
        "Petit au bout (attack): +10 = 43",
        "× 2 (Garde) = 86",
        "Taker: +318",
        "The marks sum to zero ✓",
    ):
        assert line in shown


def test_a_refused_entry_keeps_the_form_and_every_row(db: LearnerStore) -> None:
    at = fft_game()
    before = table(at)
    add(at, {"taker": 1, "contract": "garde", "points": 95.0, "oudlers": 2})
    assert at.error[0].value == "Refused: Points must be between 0 and 91, not 95."
    assert table(at) == before
    assert at.number_input(key="score-sheet-form-points").value == 95.0
    assert at.selectbox(key="score-sheet-form-taker").value == 1
    add(at, {"taker": 1, "contract": "garde", "points": 45.5, "oudlers": 2})
    assert "At 4 players the points are whole" in at.error[0].value
    add(at, {"taker": 1, "contract": "garde", "points": 30.0, "oudlers": 4})
    assert "There are three oudlers, not 4." in at.error[0].value
    add(
        at,
        {"taker": 1, "contract": "garde", "points": 30.0, "oudlers": 1, "chelem": "announced-made"},
    )
    assert "A chelem made by the taker cannot lose the contract." in at.error[0].value
    assert table(at) == before
    # corrected, it goes in
    add(at, {"taker": 1, "contract": "garde", "points": 45.0, "oudlers": 2})
    assert not at.error
    assert len(table(at)) == len(before) + 1


def test_refusals_in_italian(db: LearnerStore) -> None:
    at = open_sheet(lang="it")
    start_game(at, NAMES)
    add(at, {"taker": 0, "points": 92.0, "oudlers": 2})
    assert at.error[0].value == "Non accettata: I punti vanno da 0 a 91, non 92."


def test_editing_and_deleting_rows_recompute_the_totals(db: LearnerStore) -> None:
    at = fft_game()
    at.button(key="score-sheet-edit-1").click()
    run(at)
    assert at.number_input(key="score-sheet-form-points").value == 45.0
    assert at.radio(key="score-sheet-form-pab").value == "defence"
    at.radio(key="score-sheet-form-pab").set_value("none")
    at.button(key="score-sheet-save").click()
    run(at)
    assert "Deal 2 updated" in at.success[0].value
    rows = table(at)
    assert rows[1]["Bob"] == 348
    assert rows[-1]["Bob"] == -510 + (348 - 228)
    at.button(key="score-sheet-delete-4").click()
    run(at)
    rows = table(at)
    assert len(rows) == 5
    # without deal 5; deal 2 now +348 for Bob, -116 (not -76) for each other player
    assert [rows[-1][n] for n in NAMES] == [192 - 40, 72 + 120, -400 - 40, 136 - 40]
    saved = db.game(db.games("sheet")[0].id)
    assert sheet_of(saved).totals() == (152, 192, -440, 96)


def test_the_edit_form_shows_points_as_written_without_a_trailing_zero(
    db: LearnerStore,
) -> None:
    at = fft_game()
    at.button(key="score-sheet-edit-1").click()
    run(at)
    points = at.number_input(key="score-sheet-form-points")
    # the browser draws the value with the widget's printf-style format
    assert points.proto.format % points.value == "45"
    assert points.proto.format % 40.5 == "40.5"


def test_the_game_is_found_again_after_a_reload(db: LearnerStore) -> None:
    at = fft_game()
    totals = table(at)[-1]
    game_id = at.session_state["score-sheet-state"].game_id
    again = open_sheet()  # a new session on the same database
    assert not again.dataframe
    again.selectbox(key="score-sheet-choose").set_value(game_id)
    again.button(key="score-sheet-open").click()
    run(again)
    assert table(again)[-1] == totals
    assert "Friday" in [s.value for s in again.subheader]
    by_url = open_sheet(game=str(game_id))
    assert table(by_url)[-1] == totals


def test_the_csv_download_matches_the_sheet(db: LearnerStore, downloads: list[bytes]) -> None:
    at = fft_game()
    text = downloads[-1].decode("utf-8")
    sheet = at.session_state["score-sheet-state"].sheet
    assert text == sheet.to_csv()
    rows = list(csv.DictReader(io.StringIO(text)))
    total_row = table(at)[-1]
    assert [int(rows[-1][n]) for n in NAMES] == [total_row[n] for n in NAMES]
    for name in NAMES:
        assert sum(int(r[name]) for r in rows[:-1]) == total_row[name]
    assert Sheet.from_csv(text).totals() == sheet.totals()


def test_five_players_partner_and_alone(db: LearnerStore) -> None:
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
    at = open_sheet()
    start_game(at, names)
    add(at, {"taker": 0, "contract": "garde", "points": 44.5, "oudlers": 2})
    assert "Choose the called partner" in at.error[0].value
    add(at, {"taker": 0, "partner": 3, "contract": "garde", "points": 44.5, "oudlers": 2})
    add(at, {"taker": 2, "partner": -1, "contract": "garde", "points": 44.5, "oudlers": 2})
    rows = table(at)
    assert [rows[0][n] for n in names] == [116, -58, -58, 58, -58]
    assert [rows[1][n] for n in names] == [-58, -58, 232, -58, -58]
    assert [rows[-1][n] for n in names] == [58, -116, 174, 0, -116]


def test_three_players(db: LearnerStore) -> None:
    names = ["Ann", "Bob", "Cid"]
    at = open_sheet()
    start_game(at, names)
    add(at, {"taker": 1, "contract": "garde", "points": 40.5, "oudlers": 2})
    # 40.5 with 2 oudlers is lost by 1 (the half point goes to the defence): 26 × 2 (garde)
    assert [table(at)[0][n] for n in names] == [52, -104, 52]
    assert "Lost by 1 (the half point goes to the side that wins)" in texts(at)


def test_a_new_game_needs_distinct_names(db: LearnerStore) -> None:
    at = open_sheet()
    start_game(at, ["Ann", "Bob", "ann", "Dee"])
    assert at.error[0].value == "Two players have the same name."
    assert at.session_state["score-sheet-state"].sheet is None


def test_deleting_a_saved_game(db: LearnerStore) -> None:
    at = fft_game()
    at.button(key="score-sheet-delete-game").click()
    run(at)
    assert "The game was deleted." in at.success[0].value
    assert db.games("sheet") == []
