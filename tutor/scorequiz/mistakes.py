"""Known scoring and counting mistakes (TEACHING.md), each a small pure function.

A mistake function takes a ``Case`` (the engine's score input and who showed each poignée)
and returns the ``Wrong`` results the mistake gives — none when it does not apply or would
give the right answer anyway. ``Wrong`` carries the whole wrong calculation, step by step,
in the same shape as the engine's ``Score.steps``, so a learner's answer is matched exactly:
at the step where the mistake is made (``at``), or on the taker's final marks.

The calculation is the rulebook's formula with one rule changed (``Misremembered``);
with nothing changed it gives exactly the engine's ``score()`` (a test pins it), so every
wrong value differs from the right one by that mistake alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from tutor import inputs
from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.cards import (
    CAVALIERS_MASK,
    HONOURS_MASK,
    JACKS_MASK,
    KINGS_MASK,
    OUDLERS_MASK,
    QUEENS_MASK,
    half_points,
)
from tutor.engine.contracts import Contract
from tutor.engine.scoring import (
    BASE,
    PETIT_AU_BOUT,
    Score,
    ScoreInput,
    Side,
    StepKind,
    marks_for,
    needed,
    score,
)

OLD_MULTIPLIERS = {Contract.GARDE_SANS: 3, Contract.GARDE_CONTRE: 4}
OLD_POIGNEE_BONUS = {Poignee.SIMPLE: 20, Poignee.DOUBLE: 40, Poignee.TRIPLE: 60}


@dataclass(frozen=True, slots=True)
class Case:
    """What a scorer knows of a deal: the engine's input, and which side showed each poignée
    (same order as ``input.poignees``; empty when unknown)."""

    input: ScoreInput
    poignee_sides: tuple[Side, ...] = ()

    @property
    def right(self) -> Score:
        return score(self.input)


@dataclass(frozen=True, slots=True)
class Misremembered:
    """The rules as a learner misremembers them: each field changes one rule."""

    half_point_to_loser: bool = False  # the trailing half point rounded towards the loser
    needed: int | None = None  # the wrong threshold
    shortfall_subtracted: bool = False  # 25 − shortfall instead of 25 + shortfall
    petit_sign: int = 1  # −1: to the wrong side; 0: ignored
    petit_multiplied: bool = True
    multiplier: int | None = None
    poignee_bonus: dict[Poignee, int] | None = None
    poignee_multiplied: bool = False
    poignee_to_shower: bool = False
    chelem_multiplied: bool = False
    taker_factor: int | None = None  # the taker's marks as this many units
    partner_factor: int | None = None


@dataclass(frozen=True, slots=True)
class Wrong:
    """A wrong calculation: its steps (kind, value), same shape as the engine's, and marks."""

    code: str
    at: StepKind  # the step where the mistake is made
    steps: tuple[tuple[StepKind, int], ...]
    taker: int
    partner: int | None
    defender: int
    params: tuple[tuple[str, str], ...] = field(default=())

    @property
    def value(self) -> int:
        """The wrong value at the step where the mistake is made (for MARKS: the taker's)."""
        if self.at is StepKind.MARKS:
            return self.taker
        return next(value for kind, value in self.steps if kind is self.at)

    def marks(self, players: int) -> list[int]:
        """Taker first, then the partner (if any), then each defender."""
        out = [self.taker]
        if self.partner is not None:
            out.append(self.partner)
        return out + [self.defender] * (players - len(out))


