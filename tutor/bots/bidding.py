"""Bidding and the called king, as French club players learn them.

**The count** is Noël Chavey's point count (*barème*), from his book *Le jeu de tarot*
(Hatier, 1986), the count French clubs give beginners to judge a hand of 18 cards at four
players. Its points are not card points: they only rank hands.

- the oudlers: the 21 is 10, the Excuse 8; the Petit depends on the trumps held (the Excuse
  counted among them): fewer than 5 trumps 0, 5 trumps 5, 6 trumps 7, 7 or more 9;
- the trumps (the Excuse among them), once there are at least 5: 2 each; each major trump
  (16 to 21) 2 more; each major trump in a run of two or more that follow each other
  (19-20-21) 1 more;
- the honours of each suit: king and queen together (a *mariage*) 10, a king without its queen
  6, a queen without its king 3, a cavalier 2, a jack 1;
- long suits: 5 cards 5, 6 cards 7, 7 cards 9, then 2 more a card;
- shape: a void 6, a singleton 3, counted only on top of a hand that already reaches a prise
  without them (Chavey adds them "si sur-contrat": a short suit helps only a hand that has
  the trumps to take).

**The scale** (``SCALE``): under 40 pass; 40 to 55 a prise; 56 to 70 a garde; 71 to 80 a garde
sans; 81 or more a garde contre. Chavey wrote it for four players; at three and five players
the hand is counted with its lengths (trumps, suits) brought to an 18-card hand and the total
scaled to 18 cards, then read on the same scale.

**The call** at five players follows club practice: the king of a short suit you hold (two or
three cards, best with its queen or cavalier; else a single card), so that you can lead the
suit to your partner early, never the king of your long suit (see ``call_preference``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tutor.engine import (
    CAVALIER,
    EXCUSE_BIT,
    HAND_SIZE,
    JACK,
    KING,
    PETIT,
    PLAIN_SUITS,
    QUEEN,
    SUIT_MASKS,
    TRUMP_21,
    TRUMPS_MASK,
    Card,
    Contract,
    Suit,
    callable_cards,
    cards_of,
    suit_card,
    suit_of,
)

SOURCE = "Noël Chavey, Le jeu de tarot (Hatier, 1986)"
COUNTED_SIZE = HAND_SIZE[4]  # the count is made for a hand of 18 cards
# The scale: (the least count, the contract), the highest first.
SCALE: tuple[tuple[int, Contract], ...] = (
    (81, Contract.GARDE_CONTRE),
    (71, Contract.GARDE_SANS),
    (56, Contract.GARDE),
    (40, Contract.PRISE),
)
PRISE_COUNT = SCALE[-1][0]
MAJOR_TRUMPS = tuple(PETIT + n - 1 for n in range(16, 22))  # 16 to 21
MIN_TRUMPS = 5  # fewer trumps (the Excuse counted) score nothing, the Petit included
PETIT_BY_TRUMPS = {5: 5, 6: 7}  # 7 trumps or more: 9
PETIT_SAFE = 9
LONG_SUIT = 5
SHORT_SUIT = 3  # the call: a suit of one to three cards can be led to the partner


class CountItem(StrEnum):
    """One item of the count, in Chavey's order."""

    TRUMP_21 = "trump_21"
    EXCUSE = "excuse"
    PETIT = "petit"
    TRUMPS = "trumps"
    MAJOR_TRUMPS = "major_trumps"
    MAJOR_RUNS = "major_runs"
    MARRIAGES = "marriages"
    KINGS = "kings"
    QUEENS = "queens"
    CAVALIERS = "cavaliers"
    JACKS = "jacks"
    LONG_SUIT = "long_suit"
    VOIDS = "voids"
    SINGLETONS = "singletons"


@dataclass(frozen=True, slots=True)
class CountLine:
    """An item that scores: ``n`` cards (or suits) of it worth ``points`` together; a long
    suit names its ``suit`` (``n`` is then its length)."""

    item: CountItem
    n: int
    points: int
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class HandCount:
    """A hand counted: the lines that score, their sum, and the count read on the scale
    (the sum scaled to 18 cards at three and five players)."""

    players: int
    lines: tuple[CountLine, ...]
    total: int  # on the 18-card scale

    @property
    def contract(self) -> Contract | None:
        return contract_for_count(self.total)

    @property
    def next_step(self) -> tuple[int, Contract] | None:
        """The least count and the contract of the next step up the scale (None above a
        garde contre's)."""
        above = [(least, c) for least, c in SCALE if least > self.total]
        return above[-1] if above else None

    def points_of(self, item: CountItem) -> int:
        return sum(line.points for line in self.lines if line.item is item)


