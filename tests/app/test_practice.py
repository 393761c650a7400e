"""The practice page through its widgets (AppTest: headless; the hands' pills fallback stands in
for clicks on card images): whole deals at 3, 4 and 5 players from the bid to the score,
illegal clicks refused and explained, the coach switch, links and saved games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_app
from tests.app.conftest import texts as page_texts
from tests.app.test_review_page import until_reviewed
from tutor.bots.club import ClubBot
from tutor.bots.levels import STRENGTH, BotLevel
from tutor.bots.simple import SimpleBot
from tutor.bots.strong import StrongBot
from tutor.engine.cards import KINGS_MASK, card_name, cards_of, display_order, format_card
from tutor.practice import PracticeGame, Stage
from tutor.practice.advice import CoachLevel
from tutor.progress.store import LearnerStore
from tutor.ui.i18n import t

ROOT = Path(__file__).resolve().parents[2]
PAGE = str(ROOT / "tutor" / "ui" / "pages" / "practice.py")


def open_practice(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=30)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    return page_texts(at) + "\n" + "\n".join(str(e.value) for e in at.subheader)


def game_of(at: AppTest) -> PracticeGame:
    game = at.session_state["practice-state"].game
    assert isinstance(game, PracticeGame)
    return game


def pick(at: AppTest, key: str, card: int) -> None:
    """Click a card of the hand widget ``key`` (through its fallback)."""
    at.pills(key=f"{key}-fallback").set_value(card).run()
    assert not at.exception, at.exception


def errors(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


def table(at: AppTest) -> dict:
    """The data the table component was given in the last run."""
    for element in at.get("bidi_component"):
        if element.proto.id.endswith("-practice-table"):
            return json.loads(element.proto.json)
    raise AssertionError("no table")


def hand_cards(at: AppTest) -> list[dict]:
    return table(at)["hand"]


def play_deal(at: AppTest, bid: str) -> dict[str, int]:
    """Play the deal in progress to its end through the page; one refused click in the écart
    and one in play (when possible). Returns how many refusals were shown."""
    seen = {"ecart": 0, "play": 0}
    for _ in range(300):
        game = game_of(at)
        deal = game.deal
        stage = deal.stage
        if stage in (Stage.FINISHED, Stage.REDEAL):
            return seen
        if stage is Stage.BID:
            keys = {b.key for b in at.button}
            key = f"practice-bid-{bid}"
            at.button(key=key if key in keys else "practice-bid-pass").click().run()
        elif stage is Stage.CALL:
            pick(at, "practice-call", deal.callable()[-1])
        elif stage is Stage.ECART:
            refused = deal.discard_refusals()
            if refused and not seen["ecart"]:
                card = min(refused)
                pick(at, "practice-ecart", card)
                assert any("écart" in e for e in errors(at)), errors(at)
                assert game_of(at).deal.deal.ecart == deal.deal.ecart  # nothing discarded
                seen["ecart"] += 1
                continue
            allowed = [c for c in cards_of(deal.hand) if c not in refused]
            pick(at, "practice-ecart", allowed[0])
        elif stage is Stage.CHELEM:
            at.button(key="practice-chelem-no").click().run()
        elif stage is Stage.POIGNEE:
            at.button(key="practice-poignee-no").click().run()
        else:
            legal = deal.legal_plays()
            illegal = [c for c in cards_of(deal.hand) if not legal >> c & 1]
            if illegal and not seen["play"]:
                before = len(deal.deal.moves)
                pick(at, "practice-hand", illegal[0])
                shown = errors(at)
                assert shown and ("must" in shown[0] or "called" in shown[0]), shown
                assert len(game_of(at).deal.deal.moves) == before
                seen["play"] += 1
                continue
            pick(at, "practice-hand", cards_of(legal)[-1])
        assert not at.exception, at.exception
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize(
    ("players", "seed", "bid"),
    [(4, "3", "garde"), (4, "4", "pass"), (3, "4", "pass"), (5, "2", "garde"), (5, "8", "pass")],
)
def test_a_whole_deal_is_played_through_the_page_to_the_score(players, seed, bid):
    at = open_practice(seed=seed, players=str(players), lang="en")
    assert game_of(at).players == players
    assert table(at)["mode"] == "bid"
    seen = play_deal(at, bid)
    game = game_of(at)
    assert game.deal.stage is Stage.FINISHED, "choose a seed that is not redealt"
    assert seen["play"] == 1
    if bid == "garde":
        assert game.deal.deal.taker == 0
        assert seen["ecart"] == 1
    shown = texts(at)
    assert "The deal is over" in shown
    assert "Needed:" in shown and "Each defender" in shown
    assert len(game.rows) == 1 and sum(game.rows[0].marks) == 0
    sheet = at.dataframe[0].value
    assert "Total" in list(sheet.iloc[:, 0])
    assert at.button(key="practice-next-deal")
    at.button(key="practice-next-deal").click().run()
    assert game_of(at).number == 2
    assert at.query_params["seed"] != [seed]


def test_an_illegal_card_is_explained_with_the_rule_and_the_forcing_cards():
    at = open_practice(seed="4", players="4", lang="en")
    at.button(key="practice-bid-pass").click().run()
    for _ in range(40):
        deal = game_of(at).deal
        if deal.stage is Stage.POIGNEE:
            at.button(key="practice-poignee-no").click().run()
            continue
        legal = deal.legal_plays()
        illegal = [c for c in cards_of(deal.hand) if not legal >> c & 1]
        if illegal and deal.deal.trick:
            pick(at, "practice-hand", illegal[0])
            (message,) = errors(at)
            assert "must" in message
            forced = [c for c in cards_of(deal.hand) if legal >> c & 1 and c != 77]
            assert card_name(illegal[0]) in message
            assert any(card_name(c) in message for c in forced)
            return
        pick(at, "practice-hand", cards_of(legal)[0])
    pytest.fail("no illegal card met")


def test_with_the_coach_the_legal_cards_are_highlighted_and_without_it_not():
    at = open_practice(seed="4", players="4", lang="en")
    at.button(key="practice-bid-pass").click().run()
    if game_of(at).deal.stage is Stage.POIGNEE:
        at.button(key="practice-poignee-no").click().run()
    deal = game_of(at).deal
    legal = deal.legal_plays()
    cards = hand_cards(at)
    assert [c["playable"] for c in cards] == [
        bool(legal >> card & 1) for card in display_order(cards_of(deal.hand))
    ]
    for card in cards:  # a card not playable says why, for screen readers too
        assert (", not playable: " in card["label"]) is (not card["playable"])
    at.segmented_control(key="practice-coach").set_value("off").run()
    assert game_of(at).coach is CoachLevel.OFF
    assert all(c["playable"] for c in hand_cards(at))
    illegal = [c for c in cards_of(deal.hand) if not legal >> c & 1]
    if illegal:
        pick(at, "practice-hand", illegal[0])
        (message,) = errors(at)
        assert message.startswith("You must")  # the short form, without the cards


def test_the_ecart_dims_refused_cards_and_takes_cards_back():
    at = open_practice(seed="3", players="4", lang="en")
    at.button(key="practice-bid-garde").click().run()
    deal = game_of(at).deal
    assert deal.stage is Stage.ECART
    shown = table(at)
    assert shown["strip"]["label"] == "The chien, turned face up for everyone:"
    assert {c["card"] for c in shown["hand"] if c["chien"]} == set(shown["strip"]["cards"])
    refused = deal.discard_refusals()
    dimmed = {c["card"] for c in hand_cards(at) if not c["playable"]}
    assert dimmed == {format_card(c) for c in refused}
    assert all(1 << c & KINGS_MASK == 0 or c in refused for c in cards_of(deal.hand))
    allowed = [c for c in cards_of(deal.hand) if c not in refused]
    pick(at, "practice-ecart", allowed[0])
    pick(at, "practice-ecart", allowed[1])
    assert game_of(at).deal.deal.ecart.bit_count() == 2
    pick(at, "practice-ecart-back", allowed[0])
    assert game_of(at).deal.deal.ecart == 1 << allowed[1]
    assert table(at)["ecart"]["cards"] == [format_card(allowed[1])]


def test_the_seed_in_the_url_deals_the_same_cards_and_the_url_follows_the_deal():
    first = open_practice(seed="1234", players="5", lang="en")
    second = open_practice(seed="1234", players="5", lang="en")
    assert game_of(first).deal.hand == game_of(second).deal.hand
    assert game_of(first).deal.moves == game_of(second).deal.moves
    other = open_practice(seed="1235", players="5", lang="en")
    assert game_of(other).deal.hand != game_of(first).deal.hand
    params = first.query_params
    assert params["seed"] in ("1234", ["1234"]) and params["players"] in ("5", ["5"])
    assert "dealer" in params


def test_a_mere_visit_saves_no_game_and_the_first_move_does(mine: LearnerStore) -> None:
    at = open_practice(seed="4", players="4", lang="en")
    assert not game_of(at).deal.moves, "choose a seed where the learner speaks first"
    assert "game" not in at.query_params
    assert mine.games("practice") == []
    at.button(key="practice-bid-pass").click().run()
    assert "game" in at.query_params
    assert [g.id for g in mine.games("practice")] == [game_of(at).game_id]


def test_a_reload_resumes_the_saved_game():
    at = open_practice(seed="4", players="4", lang="en")
    at.button(key="practice-bid-pass").click().run()
    if game_of(at).deal.stage is Stage.POIGNEE:
        at.button(key="practice-poignee-no").click().run()
    deal = game_of(at).deal
    pick(at, "practice-hand", cards_of(deal.legal_plays())[0])
    moves = game_of(at).deal.moves
    params = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    reloaded = open_practice(**params)  # a new session with the same URL
    assert game_of(reloaded).deal.moves == moves
    assert "Your game has been restored." in texts(reloaded)


def test_new_game_during_a_deal_asks_first_and_the_number_of_players():
    at = open_practice(seed="4", players="4", lang="en")
    at.button(key="practice-bid-pass").click().run()
    first = game_of(at)
    moves = list(first.deal.moves)
    question = t("en", "game.settings.new_game_confirm")
    at.button(key="practice-new-game").click().run()  # the button, as Shift+N clicks it
    assert [w.value for w in at.warning] == [question]
    assert game_of(at).deal.moves == moves  # asked, not done
    at.button(key="practice-new-game-no").click().run()
    assert not at.warning and game_of(at).deal.moves == moves
    at.button(key="practice-new-game").click().run()
    at.button(key="practice-new-game-yes").click().run()
    assert not at.warning
    fresh = game_of(at)
    assert fresh is not first
    at.button(key="practice-new-game").click().run()  # nothing done in it: nothing to lose
    assert not at.warning and game_of(at) is not fresh
    game = game_of(at)
    assert game.deal.stage is Stage.BID or game.deal.finished
    assert game.deal.moves == [] or game.deal.finished
    at.segmented_control(key="practice-players").set_value(5).run()
    assert game_of(at).players == 5
    assert "Across right" in texts(at) or game_of(at).deal.stage is Stage.BID


def test_everybody_passing_redeals_with_a_message():
    for seed in range(1, 80):
        game = PracticeGame.new(4, seed)
        if game.deal.stage is not Stage.BID:
            continue
        game.deal.bid(None)
        if game.deal.stage is Stage.REDEAL and game.deal.petit_sec_seat() is None:
            break
    else:
        pytest.fail("no all-pass deal")
    at = open_practice(seed=str(seed), players="4", lang="en")
    at.button(key="practice-bid-pass").click().run()
    assert "Everybody passed" in texts(at)
    assert game_of(at).rows[-1].redeal == "all_passed"
    at.button(key="practice-next-deal").click().run()
    assert game_of(at).number == 2


def test_a_target_score_can_be_set():
    at = open_practice(seed="3", players="4", lang="en")
    at.selectbox(key="practice-target").set_value(100).run()
    assert game_of(at).target == 100
    at.selectbox(key="practice-target").set_value(0).run()
    assert game_of(at).target is None


def test_the_page_speaks_italian():
    at = open_practice(seed="4", players="4", lang="it")
    shown = texts(at)
    assert "Partita di allenamento" in shown
    assert table(at)["prompt"].startswith("Tocca a te dichiarare")
    at.button(key="practice-bid-pass").click().run()
    assert table(at)["prompt"] == "Tocca a te: gioca una carta." or game_of(at).deal.finished


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_page_title_is_a_heading_like_every_other_pages(lang: str) -> None:
    """Newcomer review item 26: the practice page's title was small body text."""
    at = open_practice(seed="4", players="4", lang=lang)
    assert [title.value for title in at.title] == [t(lang, "game.heading")]
    assert t(lang, "game.heading") not in [m.value for m in at.markdown]


