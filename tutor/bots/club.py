"""ClubBot: SimpleBot with the conventions a club player learns at the table.

Each convention is one function named after it, ``(deal, view, legal) -> Card | None``: the
card the convention asks for, or None when it has nothing to say. ClubBot asks them in the
order of ``CONVENTIONS`` and plays the first answer; when none speaks it plays SimpleBot's
card. Bidding, the call, the écart, the chelem question and poignées stay SimpleBot's.

The rules each convention leans on (RULES.md): a trump led must be beaten when one can (§6.4),
so leading trumps strips the others' trumps and the Petit falls once it is the last one held;
a player void in the suit led must trump, and overtrump even a partner (§6.3), so a partner void
in a suit is made to spend a trump on a king of that suit; the Excuse may be played instead of
any card (§6.6) and stays with its side before the last trick, but changes camp when played to
it (§7.1, §7.2); at five players the partner is whoever holds the called king, unknown until it
is played (§4.2).

Tried and left out: at five players the taker leading the called suit to find its partner
lost marks (see docs/performance.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tutor.bots.cardplay import (
    PETIT_BIT,
    PLAIN_MASK,
    holds,
    lead_card,
    lowest_plain,
    lowest_trump,
    seats_after,
    winning,
)
from tutor.bots.knowledge import TRUMP_SUIT, TableKnowledge, View
from tutor.bots.simple import PLAYS, SimpleBot
from tutor.engine import (
    EXCUSE,
    EXCUSE_BIT,
    FIRST_TRUMP,
    HALF_POINTS,
    KINGS_MASK,
    PETIT,
    PLAIN_SUITS,
    QUEENS_MASK,
    SUIT_MASKS,
    TRUMP_21,
    TRUMPS_ABOVE,
    TRUMPS_MASK,
    Action,
    Card,
    Deal,
    Phase,
    highest,
)

Convention = Callable[[Deal, View, int], Card | None]

# A defender hunts the Petit with this many trumps in hand (SimpleBot waits for more: 7 at four
# players), once the trumps still out are no more than its own: then the Petit may fall.
HUNT_WITH = {3: 7, 4: 5, 5: 4}
# The cards of a suit low enough to signal with (1 to 10): a discard that costs no point.
LOW_RANK = 10
JACK_HALF_POINTS = 3  # a jack is worth 1.5 points
# A trump this high is kept rather than spent in a partner's sure trick, when the Excuse can go
# instead.
HIGH_TRUMP = FIRST_TRUMP + 17  # the 18


# --- who wins, for the conventions ---------------------------------------------------------------
def side_wins_surely(deal: Deal, view: View) -> bool:
    """A partner's card wins the trick so far and nobody after can take it."""
    win = winning(deal)
    if win is None or not view.is_friend(win[0]) or win[0] == view.seat:
        return False
    return holds(view, win[1], deal.led, seats_after(deal, view.seat))


def petit_still_out(view: View) -> bool:
    return not (view.played | view.hand | view.out) & PETIT_BIT


# --- the chase of the Petit ---------------------------------------------------------------
def chasse_au_petit(deal: Deal, view: View, legal: int) -> Card | None:
    """A defender on lead hunts the taker's Petit with trumps once it may fall: it holds at
    least ``HUNT_WITH`` trumps and no fewer than the trumps still out. It leads its master
    trump to keep the lead and go on hunting, else its lowest (never its own Petit)."""
    if deal.trick or view.attack or view.taker is None or not petit_still_out(view):
        return None
    if not view.may_hold_trumps(view.taker):
        return None
    trumps = legal & TRUMPS_MASK & ~PETIT_BIT
    out = view.outstanding(TRUMPS_MASK)
    if trumps.bit_count() < HUNT_WITH[view.players] or trumps.bit_count() < out.bit_count():
        return None
    top = highest(trumps)
    return top if top > highest(out) else lowest_trump(trumps)


