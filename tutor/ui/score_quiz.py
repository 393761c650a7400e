"""The score quiz page: a deal just played, scored by the learner in one of three modes.

The question is ``tutor.scorequiz.generator.generate(level, seed)``; ``?level=``, ``?seed=`` and
``?mode=`` in the URL reproduce it (a seed that does not fit its level moves on to the next one
that does, and the URL follows). Every number shown comes from the engine's ``Deal.result()``;
wrong answers are matched against ``tutor.scorequiz.mistakes``. A wrong answer is answered
as ``tutor.ui.retry`` says: first the mistake, the answer when asked for or after a second try.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial

import streamlit as st

from tutor.engine import (
    EXCUSE,
    PETIT,
    PLAIN_SUITS,
    Card,
    Score,
    Side,
    Suit,
    card_name,
    display_order,
    format_half,
    is_trump,
    mask_of,
    rank_of,
    suit_name,
    suit_of,
)
from tutor.inputs import NUMBER_CHARS, InputRefused
from tutor.inputs import parse_points as read_points
from tutor.scorequiz.generator import LEVELS, MAX_SEED, Question, find_seed, generate
from tutor.scorequiz.mistakes import WrongCount, count_breakdown, parse_points
from tutor.scorequiz.quiz import (
    MODES,
    Check,
    QuizStep,
    check_count,
    check_marks,
    check_step,
    first_blank,
    quiz_steps,
)
from tutor.ui.exercise import hide_input_hints
from tutor.ui.i18n import t
from tutor.ui.retry import Stage, offer_answer, shows_solution, stage_of
from tutor.ui.safe import query_choice, query_int
from tutor.ui.session import current_language, reported, store
from tutor.ui.views import score_lines, show_cards, show_score_mistakes, step_line

SOURCE = "score-quiz"
_SUITS = (*PLAIN_SUITS, Suit.TRUMPS, Suit.EXCUSE)


# --- the page's state --------------------------------------------------------------------
STATE = "score-quiz-state"
LEVEL = "score-quiz-level"  # the level's and the mode's widgets
MODE = "score-quiz-mode"
AS_LIST = "score-quiz-as-list"
NEW = "score-quiz-new"


@dataclass
class QuestionState:
    """One question's answers so far (a question is a mode, a level and a seed)."""

    attempts: int = 0
    wrong: int = 0  # wrong answers so far (of the question; in steps mode, of the step now)
    check: Check | None = None  # the last answer checked
    refused: str | None = None  # why its typed text was not a number
    total: int | None = None  # the marks typed, summed, when they do not sum to zero
    recorded: bool = False
    hint: bool = False
    step: int = 0  # the step to answer now (steps mode)
    given: int | None = None  # the steps filled in for the learner
    step_check: Check | None = None
    revealed: int = 0  # steps filled in for the learner after they asked
    shown: bool = False  # the answer (of the question, or of the step now) was asked for
    finished: bool = False

    def stage(self, check: Check) -> Stage:
        return stage_of(check.correct, self.wrong, self.shown)


@dataclass
class ScoreQuizState:
    """What the page keeps between reruns (the level and the mode are its widgets')."""

    seed: int
    last_level: int = 1  # Streamlit drops a widget's key while its page is not shown
    last_mode: str = "full"
    steps_done: int = 0  # questions finished in steps mode: fewer steps are filled in
    questions: dict[str, QuestionState] = field(default_factory=dict)

    def question(self, key: str) -> QuestionState:
        return self.questions.setdefault(key, QuestionState())


def page_state() -> ScoreQuizState:
    state = st.session_state[STATE]
    assert isinstance(state, ScoreQuizState)
    return state


