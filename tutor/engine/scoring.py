"""The score of a deal (RULES.md §2, §8, §9), with its worked steps as data.

All arithmetic is on integers: the taker's points come in half-points (41.5 -> 83).
The ``unit`` is what each defender pays the taker (negative when the taker pays):
``unit = (25 + |diff| ± petit au bout) × multiplier ± poignées ± chelem``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.cards import TOTAL_HALF_POINTS, format_half
from tutor.engine.contracts import Contract
from tutor.engine.errors import ImpossiblePositionError

NEEDED_BY_OUDLERS = (56, 51, 41, 36)
BASE = 25
PETIT_AU_BOUT = 10


class Side(Enum):
    ATTACK = "attack"
    DEFENCE = "defence"

    @classmethod
    def from_code(cls, code: str) -> Side:
        aliases = {
            "attack": cls.ATTACK,
            "taker": cls.ATTACK,
            "defence": cls.DEFENCE,
            "defense": cls.DEFENCE,
        }
        try:
            return aliases[code.strip().lower()]
        except KeyError:
            raise ValueError(f"unknown side {code!r}: use attack or defence") from None


def needed(oudlers: int) -> int:
    """Points the taker needs with this many oudlers in their cards at the end."""
    return NEEDED_BY_OUDLERS[oudlers]


class StepKind(Enum):
    """One line of the calculation as a teacher writes it on the board."""

    POINTS = "points"  # the taker's points (half-points in ``value``)
    NEEDED = "needed"  # what the oudlers require
    DIFFERENCE = "difference"  # points - needed, rounded to the winner at 3 and 5 players
    BASE = "base"  # 25 + |difference|
    PETIT_AU_BOUT = "petit_au_bout"  # ± 10, before the multiplier
    MULTIPLIER = "multiplier"  # × contract
    POIGNEE = "poignee"  # ± 20/30/40 each, unmultiplied, to the winner
    CHELEM = "chelem"  # ± 200/400, unmultiplied
    UNIT = "unit"  # what each defender pays
    MARKS = "marks"


@dataclass(frozen=True, slots=True)
class Step:
    kind: StepKind
    value: int  # the amount this step adds or sets (half-points for POINTS)
    total: int  # the running total after the step (for BASE onwards)
    detail: str = ""  # a code for the UI: 'made', 'lost', 'rounded_up', 'attack', ...


@dataclass(frozen=True, slots=True)
class ScoreInput:
    players: int
    contract: Contract
    taker_half_points: int  # points of the attack's cards, in half-points
    oudlers: int  # oudlers in the attack's cards at the end
    petit_au_bout: Side | None = None
    poignees: tuple[Poignee, ...] = ()
    chelem: Chelem = Chelem.NONE
    alone: bool = False  # 5 players: the taker plays without a partner
    # The Excuse changed camp in the last trick (§7): its 4.5 moved alone, so even at 4
    # players the points may end on a half.
    excuse_changed_camp: bool = False


@dataclass(frozen=True, slots=True)
class Score:
    input: ScoreInput
    made: bool
    difference: int  # whole points, signed (rounded to the winner at 3 and 5 players)
    unit: int  # what each defender pays the taker (negative: the taker pays)
    taker: int
    partner: int | None
    defender: int  # each defender's mark
    steps: tuple[Step, ...] = field(default=())

    @property
    def defenders(self) -> int:
        players, partner = self.input.players, self.partner is not None
        return players - 1 - (1 if partner else 0)

    def marks(self) -> list[int]:
        """Marks for every seat role, taker first: they always sum to zero."""
        out = [self.taker]
        if self.partner is not None:
            out.append(self.partner)
        out += [self.defender] * self.defenders
        return out


def validate_score_input(s: ScoreInput) -> None:
    """Refuse what cannot happen at the table, with the reason in one line."""
    if s.players not in (3, 4, 5):
        raise ImpossiblePositionError(
            f"French tarot is played by 3, 4 or 5 players, not {s.players}"
        )
    if not 0 <= s.oudlers <= 3:
        raise ImpossiblePositionError(f"there are three oudlers, not {s.oudlers}")
    if not 0 <= s.taker_half_points <= TOTAL_HALF_POINTS:
        raise ImpossiblePositionError(
            f"points must be between 0 and 91, not {format_half(s.taker_half_points)}"
        )
    if s.taker_half_points % 2 and s.players == 4 and not s.excuse_changed_camp:
        raise ImpossiblePositionError("at 4 players the points are whole: no half point")
    if s.alone and s.players != 5:
        raise ImpossiblePositionError("only at 5 players can the taker play alone (no partner)")
    # An oudler is worth 4.5, but the Excuse kept without a low card to give counts 4.
    if s.oudlers * 8 > s.taker_half_points:
        raise ImpossiblePositionError(
            f"{s.oudlers} oudlers alone are worth more than "
            f"{format_half(s.taker_half_points)} points"
        )
    if (3 - s.oudlers) * 8 > TOTAL_HALF_POINTS - s.taker_half_points:
        raise ImpossiblePositionError(
            f"the defence's {3 - s.oudlers} oudlers are worth more than the points it has left"
        )
    if s.petit_au_bout is Side.ATTACK and s.oudlers == 0:
        raise ImpossiblePositionError("petit au bout by the attack, yet no oudler in its cards")
    if s.petit_au_bout is Side.DEFENCE and s.oudlers == 3:
        raise ImpossiblePositionError(
            "petit au bout by the defence, yet the attack has all three oudlers"
        )
    if len(s.poignees) > s.players:
        raise ImpossiblePositionError("more poignées than players")
    made = _difference(s)[0]
    if s.chelem in (Chelem.ANNOUNCED_MADE, Chelem.MADE) and not made:
        raise ImpossiblePositionError("a chelem made by the taker cannot lose the contract")
    if s.chelem is Chelem.DEFENCE and made:
        raise ImpossiblePositionError("a chelem by the defence cannot leave the contract made")


def _difference(s: ScoreInput) -> tuple[bool, int, str]:
    """(made, |difference| in whole points, rounding note). A trailing half point goes to
    the side that wins: 40.5 needing 41 is lost by 1, 41.5 is made by 1."""
    diff_half = s.taker_half_points - 2 * needed(s.oudlers)
    made = diff_half >= 0
    magnitude = (abs(diff_half) + 1) // 2
    note = "" if diff_half % 2 == 0 else "rounded_to_winner"
    return made, magnitude, note


def score(s: ScoreInput) -> Score:
    validate_score_input(s)
    made, magnitude, rounding = _difference(s)
    sign = 1 if made else -1
    steps = [
        Step(StepKind.POINTS, s.taker_half_points, 0, str(s.oudlers)),
        Step(StepKind.NEEDED, needed(s.oudlers), 0, str(s.oudlers)),
        Step(
            StepKind.DIFFERENCE,
            sign * magnitude,
            0,
            ("made" if made else "lost") + (":" + rounding if rounding else ""),
        ),
    ]
    total = BASE + magnitude
    steps.append(Step(StepKind.BASE, total, total))
    if s.petit_au_bout is not None:
        # Taken from the loser's point of view it is subtracted: (25 + 2 - 10) × 2.
        pab = PETIT_AU_BOUT if (s.petit_au_bout is Side.ATTACK) == made else -PETIT_AU_BOUT
        total += pab
        steps.append(Step(StepKind.PETIT_AU_BOUT, pab, total, s.petit_au_bout.value))
    total *= s.contract.multiplier
    steps.append(Step(StepKind.MULTIPLIER, s.contract.multiplier, total, s.contract.code))
    for poignee in s.poignees:
        total += poignee.bonus
        steps.append(Step(StepKind.POIGNEE, poignee.bonus, total, poignee.code))
    if s.chelem is not Chelem.NONE:
        # The chelem bonus is the taker's (or the defence's) whatever the contract: it is
        # added with its own sign, not with the winner's.
        chelem = sign * s.chelem.bonus_to_taker
        total += chelem
        steps.append(Step(StepKind.CHELEM, chelem, total, s.chelem.value))
    unit = sign * total
    steps.append(Step(StepKind.UNIT, unit, unit, "made" if made else "lost"))
    taker, partner, defender = marks_for(s.players, unit, s.alone)
    steps.append(Step(StepKind.MARKS, taker, 0, "alone" if s.alone else ""))
    return Score(s, made, sign * magnitude, unit, taker, partner, defender, tuple(steps))


def marks_for(players: int, unit: int, alone: bool) -> tuple[int, int | None, int]:
    """(taker, partner or None, each defender). 3 players: ×2; 4: ×3; 5: 2×/1×, alone 4×."""
    if players == 3:
        return 2 * unit, None, -unit
    if players == 4:
        return 3 * unit, None, -unit
    if alone:
        return 4 * unit, None, -unit
    return 2 * unit, unit, -unit
