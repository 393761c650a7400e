"""Why an action is refused, as the rules say it, and the lesson step that teaches the rule.

The engine refuses with a stable code (``tutor.engine.play.Reason``, ``tutor.engine.ecart.
EcartReason``, ``tutor.engine.announcements`` poignée codes); the coach adds the kind of rule
and where a lesson teaches it (``REFUSAL_LESSONS``, checked against ``lessons/`` by a test).
The page copies no rule: it asks here which cards may be played or put aside, and why not.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tutor.engine import (
    NO_SUIT_LED,
    Card,
    Deal,
    EcartReason,
    Phase,
    PoigneeReason,
    Reason,
    cards_of,
    explain_play,
    led_suit,
)
from tutor.practice.coach import RemarkCode
from tutor.practice.deal import Refusal


class RefusalKind(StrEnum):
    PLAY = "play"  # a card the trick's obligations forbid
    ECART = "ecart"  # a card the écart's rules forbid
    POIGNEE = "poignee"  # a poignée shown wrongly
    OTHER = "other"  # not now (wrong phase, a card not in the écart...)


@dataclass(frozen=True, slots=True)
class LessonStep:
    """A step of a lesson: the page ``lessons?lesson=<lesson>&step=<step>`` opens it."""

    lesson: str  # the lesson's id
    number: int  # the lesson's number, as the course shows it
    step: int  # 1-based, as in the lesson page's URL


# Each rule the engine may refuse with, and the step that teaches it (1-based).
REFUSAL_LESSONS: dict[str, LessonStep] = {
    Reason.MUST_FOLLOW_SUIT.value: LessonStep("trick-obligations", 7, 1),
    Reason.MUST_TRUMP.value: LessonStep("trick-obligations", 7, 2),
    Reason.MUST_OVERTRUMP.value: LessonStep("trick-obligations", 7, 3),
    Reason.MUST_UNDERTRUMP.value: LessonStep("trick-obligations", 7, 4),
    Reason.MUST_PLAY_HIGHER_TRUMP.value: LessonStep("trick-obligations", 7, 5),
    Reason.MUST_PLAY_TRUMP.value: LessonStep("trick-obligations", 7, 6),
    Reason.CALLED_SUIT_FIRST_TRICK.value: LessonStep("three-and-five-players", 12, 6),
    EcartReason.KING.value: LessonStep("the-ecart", 6, 2),
    EcartReason.OUDLER.value: LessonStep("the-ecart", 6, 2),
    EcartReason.TRUMP_AVOIDABLE.value: LessonStep("the-ecart", 6, 3),
    EcartReason.WRONG_SIZE.value: LessonStep("the-ecart", 6, 1),
    PoigneeReason.WRONG_COUNT.value: LessonStep("bonuses", 11, 3),
    PoigneeReason.NOT_A_TRUMP.value: LessonStep("bonuses", 11, 3),
    PoigneeReason.EXCUSE_WITH_HIDDEN_TRUMP.value: LessonStep("bonuses", 11, 4),
}


class AdviceTopic(StrEnum):
    BID = "bid"
    CALL = "call"
    ECART = "ecart"


# The step that teaches what each piece of advice is about.
ADVICE_LESSONS: dict[AdviceTopic, LessonStep] = {
    AdviceTopic.BID: LessonStep("bidding-with-a-count", 17, 4),  # the scale
    AdviceTopic.CALL: LessonStep("five-player-partnership", 18, 1),
    AdviceTopic.ECART: LessonStep("the-ecart", 6, 7),
}

# The step behind a remark after a trick, where a lesson teaches it.
REMARK_LESSONS: dict[RemarkCode, LessonStep] = {
    RemarkCode.EXCUSE_LAST: LessonStep("the-excuse", 8, 7),
    RemarkCode.EXCUSE_LAST_TO_WINNER: LessonStep("the-excuse", 8, 7),
    RemarkCode.EXCUSE_KEPT: LessonStep("the-excuse", 8, 7),
    RemarkCode.PETIT_AU_BOUT: LessonStep("bonuses", 11, 1),
    RemarkCode.PETIT_AU_BOUT_STAKE: LessonStep("bonuses", 11, 1),
}

_PLAY_CODES = frozenset(r.value for r in Reason)
_ECART_CODES = frozenset(r.value for r in EcartReason) - {EcartReason.NOT_IN_HAND.value}
_POIGNEE_CODES = frozenset(r.value for r in PoigneeReason)


def refusal_kind(code: str) -> RefusalKind:
    if code in _PLAY_CODES:
        return RefusalKind.PLAY
    if code in _ECART_CODES:
        return RefusalKind.ECART
    if code in _POIGNEE_CODES:
        return RefusalKind.POIGNEE
    return RefusalKind.OTHER


@dataclass(frozen=True, slots=True)
class IllegalExplained:
    """A refused action: the engine's code, the card, the cards the rule obliges instead,
    the suit led (for a card played) and the lesson step that teaches the rule."""

    code: str
    kind: RefusalKind
    card: Card | None
    forcing: tuple[Card, ...]
    led: int
    lesson: LessonStep | None


def explain_refusal(refusal: Refusal) -> IllegalExplained:
    return IllegalExplained(
        refusal.code,
        refusal_kind(refusal.code),
        refusal.card,
        refusal.forcing,
        refusal.led,
        REFUSAL_LESSONS.get(refusal.code),
    )


def card_verdicts(deal: Deal, seat: int) -> dict[Card, IllegalExplained | None]:
    """Every card of ``seat``'s hand when it is to play (or, taker, to make the écart):
    None for a card allowed, else why not (for the table's card labels and dimming)."""
    hand = deal.hands[seat]
    if deal.phase is Phase.ECART and seat == deal.taker:
        out: dict[Card, IllegalExplained | None] = {}
        for card in cards_of(hand):
            reason = deal.discard_refusal(card)
            out[card] = (
                None
                if reason is None
                else explain_refusal(Refusal(reason.value, card))
            )
        return out
    if deal.phase is not Phase.PLAYING or deal.to_play != seat:
        return {}
    verdicts = explain_play(hand, deal.trick, deal.called, deal.tricks_done == 0)
    led = led_suit(deal.trick) if deal.trick else NO_SUIT_LED
    out = {card: None for card in verdicts.legal}
    for card, verdict in verdicts.illegal.items():
        out[card] = explain_refusal(
            Refusal(verdict.reason.value, card, verdict.forcing, led)
        )
    return dict(sorted(out.items()))