# --- which question -----------------------------------------------------------------------
def _init_from_url(lang: str) -> None:
    """On a session's first run, the level, mode and seed come from the URL (or are drawn);
    a value the page cannot use is named in a message and replaced by the default."""
    state = st.session_state.get(STATE)
    if isinstance(state, ScoreQuizState):
        # back on the quiz, the level and mode are the ones last used, not None
        st.session_state.setdefault(LEVEL, state.last_level)
        st.session_state.setdefault(MODE, state.last_mode)
        return
    asked_level = query_choice("level", [str(level) for level in LEVELS], lang)
    level = int(asked_level) if asked_level is not None else 1
    mode = query_choice("mode", MODES, lang) or "full"
    seed = query_int("seed", 0, MAX_SEED - 1, lang)
    start = seed if seed is not None else random.randrange(MAX_SEED)
    st.session_state[LEVEL] = level
    st.session_state[MODE] = mode
    st.session_state[STATE] = ScoreQuizState(find_seed(level, start), level, mode)


def _on_level_change() -> None:
    state = page_state()
    level = st.session_state[LEVEL]
    if level not in LEVELS:  # the segmented control was clicked off: keep the current level
        level = st.session_state[LEVEL] = state.last_level
    state.seed = find_seed(level, state.seed)


def _on_mode_change() -> None:
    """Another mode is another deal: the same deal would already be answered by the first."""
    state = page_state()
    if st.session_state[MODE] not in MODES:
        st.session_state[MODE] = state.last_mode
    elif st.session_state[MODE] != state.last_mode:
        _new_question()


def _new_question() -> None:
    page_state().seed = find_seed(st.session_state[LEVEL], random.randrange(MAX_SEED))


def _ask_for_answer(key: str) -> None:
    """on_click of "Show the answer" (it follows a wrong answer, already recorded)."""
    page_state().question(key).shown = True


def _record(
    q: Question, mode: str, correct: bool, first_try: bool, answer: str, hints: int
) -> None:
    # drawn while the page runs (after the Check button): a failure shows in place
    with reported(current_language()):
        store().record_attempt(
            source=SOURCE,
            item=f"{mode}:{q.seed}",
            theme=f"level-{q.level}",
            correct=correct,
            first_try=first_try,
            hints=hints,
            answer=answer,
        )


# --- words --------------------------------------------------------------------------------
def seat_name(seat: int, lang: str) -> str:
    return t(lang, "exercise.seat_player", n=seat + 1)


def _side_word(side: Side, lang: str) -> str:
    return t(lang, f"score.{side.value}")


def _role(q: Question, seat: int, lang: str) -> str:
    return t(lang, f"score_quiz.roles.{q.role(seat)}")


def signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def _step_value(step: QuizStep) -> str:
    if step.kind == "points":
        return format_half(step.answer)
    if step.kind in ("difference", "marks"):
        return signed(step.answer)
    return str(step.answer)


def _step_label(q: Question, step: QuizStep, lang: str) -> str:
    values: dict[str, object] = {}
    if step.kind == "multiplier":
        values["contract"] = t(lang, f"contracts.{q.contract.code}")
    elif step.kind == "poignee":
        values["level"] = t(lang, f"score_quiz.poignee_levels.{step.detail}")
    return t(lang, f"score_quiz.steps.{step.kind}", **values)


def _show_calculation(score: Score, lang: str, *, expanded: bool) -> None:
    with st.expander(t(lang, "score_quiz.calculation"), expanded=expanded):
        st.markdown("\n".join(f"1. {line}" for line in score_lines(score, lang)))


def _show_count_wrongs(wrongs: tuple[WrongCount, ...], lang: str) -> None:
    for wrong in wrongs:
        st.markdown(
            f"**{t(lang, 'score_quiz.mistake_heading')}** "
            f"{t(lang, f'score_quiz.count_mistakes.{wrong.code}')}"
        )


def _show_breakdown(q: Question, lang: str) -> None:
    parts = []
    for kind, cards, half in count_breakdown(mask_of(q.pile)):
        if cards:
            parts.append(
                t(
                    lang,
                    "score_quiz.breakdown_line",
                    n=cards,
                    kind=t(lang, f"score_quiz.count_kinds.{kind}"),
                    points=format_half(half),
                )
            )
    parts.append(
        t(lang, "score_quiz.breakdown_total", points=format_half(q.result.attack_half_points))
    )
    st.markdown("\n".join(f"- {part}" for part in parts))


