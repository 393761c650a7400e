"""The Excuse played to the last trick (RULES §7.2): outside a chelem it changes camp, whoever
wins that trick; a side that led it to the last trick after winning every other trick wins
that trick with it; a side that won every trick, the last one included, keeps it."""

import random

import pytest

from tests.engine.builders import make_deal, play_out
from tutor.engine.announcements import Chelem
from tutor.engine.cards import (
    EXCUSE,
    EXCUSE_BIT,
    TOTAL_HALF_POINTS,
    cards_of,
    half_points,
    highest,
)
from tutor.engine.contracts import Contract, callable_cards
from tutor.engine.dealing import HAND_SIZE
from tutor.engine.errors import ImpossiblePositionError
from tutor.engine.game import AnnounceChelem, Bid, Call, Deal, Phase
from tutor.engine.scoring import ScoreInput, score


def garde_sans_for_seat(d: Deal, taker: int) -> None:
    """Everyone passes but ``taker``, who bids a garde sans (no écart); at 5 a king is called."""
    while d.phase is Phase.BIDDING:
        d.push(Bid(Contract.GARDE_SANS if d.speaker == taker else None))
    if d.phase is Phase.CALLING:
        d.push(Call(cards_of(callable_cards(d.hands[taker]))[-1]))


def keep_the_excuse_to_the_end(rng: random.Random):
    """A random legal card, but the Excuse only when nothing else is legal."""

    def policy(deal: Deal) -> int:
        legal = deal.legal_plays()
        return rng.choice(cards_of(legal & ~EXCUSE_BIT or legal))

    return policy


def excuse_camp(d: Deal) -> bool:
    """True when the Excuse ends in the attack's cards."""
    return bool(d.result().attack_pile & EXCUSE_BIT)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_excuse_played_last_goes_to_the_other_camp_whoever_wins_the_trick(players):
    met = set()
    for seed in range(600):
        d = Deal.new(players, seed)
        if d.phase is Phase.REDEAL:
            continue
        garde_sans_for_seat(d, d.speaker)
        d.push(AnnounceChelem(False))
        play_out(d, keep_the_excuse_to_the_end(random.Random(seed)))
        last = d.tricks[-1]
        if EXCUSE not in last.cards:
            continue
        owner = last.seats[last.cards.index(EXCUSE)]
        if d.attack_tricks in (0, len(d.tricks)) or (
            d.attack_tricks == len(d.tricks) - 1 and d.is_attack(owner) != d.is_attack(last.winner)
        ):
            continue  # a chelem: not this rule
        owner_wins_last = d.is_attack(owner) == d.is_attack(last.winner)
        met.add((d.is_attack(owner), owner_wins_last))
        assert excuse_camp(d) is not d.is_attack(owner)
        r = d.result()
        assert half_points(r.attack_pile) + half_points(r.defence_pile) == TOTAL_HALF_POINTS
    # Each camp held it and saw its own side win and lose that trick; at 3 and 4 players the
    # attack is the taker alone, so an attacker's Excuse never sees its own side win.
    both = {(True, False), (False, True), (False, False)}
    assert met == (both | {(True, True)} if players == 5 else both)


def chelem_with_the_excuse_led_last(players: int) -> Deal:
    """Seat 1 holds the Excuse and the top trumps: wins every trick, then leads the Excuse."""
    strong = ["EX", *(f"T{n}" for n in range(21, 0, -1)), "KS", "KH"][: HAND_SIZE[players]]
    d = make_deal(players, {1: " ".join(strong)})
    garde_sans_for_seat(d, 1)
    d.push(AnnounceChelem(True))

    def policy(deal: Deal) -> int:
        legal = deal.legal_plays()
        if deal.to_play == 1 and legal & ~EXCUSE_BIT:
            return highest(legal & ~EXCUSE_BIT)  # the Excuse is kept for the last trick
        return cards_of(legal)[0]

    play_out(d, policy)
    return d


@pytest.mark.parametrize("players", [3, 4, 5])
def test_chelem_excuse_led_to_the_last_trick_wins_it_and_stays_with_the_attack(players):
    d = chelem_with_the_excuse_led_last(players)
    last = d.tricks[-1]
    assert last.cards[0] == EXCUSE and last.winner == 1
    r = d.result()
    assert r.attack_pile & EXCUSE_BIT and r.chelem is Chelem.ANNOUNCED_MADE


def test_at_four_players_a_half_point_is_scored_only_when_the_excuse_changed_camp():
    lost_excuse = ScoreInput(4, Contract.GARDE, 81, 1, excuse_changed_camp=True)
    assert score(lost_excuse).difference == -11  # 40.5 needing 51: the half to the winner
    with pytest.raises(ImpossiblePositionError):
        score(ScoreInput(4, Contract.GARDE, 81, 1))
