"""What a computer player is: one decision for the seat whose turn it is, in every phase."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from tutor.engine import Action, Deal


@runtime_checkable
class Bot(Protocol):
    """A computer player.

    ``choose`` is called when ``seat`` must act in ``deal`` (bidding, calling a card, each card
    of the écart, the chelem question, a poignée before the first card, and each card played)
    and returns an action that ``deal.push`` accepts. A bot reads only what ``seat`` may know:
    its own hand (``deal.hands[seat]``), the bids, the cards played, the chien when it was shown,
    the trumps shown in the écart and the poignées; never the other hands. With the same ``rng``
    state it makes the same choice.
    """

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Action: ...
