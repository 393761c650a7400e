"""The deal as a state machine (RULES §2-§8), one rule situation per test."""

import random

import pytest

from tests.engine.builders import lowest_legal, make_deal, play_out
from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.cards import (
    EXCUSE,
    EXCUSE_BIT,
    PETIT,
    TOTAL_HALF_POINTS,
    cards_of,
    half_points,
    mask_of,
    parse_card,
    parse_cards,
)
from tutor.engine.contracts import Contract, callable_cards
from tutor.engine.dealing import HAND_SIZE, deal, has_petit_sec
from tutor.engine.ecart import CHIEN_SIZE
from tutor.engine.errors import IllegalActionError
from tutor.engine.game import (
    AnnounceChelem,
    Bid,
    Call,
    Deal,
    Discard,
    Phase,
    Play,
    RedealReason,
    ShowPoignee,
)
from tutor.engine.scoring import Side

C = parse_card


# --- dealing ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_gives_every_card_once_with_the_fft_hand_and_chien_sizes(players):
    dealt = deal(players, seed=7)
    assert [h.bit_count() for h in dealt.hands] == [HAND_SIZE[players]] * players
    assert dealt.chien.bit_count() == CHIEN_SIZE[players]
    union = dealt.chien
    for hand in dealt.hands:
        assert not union & hand
        union |= hand
    assert union == (1 << 78) - 1


def test_deal_is_reproducible_from_its_seed():
    assert deal(4, seed=123) == deal(4, seed=123)
    assert deal(4, seed=123) != deal(4, seed=124)


def test_chien_never_gets_the_first_or_last_card_of_the_pack():
    import tutor.engine.dealing as dealing

    for seed in range(300):
        rng = random.Random(seed)
        pack = dealing.shuffled_pack(rng)
        dealt = deal(4, seed)
        assert not dealt.chien >> pack[0] & 1 and not dealt.chien >> pack[-1] & 1


def test_first_packet_goes_to_the_dealers_right():
    import tutor.engine.dealing as dealing

    pack = dealing.shuffled_pack(random.Random(5))
    dealt = deal(4, seed=5, dealer=2)
    assert all(dealt.hands[3] >> c & 1 for c in pack[:3])


def test_petit_sec_is_the_petit_alone_without_the_excuse():
    assert has_petit_sec(mask_of(parse_cards("T1 KH 2S")))
    assert not has_petit_sec(mask_of(parse_cards("T1 EX KH")))
    assert not has_petit_sec(mask_of(parse_cards("T1 T2 KH")))


def test_a_petit_sec_voids_the_deal():
    d = make_deal(4, {1: "T1 " + " ".join(f"{r}H" for r in range(1, 11)) + " JH NH QH KH 1S 2S 3S"})
    assert d.phase is Phase.REDEAL and d.redeal_reason is RedealReason.PETIT_SEC


# --- bidding ------------------------------------------------------------------------------
def playable(players=4, seed=0):
    while True:
        d = Deal.new(players, seed)
        if d.phase is Phase.BIDDING:
            return d
        seed += 1000


def test_the_player_on_the_dealers_right_speaks_first_and_each_speaks_once():
    d = Deal.new(4, seed=1, dealer=2)
    assert d.current_seat == 3
    d.push(Bid(Contract.PRISE))
    assert d.current_seat == 0
    for _ in range(3):
        d.push(Bid(None))
    assert d.taker == 3 and d.contract is Contract.PRISE and d.phase is Phase.ECART


def test_only_a_higher_bid_is_allowed():
    d = playable()
    d.push(Bid(Contract.GARDE))
    with pytest.raises(IllegalActionError) as refused:
        d.push(Bid(Contract.PRISE))
    assert refused.value.reason == "bid_not_higher"
    assert Bid(Contract.GARDE) not in d.legal_actions()
    assert Bid(Contract.GARDE_SANS) in d.legal_actions()


def test_all_pass_means_a_redeal():
    d = playable()
    for _ in range(4):
        d.push(Bid(None))
    assert d.phase is Phase.REDEAL and d.redeal_reason is RedealReason.ALL_PASSED


