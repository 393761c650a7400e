"""ClubBot: each club convention pinned by a position where it decides the card (and, where
the rules of thumb play otherwise, SimpleBot's card beside it)."""

from __future__ import annotations

import random

import pytest

from tests.bots.test_bots import playing
from tutor.bots import ClubBot, SimpleBot, play_deal
from tutor.bots.base import Bot
from tutor.bots.club import CONVENTIONS, signalled_suits
from tutor.bots.knowledge import observe
from tutor.engine import Contract, Deal, Phase, Play, Position, ShowPoignee
from tutor.engine.cards import EXCUSE, mask_of, parse_card, parse_cards

C = parse_card


def card_of(bot: Bot, deal: Deal) -> int:
    """The card ``bot`` plays (a poignée it would show is shown first)."""
    action = bot.choose(deal, deal.to_play, random.Random(0))
    if isinstance(action, ShowPoignee):
        deal.push(action)
        action = bot.choose(deal, deal.to_play, random.Random(0))
    assert isinstance(action, Play)
    return action.card


def club_card(deal: Deal) -> int:
    return card_of(ClubBot(), deal)


def simple_card(deal: Deal) -> int:
    return card_of(SimpleBot(), deal)


def push(deal: Deal, *cards: str) -> None:
    for card in cards:
        deal.push(Play(C(card)))


def late(hands: dict[int, str], trick: str, leader: int, taker: int) -> Deal:
    """A four-player garde sans late in the play: the hands and the trick in progress as
    given, every other card already won by the defence, the lowest free ones in the chien."""
    held = {seat: mask_of(parse_cards(codes)) for seat, codes in hands.items()}
    in_trick = tuple(parse_cards(trick)) if trick else ()
    used = mask_of(in_trick)
    for mask in held.values():
        used |= mask
    petit = parse_card("T1")
    free = [c for c in range(78) if not used >> c & 1 and c != petit]
    chien = mask_of([petit, *free[:5]])  # the Petit in the chien: no trick took it
    position = Position(
        players=4, dealer=3, contract=Contract.GARDE_SANS, taker=taker,
        hands=tuple(held[s] for s in range(4)), leader=leader, trick=in_trick,
        defence_won=mask_of(free[5:]), aside=chien,
    )
    return Deal.from_position(position)


