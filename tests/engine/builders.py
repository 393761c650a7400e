"""Build deals with chosen cards, for tests that pin one rule situation."""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine.cards import DECK_SIZE, mask_of, parse_cards
from tutor.engine.dealing import HAND_SIZE, DealtCards
from tutor.engine.ecart import CHIEN_SIZE
from tutor.engine.game import Deal, Phase
from tutor.engine.variants import FFT_2012, Rules


def make_deal(
    players: int,
    fixed: dict[int, str],
    chien: str = "",
    dealer: int = 0,
    rules: Rules = FFT_2012,
) -> Deal:
    """Seats in ``fixed`` get those cards (completed with the lowest free cards if short),
    the chien gets ``chien`` (completed the same way); the rest fill the other seats."""
    hands = {seat: parse_cards(codes) for seat, codes in fixed.items()}
    chien_cards = parse_cards(chien) if chien else []
    used = {c for cards in hands.values() for c in cards} | set(chien_cards)
    free = [c for c in range(DECK_SIZE) if c not in used]
    for seat in range(players):
        cards = hands.setdefault(seat, [])
        while len(cards) < HAND_SIZE[players]:
            cards.append(free.pop(0))
    while len(chien_cards) < CHIEN_SIZE[players]:
        chien_cards.append(free.pop(0))
    assert not free
    dealt = DealtCards(
        tuple(mask_of(hands[s]) for s in range(players)), mask_of(chien_cards), dealer, 0
    )
    return Deal(dealt, rules)


Policy = Callable[[Deal], int]


def lowest_legal(deal: Deal) -> int:
    legal = deal.legal_plays()
    return (legal & -legal).bit_length() - 1


def play_out(deal: Deal, policy: Policy = lowest_legal) -> None:
    while deal.phase is Phase.PLAYING:
        deal.play(policy(deal))
