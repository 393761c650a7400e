"""The score sheet page: a real game's deals entered row by row, every mark from the engine.

The sheet itself is ``tutor.scoresheet.sheet.Sheet`` (immutable: a refused entry leaves it as
it was). It is kept in ``st.session_state["ss_sheet"]``; the saved game is the learner's own
(``store().create_game``), the players in its meta and each deal one row: adding a deal is
``add_row`` (a row added, never the game rewritten), an edit or a deletion carries the row's
version, and one made on a stale version is refused with a message. ``?game=<id>`` in the URL
reopens a saved game of this learner (another learner's is "not found"); ``?share=<token>``
shows a game its owner shared with the table, read-only. The rules (FFT 2012 or a variant of
``tutor.engine.variants.PRESETS``) are chosen when the game is created, kept in its meta and
used for every deal's score; a game saved before variants is FFT 2012. The entry form is plain
widgets (not ``st.form``) so the partner field follows the number of players; its values live
in session state under ``ssf_*`` and are kept when an entry is refused or cannot be saved.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pandas as pd
import streamlit as st

from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.contracts import Contract
from tutor.engine.errors import ImpossiblePositionError
from tutor.engine.scoring import Side
from tutor.engine.variants import FFT_2012, PRESETS, Rules
from tutor.inputs import GAME_NAME_CHARS, NAME_CHARS, plain
from tutor.progress.store import NotFoundError, SavedGame, StaleEditError, StoreError
from tutor.scoresheet.messages import explain
from tutor.scoresheet.sheet import (
    DATA_VERSION,
    DealEntry,
    EntryError,
    PoigneeEntry,
    ScoredDeal,
    Sheet,
    typed_points_half,
)
from tutor.ui.i18n import t
from tutor.ui.safe import BIGINT, query_int
from tutor.ui.session import (
    current_language,
    database,
    reported,
    store,
    store_problem_text,
)
from tutor.ui.views import score_lines

KIND = "sheet"
# One line colour per player, told apart at up to 5 players (also with colour-blind eyes: the
# Okabe-Ito palette, its green swapped for the app's own).
PLAYER_COLOURS = ("#1f6f5c", "#d55e00", "#0072b2", "#e69f00", "#cc79a7")
ALONE = -1
NO_POIGNEE = "none"
CONTRACTS = tuple(c.code for c in Contract)
SIDES = ("attack", "defence")
PAB = ("none", "attack", "defence")
POIGNEES = (NO_POIGNEE, *(p.code for p in Poignee))
CHELEMS = tuple(c.value for c in Chelem)

_FORM_DEFAULTS: dict[str, Any] = {
    "ssf_taker": 0,
    "ssf_partner": None,
    "ssf_contract": "garde",
    "ssf_side": "attack",
    "ssf_points": None,
    "ssf_oudlers": 0,
    "ssf_pab": "none",
    "ssf_chelem": "none",
}


# --- the rules ----------------------------------------------------------------------------
def rules_label(rules: Rules, lang: str) -> str:
    return t(lang, f"variants.names.{rules.name}")


def rules_about(rules: Rules, lang: str) -> str:
    return t(lang, f"variants.about.{rules.name}")


def contract_label(rules: Rules, code: str, lang: str) -> str:
    """A bid's name: the variant's own where it names the bids differently (seed 004's
    "Petite"), else the catalog's (FFT's names, and "Pass")."""
    if code != "pass" and rules.contract_names != FFT_2012.contract_names:
        return rules.contract_name(Contract.from_code(code))
    return t(lang, f"contracts.{code}")


def show_rules(rules: Rules, lang: str) -> None:
    """The rules a game is played by, in one line (FFT 2012 too: a sheet always says it)."""
    st.caption(
        t(lang, "variants.in_use", name=rules_label(rules, lang), about=rules_about(rules, lang)),
        help=t(lang, "variants.help"),
    )


def show_winners(sheet: Sheet, lang: str) -> None:
    """The rules' target reached (seed 004's first to 100): who won."""
    winners = sheet.winners()
    if winners and sheet.rules.target_score is not None:
        st.success(
            t(
                lang,
                "variants.target_reached",
                names=", ".join(plain(name) for name in winners),
                target=sheet.rules.target_score,
                name=rules_label(sheet.rules, lang),
            ),
            icon=":material/emoji_events:",
        )


# --- the current game ---------------------------------------------------------------------
def current_sheet() -> Sheet | None:
    sheet = st.session_state.get("ss_sheet")
    return sheet if isinstance(sheet, Sheet) else None


def _game_id() -> int:
    """The open game's id (0, never anyone's, when none is open)."""
    game_id = st.session_state.get("ss_id")
    return game_id if isinstance(game_id, int) else 0


def _rows() -> list[tuple[int, int]]:
    """(row id, row version) of each deal of the open game, in order."""
    rows = st.session_state.get("ss_rows")
    return rows if isinstance(rows, list) else []


def sheet_of(saved: SavedGame) -> Sheet:
    """The sheet of a saved game: the players from its meta, one deal per row."""
    return Sheet.from_data(
        {
            "players": saved.meta["players"],
            "rules": saved.meta.get("rules"),  # absent: FFT 2012 (saved before variants)
            "rows": [row.data for row in saved.rows],
        }
    )


def _open(game_id: int) -> None:
    try:
        saved = store().game(game_id)
    except NotFoundError:
        saved = None
    except StoreError as error:
        st.session_state["ss_store_error"] = error
        return
    if saved is None or saved.kind != KIND:
        st.session_state["ss_flash"] = ("warning", "score_sheet.not_found", {"id": game_id})
        return
    try:
        sheet = sheet_of(saved)
    except (ImpossiblePositionError, KeyError, ValueError, TypeError) as error:
        st.session_state["ss_flash"] = (
            "error",
            "score_sheet.errors.bad_saved_game",
            {"text": plain(str(error))},
        )
        return
    st.session_state["ss_sheet"] = sheet
    st.session_state["ss_id"] = saved.id
    st.session_state["ss_name"] = saved.name
    st.session_state["ss_rows"] = [(row.id, row.version) for row in saved.rows]
    st.session_state["ss_editing"] = None
    st.session_state["ss_error"] = None
    _reset_form(sheet)


def _reload() -> None:
    """on_click: the open game again as saved now (after an edit was refused as stale)."""
    game_id = st.session_state.get("ss_id")
    if isinstance(game_id, int):
        _open(game_id)


def _open_chosen() -> None:
    chosen = st.session_state.get("ss_choose")
    if chosen is not None:
        _open(int(chosen))


def _close() -> None:
    for name in ("ss_sheet", "ss_id", "ss_name", "ss_rows", "ss_editing", "ss_error"):
        st.session_state.pop(name, None)
    st.query_params.pop("game", None)


def _start(lang: str) -> None:
    count = st.session_state["ssn_count"]
    # max_chars bounds what a browser sends; the cut here bounds anything else.
    names = [st.session_state.get(f"ssn_name_{i}", "")[:NAME_CHARS] for i in range(count)]
    rules = PRESETS.get(str(st.session_state.get("ssn_rules")), FFT_2012)
    try:
        sheet = Sheet.new(names, rules)
    except EntryError as error:
        st.session_state["ssn_error"] = explain(error)
        return
    st.session_state["ssn_error"] = None
    name = st.session_state.get("ssn_game", "").strip()[:GAME_NAME_CHARS] or t(
        lang, "score_sheet.default_name", date=date.today().isoformat()
    )
    meta = {"version": DATA_VERSION, "players": list(sheet.players), "rules": rules.name}
    try:
        saved = store().create_game(name, KIND, meta)
    except StoreError as error:
        st.session_state["ss_store_error"] = error  # the names typed stay in the form
        return
    st.session_state["ss_sheet"] = sheet
    st.session_state["ss_name"] = saved.name
    st.session_state["ss_id"] = saved.id
    st.session_state["ss_rows"] = []
    st.session_state["ss_editing"] = None
    st.session_state["ss_error"] = None
    _reset_form(sheet)


def _delete_game() -> None:
    game_id = st.session_state.get("ss_id")
    if game_id is not None:
        try:
            store().delete_game(game_id)
        except NotFoundError:
            pass  # already deleted (in another tab): the game is gone either way
        except StoreError as error:
            st.session_state["ss_store_error"] = error
            return
    _close()
    st.session_state["ss_flash"] = ("success", "score_sheet.deleted", {})


# --- the entry form -----------------------------------------------------------------------
def _reset_form(sheet: Sheet) -> None:
    for key, value in _FORM_DEFAULTS.items():
        st.session_state[key] = value
    for seat in range(5):
        st.session_state[f"ssf_poignee_{seat}"] = NO_POIGNEE
    st.session_state["ss_editing"] = None


def _fill_form(entry: DealEntry) -> None:
    st.session_state["ssf_taker"] = entry.taker
    st.session_state["ssf_partner"] = ALONE if entry.partner is None else entry.partner
    st.session_state["ssf_contract"] = entry.contract.code
    st.session_state["ssf_side"] = entry.counted_by.value
    st.session_state["ssf_points"] = entry.points_half / 2
    st.session_state["ssf_oudlers"] = entry.oudlers
    st.session_state["ssf_pab"] = entry.petit_au_bout.value if entry.petit_au_bout else "none"
    st.session_state["ssf_chelem"] = entry.chelem.value
    for seat in range(5):
        st.session_state[f"ssf_poignee_{seat}"] = NO_POIGNEE
    for poignee in entry.poignees:
        st.session_state[f"ssf_poignee_{poignee.seat}"] = poignee.level.code


def form_entry(sheet: Sheet) -> DealEntry:
    """The entry the form holds (EntryError for what is missing; the engine checks the rest)."""
    s = st.session_state
    half = typed_points_half(s.get("ssf_points"))
    partner: int | None = None
    if sheet.size == 5:
        chosen = s.get("ssf_partner")
        if chosen is None:
            raise EntryError("choose the called partner (or alone)", "choose_partner")
        partner = None if chosen == ALONE else int(chosen)
    pab = s.get("ssf_pab", "none")
    return DealEntry(
        taker=int(s.get("ssf_taker", 0)),
        contract=Contract.from_code(s.get("ssf_contract", "garde")),
        points_half=half,
        oudlers=int(s.get("ssf_oudlers", 0)),
        counted_by=Side.from_code(s.get("ssf_side", "attack")),
        partner=partner,
        petit_au_bout=None if pab == "none" else Side.from_code(pab),
        poignees=tuple(
            PoigneeEntry(seat, Poignee.from_code(s[f"ssf_poignee_{seat}"]))
            for seat in range(sheet.size)
            if s.get(f"ssf_poignee_{seat}", NO_POIGNEE) != NO_POIGNEE
        ),
        chelem=Chelem.from_code(s.get("ssf_chelem", "none")),
    )


def _submit() -> None:
    sheet = current_sheet()
    if sheet is None:
        return
    editing = st.session_state.get("ss_editing")
    try:
        entry = form_entry(sheet)
        new = sheet.add(entry) if editing is None else sheet.replace(editing, entry)
    except ImpossiblePositionError as error:
        st.session_state["ss_error"] = explain(error)  # the form keeps every value
        return
    st.session_state["ss_error"] = None
    game_id = _game_id()
    rows = _rows()
    try:
        if editing is None:
            added = store().add_row(game_id, entry.to_data())  # a row added, nothing rewritten
            rows = [*rows, (added.id, added.version)]
        else:
            row_id, version = rows[editing]
            changed = store().update_row(game_id, row_id, version, entry.to_data())
            rows = [*rows[:editing], (changed.id, changed.version), *rows[editing + 1 :]]
    except StoreError as error:
        st.session_state["ss_store_error"] = error  # the form keeps every value
        return
    st.session_state["ss_sheet"] = new
    st.session_state["ss_rows"] = rows
    number = len(new.entries) if editing is None else editing + 1
    st.session_state["ss_flash"] = (
        "success",
        "score_sheet.added" if editing is None else "score_sheet.updated",
        {"n": number},
    )
    _reset_form(new)


def _cancel_edit() -> None:
    sheet = current_sheet()
    st.session_state["ss_error"] = None
    if sheet is not None:
        _reset_form(sheet)


def _start_edit(index: int) -> None:
    sheet = current_sheet()
    if sheet is None or not 0 <= index < len(sheet.entries):
        return
    _fill_form(sheet.entries[index])
    st.session_state["ss_editing"] = index
    st.session_state["ss_error"] = None


def _delete_row(index: int) -> None:
    sheet = current_sheet()
    if sheet is None:
        return
    try:
        new = sheet.delete(index)
    except EntryError as error:
        st.session_state["ss_error"] = explain(error)
        return
    rows = _rows()
    try:
        row_id, version = rows[index]
        store().delete_row(_game_id(), row_id, version)
    except StoreError as error:
        st.session_state["ss_store_error"] = error
        return
    st.session_state["ss_sheet"] = new
    st.session_state["ss_rows"] = [*rows[:index], *rows[index + 1 :]]
    editing = st.session_state.get("ss_editing")
    if editing is not None and editing >= index:
        _reset_form(new)
    st.session_state["ss_flash"] = ("success", "score_sheet.removed", {"n": index + 1})


def _entry_form(sheet: Sheet, lang: str) -> None:
    for key, value in _FORM_DEFAULTS.items():
        st.session_state.setdefault(key, value)
    for seat in range(5):
        st.session_state.setdefault(f"ssf_poignee_{seat}", NO_POIGNEE)
    editing = st.session_state.get("ss_editing")
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
            key="ssf_taker",
            format_func=names.__getitem__,
        )
        if sheet.size == 5:
            first[1].selectbox(
                t(lang, "score_sheet.partner"),
                [ALONE, *range(sheet.size)],
                key="ssf_partner",
                index=None,
                placeholder=t(lang, "score_sheet.choose"),
                format_func=lambda seat: (
                    t(lang, "score_sheet.alone") if seat == ALONE else names[seat]
                ),
            )
        first[-1].radio(
            t(lang, "score_sheet.contract"),
            CONTRACTS,
            key="ssf_contract",
            horizontal=True,
            format_func=lambda code: contract_label(sheet.rules, code, lang),
        )
        second = st.columns([2, 1, 1])
        second[0].radio(
            t(lang, "score_sheet.counted_by"),
            SIDES,
            key="ssf_side",
            horizontal=True,
            format_func=lambda side: t(lang, f"score_sheet.counted.{side}"),
        )
        second[1].number_input(
            t(lang, "score_sheet.points"), key="ssf_points", step=0.5, format="%.1f"
        )
        second[2].number_input(t(lang, "score_sheet.oudlers"), key="ssf_oudlers", step=1)
        third = st.columns([2, 1])
        third[0].radio(
            t(lang, "score_sheet.petit_au_bout"),
            PAB,
            key="ssf_pab",
            horizontal=True,
            format_func=lambda side: t(lang, f"score_sheet.pab.{side}"),
        )
        third[1].selectbox(
            t(lang, "score_sheet.chelem"),
            CHELEMS,
            key="ssf_chelem",
            format_func=lambda code: t(lang, f"score_sheet.chelems.{code}"),
        )
        st.caption(t(lang, "score_sheet.poignees"))
        for column, (seat, name) in zip(st.columns(sheet.size), enumerate(names), strict=True):
            column.selectbox(
                plain(name),  # a label is Markdown: a name shows literally
                POIGNEES,
                key=f"ssf_poignee_{seat}",
                format_func=lambda code: (
                    t(lang, "score_sheet.poignee_none")
                    if code == NO_POIGNEE
                    else t(lang, f"score_sheet.poignee_levels.{code}")
                ),
            )
        buttons = st.columns([2, 2, 3])
        if editing is None:
            buttons[0].button(
                t(lang, "score_sheet.add"), key="ss_add", type="primary", on_click=_submit
            )
        else:
            buttons[0].button(
                t(lang, "score_sheet.save", n=editing + 1),
                key="ss_save",
                type="primary",
                on_click=_submit,
            )
            buttons[1].button(t(lang, "score_sheet.cancel"), key="ss_cancel", on_click=_cancel_edit)
        error = st.session_state.get("ss_error")
        if error:
            st.error(
                t(lang, "score_sheet.refused", reason=error_text(error, lang)),
                icon=":material/block:",
            )


def error_text(error: tuple[str, dict[str, object]], lang: str) -> str:
    code, values = error
    return t(lang, f"score_sheet.errors.{code}", **values)


# --- the deals ----------------------------------------------------------------------------
def taker_text(sheet: Sheet, entry: DealEntry, lang: str, *, markdown: bool = False) -> str:
    """'Ann', or at 5 players 'Ann with Dee' / 'Ann alone'; ``markdown``: the names escaped
    to show literally inside Markdown (a table cell is plain text already)."""
    shown = plain if markdown else str
    taker = shown(sheet.players[entry.taker])
    if sheet.size != 5:
        return taker
    if entry.partner is None or entry.partner == entry.taker:
        return t(lang, "score_sheet.taker_alone", taker=taker)
    return t(
        lang, "score_sheet.taker_with", taker=taker, partner=shown(sheet.players[entry.partner])
    )


def result_text(deal: ScoredDeal, lang: str) -> str:
    diff = abs(deal.score.difference)
    key = "score_sheet.made_by" if deal.score.made else "score_sheet.lost_by"
    return t(lang, key, diff=diff)


def signed(value: int) -> str:
    return f"{value:+d}"


def detail_columns(lang: str) -> tuple[str, str, str, str, str]:
    """The headings of the table's own columns: deal, taker, contract, result, sum."""
    return (
        t(lang, "score_sheet.col_deal"),
        t(lang, "score_sheet.col_taker"),
        t(lang, "score_sheet.col_contract"),
        t(lang, "score_sheet.col_result"),
        t(lang, "score_sheet.col_check"),
    )


