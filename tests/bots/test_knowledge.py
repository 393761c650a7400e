"""What a bot keeps of the deal while it plays (``TableKnowledge``) is what a reading of the
whole deal from scratch (``observe``) gives, card after card, through undos and from one deal
to another; and the lazily seeded decision rng draws the numbers ``random.Random`` draws."""

from __future__ import annotations

import random

import pytest

from tutor.bots import SimpleBot, observe
from tutor.bots.knowledge import TableKnowledge
from tutor.bots.simulate import DecisionRandom, bot_step
from tutor.engine.cards import cards_of
from tutor.engine.game import Deal, Phase, Play

BOT = SimpleBot()


def to_play(players: int, seed: int) -> Deal:
    """A deal dealt from ``seed`` and bid by the bots, at its first card (None if redealt)."""
    deal = Deal.new(players, seed, dealer=seed % players)
    while deal.phase in (Phase.BIDDING, Phase.CALLING, Phase.ECART, Phase.CHELEM):
        bot_step(deal, [BOT] * players)
    return deal


def assert_same_as_from_scratch(table: TableKnowledge, deal: Deal) -> None:
    for seat in range(deal.players):
        assert table.view(deal, seat) == observe(deal, seat), seat


@pytest.mark.parametrize("players", [3, 4, 5])
def test_kept_knowledge_equals_a_reading_from_scratch_at_every_card(players):
    table = TableKnowledge()
    for seed in range(40):
        deal = to_play(players, seed)
        while deal.phase is Phase.PLAYING:
            assert_same_as_from_scratch(table, deal)
            bot_step(deal, [BOT] * players)
        if deal.phase is Phase.FINISHED:
            assert_same_as_from_scratch(table, deal)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_kept_knowledge_follows_undos_and_other_cards_played_instead(players):
    rng = random.Random(players)
    table = TableKnowledge()
    undone = 0
    for seed in range(30):
        deal = to_play(players, seed)
        while deal.phase is Phase.PLAYING:
            assert_same_as_from_scratch(table, deal)
            if deal.tricks and rng.random() < 0.15:
                # Take back up to two tricks, look or not, play as many random cards instead.
                back = rng.randrange(1, 2 * players + 1)
                for _ in range(back):
                    if not isinstance(deal.moves[-1], Play):
                        break
                    deal.pop()
                    undone += 1
                if rng.random() < 0.5:
                    assert_same_as_from_scratch(table, deal)
                for _ in range(back - 1):
                    if deal.phase is Phase.PLAYING:
                        deal.push(Play(rng.choice(cards_of(deal.legal_plays()))))
                continue
            deal.push(Play(rng.choice(cards_of(deal.legal_plays()))))
    assert undone > 100


@pytest.mark.parametrize("players", [3, 4, 5])
def test_knowledge_following_a_copy_of_its_deal_equals_a_reading_from_scratch(players):
    """At every card of a deal, the knowledge read so far handed to a copy of the deal (as
    each playout of a sampled deal gets it), the copy then played on by random cards for a
    trick and more; also a copy made before the last look and one of another deal, which are
    read afresh."""
    rng = random.Random(players)
    for seed in range(10):
        deal, other = to_play(players, seed), to_play(players, seed + 100)
        table = TableKnowledge()
        earlier = deal.copy()
        while deal.phase is Phase.PLAYING:
            assert_same_as_from_scratch(table, deal)
            for copy in (deal.copy(), earlier.copy(), other.copy()):
                following = table.following(copy)
                for _ in range(players + 1):
                    if copy.phase is not Phase.PLAYING:
                        break
                    assert_same_as_from_scratch(following, copy)
                    copy.push(Play(rng.choice(cards_of(copy.legal_plays()))))
            earlier = deal.copy()
            bot_step(deal, [BOT] * players)


def test_kept_knowledge_starts_afresh_on_another_deal_and_back():
    table = TableKnowledge()
    a, b = to_play(4, 1), to_play(4, 3)  # two deals the bots bid (seed 2 is redealt)
    for _ in range(30):
        for deal in (a, b):
            assert_same_as_from_scratch(table, deal)
            bot_step(deal, [BOT] * 4)


def test_the_decision_rng_draws_what_random_random_draws():
    for seed in (0, 7, 10**12 + 39):
        ours, theirs = DecisionRandom(seed), random.Random(seed)
        assert [ours.randrange(5) for _ in range(20)] == [theirs.randrange(5) for _ in range(20)]
        assert ours.random() == theirs.random()
        assert ours.choice("abcdefgh") == theirs.choice("abcdefgh")
        assert ours.sample(range(100), 6) == theirs.sample(range(100), 6)
        assert ours.getstate() == theirs.getstate()
        assert DecisionRandom(seed).getstate() == random.Random(seed).getstate()
        ours.seed(3)
        theirs.seed(3)
        assert ours.random() == theirs.random()


def test_kept_knowledge_before_the_bids_end_sees_no_side():
    deal = Deal.new(4, 3)
    table = TableKnowledge()
    for seat in range(4):
        assert table.view(deal, seat) == observe(deal, seat)
        assert table.view(deal, seat).friends == frozenset({seat})
