"""Card play: always one of ``deal.legal_plays()``, chosen by a few rules club players teach.

Leading
- the taker with as many trumps as all the others together draws trumps (the master trump
  when it holds it): it clears the way for its long suit and protects its Petit;
- cash a king (or another master card with points) early, before the suit is ruffed: only
  while no opponent is known to be void in the suit;
- in defence with many trumps and the Petit still out, lead trumps: the chase of the Petit;
- in defence, a low card in a suit the taker is void in makes the taker ruff;
- otherwise a low card of a long suit without the king.

Following
- give points to a partner whose card is sure to win (charger): the highest counter;
- win with a master card when it holds (last to play: the lowest card that wins);
- do not waste high trumps: the lowest trump that wins when nobody can overtrump after,
  the 21 (which cannot be caught) when the trick is worth it;
- keep the Petit safe: never under a higher trump while another trump will do; play it when
  it wins or when a partner's trick is sure; the Excuse saves it when it would be caught;
- the Excuse early (two cards left at the latest, never the last trick), or to save points.
"""

from __future__ import annotations

import random

from tutor.bots.knowledge import TRUMP_SUIT, TableKnowledge, View, observe
from tutor.engine import (
    CAVALIERS_MASK,
    EXCUSE,
    EXCUSE_BIT,
    FIRST_TRUMP,
    HALF_POINTS,
    JACKS_MASK,
    KINGS_MASK,
    PETIT,
    PLAIN_SUITS,
    QUEENS_MASK,
    SUIT_MASKS,
    TRUMP_21,
    TRUMPS_ABOVE,
    TRUMPS_MASK,
    Card,
    Deal,
    cards_of,
    highest,
)

PLAIN_MASK = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
PETIT_BIT = 1 << PETIT
PLAIN_SUIT_MASKS = SUIT_MASKS[:4]
# The plain cards by points, fewest first: low cards (1 to 10), jacks, cavaliers, queens, kings.
PLAIN_BY_POINTS = (
    PLAIN_MASK & ~(JACKS_MASK | CAVALIERS_MASK | QUEENS_MASK | KINGS_MASK),
    JACKS_MASK,
    CAVALIERS_MASK,
    QUEENS_MASK,
    KINGS_MASK,
)
# Trumps a defender needs before leading them to chase the Petit.
HUNT_TRUMPS = {3: 9, 4: 7, 5: 6}
# A trick worth a high trump: a king or an oudler in it (half-points).
WORTH_A_HIGH_TRUMP = 9
# A trick worth a sure (master) trump: a jack or more in it.
WORTH_A_TRUMP = 3


def trump_number(card: Card) -> int:
    return card - FIRST_TRUMP + 1


def lowest_plain(mask: int) -> Card:
    """The cheapest of the plain cards of ``mask``: fewest points, then from the shortest
    suit, then the lowest rank (then the first suit)."""
    cards = 0
    for group in PLAIN_BY_POINTS:
        cards = mask & group
        if cards:
            break
    best, best_key = -1, (99, 99)
    for suit_mask in PLAIN_SUIT_MASKS:
        in_suit = cards & suit_mask
        if in_suit:
            low = (in_suit & -in_suit).bit_length() - 1  # the lowest rank of those points
            key = ((mask & suit_mask).bit_count(), low % 14)
            if key < best_key:
                best, best_key = low, key
    return best


def richest(mask: int) -> Card:
    """The card with the most points (a king last among equals is not needed: kings are 9)."""
    return max(cards_of(mask), key=lambda c: (HALF_POINTS[c], -(c % 14)))


def lowest_trump(trumps: int) -> Card:
    """The lowest trump, the Petit only when it is the only one."""
    others = trumps & ~PETIT_BIT
    mask = others or trumps
    return (mask & -mask).bit_length() - 1


def choose_card(
    deal: Deal, seat: int, rng: random.Random, table: TableKnowledge | None = None
) -> Card:
    """The card ``seat`` plays. ``table``, when given, is kept by the caller for this deal
    (what the play has shown, read card by card); else the deal is read from scratch."""
    legal = deal.legal_plays()
    if not legal & (legal - 1):
        return legal.bit_length() - 1  # one legal card
    view = table.view(deal, seat) if table is not None else observe(deal, seat)
    if legal & EXCUSE_BIT and view.hand.bit_count() <= 2:
        return EXCUSE  # never keep the Excuse for the last trick: it would change side
    if not deal.trick:
        return _lead(deal, view, legal, rng)
    return _follow(deal, view, legal, rng)