def test_the_review_walks_the_tricks_on_the_table_after_the_deal():
    at = open_practice(seed="4", players="4", lang="en")
    play_deal(at, "pass")
    deal = game_of(at).deal.deal
    assert game_of(at).deal.stage is Stage.FINISHED
    at.button(key="practice-review-open").click().run()
    shown = table(at)
    assert shown["mode"] == "review" and shown["prompt"].startswith("Trick 1 of 18")
    first = deal.tricks[0]
    assert shown["trick"] == [
        {"seat": s, "card": format_card(c)} for s, c in zip(first.seats, first.cards, strict=True)
    ]
    assert shown["winner"] == first.winner
    assert len(shown["hand"]) == 18  # the learner's cards as the trick starts
    for _ in range(17):
        at.button(key="practice-review-next").click().run()
    assert table(at)["prompt"].startswith("Trick 18 of 18")
    assert len(table(at)["hand"]) == 1
    at.button(key="practice-review-back").click().run()
    assert table(at)["prompt"].startswith("Trick 17 of 18")
    at.button(key="practice-review-close").click().run()
    assert table(at)["mode"] == "finished"


def play_one_card(at: AppTest) -> None:
    if game_of(at).deal.stage is Stage.POIGNEE:
        at.button(key="practice-poignee-no").click().run()
    pick(at, "practice-hand", cards_of(game_of(at).deal.legal_plays())[0])


