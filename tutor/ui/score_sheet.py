"""The score sheet page: a real game's deals entered row by row, every mark from the engine.

The page keeps one state (``tutor.ui.score_sheet_state.ScoreSheetState``); the entry form is
``tutor.ui.score_sheet_form``, the deals table ``tutor.ui.sheet_table``. ``?game=<id>`` in the
URL reopens a saved game of this learner (another learner's is "not found"); ``?share=<token>``
shows a game its owner shared with the table, read-only. The rules (FFT 2012 or a variant of
``tutor.engine.variants.PRESETS``) are chosen when the game is created, kept in its meta and
used for every deal's score; a game saved before variants is FFT 2012.
"""

from __future__ import annotations

import re
from datetime import date

import pandas as pd
import streamlit as st

from tutor.engine import FFT_2012, PRESETS, ImpossiblePositionError, Rules
from tutor.inputs import GAME_NAME_CHARS, NAME_CHARS, plain
from tutor.progress.store import StaleEditError, StoreError
from tutor.scoresheet.sheet import Sheet
from tutor.ui.i18n import t
from tutor.ui.safe import BIGINT, query_int
from tutor.ui.score_sheet_form import (
    delete_key,
    delete_row,
    edit_key,
    entry_form,
    error_text,
    on_open_chosen,
    on_reload,
    on_start,
    open_with_form,
    start_edit,
)
from tutor.ui.score_sheet_state import (
    CHOOSE,
    KIND,
    NEW_COUNT,
    NEW_GAME,
    NEW_RULES,
    close_game,
    delete_game,
    make_share_link,
    new_name_key,
    page_state,
    sheet_of,
)
from tutor.ui.session import current_language, database, reported, store, store_problem_text
from tutor.ui.sheet_table import (
    COMPACT_CSS,
    compact_table_html,
    deals_table,
    player_columns,
    result_text,
    taker_text,
)
from tutor.ui.views import score_lines
from tutor.ui.words import contract_label, rules_about, rules_label, signed

# One line colour per player, told apart at up to 5 players (also with colour-blind eyes: the
# Okabe-Ito palette, its green swapped for the app's own).
PLAYER_COLOURS = ("#1f6f5c", "#d55e00", "#0072b2", "#e69f00", "#cc79a7")
CLOSE = "score-sheet-close"
DOWNLOAD = "score-sheet-download"
SHARE_MAKE = "score-sheet-share-make"
SHARED_DOWNLOAD = "score-sheet-shared-download"
DELETE_GAME = "score-sheet-delete-game"
RELOAD = "score-sheet-reload"
OPEN = "score-sheet-open"
START = "score-sheet-start"
# The deals drawn twice, one shown by the screen's width (Streamlit's own 640 px breakpoint,
# where columns stack): the full table, and a compact one that a phone shows whole.
WIDE = "score-sheet-deals-wide"
NARROW = "score-sheet-deals-narrow"
BY_WIDTH_CSS = f"""<style>
@media (min-width: 641px) {{ .st-key-{NARROW} {{ display: none !important; }} }}
@media (max-width: 640px) {{ .st-key-{WIDE} {{ display: none !important; }} }}
{COMPACT_CSS}</style>"""


def show_rules(rules: Rules, lang: str) -> None:
    """The rules a game is played by, in one line (FFT 2012 too: a sheet always says it)."""
    st.caption(
        t(lang, "variants.in_use", name=rules_label(rules, lang), about=rules_about(rules, lang)),
        help=t(lang, "variants.help"),
    )


def show_totals(sheet: Sheet) -> None:
    """Each player's total, side by side, wrapping only when the row is full: columns would
    stack them one per row on a phone."""
    row = st.container(horizontal=True, gap="medium")
    for player, total in zip(sheet.players, sheet.totals(), strict=True):
        row.metric(plain(player), signed(total), width="content")  # a label is Markdown


def show_winners(sheet: Sheet, lang: str) -> None:
    """The rules' target reached (online-first-to-100's first to 100): who won."""
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


