"""The hint on the practice table, from the analysis workers, never from the page.

The table offers a Hint button at the learner's bid, king called, écart, chelem announcement,
poignée and every card (not in the deal of the day, which is ranked). A click asks the workers
for the hint at that decision (``tutor.review.hint``: the options valued by what the learner can
know, with the fact that tells the best from the next where the review has one); while the job
runs the table says so and stays playable, and a fragment looks for the answer a few times a
second. The answer is shown as one sentence on the table, only while the learner is still at the
decision it was asked at: a hint that arrives after the learner played is dropped. A hint the
workers failed or refused says so, and the button asks again. A hint shown is recorded in the
deal (its review says so).
"""

from __future__ import annotations

from typing import Any

from tutor.engine import Bid, Discard, card_name, parse_action
from tutor.practice import LEARNER, Stage
from tutor.practice.daily import allows_hints
from tutor.practice.page import PracticeState
from tutor.review.deal import decision_name
from tutor.review.expected import Decision, Option
from tutor.review.hint import Hint, hint_decision, hint_is_for
from tutor.service import Job, Progress, State
from tutor.service import hint as hint_job
from tutor.ui.analysis import ask, forget, wait_soon
from tutor.ui.i18n import t
from tutor.ui.practice.words import contract_name
from tutor.ui.reviews import cards_text, choice_name

# The stages whose decision a hint values.
HINT_STAGES = frozenset({Stage.BID, Stage.CALL, Stage.ECART, Stage.CHELEM, Stage.POIGNEE,
                         Stage.PLAY})
# Below this lead (points of the deal's score) the best option is said to win by a hair.
CLOSE = 1.0


def hint_offered(state: PracticeState) -> Decision | None:
    """The decision the table offers a hint at now (None: no Hint button)."""
    current = state.game.deal
    if not allows_hints(state.game) or current.stage not in HINT_STAGES:
        return None
    at = hint_decision(current.deal, LEARNER)
    if at is Decision.POIGNEE and poignee_declined(state):
        return Decision.CARD
    return at


def poignee_declined(state: PracticeState) -> bool:
    """The learner said no to the poignée the table offered: their first card is the
    decision now, though the engine would still let them show it."""
    current = state.game.deal
    return current.stage is Stage.PLAY and hint_decision(current.deal,
                                                         LEARNER) is Decision.POIGNEE


def on_hint(state: PracticeState) -> None:
    """The Hint button: a hint asked at the decision the learner is at. Asked again there
    after the workers failed it (over its budget on a busy pool) or refused it, it is asked
    afresh: the failure the service keeps for a while is dropped."""
    if hint_offered(state) is None:
        return
    if state.hint_asked == state.decision:
        job = hint_at(state)
        if ask(job).state in (State.FAILED, State.REFUSED):
            forget(job)
    state.hint_asked = state.decision


def hint_at(state: PracticeState) -> Job:
    """The workers' job for the hint at the learner's decision now."""
    return hint_job(state.game.deal.record, LEARNER, declined=poignee_declined(state))


def hint_name(given: Hint) -> str:
    """Names the decision in the deal's record of hints (``decision_name``, or "call")."""
    if given.at is Decision.CARD:
        return decision_name(given.trick)
    return given.at.value


def table_hint(state: PracticeState, lang: str) -> tuple[dict[str, Any] | None, Job | None]:
    """The table's hint (its button's words, and the sentence or the wait once asked), and
    the job still awaited (None: nothing awaited)."""
    at = hint_offered(state)
    if at is None:
        return None, None
    shown: dict[str, Any] = {"label": t(lang, "game.hint.button"),
                             "help": t(lang, "game.hint.help"),
                             "pending": t(lang, "game.hint.pending"), "text": "", "busy": False}
    if state.hint_asked != state.decision:
        return shown, None
    current = state.game.deal
    job = hint_at(state)
    outcome = ask(job)
    if outcome.state is State.PENDING:
        return {**shown, "text": shown["pending"], "busy": True}, job
    if outcome.state is not State.DONE:  # the button asks again
        return {**shown, "text": t(lang, "game.hint.busy"), "again": True}, None
    if outcome.value is None:
        return {**shown, "text": t(lang, "game.hint.none")}, None
    given = Hint.from_data(outcome.value)
    if not hint_is_for(given, current.deal):  # asked before a take-back: not this decision
        return shown, None
    current.hint_used(hint_name(given))
    return {**shown, "text": hint_sentence(given, lang, state)}, None


