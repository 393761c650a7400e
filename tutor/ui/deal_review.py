"""The review of a saved practice deal, trick by trick on the practice table (its review mode:
back/forward, ← and → too): the learner's card judged by the
open-card solver (every hand visible), the better card and the line after it; the coach's
rule-of-thumb remarks where the solver does not judge. And the learner's mistakes per reviewed
deal over time, for "My progress".

A review is computed once (a node budget per card keeps it near a second) and stored with the
verdict counts in the learner's store; every later visit reads it back.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from functools import lru_cache, partial
from typing import Any

import pandas as pd
import streamlit as st

from tutor.analysis.review import DealReview, Verdict, review_deal
from tutor.engine.cards import Card, card_name, cards_of
from tutor.engine.dealing import HAND_SIZE
from tutor.engine.variants import Rules
from tutor.practice import LEARNER, DealRow, PracticeGame, seat_key
from tutor.practice.deal import PracticeDeal
from tutor.practice.game import bots_of
from tutor.practice.page import PracticeState
from tutor.practice.replay import TrickView, replay
from tutor.progress.store import DealReviewSummary, LearnerStore
from tutor.ui.card_svg import card_svg, hand_svg_row
from tutor.ui.coach_text import remark_text
from tutor.ui.i18n import t
from tutor.ui.safe import BIGINT, query_int
from tutor.ui.score_sheet import contract_label
from tutor.ui.session import current_language, reported, show_store_problems, store
from tutor.ui.table import Action, table

KIND = "practice"
GAME_KEY = "review-game"
DEAL_KEY = "review-deal"
TABLE_KEY = "review-table"
FROM_URL = "review-from-url"  # the (game, deal) of the URL last applied to the choosers
CARD = 56
LINE_CARD = 40
_VERDICT_ICON = {
    Verdict.INACCURACY: ":material/help:",
    Verdict.MISTAKE: ":material/error:",
    Verdict.BLUNDER: ":material/dangerous:",
}


# inaccuracy, mistake, blunder: from a mild yellow to red, as the verdicts grow
_VERDICT_COLOUR = {
    Verdict.INACCURACY: "#e8b931",
    Verdict.MISTAKE: "#e07b24",
    Verdict.BLUNDER: "#c62828",
}


# --- words --------------------------------------------------------------------------------
def seat_name(seat: int, players: int, lang: str) -> str:
    return t(lang, f"game.seats.{seat_key(seat, players, LEARNER)}")


def counts_text(review: DealReview, lang: str) -> str:
    """'2 inaccuracies, 1 mistake, 0 blunders among 9 cards judged by the solver'."""
    return t(
        lang,
        "review.counts",
        inaccuracies=review.count(Verdict.INACCURACY),
        mistakes=review.count(Verdict.MISTAKE),
        blunders=review.count(Verdict.BLUNDER),
        judged=review.judged,
        cards=len(review.cards),
    )


# --- drawing ------------------------------------------------------------------------------
def _cell(seat: int, card: Card, players: int, lang: str, width: int, ring: bool) -> str:
    style = "box-shadow:0 0 0 3px #e0a800;border-radius:7px;" if ring else ""
    label = html.escape(seat_name(seat, players, lang))
    return (
        f'<div data-seat="{seat_key(seat, players, LEARNER)}" style="display:flex;'
        f'flex-direction:column;align-items:center;gap:3px"><div style="line-height:0;{style}">'
        f"{card_svg(card, width=width, lang=lang)}</div>"
        f'<div style="font-size:0.75rem;color:#44524d">{label}</div></div>'
    )


def cards_by_seat_html(
    plays: Iterable[tuple[int, Card]], players: int, lang: str, *, width: int = CARD,
    winner: int | None = None, css_class: str = "review-trick",
) -> str:
    """Cards in a row in the order played, each over its player's name; the winner's ringed."""
    cells = "".join(
        _cell(seat, card, players, lang, width, seat == winner) for seat, card in plays
    )
    return (
        f'<div class="{css_class}" style="display:flex;gap:8px;flex-wrap:wrap;'
        f'align-items:flex-start;margin-bottom:6px">{cells}</div>'
    )


def line_tricks(review: DealReview, trick_index: int, line: Sequence[tuple[int, Card]]) -> list[
    list[tuple[int, Card]]
]:
    """A line cut into tricks: the first is the rest of the trick the line starts in."""
    tricks_left = HAND_SIZE[review.players] - trick_index
    already = review.players * tricks_left - len(line)  # cards of that trick played before
    first = review.players - already
    out = [list(line[:first])]
    for start in range(first, len(line), review.players):
        out.append(list(line[start:start + review.players]))
    return [chunk for chunk in out if chunk]


def review_panel(review: DealReview, trick_index: int, lang: str) -> None:
    """What the review says of the learner's card in trick ``trick_index`` (0-based): the
    solver's verdict and the better card with the line after it, or, where the solver did not
    judge, the coach's remarks."""
    card = review.card_in(trick_index)
    remarks = review.remarks[trick_index] if trick_index < len(review.remarks) else ()
    if card is None:
        st.caption(t(lang, "review.no_card"))
        return
    st.markdown(f"**{t(lang, 'review.your_card')}**")
    st.markdown(hand_svg_row([card.card], width=CARD, lang=lang), unsafe_allow_html=True)
    if not card.judged:
        st.caption(t(lang, "review.not_judged"))
    elif card.forced:
        st.info(t(lang, "review.forced"), icon=":material/lock:")
    elif card.verdict is None:
        st.success(t(lang, "review.best"), icon=":material/check_circle:")
    else:
        text = t(
            lang,
            f"review.verdict.{card.verdict.value}",
            loss=card.loss,
            played=card.played,
            best=card.best,
        )
        shown = st.error if card.verdict is Verdict.BLUNDER else st.warning
        shown(text, icon=_VERDICT_ICON[card.verdict])
    if card.judged and card.played is not None:
        st.caption(t(lang, "review.values", played=card.played, best=card.best))
    if card.better:
        names = ", ".join(card_name(c, lang) for c in card.better)
        st.markdown(f"**{t(lang, 'review.better', cards=names)}**")
        st.markdown(
            hand_svg_row(card.better, width=CARD, lang=lang), unsafe_allow_html=True
        )
        st.markdown(f"**{t(lang, 'review.line')}**")
        for chunk in line_tricks(review, trick_index, card.line):
            st.markdown(
                cards_by_seat_html(chunk, review.players, lang, width=LINE_CARD,
                                   css_class="review-line"),
                unsafe_allow_html=True,
            )
    if remarks:
        st.markdown(f"**{t(lang, 'review.coach')}**")
        for remark in remarks:
            (st.success if remark.good else st.info)(remark_text(remark, lang, review.players))
    elif not card.judged:
        st.caption(t(lang, "review.no_remark"))


