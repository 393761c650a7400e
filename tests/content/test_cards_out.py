"""``kind: cards-out``: the count of cards still out is the engine's, made from what the seat
to play has seen, and the usual slips are named."""

from __future__ import annotations

from typing import Any

from tutor.content.kinds.cards_out import CardsOutExercise, Counted, Miscount

# 4 players, prise: Player 4 to play with the 8 of clubs, the Petit and the 5; the Excuse is
# in Player 3's hand, and the trump 16 is in the trick.
EXCUSE_IN_ANOTHER_HAND = (
    "tarot1 4 fft-2012 0 prise:0 - T15.T19/10D.T17/10S.EX/8C.T1.T5 0:7H.T16.5C 1S.2S.3S.4S."
    "9S.JS.QS.KS.1H.4H.6H.KH.1D.2D.3D.5D.7D.8D.9D.QD.KD.1C.3C.6C.KC.T4.T8.T11.T13.T18.T20."
    "T21/5S.6S.7S.8S.NS.2H.3H.5H.8H.9H.10H.JH.NH.QH.4C.7C.10C.JC.NC.QC.T2.T3.T6.T7.T9.T10."
    "T12.T14 4D.6D.JD.ND.2C.9C - - -"
)

# 4 players, garde sans: the chien nobody has seen holds the trump 8.
GARDE_SANS_TRUMP_IN_CHIEN = (
    "tarot1 4 fft-2012 0 garde-sans:0 - 7H.JH.T1.T14/T7.T15.T16/7S.9D.10D/8D.JD.ND 1:QC.4S."
    "9C 1H.4H.6H.8H.10H.NH.QH.KH.1D.2D.5D.KD.1C.3C.6C.7C.8C.JC.KC.T21/1S.2S.3S.5S.6S.8S.10S."
    "JS.NS.QS.KS.2H.3H.9H.4D.6D.7D.QD.2C.4C.NC.T2.T3.T4.T5.T6.T9.T10.T11.T12.T13.T17.T18.T19."
    "T20 9S.5H.3D.5C.10C.T8 1>2 - -"
)

# 4 players, prise: the taker (Player 3) leads with the jack of hearts, the 19 and the Petit.
TAKER_LEADS_LAST_THREE = (
    "tarot1 4 fft-2012 0 prise:2 - 7D.8D.T14/NS.10C.NC/JH.T1.T19/JD.JC.KC 2:- 1S.2S.3S.5S.6S."
    "7S.8S.9S.10S.JS.QS.KS.1H.2H.5H.KH.1D.2D.4D.KD.1C.3C.4C.5C.6C.7C.9C.T4.T6.T8.T10.T12.T13."
    "T15.T18/3H.4H.6H.7H.8H.9H.10H.NH.QH.3D.5D.10D.ND.QD.T2.T3.T5.T7.T9.T11.T16.T17.T20.T21 "
    "4S.6D.9D.2C.8C.QC 3>2 - -"
)

# 4 players, garde: Player 1 defends; the taker's écart holds suit cards Player 1 never saw.
DEFENDER_AFTER_A_HEART_TRUMPED = (
    "tarot1 4 fft-2012 0 garde:2 - 10S.2D.3D.5D.JC.T12.T15.T19.EX/9S.JS.NS.QS.7D.8D.T2.T5."
    "T16/4H.6H.JH.10D.T1.T13.T17.T18/4S.6S.8S.KS.4D.9D.8C.10C 2:3H.T20 1S.5S.7S.5H.7H.9H.KH."
    "2C.3C.4C.5C.6C.7C.9C.QC.KC.T3.T6.T8.T21/1H.2H.8H.10H.NH.QH.1D.6D.JD.KD.T4.T7.T9.T10.T11."
    "T14 2S.3S.ND.QD.1C.NC - - -"
)

# 4 players, garde: the taker (Player 1) showed a poignée of ten trumps.
DEFENDER_AFTER_A_POIGNEE = (
    "tarot1 4 fft-2012 0 garde:0 - 7D.6C.10C.JC.T6.T7.T9.T10.T12.T18.T21/5S.6S.7S.8S.JS.JD."
    "T1.T13.T14.T15/QS.KS.8H.NH.8D.9D.ND.T5.T11.T16.T19/10S.NS.7H.5D.6D.10D.QD.7C.8C.9C.T17 "
    "1:3S 1S.2S.4S.1H.2H.3H.4H.JH.QH.KH.2D.3D.KD.T2.T20/5H.6H.1C.2C.3C.4C.5C.NC.KC.T3.T4.T8 "
    "9S.9H.10H.1D.4D.QC 1>0 - 0=T2.T3.T6.T7.T9.T10.T12.T18.T20.T21"
)

