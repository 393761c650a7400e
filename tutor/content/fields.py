"""The building blocks of lessons and puzzles as pydantic models (frozen, unknown fields refused).

The models check shapes and spellings: a card code is a card, a contract is one of the four,
both languages are present. Whether a position can happen and whether a stated answer is the
engine's is each exercise kind's ``check`` (``tutor.content.kinds``; the engine is the
authority).

Cards are held as the engine's ints (``tutor.engine.cards``); in YAML they are codes, as a
list (``[KH, 10S]``) or one space-separated string (``"KH 10S"``).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Annotated, Literal, Protocol

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from tutor.engine import (
    Card,
    CardNotationError,
    ImpossiblePositionError,
    format_card,
    mask_of,
    parse_card,
    parse_position,
)
from tutor.engine import Position as EnginePosition

LANGUAGES = {"en": "English", "it": "Italian"}
CONTRACT_CODES = ("prise", "garde", "garde-sans", "garde-contre")
BID_CODES = ("pass", *CONTRACT_CODES)
QUOTE_HINT = "YAML reads unquoted yes/no/on/off/true/false as booleans: quote it"


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- scalar types ---------------------------------------------------------------------------
def _card(value: object) -> Card:
    if isinstance(value, bool):
        boolean = str(value).lower()
        raise PydanticCustomError(
            "card_type", f"a card code is expected, not the boolean {boolean}: {QUOTE_HINT}"
        )
    if not isinstance(value, str):
        raise PydanticCustomError(
            "card_type",
            f"a card code is expected as a string, not {value!r}: use e.g. KH, 10S, T21, EX",
        )
    try:
        return parse_card(value)
    except CardNotationError:
        raise PydanticCustomError(
            "card", f"card {value.strip()!r} is not a card: use e.g. KH, 10S, T21, EX"
        ) from None


def split_codes(value: object) -> object:
    """One space- (or comma-) separated string stands for a list of codes."""
    if isinstance(value, str):
        return value.replace(",", " ").split()
    return value


CardCode = Annotated[Card, PlainValidator(_card), PlainSerializer(format_card)]
CardList = Annotated[tuple[CardCode, ...], BeforeValidator(split_codes)]


_DECIMAL = re.compile(r"-?[0-9]{1,9}(?:\.[0-9]{1,9})?", re.ASCII)


def _points(value: object) -> Fraction:
    """A number of points: whole or a half (12, 12.5, "12.5", "12,5")."""
    not_a_number = PydanticCustomError(
        "points_type", f"a number of points is expected, not {value!r}"
    )
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Fraction)):
        raise not_a_number
    text = value.strip().replace(",", ".") if isinstance(value, str) else value
    # Plain decimals only: Fraction("1e999999999") would compute a billion-digit number.
    if isinstance(text, str) and not _DECIMAL.fullmatch(text):
        raise not_a_number
    try:
        number = Fraction(text)
    except (ValueError, ZeroDivisionError, OverflowError):  # OverflowError: .inf
        raise not_a_number from None
    if (number * 2).denominator != 1:
        raise PydanticCustomError(
            "points_half", f"points come whole or with a half (41, 41.5), not {value!r}"
        )
    if number < 0:
        raise PydanticCustomError("points_negative", f"points cannot be negative ({value!r})")
    return number


def _format_points(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


Points = Annotated[Fraction, PlainValidator(_points), PlainSerializer(_format_points)]

Seat = Annotated[StrictInt, Field(ge=0, le=4)]
Oudlers = Annotated[StrictInt, Field(ge=0, le=3)]
Slug = Annotated[StrictStr, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
ContractCode = Literal["prise", "garde", "garde-sans", "garde-contre"]
BidCode = Literal["pass", "prise", "garde", "garde-sans", "garde-contre"]


class Text(Model):
    """A text in both languages; neither may be missing or empty (markdown allowed)."""

    en: StrictStr
    it: StrictStr

    @field_validator("en", "it")
    @classmethod
    def _not_empty(cls, value: str, info: ValidationInfo) -> str:
        if not value.strip():
            language = LANGUAGES[info.field_name or "en"]
            raise PydanticCustomError("empty_text", f"empty {language} text")
        return value

    def get(self, lang: str) -> str:
        return self.it if lang == "it" else self.en


class Feedback(Model):
    right: Text
    wrong: Text


# --- positions ------------------------------------------------------------------------------
def read_notation(text: str) -> EnginePosition:
    """A whole deal in the engine's position notation; an impossible one is a field error."""
    try:
        return parse_position(text)
    except ImpossiblePositionError as error:
        raise PydanticCustomError(
            "impossible_position",
            "notation: {code}: {message}",
            {"code": error.code, "message": str(error)},
        ) from None


