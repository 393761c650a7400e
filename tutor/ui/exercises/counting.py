"""``kind: cards-out`` on screen: the cards played so far, the trick, the learner's hand, and
a number box for the cards still out. A wrong count is matched against the usual slips (the
Excuse counted as a trump, one's own cards counted, the trick forgotten); with the solution
comes the count itself, step by step."""

from __future__ import annotations

import streamlit as st

from tutor.content.kinds.cards_out import CardsOutExercise
from tutor.content.verdict import Verdict
from tutor.ui.exercises.common import Widget, number_answer
from tutor.ui.i18n import t
from tutor.ui.views import position_facts, seat_label, show_cards, show_trick


def draw_cards_out(ex: CardsOutExercise, key: str, lang: str, highlight: object) -> int | None:
    pos = ex.position
    st.caption(" · ".join(position_facts(pos, lang)))
    earlier = [card for card in ex.played() if card not in pos.trick_cards]
    st.markdown(f"**{t(lang, 'exercise.played_before', n=len(earlier))}**")
    if earlier:
        show_cards(earlier, lang, width=40)
    else:
        st.caption(t(lang, "exercise.nothing_played"))
    for seat, shown in ex.poignees():
        st.markdown(f"**{t(lang, 'exercise.poignee_shown', seat=seat_label(seat, pos.me, lang))}**")
        show_cards(shown, lang, width=40)
    show_trick(pos, lang)
    st.space("small")
    st.markdown(f"**{t(lang, 'exercise.your_hand')}**")
    show_cards(pos.hand, lang)
    if ex.seen_aside():
        st.markdown(f"**{t(lang, 'exercise.seen_aside')}**")
        show_cards(ex.seen_aside(), lang, width=40)
    answer = number_answer(key, lang, integer=True)
    return None if answer is None else int(answer)


def miscount_sentences(ex: CardsOutExercise, answer: object, lang: str) -> list[str]:
    """The slips that give this wrong count, each as a sentence."""
    return [t(lang, f"exercise.miscounts.{slip}") for slip in ex.miscounts(answer)]


def cards_out_after(ex: CardsOutExercise, verdict: Verdict, answer: object, solution: bool,
                    lang: str) -> None:
    if not verdict.correct:
        heading = t(lang, "score_quiz.mistake_heading")
        for sentence in miscount_sentences(ex, answer, lang):
            st.markdown(f"**{heading}** {sentence}")
    if verdict.correct or solution:
        tally = ex.tally()
        key = "exercise.tally_with_ecart" if tally.aside else "exercise.tally"
        st.markdown(t(lang, key, total=tally.total, what=t(lang, f"exercise.counted.{ex.count}"),
                      played=tally.played, yours=tally.yours, aside=tally.aside, out=tally.out))


CARDS_OUT = Widget(draw_cards_out, mistakes=miscount_sentences, after=cards_out_after)
