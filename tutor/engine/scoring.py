"""The score of a deal (RULES §8, §9), with its worked steps as data.

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
from tutor.engine.errors import ImpossiblePositionError, UnknownNameError
from tutor.engine.variants import (
    FFT_2012,
    JusteFait,
    Multiplied,
    PetitAuBoutCredit,
    PoigneeCredit,
    Rounding,
    Rules,
)

# FFT 2012's numbers, kept for readers of the rulebook; the calculation reads them from Rules.
NEEDED_BY_OUDLERS = FFT_2012.needed_by_oudlers
BASE = FFT_2012.base
PETIT_AU_BOUT = FFT_2012.petit_au_bout


class Side(Enum):
    """The attack (taker and partner) or the defence."""

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
            raise UnknownNameError(
                f"unknown side {code!r}: use attack or defence", "unknown_side"
            ) from None


def needed(oudlers: int) -> int:
    """Points the taker needs with this many oudlers in their cards at the end (FFT 2012)."""
    return FFT_2012.needed(oudlers)


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
    # The Excuse changed camp in the last trick (RULES §7.2): its 4.5 moved alone, so even at 4
    # players the points may end on a half.
    excuse_changed_camp: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Score:
    """The score of a deal. ``steps``, the worked calculation a teacher writes on the board,
    is built the first time it is asked for: most scores (simulations, bots) never show it."""

    input: ScoreInput
    made: bool
    difference: int  # whole points, signed (rounded to the winner at 3 and 5 players)
    unit: int  # what each defender pays the taker (negative: the taker pays)
    taker: int
    partner: int | None
    defender: int  # each defender's mark
    rules: Rules = field(default=FFT_2012, repr=False)  # what ``steps`` is worked under
    poignee_sides: tuple[Side, ...] = field(default=(), repr=False)
    _steps: tuple[Step, ...] | None = field(default=None, init=False, repr=False)

    @property
    def steps(self) -> tuple[Step, ...]:
        if self._steps is None:
            steps: list[Step] = []
            _calculate(self.input, self.rules, self.poignee_sides, steps)
            object.__setattr__(self, "_steps", tuple(steps))
        assert self._steps is not None
        return self._steps

    def _key(self) -> tuple[object, ...]:
        # Equal scores: the same numbers and the same worked steps (as when steps was a field).
        return (self.input, self.made, self.difference, self.unit, self.taker, self.partner,
                self.defender, self.steps)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Score)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

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


def validate_score_input(s: ScoreInput, rules: Rules = FFT_2012) -> None:
    """Refuse what cannot happen at the table, with the reason in one line."""
    if s.players not in rules.players:
        counts = "3, 4 or 5" if rules.players == (3, 4, 5) else " or ".join(map(str, rules.players))
        raise ImpossiblePositionError(
            f"{'French tarot' if counts == '3, 4 or 5' else rules.name} is played by {counts} "
            f"players, not {s.players}",
            "players_count",
            values={"n": str(s.players)},
        )
    if not 0 <= s.oudlers <= 3:
        raise ImpossiblePositionError(
            f"there are three oudlers, not {s.oudlers}",
            "oudlers_range",
            values={"n": str(s.oudlers)},
        )
    if not 0 <= s.taker_half_points <= TOTAL_HALF_POINTS:
        raise ImpossiblePositionError(
            f"points must be between 0 and 91, not {format_half(s.taker_half_points)}",
            "points_range",
            values={"points": format_half(s.taker_half_points)},
        )
    if s.taker_half_points % 2 and s.players == 4 and not s.excuse_changed_camp:
        raise ImpossiblePositionError(
            "at 4 players the points are whole: no half point", "half_at_four"
        )
    if s.alone and s.players != 5:
        raise ImpossiblePositionError(
            "only at 5 players can the taker play alone (no partner)", "alone_not_five"
        )
    # An oudler is worth 4.5, but the Excuse kept without a low card to give counts 4.
    if s.oudlers * 8 > s.taker_half_points:
        raise ImpossiblePositionError(
            f"{s.oudlers} oudlers alone are worth more than "
            f"{format_half(s.taker_half_points)} points",
            "oudlers_worth",
            values={"n": str(s.oudlers), "points": format_half(s.taker_half_points)},
        )
    if (3 - s.oudlers) * 8 > TOTAL_HALF_POINTS - s.taker_half_points:
        raise ImpossiblePositionError(
            f"the defence's {3 - s.oudlers} oudlers are worth more than the points it has left",
            "defence_oudlers_worth",
            values={"n": str(3 - s.oudlers)},
        )
    if s.petit_au_bout is Side.ATTACK and s.oudlers == 0:
        raise ImpossiblePositionError(
            "petit au bout by the attack, yet no oudler in its cards", "pab_attack_no_oudler"
        )
    if s.petit_au_bout is Side.DEFENCE and s.oudlers == 3:
        raise ImpossiblePositionError(
            "petit au bout by the defence, yet the attack has all three oudlers",
            "pab_defence_all_oudlers",
        )
    if len(s.poignees) > s.players:
        raise ImpossiblePositionError("more poignées than players", "too_many_poignees")
    made = _difference(s, rules)[0]
    if s.chelem in (Chelem.ANNOUNCED_MADE, Chelem.MADE) and not made:
        raise ImpossiblePositionError(
            "a chelem made by the taker cannot lose the contract", "chelem_lost"
        )
    if s.chelem is Chelem.DEFENCE and made:
        raise ImpossiblePositionError(
            "a chelem by the defence cannot leave the contract made", "defence_chelem_made"
        )


def _difference(s: ScoreInput, rules: Rules = FFT_2012) -> tuple[bool, int, str]:
    """(made, |difference| in whole points, rounding note). A trailing half point goes to
    the side that wins: 40.5 needing 41 is lost by 1, 41.5 is made by 1."""
    diff_half = s.taker_half_points - 2 * rules.needed(s.oudlers)
    note = "" if diff_half % 2 == 0 else "rounded_to_winner"
    if note and rules.half_point_to is Rounding.TO_LOSER:
        diff_half -= 1 if diff_half > 0 else -1  # towards zero: the loser keeps the half
        note = "rounded_to_loser"
    made = diff_half > 0 or (diff_half == 0 and rules.juste_fait is not JusteFait.LOST)
    magnitude = (abs(diff_half) + 1) // 2
    return made, magnitude, note


def score(s: ScoreInput, rules: Rules = FFT_2012) -> Score:
    """The score of a possible deal under ``rules`` (FFT 2012 by default), with its steps."""
    validate_score_input(s, rules)
    return calculate(s, rules)


def calculate(
    s: ScoreInput, rules: Rules = FFT_2012, poignee_sides: tuple[Side, ...] = ()
) -> Score:
    """The calculation itself, without checking that the deal could happen (a learner's
    misremembered rules may make a chelem lose). ``poignee_sides``: who showed each poignée,
    only needed when the rules credit a poignée to the side that showed it."""
    return _calculate(s, rules, poignee_sides, None)


def _calculate(
    s: ScoreInput, rules: Rules, poignee_sides: tuple[Side, ...], steps: list[Step] | None
) -> Score:
    """The one calculation: the score, and its worked steps appended to ``steps`` when a list
    is given (``Score.steps`` asks for them; the score alone skips writing them)."""
    made, magnitude, rounding = _difference(s, rules)
    sign = 1 if made else -1
    if steps is not None:
        steps += (
            Step(StepKind.POINTS, s.taker_half_points, 0, str(s.oudlers)),
            Step(StepKind.NEEDED, rules.needed(s.oudlers), 0, str(s.oudlers)),
            Step(
                StepKind.DIFFERENCE,
                sign * magnitude,
                0,
                ("made" if made else "lost") + (":" + rounding if rounding else ""),
            ),
        )
    base = 0 if magnitude == 0 and rules.juste_fait is JusteFait.NOTHING else rules.base
    total = base - magnitude if rules.shortfall_subtracted and not made else base + magnitude
    if steps is not None:
        steps.append(Step(StepKind.BASE, total, total))
    multiplier = rules.multiplier(s.contract)
    pab = 0
    if s.petit_au_bout is not None:
        pab = _petit_au_bout(s.petit_au_bout, made, rules)
        # Taken from the loser's point of view it is subtracted: (25 + 2 - 10) × 2.
        if steps is not None:
            steps.append(Step(StepKind.PETIT_AU_BOUT, pab, total + pab, s.petit_au_bout.value))
    # Not multiplied (online-first-to-100's flat 10): added after the multiplier.
    multiplied, added = (total + pab, 0) if rules.petit_au_bout_multiplied else (total, pab)
    if rules.multiplied is Multiplied.DIFFERENCE_ONLY:  # the 25 left out of the product
        multiplied, added = multiplied - base, added + base
    elif rules.multiplied is Multiplied.BASE_ONLY:  # the difference left out of it
        multiplied, added = multiplied - (total - base), added + (total - base)
    total = multiplied * multiplier + added
    if steps is not None:
        steps.append(Step(StepKind.MULTIPLIER, multiplier, total, s.contract.code))
    if s.poignees or poignee_sides:  # (zip's strict check refuses sides for no poignée)
        winner = Side.ATTACK if made else Side.DEFENCE
        sides: tuple[Side | None, ...] = poignee_sides or (None,) * len(s.poignees)
        for poignee, side in zip(s.poignees, sides, strict=True):
            bonus = rules.poignee_bonus(poignee)
            if rules.poignee_multiplied:
                bonus *= multiplier
            if rules.poignee_credit is PoigneeCredit.TO_THE_SHOWER and side not in (None, winner):
                bonus = -bonus
            total += bonus
            if steps is not None:
                steps.append(Step(StepKind.POIGNEE, bonus, total, poignee.code))
    if s.chelem is not Chelem.NONE:
        # The chelem bonus is the taker's (or the defence's) whatever the contract: it is
        # added with its own sign, not with the winner's.
        chelem = sign * rules.chelem_bonus(s.chelem)
        if rules.chelem_multiplied:
            chelem *= multiplier
        total += chelem
        if steps is not None:
            steps.append(Step(StepKind.CHELEM, chelem, total, s.chelem.value))
    unit = sign * total
    taker, partner, defender = rules.marks(s.players, unit, s.alone)
    if steps is not None:
        steps.append(Step(StepKind.UNIT, unit, unit, "made" if made else "lost"))
        steps.append(Step(StepKind.MARKS, taker, 0, "alone" if s.alone else ""))
    return Score(
        s, made, sign * magnitude, unit, taker, partner, defender, rules, poignee_sides
    )


def _petit_au_bout(side: Side, made: bool, rules: Rules) -> int:
    """The petit au bout as it counts in the winner's total (negative: for the loser)."""
    bonus = rules.petit_au_bout
    credit = rules.petit_au_bout_credit
    if credit is PetitAuBoutCredit.TO_THE_STAKE:
        return bonus
    if credit is PetitAuBoutCredit.TAKER_ONLY and side is Side.DEFENCE:
        return 0
    for_winner = (side is Side.ATTACK) == made
    if credit is PetitAuBoutCredit.DEAL_WINNER_ONLY and not for_winner:
        return 0
    if credit is PetitAuBoutCredit.TO_THE_OTHER_SIDE:
        for_winner = not for_winner
    return bonus if for_winner else -bonus


def marks_for(players: int, unit: int, alone: bool) -> tuple[int, int | None, int]:
    """(taker, partner or None, each defender). 3 players: ×2; 4: ×3; 5: 2×/1×, alone 4×."""
    return FFT_2012.marks(players, unit, alone)
