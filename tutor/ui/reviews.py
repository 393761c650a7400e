"""A saved practice deal's review, shared by the review page and the practice page's end of
deal: computed once on the analysis workers and kept in the learner's store (``deal_review``),
what it says of one trick (``review_panel``: the card by what the learner could know, then with
all hands visible), of the bid (``bid_panel``), of the call, écart, chelem and poignée
(``choices_panel``), the evaluation graph and the table of every
decision, how the labels are given, the link that opens it, and the learner's mistakes per
reviewed deal over time for "My progress". A module of its own: pages do not import pages.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from contextlib import suppress
from dataclasses import dataclass
from functools import partial
from typing import Any

import pandas as pd
import streamlit as st
from streamlit.errors import StreamlitPageNotFoundError

from tutor.bots import hand_count
from tutor.engine import (
    EXCUSE,
    HAND_SIZE,
    AnnounceChelem,
    Call,
    Card,
    DealRecord,
    Discard,
    Rules,
    ShowPoignee,
    card_name,
    parse_action,
    suit_of,
)
from tutor.practice import LEARNER, DealRow, seat_key
from tutor.practice.coach import Remark
from tutor.practice.game import PracticeGame
from tutor.practice.page import KeptMistakes
from tutor.practice.replay import TrickView, replay
from tutor.progress.review import new_card
from tutor.progress.store import DealReviewSummary, LearnerStore, OwnPuzzle
from tutor.review.card_why import CardReason, given
from tutor.review.choices import ChoiceReview
from tutor.review.deal import CardReview, DealReview, Verdict, coach_only
from tutor.review.expected import (
    CUTOFFS,
    Decision,
    Expectation,
    Option,
    PlayedOn,
    bid_contract,
    count_bid,
    learner_bid,
    more_samples,
    option_cards,
)
from tutor.review.mistakes import decision_item, item_of, own_puzzles_of_review
from tutor.service import Job, Outcome, Progress, State, review_samples
from tutor.service import review as review_job
from tutor.ui.analysis import ask, wait
from tutor.ui.card_svg import card_svg, hand_svg_row
from tutor.ui.coach_text import points_text, remark_text
from tutor.ui.i18n import t
from tutor.ui.registry import page
from tutor.ui.session import store
from tutor.ui.words import MINUS, contract_label, seat_name

CARD = 56
LINE_CARD = 40
VERDICT_ICON = {
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
def counts_text(review: DealReview, lang: str) -> str:
    """'Inaccuracies: 2 · mistakes: 1 · blunders: 0 — your bid and your 18 cards valued …'."""
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


def _line_said(review: DealReview, trick_index: int, line: Sequence[tuple[int, Card]],
               lang: str, css_class: str) -> None:
    """A line of cards from trick ``trick_index`` on, trick by trick, each over its player."""
    for chunk in line_tricks(review, trick_index, line):
        st.markdown(cards_by_seat_html(chunk, review.players, lang, width=LINE_CARD,
                                       css_class=css_class), unsafe_allow_html=True)


def points(value: float) -> str:
    """A score or a loss in points of the deal's score, as the page writes it (one decimal:
    an average over deals; a negative one with the typographic minus, as the lessons write)."""
    return f"{value:.1f}".replace("-", MINUS)


def deal_score(value: int) -> str:
    """A deal's score for the learner's side in a sentence: '45', '−32'."""
    return str(value).replace("-", MINUS)


def cards_text(cards: Sequence[Card], lang: str) -> str:
    return ", ".join(card_name(c, lang) for c in cards)


def review_panel(review: DealReview, trick_index: int, lang: str) -> None:
    """What the review says of the learner's card in trick ``trick_index`` (0-based): its
    label by what the learner could know, the verdict with all hands visible where the solver
    judged it (the better card and the line after it), and the coach's remarks."""
    card = review.card_in(trick_index)
    remarks = review.remarks[trick_index] if trick_index < len(review.remarks) else ()
    if card is None:
        st.caption(t(lang, "review.no_card"))
        return
    st.markdown(f"**{t(lang, 'review.your_card')}**")
    st.markdown(hand_svg_row([card.card], width=CARD, lang=lang), unsafe_allow_html=True)
    if card.expected is not None:
        _by_what_you_knew(card.expected, lang)
        if card.why is not None:
            st.markdown(card_why_text(card.why, review.players, lang))
        _show_how(review, card, trick_index, lang)
    _could_i_have_made_it(review, card, trick_index, lang)
    _with_all_hands_visible(review, card, trick_index, lang, coached=bool(remarks))
    if remarks:
        st.markdown(f"**{t(lang, 'review.coach')}**")
        for remark in remarks:
            (st.success if remark.good else st.info)(remark_text(remark, lang, review.players))


