"""``kind: count``: how many points in this pile (French in points with halves, Italian in
whole points, counted in threes)?"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from tutor.content.errors import FieldPath
from tutor.content.fields import CardList, ExerciseBase, Points
from tutor.content.kinds.base import Say
from tutor.content.position_checks import Issue, Report, duplicate_cards
from tutor.content.verdict import Verdict, judge_number
from tutor.engine import count_in_threes, format_half, half_points, mask_of


class CountExercise(ExerciseBase):
    """How many points in this pile?"""

    kind: Literal["count"]
    pile: CardList
    method: Literal["french", "italian"] = "french"
    answer: Points | None = None

    @property
    def italian(self) -> bool:
        return self.method == "italian"

    def engine_count(self) -> int:
        """French: half-points; Italian: whole points."""
        if self.italian:
            return count_in_threes(list(self.pile)).total
        return half_points(mask_of(self.pile))

    def expected(self) -> Fraction | int:
        """The points: a Fraction for French counting, an int for Italian."""
        value = self.engine_count()
        return value if self.italian else Fraction(value, 2)

    def judge(self, answer: object) -> Verdict:
        return judge_number(answer, self.expected())

    def check(self, at: FieldPath = ()) -> list[Issue]:
        r = Report(at)
        if not self.pile:
            r.add(("pile",), "the pile is empty")
            return r.issues
        r.extend(duplicate_cards(self.pile, (*at, "pile"), "pile"))
        if r or self.answer is None:
            return r.issues
        expected = self.engine_count()
        shown = format_half(int(self.answer * 2))
        if self.italian:
            if self.answer.denominator != 1:
                r.add(("answer",), "Italian counting gives whole points")
            elif self.answer != expected:
                r.add(("answer",), f"counted in threes the pile is worth {expected} points, "
                                   f"not {shown}")
        elif self.answer * 2 != expected:
            r.add(("answer",), f"the pile is worth {format_half(expected)} points, not {shown}")
        return r.issues

    def answer_text(self, lang: str, say: Say) -> str:
        value = self.engine_count()
        return str(value) if self.italian else format_half(value)
