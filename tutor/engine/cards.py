"""The 78 cards: notation, order of strength, points, and a bit-set type for hands.

A card is a small int (0..77) so that hands, tricks and piles are int bit masks: the engine
is run millions of times by the bots and the puzzle generators, and a mask makes "the cards of
this suit in that hand" one ``&``. Layout: suit cards ``suit * 14 + rank - 1`` (rank 1..14,
11 = jack, 12 = cavalier, 13 = queen, 14 = king) so a higher index is a stronger card within
its suit; trumps ``55 + n`` for T1..T21; the Excuse is 77.

Notation (RULES §1.4): ``KH 10S NC 1D T21 EX``; parsing also takes lower case and ♠♥♦♣.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum

from tutor.engine.errors import CardNotationError, DuplicateCardError

Card = int  # 0..77, see the module docstring


class Suit(IntEnum):
    """The four suits, the trumps, and the Excuse on its own."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3
    TRUMPS = 4
    EXCUSE = 5


PLAIN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
JACK, CAVALIER, QUEEN, KING = 11, 12, 13, 14
RANK_LETTERS = {JACK: "J", CAVALIER: "N", QUEEN: "Q", KING: "K"}

FIRST_TRUMP = 56
EXCUSE: Card = 77
PETIT: Card = FIRST_TRUMP  # T1
TRUMP_21: Card = FIRST_TRUMP + 20
DECK_SIZE = 78


def suit_card(suit: Suit, rank: int) -> Card:
    """The plain card of ``suit`` and ``rank`` (1 to 10, then jack 11 to king 14)."""
    return int(suit) * 14 + rank - 1


def trump(number: int) -> Card:
    return FIRST_TRUMP + number - 1


def bit(card: Card) -> int:
    """The card's bit in a card mask."""
    return 1 << card


# --- masks -------------------------------------------------------------------------------
FULL_DECK = (1 << DECK_SIZE) - 1
EXCUSE_BIT = 1 << EXCUSE
TRUMPS_MASK = ((1 << 21) - 1) << FIRST_TRUMP
SUIT_MASKS: tuple[int, ...] = (*tuple((1 << 14) - 1 << s * 14 for s in range(4)), TRUMPS_MASK)
KINGS_MASK = sum(bit(suit_card(s, KING)) for s in PLAIN_SUITS)
QUEENS_MASK = sum(bit(suit_card(s, QUEEN)) for s in PLAIN_SUITS)
CAVALIERS_MASK = sum(bit(suit_card(s, CAVALIER)) for s in PLAIN_SUITS)
JACKS_MASK = sum(bit(suit_card(s, JACK)) for s in PLAIN_SUITS)
OUDLERS_MASK = bit(PETIT) | bit(TRUMP_21) | EXCUSE_BIT
HONOURS_MASK = KINGS_MASK | QUEENS_MASK | CAVALIERS_MASK | JACKS_MASK
# Cards worth half a point: the "low cards" given in exchange for the Excuse.
LOW_CARDS_MASK = FULL_DECK & ~(HONOURS_MASK | OUDLERS_MASK)
# TRUMPS_ABOVE[n]: the trumps stronger than Tn (n = 0: every trump).
TRUMPS_ABOVE: tuple[int, ...] = tuple(
    TRUMPS_MASK & ~((1 << (FIRST_TRUMP + n)) - 1) for n in range(22)
)


