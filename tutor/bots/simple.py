"""SimpleBot: one sensible strategy for every phase of a deal."""

from __future__ import annotations

import random

from tutor.bots.bidding import choose_bid, choose_call, hand_strength
from tutor.bots.cardplay import choose_card
from tutor.bots.ecart import next_discard
from tutor.bots.knowledge import TableKnowledge
from tutor.engine import (
    DECK_SIZE,
    EXCUSE_BIT,
    HAND_SIZE,
    TRUMP_21,
    TRUMPS_MASK,
    Action,
    AnnounceChelem,
    Bid,
    Call,
    Contract,
    Deal,
    Discard,
    Phase,
    Play,
    ShowPoignee,
)

PLAYING = Phase.PLAYING  # a module constant: an Enum member lookup costs more than a choice
# Actions are immutable: each made once, not at every decision.
PLAYS = tuple(Play(card) for card in range(DECK_SIZE))
DISCARDS = tuple(Discard(card) for card in range(DECK_SIZE))
BIDS: dict[Contract | None, Bid] = {c: Bid(c) for c in (None, *Contract)}
CHELEM = {True: AnnounceChelem(True), False: AnnounceChelem(False)}


class SimpleBot:
    """Bids from a point count of its hand, calls a king where it holds cards, builds voids in
    the écart, shows a poignée when it holds one, announces a chelem only with all but one of
    the tricks in trumps headed by the 21 and the Excuse, and plays by the rules of thumb of
    ``tutor.bots.cardplay``. Deterministic given ``rng``.

    It keeps what the play of the deal it is in has shown, updated with the cards played
    since its last choice (``TableKnowledge``); one bot may sit in several seats, each seeing
    those public facts and its own hand only."""

    def __init__(self) -> None:
        self._table = TableKnowledge()

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Action:
        phase = deal.phase
        if phase is PLAYING:
            # A poignée is shown before one's first card, or never.
            if not deal.played_seats >> seat & 1:
                choices = deal.poignee_choices()
                if choices:
                    return ShowPoignee(choices[max(choices)])
            return PLAYS[choose_card(deal, seat, rng, self._table)]
        if phase is Phase.BIDDING:
            return BIDS[choose_bid(deal.hands[seat], deal.players, deal.highest)]
        if phase is Phase.CALLING:
            return Call(choose_call(deal.hands[seat]))
        if phase is Phase.ECART:
            remaining = deal.ecart_size - deal.ecart.bit_count()
            return DISCARDS[next_discard(deal.hands[seat], remaining)]
        if phase is Phase.CHELEM:
            return CHELEM[announces_chelem(deal.hands[seat], deal.players)]
        raise ValueError(f"nothing to choose in the {phase.value} phase")

    def read(self, deal: Deal) -> None:
        """Read what the play of ``deal`` has shown so far (``following`` then reads on)."""
        self._table.update(deal)

    def following(self, deal: Deal) -> SimpleBot:
        """A bot for ``deal``, a copy of the deal this one last read: it knows what this one
        knew and reads on from there (``TableKnowledge.following``)."""
        other = SimpleBot()
        other._table = self._table.following(deal)
        return other

    @staticmethod
    def strength(hand: int, players: int) -> int:
        return hand_strength(hand, players)


def announces_chelem(hand: int, players: int) -> bool:
    """Almost never: the 21, the Excuse and trumps for all the tricks but one."""
    trumps = (hand & TRUMPS_MASK).bit_count()
    return bool(hand >> TRUMP_21 & 1 and hand & EXCUSE_BIT) and trumps >= HAND_SIZE[players] - 2


__all__ = ["SimpleBot", "announces_chelem"]
