"""The practice game in the session and in the learner's store.

The page's state (``tutor.practice.page.PracticeState``) lives in ``st.session_state[STATE]``.
The game is saved in the learner's own store once the deal has started (a mere visit saves
nothing): ``create_game`` the first time, then ``update_game`` of its meta with the version
last saved, so a change made from a stale tab is refused with a message instead of
overwriting the newer game. The URL carries ``?game=<id>`` (a reload resumes it; another
learner's is not found) and ``?seed=&players=&dealer=`` (a link deals the same cards, the bots
choose the same way). A visit without a game in the URL offers the learner's last unfinished
game.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor.engine import FFT_2012, PRESETS, Rules
from tutor.practice import PracticeGame
from tutor.practice.daily import daily_game, today
from tutor.practice.game import SEED_RANGE
from tutor.practice.page import MessageKind, PracticeState, Speed
from tutor.practice.retry import Choice, NoSuchDecision, RetryPoint, retry_game
from tutor.progress.store import (
    GameSummary,
    NotFoundError,
    SavedGame,
    StaleEditError,
    StoreError,
)
from tutor.ui.i18n import t
from tutor.ui.practice.words import readable_date, seat_name
from tutor.ui.safe import BIGINT, query_choice, query_int
from tutor.ui.session import LANGUAGE, store, store_problem_text
from tutor.ui.words import rules_label

STATE = "practice-state"
KIND = "practice"
# the link that plays a saved deal again from a decision: ?retry=<game id>&deal=<n>&trick=<k>
# (1-based) or &at=<call, ecart or chelem> (no trick, no at: from the deal's start)
RETRY = "retry"
RETRY_PARAMS = (RETRY, "deal", "trick", "at")


def four_only(rules: Rules, lang: str) -> str:
    return t(
        lang,
        "variants.four_only",
        name=rules_label(rules, lang),
        allowed=" / ".join(map(str, rules.players)),
    )


def page_state(lang: str) -> PracticeState:
    """The session's page state, made from the URL on the first run, and again when the
    URL brings a retry link it has not applied yet (followed from the review page while a
    game was in play: that game stays in the saved games)."""
    state = st.session_state.get(STATE)
    link = retry_link()
    if not isinstance(state, PracticeState) or (link is not None and link != state.retry_link):
        state = _from_url(lang)
        state.retry_link = link
        st.session_state[STATE] = state
    return state


def retry_link() -> tuple[str, ...] | None:
    """The URL's retry link as written (None: there is none), to compare, not to use."""
    if RETRY not in st.query_params:
        return None
    return tuple(str(st.query_params.get(name, "")) for name in RETRY_PARAMS)


def link_of(point: RetryPoint) -> tuple[str, ...]:
    """``point``'s link as ``retry_link`` reads it once the URL is written."""
    query = retry_query(point)
    return tuple(query.get(name, "") for name in RETRY_PARAMS)


def retry_query(point: RetryPoint) -> dict[str, str]:
    """The query parameters of ``point``'s link (for the review page's buttons)."""
    query = {RETRY: str(point.game_id), "deal": str(point.deal)}
    if point.trick is not None:
        query["trick"] = str(point.trick + 1)
    elif point.choice is not None:
        query["at"] = point.choice.value
    return query


def _retry_from_url(lang: str, notes: list[tuple[MessageKind, str]]) -> PracticeState | None:
    """The retry the URL asks for, looked up in the learner's own store only (None: there is
    no retry link, or it cannot be followed: said in ``notes``)."""
    game_id = query_int(RETRY, 1, BIGINT, lang)
    deal = query_int("deal", 1, 10_000, lang)
    trick = query_int("trick", 1, 30, lang)
    at = query_choice("at", [c.value for c in Choice], lang)
    if game_id is None or deal is None or ("trick" in st.query_params and trick is None) \
            or ("at" in st.query_params and at is None):
        return None
    saved = saved_game(game_id, lang, notes)
    if saved is None or saved.kind != KIND:
        notes.append((MessageKind.WARNING, t(lang, "game.retry.not_yours")))
        return None
    point = RetryPoint(game_id, deal, None if trick is None else trick - 1,
                       None if at is None or trick is not None else Choice(at))
    try:
        game, _ = restore(saved)
        state = retried(game, point, lang)
    except NoSuchDecision:
        notes.append((MessageKind.WARNING, t(lang, "game.retry.no_decision")))
        return None
    except ValueError as error:
        notes.append((MessageKind.WARNING, t(lang, "game.saved.unreadable", problem=error)))
        return None
    return state


def retried(game: PracticeGame, point: RetryPoint, lang: str) -> PracticeState:
    """The page state of ``game`` played again from ``point`` (NoSuchDecision: no such
    decision), its past counted as watched, and said."""
    state = PracticeState.resumed(retry_game(game, point, elsewhere=True))
    state.saved = None
    state.retry = point
    start_said(state, point, lang)
    return state


