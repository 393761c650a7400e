"""Deal.push refuses anything not in legal_actions() and changes nothing; the direct methods
check the phase; play() checks the phase and the hand (issue #10)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.profiles import examples
from tutor.engine.cards import DECK_SIZE, parse_card
from tutor.engine.contracts import Contract
from tutor.engine.errors import IllegalActionError
from tutor.engine.game import (
    AnnounceChelem,
    Bid,
    Call,
    Deal,
    Discard,
    Phase,
    Play,
    ShowPoignee,
)


def state(d: Deal):
    return (d.phase, tuple(d.hands), d.moves, tuple(d.trick), d.to_play, d.speaker, d.ecart,
            d.highest, d.called, tuple(d.poignees))


def bidding_deal(seed=0):
    while True:
        d = Deal.new(4, seed)
        if d.phase is Phase.BIDDING:
            return d
        seed += 1000


@pytest.mark.parametrize("action", [Bid(5), Bid("garde"), Bid(True), Bid(2.0)])
def test_a_wrongly_typed_bid_is_refused_and_changes_nothing(action):
    d = bidding_deal()
    before = state(d)
    with pytest.raises(IllegalActionError) as refused:
        d.push(action)
    assert refused.value.reason == "malformed_action"
    assert state(d) == before


@pytest.mark.parametrize(
    "method, arg",
    [
        ("call", parse_card("KS")),
        ("discard", parse_card("2S")),
        ("announce_chelem", False),
        ("show_poignee", 0),
        ("play", 0),
    ],
)
def test_direct_methods_refuse_the_wrong_phase_and_change_nothing(method, arg):
    d = bidding_deal()
    before = state(d)
    with pytest.raises(IllegalActionError) as refused:
        getattr(d, method)(arg)
    assert refused.value.reason == "wrong_phase"
    assert state(d) == before


def test_bid_after_the_bidding_is_refused_as_the_wrong_phase():
    d = bidding_deal()
    d.push(Bid(Contract.GARDE_SANS))
    for _ in range(3):
        d.push(Bid(None))
    with pytest.raises(IllegalActionError) as refused:
        d.bid(Contract.GARDE_CONTRE)
    assert refused.value.reason == "wrong_phase"


def test_play_refuses_a_card_not_in_the_hand_without_corrupting_the_deal():
    d = bidding_deal()
    d.push(Bid(Contract.GARDE_SANS))
    for _ in range(3):
        d.push(Bid(None))
    d.push(AnnounceChelem(False))
    before = state(d)
    stranger = next(c for c in range(DECK_SIZE) if not d.hands[d.to_play] >> c & 1)
    with pytest.raises(IllegalActionError) as refused:
        d.play(stranger)
    assert refused.value.reason == "not_in_hand"
    assert state(d) == before


def every_candidate(d: Deal):
    """Every well-formed action of every kind, and a few malformed ones."""
    out = [Bid(None), *(Bid(c) for c in Contract), AnnounceChelem(True), AnnounceChelem(False)]
    for card in range(DECK_SIZE):
        out += [Call(card), Discard(card), Play(card)]
    out += [Play(-1), Play(DECK_SIZE), Discard("KS"), Call(None), AnnounceChelem(1),
            ShowPoignee("T1")]
    return out


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4, 5]))
def test_push_accepts_exactly_the_legal_actions_and_a_refusal_changes_nothing(seed, players):
    d = Deal.new(players, seed)
    rng = random.Random(seed)
    while d.phase not in (Phase.FINISHED, Phase.REDEAL):
        legal = d.legal_actions()
        for action in rng.sample(every_candidate(d), 12):
            if action in legal:
                continue
            before = state(d)
            with pytest.raises(IllegalActionError):
                d.push(action)
            assert state(d) == before
        choice = rng.choice(legal)
        d.push(choice)
        assert d.moves[-1] == choice


def full_state(d: Deal):
    return (state(d), tuple(d.won), tuple(d.trick_seats), d.led, d.top, d.tricks_done,
            tuple(d.tricks), d.attack_tricks, d.excuse_seat, d.excuse_winner, d.petit_won,
            d.played_seats, d.phase)


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4, 5]))
def test_pop_restores_every_field_after_each_action(seed, players):
    d = Deal.new(players, seed)
    rng = random.Random(seed)
    seen = []
    while d.phase not in (Phase.FINISHED, Phase.REDEAL):
        seen.append(full_state(d))
        d.push(rng.choice(d.legal_actions()))
    for before in reversed(seen):
        d.pop()
        assert full_state(d) == before


def test_a_deal_without_undo_refuses_pop_with_a_code():
    d = Deal.new(4, 2, undo=False)
    d.push(d.legal_actions()[0])
    with pytest.raises(IllegalActionError) as refused:
        d.pop()
    assert refused.value.code == "undo_disabled"
