"""Why a labelled card lost, in one sentence: each fact fires at a named position of a deal the
computer players played (the learner's seat, trick, card played and better card), and not at
a near miss (the same trick with the cards' roles changed, or the next trick); the rules are
tried strongest first; the planted Petit blunders say their Petit sentence in the review."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

from tests.review.test_review_deal import (
    BLUNDER_TRICK,
    PETIT_INTO_21,
    blunder_record,
    blunder_review,
    petit_into_the_21,
)
from tutor.bots.knowledge import observe
from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import bot_step
from tutor.engine import PETIT, Deal, Phase, parse_card
from tutor.review.card_why import (
    PETIT_DRAWS,
    CardMoment,
    CardReason,
    CardWhy,
    card_reason,
    excuse_kept_to_the_last_trick,
    lead_into_a_shown_void,
    petit_caught_in_most_deals,
    petit_under_a_higher_trump,
    points_given_to_the_other_side,
    points_withheld_from_the_partner,
    trump_higher_than_needed,
    trumped_over_the_partner,
)
from tutor.review.deal import CardReview, learner_turns
from tutor.review.mistakes import OwnMistake, own_mistakes

DEALER = 0
# (players, seed, the learner's seat, trick): positions of deals SimpleBot played, dealer 0
PARTNER_LEADS = (4, 1, 2, 0)  # a defender after their partner's 3 of spades, taker to play
TAKER_LAST = (4, 1, 3, 0)  # the taker, last, after the 3 and 10 of spades: trumps all win
KING_OF_THE_TAKER = (4, 1, 0, 1)  # a defender after the taker's King of diamonds
LEAD_AFTER_A_VOID = (4, 1, 1, 4)  # a defender leads; the taker trumped spades at trick 1
PARTNER_WINNING = (4, 1, 2, 8)  # a defender after their partners' 9 and 7 of spades
TWO_CARDS_LEFT = (4, 1, 2, 16)  # a defender holding the Jack of hearts and the Excuse
THREE_CARDS_LEFT = (4, 1, 2, 15)  # the same defender a trick before, the Knight too
ALL_OTHERS_TRUMPED = (4, 34, 3, 8)  # the taker after the 4 of hearts, the 9 and 16
PETIT_EXPOSED = (4, 1, 1, 14)  # a defender void in hearts after their partner's 8 of hearts
PETIT_UNDER_PARTNER = (4, 1, 1, 15)  # the same defender after the taker's 16, partner's 17
TAKER_AFTER_A_KING = (4, 3, 1, 3)  # the taker, void in hearts, after a defender's King
TRUMPS_GONE = (4, 3, 0, 14)  # a defender leads; the taker trumped clubs, then showed no trump
UNKNOWN_PARTNER = (5, 3, 2, 3)  # a defender at 5 players, the called card unseen yet
TWO_COUNTERS = (4, 4, 1, 1)  # a defender holding the Jack and Knight of hearts after the King


@cache
def before(position: tuple[int, int, int, int]) -> Deal:
    """The deal just before the learner's card at ``position``."""
    players, seed, seat, trick = position
    bots = [SimpleBot()] * players
    deal = Deal.new(players, seed, DEALER)
    while not (deal.phase is Phase.PLAYING and deal.to_play == seat
               and len(deal.tricks) == trick):
        bot_step(deal, bots)
    return deal


def moment(position: tuple[int, int, int, int], played: str, better: str) -> CardMoment:
    deal = before(position)
    legal = deal.legal_plays()
    assert legal >> parse_card(played) & 1 and legal >> parse_card(better) & 1
    return CardMoment(deal, observe(deal, deal.to_play), parse_card(played),
                      parse_card(better), random.Random("test"))


def why(position: tuple[int, int, int, int], played: str, better: str) -> CardReason:
    deal = before(position)
    return card_reason(deal, parse_card(played), parse_card(better), random.Random("test"))


def test_the_petit_under_the_other_sides_higher_trump_names_the_winning_trump() -> None:
    reason = why(ALL_OTHERS_TRUMPED, "T1", "EX")
    assert reason == CardReason(CardWhy.PETIT_UNDER_TRUMP, PETIT, parse_card("EX"),
                                2, parse_card("T16"))
    # near misses: the Excuse played (the Petit kept); the Petit after the Excuse alone
    assert petit_under_a_higher_trump(moment(ALL_OTHERS_TRUMPED, "EX", "T1")) is None
    assert petit_under_a_higher_trump(moment(PETIT_EXPOSED, "T1", "T7")) is None
    # near misses: a higher trump winning, but the partner's; the other side's King winning
    assert petit_under_a_higher_trump(moment(PETIT_UNDER_PARTNER, "T1", "T7")) is None
    assert petit_under_a_higher_trump(moment(TAKER_AFTER_A_KING, "T1", "T4")) is None