def test_a_move_from_a_stale_tab_is_refused_and_the_newer_game_kept(mine: LearnerStore) -> None:
    tab = open_practice(seed="4", players="4", lang="en")
    tab.button(key="practice-bid-pass").click().run()
    game_id = game_of(tab).game_id
    params = {k: (v[0] if isinstance(v, list) else v) for k, v in tab.query_params.items()}
    elsewhere = open_practice(**params)  # the same learner's other tab resumes the game
    assert game_of(elsewhere).game_id == game_id
    play_one_card(elsewhere)
    newer = mine.game(game_id)
    assert newer.meta["current"]["moves"] == game_of(elsewhere).deal.moves
    play_one_card(tab)  # the first tab still had the game before that card
    assert "changed elsewhere" in texts(tab)
    assert mine.game(game_id).version == newer.version  # the newer game was not overwritten
    tab.button(key="practice-reload").click().run()
    assert game_of(tab).deal.moves == newer.meta["current"]["moves"]


def test_a_saved_game_opened_in_a_second_tab_is_not_saved_again_by_opening_it(
        mine: LearnerStore) -> None:
    tab = open_practice(seed="4", players="4", lang="en")
    tab.button(key="practice-bid-pass").click().run()
    game_id = game_of(tab).game_id
    assert game_id is not None
    saved = mine.game(game_id).version
    params = {k: (v[0] if isinstance(v, list) else v) for k, v in tab.query_params.items()}
    second = open_practice(**params)  # the same game in another tab: only read
    second.run()
    assert game_of(second).game_id == game_id
    assert mine.game(game_id).version == saved
    play_one_card(tab)  # so the first tab's next move is not refused as stale
    assert "changed elsewhere" not in texts(tab)
    assert mine.game(game_id).meta["current"]["moves"] == game_of(tab).deal.moves