def player_columns(sheet: Sheet, lang: str) -> list[str]:
    """Each player's column heading: the name, or the name and seat when the name is already
    a heading (a player called "Deal" or "Sum" must not overwrite that column, nor two
    players differing only in case share one)."""
    taken = {heading.casefold() for heading in detail_columns(lang)}
    headings = []
    for seat, name in enumerate(sheet.players):
        heading = name
        seat_label = t(lang, "score_sheet.player_name", n=seat + 1)
        repeat = 0
        while heading.casefold() in taken:
            repeat += 1
            heading = f"{name} ({seat_label})" + (f" {repeat}" if repeat > 1 else "")
        taken.add(heading.casefold())
        headings.append(heading)
    return headings


def deals_table(sheet: Sheet, lang: str) -> pd.DataFrame:
    """One row per deal (details, each player's marks, their sum) and a row of totals."""
    deal_col, taker_col, contract_col, result_col, sum_col = detail_columns(lang)
    players = player_columns(sheet, lang)
    rows = []
    for number, deal in enumerate(sheet.scored(), start=1):
        e = deal.entry
        rows.append(
            {
                deal_col: str(number),
                taker_col: taker_text(sheet, e, lang),
                contract_col: contract_label(sheet.rules, e.contract.code, lang),
                result_col: result_text(deal, lang),
                **dict(zip(players, deal.marks, strict=True)),
                sum_col: f"{sum(deal.marks)} ✓",
            }
        )
    totals = sheet.totals()
    rows.append(
        {
            deal_col: t(lang, "score_sheet.total_row"),
            taker_col: "",
            contract_col: "",
            result_col: "",
            **dict(zip(players, totals, strict=True)),
            sum_col: f"{sum(totals)} ✓",
        }
    )
    return pd.DataFrame(rows)