def _shown_verdict(verdict: Verdict, text: str) -> None:
    (st.error if verdict is Verdict.BLUNDER else st.warning)(text, icon=VERDICT_ICON[verdict])


def _by_what_you_knew(expected: Expectation, lang: str) -> None:
    st.markdown(f"**{t(lang, 'review.expected.heading')}**")
    best = cards_text(option_cards(expected.best), lang)
    if expected.forced:
        st.info(t(lang, "review.forced"), icon=":material/lock:")
    elif expected.verdict is not None:
        _shown_verdict(expected.verdict, t(
            lang, f"review.expected.verdict.{expected.verdict.value}",
            loss=points(expected.loss), best=best, samples=expected.samples))
    elif expected.chosen != 0:
        st.success(t(lang, "review.expected.close", best=best, gap=points(expected.gap)),
                   icon=":material/check_circle:")
    else:
        st.success(t(lang, "review.expected.best"), icon=":material/check_circle:")
    st.caption(t(lang, "review.expected.values", played=points(expected.played.mean),
                 best=points(expected.best.mean), best_card=best))


def _show_how(review: DealReview, card: CardReview, trick_index: int, lang: str) -> None:
    """A labelled card: the rest of the deal played from the better card, the computer
    players answering (and playing the learner's later cards), and where it ends."""
    if card.how is None or card.expected is None:
        return
    best = cards_text(option_cards(card.expected.best)[:1], lang)
    with st.expander(t(lang, "review.how.heading", best=best), icon=":material/play_circle:"):
        st.caption(t(lang, "review.how.note"))
        _line_said(review, trick_index, card.how.line, lang, "review-how")
        if review.final is not None:
            st.markdown(t(lang, "review.how.score", score=deal_score(card.how.score),
                          final=deal_score(review.final)))


def _could_i_have_made_it(review: DealReview, card: CardReview, trick_index: int,
                          lang: str) -> None:
    """A card the solver judged: whether best play by everyone from it, every hand visible,
    makes the contract (for the learner's side: made, or defeated), and that line."""
    if card.could is None:
        return
    won = card.could.made == card.attack  # the learner's side wins the deal on that line
    answer = f"review.could.{'attack' if card.attack else 'defence'}_{'yes' if won else 'no'}"
    with st.expander(t(lang, "review.could.heading"), icon=":material/visibility:"):
        st.caption(t(lang, "review.could.note"))
        if review.final is not None:
            st.markdown(t(lang, answer, score=deal_score(card.could.score),
                          final=deal_score(review.final)))
        _line_said(review, trick_index, card.could.line, lang, "review-could")


def _with_all_hands_visible(review: DealReview, card: CardReview, trick_index: int,
                            lang: str, *, coached: bool) -> None:
    st.markdown(f"**{t(lang, 'review.open.heading')}**")
    if not card.judged:
        # one sentence: the coach's remarks below, or that there is none on this trick
        st.caption(t(lang, "review.not_judged" if coached else "review.not_judged_no_remark"))
        return
    if card.forced:
        st.caption(t(lang, "review.forced"))
    elif card.verdict is None:
        st.caption(t(lang, "review.best"))
    else:
        _shown_verdict(card.verdict, t(lang, f"review.open.verdict.{card.verdict.value}",
                                       loss=card.loss))
    st.caption(t(lang, "review.values", played=card.played, best=card.best))
    if card.better:
        st.markdown(f"**{t(lang, 'review.better', cards=cards_text(card.better, lang))}**")
        st.markdown(
            hand_svg_row(card.better, width=CARD, lang=lang), unsafe_allow_html=True
        )
        st.markdown(f"**{t(lang, 'review.line')}**")
        _line_said(review, trick_index, card.line, lang, "review-line")