# --- the deal -----------------------------------------------------------------------------
def _facts(q: Question, lang: str) -> list[str]:
    facts = [
        t(lang, "puzzle.players", n=q.players),
        t(lang, "score_quiz.contract", contract=t(lang, f"contracts.{q.contract.code}")),
        t(lang, "score_quiz.taker", name=seat_name(q.taker, lang)),
    ]
    if q.called is not None:
        if q.partner is not None:
            facts.append(
                t(
                    lang,
                    "score_quiz.partner",
                    name=seat_name(q.partner, lang),
                    card=card_name(q.called, lang),
                )
            )
        else:
            facts.append(t(lang, "score_quiz.alone", card=card_name(q.called, lang)))
    if not q.poignees:
        facts.append(t(lang, "score_quiz.no_poignee"))
    for p in q.poignees:
        facts.append(
            t(
                lang,
                "score_quiz.poignee",
                name=seat_name(p.seat, lang),
                side=_side_word(p.side, lang),
                level=t(lang, f"score_quiz.poignee_levels.{p.level.code}"),
                n=len(p.cards),
            )
        )
    facts.append(
        t(lang, "score_quiz.chelem_announced" if q.chelem_announced else "score_quiz.no_chelem")
    )
    side = Side.ATTACK if q.is_attack(q.bout_trick_winner) else Side.DEFENCE
    key = "last_trick" if q.bout_trick_is_last else "penultimate_trick"
    petit = "petit" if q.petit_in_bout_trick else "no_petit"
    facts.append(
        t(
            lang,
            f"score_quiz.{key}_{petit}",
            name=seat_name(q.bout_trick_winner, lang),
            side=_side_word(side, lang),
        )
    )
    return facts


def short_name(card: Card, lang: str) -> str:
    """The card's name without its suit, for a list already grouped by suit: 'King', '7',
    '18' (a trump), 'Petit (trump 1)', 'Excuse'."""
    if card in (EXCUSE, PETIT):
        return card_name(card, lang)
    if is_trump(card):
        return str(rank_of(card))
    name = card_name(card, lang)
    return name.rsplit(" of " if lang == "en" else " di ", 1)[0]


def _card_list(cards: tuple[Card, ...], lang: str) -> str:
    """One line per suit: '**Hearts** (2): King, 7'."""
    lines = []
    for suit in _SUITS:
        of_suit = [c for c in display_order(cards) if suit_of(c) is suit]
        if of_suit:
            lines.append(
                f"- **{suit_name(suit, lang).capitalize()}** ({len(of_suit)}): "
                + ", ".join(short_name(c, lang) for c in of_suit)
            )
    return "\n".join(lines)


def _show_pile(q: Question, lang: str) -> None:
    st.subheader(t(lang, "score_quiz.pile_heading", n=len(q.pile)))
    as_list = st.toggle(t(lang, "score_quiz.as_list"), key=AS_LIST)
    won = tuple(c for c in q.pile if c not in q.set_aside)
    groups = [(t(lang, "score_quiz.won_in_tricks", n=len(won)), won)]
    if q.set_aside:
        key = "ecart" if q.contract.chien.value == "shown" else "chien_taker"
        groups.append((t(lang, f"score_quiz.{key}", n=len(q.set_aside)), q.set_aside))
    for label, cards in groups:
        st.markdown(f"**{label}**")
        if as_list:
            st.markdown(_card_list(cards, lang))
        else:
            show_cards(cards, lang, width=52)
    if q.chien_to_defence:
        st.caption(t(lang, "score_quiz.chien_defence"))
    _show_excuse_exchange(q, lang)


