"""What the card kinds (play, legal-set, écart, best-card) share: the engine's legal cards, the
reason a card may not be played, and the judgement of one card played."""

from __future__ import annotations

from collections.abc import Iterable

from tutor.content.fields import TableView, card_codes
from tutor.content.verdict import NOT_ACCEPTED, RIGHT, Verdict
from tutor.engine import Card, Reason, card_name, display_order, explain_play, illegal_play


def legal_cards(pos: TableView) -> tuple[Card, ...]:
    return explain_play(pos.hand_mask, pos.trick_cards, pos.called, pos.first_trick).legal


def play_reason(pos: TableView, card: Card) -> str | None:
    """None for a legal card, ``not_in_hand``, or the rule broken with the cards forcing it."""
    verdict = illegal_play(pos.hand_mask, pos.trick_cards, card, pos.called, pos.first_trick)
    if verdict is None:
        return None
    if verdict.reason is Reason.NOT_IN_HAND:
        return "not_in_hand"
    return f"{verdict.reason.value}: {card_codes(display_order(verdict.forcing))}"


def judge_card(pos: TableView, card: Card, expected: frozenset[Card]) -> Verdict:
    """An illegal card names the rule and the cards forcing it; a legal card not among the
    ``expected`` ones names those."""
    illegal = illegal_play(pos.hand_mask, pos.trick_cards, card, pos.called, pos.first_trick)
    if illegal is not None:
        return Verdict(False, illegal.reason.value, illegal.forcing, expected)
    if card not in expected:
        return Verdict(False, NOT_ACCEPTED, tuple(sorted(expected, reverse=True)), expected)
    return Verdict(True, RIGHT, (card,), expected)


def card_words(cards: Iterable[Card], lang: str) -> str:
    """'King of hearts, Trump 21': cards in words, in display order."""
    return ", ".join(card_name(c, lang) for c in display_order(cards))