def on_play_again(point: RetryPoint) -> None:
    """"Play again from here" after a deal of the saved game in play: the page's game becomes
    that deal played again from ``point`` (the game itself stays saved as it is)."""
    state = st.session_state[STATE]
    lang = str(st.session_state.get(LANGUAGE, "en"))
    try:
        again = retried(state.game, point, lang)
    except NoSuchDecision:
        state.say(MessageKind.WARNING, t(lang, "game.retry.no_decision"))
        return
    again.speed = state.speed
    again.round = state.round + 1  # the table's sequences are new ones
    again.retry_link = link_of(point)
    st.session_state[STATE] = again


def start_said(state: PracticeState, point: RetryPoint, lang: str) -> None:
    if point.choice is not None and point.trick is None:
        state.say(MessageKind.INFO, t(lang, f"game.retry.started_{point.choice.value}",
                                      deal=point.deal))
    elif point.trick is None:
        state.say(MessageKind.INFO, t(lang, "game.retry.started_start", deal=point.deal))
    else:
        state.say(MessageKind.INFO, t(lang, "game.retry.started_trick", deal=point.deal,
                                      n=point.trick + 1))


def _from_url(lang: str) -> PracticeState:
    # Each parameter bounded before use; one the page cannot use is named in a message.
    notes: list[tuple[MessageKind, str]] = []
    game_id = query_int("game", 1, BIGINT, lang)
    seed = query_int("seed", 0, SEED_RANGE - 1, lang)
    players = query_int("players", 3, 5, lang) or 4
    dealer = query_int("dealer", 0, players - 1, lang)
    rules = PRESETS[query_choice("rules", PRESETS, lang) or FFT_2012.name]
    speed = Speed(query_choice("speed", [s.value for s in Speed], lang) or Speed.NORMAL)
    daily = query_choice("daily", ["1"], lang) == "1"  # the deal of the day
    if RETRY in st.query_params:
        retry = _retry_from_url(lang, notes)
        if retry is not None:
            retry.speed = speed
            return retry
    if players not in rules.players:  # a link naming a 4-player variant at 3 or 5: said
        notes.append((MessageKind.WARNING, four_only(rules, lang)))
        rules = FFT_2012
    if game_id is not None:
        saved = saved_game(game_id, lang, notes)
        if saved is not None and saved.kind == KIND:
            try:
                game, version = restore(saved)
            except ValueError as error:
                notes.append((MessageKind.WARNING, t(lang, "game.saved.unreadable", problem=error)))
            else:
                if seed is None or game.deal.seed == seed:
                    state = PracticeState.resumed(game)
                    state.speed = speed
                    state.version = version
                    state.say(MessageKind.INFO, t(lang, "game.saved.restored"))
                    return state
    if daily:
        game = daily_game(today(), elsewhere=True)
    elif seed is not None:
        game = PracticeGame.new(players, seed, dealer=dealer, rules=rules, elsewhere=True)
    else:
        game = PracticeGame.new(players, rules=rules, elsewhere=True)
    state = PracticeState(game)
    state.watched_deal = game.number
    for kind, text in notes:
        state.say(kind, text)
    if game_id is None and seed is None and not daily:
        state.offered = _unfinished(lang)
    state.speed = speed
    return state


def saved_game(
    game_id: int, lang: str, notes: list[tuple[MessageKind, str]] | None = None
) -> SavedGame | None:
    """The learner's saved game ``game_id`` (None when not theirs, or the store failed: said)."""
    try:
        return store().game(game_id)
    except NotFoundError:
        return None
    except StoreError as error:
        if notes is not None:
            notes.append((MessageKind.WARNING, store_problem_text(error, lang)))
        return None


def restore(saved: SavedGame) -> tuple[PracticeGame, tuple[int, int]]:
    """The game of a saved practice game (ValueError when unreadable) and its version, so the
    next save is checked against it."""
    data = dict(saved.meta)
    if saved.rows and not data.get("rows"):  # a game saved before learners: deals as rows
        data["rows"] = [row.data for row in saved.rows]
    return PracticeGame.from_data(data, saved.id, elsewhere=True), (saved.id, saved.version)


def unfinished(meta: Any) -> bool:
    """A saved practice game whose deal in progress has started and is not over."""
    if not isinstance(meta, dict) or not isinstance(meta.get("current"), dict):
        return False
    current = meta["current"]
    rows = _rows(meta)
    over = bool(rows) and isinstance(rows[-1], dict) and rows[-1].get("number") == current.get(
        "number"
    )
    return bool(current.get("moves")) and not over


def _rows(meta: dict[str, Any]) -> list[Any]:
    rows = meta.get("rows")
    return rows if isinstance(rows, list) else []


def _unfinished(lang: str) -> list[GameSummary]:
    """The learner's latest unfinished practice game (the store failing: none offered)."""
    try:
        games = store().games(KIND)
    except StoreError:
        return []
    return [g for g in games if unfinished(g.meta)][:1]


def _started(data: dict[str, Any]) -> bool:
    """A game worth saving: a deal finished, or a move made in this one."""
    return bool(data.get("rows") or data.get("current", {}).get("moves"))