def _show_excuse_exchange(q: Question, lang: str) -> None:
    """Why the pile is not whole tricks and the écart: the Excuse kept by its owner's side,
    one low card given for it (a 4-player pile of 41 cards and a 5-card écart, otherwise)."""
    exchange = q.excuse_exchange
    if exchange is None:
        return
    owner = seat_name(exchange.owner, lang)
    side = _side_word(Side.ATTACK if exchange.owner_attack else Side.DEFENCE, lang)
    name = card_name(exchange.card, lang)
    card = name[:1].lower() + name[1:]  # inside a sentence: "the ace of clubs"
    if not exchange.owner_attack:
        text = t(lang, "score_quiz.excuse_exchange_defence", name=owner, side=side, card=card)
    else:
        where = ("tricks" if not exchange.from_set_aside
                 else "ecart" if q.contract.chien.value == "shown" else "chien")
        text = t(lang, "score_quiz.excuse_exchange_attack", name=owner, side=side, card=card,
                 where=t(lang, f"score_quiz.excuse_from_{where}"))
    st.info(text, icon=":material/swap_horiz:")


# --- the modes ----------------------------------------------------------------------------
def _refusal(*texts: str) -> str | None:
    """The message key saying why the first refused typed text was refused (None if none)."""
    for text in texts:
        try:
            read_points(text)
        except InputRefused as refused:
            return refused.key
    return None


def _not_a_number(state: QuestionState, lang: str) -> None:
    message = t(lang, "score_quiz.not_a_number")
    if state.refused == "input.too_long":  # say why a long number was refused
        message = f"{t(lang, 'input.too_long')} {message}"
    st.warning(message, icon=":material/edit_off:")


def _show_verdict(state: QuestionState, right: str, lang: str) -> Check | None:
    """The last answer's verdict: not a number (said why), right (``right`` said) or wrong;
    the check when the answer was a number, None when there is none to show."""
    check = state.check
    if check is None:
        return None
    if check.invalid:
        _not_a_number(state, lang)
        return None
    if check.correct:
        st.success(right, icon=":material/check_circle:")
    else:
        st.error(t(lang, "score_quiz.wrong"), icon=":material/cancel:")
    return check


def _full_mode(q: Question, key: str, lang: str) -> None:
    state = page_state().question(key)
    hint = st.toggle(t(lang, "score_quiz.show_count"), key=f"score-quiz-hint-{key}")
    if hint:
        state.hint = True
        st.info(
            t(
                lang,
                "score_quiz.count_hint",
                points=format_half(q.result.attack_half_points),
                oudlers=q.result.oudlers,
            )
        )
    taker_text = st.text_input(
        t(lang, "score_quiz.taker_marks", name=seat_name(q.taker, lang)),
        key=f"score-quiz-taker-{key}",
        max_chars=NUMBER_CHARS,
        placeholder=t(lang, "score_quiz.marks_placeholder"),
    )
    values: dict[int, Fraction | None] = {q.taker: parse_points(taker_text)}
    typed: list[str] = []
    if st.toggle(t(lang, "score_quiz.all_marks"), key=f"score-quiz-all-{key}"):
        columns = st.columns(q.players - 1)
        others = [s for s in range(q.players) if s != q.taker]
        for column, seat in zip(columns, others, strict=True):
            text = column.text_input(
                t(
                    lang,
                    "score_quiz.seat_marks",
                    name=seat_name(seat, lang),
                    role=_role(q, seat, lang),
                ),
                key=f"score-quiz-seat-{key}-{seat}",
                max_chars=NUMBER_CHARS,
            )
            values[seat] = parse_points(text)
            typed.append(text)
    if st.button(t(lang, "exercise.check"), key=f"score-quiz-check-{key}", type="primary"):
        checked = check_marks(q, values)
        state.check = checked
        state.refused = _refusal(taker_text, *typed)
        state.total = None
        if len(values) == q.players and not checked.invalid:
            total = sum(int(v or 0) for v in values.values())
            state.total = total if total != 0 else None
        if not checked.invalid:
            _record(
                q,
                "full",
                checked.correct,
                state.attempts == 0,
                taker_text.strip(),
                int(state.hint),
            )
            state.attempts += 1
            state.wrong += 0 if checked.correct else 1
    check = _show_verdict(state, t(lang, "score_quiz.right_full", taker=signed(q.score.taker)),
                          lang)
    if check is None:
        return
    if check.correct:
        _show_calculation(q.score, lang, expanded=True)
        return
    now = state.stage(check)
    if state.total is not None:
        st.markdown(t(lang, "score_quiz.sum_not_zero", total=signed(state.total)))
    if check.wrongs:
        show_score_mistakes(check.wrongs, q.score, q.players, lang,
                            right_step=shows_solution(now))
    if shows_solution(now):
        st.markdown(t(lang, "score_quiz.no_match"))
        _show_calculation(q.score, lang, expanded=True)
        return
    offer_answer(now, f"score-quiz-{key}", lang, partial(_ask_for_answer, key))


