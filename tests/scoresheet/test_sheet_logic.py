"""The score sheet: FFT examples as rows, 3 and 5 players, edits, CSV, refused entries."""

from __future__ import annotations

import csv
import io

import pytest

from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.contracts import Contract
from tutor.engine.errors import ImpossiblePositionError
from tutor.engine.scoring import ScoreInput, Side, validate_score_input
from tutor.scoresheet.messages import explain
from tutor.scoresheet.sheet import (
    DealEntry,
    EntryError,
    PoigneeEntry,
    Sheet,
    as_text_cell,
    from_text_cell,
    typed_points_half,
)

A, D = Side.ATTACK, Side.DEFENCE
P, G, GS, GC = Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE
S = Poignee.SIMPLE


def row(taker=0, contract=G, points=41.0, oudlers=2, **kw) -> DealEntry:
    return DealEntry(
        taker=taker, contract=contract, points_half=int(points * 2), oudlers=oudlers, **kw
    )


# RULES §9.6, FFT worked examples (4 players): (entry, the taker's marks)
FFT = [
    (row(0, G, 49, 2, petit_au_bout=A, poignees=(PoigneeEntry(0, S),)), 318),
    (row(1, GS, 45, 2, petit_au_bout=D), 228),
    (row(2, P, 44, 1, petit_au_bout=A, poignees=(PoigneeEntry(2, S),)), -126),
    (row(3, G, 52, 2, poignees=(PoigneeEntry(1, S),)), 276),
    (
        row(
            0,
            G,
            87,
            2,
            petit_au_bout=A,
            poignees=(PoigneeEntry(0, S),),
            chelem=Chelem.ANNOUNCED_MADE,
        ),
        1746,
    ),
]
NAMES4 = ("Ann", "Bob", "Cid", "Dee")


def fft_sheet() -> Sheet:
    sheet = Sheet.new(NAMES4)
    for entry, _ in FFT:
        sheet = sheet.add(entry)
    return sheet