def persist(state: PracticeState, lang: str, notice: Any) -> None:
    """Save the game when it changed (a failure is said in ``notice`` and the next change tries
    again), and keep the URL pointing at it."""
    game = state.game
    if state.retry is not None:  # a deal played again: never saved, its link kept
        _keep_retry_url(state.retry)
        return
    for name in RETRY_PARAMS:  # the retry left (a new game, the deal of the day, resumed)
        if name in st.query_params:
            del st.query_params[name]
    state.retry_link = None  # the same link followed again is applied again
    data = game.to_data()
    if state.saved != data and _started(data):
        try:
            _save(state, data, lang)
        except StoreError as error:
            with notice.container():
                st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")
                if isinstance(error, StaleEditError) and game.game_id is not None:
                    st.button(t(lang, "store.reload"), key="practice-reload",
                              on_click=on_resume, args=(game.game_id,),
                              icon=":material/refresh:")
        else:
            state.saved = data
    wanted = {
        "seed": str(game.deal.seed),
        "players": str(game.players),
        "dealer": str(game.deal.dealer),
    }
    if game.rules is not FFT_2012:
        wanted["rules"] = game.rules.name
    elif "rules" in st.query_params:
        del st.query_params["rules"]
    # the deal of the day's link deals today's, whichever day it was made
    if game.daily is not None and game.number == 1:
        wanted["daily"] = "1"
    elif "daily" in st.query_params:
        del st.query_params["daily"]
    if game.game_id is not None:
        wanted["game"] = str(game.game_id)
    elif "game" in st.query_params:
        del st.query_params["game"]
    for key, value in wanted.items():
        if st.query_params.get(key) != value:
            st.query_params[key] = value


def _keep_retry_url(point: RetryPoint) -> None:
    """The URL of a retry is its link alone: a reload plays the deal again from the same
    decision (the moves made since are not saved)."""
    wanted = retry_query(point)
    for name in ("seed", "players", "dealer", "rules", "daily", "game", *RETRY_PARAMS):
        if name in st.query_params and name not in wanted:
            del st.query_params[name]
    for key, value in wanted.items():
        if st.query_params.get(key) != value:
            st.query_params[key] = value


def _save(state: PracticeState, data: dict[str, Any], lang: str) -> None:
    """Create the saved game, or update its meta against the version this session saw."""
    s = store()
    game = state.game
    known = state.version
    if game.game_id is None:
        saved = s.create_game(t(lang, "game.saved.name", players=game.players), KIND, data)
        game.game_id = saved.id
    else:
        version = known[1] if known is not None and known[0] == game.game_id else 0
        saved = s.update_game(game.game_id, version, meta=data)
    state.version = (saved.id, saved.version)
    state.others = None


def on_resume(game_id: int) -> None:
    state = st.session_state[STATE]
    lang = str(st.session_state.get(LANGUAGE, "en"))
    notes: list[tuple[MessageKind, str]] = []
    saved = saved_game(game_id, lang, notes)
    for kind, text in notes:
        state.say(kind, text)
    if saved is None or saved.kind != KIND:
        return
    try:
        game, version = restore(saved)
    except ValueError as error:
        state.say(MessageKind.WARNING, t(lang, "game.saved.unreadable", problem=error))
        return
    state.adopt(game, watched=True)
    state.version = version
    state.offered = []
    state.say(MessageKind.INFO, t(lang, "game.saved.restored"))


def saved_line(saved: GameSummary, lang: str) -> str:
    """'4 players · 3 deals finished · your score +40 · 30 Nov 2026, 19:10' in the learner's
    language, whatever language the game was saved in."""
    meta = saved.meta if isinstance(saved.meta, dict) else {}
    players = meta.get("players")
    rows = _rows(meta)
    players = players if players in (3, 4, 5) else None
    totals = [0] * (players or 0)
    for row in rows:
        marks = row.get("marks") if isinstance(row, dict) else None
        if isinstance(marks, list) and len(marks) == len(totals) and all(
            isinstance(m, int) for m in marks
        ):
            totals = [a + b for a, b in zip(totals, marks, strict=True)]
    parts = [t(lang, "game.saved.players", n=players) if players else ""]
    parts.append(t(lang, "game.saved.deals", n=len(rows)))
    if unfinished(meta):
        parts.append(t(lang, "game.saved.in_progress"))
    if players and rows:
        scores = ", ".join(
            f"{seat_name(seat, players, lang)} {total:+d}" for seat, total in enumerate(totals)
        )
        parts.append(scores)
    parts.append(readable_date(saved.updated, lang))
    return " · ".join(p for p in parts if p)


def other_games(state: PracticeState) -> list[Any]:
    """The five latest other saved games, read once per game shown: reading and parsing every
    saved game on each card played was the page's largest cost under load (tests/load)."""
    game = state.game
    if state.others is None or state.others[0] != game.game_id:
        others = [g for g in store().games(KIND) if g.id != game.game_id][:5]
        state.others = (game.game_id, others)
    return list(state.others[1])


__all__ = [
    "KIND",
    "STATE",
    "four_only",
    "on_play_again",
    "on_resume",
    "other_games",
    "page_state",
    "persist",
    "retried",
    "retry_query",
    "saved_line",
    "unfinished",
]