def test_a_new_visit_offers_the_unfinished_game_and_resumes_it(mine: LearnerStore) -> None:
    at = open_practice(seed="4", players="4", lang="en")
    at.button(key="practice-bid-pass").click().run()
    play_one_card(at)
    moves = game_of(at).deal.moves
    game_id = game_of(at).game_id
    visit = open_practice(lang="en")  # no game, no seed in the URL
    assert not game_of(visit).deal.moves  # a new deal is shown, and nothing saved for it
    assert len(mine.games("practice")) == 1
    offer = [i.value for i in visit.info if "unfinished game" in i.value]
    assert offer and "saved" in offer[0]
    visit.button(key=f"practice-offer-{game_id}").click().run()
    assert game_of(visit).deal.moves == moves
    assert "Your game has been restored." in texts(visit)


def test_saved_games_are_listed_in_the_learners_language_with_players_deals_and_score(
    mine: LearnerStore,
) -> None:
    from datetime import datetime

    from tutor.ui.practice.saving import saved_line

    game = PracticeGame.new(4, 4)
    game.deal.bid(None)
    saved = mine.create_game("Allenamento, 4 giocatori", "practice", game.to_data())
    summary = next(g for g in mine.games("practice") if g.id == saved.id)
    line = saved_line(summary, "en")
    assert "4 players" in line and "deals finished: 0" in line and "a deal in progress" in line
    assert "Allenamento" not in line  # the name stored in another language is not shown
    when = summary.updated
    assert f"{when.day} {when:%b} {when.year}, {when:%H:%M}" in line
    italian = saved_line(summary, "it")
    assert "4 giocatori" in italian and "una smazzata in corso" in italian
    months = ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"]
    assert f"{when.day} {months[when.month - 1]} {when.year}" in italian
    assert isinstance(when, datetime)