def _played_on(review: DealReview, how: PlayedOn | None, best: str, rules: Rules,
               lang: str) -> None:
    """A labelled bid, call, écart, chelem announcement or poignée: the deal played on from
    the best choice, the computer players making every later decision, the learner's too:
    who took, the cards, and where it ends."""
    if how is None:
        return
    with st.expander(t(lang, "review.how.heading", best=best), icon=":material/play_circle:"):
        st.caption(t(lang, "review.played_on.note"))
        final = None if review.final is None else deal_score(review.final)
        if how.taker is None or how.contract is None or how.score is None:
            st.markdown(t(lang, "review.played_on.void", final=final or "—"))
            return
        st.markdown(t(lang, "review.played_on.taker",
                      seat=seat_name(how.taker, review.players, lang),
                      contract=contract_label(rules, how.contract.code, lang)))
        _line_said(review, 0, how.line, lang, "review-how")
        if final is not None:
            st.markdown(t(lang, "review.how.score", score=deal_score(how.score), final=final))


# --- the bid, the graph, every decision, the cut-offs ---------------------------------------
def bid_name(option: Option, rules: Rules, lang: str) -> str:
    contract = bid_contract(option)
    return contract_label(rules, "pass" if contract is None else contract.code, lang)


def bid_panel(review: DealReview, record: DealRecord, lang: str) -> None:
    """The learner's bid: what they said, their hand's point count and the bid it gives, the
    bid's label against the other bids, and every bid's expected score."""
    bid = review.bid
    found = learner_bid(record, review.learner)
    if bid is None or found is None:
        return
    before, _said = found
    rules = record.rules
    st.markdown(f"**{t(lang, 'review.bid.heading')}**")
    counted = count_bid(before, review.learner)
    st.caption(" ".join((
        t(lang, "review.bid.said", bid=bid_name(bid.played, rules, lang)),
        t(lang, "review.bid.count", count=hand_count(before.hands[review.learner],
                                                     record.players).total,
          by_count=contract_label(rules, "pass" if counted is None else counted.code, lang)),
    )))
    best = bid_name(bid.best, rules, lang)
    if bid.verdict is not None:
        _shown_verdict(bid.verdict, t(lang, f"review.bid.verdict.{bid.verdict.value}",
                                      loss=points(bid.loss), best=best, samples=bid.samples))
    elif bid_contract(bid.played) == counted:
        st.info(t(lang, "review.bid.by_count"), icon=":material/calculate:")
    else:
        st.success(t(lang, "review.bid.best"), icon=":material/check_circle:")
    _played_on(review, review.bid_how, best, rules, lang)
    st.dataframe(pd.DataFrame({
        t(lang, "review.bid.option"): [bid_name(o, rules, lang) for o in bid.options],
        t(lang, "review.bid.expected"): [round(o.mean, 1) for o in bid.options],
    }), hide_index=True)


# --- the call, the écart, the chelem, the poignée -------------------------------------------
def choice_name(option: Option, lang: str) -> str:
    """What an option of a call, an écart, a chelem announcement or a poignée says."""
    actions = [parse_action(m) for m in option.moves]
    first = actions[0]
    if type(first) is Call:
        return card_name(first.card, lang)
    if type(first) is Discard:
        return cards_text([a.card for a in actions if type(a) is Discard], lang)
    if type(first) is AnnounceChelem:
        return t(lang, "review.choice.chelem_yes" if first.announce else "review.choice.chelem_no")
    if type(first) is ShowPoignee:
        return t(lang, "review.choice.poignee_shown", n=first.cards.bit_count())
    return t(lang, "review.choice.poignee_none")  # the first card alone: nothing shown