def _show_deals(sheet: Sheet, lang: str, *, editable: bool = True) -> None:
    st.subheader(t(lang, "score_sheet.deals_heading"))
    if not sheet.entries:
        st.info(t(lang, "score_sheet.no_deals"))
        return
    st.dataframe(deals_table(sheet, lang), hide_index=True, width="stretch")
    for index, deal in enumerate(sheet.scored()):
        e = deal.entry
        title = t(
            lang,
            "score_sheet.deal_title",
            n=index + 1,
            taker=taker_text(sheet, e, lang, markdown=True),
            contract=contract_label(sheet.rules, e.contract.code, lang),
            result=result_text(deal, lang),
        )
        with st.expander(title):
            st.markdown(f"**{t(lang, 'score_sheet.calculation')}**")
            lines = score_lines(deal.score, lang, sheet.rules)
            st.markdown("\n".join(f"1. {line}" for line in lines))
            marks = " · ".join(
                f"{plain(name)} {signed(mark)}"
                for name, mark in zip(sheet.players, deal.marks, strict=True)
            )
            st.markdown(t(lang, "score_sheet.marks_line", marks=marks))
            if sum(deal.marks) == 0:
                st.caption(t(lang, "score_sheet.sums_to_zero"))
            if not editable:
                continue
            left, right, _ = st.columns([1, 1, 4])
            left.button(
                t(lang, "score_sheet.edit"),
                key=f"ss_edit_{index}",
                on_click=_start_edit,
                args=(index,),
            )
            right.button(
                t(lang, "score_sheet.delete"),
                key=f"ss_delete_{index}",
                on_click=_delete_row,
                args=(index,),
            )
    st.subheader(t(lang, "score_sheet.chart_heading"))
    # the headings of the table: a player called like the index ("Deal") must not clash
    chart = pd.DataFrame(list(sheet.running_totals()), columns=player_columns(sheet, lang))
    chart.index.name = t(lang, "score_sheet.col_deal")
    st.line_chart(chart, x_label=t(lang, "score_sheet.col_deal"),
                  color=list(PLAYER_COLOURS[: len(chart.columns)]))