class TableView(Protocol):
    """What the learner sees at the table, to play a card: an authored ``Position`` or a
    best-card puzzle's whole deal seen from the seat to play."""

    @property
    def players(self) -> int: ...
    @property
    def me(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def hand_mask(self) -> int: ...
    @property
    def trick_cards(self) -> tuple[Card, ...]: ...
    @property
    def trick_seats(self) -> tuple[int, ...]: ...
    @property
    def called(self) -> Card | None: ...
    @property
    def first_trick(self) -> bool: ...
    @property
    def contract(self) -> str | None: ...
    @property
    def taker(self) -> int | None: ...


class TrickCard(Model):
    seat: Seat | None = None
    card: CardCode


def _trick_entry(value: object) -> object:
    return value if isinstance(value, (dict, TrickCard)) else {"card": value}


Trick = Annotated[
    tuple[Annotated[TrickCard, BeforeValidator(_trick_entry)], ...], BeforeValidator(split_codes)
]


class Position(Model):
    """A moment of a deal seen by the learner (seat ``me``): their hand and the trick so far.

    Seats are numbered counter-clockwise (the order of play): the trick's cards come from the
    leader, leader + 1, ... and the learner plays next. A trick given as plain cards is
    placed with ``leader`` (default: the seat that makes the learner next to play).
    """

    players: Literal[3, 4, 5]
    hand: CardList = ()
    trick: Trick = ()
    leader: Seat | None = None
    contract: ContractCode | None = None
    taker: Seat | None = None
    called: CardCode | None = None  # 5 players: the called card
    first_trick: StrictBool = False  # 5 players: the called suit may not be led
    me: Seat = 0
    bids: tuple[BidCode, ...] = ()  # bids so far, in speaking order
    # Optional: the whole deal at this moment in the engine's one-line position notation
    # (tutor.engine.position); checked to be a reachable position that agrees with the fields.
    notation: StrictStr | None = None

    @model_validator(mode="after")
    def _notation_agrees(self) -> Position:
        if self.notation is None:
            return self
        deal = read_notation(self.notation)
        differ = [
            name
            for name, same in (
                ("players", deal.players == self.players),
                ("me (the player to play)", deal.to_play == self.me),
                ("hand", deal.hands[self.me] == self.hand_mask),
                ("trick", deal.trick == self.trick_cards),
                ("trick seats", deal.trick_seats == self.trick_seats),
                ("called", deal.called == self.called),
                ("contract", self.contract in (None, deal.contract.code)),
                ("taker", self.taker in (None, deal.taker)),
                ("first_trick", not self.first_trick or deal.tricks_done == 0),
            )
            if not same
        ]
        if differ:
            raise PydanticCustomError(
                "notation_disagrees",
                "notation: the position disagrees with {fields}",
                {"fields": ", ".join(differ)},
            )
        return self

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        return tuple(entry.card for entry in self.trick)

    @property
    def leader_seat(self) -> int:
        if self.trick and self.trick[0].seat is not None:
            return self.trick[0].seat
        if self.leader is not None:
            return self.leader
        return (self.me - len(self.trick)) % self.players

    @property
    def trick_seats(self) -> tuple[int, ...]:
        lead = self.leader_seat
        return tuple(
            entry.seat if entry.seat is not None else (lead + i) % self.players
            for i, entry in enumerate(self.trick)
        )


# --- exercises ------------------------------------------------------------------------------
class ExerciseBase(Model):
    question: Text
    feedback: Feedback | None = None
    hint: Text | None = None


def card_codes(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(format_card(c) for c in cards)
