""""Play again from here" (issue #22, AppTest): a saved deal opened on the practice table at
the learner's card of trick k (the record's hands at trick k, the learner to act, the same
dealer and level), played to its end and scored by the engine without touching the saved game;
"Play this deal again" from the start; the link refused for another learner's game or a
malformed one; the links on the review page and the button after a deal on the practice page;
in English and Italian."""

from __future__ import annotations

import pytest

from tests.app.conftest import open_app
from tests.app.test_practice import game_of, open_practice, play_deal, table, texts
from tests.app.test_review_page import game_data, saved_game, until_reviewed
from tests.review.test_review_deal import BLUNDER_SEED, DEALER
from tutor.engine import DealRecord, Phase, cards_of, format_card
from tutor.practice import LEARNER, Stage
from tutor.progress.store import Database, LearnerStore
from tutor.ui.i18n import t


def record_of_saved() -> DealRecord:
    row = game_data()["rows"][0]  # type: ignore[index]
    return DealRecord.from_notation(4, BLUNDER_SEED, DEALER, row["moves"])


@pytest.mark.parametrize(("lang", "trick"), [("en", 0), ("en", 9), ("it", 14)])
def test_play_again_at_trick_k_gives_the_records_hands_at_trick_k_and_the_learner_to_act(
    mine: LearnerStore, lang: str, trick: int
) -> None:
    game_id = saved_game(mine)
    at = open_practice(retry=str(game_id), deal="1", trick=str(trick + 1), lang=lang)
    state = at.session_state["practice-state"]
    deal = game_of(at).deal
    before = record_of_saved().replay(LEARNER).tricks[trick].before
    assert before is not None
    assert tuple(deal.deal.hands) == tuple(before.hands)
    assert len(deal.deal.tricks) == trick and deal.deal.current_seat == LEARNER
    assert deal.stage in (Stage.PLAY, Stage.POIGNEE)
    assert (deal.deal.seed, deal.deal.dealer) == (BLUNDER_SEED, DEALER)
    assert state.retry is not None and game_of(at).daily is None
    assert sorted(c["card"] for c in table(at)["hand"]) == sorted(
        format_card(c) for c in cards_of(before.hands[LEARNER]))
    assert t(lang, "game.retry.started_trick", deal=1, n=trick + 1) in texts(at)
    assert at.query_params["retry"] == str(game_id)
    assert at.query_params["trick"] == str(trick + 1)
    assert "seed" not in at.query_params


def test_the_deal_played_again_ends_scored_by_the_engine_and_the_saved_game_is_unchanged(
    mine: LearnerStore,
) -> None:
    game_id = saved_game(mine)
    saved = mine.game(game_id)
    at = open_practice(retry=str(game_id), deal="1", trick="12", lang="en")
    play_deal(at, "pass")
    game = game_of(at)
    assert game.deal.stage is Stage.FINISHED
    assert game.rows[-1].marks == game.deal.deal.result().marks
    assert "The deal is over" in texts(at)
    assert t("en", "game.retry.next") in texts(at)
    assert not [b for b in at.button if (b.key or "").startswith("practice-retry-")]  # not again
    assert [g.id for g in mine.games("practice")] == [game_id]  # no game saved
    assert mine.game(game_id).meta == saved.meta and mine.game(game_id).version == saved.version
    assert game.game_id is None
    at.button(key="practice-next-deal").click().run()  # the next deal: a new game of its own
    assert at.session_state["practice-state"].retry is None
    assert "retry" not in at.query_params


@pytest.mark.parametrize("lang", ["en", "it"])
def test_play_this_deal_again_deals_the_same_cards_before_any_bid_of_the_learner(
    mine: LearnerStore, lang: str
) -> None:
    game_id = saved_game(mine)
    at = open_practice(retry=str(game_id), deal="1", lang=lang)
    deal = game_of(at).deal
    assert deal.stage is Stage.BID
    assert tuple(deal.deal.hands) == tuple(record_of_saved().dealt().hands)
    assert t(lang, "game.retry.started_start", deal=1) in texts(at)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_another_learners_game_is_refused_with_a_message(
    database: Database, mine: LearnerStore, lang: str
) -> None:
    saved_game(mine)
    other = database.learner(database.new_learner())
    foreign = saved_game(other)
    at = open_practice(retry=str(foreign), deal="1", trick="3", lang=lang)
    assert t(lang, "game.retry.not_yours") in texts(at)
    assert at.session_state["practice-state"].retry is None
    assert game_of(at).deal.stage is Stage.BID  # a new game instead, nothing of theirs shown
    assert other.game(foreign).version == 1


