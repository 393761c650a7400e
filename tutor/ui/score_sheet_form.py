"""The score sheet's entry form: one deal added, edited or deleted, every mark from the engine.

The form is plain widgets (not ``st.form``) so the partner field follows the number of players;
its values live in session state under the ``FORM_*`` keys and are kept when an entry is refused
or cannot be saved. Adding a deal is ``add_row`` (a row added, never the game rewritten); an
edit or a deletion carries the row's version, and one made on a stale version is refused.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor.engine import Chelem, Contract, ImpossiblePositionError, Poignee, Side
from tutor.inputs import plain
from tutor.progress.store import StoreError
from tutor.scoresheet.messages import explain
from tutor.scoresheet.sheet import DealEntry, EntryError, PoigneeEntry, Sheet, typed_points_half
from tutor.ui.i18n import t
from tutor.ui.score_sheet_state import CHOOSE, open_game, page_state, start_game
from tutor.ui.session import store
from tutor.ui.words import contract_label

ALONE = -1
NO_POIGNEE = "none"
CONTRACTS = tuple(c.code for c in Contract)
SIDES = ("attack", "defence")
PAB = ("none", "attack", "defence")
POIGNEES = (NO_POIGNEE, *(p.code for p in Poignee))
CHELEMS = tuple(c.value for c in Chelem)

FORM_TAKER = "score-sheet-form-taker"
FORM_PARTNER = "score-sheet-form-partner"
FORM_CONTRACT = "score-sheet-form-contract"
FORM_SIDE = "score-sheet-form-side"
FORM_POINTS = "score-sheet-form-points"
FORM_OUDLERS = "score-sheet-form-oudlers"
FORM_PAB = "score-sheet-form-pab"
FORM_CHELEM = "score-sheet-form-chelem"
ADD = "score-sheet-add"
SAVE = "score-sheet-save"
CANCEL = "score-sheet-cancel"

_FORM_DEFAULTS: dict[str, Any] = {
    FORM_TAKER: 0,
    FORM_PARTNER: None,
    FORM_CONTRACT: "garde",
    FORM_SIDE: "attack",
    FORM_POINTS: None,
    FORM_OUDLERS: 0,
    FORM_PAB: "none",
    FORM_CHELEM: "none",
}


def poignee_key(seat: int) -> str:
    return f"score-sheet-form-poignee-{seat}"


def edit_key(index: int) -> str:
    return f"score-sheet-edit-{index}"


def delete_key(index: int) -> str:
    return f"score-sheet-delete-{index}"


# --- the form's values --------------------------------------------------------------------
def reset_form() -> None:
    for key, value in _FORM_DEFAULTS.items():
        st.session_state[key] = value
    for seat in range(5):
        st.session_state[poignee_key(seat)] = NO_POIGNEE
    page_state().editing = None


def _fill_form(entry: DealEntry) -> None:
    s = st.session_state
    s[FORM_TAKER] = entry.taker
    s[FORM_PARTNER] = ALONE if entry.partner is None else entry.partner
    s[FORM_CONTRACT] = entry.contract.code
    s[FORM_SIDE] = entry.counted_by.value
    s[FORM_POINTS] = entry.points_half / 2
    s[FORM_OUDLERS] = entry.oudlers
    s[FORM_PAB] = entry.petit_au_bout.value if entry.petit_au_bout else "none"
    s[FORM_CHELEM] = entry.chelem.value
    for seat in range(5):
        s[poignee_key(seat)] = NO_POIGNEE
    for poignee in entry.poignees:
        s[poignee_key(poignee.seat)] = poignee.level.code


def form_entry(sheet: Sheet) -> DealEntry:
    """The entry the form holds (EntryError for what is missing; the engine checks the rest)."""
    s = st.session_state
    half = typed_points_half(s.get(FORM_POINTS))
    partner: int | None = None
    if sheet.size == 5:
        chosen = s.get(FORM_PARTNER)
        if chosen is None:
            raise EntryError("choose the called partner (or alone)", "choose_partner")
        partner = None if chosen == ALONE else int(chosen)
    pab = s.get(FORM_PAB, "none")
    return DealEntry(
        taker=int(s.get(FORM_TAKER, 0)),
        contract=Contract.from_code(s.get(FORM_CONTRACT, "garde")),
        points_half=half,
        oudlers=int(s.get(FORM_OUDLERS, 0)),
        counted_by=Side.from_code(s.get(FORM_SIDE, "attack")),
        partner=partner,
        petit_au_bout=None if pab == "none" else Side.from_code(pab),
        poignees=tuple(
            PoigneeEntry(seat, Poignee.from_code(s[poignee_key(seat)]))
            for seat in range(sheet.size)
            if s.get(poignee_key(seat), NO_POIGNEE) != NO_POIGNEE
        ),
        chelem=Chelem.from_code(s.get(FORM_CHELEM, "none")),
    )


# --- the callbacks ------------------------------------------------------------------------
def open_with_form(game_id: int) -> None:
    """A saved game opened, with an empty form."""
    if open_game(game_id):
        reset_form()


def on_reload() -> None:
    """on_click: the open game again as saved now (after an edit was refused as stale)."""
    game_id = page_state().game_id
    if isinstance(game_id, int):
        open_with_form(game_id)


def on_open_chosen() -> None:
    chosen = st.session_state.get(CHOOSE)
    if chosen is not None:
        open_with_form(int(chosen))


def on_start(lang: str) -> None:
    if start_game(lang) is not None:
        reset_form()


def _submit() -> None:
    state = page_state()
    sheet = state.sheet
    if sheet is None:
        return
    editing = state.editing
    try:
        entry = form_entry(sheet)
        new = sheet.add(entry) if editing is None else sheet.replace(editing, entry)
    except ImpossiblePositionError as error:
        state.refused = explain(error)  # the form keeps every value
        return
    state.refused = None
    game_id = state.game_id or 0
    rows = state.rows
    try:
        if editing is None:
            added = store().add_row(game_id, entry.to_data())  # a row added, nothing rewritten
            rows = [*rows, (added.id, added.version)]
        else:
            row_id, version = rows[editing]
            changed = store().update_row(game_id, row_id, version, entry.to_data())
            rows = [*rows[:editing], (changed.id, changed.version), *rows[editing + 1 :]]
    except StoreError as error:
        state.store_error = error  # the form keeps every value
        return
    state.sheet = new
    state.rows = rows
    number = len(new.entries) if editing is None else editing + 1
    state.flash = (
        "success",
        "score_sheet.added" if editing is None else "score_sheet.updated",
        {"n": number},
    )
    reset_form()


def _cancel_edit() -> None:
    state = page_state()
    state.refused = None
    if state.sheet is not None:
        reset_form()


def start_edit(index: int) -> None:
    state = page_state()
    if state.sheet is None or not 0 <= index < len(state.sheet.entries):
        return
    _fill_form(state.sheet.entries[index])
    state.editing = index
    state.refused = None


def delete_row(index: int) -> None:
    state = page_state()
    sheet = state.sheet
    if sheet is None:
        return
    try:
        new = sheet.delete(index)
    except EntryError as error:
        state.refused = explain(error)
        return
    rows = state.rows
    try:
        row_id, version = rows[index]
        store().delete_row(state.game_id or 0, row_id, version)
    except StoreError as error:
        state.store_error = error
        return
    state.sheet = new
    state.rows = [*rows[:index], *rows[index + 1 :]]
    if state.editing is not None and state.editing >= index:
        reset_form()
    state.flash = ("success", "score_sheet.removed", {"n": index + 1})


# --- the form -----------------------------------------------------------------------------
def error_text(error: tuple[str, dict[str, object]], lang: str) -> str:
    code, values = error
    return t(lang, f"score_sheet.errors.{code}", **values)


def entry_form(sheet: Sheet, lang: str) -> None:
    for key, value in _FORM_DEFAULTS.items():
        st.session_state.setdefault(key, value)
    for seat in range(5):
        st.session_state.setdefault(poignee_key(seat), NO_POIGNEE)
    state = page_state()
    editing = state.editing
    names = sheet.players
    heading = (
        t(lang, "score_sheet.add_heading")
        if editing is None
        else t(lang, "score_sheet.edit_heading", n=editing + 1)
    )
    with st.container(border=True):
        st.markdown(f"**{heading}**")
        first = st.columns([1, 1, 2] if sheet.size == 5 else [1, 2])
        first[0].selectbox(
            t(lang, "score_sheet.taker"),
            range(sheet.size),
            key=FORM_TAKER,
            format_func=names.__getitem__,
        )
        if sheet.size == 5:
            first[1].selectbox(
                t(lang, "score_sheet.partner"),
                [ALONE, *range(sheet.size)],
                key=FORM_PARTNER,
                index=None,
                placeholder=t(lang, "score_sheet.choose"),
                format_func=lambda seat: (
                    t(lang, "score_sheet.alone") if seat == ALONE else names[seat]
                ),
            )
        first[-1].radio(
            t(lang, "score_sheet.contract"),
            CONTRACTS,
            key=FORM_CONTRACT,
            horizontal=True,
            format_func=lambda code: contract_label(sheet.rules, code, lang),
        )
        second = st.columns([2, 1, 1])
        second[0].radio(
            t(lang, "score_sheet.counted_by"),
            SIDES,
            key=FORM_SIDE,
            horizontal=True,
            format_func=lambda side: t(lang, f"score_sheet.counted.{side}"),
        )
        second[1].number_input(
            # "%g": 60 and 60.5 as a score sheet writes them, never "60.0"
            t(lang, "score_sheet.points"), key=FORM_POINTS, step=0.5, format="%g"
        )
        second[2].number_input(t(lang, "score_sheet.oudlers"), key=FORM_OUDLERS, step=1)
        third = st.columns([2, 1])
        third[0].radio(
            t(lang, "score_sheet.petit_au_bout"),
            PAB,
            key=FORM_PAB,
            horizontal=True,
            format_func=lambda side: t(lang, f"score_sheet.pab.{side}"),
        )
        third[1].selectbox(
            t(lang, "score_sheet.chelem"),
            CHELEMS,
            key=FORM_CHELEM,
            format_func=lambda code: t(lang, f"score_sheet.chelems.{code}"),
        )
        st.caption(t(lang, "score_sheet.poignees"))
        for column, (seat, name) in zip(st.columns(sheet.size), enumerate(names), strict=True):
            column.selectbox(
                plain(name),  # a label is Markdown: a name shows literally
                POIGNEES,
                key=poignee_key(seat),
                format_func=lambda code: (
                    t(lang, "score_sheet.poignee_none")
                    if code == NO_POIGNEE
                    else t(lang, f"score_sheet.poignee_levels.{code}")
                ),
            )
        buttons = st.columns([2, 2, 3])
        if editing is None:
            buttons[0].button(t(lang, "score_sheet.add"), key=ADD, type="primary", on_click=_submit)
        else:
            buttons[0].button(
                t(lang, "score_sheet.save", n=editing + 1),
                key=SAVE,
                type="primary",
                on_click=_submit,
            )
            buttons[1].button(t(lang, "score_sheet.cancel"), key=CANCEL, on_click=_cancel_edit)
        if state.refused:
            st.error(
                t(lang, "score_sheet.refused", reason=error_text(state.refused, lang)),
                icon=":material/block:",
            )
