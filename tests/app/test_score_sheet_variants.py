"""The score sheet under each rule variant: chosen when the game is created, used for every
deal's score (the engine's ``score(input, rules)``), kept with the saved game and reopened
with it; the variant's bid names and its "first to 100" target shown."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.test_score_sheet import NAMES, add, open_sheet, run, table
from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.contracts import Contract
from tutor.engine.scoring import ScoreInput, Side, score
from tutor.engine.variants import FFT_2012, ONLINE_FIRST_TO_100, PRESETS
from tutor.progress.store import LearnerStore
from tutor.scoresheet.sheet import DealEntry, PoigneeEntry, Sheet
from tutor.ui.score_sheet_state import sheet_of
from tutor.ui.views import score_lines

# A garde made by 8 with the petit au bout to the attack: FFT multiplies the bonus (+318 at
# 4 players with a simple poignée), the online-first-to-100 rules add a flat 10 to the stake.
DEAL = {
    "taker": 0,
    "contract": "garde",
    "points": 49.0,
    "oudlers": 2,
    "pab": "attack",
    "poignees": {0: "simple"},
}
DEAL_INPUT = ScoreInput(
    players=4,
    contract=Contract.GARDE,
    taker_half_points=98,
    oudlers=2,
    petit_au_bout=Side.ATTACK,
    poignees=(Poignee.SIMPLE,),
)


def start(at: AppTest, names: list[str], rules: str) -> None:
    at.text_input(key="score-sheet-new-game").input(f"Game {rules}")
    if len(names) != 4:
        at.radio(key="score-sheet-new-count").set_value(len(names))
        run(at)
    for i, name in enumerate(names):
        at.text_input(key=f"score-sheet-new-name-{i}").input(name)
    at.selectbox(key="score-sheet-new-rules").set_value(rules)
    run(at)
    at.button(key="score-sheet-start").click()
    run(at)


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_sheet_scores_each_deal_as_the_engine_does_under_its_rules(
    name: str, mine: LearnerStore
) -> None:
    rules = PRESETS[name]
    at = open_sheet()
    start(at, NAMES, name)
    add(at, DEAL)
    assert not at.error, at.error[0].value
    expected = score(DEAL_INPUT, rules)
    row = table(at)[0]
    assert row["Ann"] == expected.taker
    assert [row[n] for n in NAMES[1:]] == [expected.defender] * 3
    assert at.session_state["score-sheet-state"].sheet.rules is rules
    shown = "\n".join(str(c.value) for c in at.caption)
    assert f"Rules: {rules.name}" not in shown  # named, not coded
    assert "Rules: " in shown

    # Saved with its rules: reopened in a new session, the same variant and the same marks.
    saved = mine.games("sheet")[0]
    assert mine.game(saved.id).meta["rules"] == name
    again = open_sheet(game=str(saved.id))
    assert again.session_state["score-sheet-state"].sheet.rules is rules
    assert table(again)[0]["Ann"] == expected.taker


def test_the_variants_differ_where_the_rules_differ() -> None:
    # The comparison above is not empty: online-first-to-100's flat petit au bout changes this deal.
    assert score(DEAL_INPUT, FFT_2012).taker != score(DEAL_INPUT, ONLINE_FIRST_TO_100).taker


def test_a_game_saved_before_variants_reopens_as_fft_2012(mine: LearnerStore) -> None:
    saved = mine.create_game("Old", "sheet", {"version": 1, "players": NAMES})
    mine.add_row(saved.id, Sheet.new(NAMES).add(_entry()).entries[0].to_data())
    sheet = sheet_of(mine.game(saved.id))
    assert sheet.rules is FFT_2012
    at = open_sheet(game=str(saved.id))
    assert at.session_state["score-sheet-state"].sheet.rules is FFT_2012
    assert table(at)[0]["Ann"] == score(DEAL_INPUT).taker


def test_a_saved_game_with_unknown_rules_is_said_not_crashed(mine: LearnerStore) -> None:
    saved = mine.create_game("Odd", "sheet", {"version": 1, "players": NAMES, "rules": "zzz"})
    at = open_sheet(game=str(saved.id))
    assert at.session_state["score-sheet-state"].sheet is None
    assert "unknown rules" in at.error[0].value


def test_the_web_game_rules_refuse_three_players_with_a_message(mine: LearnerStore) -> None:
    at = open_sheet()
    start(at, NAMES[:3], ONLINE_FIRST_TO_100.name)
    assert at.session_state["score-sheet-state"].sheet is None
    assert any("for 4 players" in w.value for w in at.warning)
    assert "These rules are for 4 players, not 3" in at.error[0].value
    assert mine.games("sheet") == []


def test_the_web_game_names_its_bids_and_says_when_the_target_is_reached(
    mine: LearnerStore,
) -> None:
    at = open_sheet()
    start(at, NAMES, ONLINE_FIRST_TO_100.name)
    contracts = at.radio(key="score-sheet-form-contract")
    assert contracts.options == ["Petite", "Garde", "Garde Sans", "Garde Contre"]
    assert not at.success or "reached 100" not in at.success[-1].value
    add(at, DEAL)
    assert table(at)[0]["Contract"] == "Garde"
    # Ann +252 already: past the target of 100, so the game is won.
    assert any("Ann reached 100" in s.value for s in at.success)
    worked = "\n".join(m.value for m in at.markdown)
    assert "(Garde)" in worked


def test_the_worked_score_names_the_contract_as_the_rules_name_it() -> None:
    web = ScoreInput(4, Contract.PRISE, 98, 2, None, (), Chelem.NONE, False)
    lines = score_lines(score(web, ONLINE_FIRST_TO_100), "en", ONLINE_FIRST_TO_100)
    assert any("(Petite)" in line for line in lines)
    assert not any("(Prise)" in line for line in lines)


def _entry() -> DealEntry:
    return DealEntry(
        taker=0,
        contract=Contract.GARDE,
        points_half=98,
        oudlers=2,
        petit_au_bout=Side.ATTACK,
        poignees=(PoigneeEntry(0, Poignee.SIMPLE),),
    )
