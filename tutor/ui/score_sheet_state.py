"""The score sheet page's one state (``ScoreSheetState`` under ``STATE``) and the calls that
open, start, close and delete a saved game of the learner's.

The sheet itself is ``tutor.scoresheet.sheet.Sheet`` (immutable: a refused entry leaves it as
it was); the saved game is the learner's own (``store().create_game``), the players in its meta
and each deal one row, whose (id, version) the state keeps for the next edit. The entry form's
values are widgets (``tutor.ui.score_sheet_form``), kept apart from this state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

import streamlit as st

from tutor.engine import FFT_2012, PRESETS, ImpossiblePositionError
from tutor.inputs import GAME_NAME_CHARS, NAME_CHARS, plain
from tutor.progress.store import NotFoundError, SavedGame, StoreError
from tutor.scoresheet.messages import explain
from tutor.scoresheet.sheet import DATA_VERSION, EntryError, Sheet
from tutor.ui.i18n import t
from tutor.ui.session import SCORE_SHEET_STATE, kept_state, store

KIND = "sheet"
STATE = SCORE_SHEET_STATE
# the new-game form's widgets
NEW_GAME = "score-sheet-new-game"
NEW_COUNT = "score-sheet-new-count"
NEW_RULES = "score-sheet-new-rules"
CHOOSE = "score-sheet-choose"


def new_name_key(seat: int) -> str:
    return f"score-sheet-new-name-{seat}"


Refused = tuple[str, dict[str, object]]  # a catalog code under score_sheet.errors, its values
Flash = tuple[str, str, dict[str, object]]  # (st.success/warning/error, catalog key, values)


@dataclass
class ScoreSheetState:
    """What the page keeps between reruns (the form's values are its widgets')."""

    sheet: Sheet | None = None  # the open game's sheet; None: the chooser is shown
    game_id: int | None = None
    name: str = ""
    rows: list[tuple[int, int]] = field(default_factory=list)  # (row id, version) per deal
    editing: int | None = None  # the deal (0-based) the form edits; None: it adds one
    refused: Refused | None = None  # why the last entry was refused (the form keeps it)
    start_refused: Refused | None = None  # why the last new game was refused
    store_error: StoreError | None = None  # the last action's store call that failed
    flash: Flash | None = None  # said once, on the next run
    share: tuple[int, str] | None = None  # (game id, its read-only token)

    def opened(self, saved: SavedGame, sheet: Sheet) -> None:
        self.sheet = sheet
        self.game_id = saved.id
        self.name = saved.name
        self.rows = [(row.id, row.version) for row in saved.rows]
        self.editing = None
        self.refused = None

    def closed(self) -> None:
        self.sheet = None
        self.game_id = None
        self.name = ""
        self.rows = []
        self.editing = None
        self.refused = None


def page_state() -> ScoreSheetState:
    """The page's state, made on the first run of a session."""
    return kept_state(STATE, ScoreSheetState)


def sheet_of(saved: SavedGame) -> Sheet:
    """The sheet of a saved game: the players from its meta, one deal per row."""
    return Sheet.from_data(
        {
            "players": saved.meta["players"],
            "rules": saved.meta.get("rules"),  # absent: FFT 2012 (saved before variants)
            "rows": [row.data for row in saved.rows],
        }
    )


def open_game(game_id: int) -> bool:
    """Open a saved game of the learner's (another learner's is "not found"); whether it
    opened (the form is then reset by the caller)."""
    state = page_state()
    try:
        saved = store().game(game_id)
    except NotFoundError:
        saved = None
    except StoreError as error:
        state.store_error = error
        return False
    if saved is None or saved.kind != KIND:
        state.flash = ("warning", "score_sheet.not_found", {"id": game_id})
        return False
    try:
        sheet = sheet_of(saved)
    except (ImpossiblePositionError, KeyError, ValueError, TypeError) as error:
        state.flash = ("error", "score_sheet.errors.bad_saved_game", {"text": plain(str(error))})
        return False
    state.opened(saved, sheet)
    return True


def close_game() -> None:
    page_state().closed()
    st.query_params.pop("game", None)


def start_game(lang: str) -> SavedGame | None:
    """The new game of the new-game form, saved (None, and the form kept, when refused)."""
    state = page_state()
    count = st.session_state[NEW_COUNT]
    # max_chars bounds what a browser sends; the cut here bounds anything else.
    names = [st.session_state.get(new_name_key(i), "")[:NAME_CHARS] for i in range(count)]
    rules = PRESETS.get(str(st.session_state.get(NEW_RULES)), FFT_2012)
    try:
        sheet = Sheet.new(names, rules)
    except EntryError as error:
        state.start_refused = explain(error)
        return None
    state.start_refused = None
    name = st.session_state.get(NEW_GAME, "").strip()[:GAME_NAME_CHARS] or t(
        lang, "score_sheet.default_name", date=date.today().isoformat()
    )
    meta = {"version": DATA_VERSION, "players": list(sheet.players), "rules": rules.name}
    try:
        saved = store().create_game(name, KIND, meta)
    except StoreError as error:
        state.store_error = error  # the names typed stay in the form
        return None
    state.opened(saved, sheet)
    return saved


def delete_game() -> None:
    """on_click: the open game deleted (already gone in another tab: gone either way)."""
    state = page_state()
    if state.game_id is not None:
        try:
            store().delete_game(state.game_id)
        except NotFoundError:
            pass
        except StoreError as error:
            state.store_error = error
            return
    close_game()
    state.flash = ("success", "score_sheet.deleted", {})


def make_share_link() -> None:
    """on_click: the game's read-only token (made once; the same link every time)."""
    state = page_state()
    game_id = state.game_id or 0
    try:
        state.share = (game_id, store().share_token(game_id))
    except StoreError as error:
        state.store_error = error
