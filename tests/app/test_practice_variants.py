"""The practice game under a rule variant: chosen in the settings (FFT 2012 by default) or
named in the link, every deal dealt, played and scored under it (the result equals the
engine's ``Deal`` under the same rules), kept in the saved game and resumed with it; the web
game's rules are for 4 players only; a deal in play offers a link to its position."""

from __future__ import annotations

from urllib.parse import unquote

from streamlit.testing.v1 import AppTest

from tests.app.test_practice import game_of, open_practice, pick, play_deal, texts
from tutor.engine.actions import parse_action
from tutor.engine.cards import cards_of
from tutor.engine.game import Deal
from tutor.engine.position import parse_position
from tutor.engine.variants import FFT_2012, ONLINE_FIRST_TO_100
from tutor.practice import Stage
from tutor.progress.store import LearnerStore

WEB = ONLINE_FIRST_TO_100.name


def params(at: AppTest) -> dict[str, str]:
    return {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}


def test_a_game_under_the_web_game_rules_plays_to_the_end_as_the_engine_scores_it() -> None:
    at = open_practice(seed="3", players="4", rules=WEB, lang="en")
    game = game_of(at)
    assert game.rules is ONLINE_FIRST_TO_100 and game.deal.deal.rules is ONLINE_FIRST_TO_100
    assert game.target == 100  # the web game's "first to 100"
    assert "Petite" in [b.label for b in at.button]  # the bids as the web game names them
    play_deal(at, "garde")
    game = game_of(at)
    assert game.deal.stage is Stage.FINISHED, "choose a seed that is not redealt"
    # The same deal replayed by the engine under the same rules gives the same result.
    deal = Deal.new(4, game.deal.seed, game.deal.dealer, ONLINE_FIRST_TO_100)
    for move in game.deal.moves:
        deal.push(parse_action(move))
    result = deal.result()
    assert game.rows[0].marks == result.marks
    assert game.deal.result() == result
    shown = texts(at)
    needed = ONLINE_FIRST_TO_100.needed(result.oudlers)
    assert f"Needed: {needed}" in shown
    assert "Web game, first to 100" in shown  # the settings say which rules are played


def test_a_resumed_game_keeps_its_variant(mine: LearnerStore) -> None:
    at = open_practice(seed="4", players="4", rules=WEB, lang="en")
    at.button(key="practice-bid-pass").click().run()
    saved = mine.games("practice")
    assert [g.id for g in saved] == [game_of(at).game_id]
    assert mine.game(saved[0].id).meta["rules"] == WEB
    moves = game_of(at).deal.moves
    # a reload with the saved game's id alone: the rules come from the saved game
    reloaded = open_practice(game=str(saved[0].id), lang="en")
    assert game_of(reloaded).rules is ONLINE_FIRST_TO_100
    assert game_of(reloaded).deal.moves == moves
    assert reloaded.selectbox(key="practice-rules").value == WEB


def test_a_game_saved_before_variants_resumes_as_fft_2012(mine: LearnerStore) -> None:
    at = open_practice(seed="4", players="4", lang="en")
    at.button(key="practice-bid-pass").click().run()
    game_id = game_of(at).game_id
    assert game_id is not None
    saved = mine.game(game_id)
    meta = {k: v for k, v in saved.meta.items() if k != "rules"}
    mine.update_game(game_id, saved.version, meta=meta)
    reloaded = open_practice(game=str(game_id), lang="en")
    assert game_of(reloaded).rules is FFT_2012


def test_choosing_the_rules_starts_a_new_game_under_them() -> None:
    at = open_practice(seed="4", players="4", lang="en")
    assert game_of(at).rules is FFT_2012
    at.selectbox(key="practice-rules").set_value(WEB).run()
    assert not at.exception
    assert game_of(at).rules is ONLINE_FIRST_TO_100
    assert at.query_params["rules"] == [WEB] or at.query_params["rules"] == WEB
    at.selectbox(key="practice-rules").set_value(FFT_2012.name).run()
    assert game_of(at).rules is FFT_2012
    assert game_of(at).target is None  # the web game's target went with its rules
    assert "rules" not in at.query_params


def test_the_web_game_rules_are_refused_at_three_and_five_players() -> None:
    at = open_practice(seed="4", players="3", lang="en")
    at.selectbox(key="practice-rules").set_value(WEB).run()
    assert game_of(at).rules is FFT_2012 and game_of(at).players == 3
    assert "for 4 players" in texts(at) + "\n".join(w.value for w in at.warning)
    assert at.selectbox(key="practice-rules").value == FFT_2012.name
    # a game under them refuses a change to 5 players
    at = open_practice(seed="4", players="4", rules=WEB, lang="en")
    at.segmented_control(key="practice-players").set_value(5).run()
    assert game_of(at).players == 4 and game_of(at).rules is ONLINE_FIRST_TO_100
    assert any("for 4 players" in w.value for w in at.warning)
    # and a link naming them at 5 players is said and played under FFT 2012
    at = open_practice(seed="4", players="5", rules=WEB, lang="en")
    assert game_of(at).rules is FFT_2012
    assert any("for 4 players" in w.value for w in at.warning)


def test_a_deal_in_play_links_to_its_position() -> None:
    at = open_practice(seed="4", players="4", lang="en")
    at.button(key="practice-bid-pass").click().run()
    if game_of(at).deal.stage is Stage.POIGNEE:
        at.button(key="practice-poignee-no").click().run()
    deal = game_of(at).deal
    pick(at, "practice-hand", cards_of(deal.legal_plays())[0])
    link = next(c.value for c in at.code if "pos=" in c.value)
    assert link.startswith("puzzles?pos=")
    text = unquote(link.split("pos=")[1].split("&")[0])
    assert parse_position(text) == game_of(at).deal.deal.position()
