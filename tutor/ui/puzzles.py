"""The puzzle trainer: choose what to practise, solve, get the engine's verdict, and come back
to what you missed.

- Sources: the authored bank, generated puzzles without end (a seed in the URL reproduces
  one: ``?gen=obligations&seed=42&players=4``; ``gen=proven`` mines a best-card position),
  the review queue (FSRS: shown as "N due" with the next due date after each answer) and
  bookmarks.
- Filters: several themes at once, a difficulty range, 3/4/5 players, or "my weak themes".
- Graduated hints: first the rule, then the candidate cards highlighted; hints are recorded.
  A best-card puzzle's first hint names its idea, the second highlights the proven card among
  the most tempting ones (``tutor.ui.bestcard``).
- Every first answer is saved (attempt, first-try result, hints), feeding the streak, the
  per-theme rates and the review queue; a learner's first try of a puzzle is rated (Glicko-2,
  the learner against the puzzle: ``tutor.progress.ratings``). Deep link to an authored
  puzzle: ``?puzzle=<id>``.
- A shared position: ``?pos=<notation>`` opens it alone (``tutor.ui.position``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import cast

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from tutor.content.evaluate import Verdict
from tutor.content.generate import FAMILIES, FAMILY_THEMES, GenerationError, generate
from tutor.content.kinds import BestCardExercise
from tutor.content.models import Puzzle, Theme
from tutor.content.verdict import RIGHT
from tutor.engine import Card
from tutor.inputs import PARAM_SHOWN, REPORT_CHARS, clip, plain
from tutor.progress.ratings import (
    LEARNER_START,
    Candidate,
    at_level,
    puzzle_start,
    weakest_theme,
)
from tutor.progress.review import schedule
from tutor.progress.schema import OVERALL
from tutor.progress.store import (
    PUZZLE_SOURCES,
    LearnerRating,
    PuzzleFilters,
    StoreError,
    TrainerSummary,
)
from tutor.review.mistakes import is_own
from tutor.service import State, mine_puzzle
from tutor.ui.analysis import show_not_ready
from tutor.ui.bestcard import why_for_answer
from tutor.ui.exercise import AnswerHook, render_exercise, reset_exercise, stage
from tutor.ui.exercises import widget_of
from tutor.ui.exercises.common import exercise_state
from tutor.ui.i18n import localized, t
from tutor.ui.position import CLOSE as POSITION_CLOSE
from tutor.ui.position import PARAM, render_position
from tutor.ui.retry import shows_solution
from tutor.ui.safe import query_choice, query_int
from tutor.ui.session import (
    bank,
    current_language,
    database,
    due_key,
    reported,
    show_store_problems,
    store,
    store_problem_text,
)
from tutor.ui.trainer import (
    AT_LEVEL,
    AUTHORED,
    BOOKMARKS,
    GEN_SEEDS,
    GENERATED,
    MINE,
    OWN_SOURCE,
    PROVEN,
    REVIEW,
    SOURCE,
    SOURCES,
    WEAK_RATE,
    ask_mined,
    being_mined,
    find_puzzle,
    own_puzzles,
    puzzles_state,
)

# The filters' widgets, and the value each has before the learner touches it. Streamlit drops
# a widget's state when its page is left, so a copy is kept (``kept_key``) and put back.
THEMES = "puzzles-themes"
DIFFICULTY = "puzzles-difficulty"
PLAYERS = "puzzles-players"
WEAK = "puzzles-weak"
FILTER_DEFAULTS: dict[str, object] = {
    THEMES: [],
    DIFFICULTY: (1, 5),
    PLAYERS: [3, 4, 5],
    WEAK: False,
}
PREVIOUS = "puzzles-previous"
NEXT = "puzzles-next"
FAMILY = "puzzles-family"  # the generated puzzles' family and number of players
GENERATED_PLAYERS = "puzzles-generated-players"
ANOTHER = "puzzles-another"
# Whether the filters' expander opens: fixed for the session (a Streamlit element whose
# arguments change is a new element, drawn closed: deselecting the last theme closed it).
FILTERS_OPEN = "puzzles-filters-open"


def kept_key(key: str) -> str:
    return f"puzzles-kept-{key}"


def hints_key(key: str) -> str:
    """How many hints the exercise ``key`` has shown."""
    return f"puzzles-hints-{key}"


def stars(difficulty: int) -> str:
    return "★" * difficulty + "☆" * (5 - difficulty)


def players_of(puzzle: Puzzle) -> int:
    ex = puzzle.exercise
    position = getattr(ex, "position", None)
    if position is not None:
        return int(position.players)
    deal = getattr(ex, "deal", None)
    return int(deal.players) if deal is not None else 4


@dataclass(frozen=True)
class Filters:
    themes: tuple[str, ...]
    difficulty: tuple[int, int]
    players: tuple[int, ...]
    weak_only: bool

    def keep(self, puzzle: Puzzle, weak: set[str]) -> bool:
        theme = puzzle.theme.value
        if self.weak_only and theme not in weak:
            return False
        if self.themes and theme not in self.themes:
            return False
        low, high = self.difficulty
        return low <= puzzle.difficulty <= high and players_of(puzzle) in self.players


def weak_themes() -> set[str]:
    """Themes answered right at the first try less than 70% of the time (2+ tries)."""
    return {s.theme for s in store().theme_stats(PUZZLE_SOURCES)
            if s.first_tries >= 2 and s.rate < WEAK_RATE}


# --- the choice of practice -----------------------------------------------------------------
def _choose_source(lang: str, due: int) -> str:
    labels = {
        AUTHORED: t(lang, "trainer.source_authored"),
        AT_LEVEL: t(lang, "trainer.source_level"),
        GENERATED: t(lang, "trainer.source_generated"),
        REVIEW: t(lang, "trainer.source_review", n=due),
        MINE: t(lang, "trainer.source_mine"),
        BOOKMARKS: t(lang, "trainer.source_bookmarks"),
    }
    if SOURCE not in st.session_state:
        linked = st.query_params.get("puzzle")
        st.session_state[SOURCE] = (
            GENERATED if "gen" in st.query_params
            else MINE if linked is not None and is_own(linked)  # the review page's link
            else AUTHORED
        )
    source = st.segmented_control(
        t(lang, "trainer.source"), SOURCES, key=SOURCE, format_func=labels.__getitem__
    )
    return source or AUTHORED


def _stored_filters(lang: str) -> PuzzleFilters | None:
    """The filters kept in the learner's store (read once per session; a failed read is said
    and the page goes on with the defaults)."""
    state = puzzles_state()
    if not state.filters_read:
        try:
            state.stored_filters = store().puzzle_filters()
            state.filters_read = True
        except StoreError as error:
            st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")
    return state.stored_filters


def _widget_values(filters: PuzzleFilters, themes: list[str]) -> dict[str, object]:
    return {
        THEMES: [theme for theme in filters.themes if theme in themes],
        DIFFICULTY: filters.difficulty,
        PLAYERS: list(filters.players),
        WEAK: filters.weak_only,
    }


def _restore_filters(themes: list[str], lang: str) -> None:
    """Put back the filters the learner chose earlier in this session, else the ones kept in
    the learner's store from an earlier visit; or the themes a lesson's last step asked for
    (then from the first puzzle of those themes)."""
    missing = [key for key in FILTER_DEFAULTS if key not in st.session_state]
    stored = _stored_filters(lang) if missing else None
    kept = _widget_values(stored, themes) if stored is not None else FILTER_DEFAULTS
    for key in missing:
        st.session_state[key] = st.session_state.get(kept_key(key), kept[key])
    state = puzzles_state()
    asked, state.themes_asked = state.themes_asked, None
    if asked is not None:
        st.session_state[THEMES] = [theme for theme in asked if theme in themes]
        st.session_state[FILTERS_OPEN] = True  # what the lesson chose, shown
        state.current = None
        st.query_params.pop("puzzle", None)


def _keep_filters(lang: str) -> None:
    """Keep the filters for the rest of the session, and in the learner's store when they
    changed (a visit that changes nothing writes nothing)."""
    for key in FILTER_DEFAULTS:
        st.session_state[kept_key(key)] = st.session_state.get(key)
    chosen = PuzzleFilters.checked(
        _listed(st.session_state.get(THEMES)),
        _pair(st.session_state.get(DIFFICULTY)),
        _listed(st.session_state.get(PLAYERS)),
        st.session_state.get(WEAK),
    )
    state = puzzles_state()
    if chosen == (state.stored_filters or PuzzleFilters()):
        return
    try:
        store().save_puzzle_filters(chosen)
    except StoreError as error:
        st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")
        return
    state.stored_filters = chosen
    state.filters_read = True


def _listed(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []


def _pair(value: object) -> tuple[object, object]:
    items = _listed(value)
    return (items[0], items[1]) if len(items) == 2 else (None, None)


def _choose_filters(lang: str, themes: list[str]) -> Filters:
    _restore_filters(themes, lang)
    opened = st.session_state.setdefault(FILTERS_OPEN, bool(st.session_state[THEMES]))
    with st.expander(t(lang, "trainer.filters"), expanded=opened):
        chosen = st.pills(
            t(lang, "trainer.themes"),
            themes,
            selection_mode="multi",
            key=THEMES,
            format_func=lambda v: t(lang, f"themes.{v}"),
        )
        left, right = st.columns(2)
        # a range: the session state holds a (low, high) pair (FILTER_DEFAULTS)
        chosen_range = left.slider(
            t(lang, "trainer.difficulty"), 1, 5, key=DIFFICULTY
        )
        low, high = cast(tuple[int, int], chosen_range)
        players = right.pills(
            t(lang, "trainer.players"),
            [3, 4, 5],
            selection_mode="multi",
            key=PLAYERS,
            format_func=lambda n: t(lang, "puzzle.players", n=n),
        )
        weak = st.toggle(t(lang, "trainer.weak_only"), key=WEAK)
    _keep_filters(lang)
    return Filters(tuple(chosen or ()), (low, high), tuple(players or (3, 4, 5)), weak)


def _stats_bar(lang: str, summary: TrainerSummary) -> None:
    streak = summary.streak
    due = len(summary.due)
    nxt = summary.next_due
    # one row that wraps only when it must: columns would stack the three numbers on a
    # phone, filling the first screen before the puzzle
    row = st.container(horizontal=True, gap="large")
    row.metric(
        t(lang, "trainer.streak"),
        streak.current,
        help=t(lang, "trainer.best_streak", n=streak.best),
        width="content",
    )
    row.metric(t(lang, "trainer.due"), due, width="content")
    row.metric(t(lang, "trainer.solved"), summary.solved, width="content")
    if nxt is not None and due == 0:
        st.caption(t(lang, "trainer.next_due", when=_when(nxt[1], lang)))


def _when(at: datetime, lang: str) -> str:
    local = at.astimezone()
    return local.strftime("%d/%m %H:%M") if lang == "it" else local.strftime("%b %d, %H:%M")


# --- one puzzle -------------------------------------------------------------------------------
def _answer_hook(puzzle: Puzzle, key: str) -> AnswerHook:
    def hook(verdict: Verdict, first: bool) -> None:
        if not first:
            return
        hints = int(st.session_state.get(hints_key(key), 0))
        kind = "generated" if puzzle.id.startswith("gen-") else "puzzle"
        # accepted is not always right: a legal écart "to improve" comes back for review
        right = verdict.correct and verdict.code == RIGHT
        answer = str(exercise_state(key).get("answer", ""))
        try:
            s = store()
            if is_own(puzzle.id):
                # saved, never rated: the learner has read its answer in the deal's review
                s.record_attempt(OWN_SOURCE, puzzle.id, puzzle.theme.value, right, True,
                                 hints, answer)
            else:
                # saved, and rated when it is the learner's first try of this puzzle ever
                s.record_puzzle_answer(kind, puzzle.id, puzzle.theme.value, right, hints,
                                       answer, puzzle_start(puzzle.difficulty))
            due = schedule(s, puzzle.id, right, hints)
        except StoreError as error:
            # shown under the verdict by show_puzzle (the hook may run in a callback)
            st.session_state[f"puzzles-unsaved-{key}"] = error
            return
        st.session_state[due_key(key)] = due
        puzzles_state().answered = True  # the stats bar is read again after the puzzle

    return hook


def _candidates(puzzle: Puzzle) -> set[Card] | None:
    """The cards a second hint highlights (its kind's widget says which): they narrow the
    search without giving the answer away (see ``narrowed``)."""
    return widget_of(puzzle.exercise).hint_cards(puzzle.exercise)


def _take_hint(key: str) -> None:
    """on_click: one more hint, counted before the page is drawn again."""
    st.session_state[hints_key(key)] = int(st.session_state.get(hints_key(key), 0)) + 1


def _hints(puzzle: Puzzle, key: str, lang: str) -> set[Card] | None:
    level = int(st.session_state.get(hints_key(key), 0))
    candidates = _candidates(puzzle)
    most = 2 if candidates is not None else 1
    if level < most:
        st.button(t(lang, "trainer.hint_button", n=level + 1), key=f"puzzles-hint-{key}",
                  icon=":material/lightbulb:", on_click=_take_hint, args=(key,))
    if level >= 1:
        hint = getattr(puzzle.exercise, "hint", None)
        idea = getattr(puzzle.exercise, "idea", None)  # best-card: the idea is hint 1
        rule = (
            localized(hint, lang)
            if hint is not None
            else t(lang, f"bestcard.idea.{idea}")
            if idea is not None
            else t(lang, f"trainer.rule.{puzzle.theme.value}")
        )
        st.info(rule, icon=":material/lightbulb:")
    if level >= 2:
        st.caption(t(lang, "trainer.candidates_shown"))
        return candidates
    return None


def _puzzle_tools(puzzle: Puzzle, lang: str) -> None:
    with reported(lang):
        _bookmark_and_report(puzzle, lang)


def _bookmark_and_report(puzzle: Puzzle, lang: str) -> None:
    s = store()
    marked = puzzle.id in s.bookmarks()
    left, right = st.columns(2)
    wanted = left.toggle(
        t(lang, "trainer.bookmark"), value=marked, key=f"puzzles-bookmark-{puzzle.id}"
    )
    if wanted != marked:
        s.set_bookmark(puzzle.id, wanted)
    with right.popover(t(lang, "trainer.report"), icon=":material/flag:"):
        note = st.text_area(
            t(lang, "trainer.report_note"),
            key=f"puzzles-report-note-{puzzle.id}",
            max_chars=REPORT_CHARS,
        )
        if st.button(t(lang, "trainer.report_send"), key=f"puzzles-report-send-{puzzle.id}"):
            if note.strip():
                s.report(puzzle.id, note.strip()[:REPORT_CHARS])
                st.success(t(lang, "trainer.report_thanks"))
            else:
                st.warning(t(lang, "trainer.report_empty"))


def show_puzzle(puzzle: Puzzle, lang: str, key: str | None = None) -> Verdict | None:
    """``key``: the exercise's state (default: one per puzzle; a review is its own)."""
    key = key or f"puzzle-{puzzle.id}"
    # a learner's own puzzle has no author's stars: its difficulty is not shown
    stars_said = [] if is_own(puzzle.id) else [
        f"{t(lang, 'puzzle.difficulty')} {stars(puzzle.difficulty)}"]
    st.caption(" · ".join([t(lang, f"themes.{puzzle.theme.value}"), *stars_said,
                           t(lang, "puzzle.players", n=players_of(puzzle))]))
    highlight = _hints(puzzle, key, lang)
    verdict = render_exercise(
        puzzle.exercise,
        key,
        lang,
        highlight=highlight,
        on_answer=_answer_hook(puzzle, key),
        show_hint=False,
    )
    if verdict is not None:
        if shows_solution(stage(key)):  # the explanation gives the answer: not before a retry
            with st.expander(t(lang, "puzzle.explanation"), expanded=True):
                st.markdown(_why(puzzle, verdict, key, lang))
        unsaved = st.session_state.pop(f"puzzles-unsaved-{key}", None)
        if isinstance(unsaved, StoreError):
            st.warning(store_problem_text(unsaved, lang), icon=":material/cloud_off:")
        due = st.session_state.get(due_key(key))
        with reported(lang):
            queue = len(store().due_items())
            if due is not None:
                st.caption(t(lang, "trainer.scheduled", when=_when(due, lang), n=queue))
            else:
                st.caption(t(lang, "trainer.not_scheduled", n=queue))
    _puzzle_tools(puzzle, lang)
    return verdict


def _why(puzzle: Puzzle, verdict: Verdict, key: str, lang: str) -> str:
    """The puzzle's explanation; for a best card, one that speaks of the learner's own
    wrong card when the puzzle's names another (newcomer review 2, item 14)."""
    ex = puzzle.exercise
    if isinstance(ex, BestCardExercise):
        answer = exercise_state(key).get("answer")
        own = why_for_answer(ex, answer, verdict.correct, lang)
        if own is not None:
            return own
    return localized(puzzle.explanation, lang)


# --- the page ---------------------------------------------------------------------------------
def render() -> None:
    lang = current_language()
    st.title(t(lang, "puzzle.heading"))
    raw = st.query_params.get(PARAM)
    if raw is not None:  # a shared position (?pos=): that view alone
        render_position(raw, lang)
        st.button(t(lang, "position.close"), key=POSITION_CLOSE, on_click=_close_position)
        return
    show_store_problems(lang)
    due_items: list[tuple[str, datetime]] | None = None
    summary: TrainerSummary | None = None
    stats = st.container()  # drawn after the puzzle, so it counts the answer just given
    with reported(lang):
        # one store call per run for the stats bar and the review source (two on an answer)
        summary = store().trainer_summary()
        due_items = list(summary.due)
    state = puzzles_state()
    state.answered = False
    _render_puzzles(lang, due_items)
    if summary is not None and state.answered:
        with stats, reported(lang):
            summary = store().trainer_summary()
    if summary is not None:
        with stats:
            _stats_bar(lang, summary)


def _close_position() -> None:
    st.query_params.pop(PARAM, None)


def _render_puzzles(lang: str, due_items: list[tuple[str, datetime]] | None) -> None:
    """The puzzles keep working when the store fails: each failed read is a warning, and the
    review queue or bookmarks it could not read are never shown as empty."""
    source = _choose_source(lang, len(due_items or ()))
    state = puzzles_state()
    previous_source, state.source = state.source, source
    if source == GENERATED:
        _render_generated(lang)
        return
    puzzles = list(bank().puzzles)
    review_keys: dict[str, str] = {}
    if source == REVIEW:
        if due_items is None:
            return  # the warning above says why
        # a review is a fresh exercise, whatever was answered before: its own state, named
        # by the item and when it fell due
        review_keys = {item: f"review-{item}-{when:%Y%m%d%H%M%S}" for item, when in due_items}
        ids = [item for item, _ in due_items]
        puzzles = [p for p in (find_puzzle(i) for i in ids) if p is not None]
        if not puzzles:
            st.info(t(lang, "trainer.review_empty"))
            return
    elif source == MINE:
        mine: list[Puzzle] | None = None
        with reported(lang):
            mine = own_puzzles()
        if mine is None:
            return
        if not mine:
            st.info(t(lang, "trainer.mine_empty"))
            return
        puzzles = mine
    elif source == BOOKMARKS:
        marked: set[str] | None = None
        with reported(lang):
            marked = store().bookmarks()
        if marked is None:
            return
        puzzles = [p for p in (find_puzzle(i) for i in sorted(marked)) if p is not None]
        if not puzzles:
            st.info(t(lang, "trainer.bookmarks_empty"))
            return
    themes = [theme.value for theme in Theme if any(p.theme is theme for p in bank().puzzles)]
    filters = _choose_filters(lang, themes)
    wanted = st.query_params.get("puzzle")
    if wanted is not None and find_puzzle(wanted) is None:
        if being_mined(wanted):
            st.info(t(lang, "analysis.pending"), icon=":material/hourglass_top:")
        else:
            st.warning(t(lang, "puzzle.not_found", id=plain(clip(wanted, PARAM_SHOWN))))
        wanted = None
    weak: set[str] = set()
    if filters.weak_only:  # a scan of every attempt: on demand
        with reported(lang):
            weak = weak_themes()
    if filters.weak_only and not weak:
        st.info(t(lang, "trainer.no_weak"))
    levels: dict[str, str] = {}  # At my level: each puzzle's rating and the learner's chance
    rating_place: DeltaGenerator | None = None  # and where the learner's rating is said
    if source == AT_LEVEL:
        if previous_source != AT_LEVEL:  # a new source's first: the best one for the learner
            state.current = wanted = None
        ranked: list[tuple[Puzzle, str]] | None = None
        with reported(lang):
            rating_place = st.empty()
            ranked = _at_level(puzzles, filters, weak, rating_place, lang)
        if ranked is None:
            return  # the warning says why
        shown = [puzzle for puzzle, _ in ranked]
        levels = dict((puzzle.id, said) for puzzle, said in ranked)
    elif source == MINE:  # the learner's own, all of them: the filters choose in the bank
        shown = puzzles
    else:
        shown = [p for p in puzzles if filters.keep(p, weak)]
    if wanted is not None and state.current != wanted:
        state.current = wanted
        linked = find_puzzle(wanted)
        if linked is not None and linked not in shown:
            shown.insert(0, linked)
    if not shown:
        st.info(t(lang, "puzzle.none"))
        return
    index = next((i for i, p in enumerate(shown) if p.id == state.current), 0)
    puzzle = shown[index]
    state.current = puzzle.id
    st.query_params["puzzle"] = puzzle.id
    st.caption(t(lang, "puzzle.counter", n=index + 1, total=len(shown)))
    if puzzle.id in levels:
        st.caption(levels[puzzle.id])
    show_puzzle(puzzle, lang, review_keys.get(puzzle.id))
    if rating_place is not None and state.answered:  # said again: the answer's new rating
        with reported(lang):
            _say_rating(rating_place, store().ratings(), lang)
    back, _, forward = st.columns([1, 2, 1])
    back.button(
        t(lang, "puzzle.previous"),
        disabled=index == 0,
        key=PREVIOUS,
        use_container_width=True,
        on_click=_go,
        args=(shown[index - 1].id,),
    )
    forward.button(
        t(lang, "puzzle.next"),
        disabled=index == len(shown) - 1,
        key=NEXT,
        type="primary",
        use_container_width=True,
        on_click=_go,
        args=(shown[min(index + 1, len(shown) - 1)].id,),
    )


def _at_level(
    puzzles: list[Puzzle], filters: Filters, weak: set[str], rating_place: DeltaGenerator,
    lang: str,
) -> list[tuple[Puzzle, str]]:
    """The puzzles the filters keep that the learner has not tried, nearest the learner's
    level first (``tutor.progress.ratings``), each with its rating and the learner's chance;
    in the chosen themes, else in the learner's weakest. The puzzle being answered stays
    first: answering it makes it tried, and its verdict is still to be read."""
    s = store()
    mine = s.ratings()
    tried = s.tried_items()
    themes = {theme: r.rating for theme, r in mine.items() if theme != OVERALL}
    overall = mine[OVERALL].rating if OVERALL in mine else LEARNER_START
    current = puzzles_state().current
    kept = [p for p in puzzles if filters.keep(p, weak)]
    _say_rating(rating_place, mine, lang)
    weakest = None if filters.themes else weakest_theme(themes, {p.theme.value for p in kept})
    if weakest is not None:
        st.caption(t(lang, "trainer.level_weakest", theme=t(lang, f"themes.{weakest}")))
        kept = [p for p in kept if p.theme.value == weakest]
    untried = {p.id: p for p in kept if p.id not in tried or p.id == current}
    stored = database().puzzle_ratings(untried)
    rating = {i: stored.get(i, puzzle_start(p.difficulty)) for i, p in untried.items()}
    order = at_level(
        [Candidate(i, p.theme.value, rating[i]) for i, p in untried.items()], themes, overall
    )
    if order and not any(a.in_band for a in order):
        st.info(t(lang, "trainer.level_none_in_band"))
    ranked = sorted(order, key=lambda a: a.item != current)  # stable: the rest keep their rank
    return [
        (untried[a.item], t(lang, "trainer.level_chance", rating=round(rating[a.item].rating),
                            chance=a.percent))
        for a in ranked
    ]


def _say_rating(place: DeltaGenerator, mine: dict[str, LearnerRating], lang: str) -> None:
    """The learner's overall rating in ``place``, or that answers will make one."""
    if OVERALL in mine:
        overall = mine[OVERALL].rating
        place.caption(t(lang, "trainer.level_rating", rating=round(overall.rating),
                        deviation=round(overall.deviation)))
    else:
        place.caption(t(lang, "trainer.level_new"))


def _go(puzzle_id: str) -> None:
    reset_exercise(f"puzzle-{puzzle_id}")
    st.session_state.pop(hints_key(f"puzzle-{puzzle_id}"), None)
    puzzles_state().current = puzzle_id
    st.query_params["puzzle"] = puzzle_id


def _render_generated(lang: str) -> None:
    st.query_params.pop("puzzle", None)
    family: str = query_choice("gen", FAMILIES, lang) or "obligations"
    players = query_int("players", 3, 5, lang) or 4
    asked_seed = query_int("seed", 0, GEN_SEEDS - 1, lang)
    # each control on its own row: side by side, half a row cut the kinds' names off
    family = (
        st.segmented_control(
            t(lang, "trainer.family"),
            FAMILIES,
            default=family,
            key=FAMILY,
            format_func=lambda f: t(lang, f"trainer.family_{f}"),
        )
        or family
    )
    players = (
        st.segmented_control(
            t(lang, "trainer.players"),
            [3, 4, 5],
            default=players,
            key=GENERATED_PLAYERS,
            format_func=lambda n: t(lang, "puzzle.players", n=n),
        )
        or players
    )
    seed = asked_seed if asked_seed is not None else _fresh_seed()
    st.query_params.update({"gen": family, "players": str(players), "seed": str(seed)})
    st.caption(
        t(
            lang,
            "trainer.family_themes",
            themes=", ".join(t(lang, f"themes.{theme}") for theme in FAMILY_THEMES[family]),
        )
    )
    if family == PROVEN:  # a search: the workers mine it, the page never waits on it
        job = mine_puzzle(players, seed)
        outcome = ask_mined(players, seed)  # stored once mined: a second visit is a read
        if outcome.state is not State.DONE:
            show_not_ready(outcome, job, lang)
            _another_button(lang, f"gen-{family}-{players}p-{seed}")
            return
        puzzle = outcome.value
    else:
        try:
            puzzle = generate(family, seed, players)
        except GenerationError as error:
            st.error(str(error))
            return
    show_puzzle(puzzle, lang)
    _another_button(lang, puzzle.id)
    st.caption(t(lang, "trainer.share_seed", seed=seed))


def _another_button(lang: str, puzzle_id: str) -> None:
    st.button(
        t(lang, "trainer.another"),
        key=ANOTHER,
        type="primary",
        on_click=_new_generated,
        args=(puzzle_id,),
    )


def _fresh_seed() -> int:
    return secrets.randbelow(GEN_SEEDS)


def _new_generated(old_id: str) -> None:
    reset_exercise(f"puzzle-{old_id}")
    st.session_state.pop(hints_key(f"puzzle-{old_id}"), None)
    st.query_params["seed"] = str(_fresh_seed())