def card_why_text(reason: CardReason, players: int, lang: str) -> str:
    """The one sentence that says why a labelled card lost to the better one."""
    who = "" if reason.seat is None else t(
        lang, f"game.who.{seat_key(reason.seat, players, LEARNER)}")
    suit = "" if reason.played == EXCUSE else t(lang, f"suits.{int(suit_of(reason.played))}")
    return t(lang, f"review.why_card.{reason.why.value}",
             played=card_name(reason.played, lang), better=card_name(reason.better, lang),
             who=who, card="" if reason.card is None else card_name(reason.card, lang),
             trick="" if reason.trick is None else reason.trick + 1,
             suit=suit,
             points=points_text(given(reason.played), lang),
             better_points=points_text(given(reason.better), lang),
             caught=reason.caught, drawn=reason.drawn)


def why_text(choice: ChoiceReview, lang: str) -> str:
    """The one sentence that explains a decision's verdict."""
    counts = {f"{key}_n": value for key, value in choice.facts}
    return t(lang, f"review.why.{choice.why.value}",
             best=choice_name(choice.expected.best, lang),
             played=choice_name(choice.expected.played, lang), **counts)


def choices_panel(review: DealReview, rules: Rules, lang: str, opened: Decision | None = None,
                  again: Callable[[Decision], None] | None = None) -> None:
    """The call, écart, chelem announcement and poignée the learner had: each in its
    expander (``opened``, or a labelled one, open), with the learner's choice and the best
    one, the label, why in a sentence, "show me how", every choice's expected score, and
    ``again``'s link to play the deal again from that decision."""
    if not review.choices:
        return
    st.markdown(f"**{t(lang, 'review.choice.heading')}**")
    for choice in review.choices:
        valued = choice.expected
        title = t(lang, f"review.choice.kind.{valued.decision.value}")
        if valued.verdict is not None:
            title += f" — {t(lang, f'review.one.{valued.verdict.value}')}"
        icon = ":material/check_circle:" if valued.verdict is None else VERDICT_ICON[
            valued.verdict]
        with st.expander(title, icon=icon,
                         expanded=opened is valued.decision or valued.verdict is not None):
            best = choice_name(valued.best, lang)
            st.caption(t(lang, "review.choice.said", played=choice_name(valued.played, lang),
                         best=best))
            if valued.verdict is not None:
                _shown_verdict(valued.verdict, t(
                    lang, f"review.choice.verdict.{valued.verdict.value}",
                    loss=points(valued.loss), best=best, samples=valued.samples))
            else:
                st.success(t(lang, "review.choice.fine"), icon=":material/check_circle:")
            st.markdown(why_text(choice, lang))
            if valued.decision is Decision.ECART:
                st.caption(t(lang, "review.choice.ecart_note"))
            _played_on(review, choice.how, best, rules, lang)
            st.dataframe(pd.DataFrame({
                t(lang, "review.choice.option"): [choice_name(o, lang) for o in valued.options],
                t(lang, "review.bid.expected"): [round(o.mean, 1) for o in valued.options],
            }), hide_index=True)
            if again is not None:
                again(valued.decision)


def _steps(review: DealReview, lang: str) -> list[tuple[float, str, Expectation]]:
    """Every decision valued, in the deal's order: where the graph puts it (0 the bid, the
    call, écart, chelem and poignée between 0 and 1, trick n at n), its name, its value."""
    steps: list[tuple[float, str, Expectation]] = []
    if review.bid is not None:
        steps.append((0, t(lang, "review.table.the_bid"), review.bid))
    between = len(review.choices) + 1
    steps += [(round((i + 1) / between, 2), t(lang, f"review.table.{c.decision.value}"),
               c.expected) for i, c in enumerate(review.choices)]
    steps += [(c.trick + 1, t(lang, "review.table.trick", n=c.trick + 1), c.expected)
              for c in review.cards if c.expected is not None]
    return steps