def test_garde_sans_keeps_the_chien_unseen_for_the_taker():
    d = playable()
    d.push(Bid(Contract.GARDE_SANS))
    for _ in range(3):
        d.push(Bid(None))
    assert d.phase is Phase.CHELEM and d.hands[d.taker].bit_count() == 18


# --- called king (5 players) ---------------------------------------------------------------
def test_five_players_the_taker_calls_a_king_and_its_holder_is_the_partner():
    d = playable(5)
    d.push(Bid(Contract.GARDE))
    for _ in range(4):
        d.push(Bid(None))
    assert d.phase is Phase.CALLING
    king = next(c for c in (C("KS"), C("KH"), C("KD"), C("KC")) if not d.hands[d.taker] >> c & 1)
    holder = next((s for s, h in enumerate(d.hands) if h >> king & 1), None)
    d.push(Call(king))
    assert d.partner == holder
    assert d.phase is Phase.ECART


def test_calling_a_queen_needs_all_four_kings():
    assert not callable_cards(mask_of(parse_cards("KS KH KD"))) >> C("QS") & 1
    assert callable_cards(mask_of(parse_cards("KS KH KD KC"))) >> C("QS") & 1
    assert callable_cards(mask_of(parse_cards("KS KH KD KC QS QH QD QC"))) >> C("NS") & 1
    assert callable_cards(mask_of(parse_cards("KS KH KD KC"))) >> C("KS") & 1  # own card


def test_called_card_in_the_chien_leaves_the_taker_alone():
    d = make_deal(5, {0: "KS KH KD 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S T2 T3"}, chien="KC 1H 2H")
    d.push(Bid(Contract.GARDE))
    for _ in range(4):
        d.push(Bid(None))
    d.push(Call(C("KC")))
    assert d.partner is None


def test_five_players_first_trick_nobody_leads_the_called_suit_but_the_called_card():
    d = make_deal(
        5,
        {
            1: "QD 2D 3D 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S T2 T3",
            0: "KS KH KC 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C T4 T5",
        },
        chien="1H 2H 3H",
    )
    d.push(Bid(Contract.GARDE_SANS))
    for _ in range(4):
        d.push(Bid(None))
    d.push(Call(C("KD")))
    d.push(AnnounceChelem(False))
    assert d.current_seat == 1
    legal = d.legal_plays()
    assert not legal >> C("QD") & 1 and legal >> C("1S") & 1
    with pytest.raises(IllegalActionError) as refused:
        d.push(Play(C("2D")))
    assert refused.value.reason == "called_suit_first_trick"


# --- écart --------------------------------------------------------------------------------
def taker_after_prise(fixed, chien):
    d = make_deal(4, fixed, chien=chien)
    d.push(Bid(Contract.PRISE))
    for _ in range(3):
        d.push(Bid(None))
    return d


def test_ecart_refuses_kings_and_oudlers_and_avoidable_trumps():
    d = taker_after_prise({1: "KH T21 T1 EX T5"}, chien="2S 3S 4S 5S 6S 7S")
    for code, reason in [
        ("KH", "king_in_ecart"),
        ("T21", "oudler_in_ecart"),
        ("EX", "oudler_in_ecart"),
        ("T5", "trump_while_other_cards"),
    ]:
        with pytest.raises(IllegalActionError) as refused:
            d.push(Discard(C(code)))
        assert refused.value.reason == reason


def test_ecart_may_take_trumps_only_when_other_cards_run_out_and_shows_them():
    plain = "KS KH KD KC 1S 2S 3S"
    trumps = " ".join(f"T{n}" for n in range(2, 19))
    d = taker_after_prise(
        {1: plain + " " + " ".join(trumps.split()[:11])}, chien=" ".join(trumps.split()[11:])
    )
    for code in ("1S", "2S", "3S"):
        d.push(Discard(C(code)))
    assert all(isinstance(a, Discard) and a.card >= 56 for a in d.legal_actions())
    for code in ("T2", "T3", "T4"):
        d.push(Discard(C(code)))
    assert d.phase is Phase.CHELEM
    assert d.trumps_shown_in_ecart() == [C("T2"), C("T3"), C("T4")]


