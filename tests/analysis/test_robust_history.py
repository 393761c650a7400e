"""The history a position carries (issue #23): the voids and trump limits earlier tricks
showed bind the deals of the hidden hands, as those of the trick in progress do, and the miner
writes it into the positions it finds."""

from __future__ import annotations

import random
from dataclasses import replace

from tutor.analysis.bestcard import prove
from tutor.analysis.robust import deal_hidden, robustness, seen_by_player
from tutor.content.mine import candidate_positions, find_in
from tutor.engine import PastTrick
from tutor.engine.cards import SUIT_MASKS, TRUMPS_ABOVE, Suit, parse_card
from tutor.engine.position import parse_position, validate_position

# Seed 15 of the miner at 4 players, three tricks left: seat 0 holds 10H KD, seat 1 led JC,
# seat 2 threw JD, seat 3 the Excuse; 8H, QD and 10D are hidden. Seat 1 trumped diamonds
# four tricks ago (3:3D.1D.T8.2D) and seat 2 threw a spade on hearts in the last trick
# (1:2H.8S.9H.6H): seat 1 holds the 8H, and the KD is the card. Without the history seat 1
# may hold a diamond, and the 10H is as good on average.
VOID_SHOWN_EARLIER = (
    'tarot1 4 fft-2012 0 garde:1 - 10H.KD/8H/QD/10D 1:JC.JD.EX 1S.2S.3S.4S.9S.10S.QS.KS.3H.'
    '4H.5H.7H.KH.1D.2D.3D.5D.6D.7D.8D.9D.ND.4C.6C.8C.KC.T1.T4.T7.T8.T9.T11.T17.T18.T20.T21/'
    '8S.1H.2H.6H.9H.JH.NH.QH.1C.2C.3C.5C.7C.9C.10C.NC.QC.T2.T3.T5.T6.T10.T12.T13.T14.T15.'
    'T16.T19 5S.6S.7S.JS.NS.4D - 3@1 - history=1:KH.5H.3H.4H;1:KC.6C.8C.4C;1:1C.QC.NC.5C;'
    '2:KS.3S.2S.T1;1:2C.T10.T14.9C;3:10S.9S.T7.1S;1:3C.T12.T19.T2;3:3D.1D.T8.2D;1:7C.T13.'
    'T5.T15;0:QH.1H.JH.NH;0:6D.T9.8D.5D;1:10C.T16.T6.T3;2:4S.QS.T4.T17;1:T21.T20.7H.T11;'
    '1:2H.8S.9H.6H;3:7D.ND.T18.9D'
)
# Seed 37, three tricks left: seat 2 (ND T16 T21) answers JC led. Seat 3 trumped diamonds
# (2:9D.T4.10D.JD) and then threw a spade on hearts (2:JH.8S.T13.T14): it holds no diamond
# and no trump, which leaves the open hands' T21 best in too few of the deals.
VOID_UNDOES_THE_ANSWER = (
    'tarot1 4 fft-2012 0 prise:2 - 7S.T18.EX/QC.T17/ND.T16.T21/10S.JS.KC 1:JC 2S.3S.4S.5S.'
    '6S.NS.QS.KS.1D.2D.3D.5D.7D.8D.QD.KD.1C.3C.4C.5C.6C.7C.9C.10C.NC.T3.T5.T6.T7.T9.T12.'
    'T15/8S.1H.2H.3H.4H.5H.6H.7H.8H.9H.10H.JH.NH.QH.KH.9D.10D.JD.T1.T2.T4.T8.T10.T11.T13.'
    'T14.T19.T20 1S.9S.4D.6D.2C.8C - 8@1 - history=1:KH.2H.QH.4H;1:NH.3H.1H.5H;1:4C.T3.6C.'
    '1C;2:KS.2S.4S.QS;2:KD.3D.1D.2D;2:QD.7D.8D.5D;2:6H.7H.T2.8H;0:NS.T5.T7.3S;2:9H.T1.T8.'
    'T11;1:5C.T9.10C.3C;2:9D.T4.10D.JD;3:5S.6S.T6.T12;2:10H.T19.T10.T20;1:7C.T15.NC.9C;'
    '2:JH.8S.T13.T14'
)


def test_a_void_shown_tricks_ago_binds_the_deals_of_the_hidden_hands() -> None:
    p = parse_position(VOID_SHOWN_EARLIER)
    with_history = seen_by_player(p).excluded
    without = seen_by_player(replace(p, history=None)).excluded
    diamonds = SUIT_MASKS[Suit.DIAMONDS]
    assert with_history[1] & diamonds == diamonds and not without[1] & diamonds
    assert with_history[2] & SUIT_MASKS[Suit.HEARTS] and not without[2] & SUIT_MASKS[Suit.HEARTS]


def test_a_trump_played_under_one_tricks_ago_shows_no_higher_trump() -> None:
    """In 2:10H.T19.T10.T20 seat 0 played the 10 under the 19: it held no trump above the 19
    then, so none now (a hand only loses cards), and the 21 still hidden is not its."""
    p = parse_position(VOID_UNDOES_THE_ANSWER)
    with_history = seen_by_player(p).excluded[0]
    without = seen_by_player(replace(p, history=None)).excluded[0]
    assert with_history & TRUMPS_ABOVE[19] == TRUMPS_ABOVE[19]
    assert not without & TRUMPS_ABOVE[19]
    assert with_history >> parse_card("T21") & 1


def test_every_deal_of_the_hidden_hands_is_one_the_history_can_have_led_to() -> None:
    """Put back into a deal of the hidden hands, the history replays legally: no deal gives a
    seat a suit it showed void in, a trump after it discarded, or a trump it should have
    overtrumped with."""
    for notation in (VOID_SHOWN_EARLIER, VOID_UNDOES_THE_ANSWER):
        p = parse_position(notation)
        seen = seen_by_player(p)
        rng = random.Random(3)
        for _ in range(30):
            dealt = deal_hidden(p, seen, rng)
            assert dealt is not None and dealt.history is None
            validate_position(replace(dealt, history=p.history))


def test_a_void_shown_earlier_makes_the_answer_hold_at_the_table() -> None:
    p = parse_position(VOID_SHOWN_EARLIER)
    best = prove(p).best
    assert best == (parse_card("KD"),)
    assert robustness(p, best).holds_strictly
    assert not robustness(replace(p, history=None), best).holds


def test_a_void_shown_earlier_can_undo_an_answer_that_held_without_it() -> None:
    p = parse_position(VOID_UNDOES_THE_ANSWER)
    best = prove(p).best
    assert best == (parse_card("T21"),)
    assert robustness(replace(p, history=None), best).holds
    assert not robustness(p, best).holds


def test_the_miners_finds_carry_the_tricks_played_before_them() -> None:
    finds = []
    for deal in candidate_positions(4, 15, 3):
        find = find_in(deal, 15)
        if find is not None:
            finds.append((find, tuple(PastTrick(t.leader, t.cards) for t in deal.tricks)))
    assert finds
    for find, played in finds:
        assert " history=" in find.notation
        assert parse_position(find.notation).history == played
    assert VOID_SHOWN_EARLIER in [find.notation for find, _ in finds]