def _file_name(name: str) -> str:
    slug = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()
    return f"{slug or 'score-sheet'}.csv"


def _show_game(sheet: Sheet, lang: str) -> None:
    name = st.session_state.get("ss_name", "")
    head, close = st.columns([3, 2], vertical_alignment="center")
    head.subheader(t(lang, "score_sheet.heading", name=plain(name)))
    close.button(t(lang, "score_sheet.close"), key="ss_close", on_click=_close, width="stretch")
    names = ", ".join(plain(player) for player in sheet.players)
    st.caption(t(lang, "score_sheet.players_line", n=sheet.size, names=names))
    show_rules(sheet.rules, lang)
    totals = sheet.totals()
    for column, player, total in zip(st.columns(sheet.size), sheet.players, totals, strict=True):
        column.metric(plain(player), signed(total))  # a metric's label is Markdown
    show_winners(sheet, lang)
    _entry_form(sheet, lang)
    _show_deals(sheet, lang)
    st.download_button(
        t(lang, "score_sheet.download"),
        data=sheet.to_csv(),
        file_name=_file_name(name),
        mime="text/csv",
        key="ss_download",
        icon=":material/download:",
    )
    _share(lang)
    with st.expander(t(lang, "score_sheet.delete_game")):
        st.button(
            t(lang, "score_sheet.confirm_delete", name=plain(name)),
            key="ss_delete_game",
            on_click=_delete_game,
        )