def _steps_mode(q: Question, key: str, lang: str) -> None:
    state = page_state().question(key)
    steps = quiz_steps(q.score)
    if state.given is None:
        state.given = first_blank(len(steps), page_state().steps_done)
        state.step = state.given
    given, current = state.given, state.step
    st.caption(t(lang, "score_quiz.fading", given=given, total=len(steps)))
    for index, step in enumerate(steps):
        label = _step_label(q, step, lang)
        if index < current:
            given_tag = f" :gray[({t(lang, 'score_quiz.given')})]" if index < given else ""
            st.markdown(f":green[✓] {label}: **{_step_value(step)}**{given_tag}")
        elif index == current:
            _current_step(q, steps, index, key, label, lang)
        else:
            st.markdown(f":gray[{label}: …]")
    if state.step >= len(steps):
        if not state.finished:
            state.finished = True
            page_state().steps_done += 1
            if not state.recorded:
                state.recorded = True
                _record(q, "steps", True, True, "all steps", state.revealed)
        st.success(
            t(lang, "score_quiz.steps_done", taker=signed(q.score.taker)),
            icon=":material/check_circle:",
        )
        _show_calculation(q.score, lang, expanded=False)


def _current_step(
    q: Question, steps: list[QuizStep], index: int, key: str, label: str, lang: str
) -> None:
    state = page_state().question(key)
    step = steps[index]
    with st.form(key=f"score-quiz-form-{key}-{index}", border=True):
        text = st.text_input(label, key=f"score-quiz-step-{key}-{index}", max_chars=NUMBER_CHARS)
        submitted = st.form_submit_button(t(lang, "exercise.check"), type="primary")
    if submitted:
        verdict = check_step(q, steps, index, parse_points(text))
        state.step_check = verdict
        state.refused = _refusal(text)
        if verdict.correct:
            _next_step(state, index)
            st.rerun()
        elif not verdict.invalid:
            state.wrong += 1
            if not state.recorded:
                state.recorded = True
                _record(q, "steps", False, True, f"{step.kind}={text.strip()}", state.revealed)
    check = state.step_check
    if check is None:
        return
    if check.invalid:
        _not_a_number(state, lang)
        return
    st.error(t(lang, "score_quiz.wrong"), icon=":material/cancel:")
    now = state.stage(check)
    solution = shows_solution(now)
    if check.multiplier_alone:
        st.markdown(t(lang, "score_quiz.multiplier_not_product", value=text.strip()))
    elif check.wrongs:
        show_score_mistakes(check.wrongs, q.score, q.players, lang, right_step=solution)
    elif check.count_wrongs:
        _show_count_wrongs(check.count_wrongs, lang)
        if solution:
            st.markdown(t(lang, "score_quiz.right_value", value=_step_value(step)))
    elif not solution:
        pass  # nothing known explains it: try again, or ask for the step
    elif step.engine_index is None:
        st.markdown(t(lang, "score_quiz.right_value", value=_step_value(step)))
    else:  # this step's correction, not the whole calculation (the marks are still to come)
        kind = q.score.steps[step.engine_index].kind
        st.markdown(t(lang, "score_quiz.right_step", line=step_line(q.score, kind, lang)))
    offer_answer(now, f"score-quiz-{key}-{index}", lang, partial(_ask_for_answer, key))
    if solution and st.button(t(lang, "score_quiz.step_show"),
                              key=f"score-quiz-skip-{key}-{index}"):
        state.revealed += 1
        _next_step(state, index)
        st.rerun()


