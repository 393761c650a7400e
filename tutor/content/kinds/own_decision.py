"""``kind: own-decision``: a bid, call, écart, poignée or chelem announcement the learner got
wrong in a reviewed deal, to make again.

The moment is the learner's, just before the decision: the deal's record (players, seed,
dealer, rules) cut to the moves before it, replayed by the engine once when the exercise is
read; the learner sees only what they saw then (their hand, the bids so far, the chien when it
was turned up). The deal review valued each option by what the learner could know
(``tutor.review.expected`` and ``tutor.review.choices``: the hidden cards dealt again, each
option played out), and those values come with the puzzle: ``options``, each with its moves
in the engine's notation and its expected score in points of the deal's score, the best
first. Only those options are offered: every bid the engine allowed, every card the taker
could call, the review's écart candidates (the learner's, the coach's and its variations),
no poignée or each size allowed, to announce a chelem or not. An option is right when the
review valued it within ``tolerance`` of the best (its inaccuracy cut-off); the engine still
judges legality first. Never authored: the trainer makes one from each decision a learner's
review labels a mistake or a blunder (``tutor.review.mistakes``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field, PrivateAttr, StrictFloat, StrictInt, StrictStr, model_validator

from tutor.content.errors import FieldPath
from tutor.content.fields import ExerciseBase, Model
from tutor.content.kinds.base import Say
from tutor.content.kinds.cards import card_words
from tutor.content.position_checks import Issue, Report
from tutor.content.verdict import RIGHT, WRONG_CHOICE, Verdict
from tutor.engine import (
    Action,
    AnnounceChelem,
    Bid,
    Call,
    Card,
    ChienFate,
    Deal,
    DealRecord,
    Discard,
    IllegalActionError,
    Phase,
    Play,
    ShowPoignee,
    card_name,
    parse_action,
    rules_named,
)

NOT_BEST_CHOICE = "not_best_choice"  # a legal option the review valued below the best

DecisionName = Literal["bid", "call", "ecart", "chelem", "poignee"]

# The phase of the deal at each decision (the poignée is shown just before the first card).
PHASE_OF: dict[str, Phase] = {
    "bid": Phase.BIDDING,
    "call": Phase.CALLING,
    "ecart": Phase.ECART,
    "chelem": Phase.CHELEM,
    "poignee": Phase.PLAYING,
}


class ValuedChoice(Model):
    """One option (its moves in the engine's notation) and its expected score by what the
    learner could know."""

    moves: Annotated[tuple[StrictStr, ...], Field(min_length=1)]
    value: StrictFloat | StrictInt


class OwnDecisionExercise(ExerciseBase):
    """Make again the decision a review labelled a mistake (see the module docstring)."""

    kind: Literal["own-decision"]
    decision: DecisionName
    players: Annotated[StrictInt, Field(ge=3, le=5)]
    seed: Annotated[StrictInt, Field(ge=0)]
    dealer: Annotated[StrictInt, Field(ge=0, le=4)]
    rules: StrictStr  # a preset's name
    moves: tuple[StrictStr, ...]  # the deal's moves before the decision
    seat: Annotated[StrictInt, Field(ge=0, le=4)]  # the learner's
    chosen: Annotated[StrictInt, Field(ge=0)]  # the option the learner took in the deal
    label: Literal["mistake", "blunder"]  # what the review called it
    options: Annotated[tuple[ValuedChoice, ...], Field(min_length=2)]
    tolerance: Annotated[StrictFloat | StrictInt, Field(gt=0)]
    samples: Annotated[StrictInt, Field(ge=1)]  # the deals of the hidden cards drawn
    _before: Deal = PrivateAttr()
    _actions: tuple[tuple[Action, ...], ...] = PrivateAttr()

    @model_validator(mode="after")
    def _replays(self) -> OwnDecisionExercise:
        """The moves before the decision replayed by the engine, and each option read."""
        record = DealRecord.from_notation(self.players, self.seed, self.dealer, self.moves,
                                          rules_named(self.rules))
        self._before = record.deal()  # IllegalActionError (a ValueError) for a wrong move
        self._actions = tuple(tuple(parse_action(m) for m in o.moves) for o in self.options)
        if self.chosen >= len(self.options):
            raise ValueError(f"option {self.chosen} of {len(self.options)}")
        return self

    # --- the moment -------------------------------------------------------------------------
    @property
    def before(self) -> Deal:
        """The deal just before the decision (a copy: the exercise's own stays as it is)."""
        return self._before.copy()

    @property
    def hand(self) -> int:
        """The learner's hand at the decision (with the chien, at the écart)."""
        return self._before.hands[self.seat]

    @property
    def bids(self) -> tuple[tuple[int, str], ...]:
        """The bids so far, in the order they were said: each seat and its bid's code."""
        deal = self._before
        first = (deal.dealer + 1) % deal.players
        return tuple(((first + i) % deal.players, "pass" if c is None else c.code)
                     for i, c in enumerate(deal.bids))

    @property
    def chien_seen(self) -> int:
        """The chien as the learner saw it turned up (0: it was not seen by then)."""
        deal = self._before
        contract = deal.contract
        if self.decision in ("bid", "call") or contract is None:
            return 0
        return deal.chien if contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART else 0

    # --- the rules ------------------------------------------------------------------------
    @property
    def best_value(self) -> float:
        return max(float(o.value) for o in self.options)

    def as_good_as_best(self, value: float) -> bool:
        """Valued within the tolerance of the best: no loss the review would label."""
        return self.best_value - value < self.tolerance

    def expected(self) -> frozenset[int]:
        """The options (their indexes) the review valued as good as the best."""
        return frozenset(i for i, o in enumerate(self.options)
                         if self.as_good_as_best(float(o.value)))

    def illegal(self, index: int) -> str | None:
        """The engine's reason code when option ``index`` is not a legal sequence of moves
        at the decision (None: it is)."""
        deal = self.before
        try:
            for action in self._actions[index]:
                deal.push(action)
        except IllegalActionError as error:
            return error.code
        return None

    def judge(self, answer: object) -> Verdict:
        expected = self.expected()
        if isinstance(answer, bool) or not isinstance(answer, int) or not (
                0 <= answer < len(self.options)):
            return Verdict(False, WRONG_CHOICE, (), expected)
        refused = self.illegal(answer)
        if refused is not None:
            return Verdict(False, refused, (), expected)
        if answer in expected:
            return Verdict(True, RIGHT, (), expected)
        return Verdict(False, NOT_BEST_CHOICE, (), expected)

    def check(self, at: FieldPath = ()) -> list[Issue]:
        """The moment is the learner's decision; the options are exactly the engine's legal
        options (for the écart: distinct candidates, each a legal écart), each legal; the
        best comes first; the learner's choice lost against the best."""
        r = Report(at)
        deal = self._before
        if deal.phase is not PHASE_OF[self.decision] or deal.current_seat != self.seat:
            r.add(("moves",), f"the moves lead to {deal.phase.value}, seat "
                              f"{deal.current_seat}, not to seat {self.seat}'s {self.decision}")
            return r.issues
        for i in range(len(self.options)):
            refused = self.illegal(i)
            if refused is not None:
                r.add(("options", i), f"the engine refuses this option: {refused}")
        problem = self._not_the_legal_options()
        if problem:
            r.add(("options",), problem)
        if float(self.options[0].value) != self.best_value:
            r.add(("options", 0), "the best option is not first")
        if self.chosen in self.expected():
            r.add(("chosen",), "the option chosen was as good as the best: no mistake")
        return r.issues

    def _not_the_legal_options(self) -> str:
        """What sets the options apart from the engine's legal ones ("" when nothing)."""
        deal = self._before
        given = [tuple(str(a) for a in o) for o in self._actions]
        if len(set(given)) != len(given):
            return "an option is given twice"
        if self.decision == "ecart":
            return _not_ecarts(self._actions, deal.ecart_size)
        if self.decision == "poignee":
            return _not_poignees(self._actions, deal)
        legal = {(str(a),) for a in deal.legal_actions()}
        if set(given) != legal:
            return (f"the options {sorted(' '.join(g) for g in given)} are not the engine's "
                    f"legal {self.decision} options {sorted(' '.join(g) for g in legal)}")
        return ""

    def shown_order(self) -> list[int]:
        """The options (their indexes) in an order that says nothing of their values (they
        are stored best first): bids in the auction's order, calls and écarts by their cards,
        no chelem or poignée before one, the smaller poignée first."""
        return sorted(range(len(self.options)), key=lambda i: _neutral(self._actions[i]))

    # --- in words -------------------------------------------------------------------------
    def option_words(self, index: int, lang: str, say: Say) -> str:
        """What option ``index`` says: a bid, a card called, an écart's cards, a poignée's
        size or none, to announce a chelem or not."""
        actions = self._actions[index]
        first = actions[0]
        if type(first) is Bid:
            return say(f"contracts.{'pass' if first.contract is None else first.contract.code}")
        if type(first) is Call:
            return card_name(first.card, lang)
        if type(first) is Discard:
            return card_words([a.card for a in actions if type(a) is Discard], lang)
        if type(first) is AnnounceChelem:
            return say("own_decision.chelem_yes" if first.announce else "own_decision.chelem_no")
        if type(first) is ShowPoignee:
            level = next((p for p, mask in self._before.poignee_choices().items()
                          if mask.bit_count() == first.cards.bit_count()), None)
            return say(f"own_decision.poignee.{'other' if level is None else level.name.lower()}")
        return say("own_decision.poignee_none")

    def answer_text(self, lang: str, say: Say) -> str:
        return "; ".join(self.option_words(i, lang, say) for i in sorted(self.expected()))


def _neutral(actions: tuple[Action, ...]) -> tuple[int, ...]:
    """An option's place in an order that is the rules', not the review's."""
    first = actions[0]
    if type(first) is Bid:
        return (-1 if first.contract is None else int(first.contract),)
    if type(first) is Call:
        return (first.card,)
    if type(first) is Discard:
        return tuple(sorted(a.card for a in actions if type(a) is Discard))
    if type(first) is AnnounceChelem:
        return (int(first.announce),)
    return (first.cards.bit_count() if type(first) is ShowPoignee else 0,)


def _not_ecarts(options: Sequence[tuple[Action, ...]], size: int) -> str:
    """Écart candidates: each the size of the chien in discards, no two the same cards."""
    cards: list[frozenset[Card]] = []
    for option in options:
        if len(option) != size or any(type(a) is not Discard for a in option):
            return f"an écart candidate is not {size} discards"
        cards.append(frozenset(a.card for a in option if type(a) is Discard))
    return "" if len(set(cards)) == len(cards) else "two écart candidates hold the same cards"


def _not_poignees(options: Sequence[tuple[Action, ...]], deal: Deal) -> str:
    """No poignée, and each size the rules allow once, the same first card after each."""
    cards = {o[-1] for o in options}
    if len(cards) != 1 or any(type(o[-1]) is not Play for o in options):
        return "the poignée options do not end with the same first card"
    sizes = sorted(o[0].cards.bit_count() if type(o[0]) is ShowPoignee else 0 for o in options)
    allowed = sorted([0, *(m.bit_count() for m in deal.poignee_choices().values())])
    if sizes != allowed or any(len(o) != (2 if type(o[0]) is ShowPoignee else 1)
                               for o in options):
        return f"the poignée sizes {sizes} are not no poignée and the sizes allowed {allowed}"
    return ""
