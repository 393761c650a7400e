"""The écart (RULES §5): never a king nor an oudler, trumps only if unavoidable, and shown."""

from __future__ import annotations

from enum import StrEnum

from tutor.engine.cards import (
    KINGS_MASK,
    OUDLERS_MASK,
    SUIT_MASKS,
    TRUMPS_MASK,
    Card,
    cards_of,
    format_card,
    mask_of,
)
from tutor.engine.errors import IllegalActionError

CHIEN_SIZE = {3: 6, 4: 6, 5: 3}
PLAIN_CARDS_MASK = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]


class EcartReason(StrEnum):
    """Why a card may not go to the écart (the codes the UI translates)."""
    NOT_IN_HAND = "not_in_hand"
    KING = "king_in_ecart"
    OUDLER = "oudler_in_ecart"
    TRUMP_AVOIDABLE = "trump_while_other_cards"
    WRONG_SIZE = "wrong_ecart_size"


def discardable_plain_cards(hand: int) -> int:
    """Suit cards other than kings: what an écart is made of when it can be."""
    return hand & PLAIN_CARDS_MASK & ~KINGS_MASK


def trumps_needed_in_ecart(hand: int, size: int) -> int:
    """How many trumps the écart must contain: only as many as the other cards fall short."""
    return max(0, size - discardable_plain_cards(hand).bit_count())


def ecart_refusal(hand: int, card: Card, size: int) -> EcartReason | None:
    """Why ``card`` may not go to the écart from ``hand`` (chien included), or None."""
    b = 1 << card
    if not hand & b:
        return EcartReason.NOT_IN_HAND
    if b & KINGS_MASK:
        return EcartReason.KING
    if b & OUDLERS_MASK:
        return EcartReason.OUDLER
    if b & TRUMPS_MASK and trumps_needed_in_ecart(hand, size) == 0:
        return EcartReason.TRUMP_AVOIDABLE
    return None


def ecart_mask(hand: int, size: int) -> int:
    """The cards of ``hand`` that may go to the écart when ``size`` slots are open: the fast
    form of ``ecart_refusal`` (tests hold them equal)."""
    allowed = hand & ~(KINGS_MASK | OUDLERS_MASK)
    if trumps_needed_in_ecart(hand, size) == 0:
        allowed &= ~TRUMPS_MASK
    return allowed


def ecart_refusals(hand: int, ecart: int, size: int) -> dict[Card, EcartReason]:
    """Each refused card of a proposed écart with its reason (the size is checked apart)."""
    refused = {c: r for c in cards_of(ecart) if (r := ecart_refusal(hand, c, size)) is not None}
    extra_trumps = (ecart & TRUMPS_MASK).bit_count() - trumps_needed_in_ecart(hand, size)
    if extra_trumps > 0:
        # Trumps allowed one by one but too many together: the surplus ones are refused.
        for card in sorted(cards_of(ecart & TRUMPS_MASK & ~OUDLERS_MASK), reverse=True):
            if extra_trumps == 0:
                break
            if card not in refused:
                refused[card] = EcartReason.TRUMP_AVOIDABLE
                extra_trumps -= 1
    return refused


def check_ecart(hand: int, ecart: int, size: int) -> None:
    if ecart.bit_count() != size:
        raise IllegalActionError(
            f"the écart must have exactly {size} cards, not {ecart.bit_count()}",
            EcartReason.WRONG_SIZE.value,
            cards_of(ecart),
            {"size": str(size), "n": str(ecart.bit_count())},
        )
    refused = ecart_refusals(hand, ecart, size)
    if refused:
        card, reason = min(refused.items())
        raise IllegalActionError(f"{format_card(card)}: {reason.value}", reason.value, (card,))


def trumps_to_show(ecart: int) -> list[Card]:
    """Every trump put in the écart is shown to the defence."""
    return cards_of(ecart & TRUMPS_MASK)


def legal_ecart_exists(hand: int, size: int) -> bool:
    """Whether the hand has ``size`` cards that are neither kings nor oudlers (trumps allowed)."""
    allowed = hand & ~(KINGS_MASK | OUDLERS_MASK)
    return allowed.bit_count() >= size


def default_ecart(hand: int, size: int) -> int:
    """A legal écart (lowest plain cards, then the lowest trumps): used by tests and bots."""
    plain = cards_of(discardable_plain_cards(hand))
    plain.sort(key=lambda c: (c % 14, c))
    chosen = plain[:size]
    if len(chosen) < size:
        chosen += cards_of(hand & TRUMPS_MASK & ~OUDLERS_MASK)[: size - len(chosen)]
    return mask_of(chosen)
