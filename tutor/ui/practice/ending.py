"""After the deal: the result, the two piles counted card by card, the worked score, the
review of the deal trick by trick (on the table, with a place for the analysis of the trick
shown), the redeal, and the game's score sheet."""

from __future__ import annotations

from contextlib import suppress

import pandas as pd
import streamlit as st
from streamlit.errors import StreamlitPageNotFoundError

from tutor.engine import TOTAL_HALF_POINTS, ImpossiblePositionError, cards_of, display_order
from tutor.practice import LEARNER, DealRow
from tutor.practice.page import KeptMistakes, PracticeState
from tutor.practice.replay import replay
from tutor.practice.retry import RetryPoint
from tutor.practice.sheet import game_sheet
from tutor.progress.store import StoreError
from tutor.review.deal import DealReview
from tutor.scorequiz.mistakes import count_breakdown
from tutor.ui import coach_text
from tutor.ui.card_svg import hand_svg_row
from tutor.ui.i18n import t
from tutor.ui.practice.background import known_for_review
from tutor.ui.practice.saving import on_play_again
from tutor.ui.practice.words import (
    contract_name,
    points_text,
    result_line,
    seat_name,
)
from tutor.ui.reviews import (
    Reviewed,
    added_count_said,
    deal_review,
    hints_said,
    keep_own_mistakes,
    own_mistake_note,
    review_not_ready,
    review_panel,
    review_query,
    solver_review,
    takebacks_said,
)
from tutor.ui.session import reported, store
from tutor.ui.sheet_table import deals_table
from tutor.ui.views import score_lines

REVIEW_PAGE = "tutor/ui/pages/review.py"


def finished_row(state: PracticeState) -> DealRow | None:
    """The score-sheet row of the deal just finished (None before it is recorded)."""
    game = state.game
    if game.rows and game.rows[-1].number == game.number and game.rows[-1].redeal is None:
        return game.rows[-1]
    return None


def analysed(state: PracticeState, row: DealRow) -> Reviewed:
    """The solver's review of the finished deal, from the analysis workers: kept in the page
    state for the steps through the tricks once in; read from (or written to, once in) the
    learner's store as the review page does when the game is saved, kept in the page alone
    when it is not. Meanwhile, the coach's review and what is not ready."""
    decision = state.decision
    if state.analysed is not None and state.analysed[0] == decision:
        return state.analysed[1], None
    game = state.game
    found: Reviewed | None = None
    known = known_for_review(state)  # the decisions valued during the deal
    if game.game_id is not None:
        with suppress(StoreError):  # an unreachable store: asked for, not stored
            found = deal_review(store(), game.game_id, game.players, row, game.rules, known)
    if found is None:
        record = row.record(game.players, game.rules)
        found = solver_review(record, tuple(view.remarks for view in replay(record, LEARNER)),
                              known)
    if found[1] is None:
        state.analysed = (decision, found[0])
    return found


def kept(state: PracticeState, row: DealRow, review: DealReview, lang: str) -> KeptMistakes:
    """The finished deal's mistakes and blunders kept as the learner's own puzzles, as the
    review page keeps them: once the game is saved and the solver's review is in, once per
    deal (a rerun reads what was kept then, and its count is not said as new by a later
    visit). A failed write is said and costs the notes, never the review."""
    decision = state.decision
    if state.kept is not None and state.kept[0] == decision:
        return state.kept[1]
    game = state.game
    if game.game_id is None or not review.valued:
        return KeptMistakes()
    found = KeptMistakes()
    with reported(lang):
        found = keep_own_mistakes(store(), game.game_id, row,
                                  row.record(game.players, game.rules), review)
        state.kept = (decision, found)
    return found


