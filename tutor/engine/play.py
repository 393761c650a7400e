"""Playing a trick (RULES §6): which cards are legal, why the others are not, who wins.

Two layers: ``legal_mask`` is the fast path the state machine and the bots call (a few int
operations on bit masks), and ``explain_play`` gives every illegal card its reason code and
the cards that force it, for the learner. Both decide the same rules; tests hold them equal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from tutor.engine.cards import (
    EXCUSE,
    EXCUSE_BIT,
    SUIT_MASKS,
    TRUMPS_ABOVE,
    TRUMPS_MASK,
    Card,
    Suit,
    cards_of,
    format_card,
    mask_of,
    rank_of,
    suit_of,
)
from tutor.engine.errors import DuplicateCardError, IllegalActionError, ImpossiblePositionError

NO_SUIT_LED = -1
TRUMP_LED = int(Suit.TRUMPS)


class Reason(StrEnum):
    """Why a card may not be played. The UI turns these codes into sentences."""

    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_TRUMP = "must_trump"
    MUST_OVERTRUMP = "must_overtrump"
    MUST_UNDERTRUMP = "must_undertrump"
    MUST_PLAY_TRUMP = "must_play_trump"
    MUST_PLAY_HIGHER_TRUMP = "must_play_higher_trump"
    CALLED_SUIT_FIRST_TRICK = "called_suit_first_trick"


@dataclass(frozen=True, slots=True)
class IllegalPlay:
    card: Card
    reason: Reason
    forcing: tuple[Card, ...]  # the cards in hand that the rule obliges instead

    def __str__(self) -> str:
        forced = " ".join(format_card(c) for c in self.forcing)
        return f"{format_card(self.card)}: {self.reason.value} ({forced})"


@dataclass(frozen=True, slots=True)
class PlayVerdicts:
    legal: tuple[Card, ...]
    illegal: dict[Card, IllegalPlay]


# --- the state of a trick that the rules look at -------------------------------------------
def led_suit(trick: Sequence[Card]) -> int:
    """The suit that sets what must be played: the first card that is not the Excuse."""
    for card in trick:
        if card != EXCUSE:
            return int(suit_of(card))
    return NO_SUIT_LED


def top_trump(trick: Sequence[Card]) -> int:
    """The number of the highest trump in the trick, 0 if none (the Excuse is no trump)."""
    top = 0
    for card in trick:
        if suit_of(card) is Suit.TRUMPS:
            top = max(top, rank_of(card))
    return top


# --- the fast path ------------------------------------------------------------------------
def legal_mask(hand: int, led: int, top: int, called_lead: Card | None = None) -> int:
    """Legal cards of ``hand`` when ``led`` was led (NO_SUIT_LED when leading) and the highest
    trump in the trick is ``top`` (0: none). The Excuse is always playable. ``called_lead``:
    at 5 players, the called card while the first trick's suit is still to be opened."""
    if led < 0:
        if called_lead is not None:
            return called_suit_lead_mask(hand, called_lead)
        return hand
    if led != TRUMP_LED and hand & SUIT_MASKS[led]:
        return hand & _SUIT_OR_EXCUSE[led]  # follow suit
    if not hand & TRUMPS_MASK:
        return hand  # neither the suit nor a trump: discard anything
    if hand & TRUMPS_ABOVE[top]:
        return hand & _ABOVE_OR_EXCUSE[top]  # overtrump
    return hand & _TRUMPS_OR_EXCUSE  # trump (or undertrump) all the same


# One mask per case, the Excuse in each: one ``&`` gives the legal cards.
_SUIT_OR_EXCUSE = tuple(mask | EXCUSE_BIT for mask in SUIT_MASKS)
_ABOVE_OR_EXCUSE = tuple(mask | EXCUSE_BIT for mask in TRUMPS_ABOVE)
_TRUMPS_OR_EXCUSE = TRUMPS_MASK | EXCUSE_BIT


def called_suit_lead_mask(hand: int, called: Card) -> int:
    """5 players, first trick, opening the suit: no card of the called suit but the called card."""
    allowed = hand & ~(SUIT_MASKS[suit_of(called)] & ~(1 << called))
    return allowed or hand


def legal_cards(
    hand: int, trick: Sequence[Card], called: Card | None = None, first_trick: bool = False
) -> int:
    """Legal cards as a mask for a position given as the cards of the trick so far."""
    return legal_mask(hand, led_suit(trick), top_trump(trick), called if first_trick else None)