# --- computing once, keeping it -----------------------------------------------------------
@lru_cache(maxsize=64)
def tricks_of(
    players: int, seed: int, dealer: int, moves: tuple[str, ...], rules: Rules
) -> tuple[TrickView, ...]:
    """The deal's tricks with every hand and the coach's remarks (cheap; cached per server)."""
    return tuple(replay(players, seed, dealer, moves, LEARNER, rules))


def deal_review(
    s: LearnerStore, game_id: int, players: int, row: DealRow, rules: Rules
) -> DealReview:
    """The stored review of the deal, else computed now and stored."""
    views = tricks_of(players, row.seed, row.dealer, row.moves, rules)
    remarks = tuple(view.remarks for view in views)
    data = s.deal_review(game_id, row.number)
    if data is not None:
        try:
            return DealReview.from_data(data, remarks)
        except ValueError:
            pass  # written by another version: computed again below
    review = review_deal(players, row.seed, row.dealer, row.moves, LEARNER, rules)
    s.save_deal_review(
        game_id,
        row.number,
        judged=review.judged,
        inaccuracies=review.count(Verdict.INACCURACY),
        mistakes=review.count(Verdict.MISTAKE),
        blunders=review.count(Verdict.BLUNDER),
        data=review.to_data(),
    )
    return review


# --- the page -----------------------------------------------------------------------------
PAGE_PATH = "review"  # the page's URL path (app.py)


def review_query(game_id: int, deal: int) -> dict[str, str]:
    """The query parameters that open the review of deal ``deal`` (1-based) of a saved game:
    for a link or button after the deal (``st.page_link(..., query_params=...)``)."""
    return {"game": str(game_id), "deal": str(deal)}


def _step_key(game_id: int, number: int) -> str:
    return f"review-trick-{game_id}-{number}"


def _step(key: str, by: int, last: int) -> None:
    st.session_state[key] = min(max(st.session_state.get(key, 0) + by, 0), last)


def _go(key: str, trick: int) -> None:
    st.session_state[key] = trick