def test_the_petit_into_the_opponents_21_says_so_in_the_review_of_that_deal() -> None:
    _, seat, trick = PETIT_INTO_21
    turn = next(t for t in learner_turns(petit_into_the_21(), seat) if t.trick == trick)
    reason = card_reason(turn.before, PETIT, parse_card("T4"), random.Random("test"))
    assert reason.why is CardWhy.PETIT_UNDER_TRUMP and reason.card == parse_card("T21")


def test_the_petit_caught_in_most_deals_drawn_says_how_many() -> None:
    reason = why(PETIT_EXPOSED, "T1", "T7")
    assert reason.why is CardWhy.PETIT_CAUGHT
    assert reason.drawn == PETIT_DRAWS and reason.caught * 2 > PETIT_DRAWS
    # near miss: the next trick, the partner's 17 above the taker's 16
    assert petit_caught_in_most_deals(moment(PETIT_UNDER_PARTNER, "T1", "T7")) is None
    assert why(PETIT_UNDER_PARTNER, "T1", "T7").why is not CardWhy.PETIT_CAUGHT


def test_the_petit_count_is_the_same_every_time() -> None:
    assert why(PETIT_EXPOSED, "T1", "T7") == why(PETIT_EXPOSED, "T1", "T7")


def test_trumping_over_the_partners_winning_card_when_the_excuse_was_allowed() -> None:
    reason = why(PARTNER_WINNING, "T5", "EX")
    assert reason == CardReason(CardWhy.TRUMPED_PARTNER, parse_card("T5"), parse_card("EX"),
                                0, parse_card("9S"))
    # near miss: the better card a trump as well
    assert trumped_over_the_partner(moment(PARTNER_WINNING, "T5", "T13")) is None


def test_points_given_to_the_other_sides_trick_name_its_winning_card() -> None:
    reason = why(KING_OF_THE_TAKER, "JD", "4D")
    assert reason == CardReason(CardWhy.POINTS_GIVEN, parse_card("JD"), parse_card("4D"),
                                3, parse_card("KD"))
    # near misses: a card of half a point given; the Petit given to the partner's trick
    assert points_given_to_the_other_side(moment(KING_OF_THE_TAKER, "8D", "4D")) is None
    assert points_given_to_the_other_side(moment(PETIT_UNDER_PARTNER, "T1", "T7")) is None
    # and a richer card than the learner's (the Knight against the Jack)
    assert points_given_to_the_other_side(moment(TWO_COUNTERS, "JH", "NH")) is None
    assert why(TWO_COUNTERS, "NH", "JH").why is CardWhy.POINTS_GIVEN
    # and the 21 that takes the lead from the King: the trick is no longer the other side's
    assert points_given_to_the_other_side(moment(TAKER_AFTER_A_KING, "T21", "T4")) is None


def test_points_withheld_from_the_partners_trick() -> None:
    reason = why(PARTNER_LEADS, "10S", "JS")
    assert reason == CardReason(CardWhy.POINTS_WITHHELD, parse_card("10S"), parse_card("JS"),
                                1, parse_card("3S"))
    # near misses: the learner's card the richer; the taker winning, not the partner
    assert points_withheld_from_the_partner(moment(PARTNER_LEADS, "KS", "JS")) is None
    assert points_withheld_from_the_partner(moment(KING_OF_THE_TAKER, "4D", "JD")) is None


def test_a_higher_trump_than_needed_when_a_lower_one_beats_the_trick_too() -> None:
    assert why(TAKER_LAST, "T21", "T2") == CardReason(
        CardWhy.TRUMP_TOO_HIGH, parse_card("T21"), parse_card("T2"))
    # near misses: the lower trump played; a trump lead, nothing to beat; neither trump
    # beats the 17 in the trick
    assert trump_higher_than_needed(moment(TAKER_LAST, "T2", "T4")) is None
    assert trump_higher_than_needed(moment(PETIT_UNDER_PARTNER, "T7", "T1")) is None
    assert trump_higher_than_needed(moment(LEAD_AFTER_A_VOID, "T12", "T3")) is None