# --- who wins the trick so far --------------------------------------------------------------
def winning(deal: Deal) -> tuple[int, Card] | None:
    """(seat, card) of the card winning the trick so far; None when only the Excuse is in."""
    if deal.top:
        card = FIRST_TRUMP + deal.top - 1
    elif deal.led >= 0:
        led = deal.led
        card = max([c for c in deal.trick if c < FIRST_TRUMP and c // 14 == led])
    else:
        return None
    return deal.trick_seats[deal.trick.index(card)], card


def seats_after(deal: Deal, seat: int) -> list[int]:
    left = deal.players - len(deal.trick) - 1
    return [(seat + i) % deal.players for i in range(1, left + 1)]


def holds(view: View, card: Card, led: int, after: list[int]) -> bool:
    """Will ``card``, winning now, still win once the seats in ``after`` have played? Sure for
    trumps no opponent can beat; likely for a master card of a suit nobody after has ruffed."""
    friends, no_trumps = view.friends, view.no_trumps
    foes = [s for s in after if s not in friends]
    if not foes:
        return True
    if card >= FIRST_TRUMP:
        number = trump_number(card)
        higher = view.outstanding(TRUMPS_ABOVE[number])
        if not higher:
            return True
        cap = view.trump_cap
        return not [s for s in foes if not no_trumps >> s & 1 and cap[s] > number]
    suit = card // 14
    above = SUIT_MASKS[suit] & ~((2 << card) - 1)
    if view.outstanding(above):
        return False
    voids = view.voids
    if [s for s in foes if voids[s] >> suit & 1 and not no_trumps >> s & 1]:
        return False
    # The taker built voids in the écart: until it has followed the suit, it may ruff.
    taker = view.taker
    if taker in foes and not view.has_followed(taker, suit) and view.may_hold_trumps(taker):
        return False
    # Once the suit has gone round, someone may well be void.
    return view.outstanding(SUIT_MASKS[suit]).bit_count() >= 2 * len(foes)


# --- leading --------------------------------------------------------------------------------
def _lead(deal: Deal, view: View, legal: int, rng: random.Random) -> Card:
    hand = view.hand
    trumps = legal & TRUMPS_MASK
    plain = legal & PLAIN_MASK
    out_trumps = view.outstanding(TRUMPS_MASK)
    friends, seat = view.friends, view.seat
    foes = [s for s in range(view.players) if s not in friends and s != seat]
    foes_with_trumps = [s for s in foes if not view.no_trumps >> s & 1]

    # The taker's side draws trumps when it is long in them.
    long_in_trumps = trumps.bit_count() >= out_trumps.bit_count()
    if view.attack and trumps and out_trumps and foes_with_trumps and long_in_trumps:
        top = highest(trumps)
        if top > highest(out_trumps):
            return top
        if hand & PETIT_BIT and trumps.bit_count() > 1:
            return lowest_trump(trumps)

    # Cash masters with points (kings first, then queens, cavaliers) while the suit is safe.
    for card in cards_of(plain & KINGS_MASK) + cards_of(plain & QUEENS_MASK) + cards_of(
        plain & CAVALIERS_MASK
    ):
        suit = card // 14
        above = SUIT_MASKS[suit] & ~((2 << card) - 1)
        if view.outstanding(above):
            continue
        if [s for s in foes if view.voids[s] >> suit & 1]:
            continue
        if view.led_count[suit] >= 2:
            continue
        return card

    if not view.attack:
        petit_out = not (view.played | hand) & PETIT_BIT
        # The chase of the Petit: a defender long in trumps leads them.
        if petit_out and trumps.bit_count() >= HUNT_TRUMPS[view.players] and not hand & PETIT_BIT:
            return lowest_trump(trumps)
        # Make the taker ruff: a low card in a suit the taker is void in.
        if view.taker is not None and view.may_hold_trumps(view.taker):
            ruffs = [
                s for s in PLAIN_SUITS if view.is_void(view.taker, s) and plain & SUIT_MASKS[s]
            ]
            low = [c for s in ruffs for c in cards_of(plain & SUIT_MASKS[s]) if HALF_POINTS[c] <= 1]
            if low:
                return min(low, key=lambda c: c % 14)

    if plain:
        # A low card of the longest suit without its king (a king is cashed, not led under).
        kingless = [
            s
            for s in PLAIN_SUITS
            if plain & SUIT_MASKS[s] and not hand & KINGS_MASK & SUIT_MASKS[s]
        ]
        pool = kingless or [s for s in PLAIN_SUITS if plain & SUIT_MASKS[s]]
        longest = max(len_of(plain, s) for s in pool)
        choices = [s for s in pool if len_of(plain, s) == longest]
        suit = choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]
        return lowest_plain(plain & SUIT_MASKS[suit])

    if legal & EXCUSE_BIT and hand.bit_count() <= 4:
        return EXCUSE
    if trumps:
        top = highest(trumps)
        if not out_trumps or top > highest(out_trumps):
            return top
        return lowest_trump(trumps)
    return cards_of(legal)[0]


def lead_card(deal: Deal, view: View, legal: int, rng: random.Random) -> Card:
    """The card SimpleBot leads from ``legal`` (any part of the legal cards: what a
    convention leaves it to choose from)."""
    return _lead(deal, view, legal, rng)


def len_of(mask: int, suit: int) -> int:
    return (mask & SUIT_MASKS[suit]).bit_count()


# --- following ------------------------------------------------------------------------------
def _follow(deal: Deal, view: View, legal: int, rng: random.Random) -> Card:
    after = seats_after(deal, view.seat)
    win = winning(deal)
    led = deal.led
    trick_points = sum([HALF_POINTS[c] for c in deal.trick])
    friend_wins = False
    if win is not None:
        friend_wins = view.is_friend(win[0]) and holds(view, win[1], led, after)
    no_excuse = legal & ~EXCUSE_BIT
    has_excuse = bool(legal & EXCUSE_BIT)

    if win is None:  # the Excuse was led: this card opens the trick
        return _lead(deal, view, legal & ~EXCUSE_BIT or legal, rng)

    if no_excuse & TRUMPS_MASK and not no_excuse & PLAIN_MASK:
        card = _follow_with_trumps(deal, view, no_excuse, win, after, friend_wins, trick_points)
    elif led != TRUMP_SUIT and no_excuse & SUIT_MASKS[led] == no_excuse and no_excuse:
        card = _follow_suit(view, no_excuse, win, led, after, friend_wins)
    else:
        card = _discard(view, no_excuse, friend_wins)

    # The Excuse saves points (or the Petit) on a trick the other side takes.
    if has_excuse and not friend_wins:
        friends = view.friends
        safe = _wins(card, deal, win) and not [s for s in after if s not in friends]
        if not safe and (card == PETIT or (HALF_POINTS[card] >= 3 and not _wins(card, deal, win))):
            return EXCUSE
    return card


def _wins(card: Card, deal: Deal, win: tuple[int, Card]) -> bool:
    """Does ``card`` beat the card winning now?"""
    best = win[1]
    if card >= FIRST_TRUMP:
        return best < FIRST_TRUMP or card > best
    return best < FIRST_TRUMP and card // 14 == best // 14 and card > best


def _follow_suit(
    view: View, cards: int, win: tuple[int, Card], led: int, after: list[int], friend_wins: bool
) -> Card:
    if friend_wins:
        return richest(cards)  # charger
    best = win[1]
    winners = [c for c in cards_of(cards) if best < FIRST_TRUMP and c > best]
    if winners and not view.is_friend(win[0]):
        friends = view.friends
        if not [s for s in after if s not in friends]:
            return min(winners)  # last of the opponents to play: the lowest card that wins
        top = max(winners)
        if holds(view, top, led, after):
            return top
    return lowest_plain(cards)


def _follow_with_trumps(
    deal: Deal,
    view: View,
    trumps: int,
    win: tuple[int, Card],
    after: list[int],
    friend_wins: bool,
    trick_points: int,
) -> Card:
    """``trumps``: the legal trumps (all higher than the trick's top trump when one is)."""
    top = deal.top
    higher = trumps & TRUMPS_ABOVE[top]
    friends = view.friends
    foes_after = [s for s in after if s not in friends]
    if friend_wins:
        if not higher:  # cannot beat the partner: the Petit is safe in the partner's trick
            return PETIT if trumps & PETIT_BIT else lowest_trump(trumps)
        if top == 0 and trumps & PETIT_BIT and not foes_after:
            return PETIT  # ruffing a sure trick with nobody left to overtrump
        return lowest_trump(higher)  # obliged to overtrump a partner: as cheaply as possible
    if not higher:
        return lowest_trump(trumps)  # cannot win: the lowest, the Petit only when alone
    if not foes_after:
        return (higher & -higher).bit_length() - 1  # the lowest that wins, maybe the Petit
    for sure in cards_of(higher):  # the lowest trump sure to win, if any
        if holds(view, sure, TRUMP_SUIT, after):
            worth = WORTH_A_HIGH_TRUMP if sure == TRUMP_21 else WORTH_A_TRUMP
            return sure if trick_points >= worth else lowest_trump(higher)
    return lowest_trump(higher)


def _discard(view: View, cards: int, friend_wins: bool) -> Card:
    """Neither the suit led nor a trump: points to a partner's sure trick, else the cheapest
    card of the shortest suit."""
    plain = cards & PLAIN_MASK
    if not plain:
        return lowest_trump(cards & TRUMPS_MASK) if cards & TRUMPS_MASK else cards_of(cards)[0]
    if friend_wins:
        honours = plain & ~KINGS_MASK
        pick = richest(honours) if honours else richest(plain)
        if HALF_POINTS[pick] > 1:
            return pick
    cheap = plain & ~KINGS_MASK or plain
    return lowest_plain(cheap)