def infos(at: AppTest) -> list[str]:
    return [i.value for i in at.info] + [s.value for s in at.success]


def test_the_coach_speaks_at_the_bid_and_marks_its_bid_then_notes_the_risk():
    from tutor.practice.advice import bid_advice, risk_of_bid_made
    from tutor.ui.coach_text import text

    # Seed 1: the coach advises a pass; a garde is a risk the coach notes, and the deal is
    # played (the bots do not all pass after it).
    at = open_practice(seed="1", players="4", lang="en")
    deal = game_of(at).deal.deal
    advice = bid_advice(deal, 0)
    assert any(text(advice, "en", 4) in info for info in infos(at))
    assert table(at)["coach"]["lines"] == [text(advice, "en", 4)]  # in the table's drawer too
    marked = [a["id"] for a in table(at)["actions"] if a.get("advice")]
    advised = advice.advised.code if advice.advised is not None else "pass"
    assert marked == [f"bid:{advised}"]
    other = "pass" if advised != "pass" else "garde"
    at.button(key=f"practice-bid-{other}").click().run()
    risk = risk_of_bid_made(game_of(at).deal.deal, 0)
    assert risk is not None
    assert any(text(risk, "en", 4) in info for info in infos(at))


def test_the_coach_on_request_speaks_only_when_asked_and_off_never():
    from tutor.practice.advice import bid_advice
    from tutor.ui.coach_text import text

    at = open_practice(seed="3", players="4", lang="en")
    at.segmented_control(key="practice-coach").set_value("on_request").run()
    advice = text(bid_advice(game_of(at).deal.deal, 0), "en", 4)
    assert not any(advice in info for info in infos(at))
    assert table(at)["coach"] is None
    assert [a for a in table(at)["actions"] if a["id"] == "coach"]
    at.button(key="practice-coach-ask").click().run()
    assert any(advice in info for info in infos(at))
    assert not [a for a in table(at)["actions"] if a["id"] == "coach"]
    at.segmented_control(key="practice-coach").set_value("off").run()
    assert not any(advice in info for info in infos(at))
    assert not [b for b in at.button if b.key == "practice-coach-ask"]
    assert game_of(at).coach is CoachLevel.OFF