# --- the items of the count -----------------------------------------------------------------
def length_at_18(length: int, players: int) -> int:
    """A length (trumps, a suit) brought to an 18-card hand, rounded half up."""
    return (2 * length * COUNTED_SIZE + HAND_SIZE[players]) // (2 * HAND_SIZE[players])


def trumps_held(hand: int) -> int:
    """The trumps as the count counts them: the Excuse is one."""
    return (hand & TRUMPS_MASK).bit_count() + (1 if hand & EXCUSE_BIT else 0)


def trump_21_points(hand: int) -> int:
    return 10 if hand >> TRUMP_21 & 1 else 0


def excuse_points(hand: int) -> int:
    return 8 if hand & EXCUSE_BIT else 0


def petit_points(hand: int, trumps: int) -> int:
    """The Petit is worth what the trumps around it can protect: 0 with fewer than five."""
    if not hand >> PETIT & 1 or trumps < MIN_TRUMPS:
        return 0
    return PETIT_BY_TRUMPS.get(trumps, PETIT_SAFE)


def major_trumps(hand: int) -> list[Card]:
    return [card for card in MAJOR_TRUMPS if hand >> card & 1]


def major_run_cards(hand: int) -> int:
    """Major trumps that have a neighbouring major trump in the hand (each 1 point)."""
    held = set(major_trumps(hand))
    return sum(1 for card in held if card - 1 in held or card + 1 in held)


def long_suit_points(length: int) -> int:
    """5 cards 5, 6 cards 7, 7 cards 9, then 2 more a card."""
    return 0 if length < LONG_SUIT else 5 + 2 * (length - LONG_SUIT)


def honour_lines(hand: int) -> list[CountLine]:
    """Kings and queens (together a marriage, 10), cavaliers 2 and jacks 1, over the suits."""
    counts = dict.fromkeys(
        (CountItem.MARRIAGES, CountItem.KINGS, CountItem.QUEENS, CountItem.CAVALIERS,
         CountItem.JACKS), 0)
    for suit in PLAIN_SUITS:
        king = hand >> suit_card(suit, KING) & 1
        queen = hand >> suit_card(suit, QUEEN) & 1
        if king and queen:
            counts[CountItem.MARRIAGES] += 1
        else:
            counts[CountItem.KINGS] += king
            counts[CountItem.QUEENS] += queen
        counts[CountItem.CAVALIERS] += hand >> suit_card(suit, CAVALIER) & 1
        counts[CountItem.JACKS] += hand >> suit_card(suit, JACK) & 1
    worth = {CountItem.MARRIAGES: 10, CountItem.KINGS: 6, CountItem.QUEENS: 3,
             CountItem.CAVALIERS: 2, CountItem.JACKS: 1}
    return [CountLine(item, n, n * worth[item]) for item, n in counts.items() if n]


def long_suit_lines(hand: int, players: int) -> list[CountLine]:
    """Each suit of five cards or more (of an 18-card hand), with its points."""
    lines = []
    for suit in PLAIN_SUITS:
        length = (hand & SUIT_MASKS[suit]).bit_count()
        points = long_suit_points(length_at_18(length, players))
        if points:
            lines.append(CountLine(CountItem.LONG_SUIT, length, points, suit))
    return lines


def shape_lines(hand: int) -> list[CountLine]:
    """Voids (6 each) and singletons (3 each)."""
    lengths = [(hand & SUIT_MASKS[suit]).bit_count() for suit in PLAIN_SUITS]
    voids, singletons = lengths.count(0), lengths.count(1)
    lines = []
    if voids:
        lines.append(CountLine(CountItem.VOIDS, voids, 6 * voids))
    if singletons:
        lines.append(CountLine(CountItem.SINGLETONS, singletons, 3 * singletons))
    return lines


