"""The deal decides a trick without the Excuse from the highest trump it tracked while the
cards were played (tricks with the Excuse go through ``trick_outcome``); those tricks must
still be won by the card ``trick_outcome`` names."""

from __future__ import annotations

import random

import pytest

from tutor.engine.cards import EXCUSE
from tutor.engine.contracts import Contract
from tutor.engine.game import Deal, Phase
from tutor.engine.trick import trick_outcome


def random_finished_deal(players: int, seed: int) -> Deal | None:
    rng = random.Random(seed)
    d = Deal.new(players, seed, dealer=seed % players, undo=seed % 2 == 0)
    while d.phase is Phase.BIDDING:
        d.bid(rng.choice([None, Contract.GARDE, Contract.GARDE_SANS]) if d.highest is None
              else None)
    if d.phase is Phase.REDEAL:
        return None
    while d.phase is not Phase.PLAYING:
        d.push(rng.choice(d.legal_actions()))
    while d.phase is Phase.PLAYING:
        legal = d.legal_plays()
        d.play(rng.choice([c for c in range(78) if legal >> c & 1]))
    return d


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_trick_without_the_excuse_is_won_by_the_card_trick_outcome_names(players):
    checked = 0
    for seed in range(150):
        d = random_finished_deal(players, seed)
        if d is None:
            continue
        for record in d.tricks:
            if EXCUSE in record.cards:
                continue
            # Without the Excuse, the attack's positions do not change who wins.
            position = trick_outcome(record.cards, attack=0).winner
            assert record.winner == record.seats[position], (seed, record)
            checked += 1
    assert checked > 1000