def worked(case: Case, rules: Misremembered = Misremembered()) -> Wrong:
    """The calculation of ``case`` under ``rules`` (no change: the engine's own result)."""
    s = case.input
    half = s.taker_half_points
    need = needed(s.oudlers) if rules.needed is None else rules.needed
    diff_half = half - 2 * need
    if rules.half_point_to_loser and diff_half % 2:
        diff_half -= 1 if diff_half > 0 else -1  # towards zero: the loser keeps the half
    made = diff_half >= 0
    magnitude = (abs(diff_half) + 1) // 2
    sign = 1 if made else -1
    steps: list[tuple[StepKind, int]] = [
        (StepKind.POINTS, half),
        (StepKind.NEEDED, need),
        (StepKind.DIFFERENCE, sign * magnitude),
    ]
    total = BASE - magnitude if rules.shortfall_subtracted and not made else BASE + magnitude
    steps.append((StepKind.BASE, total))
    multiplier = s.contract.multiplier if rules.multiplier is None else rules.multiplier
    petit = 0
    if s.petit_au_bout is not None:
        petit = PETIT_AU_BOUT if (s.petit_au_bout is Side.ATTACK) == made else -PETIT_AU_BOUT
        petit *= rules.petit_sign
        steps.append((StepKind.PETIT_AU_BOUT, total + petit))
    # Not multiplied (the learner's way): the 10 is added after the multiplier.
    total = (total + petit) * multiplier if rules.petit_multiplied else total * multiplier + petit
    steps.append((StepKind.MULTIPLIER, total))
    winner = Side.ATTACK if made else Side.DEFENCE
    sides = case.poignee_sides or (None,) * len(s.poignees)
    for level, side in zip(s.poignees, sides, strict=True):
        bonus = (rules.poignee_bonus or {}).get(level, level.bonus)
        if rules.poignee_multiplied:
            bonus *= multiplier
        if rules.poignee_to_shower and side is not None and side is not winner:
            bonus = -bonus
        total += bonus
        steps.append((StepKind.POIGNEE, total))
    if s.chelem is not Chelem.NONE:
        chelem = sign * s.chelem.bonus_to_taker
        if rules.chelem_multiplied:
            chelem *= multiplier
        total += chelem
        steps.append((StepKind.CHELEM, total))
    unit = sign * total
    steps.append((StepKind.UNIT, unit))
    taker, partner, defender = marks_for(s.players, unit, s.alone)
    if rules.taker_factor is not None:
        taker = rules.taker_factor * unit
        partner = None if rules.partner_factor is None else rules.partner_factor * unit
    steps.append((StepKind.MARKS, taker))
    return Wrong("right", StepKind.MARKS, tuple(steps), taker, partner, defender)


def right_steps(case: Case) -> tuple[tuple[StepKind, int], ...]:
    """The engine's steps as (kind, value) pairs: the running total from BASE on."""
    by_value = (StepKind.POINTS, StepKind.NEEDED, StepKind.DIFFERENCE, StepKind.MARKS)
    return tuple(
        (step.kind, step.value if step.kind in by_value else step.total)
        for step in case.right.steps
    )


def _wrong(code: str, case: Case, rules: Misremembered, **params: object) -> list[Wrong]:
    """The mistake's result, if it differs from the right one."""
    result = worked(case, rules)
    right = worked(case)
    if result.steps == right.steps and result.partner == right.partner:
        return []
    at = next(
        (
            kind
            for (kind, value), (_, good) in zip(result.steps, right.steps, strict=True)
            if value != good
        ),
        StepKind.MARKS,
    )
    if at is StepKind.UNIT:
        at = StepKind.MARKS
    return [
        replace(
            result,
            code=code,
            at=at,
            params=tuple((key, str(value)) for key, value in params.items()),
        )
    ]


# --- the catalogue ------------------------------------------------------------------------
def poignee_multiplied(case: Case) -> list[Wrong]:
    """Multiplied the poignée by the contract (it is never multiplied)."""
    if not case.input.poignees:
        return []
    return _wrong("poignee_multiplied", case, Misremembered(poignee_multiplied=True))


def poignee_to_shower(case: Case) -> list[Wrong]:
    """Credited the poignée to the side that showed it (it goes to the side that wins)."""
    if not case.poignee_sides:
        return []
    return _wrong("poignee_to_shower", case, Misremembered(poignee_to_shower=True))


def old_poignee_values(case: Case) -> list[Wrong]:
    """The old family table 20/40/60 (FFT: 20/30/40)."""
    if not any(level > Poignee.SIMPLE for level in case.input.poignees):
        return []
    return _wrong("old_poignee_values", case, Misremembered(poignee_bonus=OLD_POIGNEE_BONUS))


def petit_au_bout_wrong_side(case: Case) -> list[Wrong]:
    """Gave the petit au bout to the other side (e.g. added it to the loser)."""
    if case.input.petit_au_bout is None:
        return []
    return _wrong("petit_au_bout_wrong_side", case, Misremembered(petit_sign=-1))


def petit_au_bout_taker_only(case: Case) -> list[Wrong]:
    """Ignored the defence's petit au bout, as if only the taker could score it."""
    if case.input.petit_au_bout is not Side.DEFENCE:
        return []
    return _wrong("petit_au_bout_taker_only", case, Misremembered(petit_sign=0))