def _next_step(state: QuestionState, index: int) -> None:
    """On to the step after ``index``: its tries start afresh."""
    state.step = index + 1
    state.step_check = None
    state.wrong = 0
    state.shown = False


def _count_mode(q: Question, key: str, lang: str) -> None:
    state = page_state().question(key)
    with st.form(key=f"score-quiz-count-form-{key}", border=False):
        text = st.text_input(
            t(lang, "score_quiz.count_answer"),
            key=f"score-quiz-count-{key}",
            max_chars=NUMBER_CHARS,
            help=t(lang, "exercise.points_hint"),
        )
        submitted = st.form_submit_button(t(lang, "exercise.check"), type="primary")
    if submitted:
        checked = check_count(q, parse_points(text))
        state.check = checked
        state.refused = _refusal(text)
        if not checked.invalid:
            _record(q, "count", checked.correct, state.attempts == 0, text.strip(), 0)
            state.attempts += 1
            state.wrong += 0 if checked.correct else 1
    right = t(lang, "score_quiz.count_right", points=format_half(q.result.attack_half_points))
    check = _show_verdict(state, right, lang)
    if check is None:
        return
    now = state.stage(check)
    if not check.correct and check.count_wrongs:
        _show_count_wrongs(check.count_wrongs, lang)
    if shows_solution(now):  # the breakdown (and so the total)
        _show_breakdown(q, lang)
    offer_answer(now, f"score-quiz-{key}", lang, partial(_ask_for_answer, key))


# --- the page -----------------------------------------------------------------------------
def render() -> None:
    lang = current_language()
    _init_from_url(lang)
    st.title(t(lang, "score_quiz.title"))
    hide_input_hints()
    st.caption(t(lang, "score_quiz.intro"))
    st.segmented_control(
        t(lang, "score_quiz.level"),
        LEVELS,
        key=LEVEL,
        format_func=lambda n: t(lang, f"score_quiz.levels.{n}"),
        on_change=_on_level_change,
    )
    st.segmented_control(
        t(lang, "score_quiz.mode"),
        MODES,
        key=MODE,
        format_func=lambda m: t(lang, f"score_quiz.modes.{m}"),
        on_change=_on_mode_change,
    )
    state = page_state()
    level, mode, seed = st.session_state[LEVEL], st.session_state[MODE], state.seed
    state.last_level, state.last_mode = level, mode
    q = generate(level, seed)
    st.query_params["level"] = str(level)
    st.query_params["mode"] = mode
    st.query_params["seed"] = str(seed)
    info, button = st.columns([3, 1])
    header = info.empty()  # filled after the answer, so the streak counts the answer just given
    button.button(
        t(lang, "score_quiz.new_question"),
        key=NEW,
        on_click=_new_question,
        width="stretch",
    )
    st.subheader(t(lang, "score_quiz.deal_heading"))
    st.markdown("\n".join(f"- {fact}" for fact in _facts(q, lang)))
    _show_pile(q, lang)
    st.subheader(t(lang, "score_quiz.answer_heading"))
    st.caption(t(lang, f"score_quiz.mode_help.{mode}"))
    key = f"{mode}-{level}-{seed}"
    if mode == "full":
        _full_mode(q, key, lang)
    elif mode == "steps":
        _steps_mode(q, key, lang)
    else:
        _count_mode(q, key, lang)
    with header.container(), reported(lang):
        streak = store().streak(sources=(SOURCE,))
        st.caption(
            " · ".join(
                [
                    t(lang, "score_quiz.deal_number", seed=seed),
                    t(lang, "score_quiz.streak", current=streak.current, best=streak.best),
                ]
            )
        )