# 3 players, prise: the taker (Player 2), no spade, four spades in his écart.
TAKER_WITH_HIS_ECART_OF_SPADES = (
    "tarot1 3 fft-2012 0 prise:1 - QD.T18.T19/JH.QC.T1.EX/KS.KD.3C.T15 0:NS 1S.2S.3S.4S.5S."
    "6S.8S.QS.4H.6H.QH.1D.2D.3D.4D.5D.7D.8D.9D.10D.ND.T2.T4.T7.T9.T12.T14.T17.T20.T21/1H.2H."
    "3H.5H.7H.8H.9H.10H.NH.KH.1C.2C.4C.5C.6C.7C.8C.9C.10C.JC.NC.KC.T3.T5.T6.T8.T10.T11.T13."
    "T16 7S.9S.10S.JS.6D.JD - - -"
)



def exercise(notation: str, count: str, **fields: Any) -> CardsOutExercise:
    return CardsOutExercise.model_validate({
        "kind": "cards-out", "notation": notation, "count": count,
        "question": {"en": "How many?", "it": "Quanti?"}, **fields,
    })


def test_the_excuse_is_not_counted_among_the_trumps_still_out() -> None:
    ex = exercise(EXCUSE_IN_ANOTHER_HAND, "trumps")
    assert ex.expected() == 3  # the 15, 17 and 19; not the Excuse
    assert Miscount.COUNTED_THE_EXCUSE in ex.miscounts(4)


def test_the_count_is_21_less_the_trumps_played_and_held() -> None:
    ex = exercise(TAKER_LEADS_LAST_THREE, "trumps")
    tally = ex.tally()
    assert (tally.total, tally.played, tally.yours, tally.aside) == (21, 18, 2, 0)
    assert ex.expected() == tally.out == 1
    assert ex.judge(1).correct and not ex.judge(2).correct


def test_ones_own_cards_and_the_trick_in_progress_are_named_slips() -> None:
    ex = exercise(EXCUSE_IN_ANOTHER_HAND, "trumps")
    assert Miscount.COUNTED_YOUR_OWN in ex.miscounts(3 + 2)  # the Petit and the 5 counted
    assert Miscount.FORGOT_THE_TRICK in ex.miscounts(3 + 1)  # the 16 in the trick forgotten
    assert ex.miscounts(3) == [] and ex.miscounts("three") == []


def test_a_count_hidden_in_a_chien_nobody_has_seen_is_refused() -> None:
    issues = exercise(GARDE_SANS_TRUMP_IN_CHIEN, "trumps").check()
    assert [issue.path for issue in issues] == [("notation",)]


def test_a_defender_cannot_count_the_suit_cards_of_the_takers_ecart() -> None:
    assert exercise(DEFENDER_AFTER_A_HEART_TRUMPED, "spades").check()
    assert exercise(DEFENDER_AFTER_A_HEART_TRUMPED, "hearts").check() == []
    assert exercise(DEFENDER_AFTER_A_HEART_TRUMPED, "kings").expected() == 1


def test_the_taker_counts_his_own_ecart_as_seen() -> None:
    ex = exercise(TAKER_WITH_HIS_ECART_OF_SPADES, "spades")
    assert ex.check() == []
    assert len(ex.seen_aside()) == 6  # the whole écart, four spades among its six cards
    assert ex.tally().aside == 4
    assert ex.expected() == ex.tally().out == 1


def test_a_stated_answer_that_is_not_the_engines_is_refused() -> None:
    assert exercise(DEFENDER_AFTER_A_POIGNEE, "trumps", answer=12).check() == []
    issues = exercise(DEFENDER_AFTER_A_POIGNEE, "trumps", answer=13).check()
    assert [issue.path for issue in issues] == [("answer",)]


def test_a_poignee_shown_is_part_of_what_the_seat_has_seen() -> None:
    ((seat, shown),) = exercise(DEFENDER_AFTER_A_POIGNEE, "trumps").poignees()
    assert seat == 0 and len(shown) == 10


def test_every_counted_kind_has_its_cards() -> None:
    assert {kind: kind.mask.bit_count() for kind in Counted} == {
        Counted.TRUMPS: 21, Counted.KINGS: 4, Counted.SPADES: 14, Counted.HEARTS: 14,
        Counted.DIAMONDS: 14, Counted.CLUBS: 14,
    }
