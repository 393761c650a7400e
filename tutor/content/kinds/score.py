"""``kind: score``: what does the taker (partner, each defender, the unit) score?"""

from __future__ import annotations

from typing import Literal

from pydantic import StrictBool, StrictInt

from tutor.content.errors import FieldPath
from tutor.content.fields import ContractCode, ExerciseBase, Model, Oudlers, Points
from tutor.content.kinds.base import Say
from tutor.content.position_checks import Issue, Report
from tutor.content.verdict import Verdict, judge_number
from tutor.engine import Chelem, Contract, Poignee, Score, ScoreInput, Side, TarotError, score

Ask = Literal["taker", "partner", "defender", "unit"]


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
    ask: Ask = "taker"
    answer: StrictInt | None = None

    def result(self) -> Score:
        """The engine's score of the deal (TarotError if the deal cannot happen)."""
        return score(score_input(self))

    def expected(self) -> int | None:
        """The asked one's mark (None: a partner asked where there is none)."""
        return score_answer(self.result(), self.ask)

    def judge(self, answer: object) -> Verdict:
        return judge_number(answer, self.expected())

    def check(self, at: FieldPath = ()) -> list[Issue]:
        r = Report(at)
        try:
            result = self.result()
        except TarotError as exc:
            r.add(("deal",), str(exc))
            return r.issues
        expected = score_answer(result, self.ask)
        if expected is None:
            r.add(("ask",), "there is a partner only at 5 players when the taker does not play "
                            "alone")
        elif self.answer is not None and self.answer != expected:
            r.add(("answer",), f"the engine scores the {self.ask} {expected:+d}, not "
                               f"{self.answer:+d}")
        return r.issues

    def answer_text(self, lang: str, say: Say) -> str:
        return str(self.expected())


def score_input(ex: ScoreExercise) -> ScoreInput:
    """The deal as the engine's scoring reads it (FFT rules)."""
    deal = ex.deal
    return ScoreInput(
        players=deal.players,
        contract=Contract.from_code(deal.contract),
        taker_half_points=int(deal.points * 2),
        oudlers=deal.oudlers,
        petit_au_bout=Side.from_code(deal.petit_au_bout) if deal.petit_au_bout else None,
        poignees=tuple(Poignee.from_code(p) for p in deal.poignees),
        chelem=Chelem.from_code(deal.chelem),
        alone=deal.alone,
    )


def score_answer(result: Score, ask: str) -> int | None:
    if ask == "taker":
        return result.taker
    if ask == "partner":
        return result.partner
    if ask == "defender":
        return result.defender
    return result.unit