def suit_of(card: Card) -> Suit:
    """The card's suit: a plain suit, the trumps, or the Excuse's own."""
    if card == EXCUSE:
        return Suit.EXCUSE
    return Suit(card // 14) if card < FIRST_TRUMP else Suit.TRUMPS


def rank_of(card: Card) -> int:
    """Rank 1..14 for a suit card, the number 1..21 for a trump, 0 for the Excuse."""
    if card == EXCUSE:
        return 0
    return card % 14 + 1 if card < FIRST_TRUMP else card - FIRST_TRUMP + 1


def is_trump(card: Card) -> bool:
    """A trump, 1 to 21 (the Excuse is not one)."""
    return FIRST_TRUMP <= card < EXCUSE


def is_oudler(card: Card) -> bool:
    return bool(bit(card) & OUDLERS_MASK)


def is_king(card: Card) -> bool:
    return bool(bit(card) & KINGS_MASK)


# --- points (in half-points: 91 points = 182) ---------------------------------------------
def _half_points(card: Card) -> int:
    b = bit(card)
    if b & (OUDLERS_MASK | KINGS_MASK):
        return 9
    if b & QUEENS_MASK:
        return 7
    if b & CAVALIERS_MASK:
        return 5
    if b & JACKS_MASK:
        return 3
    return 1


HALF_POINTS: tuple[int, ...] = tuple(_half_points(c) for c in range(DECK_SIZE))
TOTAL_HALF_POINTS = 182


def half_points(mask: int) -> int:
    """Points of a pile of cards, in half-points (a king is 9, a low card 1)."""
    return (
        9 * (mask & (OUDLERS_MASK | KINGS_MASK)).bit_count()
        + 7 * (mask & QUEENS_MASK).bit_count()
        + 5 * (mask & CAVALIERS_MASK).bit_count()
        + 3 * (mask & JACKS_MASK).bit_count()
        + (mask & LOW_CARDS_MASK).bit_count()
    )


def oudlers_in(mask: int) -> int:
    """How many of the three oudlers (T1, T21, the Excuse) a pile holds."""
    return (mask & OUDLERS_MASK).bit_count()


def format_half(half: int) -> str:
    """182 -> '91', 9 -> '4.5'."""
    return str(half // 2) if half % 2 == 0 else f"{half // 2}.5"


# --- notation -----------------------------------------------------------------------------
def format_card(card: Card) -> str:
    """77 -> 'EX', 13 -> 'KS', 76 -> 'T21'; CardNotationError for no card."""
    if not 0 <= card < DECK_SIZE:
        raise CardNotationError(f"no card has index {card}", "no_such_card")
    if card == EXCUSE:
        return "EX"
    if is_trump(card):
        return f"T{rank_of(card)}"
    rank = rank_of(card)
    return RANK_LETTERS.get(rank, str(rank)) + SUIT_LETTERS[card // 14]


_CODES: dict[str, Card] = {format_card(c): c for c in range(DECK_SIZE)}


def parse_card(text: str) -> Card:
    """'KH', 'kh', 'K♥', '10S', 'T21', 'EX' -> card. Raises CardNotationError."""
    code = text.strip().upper()
    for symbol, letter in zip(SUIT_SYMBOLS, SUIT_LETTERS, strict=False):
        code = code.replace(symbol, letter)
    code = code.replace("♤", "S").replace("♡", "H").replace("♢", "D").replace("♧", "C")
    card = _CODES.get(code)
    if card is None:
        raise CardNotationError(f"unknown card {text.strip()!r}", "bad_card")
    return card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """A space- or comma-separated list (or an iterable of codes), duplicates refused."""
    codes = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = [parse_card(code) for code in codes]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCardError(
                f"card {format_card(card)} appears twice", "duplicate_card", (card,)
            )
        seen.add(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in the notation, separated by spaces, in the order given."""
    return " ".join(format_card(c) for c in cards)


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of some cards: bit ``c`` set for card ``c``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, weakest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def highest(mask: int) -> Card:
    """The card of the highest index in a non-empty mask (plain cards, then trumps, then the
    Excuse)."""
    return mask.bit_length() - 1


# Display order for a hand: trumps high to low first? Players sort by suit; we show the
# Excuse and trumps after the four suits, each suit from king down, trumps from 21 down.
def display_order(cards: Iterable[Card]) -> list[Card]:
    """Cards in the order a hand is shown: by suit, each from its highest card down."""
    def key(card: Card) -> tuple[int, int]:
        suit = suit_of(card)
        return (int(suit), -rank_of(card))

    return sorted(cards, key=key)


@dataclass(frozen=True, slots=True)
class CardSet:
    """An immutable set of cards backed by a bit mask: iterate, ``len``, ``in``, ``|``, ``&``."""

    mask: int = 0

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardSet:
        return cls(mask_of(cards))

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> CardSet:
        return cls(mask_of(parse_cards(text)))

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < DECK_SIZE and bool(self.mask >> card & 1)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __bool__(self) -> bool:
        return self.mask != 0

    def of_suit(self, suit: Suit) -> CardSet:
        if suit is Suit.EXCUSE:
            return CardSet(self.mask & EXCUSE_BIT)
        return CardSet(self.mask & SUIT_MASKS[suit])

    @property
    def half_points(self) -> int:
        return half_points(self.mask)

    @property
    def oudlers(self) -> int:
        return oudlers_in(self.mask)

    def __str__(self) -> str:
        return format_cards(display_order(self))


# --- names --------------------------------------------------------------------------------
_SUIT_NAMES = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "it": ("picche", "cuori", "quadri", "fiori"),
}
_FIGURE_NAMES = {
    "en": {1: "Ace", JACK: "Jack", CAVALIER: "Cavalier", QUEEN: "Queen", KING: "King"},
    "it": {1: "Asso", JACK: "Fante", CAVALIER: "Cavallo", QUEEN: "Donna", KING: "Re"},
}


def card_name(card: Card, lang: str = "en") -> str:
    """'King of hearts' / 'Re di cuori', 'Trump 21' / 'Atout 21', 'the Petit'..."""
    lang = lang if lang in _SUIT_NAMES else "en"
    if card == EXCUSE:
        return "Excuse"
    if card == PETIT:
        return "Petit (trump 1)" if lang == "en" else "Petit (atout 1)"
    if is_trump(card):
        return f"Trump {rank_of(card)}" if lang == "en" else f"Atout {rank_of(card)}"
    rank = rank_of(card)
    figure = _FIGURE_NAMES[lang].get(rank, str(rank))
    suit = _SUIT_NAMES[lang][card // 14]
    return f"{figure} of {suit}" if lang == "en" else f"{figure} di {suit}"


def suit_name(suit: Suit, lang: str = "en") -> str:
    """The suit's name in English or Italian."""
    if suit is Suit.TRUMPS:
        return "trumps" if lang == "en" else "atout"
    if suit is Suit.EXCUSE:
        return "Excuse"
    return _SUIT_NAMES[lang if lang in _SUIT_NAMES else "en"][suit]