def petit_au_bout_not_multiplied(case: Case) -> list[Wrong]:
    """Added 10 after the multiplier instead of 10 × the multiplier."""
    if case.input.petit_au_bout is None:
        return []
    return _wrong("petit_au_bout_not_multiplied", case, Misremembered(petit_multiplied=False))


def forgot_taker_multiple(case: Case) -> list[Wrong]:
    """Gave the taker one unit, forgetting ×3 (×2 at 3 players; 2×/1× or 4× alone at 5)."""
    s = case.input
    partner = 1 if s.players == 5 and not s.alone else None
    return _wrong(
        "forgot_taker_multiple",
        case,
        Misremembered(taker_factor=1, partner_factor=partner),
        times=marks_for(s.players, 1, s.alone)[0],
    )


def four_player_multiple(case: Case) -> list[Wrong]:
    """Used the 4-player ×3 at 3 or 5 players."""
    s = case.input
    if s.players == 4:
        return []
    partner = 0 if s.players == 5 and not s.alone else None
    return _wrong(
        "four_player_multiple",
        case,
        Misremembered(taker_factor=3, partner_factor=partner),
        times=marks_for(s.players, 1, s.alone)[0],
    )


def five_no_split(case: Case) -> list[Wrong]:
    """At 5 players with a partner: gave the taker all four units (as if alone)."""
    s = case.input
    if s.players != 5 or s.alone:
        return []
    return _wrong("five_no_split", case, Misremembered(taker_factor=4, partner_factor=0))


def wrong_threshold(case: Case) -> list[Wrong]:
    """Used the threshold of another number of oudlers (e.g. 56 with one oudler)."""
    s = case.input
    out: list[Wrong] = []
    for oudlers in range(4):
        if oudlers != s.oudlers:
            out += _wrong(
                "wrong_threshold",
                case,
                Misremembered(needed=needed(oudlers)),
                needed=needed(oudlers),
                oudlers=s.oudlers,
                right=needed(s.oudlers),
            )
    return out


def shortfall_subtracted(case: Case) -> list[Wrong]:
    """Lost by 7 scored as 25 − 7 instead of 25 + 7."""
    if case.right.made:
        return []
    return _wrong("shortfall_subtracted", case, Misremembered(shortfall_subtracted=True))


def half_point_to_loser(case: Case) -> list[Wrong]:
    """At 3 or 5 players, rounded the trailing half point towards the losing side."""
    s = case.input
    if s.players == 4 or s.taker_half_points % 2 == 0:
        return []
    return _wrong("half_point_to_loser", case, Misremembered(half_point_to_loser=True))


def chelem_multiplied(case: Case) -> list[Wrong]:
    """Multiplied the chelem bonus by the contract (it is never multiplied)."""
    if case.input.chelem is Chelem.NONE:
        return []
    return _wrong("chelem_multiplied", case, Misremembered(chelem_multiplied=True))


def old_multipliers(case: Case) -> list[Wrong]:
    """The old family multipliers: garde sans ×3, garde contre ×4 (FFT: ×4 and ×6)."""
    old = OLD_MULTIPLIERS.get(case.input.contract)
    if old is None:
        return []
    return _wrong("old_multipliers", case, Misremembered(multiplier=old), old=old)


def wrong_sign(case: Case) -> list[Wrong]:
    """The right amount with the wrong sign: the taker pays when the contract is lost."""
    right = case.right
    if right.taker == 0:
        return []
    steps = (*right_steps(case)[:-1], (StepKind.MARKS, -right.taker))
    return [
        Wrong(
            "wrong_sign",
            StepKind.MARKS,
            steps,
            -right.taker,
            None if right.partner is None else -right.partner,
            -right.defender,
        )
    ]


def defender_mark(case: Case) -> list[Wrong]:
    """Gave, as the taker's marks, what each defender marks."""
    right = case.right
    if right.defender in (0, right.taker):
        return []
    steps = (*right_steps(case)[:-1], (StepKind.MARKS, right.defender))
    return [
        Wrong(
            "defender_mark",
            StepKind.MARKS,
            steps,
            right.defender,
            None,
            right.defender,
            (("times", str(marks_for(case.input.players, 1, case.input.alone)[0])),),
        )
    ]


