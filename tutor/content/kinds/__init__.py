"""The registry of exercise kinds: one module per kind, one line per kind in ``ExerciseModel``.

Each kind's module holds its pydantic model (the YAML schema) with its rules (``expected``,
``judge``, ``check``, ``answer_text``: see ``tutor.content.kinds.base``). ``MODELS`` maps
every ``Kind`` to its model; the UI keeps its widgets in a table keyed by the same ``Kind``
(``tutor.ui.exercises.WIDGETS``). A test pins that both cover ``Kind`` exactly.
"""

from __future__ import annotations

from typing import Annotated, get_args

from pydantic import Field

from tutor.content.kinds.base import LEARNER_MADE, ExerciseKind, Kind, Say
from tutor.content.kinds.best_card import BestCardExercise
from tutor.content.kinds.bid import BidExercise
from tutor.content.kinds.cards_out import CardsOutExercise
from tutor.content.kinds.choice import ChoiceExercise
from tutor.content.kinds.count import CountExercise
from tutor.content.kinds.ecart import EcartExercise
from tutor.content.kinds.hand import HandExercise
from tutor.content.kinds.legal_set import LegalSetExercise
from tutor.content.kinds.own_decision import OwnDecisionExercise, ValuedChoice
from tutor.content.kinds.own_mistake import OwnMistakeExercise, ValuedCards
from tutor.content.kinds.play import PlayExercise
from tutor.content.kinds.score import Deal, ScoreExercise

# The exercise models (for type hints) and the tagged union pydantic validates.
ExerciseModel = (
    PlayExercise | LegalSetExercise | EcartExercise | CountExercise | ScoreExercise
    | BidExercise | ChoiceExercise | BestCardExercise | HandExercise | CardsOutExercise
    | OwnMistakeExercise | OwnDecisionExercise
)
Exercise = Annotated[ExerciseModel, Field(discriminator="kind")]


def kind_of(model: type[ExerciseModel]) -> Kind:
    """The kind a model's ``kind: Literal[...]`` field names."""
    (name,) = get_args(model.model_fields["kind"].annotation)
    return Kind(name)


MODELS: dict[Kind, type[ExerciseModel]] = {
    kind_of(model): model for model in get_args(ExerciseModel)
}
KINDS = tuple(kind.value for kind in Kind)  # as YAML writes them, for error messages

__all__ = [
    "KINDS",
    "LEARNER_MADE",
    "MODELS",
    "BestCardExercise",
    "BidExercise",
    "CardsOutExercise",
    "ChoiceExercise",
    "CountExercise",
    "Deal",
    "EcartExercise",
    "Exercise",
    "ExerciseKind",
    "ExerciseModel",
    "HandExercise",
    "Kind",
    "LegalSetExercise",
    "OwnDecisionExercise",
    "OwnMistakeExercise",
    "PlayExercise",
    "Say",
    "ScoreExercise",
    "ValuedCards",
    "ValuedChoice",
    "kind_of",
]
