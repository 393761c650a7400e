"""The bots' level in a practice game: chosen for a new game, saved with it, and beginners for
a game saved before levels existed."""

from __future__ import annotations

import pytest

from tutor.bots import BotLevel, ClubBot, SimpleBot, StrongBot
from tutor.practice.game import PracticeGame


def test_a_new_game_is_played_by_beginners_unless_told() -> None:
    game = PracticeGame.new(4, 12)
    assert game.level is BotLevel.BEGINNER
    assert all(type(bot) is SimpleBot for bot in game.deal.bots.values())


@pytest.mark.parametrize("players", [3, 4, 5])
def test_an_expert_game_seats_strong_bots_but_the_learner(players: int) -> None:
    game = PracticeGame.new(players, 12, level=BotLevel.EXPERT)
    assert sorted(game.deal.bots) == list(range(1, players))
    assert all(isinstance(bot, StrongBot) for bot in game.deal.bots.values())


def test_the_level_is_saved_and_restored() -> None:
    game = PracticeGame.new(4, 12, level=BotLevel.EXPERT)
    data = game.to_data()
    assert data["level"] == "expert"
    again = PracticeGame.from_data(data)
    assert again.level is BotLevel.EXPERT
    assert all(isinstance(bot, StrongBot) for bot in again.deal.bots.values())
    assert again.deal.moves == game.deal.moves


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_club_game_seats_club_bots_but_the_learner(players: int) -> None:
    game = PracticeGame.new(players, 12, level=BotLevel.CLUB)
    assert sorted(game.deal.bots) == list(range(1, players))
    assert all(isinstance(bot, ClubBot) for bot in game.deal.bots.values())
    assert PracticeGame.from_data(game.to_data()).level is BotLevel.CLUB


def test_a_game_saved_at_the_level_once_called_strong_loads_as_expert() -> None:
    data = PracticeGame.new(4, 12, level=BotLevel.EXPERT).to_data()
    data["level"] = "strong"  # what games saved before the Expert level was named say
    game = PracticeGame.from_data(data)
    assert game.level is BotLevel.EXPERT
    assert all(isinstance(bot, StrongBot) for bot in game.deal.bots.values())


def test_the_next_deal_keeps_the_level() -> None:
    game = PracticeGame.new(4, 0, level=BotLevel.EXPERT)
    game.deal.bid(None)  # in this game everyone passes: the deal is void
    assert game.deal.finished
    game.next_deal()
    assert game.number == 2
    assert all(isinstance(bot, StrongBot) for bot in game.deal.bots.values())


def test_a_game_saved_before_levels_is_played_by_beginners() -> None:
    data = PracticeGame.new(4, 12, level=BotLevel.EXPERT).to_data()
    del data["level"]
    game = PracticeGame.from_data(data)
    assert game.level is BotLevel.BEGINNER
    assert all(type(bot) is SimpleBot for bot in game.deal.bots.values())


def test_an_unknown_level_is_not_a_practice_game() -> None:
    data = PracticeGame.new(4, 12).to_data()
    data["level"] = "<script>grandmaster</script>"
    with pytest.raises(ValueError, match="not a practice game"):
        PracticeGame.from_data(data)