def _make_share_link() -> None:
    """on_click: the game's read-only token (made once; the same link every time)."""
    game_id = _game_id()
    try:
        st.session_state["ss_share"] = (game_id, store().share_token(game_id))
    except StoreError as error:
        st.session_state["ss_store_error"] = error


def share_link(token: str) -> str:
    """The score sheet page's address with ``?share=<token>`` (relative without a browser)."""
    try:
        page = str(st.context.url or "").split("?")[0]
    except AttributeError:
        page = ""
    return f"{page}?share={token}"


def _share(lang: str) -> None:
    shared = st.session_state.get("ss_share")
    token = shared[1] if isinstance(shared, tuple) and shared[0] == _game_id() else None
    with st.expander(t(lang, "sharing.heading"), icon=":material/share:",
                     expanded=token is not None):
        st.caption(t(lang, "sharing.explain"))
        if token is not None:
            st.code(share_link(token), language=None)
        else:
            st.button(t(lang, "sharing.make"), key="ss_share_make", on_click=_make_share_link)


def _show_shared(token: str, lang: str) -> None:
    """A game shared by its owner: read-only (no form, no edit or delete, no other games)."""
    try:
        saved = database().shared_game(token)
    except StoreError as error:
        st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")
        return
    if saved is None or saved.kind != KIND:
        st.warning(t(lang, "sharing.not_found"))
        return
    try:
        sheet = sheet_of(saved)
    except (ImpossiblePositionError, KeyError, ValueError, TypeError) as error:
        st.error(t(lang, "score_sheet.errors.bad_saved_game", text=plain(str(error))))
        return
    st.subheader(t(lang, "score_sheet.heading", name=plain(saved.name)))
    st.info(t(lang, "sharing.read_only"), icon=":material/visibility:")
    names = ", ".join(plain(player) for player in sheet.players)  # typed by the owner
    st.caption(t(lang, "score_sheet.players_line", n=sheet.size, names=names))
    show_rules(sheet.rules, lang)
    for column, player, total in zip(
        st.columns(sheet.size), sheet.players, sheet.totals(), strict=True
    ):
        column.metric(plain(player), signed(total))
    show_winners(sheet, lang)
    _show_deals(sheet, lang, editable=False)
    st.download_button(
        t(lang, "score_sheet.download"),
        data=sheet.to_csv(),
        file_name=_file_name(saved.name),
        mime="text/csv",
        key="ss_shared_download",
        icon=":material/download:",
    )