def evaluation_table(review: DealReview, lang: str) -> pd.DataFrame:
    """The expected score after each decision (0: the bid, then the call, écart, chelem and
    poignée, then each trick), once with the learner's choice and once with the best one, one
    row per point of the graph (fixed column names: the words shown are the chart's titles)."""
    rows = [
        (x, what, round(option.mean, 1), t(lang, f"review.graph.{series}"),
         _label_text(e.verdict, lang))
        for x, what, e in _steps(review, lang)
        for series, option in (("played", e.played), ("best", e.best))
    ]
    return pd.DataFrame(rows, columns=["decision", "what", "score", "series", "label"])


def graph_spec(lang: str) -> dict[str, Any]:
    """The evaluation graph's Vega-Lite spec. The colours are tied to the series by name (the
    learner's dark, the best grey): a scale without a domain would give them in the series'
    alphabetical order, which differs between the languages."""
    played, best = t(lang, "review.graph.played"), t(lang, "review.graph.best")
    return {
        "mark": {"type": "line", "point": True},
        "encoding": {
            # short titles, the legend below: on a phone the plot keeps the width; the
            # caption under the graph says what the axes measure
            "x": {"field": "decision", "type": "quantitative", "axis": {"tickMinStep": 1},
                  "title": t(lang, "review.table.decision")},
            "y": {"field": "score", "type": "quantitative",
                  "title": t(lang, "review.bid.expected")},
            "color": {"field": "series", "type": "nominal", "title": None,
                      "legend": {"orient": "bottom"},
                      "scale": {"domain": [played, best], "range": ["#1f6f5c", "#b0b8b4"]}},
            "tooltip": [
                {"field": "what", "type": "nominal",
                 "title": t(lang, "review.table.decision")},
                {"field": "score", "type": "quantitative",
                 "title": t(lang, "review.bid.expected")},
                {"field": "label", "type": "nominal", "title": t(lang, "review.table.label")},
            ],
        },
    }


def evaluation_graph(review: DealReview, lang: str) -> None:
    """The evaluation graph: the learner's expected score after each decision, beside the
    score the best choice would have kept."""
    table = evaluation_table(review, lang)
    if table.empty:
        return
    st.markdown(f"**{t(lang, 'review.graph.heading')}**")
    st.vega_lite_chart(table, graph_spec(lang), width="stretch")
    st.caption(f"{t(lang, 'review.graph.decision')} · {t(lang, 'review.graph.score')}")


def _label_text(verdict: Verdict | None, lang: str) -> str:
    return t(lang, "review.table.fine") if verdict is None else t(
        lang, f"review.one.{verdict.value}")


def decisions_table(review: DealReview, rules: Rules, lang: str) -> pd.DataFrame:
    """Every decision with its choice, its label and loss by what the learner could know,
    and the loss with all hands visible where the solver judged it."""
    rows: list[tuple[str, str, str, float, str]] = []
    fine = t(lang, "review.table.fine")
    if review.bid is not None:
        rows.append((t(lang, "review.table.the_bid"), bid_name(review.bid.played, rules, lang),
                     _label_text(review.bid.verdict, lang), round(review.bid.loss, 1), fine))
    for choice in review.choices:
        valued = choice.expected
        rows.append((t(lang, f"review.table.{valued.decision.value}"),
                     choice_name(valued.played, lang), _label_text(valued.verdict, lang),
                     round(valued.loss, 1), fine))
    for card in review.cards:
        if card.expected is None:
            continue
        rows.append((t(lang, "review.table.trick", n=card.trick + 1), card_name(card.card, lang),
                     _label_text(card.label, lang), round(card.expected.loss, 1),
                     fine if card.loss is None else str(card.loss)))
    columns = [t(lang, f"review.table.{key}")
               for key in ("decision", "choice", "label", "loss", "open_loss")]
    return pd.DataFrame(rows, columns=columns)


