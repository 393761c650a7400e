"""A "best card" puzzle on screen: the open-card table, and the solver's lines after an answer.

What the learner sees: their own hand (to click), the trick so far, the contract and roles,
the tricks left and the points the taker's side has won so far, and every other hand face
up, because the solver judged the position with all hands visible (as double-dummy bridge
problems do); the page says so. After an answer: the line that follows the learner's card
(best play by everyone afterwards), trick by trick with the cards drawn, and what it costs
against the best card in points of the taker's mark.

The proof, the lines and the texts are one ``Solution`` (``tutor.content.solved``) that the
analysis workers compute: the page asks for it, shows the position with "proving…" while it is
pending, and draws the hand to play only once it is in; a solution this process already holds
is read at once. A failed or refused proof says "not proven yet", with a Try again button.
"""

from __future__ import annotations

import html
from functools import partial

import streamlit as st

from tutor.analysis.bestcard import replay
from tutor.content.kinds import BestCardExercise
from tutor.content.solved import Solution, remember, solved
from tutor.engine import Card, Position, card_name, cards_of, format_half, half_points
from tutor.service import Job, Outcome, Progress, State, solve_best_card
from tutor.ui.analysis import ask, forget, wait
from tutor.ui.card_svg import card_svg
from tutor.ui.i18n import t
from tutor.ui.views import seat_label, show_cards
from tutor.ui.words import signed

HINT_CANDIDATES = 3  # the second hint highlights the best card among this many


def job_of(ex: BestCardExercise) -> Job:
    return solve_best_card(ex.notation, ex.idea.value)


def ask_solution(ex: BestCardExercise) -> Outcome:
    """The position's solution: read when this process holds it, else asked of the workers
    (and kept once done, so the judge and the next runs read it)."""
    known = solved(ex.notation, ex.idea)
    if known is not None:
        return Outcome(State.DONE, known)
    outcome = ask(job_of(ex))
    if outcome.state is State.DONE and isinstance(outcome.value, Solution):
        remember(outcome.value)
    return outcome


def solution_of(ex: BestCardExercise) -> Solution | None:
    """The solution when it is in (None while the workers prove it, or failed)."""
    outcome = ask_solution(ex)
    return outcome.value if isinstance(outcome.value, Solution) else None


def show_not_proven(ex: BestCardExercise, outcome: Outcome, key: str, lang: str) -> None:
    """While the proof is not in: "proving…" and the poll, or "not proven yet" and Try again
    (which forgets the failure, so the next run asks afresh)."""
    job = job_of(ex)
    if outcome.state is State.PENDING:
        wait(job, partial(_proving, lang))
        return
    st.warning(t(lang, "bestcard.not_proven"), icon=":material/hourglass_disabled:")
    st.button(t(lang, "bestcard.try_again"), key=f"{key}-try-again", on_click=forget,
              args=(job,))


def _proving(lang: str, _progress: Progress | None) -> None:
    st.info(t(lang, "bestcard.proving"), icon=":material/hourglass_top:")


def candidate_cards(ex: BestCardExercise) -> set[Card] | None:
    """For the second hint: the best group with the most tempting wrong cards, so the hint
    narrows the choice without naming the card (every legal card when there are few); None
    while the proof is not in."""
    solution = solution_of(ex)
    if solution is None:
        return None
    proof = solution.proof
    groups = (proof.best, *proof.wrong)
    return {card for group in groups[:HINT_CANDIDATES] for card in group}


def _role(p: Position, seat: int, lang: str) -> str:
    if seat == p.taker:
        return t(lang, "bestcard.role_taker")
    if seat == p.partner:
        return t(lang, "bestcard.role_partner")
    return t(lang, "bestcard.role_defence")


def show_table(ex: BestCardExercise, lang: str) -> None:
    """The facts and the other hands, face up (the learner's hand is drawn by the caller)."""
    p = ex.deal
    me = p.to_play
    st.caption(
        t(
            lang,
            "bestcard.facts",
            left=p.hands[me].bit_count(),
            role=_role(p, me, lang),
            points=format_half(half_points(p.attack_won)),
        )
    )
    st.info(t(lang, "bestcard.open_cards"), icon=":material/visibility:")
    with st.expander(t(lang, "bestcard.other_hands"), expanded=True):
        for seat in range(p.players):
            if seat == me:
                continue
            st.markdown(f"**{seat_label(seat, me, lang)}** · {_role(p, seat, lang)}")
            show_cards(cards_of(p.hands[seat]), lang, width=40)


def _show_line(p: Position, cards: tuple[Card, ...], lang: str) -> None:
    """The line trick by trick: each card with its player, and who wins the trick."""
    me = p.to_play
    tricks = replay(p, cards)
    for number, trick in enumerate(tricks, start=1):
        cells = []
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            label = html.escape(seat_label(seat, me, lang))
            cells.append(
                '<div style="display:flex;flex-direction:column;align-items:center;gap:2px">'
                f"{card_svg(card, width=44, lang=lang)}"
                f'<span style="font-size:0.75rem;color:#44524d">{label}</span></div>'
            )
        winner = seat_label(trick.winner, me, lang)
        st.caption(t(lang, "bestcard.trick_won", n=number, winner=winner))
        st.markdown(
            '<div style="display:flex;gap:8px;flex-wrap:wrap">' + "".join(cells) + "</div>",
            unsafe_allow_html=True,
        )


def show_lines(ex: BestCardExercise, answer: object, correct: bool, lang: str,
               *, solution: bool = True) -> None:
    """After an answer: the line after the learner's card and its cost; with the
    ``solution`` (right, asked for, or a second wrong try) the best card and its line too."""
    solved_position = solution_of(ex)
    if solved_position is None:
        return  # only while the proof is not in again (a judged card had it)
    proof = solved_position.proof
    p = proof.position
    best = proof.best[0]
    if not correct and isinstance(answer, int) and answer not in proof.best:
        try:
            value = proof.analysis.value_of(answer).lower
        except KeyError:
            return  # not a legal card: the verdict already named the rule
        key = "bestcard.after_wrong" if solution else "bestcard.after_wrong_retry"
        st.markdown(
            t(
                lang,
                key,
                card=card_name(answer, lang),
                value=signed(value, typeset=True),
                best=card_name(best, lang),
                best_value=signed(proof.value, typeset=True),
                loss=proof.loss_of(answer),
            )
        )
        with st.expander(t(lang, "bestcard.line_after", card=card_name(answer, lang)),
                         expanded=True):
            _show_line(p, solved_position.line_after(answer), lang)
    if not solution:
        return
    with st.expander(t(lang, "bestcard.best_line", card=card_name(best, lang)),
                     expanded=correct):
        st.caption(t(lang, "bestcard.best_value", value=signed(proof.value, typeset=True),
                              loss=proof.loss))
        _show_line(p, solved_position.line_after(best), lang)


def why_for_answer(ex: BestCardExercise, answer: object, correct: bool, lang: str) -> str | None:
    """The "why" written for the learner's wrong card, when the puzzle's explanation speaks
    of another card (its most tempting wrong one, maybe equivalent to the learner's); None
    when the puzzle's own explanation fits: a right answer, or the very card it names."""
    if correct or not isinstance(answer, int):
        return None
    solution = solution_of(ex)
    return None if solution is None else solution.why(answer, lang)