def test_the_coach_advises_the_ecart_then_says_what_it_changed():
    from tutor.practice.advice import ecart_advice, ecart_review
    from tutor.ui.coach_text import text

    at = open_practice(seed="3", players="4", lang="en")
    at.button(key="practice-bid-garde").click().run()
    deal = game_of(at).deal
    advice = ecart_advice(deal.deal, 0)
    assert any(text(advice, "en", 4).split("\n")[0] in info for info in infos(at))
    for item in advice.cards:
        pick(at, "practice-ecart", item.card)
    assert game_of(at).deal.stage is Stage.CHELEM
    review = ecart_review(game_of(at).deal.deal, 0, game_of(at).deal.deal.ecart)
    assert review.same_as_advised
    assert any(text(review, "en", 4).split("\n")[0] in info for info in infos(at))


def test_a_refused_card_links_to_the_lesson_step_that_teaches_the_rule():
    at = open_practice(seed="4", players="4", lang="en")
    at.button(key="practice-bid-pass").click().run()
    for _ in range(40):
        deal = game_of(at).deal
        if deal.stage is Stage.POIGNEE:
            at.button(key="practice-poignee-no").click().run()
            continue
        legal = deal.legal_plays()
        illegal = [c for c in cards_of(deal.hand) if not legal >> c & 1]
        if illegal:
            pick(at, "practice-hand", illegal[0])
            assert table(at)["notice"] == errors(at)[0]  # said on the table itself
            links = [m.value for m in at.markdown if "](lessons?lesson=" in m.value]
            assert links and "Lesson" in links[0]
            return
        pick(at, "practice-hand", cards_of(legal)[0])
    pytest.fail("no illegal card met")


def review_links(at: AppTest) -> list[tuple[str, str]]:
    return [(str(link.proto.page), str(link.proto.query_string)) for link in at.get("page_link")
            if link.proto.label == "The full review of this deal, card by card"]


def test_the_review_on_the_table_shows_the_solvers_judgement_stored_once_and_links_the_page(
    mine: LearnerStore,
) -> None:
    # the whole app (the link needs its navigation), on the practice page from the start
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.switch_page("tutor/ui/pages/practice.py")
    for key, value in {"seed": "4", "players": "4", "lang": "en"}.items():
        at.query_params[key] = value
    at.run()
    play_deal(at, "pass")
    game = game_of(at)
    assert game.deal.stage is Stage.FINISHED and game.game_id is not None
    assert game.seed == 4
    number = game.rows[-1].number
    # the end of the deal links the full review page of this deal
    assert review_links(at) == [
        ("review", f"game={game.game_id}&deal={number}&lang=en")
    ]
    # the review is asked of the workers as soon as the deal is over (its progress is shown
    # below the result meanwhile), and opened on the table when the learner asks
    at.button(key="practice-review-open").click().run()
    until_reviewed(at)  # on the analysis workers, the page meanwhile shows its progress
    shown = texts(at)
    assert "all hands visible" in shown
    assert "Your card" in shown
    stored = mine.deal_review(game.game_id, number)
    assert stored is not None
    for _ in range(17):  # to the last trick, where the solver judges exactly
        at.button(key="practice-review-next").click().run()
    assert not at.exception, at.exception
    last = texts(at)
    assert "Not judged by the solver" not in last
    assert any(words in last for words in ("best card", "Forced", "lost against the best card"))
    assert mine.deal_review(game.game_id, number) == stored  # computed once, read back
    assert len(review_links(at)) == 1


