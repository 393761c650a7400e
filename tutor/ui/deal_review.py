"""The review of a saved practice deal: the learner's bid and each card labelled by what the
learner could know (the evaluation graph of the expected score after each decision, a button
to jump to each mistake, the table of every decision, how the labels are given), then trick by
trick on the practice table (its review mode: back/forward, ← and → too) the card's verdict,
the verdict with all hands visible where the solver is exact (the better card and the line
after it) and the coach's rule-of-thumb remarks.

A review is computed once on the analysis workers (the page shows its progress and the coach's
remarks meanwhile) and stored with the label counts in the learner's store; every later visit
reads it back, and a review stored by an older version is computed again
(``tutor.ui.reviews``, which the practice page's end of deal and "My progress" share).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import streamlit as st

from tutor.engine import Rules, cards_of
from tutor.practice import DealRow, PracticeGame
from tutor.practice.deal import PracticeDeal
from tutor.practice.game import bots_of
from tutor.practice.page import KeptMistakes, PracticeState
from tutor.practice.retry import Choice, RetryPoint
from tutor.progress.store import LearnerStore
from tutor.review.deal import DealReview
from tutor.review.expected import Decision
from tutor.ui.card_svg import hand_svg_row
from tutor.ui.i18n import t
from tutor.ui.practice.saving import retry_query
from tutor.ui.practice.view import table_data
from tutor.ui.reviews import (
    LINE_CARD,
    VERDICT_ICON,
    added_count_said,
    bid_panel,
    choices_panel,
    counts_text,
    cutoffs_said,
    deal_review,
    decisions_table,
    evaluation_graph,
    hints_said,
    keep_own_mistakes,
    link_to_page,
    own_decisions_note,
    own_mistake_note,
    review_not_ready,
    review_panel,
    takebacks_said,
    tricks_of,
)
from tutor.ui.safe import BIGINT, query_int
from tutor.ui.session import (
    current_language,
    kept_state,
    reported,
    show_store_problems,
    store,
)
from tutor.ui.table import Action, table
from tutor.ui.words import contract_label, seat_name

KIND = "practice"
GAME_KEY = "review-game"
DEAL_KEY = "review-deal"
TABLE_KEY = "review-table"
STATE = "review-state"
BACK = "review-back"
FORWARD = "review-forward"
Shown = tuple[int, int]  # (game id, deal number): a deal of a saved game


@dataclass
class ReviewState:
    """What the page keeps between reruns (the game and the deal chosen are its widgets')."""

    from_url: tuple[int | None, int | None] | None = None  # the URL's last applied (game, deal)
    tricks: dict[Shown, int] = field(default_factory=dict)  # the trick shown, per deal
    opened: dict[Shown, Decision] = field(default_factory=dict)  # a decision jumped to
    # the deal's mistakes kept as the learner's own puzzles, once per deal in the session (a
    # rerun neither reads the store again nor says the count as new again)
    kept: dict[Shown, KeptMistakes] = field(default_factory=dict)

    def trick(self, deal: Shown) -> int:
        return self.tricks.get(deal, 0)


def page_state() -> ReviewState:
    return kept_state(STATE, ReviewState)


# --- the page -----------------------------------------------------------------------------
def _step(deal: Shown, by: int, last: int) -> None:
    state = page_state()
    state.tricks[deal] = min(max(state.trick(deal) + by, 0), last)


def _go(deal: Shown, trick: int) -> None:
    page_state().tricks[deal] = trick


def _open(deal: Shown, decision: Decision) -> None:
    page_state().opened[deal] = decision


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
    state = page_state()
    if wanted_game is not None and state.from_url != wanted:
        state.from_url = wanted
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
        game = PracticeGame.from_data(s.game(game_id).meta, game_id, elsewhere=True)
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
    review, not_ready = deal_review(s, game_id, game.players, row, game.rules)
    review_not_ready(not_ready, lang)  # the solver's review on the workers: its progress
    kept = KeptMistakes()
    with reported(lang):  # a failed write costs the note, never the review
        kept = kept_once(s, game_id, row, game, review)
    added_count_said(kept, lang)
    _deal_view(review, row, game, kept.items, lang)


def kept_once(s: LearnerStore, game_id: int, row: DealRow, game: PracticeGame,
              review: DealReview) -> KeptMistakes:
    """The deal's mistakes kept as the learner's own puzzles, the first time the session
    shows its solver's review; later reruns read what was kept then (and its count)."""
    shown = (game_id, row.number)
    state = page_state()
    if shown in state.kept:
        return state.kept[shown]
    kept = keep_own_mistakes(s, game_id, row, row.record(game.players, game.rules), review)
    if review.valued:  # the coach's review keeps nothing: kept once the solver's is in
        state.kept[shown] = kept
    return kept


def review_table_data(game: PracticeGame, row: DealRow, index: int, lang: str) -> dict[str, Any]:
    """The practice table's data in its review mode for trick ``index`` of a saved deal: the
    deal rebuilt from its moves on the table the learner played it on (its past counted as
    watched: nothing is animated), without the practice page's "close the review"."""
    deal = PracticeDeal.from_record(row.record(game.players, game.rules),
                                    bots=bots_of(game.level, game.players))
    shown = PracticeGame(game.players, row.seed, row.dealer, game.target, game.coach, [row],
                         deal, game.game_id, row.number, game.rules, game.level)
    state = PracticeState.resumed(shown)
    state.review = index
    data = table_data(state, lang)
    # the page has its own back and forward above the table: the table's would be a second
    # pair (its ← and → keys still step); nothing to close on a page of its own
    data["actions"] = [a for a in data["actions"] if a.get("id") not in TABLE_ONLY_ACTIONS]
    return data


TABLE_ONLY_ACTIONS = ("review:close", "review:back", "review:next")


def _on_table_action(deal: Shown, last: int, action: Action) -> None:
    """A step on the table (its ←/→ keys); anything else it may send is ignored."""
    if action.get("kind") == "review" and action.get("step") in (-1, 1):
        _step(deal, int(action["step"]), last)


def play_again_link(point: RetryPoint, lang: str) -> None:
    """The link that opens the practice table at ``point``: "Play again from here" for the
    learner's card of a trick or their call, écart or chelem announcement, "Play this deal
    again" from the start (the deal looked up again in the learner's own store there)."""
    from_start = point.trick is None and point.choice is None
    words = "game.retry.from_start" if from_start else "game.retry.from_here"
    link_to_page("practice", label=t(lang, words), icon=":material/replay:",
                 help=t(lang, "game.retry.help"), query_params={**retry_query(point), "lang": lang})


def _play_choice_again(game_id: int, deal: int, lang: str, decision: Decision) -> None:
    """"Play again from here" in a call's, an écart's or a chelem announcement's panel (a
    poignée is shown with the first card: its trick's link plays it again)."""
    if decision.value in {c.value for c in Choice}:
        play_again_link(RetryPoint(game_id, deal, choice=Choice(decision.value)), lang)


def _jump_list(review: DealReview, shown: Shown, lang: str) -> None:
    """One button per labelled decision: a call, écart, chelem or poignée opens its panel, a
    card goes straight to its trick (none while the review is the coach's alone)."""
    if not review.valued:
        return
    chosen = [c.expected for c in review.choices if c.expected.verdict is not None]
    marked = [c for c in review.cards if c.label is not None]
    if not marked and not chosen:
        st.caption(t(lang, "review.none_marked"))
        return
    st.markdown(f"**{t(lang, 'review.jump')}**")
    cells = st.columns(min(len(marked) + len(chosen), 6))
    for i, valued in enumerate(chosen):
        assert valued.verdict is not None
        cells[i % len(cells)].button(
            t(lang, "review.marked_choice",
              decision=t(lang, f"review.table.{valued.decision.value}"),
              verdict=t(lang, f"review.one.{valued.verdict.value}")),
            key=f"review-goto-{valued.decision.value}",
            on_click=_open, args=(shown, valued.decision),
            icon=VERDICT_ICON[valued.verdict],
        )
    for i, card in enumerate(marked, start=len(chosen)):
        assert card.label is not None
        cells[i % len(cells)].button(
            t(lang, "review.marked", n=card.trick + 1,
              verdict=t(lang, f"review.one.{card.label.value}")),
            key=f"review-goto-{card.trick}",
            on_click=_go, args=(shown, card.trick),
            icon=VERDICT_ICON[card.label],
        )


def _deal_view(review: DealReview, row: DealRow, game: PracticeGame,
               kept: AbstractSet[str], lang: str) -> None:
    views = tricks_of(game, row)
    if not views:
        st.caption(t(lang, "review.no_deals"))
        return
    if review.valued:  # the workers' review (the coach's alone counts nothing)
        st.caption(counts_text(review, lang))
    takebacks_said(row.takebacks, lang)
    hints_said(row.hints, lang)
    cutoffs_said(lang)
    shown = (game.game_id or 0, row.number)
    last = len(views) - 1
    if game.game_id is not None:
        play_again_link(RetryPoint(game.game_id, row.number), lang)
    bid_panel(review, row.record(game.players, game.rules), lang)
    again = None if game.game_id is None else partial(_play_choice_again, game.game_id,
                                                       row.number, lang)
    choices_panel(review, game.rules, lang, page_state().opened.get(shown), again)
    own_decisions_note(shown[0], row.number, kept, lang)
    evaluation_graph(review, lang)
    _jump_list(review, shown, lang)
    if review.valued:
        with st.expander(t(lang, "review.table.heading")):
            st.dataframe(decisions_table(review, game.rules, lang), hide_index=True)
    index = min(max(page_state().trick(shown), 0), last)
    back, where, forward = st.columns([1, 3, 1])
    back.button(t(lang, "review.back"), key=BACK, on_click=_step, args=(shown, -1, last),
                disabled=index == 0, icon=":material/chevron_left:", width="stretch")
    forward.button(t(lang, "review.forward"), key=FORWARD, on_click=_step,
                   args=(shown, 1, last), disabled=index == last,
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
              on_action=partial(_on_table_action, shown, last))
        with st.expander(t(lang, "review.hands", n=index + 1)):
            for seat in range(game.players):
                st.caption(seat_name(seat, game.players, lang))
                st.markdown(
                    hand_svg_row(cards_of(view.hands[seat]), width=LINE_CARD, lang=lang,
                                 selected={record.cards[record.seats.index(seat)]}),
                    unsafe_allow_html=True,
                )
    with right:
        if game.game_id is not None and view.legal is not None:  # the learner's card in it
            play_again_link(RetryPoint(game.game_id, row.number, index), lang)
        review_panel(review, index, lang)
        own_mistake_note(review, index, shown[0], row.number, kept, lang)