def test_a_lead_into_a_suit_the_other_side_has_trumped() -> None:
    reason = why(LEAD_AFTER_A_VOID, "4S", "1H")
    assert reason.why is CardWhy.LEAD_INTO_VOID and reason.seat == 3
    assert reason.trick is not None
    trick = before(LEAD_AFTER_A_VOID).tricks[reason.trick]
    assert trick.cards[0] // 14 == 0  # spades led there, and the taker trumped it
    assert parse_card("T1") <= trick.cards[trick.seats.index(3)] < parse_card("EX")
    # near misses: hearts led, a suit nobody has shown void in; a lower spade was better
    assert lead_into_a_shown_void(moment(LEAD_AFTER_A_VOID, "1H", "4S")) is None
    assert lead_into_a_shown_void(moment(LEAD_AFTER_A_VOID, "7S", "4S")) is None
    # near miss: the taker trumped clubs once, but has shown since that no trump is left
    assert lead_into_a_shown_void(moment(TRUMPS_GONE, "9C", "T8")) is None


def test_the_excuse_kept_to_the_last_trick_with_two_cards_left() -> None:
    assert why(TWO_CARDS_LEFT, "JH", "EX").why is CardWhy.EXCUSE_KEPT
    # near misses: the Excuse played, the Jack kept; three cards left, not two
    assert excuse_kept_to_the_last_trick(moment(TWO_CARDS_LEFT, "EX", "JH")) is None
    assert excuse_kept_to_the_last_trick(moment(THREE_CARDS_LEFT, "NH", "EX")) is None


def test_without_a_fact_the_play_that_follows_decided_it() -> None:
    assert why(TAKER_LAST, "T2", "T4").why is CardWhy.SAME_KIND
    assert why(LEAD_AFTER_A_VOID, "1H", "1C").why is CardWhy.OTHER


def test_a_partner_the_learner_could_not_know_yet_is_no_partner_in_the_why() -> None:
    """At 5 players before the called card shows, the seat winning the trick is the learner's
    partner in fact, but the learner could not know it: no sentence says so."""
    m = moment(UNKNOWN_PARTNER, "10H", "JH")
    assert m.winning is not None
    assert m.before.is_attack(m.winning[0]) == m.before.is_attack(m.seat)  # partners in fact
    assert m.partner_winning() is None and m.other_side_winning() is None
    assert why(UNKNOWN_PARTNER, "10H", "JH").why is CardWhy.SAME_KIND


def test_the_strongest_fact_comes_first() -> None:
    """The Petit under a higher trump is also a counter given to the other side's trick: the
    Petit's own sentence is said."""
    m = moment(ALL_OTHERS_TRUMPED, "T1", "EX")
    assert points_given_to_the_other_side(m) is not None
    assert why(ALL_OTHERS_TRUMPED, "T1", "EX").why is CardWhy.PETIT_UNDER_TRUMP


def test_the_review_of_the_petit_thrown_away_says_it_was_caught_in_most_deals() -> None:
    card = blunder_review().card_in(BLUNDER_TRICK)
    assert card is not None and card.why is not None
    assert card.why.why is CardWhy.PETIT_CAUGHT
    assert (card.why.played, card.why.better) == (PETIT, parse_card("T17"))
    assert all((c.why is None) == (c.label is None) for c in blunder_review().cards)


def test_every_fact_of_a_reason_survives_its_data() -> None:
    for reason in (why(LEAD_AFTER_A_VOID, "4S", "1H"), why(ALL_OTHERS_TRUMPED, "T1", "EX"),
                   why(PETIT_EXPOSED, "T1", "T7")):
        assert CardReason.from_data(reason.to_data()) == reason


def test_a_cards_why_survives_its_data() -> None:
    card = blunder_review().card_in(BLUNDER_TRICK)
    assert card is not None
    assert CardReview.from_data(card.to_data()) == card


def test_an_own_mistake_keeps_the_cards_why_and_one_kept_before_it_still_reads() -> None:
    [mistake] = own_mistakes(blunder_record(), blunder_review(), 7, 1)
    card = blunder_review().card_in(BLUNDER_TRICK)
    assert card is not None and card.why is not None and mistake.why == card.why
    assert OwnMistake.from_data(mistake.to_data()) == mistake
    older = {k: v for k, v in mistake.to_data().items() if k != "why"}
    assert OwnMistake.from_data(older) == replace(mistake, why=None)