# --- the explanation ----------------------------------------------------------------------
def validate_hand_and_trick(hand: int, trick: Sequence[Card], players: int = 4) -> None:
    """Refuse a trick that cannot happen: a card twice, in hand and trick, a full trick."""
    if len(set(trick)) != len(trick):
        twice = [c for c in set(trick) if trick.count(c) > 1]
        raise DuplicateCardError("a card appears twice in the trick", "duplicate_card", twice)
    if mask_of(trick) & hand:
        both = " ".join(format_card(c) for c in cards_of(mask_of(trick) & hand))
        raise DuplicateCardError(
            f"card {both} is both in the hand and in the trick",
            "card_in_hand_and_trick",
            cards_of(mask_of(trick) & hand),
        )
    if len(trick) >= players:
        raise ImpossiblePositionError(
            f"the trick already has {len(trick)} cards: at {players} players it is complete",
            "trick_full",
            trick,
        )
    if not hand:
        raise ImpossiblePositionError("the hand is empty", "empty_hand")


def illegal_play(
    hand: int,
    trick: Sequence[Card],
    card: Card,
    called: Card | None = None,
    first_trick: bool = False,
) -> IllegalPlay | None:
    """Why ``card`` may not be played now, or None if it may."""
    if not hand >> card & 1:
        return IllegalPlay(card, Reason.NOT_IN_HAND, ())
    if card == EXCUSE:
        return None
    led = led_suit(trick)
    if called is not None and first_trick and led == NO_SUIT_LED:
        # After an Excuse lead the next card opens the suit: the rule applies to it too.
        allowed = called_suit_lead_mask(hand, called)
        if allowed >> card & 1:
            return None
        return IllegalPlay(card, Reason.CALLED_SUIT_FIRST_TRICK, (called,))
    if led == NO_SUIT_LED:
        return None
    suit = int(suit_of(card))
    top = top_trump(trick)
    follow = hand & SUIT_MASKS[led]
    trumps = hand & TRUMPS_MASK
    higher = trumps & TRUMPS_ABOVE[top]
    if led != TRUMP_LED:
        if follow:
            return None if suit == led else _illegal(card, Reason.MUST_FOLLOW_SUIT, follow)
        if not trumps:
            return None
        if suit != TRUMP_LED:
            if top == 0:
                return _illegal(card, Reason.MUST_TRUMP, trumps)
            if higher:
                return _illegal(card, Reason.MUST_OVERTRUMP, higher)
            return _illegal(card, Reason.MUST_UNDERTRUMP, trumps)
        if higher and not higher >> card & 1:
            return _illegal(card, Reason.MUST_OVERTRUMP, higher)
        return None
    if not trumps:
        return None
    if suit != TRUMP_LED:
        return _illegal(
            card,
            Reason.MUST_PLAY_HIGHER_TRUMP if higher else Reason.MUST_PLAY_TRUMP,
            higher or trumps,
        )
    if higher and not higher >> card & 1:
        return _illegal(card, Reason.MUST_PLAY_HIGHER_TRUMP, higher)
    return None


def _illegal(card: Card, reason: Reason, forcing: int) -> IllegalPlay:
    return IllegalPlay(card, reason, tuple(sorted(cards_of(forcing), reverse=True)))


def explain_play(
    hand: int, trick: Sequence[Card], called: Card | None = None, first_trick: bool = False
) -> PlayVerdicts:
    """Every card of the hand judged: the legal ones, and each illegal one with its reason."""
    legal: list[Card] = []
    illegal: dict[Card, IllegalPlay] = {}
    for card in cards_of(hand):
        verdict = illegal_play(hand, trick, card, called, first_trick)
        if verdict is None:
            legal.append(card)
        else:
            illegal[card] = verdict
    return PlayVerdicts(tuple(legal), illegal)


# The obligations of RULES §6.2-§6.4. Breaking one while holding the card it asks for is a
# revoke; the five-player called-suit lead (§4.3) is a wrong lead, not a failure to follow.
REVOKE_REASONS = frozenset({
    Reason.MUST_FOLLOW_SUIT,
    Reason.MUST_TRUMP,
    Reason.MUST_OVERTRUMP,
    Reason.MUST_UNDERTRUMP,
    Reason.MUST_PLAY_TRUMP,
    Reason.MUST_PLAY_HIGHER_TRUMP,
})


def is_revoke(
    hand: int,
    trick: Sequence[Card],
    card: Card,
    called: Card | None = None,
    first_trick: bool = False,
) -> bool:
    """RULES §13.5: playing ``card`` from ``hand`` is a revoke (*renonce*): the card is the
    player's own, and the rules of §6 refuse it because the hand holds a card of the suit led,
    a trump, or a higher trump that they oblige instead. Decided by ``illegal_play``."""
    verdict = illegal_play(hand, trick, card, called, first_trick)
    return verdict is not None and verdict.reason in REVOKE_REASONS


def check_play(
    hand: int,
    trick: Sequence[Card],
    card: Card,
    called: Card | None = None,
    first_trick: bool = False,
) -> None:
    """Raise IllegalActionError with the reason code when ``card`` may not be played."""
    verdict = illegal_play(hand, trick, card, called, first_trick)
    if verdict is not None:
        raise IllegalActionError(
            str(verdict), verdict.reason.value, (verdict.card, *verdict.forcing)
        )
