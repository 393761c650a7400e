"""The deal of the day through the practice page (AppTest): ``?daily=1`` or the button deals
today's cards at 4 against Beginners; played to its end, the page shows the learner's mark
against everyone's on that deal (a percentile and a count, no names), the computer player's
mark in the learner's seat, and the streak; only the first finished play of the day counts,
and a reload keeps the game the deal of the day."""

from __future__ import annotations

from datetime import timedelta

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_app
from tests.app.test_practice import game_of, open_practice, pick, table, texts
from tutor.bots.levels import BotLevel
from tutor.engine.cards import cards_of
from tutor.practice import Stage
from tutor.practice.daily import bot_mark, daily_deal, percentile, today
from tutor.progress.store import Database, LearnerStore
from tutor.ui.home import DAILY_DEAL
from tutor.ui.i18n import t


def play_out(at: AppTest, bid: str) -> None:
    """Play the deal in progress to its end through the page's named choices, legally."""
    for _ in range(200):
        deal = game_of(at).deal
        stage = deal.stage
        if stage in (Stage.FINISHED, Stage.REDEAL):
            return
        if stage is Stage.BID:
            keys = {b.key for b in at.button}
            key = f"practice-bid-{bid}"
            at.button(key=key if key in keys else "practice-bid-pass").click().run()
        elif stage is Stage.ECART:
            refused = deal.discard_refusals()
            pick(at, "practice-ecart", next(c for c in cards_of(deal.hand) if c not in refused))
        elif stage is Stage.CHELEM:
            at.button(key="practice-chelem-no").click().run()
        elif stage is Stage.POIGNEE:
            at.button(key="practice-poignee-no").click().run()
        else:
            assert stage is Stage.PLAY, stage
            pick(at, "practice-hand", cards_of(deal.legal_plays())[-1])
        assert not at.exception, at.exception
    raise AssertionError("the deal did not end")


def test_the_deal_of_the_day_played_to_its_end_shows_the_percentile_and_the_streak(
    database: Database, mine: LearnerStore
) -> None:
    day = today()
    for mark in (-200, 300):  # two other learners played today
        assert database.learner(database.new_learner()).record_daily(day, mark)
    at = open_practice(daily="1", lang="en")
    game = game_of(at)
    assert game.daily == day and game.players == 4 and game.level is BotLevel.BEGINNER
    assert (game.deal.seed, game.deal.dealer) == (daily_deal(day).seed, daily_deal(day).dealer)
    play_out(at, "garde")
    assert game_of(at).deal.stage in (Stage.FINISHED, Stage.REDEAL)
    standing = mine.daily_standing(day)
    assert standing is not None and standing.count == 3
    assert standing.mark == game_of(at).rows[0].marks[0]
    shown = texts(at)
    assert "Deal of the day" in shown
    assert f"did better than {percentile(standing)}% of the other players' marks" in shown
    assert "(players today: 3)" in shown
    assert f"The computer player in your seat scored {bot_mark(day):+d}" in shown
    assert "Days in a row you have played the deal of the day: 1." in shown
    assert "first finished play" not in shown
    assert at.query_params["daily"] == ["1"] or at.query_params["daily"] == "1"


def test_the_deal_of_the_day_offers_no_take_back(mine: LearnerStore) -> None:
    """After the learner's first card there is an action to take back, and none is offered.
    The learner takes (a prise when it is open to them): the day's cards change with the
    date, and a pass on a deal the others pass too (2026-12-06's) leaves nothing to play."""
    at = open_practice(daily="1", lang="en")
    for _ in range(40):  # up to the learner's first card, then one card played
        deal = game_of(at).deal
        if deal.stage is Stage.PLAY:
            pick(at, "practice-hand", cards_of(deal.legal_plays())[0])
            break
        if deal.stage is Stage.ECART:
            refused = deal.discard_refusals()
            pick(at, "practice-ecart", next(c for c in cards_of(deal.hand) if c not in refused))
            continue
        play_out_one(at)
    assert game_of(at).deal.last_learner_action() is not None  # there would be one to take
    assert "undo" not in [a["id"] for a in table(at)["actions"]]


def play_out_one(at: AppTest) -> None:
    """The learner's one decision before play (a prise when open to them, else a pass; no
    poignée, no chelem)."""
    stage = game_of(at).deal.stage
    bid = "practice-bid-prise" if "practice-bid-prise" in {b.key for b in at.button} else (
        "practice-bid-pass")
    key = {Stage.BID: bid, Stage.POIGNEE: "practice-poignee-no",
           Stage.CHELEM: "practice-chelem-no"}[stage]
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def test_the_button_deals_it_a_reload_keeps_it_and_only_the_first_play_of_the_day_counts(
    mine: LearnerStore,
) -> None:
    day = today()
    mine.record_daily(day - timedelta(days=1), 10)  # yesterday's deal
    mine.record_daily(day, 99_999)  # today's, played already
    at = open_practice(seed="4", players="3", lang="it")
    at.button(key="practice-daily").click().run()
    assert not at.exception, at.exception
    assert game_of(at).daily == day and game_of(at).players == 4
    if game_of(at).deal.stage is Stage.BID:  # a move, so the game is saved
        at.button(key="practice-bid-pass").click().run()
    params = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    assert params["daily"] == "1" and "game" in params
    at = open_practice(**params)  # a reload: the saved game is still the deal of the day
    assert game_of(at).daily == day
    play_out(at, "pass")
    shown = texts(at)
    assert "Smazzata del giorno" in shown
    assert "Conta solo la prima volta" in shown and "+99999" in shown
    assert "Sei il primo a finire la smazzata di oggi" in shown  # no one else to compare with
    assert "Giorni di fila in cui hai giocato la smazzata del giorno: 2." in shown
    standing = mine.daily_standing(day)
    assert standing is not None and standing.mark == 99_999 and standing.count == 1


def test_the_home_page_opens_the_deal_of_the_day_on_the_practice_page() -> None:
    at = open_app(lang="it")
    at.button(key=DAILY_DEAL).click().run()
    assert not at.exception, at.exception
    game = at.session_state["practice-state"].game
    assert game.daily == today() and game.deal.seed == daily_deal(today()).seed


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_day_button_pressed_mid_deal_asks_before_leaving_the_deal(lang: str) -> None:
    at = open_practice(seed="4", players="4", lang=lang)
    at.button(key="practice-bid-pass").click().run()
    first = game_of(at)
    moves = list(first.deal.moves)
    at.button(key="practice-daily").click().run()
    assert [w.value for w in at.warning] == [t(lang, "game.daily.leave_confirm")]
    assert game_of(at) is first and first.deal.moves == moves and first.daily is None
    at.button(key="practice-daily-no").click().run()  # go on with this deal
    assert not at.warning and game_of(at) is first and game_of(at).deal.moves == moves
    at.button(key="practice-daily").click().run()
    at.button(key="practice-daily-yes").click().run()
    assert not at.warning, at.warning
    assert game_of(at).daily == today() and game_of(at) is not first


def test_the_day_button_before_any_decision_deals_it_at_once() -> None:
    at = open_practice(seed="4", players="4", lang="en")
    at.button(key="practice-daily").click().run()
    assert not at.warning and game_of(at).daily == today()