def cutoffs_said(lang: str) -> None:
    """How the choices are labelled: the measure, the conservative loss, the deals drawn (the
    count the reviews are made with: ``review_samples``) and the cut-offs."""
    smallest = {verdict.value: least for verdict, least in CUTOFFS}
    samples = review_samples()
    with st.expander(t(lang, "review.cutoffs.heading"), icon=":material/straighten:"):
        st.markdown(t(lang, "review.cutoffs.text", samples=samples,
                      more=more_samples(samples), **smallest))


# --- computing once, keeping it -----------------------------------------------------------
def tricks_of(game: PracticeGame, row: DealRow) -> tuple[TrickView, ...]:
    """The deal's tricks with every hand and the coach's remarks (one replay, cached per
    server: the review computed below shares it)."""
    return replay(row.record(game.players, game.rules), LEARNER)


@dataclass(frozen=True, slots=True)
class NotReady:
    """The solver's review is not in yet: its job and where it stands (pending, refused,
    failed); the page shows the coach's review meanwhile."""

    job: Job
    outcome: Outcome


Reviewed = tuple[DealReview, NotReady | None]  # the review to show, and why it is the coach's


def deal_review(
    s: LearnerStore, game_id: int, players: int, row: DealRow, rules: Rules, known: str = ""
) -> Reviewed:
    """The stored review of the deal, else the solver's once the workers have it (then
    stored: a second visit is a read), else the coach's meanwhile. ``known``: the decisions
    valued while the deal was played (``tutor.service.known_text``)."""
    record = row.record(players, rules)
    remarks = tuple(view.remarks for view in replay(record, LEARNER))
    data = s.deal_review(game_id, row.number)
    if data is not None:
        try:
            return DealReview.from_data(data, remarks), None
        except ValueError:
            pass  # written by another version: computed again below
    review, not_ready = solver_review(record, remarks, known)
    if not_ready is None:
        s.save_deal_review(
            game_id,
            row.number,
            judged=review.valued,
            inaccuracies=review.count(Verdict.INACCURACY),
            mistakes=review.count(Verdict.MISTAKE),
            blunders=review.count(Verdict.BLUNDER),
            data=review.to_data(),
        )
    return review, not_ready


def keep_own_mistakes(
    s: LearnerStore, game_id: int, row: DealRow, record: DealRecord, review: DealReview
) -> KeptMistakes:
    """The deal's decisions (the bid, call, écart, chelem, poignée and cards) labelled a
    mistake or a blunder, kept as the learner's own puzzles and put in their review queue
    (once: those already kept from an earlier visit are read, not written again); the items
    kept, and how many of them were newly added (the store's
    count of what it inserted: another tab's or an earlier visit's are not counted). The
    coach's review alone keeps nothing."""
    if not review.valued:
        return KeptMistakes()
    mistakes = own_puzzles_of_review(record, review, game_id, row.number)
    if not mistakes:
        return KeptMistakes()
    kept = s.own_puzzles_of(game_id, row.number)
    missing = [m for m in mistakes if m.item not in kept]
    added: list[str] = []
    if missing:
        added = s.add_own_puzzles([OwnPuzzle(m.item, game_id, row.number, m.to_data())
                                   for m in missing], *new_card())
    return KeptMistakes(frozenset(m.item for m in mistakes), len(added))


def link_to_page(name: str, **link: Any) -> None:
    """``st.page_link`` to the app's page ``name``. A page run outside the app's navigation
    (an AppTest of the page alone) has no other page to link to, and shows no link."""
    with suppress(StreamlitPageNotFoundError):
        st.page_link(page(name).file, **link)


def own_mistake_note(review: DealReview, trick_index: int, game_id: int, deal: int,
                     kept: AbstractSet[str], lang: str) -> None:
    """Under a card kept as the learner's own puzzle: that it was added, and the link that
    opens it in the puzzle trainer (its source "My mistakes"; none on a page run outside the
    app's navigation)."""
    card = review.card_in(trick_index)
    item = item_of(game_id, deal, trick_index)
    if card is None or item not in kept:
        return
    st.success(t(lang, "own.added", cards=card_name(card.card, lang)),
               icon=":material/bookmark_added:")
    link_to_page("puzzles", label=t(lang, "own.open"), icon=":material/replay:",
                 query_params={"lang": lang, "puzzle": item})


