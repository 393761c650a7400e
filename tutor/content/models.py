"""Lessons and puzzles as pydantic models (frozen, unknown fields refused).

The building blocks (cards, texts, positions) are in ``tutor.content.fields``; each exercise
kind's model is in its own module of ``tutor.content.kinds``, with the kind's rules. This
module puts them together into puzzles, lesson steps, lessons and the glossary, and keeps the
names the rest of the tutor imports.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import Field, StrictInt, StrictStr, model_validator

from tutor.content.fields import (
    BID_CODES,
    CONTRACT_CODES,
    LANGUAGES,
    QUOTE_HINT,
    CardList,
    ExerciseBase,
    Feedback,
    Model,
    Position,
    Slug,
    TableView,
    Text,
    TrickCard,
    card_codes,
)
from tutor.content.kinds import (
    KINDS,
    BestCardExercise,
    BidExercise,
    ChoiceExercise,
    CountExercise,
    Deal,
    EcartExercise,
    Exercise,
    ExerciseModel,
    Kind,
    LegalSetExercise,
    PlayExercise,
    ScoreExercise,
)

__all__ = [
    "BID_CODES",
    "CONTRACT_CODES",
    "GLOSSARY_FILE",
    "KINDS",
    "LANGUAGES",
    "PUZZLE_FIELDS",
    "QUOTE_HINT",
    "BestCardExercise",
    "BidExercise",
    "ChoiceExercise",
    "CountExercise",
    "Deal",
    "EcartExercise",
    "Exercise",
    "ExerciseBase",
    "ExerciseModel",
    "Feedback",
    "Glossary",
    "GlossaryTerm",
    "Kind",
    "LegalSetExercise",
    "Lesson",
    "PlayExercise",
    "Position",
    "Puzzle",
    "ScoreExercise",
    "Step",
    "TableView",
    "TermRow",
    "Text",
    "Theme",
    "TrickCard",
    "card_codes",
]


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