def _show_deals(sheet: Sheet, lang: str, *, editable: bool = True) -> None:
    st.subheader(t(lang, "score_sheet.deals_heading"))
    if not sheet.entries:
        st.info(t(lang, "score_sheet.no_deals"))
        return
    st.html(BY_WIDTH_CSS)
    with st.container(key=WIDE):
        st.dataframe(deals_table(sheet, lang), hide_index=True, width="stretch")
    with st.container(key=NARROW):
        st.html(compact_table_html(sheet, lang))
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
                key=edit_key(index),
                on_click=start_edit,
                args=(index,),
            )
            right.button(
                t(lang, "score_sheet.delete"),
                key=delete_key(index),
                on_click=delete_row,
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
    name = page_state().name
    head, close = st.columns([3, 2], vertical_alignment="center")
    head.subheader(t(lang, "score_sheet.heading", name=plain(name)))
    close.button(t(lang, "score_sheet.close"), key=CLOSE, on_click=close_game, width="stretch")
    names = ", ".join(plain(player) for player in sheet.players)
    st.caption(t(lang, "score_sheet.players_line", n=sheet.size, names=names))
    show_rules(sheet.rules, lang)
    show_totals(sheet)
    show_winners(sheet, lang)
    entry_form(sheet, lang)
    _show_deals(sheet, lang)
    st.download_button(
        t(lang, "score_sheet.download"),
        data=sheet.to_csv(),
        file_name=_file_name(name),
        mime="text/csv",
        key=DOWNLOAD,
        icon=":material/download:",
    )
    _share(lang)
    with st.expander(t(lang, "score_sheet.delete_game")):
        st.button(
            t(lang, "score_sheet.confirm_delete", name=plain(name)),
            key=DELETE_GAME,
            on_click=delete_game,
        )


def share_link(token: str) -> str:
    """The score sheet page's address with ``?share=<token>`` (relative without a browser)."""
    try:
        page = str(st.context.url or "").split("?")[0]
    except AttributeError:
        page = ""
    return f"{page}?share={token}"


def _share(lang: str) -> None:
    state = page_state()
    shared = state.share
    token = shared[1] if shared is not None and shared[0] == (state.game_id or 0) else None
    with st.expander(t(lang, "sharing.heading"), icon=":material/share:",
                     expanded=token is not None):
        st.caption(t(lang, "sharing.explain"))
        if token is not None:
            st.code(share_link(token), language=None)
        else:
            st.button(t(lang, "sharing.make"), key=SHARE_MAKE, on_click=make_share_link)


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
    show_totals(sheet)
    show_winners(sheet, lang)
    _show_deals(sheet, lang, editable=False)
    st.download_button(
        t(lang, "score_sheet.download"),
        data=sheet.to_csv(),
        file_name=_file_name(saved.name),
        mime="text/csv",
        key=SHARED_DOWNLOAD,
        icon=":material/download:",
    )


def _show_store_error(lang: str) -> None:
    """The store call of the last action that failed (the action's input is kept); a stale
    edit offers to reload the game as it is saved now."""
    state = page_state()
    error, state.store_error = state.store_error, None
    if error is None:
        return
    st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")
    if isinstance(error, StaleEditError) and state.sheet is not None:
        st.button(t(lang, "store.reload"), key=RELOAD, on_click=on_reload,
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
                key=CHOOSE,
                format_func=labels.__getitem__,
            )
            st.button(t(lang, "score_sheet.open"), key=OPEN, on_click=on_open_chosen)
    with right.container(border=True):
        st.markdown(f"**{t(lang, 'score_sheet.new_game')}**")
        st.text_input(
            t(lang, "score_sheet.game_name"),
            key=NEW_GAME,
            max_chars=GAME_NAME_CHARS,
            placeholder=t(lang, "score_sheet.default_name", date=date.today().isoformat()),
        )
        st.session_state.setdefault(NEW_COUNT, 4)
        count = st.radio(
            t(lang, "score_sheet.players_count"), (3, 4, 5), key=NEW_COUNT, horizontal=True
        )
        for i in range(count):
            st.text_input(
                t(lang, "score_sheet.player_name", n=i + 1),
                key=new_name_key(i),
                max_chars=NAME_CHARS,
            )
        st.session_state.setdefault(NEW_RULES, FFT_2012.name)
        chosen = st.selectbox(
            t(lang, "variants.label"),
            list(PRESETS),
            key=NEW_RULES,
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
            key=START,
            type="primary",
            on_click=on_start,
            args=(lang,),
        )
        refused = page_state().start_refused
        if refused:
            st.error(error_text(refused, lang))


def render() -> None:
    lang = current_language()
    st.title(t(lang, "score_sheet.title"))
    st.caption(t(lang, "score_sheet.intro"))
    state = page_state()
    token = st.query_params.get("share")
    if token is not None:
        _show_shared(token, lang)
        return
    if "game" in st.query_params and state.sheet is None:
        wanted = query_int("game", 1, BIGINT, lang)
        if wanted is None:  # refused, and said so once: not asked again at every rerun
            st.query_params.pop("game", None)
        else:
            open_with_form(wanted)  # the store checks the learner: another's is not found
    flash, state.flash = state.flash, None
    if flash:
        kind, key, values = flash
        getattr(st, kind)(t(lang, key, **values))
    _show_store_error(lang)
    sheet = state.sheet
    if sheet is None:
        _chooser(lang)
        return
    if state.game_id is not None:
        st.query_params["game"] = str(state.game_id)
    _show_game(sheet, lang)