@pytest.mark.parametrize(("params", "words"), [
    ({"retry": "1", "deal": "7", "trick": "3"}, "game.retry.no_decision"),  # no such deal
    ({"retry": "1", "deal": "1", "trick": "30"}, "game.retry.no_decision"),  # no such trick
])
def test_a_deal_or_trick_the_saved_game_lacks_is_said(
    mine: LearnerStore, params: dict[str, str], words: str
) -> None:
    assert saved_game(mine) == 1
    at = open_practice(**params, lang="en")
    assert t("en", words) in texts(at)
    assert at.session_state["practice-state"].retry is None


@pytest.mark.parametrize("raw", ["abc", "-1", "9" * 40])
def test_a_malformed_game_id_is_named_not_a_crash(mine: LearnerStore, raw: str) -> None:
    saved_game(mine)
    at = open_practice(retry=raw, deal="1", trick="3", lang="en")
    assert any("retry" in w.value for w in at.warning)
    assert at.session_state["practice-state"].retry is None


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_review_page_links_the_deal_and_each_trick_to_play_again(
    mine: LearnerStore, lang: str
) -> None:
    game_id = saved_game(mine)
    at = open_app("review", lang=lang, game=str(game_id), deal="1")
    at.session_state["review-state"].tricks[(game_id, 1)] = 4
    at.run()
    links = [str(link.proto) for link in at.get("page_link")]
    assert any(t(lang, "game.retry.from_start") in link and f"retry={game_id}" in link
               and "trick" not in link for link in links), links
    assert any(t(lang, "game.retry.from_here") in link and "trick=5" in link
               for link in links), links


def test_after_a_deal_the_practice_review_plays_it_again_from_the_trick_shown(
    mine: LearnerStore,
) -> None:
    at = open_practice(seed="4", players="4", lang="en")
    play_deal(at, "pass")
    game = game_of(at)
    game_id = game.game_id
    assert game_id is not None
    record = game.rows[-1].record(game.players, game.rules)
    at.button(key="practice-review-open").click().run()
    at.button(key="practice-review-next").click().run()
    at.button(key="practice-retry-1").click().run()
    assert not at.exception, at.exception
    state = at.session_state["practice-state"]
    assert state.retry is not None and state.retry.trick == 1
    before = record.replay(LEARNER).tricks[1].before
    assert before is not None
    assert tuple(game_of(at).deal.deal.hands) == tuple(before.hands)
    assert at.query_params["retry"] == str(game_id)
    at.run()  # the URL's link is the one applied: the deal is not rebuilt
    assert at.session_state["practice-state"] is state


@pytest.mark.parametrize("lang", ["en", "it"])
def test_play_again_from_the_ecart_opens_the_table_at_the_learners_ecart(
    mine: LearnerStore, lang: str
) -> None:
    from tests.app.test_review_choices import SEED, bad_ecart_game
    from tests.review.test_choices import bad_ecart_record

    game_id = bad_ecart_game(mine)
    review = until_reviewed(open_app("review", lang=lang, game=str(game_id), deal="1"))
    links = [str(link.proto) for link in review.get("page_link")]
    assert any(t(lang, "game.retry.from_here") in link and "at=ecart" in link
               for link in links), links
    at = open_practice(retry=str(game_id), deal="1", at="ecart", lang=lang)
    deal = game_of(at).deal
    assert deal.deal.phase is Phase.ECART and deal.deal.current_seat == LEARNER
    record = bad_ecart_record(SEED)
    assert deal.deal.moves == record.moves[:len(deal.deal.moves)]
    assert t(lang, "game.retry.started_ecart", deal=1) in texts(at)
    assert at.query_params["at"] == "ecart" and "trick" not in at.query_params


def test_a_choice_the_saved_deal_lacks_or_a_malformed_one_is_said(mine: LearnerStore) -> None:
    saved_game(mine)  # the learner defended in it: no écart of theirs
    at = open_practice(retry="1", deal="1", at="ecart", lang="en")
    assert t("en", "game.retry.no_decision") in texts(at)
    at = open_practice(retry="1", deal="1", at="<b>x</b>", lang="en")
    assert any("at" in w.value for w in at.warning)
    assert at.session_state["practice-state"].retry is None
