"""Practice games saved before the deal had a record type (main at c2c1f40, the move notation
then written by tutor/practice/moves.py) load unchanged: the same settings, rows and moves, the
deal in progress where it was, every finished deal replaying to the marks it was saved with.

The fixture holds two such games as learners' stores keep them (``games.meta``): 4 players
(a garde with its écart, a poignée shown in the deal in progress) and 5 players (a called
king, a poignée)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tutor.practice import PracticeGame
from tutor.practice.game import row_deal

FIXTURE = Path(__file__).parent / "fixtures" / "saved_games_c2c1f40.json"
SAVED: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_fixture_has_every_kind_of_move() -> None:
    moves = [m for g in SAVED for deal in (*g["rows"], g["current"]) for m in deal["moves"]]
    kinds = {m.partition(":")[0] for m in moves}
    assert kinds == {"bid", "call", "discard", "chelem", "poignee", "play"}


# Fields a game gained after the fixture was saved, with the value an old game loads with.
ADDED_SINCE: dict[str, Any] = {"takebacks": 0, "hints": []}


def as_saved_then(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without the fields added since the fixture, each checked at its old default."""
    deals = [*data["rows"], data["current"]]
    for deal in deals:
        for name, default in ADDED_SINCE.items():
            assert deal.pop(name) == default
    return data


@pytest.mark.parametrize("saved", SAVED, ids=lambda g: f"{g['players']}-players")
def test_a_game_saved_before_the_record_loads_and_saves_the_same(saved: dict[str, Any]) -> None:
    game = PracticeGame.from_data(saved)
    assert as_saved_then(game.to_data()) == saved
    assert game.deal.moves == saved["current"]["moves"]


@pytest.mark.parametrize("saved", SAVED, ids=lambda g: f"{g['players']}-players")
def test_its_finished_deals_replay_to_the_saved_marks(saved: dict[str, Any]) -> None:
    game = PracticeGame.from_data(saved)
    for row in game.rows:
        assert row.record(game.players, game.rules).notation == row.moves
        assert row_deal(game.players, row, game.rules).result().marks == row.marks