# --- announcements ------------------------------------------------------------------------
def test_the_chelem_announcer_leads_the_first_trick():
    d = playable()
    d.push(Bid(None))
    d.push(Bid(Contract.GARDE_SANS))
    d.push(Bid(None))
    d.push(Bid(None))
    d.push(AnnounceChelem(True))
    assert d.current_seat == d.taker == 2


def test_poignee_only_before_ones_first_card_and_with_the_exact_count():
    d = make_deal(4, {1: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 EX 1S 2S 3S 4S 5S 6S"})
    d.push(Bid(Contract.GARDE_SANS))
    for _ in range(3):
        d.push(Bid(None))
    d.push(AnnounceChelem(False))
    assert d.current_seat == 1
    eleven = mask_of(parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"))
    with pytest.raises(IllegalActionError) as refused:
        d.push(ShowPoignee(eleven))
    assert refused.value.reason == "poignee_wrong_count"
    with_excuse = mask_of(parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX"))
    with pytest.raises(IllegalActionError) as refused:
        d.push(ShowPoignee(with_excuse))
    assert refused.value.reason == "poignee_excuse_while_trump_hidden"
    d.push(ShowPoignee(eleven & ~(1 << C("T12"))))
    assert d.poignees[0].level is Poignee.SIMPLE
    d.push(Play(C("1S")))
    d.play(lowest_legal(d))
    d.play(lowest_legal(d))
    d.play(lowest_legal(d))
    assert all(not isinstance(a, ShowPoignee) for a in d.legal_actions()) or d.to_play != 1


# --- the Excuse and the end of the deal ----------------------------------------------------
def chelem_deal(defender_plays_excuse_first: bool):
    """Taker (seat 1) holds T1 T5..T21: leads trumps high to low, the Petit last."""
    taker = "T1 " + " ".join(f"T{n}" for n in range(5, 22))
    d = make_deal(
        4,
        {1: taker, 2: "T2 T3 T4 EX 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS"},
        chien="1H 2H 3H 4H 5H 6H",
    )
    d.push(Bid(Contract.GARDE))
    for _ in range(3):
        d.push(Bid(None))
    for card in cards_of(d.chien):
        d.push(Discard(card))
    d.push(AnnounceChelem(True))
    d.push(ShowPoignee(mask_of(parse_cards("T5 T6 T7 T8 T9 T10 T11 T12 T13 T14"))))

    def policy(deal):
        if deal.to_play == 1:
            return (
                max(c for c in cards_of(deal.legal_plays()) if c != PETIT)
                if deal.hands[1] != 1 << PETIT
                else PETIT
            )
        legal = deal.legal_plays()
        if defender_plays_excuse_first and legal & EXCUSE_BIT:
            return EXCUSE
        return lowest_legal(deal) if legal != EXCUSE_BIT else EXCUSE

    play_out(d, policy)
    return d


def test_fft_chelem_example_defence_keeps_its_excuse_worth_4_taker_87():
    d = chelem_deal(defender_plays_excuse_first=True)
    r = d.result()
    assert r.attack_half_points == 174 and r.oudlers == 2
    assert r.petit_au_bout is Side.ATTACK and r.chelem is Chelem.ANNOUNCED_MADE
    assert r.score.unit == 582 and r.marks[1] == 1746 and sum(r.marks) == 0
    assert r.defence_pile == EXCUSE_BIT


def test_the_excuse_played_to_the_last_trick_changes_side():
    # The defender keeps the Excuse to the end: it goes to the taker who wins that trick.
    taker = "T1 " + " ".join(f"T{n}" for n in range(5, 22))
    d = make_deal(
        4,
        {1: taker, 2: "T2 T3 T4 EX 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS"},
        chien="1H 2H 3H 4H 5H 6H",
    )
    d.push(Bid(Contract.GARDE_SANS))
    for _ in range(3):
        d.push(Bid(None))
    d.push(AnnounceChelem(False))

    def policy(deal):
        legal = deal.legal_plays()
        if deal.to_play == 1:
            return max(c for c in cards_of(legal) if c != PETIT) if legal != 1 << PETIT else PETIT
        playable = legal & ~EXCUSE_BIT or legal
        return cards_of(playable)[0]

    play_out(d, policy)
    assert EXCUSE in d.tricks[-1].cards
    r = d.result()
    assert r.attack_pile & EXCUSE_BIT and r.attack_half_points == 182
    assert r.chelem is Chelem.MADE and r.oudlers == 3


def test_chelem_excuse_led_to_the_last_trick_wins_and_petit_counts_in_the_penultimate():
    taker = "EX T1 " + " ".join(f"T{n}" for n in range(6, 22))
    d = make_deal(4, {1: taker}, chien="1H 2H 3H 4H 5H 6H")
    d.push(Bid(Contract.GARDE_SANS))
    for _ in range(3):
        d.push(Bid(None))
    d.push(AnnounceChelem(True))

    def policy(deal):
        legal = deal.legal_plays()
        if deal.to_play == 1:
            trumps = [c for c in cards_of(legal) if c not in (PETIT, EXCUSE)]
            if trumps:
                return max(trumps)
            return PETIT if legal >> PETIT & 1 else EXCUSE
        return lowest_legal(deal)

    play_out(d, policy)
    assert d.tricks[-1].cards[0] == EXCUSE and d.tricks[-1].winner == 1
    assert PETIT in d.tricks[-2].cards
    r = d.result()
    assert r.chelem is Chelem.ANNOUNCED_MADE and r.petit_au_bout is Side.ATTACK
    assert r.attack_half_points == TOTAL_HALF_POINTS
    assert r.score.unit == (25 + 55 + 10) * 4 + 400


def test_excuse_exchange_gives_a_low_card_to_the_trick_winners():
    for seed in range(400):
        d = playable(4, seed)
        d.push(Bid(Contract.GARDE_SANS))
        for _ in range(3):
            d.push(Bid(None))
        d.push(AnnounceChelem(False))
        rng = random.Random(seed)
        play_out(d, lambda deal, rng=rng: rng.choice(cards_of(deal.legal_plays())))
        if d.excuse_seat is None or d.is_attack(d.excuse_seat) == d.is_attack(d.excuse_winner):
            continue
        r = d.result()
        owner_pile = r.attack_pile if d.is_attack(d.excuse_seat) else r.defence_pile
        assert owner_pile & EXCUSE_BIT
        assert half_points(r.attack_pile) + half_points(r.defence_pile) == TOTAL_HALF_POINTS
        assert r.excuse_owed_half == 0
        return
    pytest.fail("no deal with an Excuse exchange between the sides")


# --- undo ---------------------------------------------------------------------------------
def test_pop_undoes_every_action_back_to_the_deal():
    rng = random.Random(3)
    d = playable(4, 3)
    snapshots = []
    while d.phase not in (Phase.FINISHED, Phase.REDEAL):
        snapshots.append((d.phase, list(d.hands), len(d.tricks), d.to_play))
        d.push(rng.choice(d.legal_actions()))
    for snap in reversed(snapshots):
        d.pop()
        assert (d.phase, list(d.hands), len(d.tricks), d.to_play) == snap
    with pytest.raises(IllegalActionError):
        d.pop()


def test_an_illegal_play_is_refused_with_its_reason_and_changes_nothing():
    d = make_deal(4, {1: "2H T5 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS 1C 2C"})
    d.push(Bid(Contract.GARDE_SANS))
    for _ in range(3):
        d.push(Bid(None))
    d.push(AnnounceChelem(False))
    d.push(Play(C("2S")))
    hand_before = d.hands[2]
    lead = cards_of(d.legal_plays())
    assert lead
    d.pop()
    assert d.hands[2] == hand_before