MISTAKES: tuple[Callable[[Case], list[Wrong]], ...] = (
    wrong_threshold,
    half_point_to_loser,
    shortfall_subtracted,
    petit_au_bout_wrong_side,
    petit_au_bout_taker_only,
    petit_au_bout_not_multiplied,
    old_multipliers,
    poignee_multiplied,
    poignee_to_shower,
    old_poignee_values,
    chelem_multiplied,
    forgot_taker_multiple,
    four_player_multiple,
    five_no_split,
    wrong_sign,
    defender_mark,
)
SCORE_MISTAKE_CODES = tuple(f.__name__ for f in MISTAKES)


def all_wrongs(case: Case) -> list[Wrong]:
    return [wrong for mistake in MISTAKES for wrong in mistake(case)]


def match_marks(case: Case, taker: int, others: Iterable[int] | None = None) -> list[Wrong]:
    """Mistakes giving the taker's marks ``taker`` (and, if given, the other marks in seat-role
    order: partner, then defenders), when the answer is wrong."""
    right = case.right
    wanted = [taker, *others] if others is not None else None
    if wanted is not None and wanted == right.marks():
        return []
    if wanted is None and taker == right.taker:
        return []
    out = []
    for wrong in all_wrongs(case):
        if wrong.taker != taker:
            continue
        if wanted is not None and wrong.marks(case.input.players) != wanted:
            continue
        out.append(wrong)
    return out


def match_answer(case: Case, ask: str, value: int) -> list[Wrong]:
    """Mistakes giving ``value`` for the one mark a puzzle asks for: the taker's, the
    partner's, each defender's, or the unit (what each defender pays)."""

    def asked(taker: int, partner: int | None, defender: int) -> int | None:
        return {"taker": taker, "partner": partner, "defender": defender,
                "unit": -defender}.get(ask)

    right = case.right
    if value == asked(right.taker, right.partner, right.defender):
        return []
    return [w for w in all_wrongs(case) if asked(w.taker, w.partner, w.defender) == value]


def match_step(case: Case, index: int, value: int) -> list[Wrong]:
    """Mistakes that give ``value`` at step ``index`` of the engine's steps (as numbered by
    ``right_steps``) when every step before it is right."""
    right = right_steps(case)
    if right[index][1] == value:
        return []
    return [
        wrong
        for wrong in all_wrongs(case)
        if wrong.steps[:index] == right[:index] and wrong.steps[index][1] == value
    ]


# --- counting -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CountCase:
    pile: int  # the attack's cards
    set_aside: int  # the écart or the chien among them


@dataclass(frozen=True, slots=True)
class WrongCount:
    code: str
    half_points: int


def forgot_set_aside(case: CountCase) -> list[WrongCount]:
    """Left out the écart (or, on a garde sans, the chien) of the pile."""
    if not case.set_aside & case.pile:
        return []
    return [WrongCount("forgot_set_aside", half_points(case.pile & ~case.set_aside))]


def honour_alone_as_pair(case: CountCase) -> list[WrongCount]:
    """Counted a king as 5 on its own (queen 4, cavalier 3, jack 2, oudler 5): the pair's value
    given to the single card, the low card then counted again."""
    honours = (case.pile & (HONOURS_MASK | OUDLERS_MASK)).bit_count()
    if not honours:
        return []
    return [WrongCount("honour_alone_as_pair", half_points(case.pile) + honours)]


COUNT_MISTAKES: tuple[Callable[[CountCase], list[WrongCount]], ...] = (
    forgot_set_aside,
    honour_alone_as_pair,
)


def match_count(case: CountCase, half: int) -> list[WrongCount]:
    if half == half_points(case.pile):
        return []
    return [w for mistake in COUNT_MISTAKES for w in mistake(case) if w.half_points == half]


def count_breakdown(pile: int) -> list[tuple[str, int, int]]:
    """(kind, cards, half-points) for oudlers, kings, queens, cavaliers, jacks, low cards."""
    groups = (
        ("oudlers", OUDLERS_MASK),
        ("kings", KINGS_MASK),
        ("queens", QUEENS_MASK),
        ("cavaliers", CAVALIERS_MASK),
        ("jacks", JACKS_MASK),
    )
    out = []
    rest = pile
    for name, mask in groups:
        cards = pile & mask
        out.append((name, cards.bit_count(), half_points(cards)))
        rest &= ~mask
    out.append(("low", rest.bit_count(), half_points(rest)))
    return out


def parse_points(text: str) -> Fraction | None:
    """'45', '45.5', '45,5', '+12', '-126' -> a Fraction; anything else -> None (refused by
    its shape before any conversion: see tutor.inputs.parse_points)."""
    try:
        return inputs.parse_points(text)
    except ValueError:
        return None
