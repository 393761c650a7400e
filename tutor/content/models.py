"""Lessons and puzzles as pydantic models (frozen, unknown fields refused).

The models check shapes and spellings: a card code is a card, a contract is one of the four,
both languages are present. Whether a position can happen and whether a stated answer is the
engine's is checked in ``tutor.content.checks`` (the engine is the authority).

Cards are held as the engine's ints (``tutor.engine.cards``); in YAML they are codes, as a
list (``[KH, 10S]``) or one space-separated string (``"KH 10S"``).
"""

from __future__ import annotations

import re
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from typing import Annotated, Any, Literal

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

from tutor.analysis.bestcard import Idea
from tutor.engine.cards import Card, cards_of, format_card, mask_of, parse_card
from tutor.engine.errors import CardNotationError, ImpossiblePositionError
from tutor.engine.position import Position as EnginePosition
from tutor.engine.position import parse_position

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


def _split_codes(value: object) -> object:
    """One space- (or comma-) separated string stands for a list of codes."""
    if isinstance(value, str):
        return value.replace(",", " ").split()
    return value


CardCode = Annotated[Card, PlainValidator(_card), PlainSerializer(format_card)]
CardList = Annotated[tuple[CardCode, ...], BeforeValidator(_split_codes)]


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
class TrickCard(Model):
    seat: Seat | None = None
    card: CardCode


def _trick_entry(value: object) -> object:
    return value if isinstance(value, (dict, TrickCard)) else {"card": value}


