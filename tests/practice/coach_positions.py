"""Build the positions the coach's tests need: a bidding deal with a chosen hand, the écart
after a chosen bid, and a deal near its end (through the one-line position notation)."""

from __future__ import annotations

from tests.engine.builders import make_deal
from tutor.engine.cards import (
    DECK_SIZE,
    KINGS_MASK,
    OUDLERS_MASK,
    PETIT,
    TRUMPS_MASK,
    Card,
    mask_of,
    parse_cards,
)
from tutor.engine.contracts import Contract
from tutor.engine.dealing import HAND_SIZE
from tutor.engine.ecart import CHIEN_SIZE
from tutor.engine.game import Bid, Deal, Phase
from tutor.engine.position import Position


def bidding(hand: str, players: int = 4, before: tuple[Contract | None, ...] = ()) -> Deal:
    """A deal where seat 0 holds ``hand`` and is to bid after the bids ``before``."""
    # The seat right of the dealer speaks first: seat 0 speaks after len(before) others.
    dealer = (-len(before) - 1) % players
    deal = make_deal(players, {0: hand}, dealer=dealer)
    for contract in before:
        deal.push(Bid(contract))
    assert deal.phase is Phase.BIDDING and deal.speaker == 0
    return deal


def taking(hand: str, chien: str, contract: Contract = Contract.GARDE, players: int = 4) -> Deal:
    """Seat 0 holds ``hand`` (the whole hand), takes ``contract`` and is to make the écart
    with the chien ``chien``; the others pass."""
    deal = make_deal(players, {0: hand}, chien=chien, dealer=players - 1)
    deal.push(Bid(contract))
    while deal.phase is Phase.BIDDING:
        deal.push(Bid(None))
    return deal


def endgame(
    hands: dict[int, str],
    *,
    taker: int,
    leader: int,
    attack_tricks: int,
    trick: str = "",
    players: int = 4,
    called: Card | None = None,
    partner: int | None = None,
) -> Deal:
    """A deal in play where each seat holds ``hands`` (all the same size but the trick's
    players'), the attack has won ``attack_tricks`` tricks, the defence the others; the
    écart is made of low plain cards, and the Petit (when no hand holds it) lies in the
    first trick's winner's pile. At 5 players, ``called`` and ``partner`` as the notation
    has them."""
    held = {seat: mask_of(parse_cards(codes)) for seat, codes in hands.items()}
    in_trick = parse_cards(trick) if trick else []
    used = sum(held.values()) | mask_of(in_trick)
    free = [c for c in range(DECK_SIZE) if not used >> c & 1]
    aside = [c for c in free if not 1 << c & (KINGS_MASK | OUDLERS_MASK | TRUMPS_MASK)]
    aside = aside[: CHIEN_SIZE[players]]
    rest = [c for c in free if c not in aside]
    done = HAND_SIZE[players] - held[leader].bit_count() - (1 if in_trick else 0)
    attack_n = attack_tricks * players
    assert len(rest) == done * players, (len(rest), done)
    # the Petit goes first into the attack's pile (if it won a trick) else the defence's
    rest.sort(key=lambda c: c != PETIT)
    if attack_tricks:
        attack, defence = rest[:attack_n], rest[attack_n:]
    else:
        attack, defence = [], rest
    petit_won = None
    if PETIT in attack:
        petit_won = (0, taker)
    elif PETIT in defence:
        petit_won = (0, (taker + 1) % players)
    position = Position(
        players=players,
        dealer=(leader - 1) % players,
        contract=Contract.GARDE,
        taker=taker,
        hands=tuple(held[s] for s in range(players)),
        leader=leader,
        trick=tuple(in_trick),
        attack_won=mask_of(attack),
        defence_won=mask_of(defence),
        aside=mask_of(aside),
        petit_won=petit_won,
        called=called,
        partner=partner,
    )
    return Deal.from_position(position)