def test_the_computer_players_level_is_chosen_in_the_settings_and_kept_with_the_game(
    mine: LearnerStore,
) -> None:
    at = open_practice(seed="4", players="4", lang="en")
    level = at.segmented_control(key="practice-level")
    assert level.value == "beginner"
    assert level.options == ["Beginner", "Club", "Expert"]
    assert all(isinstance(bot, SimpleBot) for bot in game_of(at).deal.bots.values())
    assert "Computer players: Beginner" in table(at)["bar"]  # the level in force, on the table
    hand = game_of(at).deal.hand
    # before the learner's first action: at once, the same cards, the same game
    at.segmented_control(key="practice-level").set_value("expert").run()
    assert not at.exception, at.exception
    game = game_of(at)
    assert game.level is BotLevel.EXPERT and game.deal.hand == hand and game.number == 1
    assert sorted(game.deal.bots) == [1, 2, 3]
    assert all(isinstance(bot, StrongBot) for bot in game.deal.bots.values())
    assert "Computer players: Expert" in table(at)["bar"]
    at.button(key="practice-bid-garde").click().run()  # taken: the deal goes on, unfinished
    assert not at.exception, at.exception
    saved = mine.game(game_of(at).game_id).meta
    assert saved["level"] == "expert"
    params = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    reloaded = open_practice(**params)  # the same game, its level with it
    assert game_of(reloaded).level is BotLevel.EXPERT
    assert reloaded.segmented_control(key="practice-level").value == "expert"
    # a new visit shows a beginners' game and offers the unfinished one: resumed, the
    # selector shows the resumed game's level
    visit = open_practice(lang="en")
    assert visit.segmented_control(key="practice-level").value == "beginner"
    visit.button(key=f"practice-offer-{game_of(at).game_id}").click().run()
    assert game_of(visit).level is BotLevel.EXPERT
    assert visit.segmented_control(key="practice-level").value == "expert"


def test_a_level_chosen_mid_deal_plays_from_the_next_deal_and_says_so(
    mine: LearnerStore,
) -> None:
    at = open_practice(seed="4", players="4", lang="en")
    at.button(key="practice-bid-pass").click().run()
    first = game_of(at)
    moves = list(first.deal.moves)
    at.segmented_control(key="practice-level").set_value("expert").run()
    assert not at.exception, at.exception
    game = game_of(at)
    assert game is first and game.deal.moves == moves  # the deal goes on, nothing hidden
    assert game.level is BotLevel.BEGINNER
    assert all(isinstance(bot, SimpleBot) for bot in game.deal.bots.values())
    assert any("Expert from the next deal" in i for i in infos(at)), infos(at)
    assert "Computer players: Beginner (Expert from the next deal)" in table(at)["bar"]
    assert at.segmented_control(key="practice-level").value == "expert"  # as chosen
    play_deal(at, "pass")
    at.button(key="practice-next-deal").click().run()
    game = game_of(at)
    assert game is first and game.number == 2 and game.level is BotLevel.EXPERT
    assert all(isinstance(bot, StrongBot) for bot in game.deal.bots.values())
    assert "Computer players: Expert" in table(at)["bar"]


def test_my_progress_counts_a_practice_deal_once_it_is_finished(mine: LearnerStore) -> None:
    at = open_practice(seed="4", players="4", lang="en")
    play_deal(at, "pass")  # finished: counted without "Next deal"
    shown = page_texts(open_app("dashboard", lang="en"))
    assert t("en", "dashboard.practice_deals", deals=1) in shown
    at.button(key="practice-next-deal").click().run()
    play_deal(at, "pass")
    shown = page_texts(open_app("dashboard", lang="en"))
    assert t("en", "dashboard.practice_deals", deals=2) in shown