def twenty_one_over_the_petit(deal: Deal, view: View, legal: int) -> Card | None:
    """An opponent's Petit is in the trick: take it with the lowest trump sure to win it, the
    21 (which nothing beats) when no lower one is sure."""
    if PETIT not in deal.trick:
        return None
    if view.is_friend(deal.trick_seats[deal.trick.index(PETIT)]) or side_wins_surely(deal, view):
        return None
    after = seats_after(deal, view.seat)
    beating = legal & TRUMPS_ABOVE[deal.top]
    for card in range(FIRST_TRUMP, TRUMP_21 + 1):
        if beating >> card & 1 and holds(view, card, TRUMP_SUIT, after):
            return card
    return None


# --- a partner's trick ----------------------------------------------------------------------
def no_overtrump_of_a_partner(deal: Deal, view: View, legal: int) -> Card | None:
    """A partner's trick is sure, and the only trumps that may be played beat the partner's
    (§6.3, §6.4) and are high ones (the 18 or more): play the Excuse instead (§6.6) and keep the
    high trump for later, while more than three cards are left (the Excuse must not be left for
    the last trick). With a low trump to spend, SimpleBot's lowest one is right."""
    if not deal.trick or not legal & EXCUSE_BIT or view.hand.bit_count() <= 3:
        return None
    trumps = legal & TRUMPS_MASK
    if not trumps or legal & PLAIN_MASK or lowest_trump(trumps) < HIGH_TRUMP:
        return None
    return EXCUSE if side_wins_surely(deal, view) else None


# --- the Excuse -------------------------------------------------------------------------------
def excuse_at_the_right_moment(deal: Deal, view: View, legal: int) -> Card | None:
    """Never kept for the last trick, where it would change camp (§7.2): with two cards left it
    goes now; with three, on a trick an opponent is winning and none of the other cards can
    take, when each of them would cost something there (a trump, or a card worth a jack or
    more): the next trick may leave no such chance."""
    if not legal & EXCUSE_BIT:
        return None
    left = view.hand.bit_count()
    if left <= 2:
        return EXCUSE
    win = winning(deal)
    if left != 3 or win is None or view.is_friend(win[0]):
        return None
    others = [card for card in range(EXCUSE) if legal >> card & 1]
    if any(beats(card, win[1], deal.led) for card in others):
        return None
    costly = all(card >= FIRST_TRUMP or HALF_POINTS[card] >= JACK_HALF_POINTS for card in others)
    return EXCUSE if costly else None


