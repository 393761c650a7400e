"""``kind: choice``: a multiple choice, only for facts the engine cannot compute."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt

from tutor.content.errors import FieldPath
from tutor.content.fields import ExerciseBase, Text
from tutor.content.kinds.base import Say
from tutor.content.position_checks import Issue, Report
from tutor.content.verdict import RIGHT, WRONG_CHOICE, Verdict


class ChoiceExercise(ExerciseBase):
    """A multiple choice, only for facts the engine cannot compute."""

    kind: Literal["choice"]
    options: Annotated[tuple[Text, ...], Field(min_length=2, max_length=6)]
    correct: StrictInt  # 0-based index into options
    why: tuple[Text, ...] | None = None  # one explanation per option

    def expected(self) -> int:
        """The index of the correct option."""
        return self.correct

    def judge(self, answer: object) -> Verdict:
        ok = not isinstance(answer, bool) and answer == self.correct
        return Verdict(ok, RIGHT if ok else WRONG_CHOICE, (), self.correct)

    def check(self, at: FieldPath = ()) -> list[Issue]:
        r = Report(at)
        options = len(self.options)
        if not 0 <= self.correct < options:
            r.add(("correct",), f"correct is a 0-based index into the {options} options: 0 to "
                                f"{options - 1}, not {self.correct}")
        if self.why is not None and len(self.why) != options:
            r.add(("why",), f"{len(self.why)} explanations for {options} options: give one per "
                            "option")
        return r.issues

    def answer_text(self, lang: str, say: Say) -> str:
        return self.options[self.correct].get(lang)