def _show_store_error(lang: str) -> None:
    """The store call of the last action that failed (the action's input is kept); a stale
    edit offers to reload the game as it is saved now."""
    error = st.session_state.pop("ss_store_error", None)
    if not isinstance(error, StoreError):
        return
    st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")
    if isinstance(error, StaleEditError) and current_sheet() is not None:
        st.button(t(lang, "store.reload"), key="ss_reload", on_click=_reload,
                  icon=":material/refresh:")


def _chooser(lang: str) -> None:
    left, right = st.columns(2)
    with left.container(border=True), reported(lang):
        st.markdown(f"**{t(lang, 'score_sheet.saved_games')}**")
        saved = store().games(KIND)  # a failed read is a warning here, not "no saved game"
        if not saved:
            st.caption(t(lang, "score_sheet.none_saved"))
        else:
            labels = {
                game.id: t(
                    lang,
                    "score_sheet.saved_label",
                    name=game.name,
                    n=game.rows,
                    date=f"{game.updated:%Y-%m-%d}",
                )
                for game in saved
            }
            st.selectbox(
                t(lang, "score_sheet.choose_game"),
                list(labels),
                key="ss_choose",
                format_func=labels.__getitem__,
            )
            st.button(t(lang, "score_sheet.open"), key="ss_open", on_click=_open_chosen)
    with right.container(border=True):
        st.markdown(f"**{t(lang, 'score_sheet.new_game')}**")
        st.text_input(
            t(lang, "score_sheet.game_name"),
            key="ssn_game",
            max_chars=GAME_NAME_CHARS,
            placeholder=t(lang, "score_sheet.default_name", date=date.today().isoformat()),
        )
        st.session_state.setdefault("ssn_count", 4)
        count = st.radio(
            t(lang, "score_sheet.players_count"), (3, 4, 5), key="ssn_count", horizontal=True
        )
        for i in range(count):
            st.text_input(
                t(lang, "score_sheet.player_name", n=i + 1),
                key=f"ssn_name_{i}",
                max_chars=NAME_CHARS,
            )
        st.session_state.setdefault("ssn_rules", FFT_2012.name)
        chosen = st.selectbox(
            t(lang, "variants.label"),
            list(PRESETS),
            key="ssn_rules",
            format_func=lambda name: rules_label(PRESETS[name], lang),
            help=t(lang, "variants.help"),
        )
        rules = PRESETS.get(str(chosen), FFT_2012)
        st.caption(rules_about(rules, lang))
        if count not in rules.players:  # said before Start, and Start refuses it too
            st.warning(
                t(
                    lang,
                    "variants.four_only",
                    name=rules_label(rules, lang),
                    allowed=" / ".join(map(str, rules.players)),
                )
            )
        st.button(
            t(lang, "score_sheet.start"),
            key="ss_start",
            type="primary",
            on_click=_start,
            args=(lang,),
        )
        error = st.session_state.get("ssn_error")
        if error:
            st.error(error_text(error, lang))


def render() -> None:
    lang = current_language()
    st.title(t(lang, "score_sheet.title"))
    st.caption(t(lang, "score_sheet.intro"))
    token = st.query_params.get("share")
    if token is not None:
        _show_shared(token, lang)
        return
    if "game" in st.query_params and "ss_sheet" not in st.session_state:
        wanted = query_int("game", 1, BIGINT, lang)
        if wanted is None:  # refused, and said so once: not asked again at every rerun
            st.query_params.pop("game", None)
        else:
            _open(wanted)  # checked against the learner by the store: another's is not found
    flash = st.session_state.pop("ss_flash", None)
    if flash:
        kind, key, values = flash
        getattr(st, kind)(t(lang, key, **values))
    _show_store_error(lang)
    sheet = current_sheet()
    if sheet is None:
        _chooser(lang)
        return
    if st.session_state.get("ss_id") is not None:
        st.query_params["game"] = str(st.session_state["ss_id"])
    _show_game(sheet, lang)