def _deal_label(row: DealRow, players: int, rules: Rules, lang: str) -> str:
    if row.taker is None or row.contract is None:
        return t(lang, "review.deal", n=row.number)
    outcome = t(lang, "review.made" if row.made else "review.lost")
    return t(
        lang,
        "review.deal_taken",
        n=row.number,
        seat=seat_name(row.taker, players, lang),
        contract=contract_label(rules, row.contract.code, lang),
        outcome=outcome,
    )


def _apply_url(lang: str, ids: list[int]) -> None:
    """?game= and ?deal= choose the game and deal (once per new URL value); a game that is not
    one of this learner's is refused with a message."""
    wanted_game = query_int("game", 1, BIGINT, lang)
    wanted_deal = query_int("deal", 1, 10_000, lang)
    if wanted_game is not None and wanted_game not in ids:
        st.warning(t(lang, "review.not_yours"), icon=":material/block:")
        wanted_game = None
    wanted = (wanted_game, wanted_deal)
    if wanted_game is not None and st.session_state.get(FROM_URL) != wanted:
        st.session_state[FROM_URL] = wanted
        st.session_state[GAME_KEY] = wanted_game
        if wanted_deal is not None:
            st.session_state[DEAL_KEY] = wanted_deal
    if st.session_state.get(GAME_KEY) not in ids:
        st.session_state.pop(GAME_KEY, None)


def render() -> None:
    lang = current_language()
    st.title(t(lang, "review.heading"))
    show_store_problems(lang)
    st.info(t(lang, "review.open_cards"), icon=":material/visibility:")
    with reported(lang):
        _body(lang)


def _body(lang: str) -> None:
    s = store()
    games = s.games(KIND)
    ids = [g.id for g in games]
    _apply_url(lang, ids)
    if not games:
        st.caption(t(lang, "review.no_games"))
        return
    # option labels and table cells are shown as text, never as markdown: no escaping
    names = {g.id: f"{g.name} · {g.updated.astimezone():%Y-%m-%d %H:%M}" for g in games}
    game_id = st.selectbox(
        t(lang, "review.game"), ids, format_func=names.__getitem__, key=GAME_KEY
    )
    try:
        game = PracticeGame.from_data(s.game(game_id).meta, game_id)
    except ValueError:
        st.warning(t(lang, "review.unreadable"), icon=":material/error:")
        return
    rows = [row for row in game.rows if row.redeal is None]
    if not rows:
        st.caption(t(lang, "review.no_deals"))
        return
    numbers = [row.number for row in rows]
    if st.session_state.get(DEAL_KEY) not in numbers:
        st.session_state[DEAL_KEY] = numbers[-1]
    by_number = {row.number: row for row in rows}
    number = st.selectbox(
        t(lang, "review.deal_choice"), numbers, key=DEAL_KEY,
        format_func=lambda n: _deal_label(by_number[n], game.players, game.rules, lang),
    )
    st.query_params["game"] = str(game_id)
    st.query_params["deal"] = str(number)
    row = by_number[number]
    with st.spinner(t(lang, "review.computing")):
        review = deal_review(s, game_id, game.players, row, game.rules)
    _deal_view(review, row, game, lang)


def review_table_data(game: PracticeGame, row: DealRow, index: int, lang: str) -> dict[str, Any]:
    """The practice table's data in its review mode for trick ``index`` of a saved deal: the
    deal rebuilt from its moves on the table the learner played it on (its past counted as
    watched: nothing is animated), without the practice page's "close the review"."""
    # imported here: the practice page's package imports this module (its ending links here)
    from tutor.ui.practice.view import table_data

    deal = PracticeDeal(game.players, row.seed, row.dealer, moves=row.moves, rules=game.rules,
                        bots=bots_of(game.level, game.players))
    shown = PracticeGame(game.players, row.seed, row.dealer, game.target, game.coach, [row],
                         deal, game.game_id, row.number, game.rules, game.level)
    state = PracticeState.resumed(shown)
    state.review = index
    data = table_data(state, lang)
    data["actions"] = [a for a in data["actions"] if a.get("id") != "review:close"]
    return data


def _on_table_action(key: str, last: int, action: Action) -> None:
    """A step on the table (its ←/→ buttons and keys); anything else it may send is ignored."""
    if action.get("kind") == "review" and action.get("step") in (-1, 1):
        _step(key, int(action["step"]), last)
    elif action.get("kind") == "action" and action.get("id") in ("review:back", "review:next"):
        _step(key, -1 if action["id"] == "review:back" else 1, last)