def beats(card: Card, best: Card, led: int) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it (§6.7)."""
    if card >= FIRST_TRUMP:
        return best < FIRST_TRUMP or card > best
    return best < FIRST_TRUMP and card // 14 == led and card > best


# --- signals ----------------------------------------------------------------------------------
def strongest_suit(view: View, cards: int) -> int | None:
    """The suit of ``cards`` in which the seat holds the king and the most cards."""
    suits = [s for s in PLAIN_SUITS if cards & SUIT_MASKS[s] and view.hand & KINGS_MASK
             & SUIT_MASKS[s]]
    if not suits:
        return None
    return max(suits, key=lambda s: ((view.hand & SUIT_MASKS[s]).bit_count(), -s))


def is_low(card: Card) -> bool:
    return card < FIRST_TRUMP and card % 14 < LOW_RANK


def signal_a_strong_suit(deal: Deal, view: View, legal: int) -> Card | None:
    """A defender discarding (neither the suit led nor a trump, §6.5) on a trick the other side
    takes throws a low card of its strong suit, the one it holds the king of: the call that
    tells its partners which suit to lead."""
    if view.attack or not deal.trick or deal.led == TRUMP_SUIT or deal.led < 0:
        return None
    if legal & SUIT_MASKS[deal.led] or legal & TRUMPS_MASK or side_wins_surely(deal, view):
        return None
    low = 0
    for card in range(FIRST_TRUMP):
        if legal >> card & 1 and is_low(card):
            low |= 1 << card
    suit = strongest_suit(view, low)
    return None if suit is None else lowest_plain(low & SUIT_MASKS[suit])


def signalled_suits(deal: Deal, view: View) -> list[int]:
    """The suits a partner called by discarding a low card of it, first call first."""
    calls: list[int] = []
    for record in deal.tricks:
        led = next((c for c in record.cards if c != EXCUSE), None)
        if led is None or led >= FIRST_TRUMP:
            continue
        for seat, card in zip(record.seats, record.cards, strict=True):
            if seat == view.seat or not view.is_friend(seat) or card == EXCUSE:
                continue
            discard = card < FIRST_TRUMP and card // 14 != led // 14 and is_low(card)
            if discard and card // 14 not in calls:
                calls.append(card // 14)
    return calls


def lead_the_signalled_suit(deal: Deal, view: View, legal: int) -> Card | None:
    """A defender on lead plays the suit a partner called, its lowest card, unless the taker
    is known void there and may still trump."""
    if deal.trick or view.attack or view.taker is None:
        return None
    for suit in signalled_suits(deal, view):
        cards = legal & SUIT_MASKS[suit]
        if not cards:
            continue
        if view.is_void(view.taker, suit) and view.may_hold_trumps(view.taker):
            continue
        return lowest_plain(cards)
    return None


# --- kings and a partner's voids ------------------------------------------------------------
def a_partner_may_be_void(view: View, suit: int) -> bool:
    """A partner is known void in ``suit`` and may hold trumps: it would have to trump (§6.3)."""
    return any(
        seat != view.seat and view.is_void(seat, suit) and view.may_hold_trumps(seat)
        for seat in view.friends
    )


def kings_kept_while_a_partner_may_be_void(deal: Deal, view: View, legal: int) -> Card | None:
    """Do not cash a king (or lead a queen) in a suit a partner is void in: the partner would
    have to spend a trump on a trick already won. Lead as SimpleBot would from the other cards."""
    if deal.trick:
        return None
    held_back = 0
    for suit in PLAIN_SUITS:
        if a_partner_may_be_void(view, suit):
            held_back |= legal & SUIT_MASKS[suit] & (KINGS_MASK | QUEENS_MASK)
    rest = legal & ~held_back
    if not held_back or not rest:
        return None
    # SimpleBot's lead draws only to break a tie between equally long suits: a fixed rng keeps
    # the convention deterministic without the decision's own.
    simple = lead_card(deal, view, legal, random.Random(0))
    if not held_back >> simple & 1:
        return None
    return lead_card(deal, view, rest, random.Random(0))


# --- five players: the partner not yet known ----------------------------------------------------
def the_partner_shows_itself(deal: Deal, view: View, legal: int) -> Card | None:
    """At five players the called king's holder, when the taker leads the called suit, plays
    the king at once, unless a seat after it that may be a defender is known void there: the
    trick is won for the taker and the partner is known (§4.2)."""
    called = deal.called
    if view.players != 5 or called is None or not legal >> called & 1 or not deal.trick:
        return None
    if deal.trick_seats[0] != view.taker or deal.led != called // 14:
        return None
    after = seats_after(deal, view.seat)
    if any(view.is_void(s, deal.led) and view.may_hold_trumps(s) for s in after
           if s != view.taker):
        return None
    return called


CONVENTIONS: tuple[Convention, ...] = (
    excuse_at_the_right_moment,
    twenty_one_over_the_petit,
    no_overtrump_of_a_partner,
    signal_a_strong_suit,
    the_partner_shows_itself,
    chasse_au_petit,
    lead_the_signalled_suit,
    kings_kept_while_a_partner_may_be_void,
)


def convention_card(deal: Deal, view: View, legal: int) -> Card | None:
    """The first convention's card, or None when none applies."""
    for convention in CONVENTIONS:
        card = convention(deal, view, legal)
        if card is not None:
            assert legal >> card & 1, convention.__name__
            return card
    return None


class ClubBot:
    """SimpleBot, but a card a convention of ``CONVENTIONS`` asks for is played instead.
    Deterministic given ``rng``; reads only what its seat may know."""

    def __init__(self) -> None:
        self._simple = SimpleBot()
        self._table = TableKnowledge()

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Action:
        if deal.phase is Phase.PLAYING and not (
            not deal.played_seats >> seat & 1 and deal.poignee_choices()
        ):
            legal = deal.legal_plays()
            if legal & (legal - 1):
                card = convention_card(deal, self._table.view(deal, seat), legal)
                if card is not None:
                    return PLAYS[card]
        return self._simple.choose(deal, seat, rng)


__all__ = ["CONVENTIONS", "ClubBot", "convention_card"]
