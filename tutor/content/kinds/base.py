"""What every exercise kind is: a name in ``Kind`` and a pydantic model that knows its rules.

A kind's model (its YAML schema) carries the kind's four rules, so that nothing else switches
on the kind:

- ``expected()``: the engine's answer (or the solver's, for a best card);
- ``judge(answer)``: a learner's answer -> a ``Verdict`` with the engine's reason;
- ``check(at)``: what ``tutor check`` verifies against the engine or the solver, as
  ``Issue``s under the field path ``at``;
- ``answer_text(lang, say)``: the solution as the learner reads it (``say`` looks a catalog
  key up in the learner's language: the words live in the UI's catalogs).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Protocol

from tutor.content.errors import FieldPath
from tutor.content.fields import Text
from tutor.content.position_checks import Issue
from tutor.content.verdict import Verdict

Say = Callable[[str], str]  # a catalog key -> its words in the learner's language


class Kind(StrEnum):
    """The closed set of exercise kinds, as YAML writes them (``kind: play``)."""

    PLAY = "play"
    LEGAL_SET = "legal-set"
    ECART = "ecart"
    COUNT = "count"
    SCORE = "score"
    BID = "bid"
    CHOICE = "choice"
    BEST_CARD = "best-card"
    HAND = "hand"
    CARDS_OUT = "cards-out"
    OWN_MISTAKE = "own-mistake"
    OWN_DECISION = "own-decision"


# Kinds made from a learner's own play, never authored in the bank (the registry test builds
# theirs from a seeded reviewed deal instead).
LEARNER_MADE = frozenset({Kind.OWN_MISTAKE, Kind.OWN_DECISION})


class ExerciseKind(Protocol):
    """The rules every exercise model carries (see the module's docstring)."""

    @property
    def kind(self) -> str: ...
    @property
    def question(self) -> Text: ...
    @property
    def hint(self) -> Text | None: ...

    def expected(self) -> object: ...
    def judge(self, answer: object) -> Verdict: ...
    def check(self, at: FieldPath = ()) -> list[Issue]: ...
    def answer_text(self, lang: str, say: Say) -> str: ...