def test_the_learner_takes_back_a_card_and_the_review_says_so(mine: LearnerStore) -> None:
    at = open_practice(seed="4", players="4", lang="en")
    assert "undo" not in [a["id"] for a in table(at)["actions"]]  # nothing to take back
    at.button(key="practice-bid-pass").click().run()
    if game_of(at).deal.stage is Stage.POIGNEE:
        at.button(key="practice-poignee-no").click().run()
    deal = game_of(at).deal
    moves, hand = list(deal.moves), deal.hand
    pick(at, "practice-hand", cards_of(deal.legal_plays())[0])
    assert "undo" in [a["id"] for a in table(at)["actions"]]
    at.button(key="practice-undo").click().run()
    assert not at.exception, at.exception
    deal = game_of(at).deal
    assert deal.moves == moves and deal.hand == hand and deal.stage is Stage.PLAY
    assert table(at)["anim"]["events"] == []  # the table shows the deal as it is now
    assert mine.game(game_of(at).game_id).meta["current"]["takebacks"] == 1
    play_deal(at, "pass")
    assert t("en", "review.takebacks", n=1) in texts(at)
    assert game_of(at).rows[-1].takebacks == 1


def test_players_chosen_mid_deal_start_a_new_game_at_the_next_deal(mine: LearnerStore) -> None:
    at = open_practice(seed="4", players="4", lang="en")
    at.button(key="practice-bid-pass").click().run()
    first = game_of(at)
    at.segmented_control(key="practice-players").set_value(3).run()
    assert not at.exception, at.exception
    assert game_of(at) is first and first.players == 4
    assert any("new game for 3 players starts at the next deal" in i for i in infos(at))
    play_deal(at, "pass")
    at.button(key="practice-next-deal").click().run()
    assert game_of(at).players == 3 and game_of(at).game_id != first.game_id
    assert mine.game(first.game_id).meta["rows"]  # the finished deal kept in its game


def test_a_whole_deal_is_played_against_club_players(mine: LearnerStore) -> None:
    at = open_practice(seed="4", players="4", lang="en")
    at.segmented_control(key="practice-level").set_value("club").run()
    assert not at.exception, at.exception
    game = game_of(at)
    assert game.level is BotLevel.CLUB
    assert all(isinstance(bot, ClubBot) for bot in game.deal.bots.values())
    assert "Computer players: Club" in table(at)["bar"]
    play_deal(at, "garde")
    assert not at.exception, at.exception
    assert game_of(at).deal.stage in (Stage.FINISHED, Stage.REDEAL)
    assert mine.game(game_of(at).game_id).meta["level"] == "club"


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("Club", "Expert", "marks per deal", "deals", "no measurable gain")),
     ("it", ("Circolo", "Esperto", "punti per smazzata", "smazzate", "nessun guadagno"))],
)
def test_the_level_choice_shows_each_levels_measured_strength(
    lang: str, words: tuple[str, ...]
) -> None:
    at = open_practice(seed="4", players="4", lang=lang)
    caption = next(c.value for c in at.caption if words[0] in c.value and words[1] in c.value)
    for level in (BotLevel.CLUB, BotLevel.EXPERT):
        measured = STRENGTH[level]
        mean = f"{measured.mean:+.2f}"
        low, high = f"{measured.low:+.2f}", f"{measured.high:+.2f}"
        if lang == "it":
            mean, low, high = (x.replace(".", ",") for x in (mean, low, high))
        assert f"{mean} {words[2]}" in caption
        assert f"{low}" in caption and f"{high}" in caption
        assert f"{measured.deals} {words[3]}" in caption
    assert (words[4] in caption) is not all(STRENGTH[lv].beats_beginner() for lv in STRENGTH)


def test_the_level_selector_speaks_italian() -> None:
    at = open_practice(seed="4", players="4", lang="it")
    level = at.segmented_control(key="practice-level")
    assert level.label == "Giocatori del computer"
    assert level.options == ["Principiante", "Circolo", "Esperto"]