def takebacks_said(takebacks: int, lang: str) -> None:
    """A deal played with take-backs says so (its review is of the moves kept)."""
    if takebacks:
        st.caption(t(lang, "review.takebacks", n=takebacks))


def _deal_view(review: DealReview, row: DealRow, game: PracticeGame, lang: str) -> None:
    views = tricks_of(game.players, row.seed, row.dealer, row.moves, game.rules)
    if not views:
        st.caption(t(lang, "review.no_deals"))
        return
    st.caption(counts_text(review, lang))
    takebacks_said(row.takebacks, lang)
    key = _step_key(game.game_id or 0, row.number)
    last = len(views) - 1
    marked = [c for c in review.cards if c.verdict is not None]
    if marked:  # one button per marked card: straight to its trick
        cells = st.columns(min(len(marked), 6))
        for i, card in enumerate(marked):
            assert card.verdict is not None
            cells[i % len(cells)].button(
                t(lang, "review.marked", n=card.trick + 1,
                  verdict=t(lang, f"review.one.{card.verdict.value}")),
                key=f"review-goto-{card.trick}",
                on_click=_go, args=(key, card.trick),
                icon=_VERDICT_ICON[card.verdict],
            )
    index = min(max(int(st.session_state.get(key, 0)), 0), last)
    back, where, forward = st.columns([1, 3, 1])
    back.button(t(lang, "review.back"), key="review-back", on_click=_step, args=(key, -1, last),
                disabled=index == 0, icon=":material/chevron_left:", width="stretch")
    forward.button(t(lang, "review.forward"), key="review-forward", on_click=_step,
                   args=(key, 1, last), disabled=index == last,
                   icon=":material/chevron_right:", width="stretch")
    view = views[index]
    record = view.record
    where.markdown(
        f"**{t(lang, 'review.trick', n=index + 1, of=len(views))}** — "
        + t(lang, "review.winner", seat=seat_name(record.winner, game.players, lang))
    )
    left, right = st.columns([3, 2])
    with left:
        table(review_table_data(game, row, index, lang), key=TABLE_KEY,
              on_action=partial(_on_table_action, key, last))
        with st.expander(t(lang, "review.hands", n=index + 1)):
            for seat in range(game.players):
                st.caption(seat_name(seat, game.players, lang))
                st.markdown(
                    hand_svg_row(cards_of(view.hands[seat]), width=LINE_CARD, lang=lang,
                                 selected={record.cards[record.seats.index(seat)]}),
                    unsafe_allow_html=True,
                )
    with right:
        review_panel(review, index, lang)


# --- "My progress": mistakes per reviewed deal over time -----------------------------------
def mistakes_table(summaries: Sequence[DealReviewSummary], lang: str) -> pd.DataFrame:
    """One line per reviewed deal, the earliest first."""
    return pd.DataFrame({
        t(lang, "review.progress.when"): [
            f"{s.reviewed.astimezone():%Y-%m-%d %H:%M}" for s in summaries
        ],
        t(lang, "review.progress.deal"): [
            t(lang, "review.progress.deal_of", n=s.deal, game=s.game_name)
            for s in summaries
        ],
        t(lang, "review.name.inaccuracy"): [s.inaccuracies for s in summaries],
        t(lang, "review.name.mistake"): [s.mistakes for s in summaries],
        t(lang, "review.name.blunder"): [s.blunders for s in summaries],
        t(lang, "review.progress.judged"): [s.judged for s in summaries],
    })


def mistakes_over_time(lang: str) -> None:
    """The learner's inaccuracies, mistakes and blunders per reviewed deal, as a chart and a
    table (a failed read is a warning in its place)."""
    st.subheader(t(lang, "review.progress.heading"))
    summaries = store().deal_reviews()
    if not summaries:
        st.caption(t(lang, "review.progress.empty"))
        return
    table = mistakes_table(summaries, lang)
    verdicts = [t(lang, f"review.name.{v.value}") for v in Verdict]
    chart = table[verdicts].copy()
    chart.index = pd.RangeIndex(1, len(table) + 1, name=t(lang, "review.progress.order"))
    st.bar_chart(chart, y=verdicts, x_label=t(lang, "review.progress.order"),
                 y_label=t(lang, "review.progress.count"), stack=True,
                 color=[_VERDICT_COLOUR[v] for v in Verdict])
    st.dataframe(table, hide_index=True)
