"""Why a labelled card lost, in one sentence: the fact that tells the better card from the
learner's, as ``tutor.review.choices`` says it for the bid, call, écart, chelem and poignée.

Every fact is read from what the learner could know when they played (their hand, the trick
so far, the cards played, the voids shown, who is known to be on which side:
``tutor.bots.knowledge``), never from the hidden hands; the one fact that needs the hidden
hands (the Petit caught) is counted on deals of them drawn consistently with what the learner
had seen (``tutor.bots.sampling``), and its sentence says the count. The rules are tried in
a fixed order, the strongest fact first (``RULES``); when none applies, a plain sentence says
the play that follows decided it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from tutor.bots.knowledge import View, observe
from tutor.bots.sampling import hidden_cards, sample_deal
from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import DecisionRandom
from tutor.engine import (
    EXCUSE,
    PETIT,
    Card,
    Deal,
    ExcuseLastTrick,
    Play,
    format_card,
    half_points,
    is_trump,
    led_suit,
    parse_card,
    suit_of,
    winning_position,
)

# Deals of the hidden cards drawn to count where the Petit is caught: as many as a decision
# is first valued on (``tutor.review.expected.SAMPLES``).
PETIT_DRAWS = 12


class CardWhy(StrEnum):
    """The fact that tells a labelled card from the better one (``review.why_card.<code>``)."""

    PETIT_UNDER_TRUMP = "petit_under_trump"  # into a trick the other side won with a trump
    PETIT_CAUGHT = "petit_caught"  # the other side took it in most deals drawn
    TRUMPED_PARTNER = "trumped_partner"  # a trump over the partner's winning card
    POINTS_GIVEN = "points_given"  # points put into a trick the other side was winning
    POINTS_WITHHELD = "points_withheld"  # the better card gave the partner's trick more
    TRUMP_TOO_HIGH = "trump_too_high"  # a lower trump beat the trick as well
    LEAD_INTO_VOID = "lead_into_void"  # a suit led that an opponent has shown void in
    EXCUSE_KEPT = "excuse_kept"  # kept to the last trick, where it changes sides
    SAME_KIND = "same_kind"  # the same suit: the play that follows decided it
    OTHER = "other"  # no fact of the trick: the play that follows decided it


# The sentences that state no fact of the trick (they send the learner to "show me how").
PLAY_DECIDED = frozenset({CardWhy.SAME_KIND, CardWhy.OTHER})


@dataclass(frozen=True, slots=True)
class CardReason:
    """Why ``better`` was better than the ``played`` card: the fact (``why``) and what its
    sentence names: ``seat`` and ``card`` the seat and card winning the trick before the
    learner's (or the seat void in the suit led), ``trick`` (0-based) where that void showed,
    ``caught`` of ``drawn`` deals where the other side took the Petit."""

    why: CardWhy
    played: Card
    better: Card
    seat: int | None = None
    card: Card | None = None
    trick: int | None = None
    caught: int = 0
    drawn: int = 0

    def to_data(self) -> dict[str, Any]:
        return {"why": self.why.value, "played": format_card(self.played),
                "better": format_card(self.better), "seat": self.seat,
                "card": None if self.card is None else format_card(self.card),
                "trick": self.trick, "caught": self.caught, "drawn": self.drawn}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CardReason:
        seat, card, trick = data.get("seat"), data.get("card"), data.get("trick")
        return cls(CardWhy(data["why"]), parse_card(str(data["played"])),
                   parse_card(str(data["better"])), None if seat is None else int(seat),
                   None if card is None else parse_card(str(card)),
                   None if trick is None else int(trick),
                   int(data.get("caught", 0)), int(data.get("drawn", 0)))


@dataclass(frozen=True, slots=True)
class CardMoment:
    """The learner's card and the better one, with the deal just before (``before``, the
    learner to play), what the learner knew then (``view``) and the generator of the deals a
    count draws (``rng``)."""

    before: Deal
    view: View
    played: Card
    better: Card
    rng: random.Random

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def winning(self) -> tuple[int, Card] | None:
        """The seat and card winning the trick so far (None: nothing but the Excuse yet)."""
        trick = self.before.trick
        if not [c for c in trick if c != EXCUSE]:
            return None
        at = winning_position(trick)
        return self.before.trick_seats[at], trick[at]

    def takes_the_lead(self, card: Card) -> bool:
        """``card`` would be winning the trick once played (the cards played so far known)."""
        trick = [*self.before.trick, card]
        return card != EXCUSE and winning_position(trick) == len(trick) - 1

    def other_side_winning(self) -> tuple[int, Card] | None:
        """The trick so far is won by a seat the learner knows is on the other side."""
        winning = self.winning
        return winning if winning is not None and winning[0] in self.view.foes else None

    def partner_winning(self) -> tuple[int, Card] | None:
        """The trick so far is won by a seat the learner knows is on their side."""
        winning = self.winning
        if winning is None or winning[0] == self.seat or winning[0] not in self.view.friends:
            return None
        return winning


def given(card: Card) -> int:
    """The half points a card puts into the trick it is played to (the Excuse goes back to
    its owner's pile before the last trick: nothing)."""
    return 0 if card == EXCUSE else half_points(1 << card)


# --- the rules, the strongest first -----------------------------------------------------------
def petit_under_a_higher_trump(m: CardMoment) -> CardReason | None:
    """The Petit played while a higher trump of the other side was winning the trick."""
    winning = m.other_side_winning()
    if m.played != PETIT or m.better == PETIT or winning is None or not is_trump(winning[1]):
        return None
    return CardReason(CardWhy.PETIT_UNDER_TRUMP, m.played, m.better, *winning)


def petit_caught_in_most_deals(m: CardMoment) -> CardReason | None:
    """The Petit went to the other side in this trick in most deals of the hidden cards
    drawn (counted: the rest of the trick played by the computer players)."""
    if m.played != PETIT or m.better == PETIT:
        return None
    hidden = hidden_cards(m.before, m.seat)
    caught = sum(petit_caught_in(sample_deal(m.before, m.seat, m.rng, hidden), m.seat, m.rng)
                 for _ in range(PETIT_DRAWS))
    if 2 * caught <= PETIT_DRAWS:
        return None
    return CardReason(CardWhy.PETIT_CAUGHT, m.played, m.better, caught=caught,
                      drawn=PETIT_DRAWS)


def petit_caught_in(sample: Deal, seat: int, rng: random.Random) -> bool:
    """``seat`` plays the Petit in ``sample`` (changed), the computer players end the trick:
    whether its winner is on the other side."""
    sample.push(Play(PETIT))
    bot = SimpleBot()
    while sample.trick:
        sample.push(bot.choose(sample, sample.to_play, DecisionRandom(rng.getrandbits(30))))
    return sample.is_attack(sample.tricks[-1].winner) != sample.is_attack(seat)


def trumped_over_the_partner(m: CardMoment) -> CardReason | None:
    """A trump played over the partner's winning card where the better card was no trump."""
    winning = m.partner_winning()
    if winning is None or not is_trump(m.played) or is_trump(m.better):
        return None
    return CardReason(CardWhy.TRUMPED_PARTNER, m.played, m.better, *winning)


def points_given_to_the_other_side(m: CardMoment) -> CardReason | None:
    """A card of more than a half point put into a trick the other side was winning (and
    still was after it), where the better card put fewer."""
    winning = m.other_side_winning()
    if (winning is None or m.takes_the_lead(m.played) or given(m.played) <= 1
            or given(m.played) <= given(m.better)):
        return None
    return CardReason(CardWhy.POINTS_GIVEN, m.played, m.better, *winning)


def points_withheld_from_the_partner(m: CardMoment) -> CardReason | None:
    """The partner was winning the trick and the better card, a counter, put more points in
    it than the learner's."""
    winning = m.partner_winning()
    if winning is None or given(m.better) <= 1 or given(m.better) <= given(m.played):
        return None
    return CardReason(CardWhy.POINTS_WITHHELD, m.played, m.better, *winning)


def trump_higher_than_needed(m: CardMoment) -> CardReason | None:
    """Two trumps that both beat the cards played so far: the learner's the higher."""
    if (m.winning is None or not is_trump(m.played) or not is_trump(m.better)
            or m.better > m.played or not m.takes_the_lead(m.better)):
        return None
    return CardReason(CardWhy.TRUMP_TOO_HIGH, m.played, m.better)


def lead_into_a_shown_void(m: CardMoment) -> CardReason | None:
    """A plain suit led that a seat of the other side has shown void in by trumping it (and
    not shown void in trumps since), where the better card was of another suit."""
    suit = suit_of(m.played)
    if m.before.trick or is_trump(m.played) or m.played == EXCUSE or suit_of(m.better) == suit:
        return None
    for seat in sorted(m.view.foes):
        if m.view.may_hold_trumps(seat):
            trumped = trick_trumped(m.before, seat, suit)  # so void in it
            if trumped is not None:
                return CardReason(CardWhy.LEAD_INTO_VOID, m.played, m.better, seat,
                                  trick=trumped)
    return None


def trick_trumped(deal: Deal, seat: int, suit: int) -> int | None:
    """The first trick (0-based) where ``seat`` trumped a lead of ``suit``."""
    for index, trick in enumerate(deal.tricks):
        if led_suit(trick.cards) == suit and is_trump(trick.cards[trick.seats.index(seat)]):
            return index
    return None


def excuse_kept_to_the_last_trick(m: CardMoment) -> CardReason | None:
    """Two cards left, the Excuse kept for the last trick, where it changes sides (these
    rules; a known opponent has won a trick, so no chelem keeps it)."""
    if (m.better != EXCUSE or m.before.hands[m.seat].bit_count() != 2
            or m.before.rules.excuse_last_trick is not ExcuseLastTrick.CHANGES_CAMP
            or not any(t.winner in m.view.foes for t in m.before.tricks)):
        return None
    return CardReason(CardWhy.EXCUSE_KEPT, m.played, m.better)


def play_decided(m: CardMoment) -> CardReason:
    """No fact of the trick tells the cards apart: the play that follows decided it."""
    same = suit_of(m.played) == suit_of(m.better)
    return CardReason(CardWhy.SAME_KIND if same else CardWhy.OTHER, m.played, m.better)


RULES: tuple[Callable[[CardMoment], CardReason | None], ...] = (
    petit_under_a_higher_trump,
    petit_caught_in_most_deals,
    trumped_over_the_partner,
    points_given_to_the_other_side,
    points_withheld_from_the_partner,
    trump_higher_than_needed,
    lead_into_a_shown_void,
    excuse_kept_to_the_last_trick,
)


def card_reason(before: Deal, played: Card, better: Card, rng: random.Random) -> CardReason:
    """Why ``better`` was better than ``played``, the card the seat to play in ``before``
    chose: the first rule of ``RULES`` that applies, else the plain sentence."""
    view = observe(before, before.to_play)
    moment = CardMoment(before, view, played, better, rng)
    for rule in RULES:
        found = rule(moment)
        if found is not None:
            return found
    return play_decided(moment)


__all__ = [
    "PETIT_DRAWS",
    "PLAY_DECIDED",
    "RULES",
    "CardMoment",
    "CardReason",
    "CardWhy",
    "card_reason",
    "given",
    "petit_caught_in",
    "play_decided",
    "trick_trumped",
]