def test_the_five_fft_examples_give_the_fft_marks() -> None:
    sheet = fft_sheet()
    for deal, (entry, taker_marks) in zip(sheet.scored(), FFT, strict=True):
        assert deal.marks[entry.taker] == taker_marks
        assert all(m == -taker_marks // 3 for s, m in enumerate(deal.marks) if s != entry.taker)
        assert sum(deal.marks) == 0
    # Ann: +318 -76 +42 -92 +1746; Bob: -106 +228 +42 -92 -582;
    # Cid: -106 -76 -126 -92 -582; Dee: -106 -76 +42 +276 -582
    assert sheet.totals() == (1938, -510, -982, -446)
    assert sum(sheet.totals()) == 0


def test_running_totals_start_at_zero_and_end_at_the_totals() -> None:
    sheet = fft_sheet()
    running = sheet.running_totals()
    assert running[0] == (0, 0, 0, 0)
    assert running[1] == (318, -106, -106, -106)
    assert running[-1] == sheet.totals()
    assert len(running) == len(FFT) + 1


def test_the_defence_may_count_instead_of_the_taker() -> None:
    taker_count = row(0, G, 49, 2, petit_au_bout=A)
    defence_count = row(0, G, 42, 1, counted_by=D, petit_au_bout=A)
    sheet = Sheet.new(NAMES4).add(taker_count).add(defence_count)
    first, second = sheet.scored()
    assert first.marks == second.marks
    assert defence_count.taker_half_points == 98 and defence_count.taker_oudlers == 2


def test_three_players_taker_marks_twice() -> None:
    sheet = Sheet.new(["Ann", "Bob", "Cid"]).add(row(1, G, 44.5, 2))
    assert sheet.scored()[0].marks == (-58, 116, -58)


def test_five_players_partner_split_and_alone() -> None:
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
    sheet = Sheet.new(names).add(row(0, G, 44.5, 2, partner=3)).add(row(2, G, 44.5, 2))
    split, alone = sheet.scored()
    assert split.marks == (116, -58, -58, 58, -58)
    assert alone.marks == (-58, -58, 232, -58, -58)
    assert sheet.totals() == (58, -116, 174, 0, -116)


def test_five_players_a_called_card_of_ones_own_is_alone() -> None:
    sheet = Sheet.new(["Ann", "Bob", "Cid", "Dee", "Eve"]).add(row(4, P, 60, 2, partner=4))
    assert sheet.scored()[0].marks == (-44, -44, -44, -44, 176)


def test_editing_a_row_recomputes_the_totals() -> None:
    sheet = fft_sheet()
    before = sheet.totals()
    edited = sheet.replace(1, row(1, GS, 45, 2))  # no petit au bout for the defence now
    assert edited.scored()[1].marks[1] == 348
    assert edited.totals()[1] == before[1] + (348 - 228)
    assert sheet.totals() == before  # the old sheet is untouched


def test_deleting_a_row_recomputes_the_totals() -> None:
    sheet = fft_sheet()
    deleted = sheet.delete(4)
    assert len(deleted.entries) == 4
    assert deleted.totals() == (1938 - 1746, -510 + 582, -982 + 582, -446 + 582)
    with pytest.raises(EntryError):
        sheet.delete(5)


def test_csv_round_trip_matches_the_sheet() -> None:
    sheet = fft_sheet().replace(
        0, row(0, G, 42, 1, counted_by=D, petit_au_bout=A, poignees=(PoigneeEntry(0, S),))
    )
    text = sheet.to_csv()
    back = Sheet.from_csv(text)
    assert back.players == sheet.players
    assert [d.marks for d in back.scored()] == [d.marks for d in sheet.scored()]
    assert back.totals() == sheet.totals()


def test_csv_has_a_column_per_player_and_its_totals_equal_the_sheet() -> None:
    sheet = Sheet.new(["Ann", "Bob", "Cid", "Dee", "Eve"]).add(row(0, G, 44.5, 2, partner=3))
    sheet = sheet.add(row(2, GC, 30, 1, poignees=(PoigneeEntry(1, Poignee.DOUBLE),)))
    rows = list(csv.DictReader(io.StringIO(sheet.to_csv())))
    deals, total = rows[:-1], rows[-1]
    assert total["deal"] == "total"
    for seat, name in enumerate(sheet.players):
        assert sum(int(r[name]) for r in deals) == int(total[name]) == sheet.totals()[seat]
    assert deals[0]["partner"] == "Dee" and deals[1]["partner"] == "alone"
    assert deals[1]["poignees"] == "Bob:double"
    assert deals[0]["points"] == "44.5"
    assert Sheet.from_csv(sheet.to_csv()).totals() == sheet.totals()


def test_csv_with_a_tampered_total_is_refused() -> None:
    text = fft_sheet().to_csv().replace("total,,,,,,,,,1938", "total,,,,,,,,,1939")
    with pytest.raises(ValueError, match="totals"):
        Sheet.from_csv(text)


def test_database_data_round_trip() -> None:
    sheet = fft_sheet()
    assert Sheet.from_data(sheet.to_data()) == sheet


# --- refused entries ---------------------------------------------------------------------
def engine_message(players: int, **kw) -> str:
    fields = dict(contract=G, taker_half_points=82, oudlers=2)
    fields.update(kw)
    with pytest.raises(ImpossiblePositionError) as error:
        validate_score_input(ScoreInput(players, **fields))
    return str(error.value)


REFUSED = [
    (4, row(points=92), engine_message(4, taker_half_points=184)),
    (4, row(oudlers=4), engine_message(4, oudlers=4)),
    (4, row(points=45.5), engine_message(4, taker_half_points=91)),
    (
        4,
        row(points=40, chelem=Chelem.ANNOUNCED_MADE),
        engine_message(4, taker_half_points=80, chelem=Chelem.ANNOUNCED_MADE),
    ),
    (
        4,
        row(points=60, chelem=Chelem.DEFENCE),
        engine_message(4, taker_half_points=120, chelem=Chelem.DEFENCE),
    ),
    (
        4,
        row(points=30, oudlers=0, petit_au_bout=A),
        engine_message(4, taker_half_points=60, oudlers=0, petit_au_bout=A),
    ),
    (4, row(points=3, oudlers=1), engine_message(4, taker_half_points=6, oudlers=1)),
    (4, row(partner=2), "a partner is called only at 5 players, not at 4"),
    (3, row(partner=1), "a partner is called only at 5 players, not at 3"),
    (4, row(taker=4), "there is no player 5"),
    (4, row(poignees=(PoigneeEntry(1, S), PoigneeEntry(1, S))), "one poignée per player"),
]


@pytest.mark.parametrize(("players", "entry", "message"), REFUSED)
def test_impossible_entries_are_refused_and_the_sheet_is_unchanged(players, entry, message):
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"][:players]
    sheet = Sheet.new(names).add(row(0, G, 49, 2))
    before = (sheet.entries, sheet.totals())
    with pytest.raises(ImpossiblePositionError) as error:
        sheet.add(entry)
    assert str(error.value) == message
    with pytest.raises(ImpossiblePositionError):
        sheet.replace(0, entry)
    assert (sheet.entries, sheet.totals()) == before


def test_the_defence_count_is_checked_as_entered() -> None:
    sheet = Sheet.new(NAMES4)
    with pytest.raises(ImpossiblePositionError, match="not 95"):
        sheet.add(row(points=95, counted_by=D))
    with pytest.raises(ImpossiblePositionError, match="three oudlers, not 5"):
        sheet.add(row(oudlers=5, counted_by=D))


@pytest.mark.parametrize(
    ("names", "code"),
    [
        (["A", "B"], "players_count"),
        (["A", "B", ""], "name_missing"),
        (["A", "B", "a"], "name_twice"),
        (["A", "B", "x;y"], "name_reserved"),
    ],
)
def test_bad_player_lists_are_refused(names, code) -> None:
    with pytest.raises(EntryError) as error:
        Sheet.new(names)
    assert error.value.code == code


def test_every_engine_refusal_is_recognised_for_translation() -> None:
    for players, entry, _ in REFUSED:
        names = ["Ann", "Bob", "Cid", "Dee", "Eve"][:players]
        with pytest.raises(ImpossiblePositionError) as error:
            Sheet.new(names).add(entry)
        code, _values = explain(error.value)
        assert code != "engine", str(error.value)
    with pytest.raises(ImpossiblePositionError) as error:
        validate_score_input(ScoreInput(4, Contract.GARDE, 184, 1))
    # The code and values come with the error: no English message is parsed.
    assert explain(error.value) == ("points_range", {"points": "92"})
    assert explain(ImpossiblePositionError("points must be between 0 and 91, not 92"))[0] == (
        "engine"
    )
    assert explain(ValueError("something new")) == ("engine", {"text": "something new"})


def test_a_sheet_keeps_its_rules_through_its_saved_data() -> None:
    from tutor.engine.variants import FFT_2012, ONLINE_FIRST_TO_100
    from tutor.scoresheet.sheet import rules_of_data

    sheet = Sheet.new(["A", "B", "C", "D"], ONLINE_FIRST_TO_100)
    data = sheet.to_data()
    assert data["rules"] == "online-first-to-100"
    assert Sheet.from_data(data).rules is ONLINE_FIRST_TO_100
    # a sheet saved before the preset was renamed (it was "seed-004-web-game") still loads
    assert Sheet.from_data({**data, "rules": "seed-004-web-game"}).rules is ONLINE_FIRST_TO_100
    assert rules_of_data({"players": ["A", "B", "C"]}) is FFT_2012


# --- typed points: bounded before any arithmetic (issue 20) ---------------------------------
@pytest.mark.parametrize("points", [1e308, 1.7976931348623157e308, -1e308, 91.5, -0.5])
def test_points_outside_the_deck_are_refused_before_being_doubled(points: float) -> None:
    with pytest.raises(EntryError) as refused:
        typed_points_half(points)
    assert refused.value.code == "points_range"


@pytest.mark.parametrize(("points", "half"), [(0.0, 0), (45.5, 91), (91.0, 182)])
def test_points_in_the_deck_come_back_in_half_points(points: float, half: int) -> None:
    assert typed_points_half(points) == half


# --- the CSV never hands a spreadsheet a formula (issue 20) ---------------------------------
FORMULAS = ["=HYPERLINK(\"https://evil.example\",\"x\")", "+cmd", "-2+3", "@SUM(A1)", "\tTab",
            "\rCR"]


def test_names_that_start_a_formula_are_written_as_text() -> None:
    names = ["=HYPERLINK(\"https://evil.example\",\"x\")", "+cmd", "@SUM(A1)", "-2+3"]
    sheet = Sheet.new(names).add(row(0, G, 49, 2, poignees=(PoigneeEntry(0, S),)))
    cells = [cell for line in csv.reader(io.StringIO(sheet.to_csv())) for cell in line]
    for cell in cells:
        assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell
        assert not (cell.startswith("-") and not cell.lstrip("-").isdigit()), cell
    assert "'=HYPERLINK(\"https://evil.example\",\"x\")" in cells
    back = Sheet.from_csv(sheet.to_csv())
    assert back.players == sheet.players and back.totals() == sheet.totals()


@pytest.mark.parametrize("name", [*FORMULAS, "'quoted", "'=both", "plain"])
def test_a_text_cell_comes_back_as_typed(name: str) -> None:
    assert from_text_cell(str(as_text_cell(name))) == name