Trick = Annotated[
    tuple[Annotated[TrickCard, BeforeValidator(_trick_entry)], ...], BeforeValidator(_split_codes)
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
        try:
            deal = parse_position(self.notation)
        except ImpossiblePositionError as error:
            raise PydanticCustomError(
                "impossible_position",
                "notation: {code}: {message}",
                {"code": error.code, "message": str(error)},
            ) from None
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


class PlayExercise(ExerciseBase):
    """Which card do you play? Without ``accept`` every legal card is right."""

    kind: Literal["play"]
    position: Position
    accept: CardList | None = None


class LegalSetExercise(ExerciseBase):
    """Pick every card you may play."""

    kind: Literal["legal-set"]
    position: Position
    answer: CardList | None = None


class EcartExercise(ExerciseBase):
    """Make the écart from the taker's hand with the chien."""

    kind: Literal["ecart"]
    position: Position
    answer: CardList | None = None  # an example of a legal écart


class CountExercise(ExerciseBase):
    """How many points in this pile?"""

    kind: Literal["count"]
    pile: CardList
    method: Literal["french", "italian"] = "french"
    answer: Points | None = None


class Deal(Model):
    """The end of a deal, as written on a score sheet."""

    players: Literal[3, 4, 5]
    contract: ContractCode
    points: Points  # the taker's side's points (x.5 possible at 3 and 5 players)
    oudlers: Oudlers
    petit_au_bout: Literal["attack", "defence"] | None = None
    poignees: tuple[Literal["simple", "double", "triple"], ...] = ()
    chelem: Literal["none", "announced-made", "announced-failed", "made", "defence"] = "none"
    alone: StrictBool = False


class ScoreExercise(ExerciseBase):
    """What does the taker (partner, each defender, the unit) score?"""

    kind: Literal["score"]
    deal: Deal
    ask: Literal["taker", "partner", "defender", "unit"] = "taker"
    answer: StrictInt | None = None


def _bid_answer(value: object) -> int | tuple[str, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    codes = _split_codes(value)
    if isinstance(codes, list) and all(isinstance(code, str) for code in codes):
        for code in codes:
            if code not in BID_CODES:
                raise PydanticCustomError(
                    "bid", f"unknown bid {code!r}: use {', '.join(BID_CODES)}"
                )
        return tuple(codes)
    raise PydanticCustomError(
        "bid_answer",
        "the answer is a number (ask: needed) or a list of bids (ask: allowed-bids), "
        f"not {value!r}",
    )


BidAnswer = Annotated[int | tuple[str, ...], PlainValidator(_bid_answer)]


class BidExercise(ExerciseBase):
    """``ask: needed`` (points needed with ``oudlers``) or ``ask: allowed-bids`` (after
    ``position.bids``, what may the learner say?)."""

    kind: Literal["bid"]
    ask: Literal["needed", "allowed-bids"]
    oudlers: Oudlers | None = None
    position: Position | None = None
    answer: BidAnswer | None = None


class ChoiceExercise(ExerciseBase):
    """A multiple choice, only for facts the engine cannot compute."""

    kind: Literal["choice"]
    options: Annotated[tuple[Text, ...], Field(min_length=2, max_length=6)]
    correct: StrictInt  # 0-based index into options
    why: tuple[Text, ...] | None = None  # one explanation per option


class BestCardExercise(ExerciseBase):
    """Which card keeps the best result? The whole deal at that moment is ``notation`` (the
    solver needs every hand); the answer is what the solver proves (``tutor content check``
    proves that one card, or one group of equivalent cards, is the only one within the
    margin). ``answer`` states the expected card(s) so that the check reports a disagreement;
    ``idea`` is the lesson the position shows, checked against the solver's lines."""

    kind: Literal["best-card"]
    notation: StrictStr
    idea: Idea
    answer: CardList | None = None

    @model_validator(mode="after")
    def _notation_parses(self) -> BestCardExercise:
        try:
            parse_position(self.notation)
        except ImpossiblePositionError as error:
            raise PydanticCustomError(
                "impossible_position",
                "notation: {code}: {message}",
                {"code": error.code, "message": str(error)},
            ) from None
        return self

    @cached_property
    def deal(self) -> EnginePosition:
        return parse_position(self.notation)

    @cached_property
    def position(self) -> Position:
        """The learner's view: their hand, the trick, the contract (seat ``me`` to play)."""
        p = self.deal
        return Position(
            players=p.players,  # type: ignore[arg-type]
            hand=tuple(format_card(c) for c in cards_of(p.hands[p.to_play])),  # type: ignore[misc]
            trick=tuple(
                {"seat": seat, "card": format_card(card)}  # type: ignore[misc]
                for seat, card in zip(p.trick_seats, p.trick, strict=True)
            ),
            contract=p.contract.code,  # type: ignore[arg-type]
            taker=p.taker,
            called=None if p.called is None else format_card(p.called),  # type: ignore[arg-type]
            first_trick=p.players == 5 and p.tricks_done == 0,
            me=p.to_play,
        )


# The exercise classes (for isinstance and type hints) and the tagged union pydantic validates.
ExerciseModel = (
    PlayExercise | LegalSetExercise | EcartExercise | CountExercise | ScoreExercise
    | BidExercise | ChoiceExercise | BestCardExercise
)
Exercise = Annotated[ExerciseModel, Field(discriminator="kind")]
KINDS = ("play", "legal-set", "ecart", "count", "score", "bid", "choice", "best-card")


# --- puzzles and lessons --------------------------------------------------------------------
class Theme(StrEnum):
    FOLLOW_SUIT = "follow-suit"
    TRUMPING = "trumping"
    OVERTRUMP = "overtrump"
    UNDERTRUMP = "undertrump"
    TRUMP_LED = "trump-led"
    DISCARD = "discard"
    EXCUSE = "excuse"
    FIVE_PLAYER_FIRST_TRICK = "five-player-first-trick"
    ECART = "ecart"
    COUNTING = "counting"
    NEEDED_AND_BIDDING = "needed-and-bidding"
    SCORING = "scoring"
    ITALIAN_COUNTING = "italian-counting"
    CARD_PLAY = "card-play"
    BEST_CARD = "best-card"  # card play proven by the open-card solver


PUZZLE_FIELDS = ("id", "theme", "difficulty", "explanation")


class Puzzle(Model):
    """An exercise with an id, a theme, a difficulty and an explanation. In YAML the exercise's
    fields sit beside these (flat); in the model they are in ``exercise``."""

    id: Slug
    theme: Theme
    difficulty: Annotated[StrictInt, Field(ge=1, le=5)]
    explanation: Text
    exercise: Exercise

    @model_validator(mode="before")
    @classmethod
    def _nest_exercise(cls, data: Any) -> Any:
        if isinstance(data, dict):
            meta = {k: v for k, v in data.items() if k in PUZZLE_FIELDS}
            meta["exercise"] = {k: v for k, v in data.items() if k not in PUZZLE_FIELDS}
            return meta
        return data

    @property
    def kind(self) -> str:
        return self.exercise.kind


class Step(Model):
    text: Text  # markdown
    cards: CardList | None = None  # shown as images
    position: Position | None = None  # shown as a table
    check: Exercise | None = None
    puzzles: tuple[Slug, ...] = ()  # ids of puzzles to practise
    glossary: tuple[StrictStr, ...] = ()


class Lesson(Model):
    id: Slug
    number: Annotated[StrictInt, Field(ge=0, le=99)]
    title: Text
    summary: Text
    steps: Annotated[tuple[Step, ...], Field(min_length=1)]


def card_codes(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(format_card(c) for c in cards)


GLOSSARY_FILE = "glossary.yaml"  # in lessons/: the French terms, not a lesson


class GlossaryTerm(Model):
    key: Slug
    term: Text
    definition: Text


class TermRow(Model):
    """A line of the glossary page's terminology table: one concept, one word per language."""

    fr: StrictStr
    it: StrictStr  # the word the tutor's Italian uses (the Italian players' word)
    en: StrictStr


class Glossary(Model):
    terms: Annotated[tuple[GlossaryTerm, ...], Field(min_length=1)]
    terminology: tuple[TermRow, ...] = ()

    def get(self, key: str) -> GlossaryTerm | None:
        return next((term for term in self.terms if term.key == key), None)
