"""Lessons and puzzles: YAML files validated by pydantic models and by the rules engine.

``load_all()`` gives the checked ``Bank``; ``check_paths()`` lists every error as
``path:line:col: field: message``; ``evaluate()`` judges a learner's answer with the engine.
"""

from tutor.content.errors import ContentError, ContentErrors
from tutor.content.evaluate import Verdict, evaluate, expected_answer
from tutor.content.loader import Bank, check_paths, load_all, load_file, load_lesson, load_puzzle
from tutor.content.models import (
    BidExercise,
    ChoiceExercise,
    CountExercise,
    Deal,
    EcartExercise,
    Exercise,
    ExerciseModel,
    Feedback,
    LegalSetExercise,
    Lesson,
    PlayExercise,
    Position,
    Puzzle,
    ScoreExercise,
    Step,
    Text,
    Theme,
    TrickCard,
)
from tutor.content.yamlload import ContentLoader, parse_yaml

__all__ = [
    "Bank",
    "BidExercise",
    "ChoiceExercise",
    "ContentError",
    "ContentErrors",
    "ContentLoader",
    "CountExercise",
    "Deal",
    "EcartExercise",
    "Exercise",
    "ExerciseModel",
    "Feedback",
    "LegalSetExercise",
    "Lesson",
    "PlayExercise",
    "Position",
    "Puzzle",
    "ScoreExercise",
    "Step",
    "Text",
    "Theme",
    "TrickCard",
    "Verdict",
    "check_paths",
    "evaluate",
    "expected_answer",
    "load_all",
    "load_file",
    "load_lesson",
    "load_puzzle",
    "parse_yaml",
]
