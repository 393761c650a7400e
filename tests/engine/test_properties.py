"""Properties over thousands of random seeded deals at 3, 4 and 5 players."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.profiles import examples
from tutor.engine.cards import FULL_DECK, TOTAL_HALF_POINTS, cards_of, half_points
from tutor.engine.dealing import deal
from tutor.engine.game import Deal, Phase, Play
from tutor.engine.play import explain_play, illegal_play, led_suit, legal_mask, top_trump

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.sampled_from([3, 4, 5])


def random_deal(players: int, seed: int) -> Deal:
    """A whole deal played with random legal actions (bids, call, écart, announcements, cards)."""
    rng = random.Random(seed)
    d = Deal.new(players, seed, dealer=seed % players)
    while d.phase not in (Phase.FINISHED, Phase.REDEAL):
        hand_before = d.hands[d.current_seat] if d.phase is Phase.PLAYING else None
        if hand_before is not None:
            fast = d.legal_plays()
            assert fast, "the legal set is never empty"
            slow = explain_play(hand_before, d.trick, d.called, not d.tricks)
            assert set(cards_of(fast)) == set(slow.legal)
        d.push(rng.choice(d.legal_actions()))
    return d


@settings(max_examples=examples(1000))
@given(players=player_counts, seed=seeds)
def test_random_deals_keep_every_rule(players, seed):
    d = random_deal(players, seed)
    if d.phase is Phase.REDEAL:
        return
    # every card was dealt once, and each trick's winner played a legal card
    assert d.dealt.chien.bit_count() + sum(h.bit_count() for h in d.dealt.hands) == 78
    union = d.dealt.chien
    for h in d.dealt.hands:
        assert not union & h
        union |= h
    assert union == FULL_DECK
    for trick in d.tricks:
        assert len(trick.cards) == players
        assert trick.seats[0] == trick.leader
    r = d.result()
    assert r.attack_pile & r.defence_pile == 0
    assert r.attack_pile | r.defence_pile == FULL_DECK
    # piles total 91 after the Excuse exchange (an owed half point moves, never vanishes)
    assert (
        r.attack_half_points + (half_points(r.defence_pile) - r.excuse_owed_half)
        == TOTAL_HALF_POINTS
    )
    assert sum(r.marks) == 0
    assert all(isinstance(m, int) for m in r.marks)
    assert len(r.marks) == players


@settings(max_examples=examples(1000))
@given(players=player_counts, seed=seeds)
def test_every_trick_winner_played_a_legal_card_and_the_moves_replay(players, seed):
    d = random_deal(players, seed)
    if d.phase is Phase.REDEAL:
        return
    replay = Deal(deal(players, seed, dealer=seed % players))
    hands = list(replay.hands)
    for action in d.moves:
        if isinstance(action, Play):
            seat = replay.to_play
            assert (
                illegal_play(
                    replay.hands[seat], replay.trick, action.card, replay.called, not replay.tricks
                )
                is None
            )
        replay.push(action)
    assert replay.phase is Phase.FINISHED
    assert replay.result() == d.result()
    assert hands  # dealt hands were non-empty


@given(
    hand=st.integers(min_value=1, max_value=FULL_DECK),
    trick=st.lists(st.integers(min_value=0, max_value=77), max_size=4, unique=True),
)
def test_fast_and_explained_legality_agree_on_any_position(hand, trick):
    hand &= ~sum(1 << c for c in trick)
    if not hand:
        return
    fast = legal_mask(hand, led_suit(trick), top_trump(trick))
    verdicts = explain_play(hand, trick)
    assert fast and set(cards_of(fast)) == set(verdicts.legal)
    assert set(verdicts.legal) | set(verdicts.illegal) == set(cards_of(hand))


@given(hand=st.integers(min_value=0, max_value=FULL_DECK), size=st.sampled_from([3, 6]))
def test_fast_and_explained_ecart_rules_agree_on_any_hand(hand, size):
    from tutor.engine.ecart import ecart_mask, ecart_refusal

    fast = ecart_mask(hand, size)
    assert fast == sum(1 << c for c in cards_of(hand) if ecart_refusal(hand, c, size) is None)