def trick_panel(state: PracticeState, index: int, lang: str) -> None:
    """What is said about trick ``index`` in the review: the solver's judgement of the
    learner's card (with all hands visible, and said so), the better card and its line, and
    the coach's remarks where the solver does not judge; then the link to the review page."""
    row = finished_row(state)
    if row is None:  # not recorded yet: the coach's remarks alone
        remarks = state.game.deal.remarks_for(index)
        if not remarks:
            st.caption(t(lang, "game.replay.no_remark"))
        for remark in remarks:
            text = coach_text.remark_text(remark, lang, state.game.players)
            (st.success if remark.good else st.warning)(text)
        return
    st.info(t(lang, "review.open_cards"), icon=":material/visibility:")
    review, not_ready = analysed(state, row)
    review_not_ready(not_ready, lang)
    mistakes = kept(state, row, review, lang)
    added_count_said(mistakes, lang)
    review_panel(review, index, lang)
    if state.game.game_id is not None:
        own_mistake_note(review, index, state.game.game_id, row.number, mistakes.items, lang)
    _play_again(state, row, index, lang)
    _review_link(state, row, lang)


def _play_again(state: PracticeState, row: DealRow, trick: int | None, lang: str) -> None:
    """"Play again from here" (the learner's card of ``trick``) or "Play this deal again"
    (``trick`` None): for a deal of a saved game (a deal played again is not saved, and is not
    offered again from its own end)."""
    game_id = state.game.game_id
    if game_id is None or state.retry is not None:
        return
    words = "game.retry.from_start" if trick is None else "game.retry.from_here"
    st.button(t(lang, words), key=f"practice-retry-{'start' if trick is None else trick}",
              on_click=on_play_again, args=(RetryPoint(game_id, row.number, trick),),
              help=t(lang, "game.retry.help"), icon=":material/replay:")


def _review_link(state: PracticeState, row: DealRow, lang: str) -> None:
    """The link to the deal's full review page (once the game is saved: the page reads it)."""
    game_id = state.game.game_id
    if game_id is None:
        return
    # the page run on its own, outside the app's navigation (AppTest of the page), has no
    # review page to link to
    with suppress(StreamlitPageNotFoundError):
        st.page_link(REVIEW_PAGE, label=t(lang, "game.review.full"),
                     icon=":material/analytics:",
                     query_params={**review_query(game_id, row.number), "lang": lang})


def _pile(label: str, pile: int, lang: str) -> None:
    """A pile drawn as cards, then counted kind by kind."""
    cards = display_order(cards_of(pile))
    st.markdown(f"**{label}** · {t(lang, 'game.result.pile_cards', n=len(cards))}")
    st.markdown(hand_svg_row(cards, width=38, lang=lang), unsafe_allow_html=True)
    parts = [
        t(lang, "score_quiz.breakdown_line", n=n,
          kind=t(lang, f"score_quiz.count_kinds.{kind}"), points=points_text(half, lang))
        for kind, n, half in count_breakdown(pile)
        if n
    ]
    st.caption(" + ".join(parts))


def finished(state: PracticeState, lang: str) -> None:
    game = state.game
    deal = game.deal.deal
    if state.review is not None:
        trick_panel(state, state.review, lang)
        return
    result = game.deal.result()
    assert result is not None and deal.taker is not None and deal.contract is not None
    players = deal.players
    score = result.score
    line = result_line(deal, lang)
    st.subheader(t(lang, "game.result.heading"))
    (st.success if score.made else st.error)(line)
    takebacks_said(game.deal.takebacks, lang)
    hints_said(game.deal.hints, lang)
    row = finished_row(state)
    if row is not None:  # the review, computed as soon as the deal is over: its progress
        review, not_ready = analysed(state, row)
        review_not_ready(not_ready, lang)
        added_count_said(kept(state, row, review, lang), lang)
    piles, worked = st.columns([3, 2], gap="medium")
    with piles:
        _pile(t(lang, "game.result.attack_pile",
                points=points_text(result.attack_half_points, lang)), result.attack_pile, lang)
        defence = TOTAL_HALF_POINTS - result.attack_half_points
        _pile(t(lang, "game.result.defence_pile", points=points_text(defence, lang)),
              result.defence_pile, lang)
    with worked:
        st.markdown(t(lang, "game.result.count", points=points_text(result.attack_half_points,
                                                                    lang),
                      oudlers=result.oudlers, needed=deal.rules.needed(result.oudlers)))
        st.markdown(f"**{t(lang, 'game.result.worked')}**")
        st.markdown("\n".join(f"1. {line}" for line in score_lines(score, lang, deal.rules)))
        st.markdown(f"**{t(lang, 'game.result.marks')}**")
        st.markdown(" · ".join(
            f"{seat_name(seat, players, lang)} {mark:+d}" for seat, mark in enumerate(result.marks)
        ))
        if row is not None:
            _play_again(state, row, None, lang)
            _review_link(state, row, lang)
        if state.retry is not None:
            st.caption(t(lang, "game.retry.next"))
    _game_over(state, lang)