def trump_lines(hand: int, players: int) -> list[CountLine]:
    """The oudlers, then the trumps, the major trumps and their runs."""
    held = trumps_held(hand)
    trumps = length_at_18(held, players)
    majors = len(major_trumps(hand))
    runs = major_run_cards(hand)
    lines = [
        CountLine(CountItem.TRUMP_21, 1, trump_21_points(hand)),
        CountLine(CountItem.EXCUSE, 1, excuse_points(hand)),
        CountLine(CountItem.PETIT, held, petit_points(hand, trumps)),
        CountLine(CountItem.TRUMPS, held, 2 * held if trumps >= MIN_TRUMPS else 0),
        CountLine(CountItem.MAJOR_TRUMPS, majors, 2 * majors),
        CountLine(CountItem.MAJOR_RUNS, runs, runs),
    ]
    return [line for line in lines if line.points]


def scaled_to_18(points: int, players: int) -> int:
    size = HAND_SIZE[players]
    return (2 * points * COUNTED_SIZE + size) // (2 * size)


def hand_count(hand: int, players: int) -> HandCount:
    """The hand counted item by item (see the module docstring). Voids and singletons are
    added only on top of a hand that already counts a prise: Chavey counts them "si
    sur-contrat", and a short suit only helps a hand with the trumps to take."""
    lines = [*trump_lines(hand, players), *honour_lines(hand), *long_suit_lines(hand, players)]
    if scaled_to_18(sum(line.points for line in lines), players) >= PRISE_COUNT:
        lines += shape_lines(hand)
    total = scaled_to_18(sum(line.points for line in lines), players)
    return HandCount(players, tuple(lines), total)


def hand_strength(hand: int, players: int) -> int:
    """The count of ``hand`` on the 18-card scale."""
    return hand_count(hand, players).total


def contract_for_count(count: int) -> Contract | None:
    """The scale: the highest contract whose least count ``count`` reaches (None: pass)."""
    for least, contract in SCALE:
        if count >= least:
            return contract
    return None


def wanted_contract(hand: int, players: int) -> Contract | None:
    """The highest contract the hand is worth, or None (pass)."""
    return contract_for_count(hand_strength(hand, players))


def choose_bid(hand: int, players: int, highest: Contract | None) -> Contract | None:
    """Bid the contract the hand is worth if it is higher than the bids so far, else pass."""
    wanted = wanted_contract(hand, players)
    if wanted is None or (highest is not None and wanted <= highest):
        return None
    return wanted


# --- the call (5 players) -------------------------------------------------------------------
def helpers_in_suit(hand: int, suit: Suit) -> list[Card]:
    """The queen and cavalier the hand holds in ``suit``: once the partner's king has won,
    they are the next cards that can win it."""
    return [c for c in (suit_card(suit, QUEEN), suit_card(suit, CAVALIER)) if hand >> c & 1]


def call_preference(hand: int, card: Card) -> tuple[bool, bool, bool, bool, int, int]:
    """How good a call ``card`` is, the higher the better: a suit the hand holds cards in (it
    can be led to the partner); two or three of them (the others still hold the suit, so the
    partner's king is not yet trumped, and a card is left to lead it again), best with its
    queen or cavalier, which win the suit once the king has gone; then a single card (once it
    is led the taker is void and must trump the suit, the partner's king too); the long suits
    last, the shorter first. Then a fixed order of suits, so that the choice is always the
    same."""
    suit = suit_of(card)
    length = (hand & SUIT_MASKS[suit]).bit_count()
    return (length > 0, 1 < length <= SHORT_SUIT, bool(helpers_in_suit(hand, suit)),
            length == 1, -length, -card)


def choose_call(hand: int) -> Card:
    """5 players: the card to call, by club practice (``call_preference``) among the cards the
    rules allow and the hand lacks: a king, or with every king the queen, and so on. Calling
    a card of one's own hand (playing alone) only when nothing else is allowed."""
    allowed = callable_cards(hand)
    candidates = [c for c in cards_of(allowed) if not hand >> c & 1]
    if not candidates:
        return max(cards_of(allowed))
    return max(candidates, key=lambda card: call_preference(hand, card))
