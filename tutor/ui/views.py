"""Small Streamlit views shared by the pages: cards, positions, verdicts, worked scores."""

from __future__ import annotations

import html
from collections.abc import Iterable
from fractions import Fraction

import streamlit as st

from tutor.content.fields import TableView
from tutor.engine import (
    FFT_2012,
    Card,
    Contract,
    Rules,
    Score,
    StepKind,
    card_name,
    display_order,
    format_half,
    led_suit,
)
from tutor.scorequiz.mistakes import Wrong
from tutor.ui.card_svg import card_svg, hand_svg_row
from tutor.ui.i18n import t


def names(cards: Iterable[Card], lang: str) -> str:
    """'King of hearts, Trump 21' — cards in words, in display order."""
    return ", ".join(card_name(c, lang) for c in display_order(cards))


def show_cards(
    cards: Iterable[Card], lang: str, *, width: int = 56, dimmed: Iterable[Card] = ()
) -> None:
    ordered = display_order(cards)
    if ordered:
        st.markdown(
            hand_svg_row(ordered, width=width, dimmed_cards=frozenset(dimmed), lang=lang),
            unsafe_allow_html=True,
        )


def seat_label(seat: int | None, me: int, lang: str) -> str:
    if seat is None:
        return ""
    if seat == me:
        return t(lang, "exercise.seat_you")
    return t(lang, "exercise.seat_player", n=seat + 1)


def show_trick(position: TableView, lang: str) -> None:
    """The trick so far, each card with the seat that played it, lead first."""
    me = position.me
    st.markdown(f"**{t(lang, 'exercise.trick')}**")
    if not position.trick_cards:
        st.caption(t(lang, "exercise.trick_empty"))
        return
    cells = []
    for seat, card in zip(position.trick_seats, position.trick_cards, strict=True):
        label = html.escape(seat_label(seat, me, lang))
        cells.append(
            '<div style="display:flex;flex-direction:column;align-items:center;gap:2px">'
            f"{card_svg(card, width=60, lang=lang)}"
            f'<span style="font-size:0.8rem;color:#44524d">{label}</span></div>'
        )
    st.markdown(
        '<div style="display:flex;gap:12px;flex-wrap:wrap">' + "".join(cells) + "</div>",
        unsafe_allow_html=True,
    )


def position_facts(position: TableView, lang: str) -> list[str]:
    """Contract, taker, called card, first trick: the facts a player at the table knows."""
    facts = []
    if position.contract:
        facts.append(
            t(lang, "exercise.contract", contract=t(lang, f"contracts.{position.contract}"))
        )
    if position.taker is not None:
        facts.append(t(lang, "exercise.taker_is", seat=seat_label(position.taker, position.me,
                                                                  lang)))
    if position.called is not None:
        facts.append(t(lang, "exercise.called", card=card_name(position.called, lang)))
    if position.first_trick:
        facts.append(t(lang, "exercise.first_trick"))
    facts.append(t(lang, "puzzle.players", n=position.players))
    return facts


def suit_led_name(position: TableView, lang: str) -> str:
    led = led_suit(list(position.trick_cards))
    return t(lang, f"suits.{led}") if led >= 0 else ""


def format_number(value: object) -> str:
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
    return str(value)


def step_line(score: Score, kind: StepKind, lang: str) -> str:
    """The engine's worked line for the first step of ``kind`` (the marks: with what each
    defender pays)."""
    lines = score_lines(score, lang)
    wanted = StepKind.UNIT if kind is StepKind.MARKS else kind
    index = next((i for i, s in enumerate(score.steps) if s.kind is wanted), None)
    if index is None or len(lines) < len(score.steps):
        return " · ".join(lines)
    if kind is StepKind.MARKS:
        return " · ".join(lines[index:])
    return lines[index]


def show_score_mistakes(wrongs: Iterable[Wrong], right: Score, players: int, lang: str,
                        *, right_step: bool = True) -> None:
    """Each known mistake named, with the right step once the answer may be shown (once per
    step, for several mistakes)."""
    shown: set[StepKind] = set()
    heading = t(lang, "score_quiz.mistake_heading")
    for wrong in wrongs:
        text = t(lang, f"score_quiz.mistakes.{wrong.code}", players=players, **dict(wrong.params))
        st.markdown(f"**{heading}** {text}")
        if right_step and wrong.at not in shown:
            shown.add(wrong.at)
            st.markdown(t(lang, "score_quiz.right_step", line=step_line(right, wrong.at, lang)))


def _contract_name(code: str, lang: str, rules: Rules) -> str:
    if rules.contract_names != FFT_2012.contract_names:
        return rules.contract_name(Contract.from_code(code))
    return t(lang, f"contracts.{code}")


def score_lines(score: Score, lang: str, rules: Rules = FFT_2012) -> list[str]:
    """The worked calculation, line by line, as a teacher writes it; contracts named as the
    rules name them (the web game's Petite)."""
    lines = []
    for step in score.steps:
        kind = step.kind
        if kind is StepKind.POINTS:
            lines.append(
                t(lang, "score.points", points=format_half(step.value), oudlers=step.detail)
            )
        elif kind is StepKind.NEEDED:
            lines.append(t(lang, "score.needed", needed=step.value))
        elif kind is StepKind.DIFFERENCE:
            key = "score.made" if step.detail.startswith("made") else "score.lost"
            line = t(lang, key, diff=abs(step.value))
            if "rounded" in step.detail:
                line += " " + t(lang, "score.rounded")
            lines.append(line)
        elif kind is StepKind.BASE:
            lines.append(t(lang, "score.base", diff=step.value - 25, total=step.total))
        elif kind is StepKind.PETIT_AU_BOUT:
            lines.append(
                t(
                    lang,
                    "score.petit_au_bout",
                    side=t(lang, f"score.{step.detail}"),
                    value=f"{step.value:+d}",
                    total=step.total,
                )
            )
        elif kind is StepKind.MULTIPLIER:
            lines.append(
                t(
                    lang,
                    "score.multiplier",
                    value=step.value,
                    contract=_contract_name(step.detail, lang, rules),
                    total=step.total,
                )
            )
        elif kind is StepKind.POIGNEE:
            lines.append(
                t(lang, "score.poignee", level=step.detail, value=step.value, total=step.total)
            )
        elif kind is StepKind.CHELEM:
            lines.append(
                t(
                    lang,
                    "score.chelem",
                    kind=step.detail,
                    value=f"{step.value:+d}",
                    total=step.total,
                )
            )
        elif kind is StepKind.UNIT:
            lines.append(t(lang, "score.unit", value=f"{-step.value:+d}"))
        elif kind is StepKind.MARKS:
            lines.append(t(lang, "score.marks_taker", taker=f"{score.taker:+d}"))
            if score.partner is not None:
                lines.append(t(lang, "score.marks_partner", partner=f"{score.partner:+d}"))
    return lines