def redeal(state: PracticeState, lang: str) -> None:
    current = state.game.deal
    seat = current.petit_sec_seat()
    if seat is None:
        st.info(t(lang, "game.redeal.all_passed"), icon=":material/replay:")
    elif seat == LEARNER:
        st.warning(t(lang, "game.redeal.petit_sec_you"), icon=":material/replay:")
    else:
        st.warning(t(lang, "game.redeal.petit_sec", seat=seat_name(seat, state.game.players,
                                                                   lang)),
                   icon=":material/replay:")
        st.markdown(hand_svg_row(display_order(cards_of(current.deal.hands[seat])), width=40,
                                 lang=lang), unsafe_allow_html=True)
    _game_over(state, lang)


def _game_over(state: PracticeState, lang: str) -> None:
    game = state.game
    if not game.over:
        return
    st.subheader(t(lang, "game.over.heading"))
    if LEARNER in game.leaders:
        st.balloons()
        st.success(t(lang, "game.over.you_won"))
    seats = ", ".join(seat_name(s, game.players, lang) for s in game.leaders)
    st.info(t(lang, "game.over.winner", seats=seats, target=game.target))


def score_sheet(state: PracticeState, lang: str) -> None:
    game = state.game
    with st.expander(t(lang, "game.sheet.heading"), expanded=game.deal.finished):
        if not game.rows:
            st.caption(t(lang, "game.sheet.empty"))
            return
        columns = st.columns(game.players)
        for seat, (column, total) in enumerate(zip(columns, game.totals, strict=True)):
            column.metric(seat_name(seat, game.players, lang), f"{total:+d}")
        redeals = [row.number for row in game.rows if row.redeal is not None]
        if redeals:
            st.caption(t(lang, "game.sheet.redeals", n=len(redeals)))
        if len(redeals) < len(game.rows):
            st.dataframe(_sheet_table(state, lang), hide_index=True, width="stretch")


def _sheet_table(state: PracticeState, lang: str) -> pd.DataFrame:
    """The score-sheet page's table of the game; where that sheet cannot take a deal (at 4
    players its entries have whole points, while an Excuse that changed camp leaves a half
    point), the game's own rows, scored by the engine."""
    game = state.game
    names = [seat_name(s, game.players, lang) for s in range(game.players)]
    try:
        return deals_table(game_sheet(game, names), lang)
    except ImpossiblePositionError:
        pass
    rows = []
    for row in game.rows:
        if row.redeal is not None:
            continue
        rows.append({
            t(lang, "game.sheet.deal"): str(row.number),
            t(lang, "game.sheet.taker"): seat_name(row.taker, game.players, lang)
            if row.taker is not None else "",
            t(lang, "game.sheet.contract"): contract_name(row.contract, lang, game.rules),
            t(lang, "game.sheet.outcome"): t(lang, "game.sheet.made" if row.made
                                             else "game.sheet.lost"),
            **dict(zip(names, row.marks, strict=True)),
        })
    rows.append({t(lang, "game.sheet.deal"): t(lang, "game.sheet.total"),
                 **dict(zip(names, game.totals, strict=True))})
    return pd.DataFrame(rows)


__all__ = ["finished", "redeal", "score_sheet", "trick_panel"]