def hint_wait(job: Job) -> None:
    """While the hint is computed: the page reruns as soon as it is in."""

    def show(_progress: Progress | None) -> None:
        return None

    wait_soon(job, show)


def _points(value: float, lang: str) -> str:
    text = f"{value:.0f}" if value >= 10 else f"{value:.1f}"
    return text.replace(".", ",") if lang == "it" else text


def hint_sentence(given: Hint, lang: str, state: PracticeState) -> str:
    """The hint in one sentence: the best option, and how far ahead of the next it is."""
    lead = given.lead
    n = given.samples
    if given.at in _CHOICE_SENTENCES:
        return _CHOICE_SENTENCES[given.at](given, lang)
    if given.at is Decision.BID:
        rules = state.game.rules
        best = contract_name(_bid(given.best.moves[0]), lang, rules)
        following = (contract_name(_bid(given.options[1].moves[0]), lang, rules)
                     if len(given.options) > 1 else best)
        close = "_close" if lead is None or lead < CLOSE else ""
        return t(lang, f"game.hint.bid{close}", bid=best, next=following,
                 lead=_points(lead or 0.0, lang), n=n)
    card = given.card
    assert card is not None
    name = card_name(card, lang)
    if given.at is Decision.CALL:
        close = "_close" if lead is not None and lead < CLOSE else ""
        return t(lang, f"game.hint.call{close}", card=name, lead=_points(lead or 0.0, lang), n=n)
    if lead is None:
        forced = len(given.best.moves) == 1
        return t(lang, "game.hint.card_forced" if forced else "game.hint.card_alone", card=name)
    close = "_close" if lead < CLOSE else ""
    return t(lang, f"game.hint.card{close}", card=name, lead=_points(lead, lang), n=n)


def _ecart_sentence(given: Hint, lang: str) -> str:
    """The best of the écart's candidates, never "the best écart", and why."""
    cards = cards_text(_discards(given.best), lang)
    if given.lead is None:
        return t(lang, "game.hint.ecart_alone", cards=cards)
    return _with_why(given, lang, "ecart", cards=cards)


def _discards(option: Option) -> list[Any]:
    actions = [parse_action(m) for m in option.moves]
    return [a.card for a in actions if type(a) is Discard]


def _named_sentence(given: Hint, lang: str) -> str:
    """The chelem announcement or the poignée: the best choice by name, the next, and why."""
    return _with_why(given, lang, given.at.value,
                     choice=_in_sentence(choice_name(given.best, lang)))


def _in_sentence(name: str) -> str:
    """A choice's name ("No chelem", "A poignée of 10") inside a sentence."""
    return name[:1].lower() + name[1:]


def _with_why(given: Hint, lang: str, key: str, **words: Any) -> str:
    """The sentence of ``key`` (its close variant below CLOSE), and the fact that tells the
    best option from the next when it is not close."""
    lead = given.lead or 0.0
    following = choice_name(given.options[1], lang)
    if lead < CLOSE:
        return t(lang, f"game.hint.{key}_close", next=_in_sentence(following), n=given.samples,
                 **words)
    said = t(lang, f"game.hint.{key}", next=_in_sentence(following), lead=_points(lead, lang),
             n=given.samples, **words)
    if given.why is None:
        return said
    counts = {f"{'next' if k == 'played' else k}_n": v for k, v in given.facts}
    why = t(lang, f"game.hint.why.{given.why.value}", best=choice_name(given.best, lang),
            next=following, **counts)
    return f"{said} {why}"


_CHOICE_SENTENCES = {Decision.ECART: _ecart_sentence, Decision.CHELEM: _named_sentence,
                     Decision.POIGNEE: _named_sentence}


def _bid(move: str) -> Any:
    action = parse_action(move)
    assert type(action) is Bid
    return action.contract


__all__ = ["hint_offered", "hint_sentence", "hint_wait", "on_hint", "poignee_declined",
           "table_hint"]
