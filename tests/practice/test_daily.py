"""The deal of the day without a page: the same seed, dealer and computer players for everyone
on one UTC day and another deal the next day; the computer player's mark in the learner's
seat is the deal played out by SimpleBot; the streak counts consecutive days; the percentile
is the mid-rank share of the day's marks."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta, timezone

from tutor.bots.levels import BotLevel
from tutor.bots.simulate import play_deal
from tutor.engine import (
    Action,
    AnnounceChelem,
    Bid,
    Call,
    Deal,
    Discard,
    Phase,
    Play,
    ShowPoignee,
)
from tutor.practice import LEARNER, PracticeGame
from tutor.practice.daily import (
    DAILY_PLAYERS,
    allows_take_backs,
    bot_mark,
    daily_deal,
    daily_game,
    daily_mark,
    is_daily_deal,
    percentile,
    streak,
    today,
)
from tutor.practice.deal import PracticeDeal
from tutor.progress.store import DayStanding

DAY = date(2026, 12, 2)


def test_the_day_is_the_utc_date_wherever_the_learner_is() -> None:
    late_in_rome = datetime(2026, 12, 2, 0, 30, tzinfo=timezone(timedelta(hours=1)))
    assert today(late_in_rome) == date(2026, 12, 1)
    assert today(datetime(2026, 12, 2, 23, 59, tzinfo=UTC)) == DAY


def test_every_learner_gets_the_same_cards_and_bots_on_a_day_and_other_cards_the_next() -> None:
    first, second = daily_game(DAY), daily_game(DAY)
    assert first.players == DAILY_PLAYERS and first.level is BotLevel.BEGINNER
    assert first.target is None
    assert first.deal.seed == second.deal.seed == daily_deal(DAY).seed
    assert first.deal.deal.hands == second.deal.deal.hands
    assert first.deal.moves == second.deal.moves  # the bots before the learner spoke alike
    assert is_daily_deal(DAY, 4, first.deal.seed, first.deal.dealer)
    assert not is_daily_deal(DAY + timedelta(days=1), 4, first.deal.seed, first.deal.dealer)
    seeds = {daily_deal(DAY + timedelta(days=n)).seed for n in range(30)}
    assert len(seeds) == 30


def test_the_day_never_deals_a_petit_sec() -> None:
    for n in range(120):
        cards = daily_deal(DAY + timedelta(days=n))
        assert Deal.new(DAILY_PLAYERS, cards.seed, cards.dealer).phase is not Phase.REDEAL


def learner_acts(deal: PracticeDeal, action: Action) -> None:
    """The learner's seat takes ``action`` through the practice deal's own methods."""
    if isinstance(action, Bid):
        refusal = deal.bid(action.contract)
    elif isinstance(action, Call):
        refusal = deal.call(action.card)
    elif isinstance(action, Discard):
        refusal = deal.discard(action.card)
    elif isinstance(action, AnnounceChelem):
        refusal = deal.announce_chelem(action.announce)
    else:
        assert isinstance(action, Play), action
        refusal = deal.play(action.card)
    assert refusal is None, refusal


def learners_moves(played: Deal) -> list[Action]:
    """The moves the learner's seat made in ``played``, found by replaying it."""
    deal = Deal.new(played.players, played.seed, played.dealer)
    mine = []
    for action in played.moves:
        seat = deal.to_play if deal.phase is Phase.PLAYING else deal.current_seat
        if seat == LEARNER:
            mine.append(action)
        deal.push(action)
    return mine


def test_the_computer_players_mark_is_the_deal_played_by_simplebot_in_the_learners_seat() -> None:
    """The day's game played with the learner's seat making SimpleBot's moves is move for move
    the deal ``bot_mark`` plays out: same bots, same choices, same mark."""
    checked = 0
    for n in range(12):
        day = DAY + timedelta(days=n)
        cards = daily_deal(day)
        alone = play_deal(DAILY_PLAYERS, cards.seed, cards.dealer)
        mine = learners_moves(alone)
        if any(isinstance(action, ShowPoignee) for action in mine):
            continue  # the page shows a poignée by level, not by the cards SimpleBot chose
        game = daily_game(day)
        for action in mine:
            learner_acts(game.deal, action)
        assert game.deal.finished
        assert [str(m) for m in game.deal.deal.moves] == [str(m) for m in alone.moves]
        expected = 0 if alone.phase is Phase.REDEAL else alone.result().marks[LEARNER]
        assert bot_mark(day) == expected
        checked += 1
    assert checked >= 6


def test_a_streak_is_the_consecutive_days_up_to_today_or_yesterday() -> None:
    days = [DAY - timedelta(days=n) for n in (0, 1, 2, 5)]
    assert streak(days, DAY) == 3
    assert streak(days, DAY + timedelta(days=1)) == 3  # today not played yet: still alive
    assert streak(days, DAY + timedelta(days=2)) == 0  # a day missed
    assert streak([], DAY) == 0
    assert streak([DAY - timedelta(days=5)], DAY - timedelta(days=5)) == 1


def test_the_percentile_counts_the_other_marks_below_and_half_the_other_ties() -> None:
    assert percentile(DayStanding(10, below=0, equal=1, count=1)) is None  # no one else yet
    assert percentile(DayStanding(10, below=3, equal=1, count=4)) == 100
    assert percentile(DayStanding(-60, below=0, equal=1, count=4)) == 0
    assert percentile(DayStanding(0, below=2, equal=2, count=4)) == 83
    assert percentile(DayStanding(0, below=0, equal=0, count=0)) is None


def test_a_saved_deal_of_the_day_is_still_one_when_read_back_and_another_game_is_not() -> None:
    game = daily_game(DAY)
    data = game.to_data()
    assert data["daily"] == "2026-12-02"
    assert PracticeGame.from_data(data).daily == DAY
    assert "daily" not in PracticeGame.new(4, 7).to_data()  # a game saved as before
    assert PracticeGame.from_data(PracticeGame.new(4, 7).to_data()).daily is None


def play_the_days_deal(game: PracticeGame) -> None:
    """Play the game's deal to its end with the learner's moves SimpleBot would make."""
    mine = learners_moves(play_deal(DAILY_PLAYERS, game.deal.seed, game.deal.dealer))
    for action in mine:
        if isinstance(action, ShowPoignee):
            game.deal.show_poignee(None)
            continue
        learner_acts(game.deal, action)
    assert game.record()


def test_the_mark_counts_only_for_the_days_own_deal_at_its_level_and_rules() -> None:
    game = daily_game(DAY)
    assert daily_mark(game, DAY) is None  # not played yet
    play_the_days_deal(game)
    assert daily_mark(game, DAY) == game.rows[0].marks[LEARNER]
    assert daily_mark(game, DAY + timedelta(days=1)) is None  # finished on another day
    game.next_deal()
    assert daily_mark(game, DAY) is None  # the game's next deal is not the day's
    game.number = 1
    game.level = BotLevel.EXPERT
    assert daily_mark(game, DAY) is None


def test_the_deal_of_the_day_is_played_once_without_take_backs() -> None:
    game = daily_game(DAY)
    assert not allows_take_backs(game)
    play_the_days_deal(game)
    assert daily_mark(game, DAY) is not None
    game.rows[0] = replace(game.rows[0], takebacks=1)  # a deal taken back (an old save)
    assert daily_mark(game, DAY) is None
    game.next_deal()
    assert allows_take_backs(game)  # the game's next deals are practice
    assert allows_take_backs(PracticeGame.new(4, 7))