def added_count_text(added: int, lang: str) -> str:
    """'2 mistakes added to My mistakes' (one: 'One mistake added …')."""
    return t(lang, "own.added_count." + ("one" if added == 1 else "many"), n=added)


def added_count_said(kept: KeptMistakes, lang: str) -> None:
    """How many of the deal's mistakes were newly added to "My mistakes" (nothing said when
    none was: those of an earlier visit were said then)."""
    if kept.added:
        st.success(added_count_text(kept.added, lang), icon=":material/bookmark_added:")


def own_decisions_note(game_id: int, deal: int, kept: AbstractSet[str], lang: str) -> None:
    """Under the bid and the other decisions: each kept as the learner's own puzzle said, with
    the link that opens it in the puzzle trainer (its source "My mistakes")."""
    for decision in Decision:
        if decision is Decision.CARD:
            continue
        item = decision_item(game_id, deal, decision)
        if item not in kept:
            continue
        st.success(t(lang, "own_decision.added",
                     what=t(lang, f"own_decision.kinds.{decision.value}")),
                   icon=":material/bookmark_added:")
        link_to_page("puzzles", label=t(lang, "own_decision.open"),
                     icon=":material/replay:", query_params={"lang": lang, "puzzle": item})


def solver_review(record: DealRecord, remarks: tuple[tuple[Remark, ...], ...],
                  known: str = "") -> Reviewed:
    """The solver's review of ``record`` from the analysis workers, else the coach's
    (``known``: the decisions valued during the deal, which the workers take as they are)."""
    job = review_job(record, LEARNER, known)
    outcome = ask(job)
    if outcome.state is State.DONE:
        try:
            return DealReview.from_data(outcome.value, remarks), None
        except ValueError:  # a worker of another version: said as a failure
            outcome = Outcome(State.FAILED, reason="unreadable")
    return coach_only(record, LEARNER), NotReady(job, outcome)


def review_not_ready(not_ready: NotReady | None, lang: str) -> None:
    """While the solver's review is computed: a progress bar of the cards judged (the page
    reruns when it is in); refused or failed: said, the coach's remarks shown meanwhile."""
    if not_ready is None:
        return
    state = not_ready.outcome.state
    if state is State.PENDING:
        wait(not_ready.job, partial(_progress_bar, lang))
    elif state is State.REFUSED:
        st.warning(t(lang, "review.refused"), icon=":material/hourglass_disabled:")
    else:
        st.warning(t(lang, "review.failed"), icon=":material/warning:")


def _progress_bar(lang: str, progress: Progress | None) -> None:
    done, total = (progress.done, progress.total) if progress is not None else (0, 0)
    st.progress(progress.fraction if progress is not None else 0.0,
                text=t(lang, "review.progress_bar", done=done, total=total or "…"))


def hints_said(hints: Sequence[str], lang: str) -> None:
    """A deal played with hints says at which decisions."""
    if not hints:
        return
    where = ", ".join(_hint_at(name, lang) for name in hints)
    st.caption(t(lang, "review.hints", where=where))


def _hint_at(name: str, lang: str) -> str:
    kind, _, number = name.partition(" ")
    if kind == "trick" and number.isdigit():
        return t(lang, "review.hint_at.trick", n=int(number) + 1)
    return t(lang, "review.hint_at.call" if kind == "call" else "review.hint_at.bid")


def takebacks_said(takebacks: int, lang: str) -> None:
    """A deal played with take-backs says so (its review is of the moves kept)."""
    if takebacks:
        st.caption(t(lang, "review.takebacks", n=takebacks))


def review_query(game_id: int, deal: int) -> dict[str, str]:
    """The query parameters that open the review of deal ``deal`` (1-based) of a saved game:
    for a link or button after the deal (``st.page_link(..., query_params=...)``)."""
    return {"game": str(game_id), "deal": str(deal)}



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
