"""Each learner's own data through the app: two learners see none of each other's progress or
games, another learner's ?game= is not found, a stale edit is refused, a shared sheet is
read-only, the progress page exports / starts afresh / deletes, a failed store call is a warning
for that call only, and the learner cookie is signed."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sqlalchemy as sa
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage
from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT, as_learner, open_app, texts
from tests.app.test_score_sheet import start_game
from tests.bank import bank
from tutor.inputs import plain
from tutor.progress import schema
from tutor.progress.store import Database, LearnerStore, StoreError, now
from tutor.ui.learner import COOKIE_WANTED, LEARNER, is_account, signed, verified
from tutor.ui.score_sheet_state import sheet_of

NAMES = ["Ann", "Bob", "Cid", "Dee"]
DEAL = {"taker": 0, "contract": "garde", "points_half": 98, "oudlers": 2, "counted_by": "attack",
        "partner": None, "petit_au_bout": None, "poignees": [], "chelem": "none"}


@pytest.fixture
def other(database: Database) -> str:
    """A second visitor."""
    return database.new_learner()


@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """Every JSON file the page hands to the media storage (the export button's)."""
    seen: list[bytes] = []
    original = MemoryMediaFileStorage.load_and_get_id

    def spy(self: MemoryMediaFileStorage, data: Any, mimetype: str, *rest: Any) -> str:
        if isinstance(data, bytes) and mimetype.startswith("application/json"):
            seen.append(data)
        return original(self, data, mimetype, *rest)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", spy)
    return seen


def progress_of(store: LearnerStore) -> int:
    """A learner with one solved puzzle, one bookmark, one review and one score sheet."""
    store.record_attempt("puzzle", "overtrump-01", "overtrump", True, True)
    store.set_bookmark("counting-01", True)
    store.save_review("scoring-01", "{}", now())
    game = store.create_game("Friday", "sheet", {"version": 1, "players": NAMES})
    store.add_row(game.id, DEAL)
    return game.id


def opened_as(learner_id: str, page: str, **params: str) -> AppTest:
    at = as_learner(AppTest.from_file(str(ROOT / "app.py"), default_timeout=30), learner_id)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(f"tutor/ui/pages/{page}.py")
    at.run()
    assert not at.exception, at.exception
    return at


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def in_queue(at: AppTest, puzzle_id: str) -> bool:
    """Whether the progress page lists the puzzle in its review queue (named, as a link)."""
    from tutor.ui.dashboard import puzzle_name

    name = puzzle_name(bank().puzzle(puzzle_id), "en")
    return any(link.proto.label == name for link in at.get("page_link"))


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


# --- two learners ------------------------------------------------------------------------------
def test_two_learners_see_none_of_each_others_progress(mine: LearnerStore, other: str) -> None:
    progress_of(mine)
    theirs = opened_as(other, "dashboard", lang="en")
    assert metric(theirs, "Puzzles solved") == "0"
    assert not in_queue(theirs, "scoring-01")
    assert "Nothing is due for review" in texts(theirs)
    own = open_app("dashboard", lang="en")
    assert metric(own, "Puzzles solved") == "1"
    assert in_queue(own, "scoring-01")


def test_two_learners_see_none_of_each_others_score_sheets(
    mine: LearnerStore, other: str
) -> None:
    progress_of(mine)
    theirs = opened_as(other, "score_sheet", lang="en")
    assert "No saved game yet." in texts(theirs)
    assert not [s for s in theirs.selectbox if s.key == "score-sheet-choose"]
    own = open_app("score_sheet", lang="en")
    assert "Friday" in own.selectbox(key="score-sheet-choose").options[0]  # the learner's own game


def test_another_learners_game_is_not_found_and_offers_no_delete(
    mine: LearnerStore, other: str
) -> None:
    game_id = progress_of(mine)
    theirs = opened_as(other, "score_sheet", lang="en", game=str(game_id))
    assert f"No saved game has the number {game_id}." in texts(theirs)
    assert theirs.session_state["score-sheet-state"].sheet is None
    assert not [b for b in theirs.button if b.key == "score-sheet-delete-game"]
    assert not theirs.dataframe
    assert mine.game(game_id).rows  # untouched
    own = open_app("score_sheet", lang="en", game=str(game_id))
    assert [b for b in own.button if b.key == "score-sheet-delete-game"]


def test_another_learners_practice_game_is_not_resumed(mine: LearnerStore, other: str) -> None:
    game = mine.create_game("Practice", "practice", {"version": 1})
    theirs = opened_as(other, "practice", lang="en", game=str(game.id))
    assert "restored" not in texts(theirs)
    assert theirs.session_state["practice-state"].game.game_id is None


# --- games -------------------------------------------------------------------------------------
def test_a_deal_added_is_a_row_added(mine: LearnerStore) -> None:
    game_id = progress_of(mine)
    at = open_app("score_sheet", lang="en", game=str(game_id))
    before = mine.game(game_id)
    at.number_input(key="score-sheet-form-points").set_value(41.0)
    at.number_input(key="score-sheet-form-oudlers").set_value(3)
    at.button(key="score-sheet-add").click()
    run(at)
    after = mine.game(game_id)
    assert [r.id for r in after.rows[:1]] == [r.id for r in before.rows]
    assert after.rows[0].version == before.rows[0].version  # the first deal was not rewritten
    assert len(after.rows) == 2


def test_an_edit_of_a_stale_deal_is_refused_with_a_message(mine: LearnerStore) -> None:
    game_id = progress_of(mine)
    tab = open_app("score_sheet", lang="en", game=str(game_id))
    elsewhere = open_app("score_sheet", lang="en", game=str(game_id))
    elsewhere.button(key="score-sheet-edit-0").click()
    run(elsewhere)
    elsewhere.number_input(key="score-sheet-form-points").set_value(60.0)
    elsewhere.button(key="score-sheet-save").click()
    run(elsewhere)
    tab.button(key="score-sheet-edit-0").click()
    run(tab)
    tab.number_input(key="score-sheet-form-points").set_value(30.0)
    tab.button(key="score-sheet-save").click()
    run(tab)
    assert "changed elsewhere" in texts(tab)
    # what the learner typed is kept
    assert tab.number_input(key="score-sheet-form-points").value == 30.0
    assert mine.game(game_id).rows[0].data["points_half"] == 120  # the other edit stands
    tab.button(key="score-sheet-reload").click()
    run(tab)
    shown = tab.session_state["score-sheet-state"].sheet
    assert sheet_of(mine.game(game_id)).totals() == shown.totals()


def test_a_shared_sheet_is_read_only_for_anyone_with_the_link(
    mine: LearnerStore, other: str
) -> None:
    game_id = progress_of(mine)
    own = open_app("score_sheet", lang="en", game=str(game_id))
    own.button(key="score-sheet-share-make").click()
    run(own)
    token = mine.game(game_id).share_token
    assert token and f"?share={token}" in own.code[0].value
    shared = opened_as(other, "score_sheet", lang="en", share=token)
    assert "you can read it, only its owner can change it" in texts(shared)
    assert shared.dataframe and "Friday" in texts(shared) + "".join(
        s.value for s in shared.subheader)
    keys = {b.key for b in shared.button}
    assert not keys & {"score-sheet-add", "score-sheet-edit-0", "score-sheet-delete-0",
                       "score-sheet-delete-game"}
    wrong = opened_as(other, "score_sheet", lang="en", share="not-a-token")
    assert "This shared score sheet was not found" in texts(wrong)


# --- the progress page -------------------------------------------------------------------------
def test_export_gives_the_learners_own_data_as_json(
    mine: LearnerStore, other: str, downloads: list[bytes]
) -> None:
    progress_of(mine)
    open_app("dashboard", lang="en")
    exported = json.loads(downloads[-1])
    assert exported["learner"]["id"] == mine.learner_id
    assert [g["name"] for g in exported["games"]] == ["Friday"]
    assert [b["item"] for b in exported["bookmarks"]] == ["counting-01"]
    opened_as(other, "dashboard", lang="en")
    assert json.loads(downloads[-1])["games"] == []


def test_start_afresh_forgets_progress_and_keeps_games(mine: LearnerStore) -> None:
    game_id = progress_of(mine)
    at = open_app("dashboard", lang="en")
    at.button(key="dashboard-afresh").click()
    run(at)
    assert "you start afresh" in texts(at)
    assert metric(at, "Puzzles solved") == "0"
    assert mine.bookmarks() == set() and mine.reviews() == {}
    assert [g.id for g in mine.games()] == [game_id]


def test_delete_my_data_deletes_everything_and_gives_a_new_profile(
    mine: LearnerStore, database: Database
) -> None:
    progress_of(mine)
    at = open_app("dashboard", lang="en")
    at.button(key="dashboard-delete").click()
    run(at)
    assert "Your data was deleted" in texts(at)
    assert not database.learner_exists(mine.learner_id)
    fresh = at.session_state[LEARNER]
    assert fresh != mine.learner_id and not database.learner_exists(fresh)  # until it saves
    assert metric(at, "Puzzles solved") == "0"


def test_the_progress_saved_before_profiles_can_be_claimed_once(
    mine: LearnerStore, other: str, database: Database
) -> None:
    legacy = "legacy-profile"
    database.run(lambda c: c.execute(schema.learners.insert().values(
        id=legacy, created=now(), legacy=True)), write=True)
    database.learner(legacy).record_attempt("puzzle", "counting-01", "counting", True, True)
    at = open_app("dashboard", lang="en")
    assert metric(at, "Puzzles solved") == "0"
    at.button(key="dashboard-claim").click()
    run(at)
    assert "That progress is now in your profile." in texts(at)
    assert metric(at, "Puzzles solved") == "1"
    assert not [b for b in at.button if b.key == "dashboard-claim"]  # once
    assert opened_as(other, "dashboard", lang="en").button(key="dashboard-afresh")
    assert not [b for b in opened_as(other, "dashboard").button if b.key == "dashboard-claim"]


# --- a failed store call -----------------------------------------------------------------------
def test_a_failed_store_call_is_a_warning_for_that_call_and_the_next_one_works(
    mine: LearnerStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = progress_of(mine)
    at = open_app("score_sheet", lang="en", game=str(game_id))
    original = LearnerStore.add_row
    calls = {"n": 0}

    def failing_once(self: LearnerStore, game: int, data: dict[str, Any]) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise StoreError("The progress database is busy right now; please try again.")
        return original(self, game, data)

    monkeypatch.setattr(LearnerStore, "add_row", failing_once)
    at.number_input(key="score-sheet-form-points").set_value(41.0)
    at.button(key="score-sheet-add").click()
    run(at)
    assert "The progress database is busy right now" in texts(at)
    assert at.number_input(key="score-sheet-form-points").value == 41.0  # the entry is kept
    assert len(mine.game(game_id).rows) == 1
    at.button(key="score-sheet-add").click()
    run(at)
    assert "busy" not in texts(at) and "Deal 2 added" in texts(at)
    assert len(mine.game(game_id).rows) == 2


def test_a_failed_read_is_a_warning_never_an_empty_dashboard(
    mine: LearnerStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    progress_of(mine)

    def down(self: LearnerStore, *args: Any, **kwargs: Any) -> Any:
        raise StoreError("The progress database cannot be reached right now.")

    monkeypatch.setattr(LearnerStore, "reviews", down)
    at = open_app("dashboard", lang="en")
    assert "cannot be reached" in texts(at)
    assert "Nothing is due for review" not in texts(at)  # never an empty queue
    assert metric(at, "Puzzles solved") == "1"  # the other sections still read
    monkeypatch.undo()
    assert in_queue(run(at), "scoring-01")


# --- identity ----------------------------------------------------------------------------------
def test_the_learner_cookie_is_signed_and_checked() -> None:
    secret = b"k" * 32
    value = signed(secret, "abc_DEF-123")
    assert verified(secret, value) == "abc_DEF-123"
    learner_id, mac = value.split(".")
    assert verified(secret, f"other.{mac}") is None
    assert verified(secret, f"{learner_id}.{'0' * len(mac)}") is None
    assert verified(b"x" * 32, value) is None
    for bad in (None, "", ".", "abc", "a.b.c", "x" * 500, 7):
        assert verified(secret, bad) is None


def cookieless(page: str) -> AppTest:
    """A session with no profile yet (no cookie in AppTest) opened at ``page``."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.session_state[LEARNER] = ""
    at.query_params["lang"] = "en"
    at.run()
    at.switch_page(f"tutor/ui/pages/{page}.py")
    return run(at)


def learner_count(database: Database) -> int:
    query = sa.select(sa.func.count()).select_from(schema.learners)
    return int(database.run(lambda c: c.execute(query).scalar_one(), write=False))


# (Opening a lesson saves that it was started: that is a write, and makes the profile.)
@pytest.mark.parametrize("page", ["dashboard", "puzzles", "score_sheet", "practice", "score_quiz"])
def test_sessions_that_save_nothing_make_no_profile(database: Database, page: str) -> None:
    before = learner_count(database)
    for _ in range(3):
        at = cookieless(page)
        assert len(at.session_state[LEARNER]) >= 32  # an id, and its cookie, but no row
        assert not database.learner_exists(at.session_state[LEARNER])
    assert learner_count(database) == before


def test_a_session_without_a_profile_makes_it_on_its_first_write(database: Database) -> None:
    at = cookieless("score_sheet")
    made = at.session_state[LEARNER]
    assert verified(database.secret(), at.session_state[COOKIE_WANTED]) == made
    assert not database.learner_exists(made)
    start_game(at, NAMES)
    assert not at.error
    assert database.learner_exists(made)
    assert [g.name for g in database.learner(made).games()] == ["Friday"]
    assert at.session_state[LEARNER] == made  # the same learner from now on


# --- sign-in -----------------------------------------------------------------------------------
def signed_in_session(subject: str) -> AppTest:
    """A session signed in as ``subject`` (st.user as Streamlit fills it after an OIDC login)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.session_state[LEARNER] = ""  # resolved by the app, not preset
    at.user = {"is_logged_in": True, "sub": subject, "name": "Ann *bold*", "email": "a@x.org"}
    at.query_params["lang"] = "en"
    run(at)
    at.switch_page("tutor/ui/pages/dashboard.py")
    return run(at)


def test_the_first_sign_in_joins_the_browsers_profile_and_other_devices_find_it(
    mine: LearnerStore, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tutor.ui.learner as learner_module

    progress_of(mine)
    # this browser's cookie holds the learner's anonymous profile
    monkeypatch.setattr(learner_module, "_cookie_learner", lambda db, secret: mine.learner_id)
    at = signed_in_session("oidc|ann")
    assert at.session_state[LEARNER] == mine.learner_id
    assert metric(at, "Puzzles solved") == "1"
    assert r"Signed in as **Ann \*bold\***" in texts(at)  # the name shown as typed
    assert [b for b in at.button if b.key == "dashboard-sign-out"]
    assert is_account(database, mine.learner_id)  # its cookie no longer opens it alone
    monkeypatch.setattr(learner_module, "_cookie_learner", lambda db, secret: None)
    elsewhere = signed_in_session("oidc|ann")  # another device: no cookie
    assert elsewhere.session_state[LEARNER] == mine.learner_id
    stranger = signed_in_session("oidc|bob")
    assert stranger.session_state[LEARNER] != mine.learner_id
    assert metric(stranger, "Puzzles solved") == "0"
    elsewhere.button(key="dashboard-sign-out").click()
    run(elsewhere)
    assert elsewhere.session_state[LEARNER] != mine.learner_id  # signed out: not the account
    assert metric(elsewhere, "Puzzles solved") == "0"
    assert [b for b in elsewhere.button if b.key == "dashboard-sign-in"]


def test_without_auth_configured_no_sign_in_is_offered(mine: LearnerStore) -> None:
    at = open_app("dashboard", lang="en")
    keys = {b.key for b in at.button}
    assert not keys & {"dashboard-sign-in", "dashboard-sign-out"}
    assert "a cookie with a random id" in texts(at)


def test_a_failed_lesson_save_is_said_and_the_next_step_saves_again(
    mine: LearnerStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = LearnerStore.save_lesson
    calls = {"n": 0}

    def failing_once(self: LearnerStore, *args: Any, **kwargs: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise StoreError("The progress database is busy right now; please try again.")
        original(self, *args, **kwargs)

    monkeypatch.setattr(LearnerStore, "save_lesson", failing_once)
    at = open_app("lessons", lang="en", lesson="the-deck", step="1")
    assert "The progress database is busy right now" in texts(at)
    assert mine.lessons() == {}
    at.button(key="lessons-next").click()  # the page still works
    run(at)
    assert "busy" not in texts(at)
    assert mine.lessons()["the-deck"].step == 1
    assert mine.lessons()["the-deck"].seen == frozenset({0, 1})


def test_a_shared_sheet_shows_typed_names_as_typed(mine: LearnerStore, other: str) -> None:
    game = mine.create_game("[win](http://x.org)", "sheet",
                            {"version": 1, "players": ["**Ann**", "Bob", "Cid", "Dee"]})
    token = mine.share_token(game.id)
    shared = opened_as(other, "score_sheet", lang="en", share=token)
    shown = texts(shared) + "".join(s.value for s in shared.subheader)
    assert plain("[win](http://x.org)") in shown and r"\*\*Ann\*\*" in shown
    assert "[win](http://x.org)" not in shown