# --- the chase of the Petit ---------------------------------------------------------------------
def test_chasse_au_petit_a_defender_long_in_trumps_hunts_before_cashing_its_king():
    deal = playing(
        4, {0: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 KH 1S 2S 3S 4S 5S 6S"}, taker=1
    )
    assert simple_card(deal) == C("KH")  # the rules of thumb cash the king first
    assert club_card(deal) == C("T2")  # the hunt: the lowest trump, never a master it lacks


def test_an_opponents_petit_is_taken_with_the_lowest_trump_sure_to_win():
    # The taker ruffs hearts with the Petit; the defender after it takes it with the 3, not
    # the 21: only a partner plays after it.
    deal = playing(
        4,
        {0: "2H 5S", 1: "T1 T15 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD ND QD KD 1C 2C",
         2: "T3 T21 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC 1S 2S 3S 4S"},
        taker=1,
    )
    push(deal, "2H", "T1")
    assert club_card(deal) == C("T3")


# --- a partner's trick ----------------------------------------------------------------------
def test_a_defender_never_overtrumps_a_partner_winning_trick_with_a_high_trump():
    # The taker leads hearts, a defender ruffs with the 10 and only partners follow: the trick
    # is the defence's. Obliged to go over the partner (RULES §6.3) with the 18 or the 19, the
    # defender plays the Excuse instead (§6.6) and keeps its high trumps.
    deal = playing(
        4,
        {0: "5H",
         1: "T10 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS 1D 2D 3D",
         2: "T18 T19 EX 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC 4D"},
        taker=0,
    )
    push(deal, "5H", "T10")
    assert simple_card(deal) == C("T18")
    assert club_card(deal) == EXCUSE


# --- the Excuse -------------------------------------------------------------------------------
def test_the_excuse_goes_on_an_opponents_trick_that_a_trump_would_only_feed():
    # Three cards left: the taker's 20 leads, the defender cannot beat it; its 5 would go to
    # the taker, the Excuse stays with the defence (§7.1) and is not left for the end (§7.2).
    deal = late({0: "T20 1S 2S", 1: "EX T5 KS", 2: "3S 4S 5S", 3: "6S 7S 8S"}, "", 0, 0)
    push(deal, "T20")
    assert simple_card(deal) == C("T5")
    assert club_card(deal) == EXCUSE


def test_the_excuse_is_not_spent_when_a_card_of_the_hand_wins_the_trick():
    deal = late({0: "KH 1S 2S", 1: "EX T5 KS", 2: "3S 4S 5S", 3: "6S 7S 8S"}, "", 0, 0)
    push(deal, "KH")
    assert club_card(deal) == C("T5")  # the 5 takes the king


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_excuse_is_never_left_for_the_last_trick(players):
    for seed in range(40):
        deal = play_deal(players, seed, dealer=seed % players, bots=[ClubBot()] * players)
        if deal.phase is Phase.FINISHED:
            assert EXCUSE not in deal.tricks[-1].cards


# --- signals ----------------------------------------------------------------------------------
def signal_deal() -> Deal:
    # The taker (seat 0) leads hearts; seat 1, void in hearts and trumps, discards; seat 2
    # wins with the king of hearts and is on lead.
    return playing(
        4,
        {0: "5H", 1: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS 1D 2D 3D 4D KD",
         2: "KH 1S", 3: "6H"},
        taker=0,
    )


def test_signal_a_strong_suit_a_defender_discards_low_in_the_suit_of_its_king():
    deal = signal_deal()
    push(deal, "5H")
    assert simple_card(deal) == C("1D")  # the rules of thumb: the shortest suit
    assert club_card(deal) == C("2S")  # the call: spades, where it holds the king and length


def test_a_partner_leads_the_suit_its_partner_called():
    deal = signal_deal()
    push(deal, "5H", "2S", "KH", "6H")
    assert deal.to_play == 2
    assert signalled_suits(deal, observe(deal, 2)) == [0]  # spades
    assert club_card(deal) == C("1S")


# --- kings and a partner's void ---------------------------------------------------------------
def test_a_king_is_not_cashed_in_a_suit_a_partner_is_void_in():
    # Seat 1 (defence) ruffed hearts at the first trick; seat 0 (defence) is on lead again with
    # the master king of hearts: cashed, the partner would have to trump it (§6.3).
    deal = playing(
        4,
        {0: "1H KH KC", 1: "T2 T3 T4 1C 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS",
         2: "2H 2C", 3: "3H 3C"},
        taker=3,
    )
    push(deal, "1H", "T2", "2H", "3H", "1C", "2C", "3C", "KC")
    assert deal.to_play == 0
    assert simple_card(deal) == C("KH")
    assert club_card(deal) != C("KH")


# --- five players: the partner not yet known ----------------------------------------------------
def called_king_deal() -> Deal:
    # Five players: the taker (seat 0) called the king of hearts, held by seat 1; the taker
    # wins the first trick with the 21.
    deal = playing(5, {0: "T21 2H 3H", 1: "KH 4H", 2: "5H", 3: "6H", 4: "7H"}, taker=0)
    push(deal, "T21")
    while deal.tricks_done == 0:
        legal = deal.legal_plays()
        deal.push(Play((legal & -legal).bit_length() - 1))
    assert deal.to_play == 0 and deal.partner == 1
    return deal


def test_the_partner_shows_itself_with_the_called_king_on_the_takers_lead():
    deal = called_king_deal()
    low = min(c for c in parse_cards("1H 2H 3H") if deal.hands[0] >> c & 1)
    deal.push(Play(low))  # the taker leads a low heart, the called suit
    assert club_card(deal) == C("KH")


# --- the whole bot ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_clubbot_never_breaks_a_rule_and_is_deterministic(players):
    for seed in range(150):
        bots: list[Bot] = [ClubBot() for _ in range(players)]
        deal = play_deal(players, seed, dealer=seed % players, bots=bots)
        assert deal.phase in (Phase.FINISHED, Phase.REDEAL)
        if seed < 10:
            again = play_deal(players, seed, dealer=seed % players, bots=[ClubBot()] * players)
            assert again.moves == deal.moves


def test_every_convention_is_named_after_what_it_decides():
    assert len({c.__name__ for c in CONVENTIONS}) == len(CONVENTIONS)
    assert all(c.__doc__ for c in CONVENTIONS)
