"""Known scoring and counting mistakes (RULES §12.3), each a small pure function.

A mistake function takes a ``Case`` (the engine's score input and who showed each poignée)
and returns the ``Wrong`` results the mistake gives — none when it does not apply or would
give the right answer anyway. ``Wrong`` carries the whole wrong calculation, step by step,
in the same shape as the engine's ``Score.steps``, so a learner's answer is matched exactly:
at the step where the mistake is made (``at``), or on the taker's final marks.

The calculation is the engine's own (``scoring.calculate``) under FFT 2012 with one rule
changed (a ``Rules`` with one field altered); with nothing changed it is exactly the engine's
``score()`` (a test pins it), so every wrong value differs from the right one by that mistake
alone. ``wrong_sign`` and ``defender_mark`` are slips in writing the marks, not rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from tutor import inputs
from tutor.engine import (
    CAVALIERS_MASK,
    FFT_2012,
    HONOURS_MASK,
    JACKS_MASK,
    KINGS_MASK,
    LOW_CARDS_MASK,
    OUDLERS_MASK,
    QUEENS_MASK,
    TRUMPS_MASK,
    Chelem,
    Contract,
    JusteFait,
    Multiplied,
    PetitAuBoutCredit,
    Poignee,
    PoigneeCredit,
    Rounding,
    Rules,
    Score,
    ScoreInput,
    Side,
    StepKind,
    calculate,
    cards_of,
    count_in_pairs,
    count_in_threes,
    half_points,
    marks_for,
    needed,
    nominal_value,
    score,
)

OLD_MULTIPLIERS = {Contract.GARDE_SANS: 3, Contract.GARDE_CONTRE: 4}
OLD_POIGNEE_BONUS = {Poignee.SIMPLE: 20, Poignee.DOUBLE: 40, Poignee.TRIPLE: 60}
# House-rule tables some players use: garde sans ×3, garde contre ×4; poignées 20/40/60.
OLD_FAMILY_MULTIPLIERS = (1, 2, 3, 4)
OLD_FAMILY_POIGNEES = (20, 40, 60)
TOTAL_POINTS = 91  # in the whole pack
CHELEMS = (Chelem.ANNOUNCED_MADE, Chelem.ANNOUNCED_FAILED, Chelem.MADE, Chelem.DEFENCE)


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


def worked(case: Case, rules: Rules = FFT_2012) -> Wrong:
    """The calculation of ``case`` under ``rules``: the engine's own ``calculate``, so with
    FFT 2012 it is the right score and with one field changed it is that mistake."""
    result = calculate(case.input, rules, case.poignee_sides)
    by_value = (StepKind.POINTS, StepKind.NEEDED, StepKind.DIFFERENCE, StepKind.MARKS)
    steps = tuple(
        (step.kind, step.value if step.kind in by_value else step.total)
        for step in result.steps
    )
    return Wrong("right", StepKind.MARKS, steps, result.taker, result.partner, result.defender)


def right_steps(case: Case) -> tuple[tuple[StepKind, int], ...]:
    """The engine's steps as (kind, value) pairs: the running total from BASE on."""
    return worked(case).steps


def _wrong(code: str, case: Case, rules: Rules, **params: object) -> list[Wrong]:
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
def misremembered(**change: Any) -> Rules:
    """FFT 2012 with the rules ``change`` says: what a learner who misremembers them uses."""
    return replace(FFT_2012, name="misremembered", **change)


def with_threshold(oudlers: int, wrong: int) -> Rules:
    """FFT 2012 with the threshold for ``oudlers`` misremembered as ``wrong``."""
    table = list(FFT_2012.needed_by_oudlers)
    table[oudlers] = wrong
    return misremembered(needed_by_oudlers=(table[0], table[1], table[2], table[3]))


def poignee_multiplied(case: Case) -> list[Wrong]:
    """Multiplied the poignée by the contract (it is never multiplied)."""
    if not case.input.poignees:
        return []
    return _wrong("poignee_multiplied", case, misremembered(poignee_multiplied=True))


def poignee_to_shower(case: Case) -> list[Wrong]:
    """Credited the poignée to the side that showed it (it goes to the side that wins)."""
    if not case.poignee_sides:
        return []
    return _wrong(
        "poignee_to_shower",
        case,
        misremembered(poignee_credit=PoigneeCredit.TO_THE_SHOWER),
    )


def old_poignee_values(case: Case) -> list[Wrong]:
    """The old family table 20/40/60 (FFT: 20/30/40)."""
    if not any(level > Poignee.SIMPLE for level in case.input.poignees):
        return []
    return _wrong("old_poignee_values", case, misremembered(poignee_bonuses=OLD_FAMILY_POIGNEES))


def petit_au_bout_wrong_side(case: Case) -> list[Wrong]:
    """Gave the petit au bout to the other side (e.g. added it to the loser)."""
    if case.input.petit_au_bout is None:
        return []
    return _wrong(
        "petit_au_bout_wrong_side",
        case,
        misremembered(petit_au_bout_credit=PetitAuBoutCredit.TO_THE_OTHER_SIDE),
    )


def petit_au_bout_taker_only(case: Case) -> list[Wrong]:
    """Ignored the defence's petit au bout, as if only the taker could score it."""
    if case.input.petit_au_bout is not Side.DEFENCE:
        return []
    return _wrong(
        "petit_au_bout_taker_only",
        case,
        misremembered(petit_au_bout_credit=PetitAuBoutCredit.TAKER_ONLY),
    )


def petit_au_bout_not_multiplied(case: Case) -> list[Wrong]:
    """Added 10 after the multiplier instead of 10 × the multiplier."""
    if case.input.petit_au_bout is None:
        return []
    return _wrong(
        "petit_au_bout_not_multiplied",
        case,
        misremembered(petit_au_bout_multiplied=False),
    )


def forgot_taker_multiple(case: Case) -> list[Wrong]:
    """Gave the taker one unit, forgetting ×3 (×2 at 3 players; 2×/1× or 4× alone at 5)."""
    s = case.input
    return _wrong(
        "forgot_taker_multiple",
        case,
        misremembered(taker_units=(1, 1, 1, 1), partner_units=1),
        times=marks_for(s.players, 1, s.alone)[0],
    )


def four_player_multiple(case: Case) -> list[Wrong]:
    """Used the 4-player ×3 at 3 or 5 players."""
    s = case.input
    if s.players == 4:
        return []
    return _wrong(
        "four_player_multiple",
        case,
        misremembered(taker_units=(3, 3, 3, 3), partner_units=0),
        times=marks_for(s.players, 1, s.alone)[0],
    )


def five_no_split(case: Case) -> list[Wrong]:
    """At 5 players with a partner: gave the taker all four units (as if alone)."""
    s = case.input
    if s.players != 5 or s.alone:
        return []
    return _wrong("five_no_split", case, misremembered(taker_units=(2, 3, 4, 4), partner_units=0))


def wrong_threshold(case: Case) -> list[Wrong]:
    """Used the threshold of another number of oudlers (e.g. 56 with one oudler)."""
    s = case.input
    out: list[Wrong] = []
    for oudlers in range(4):
        if oudlers != s.oudlers:
            out += _wrong(
                "wrong_threshold",
                case,
                with_threshold(s.oudlers, needed(oudlers)),
                needed=needed(oudlers),
                oudlers=s.oudlers,
                right=needed(s.oudlers),
            )
    return out


def shortfall_subtracted(case: Case) -> list[Wrong]:
    """Lost by 7 scored as 25 − 7 instead of 25 + 7 (the message names the deal's shortfall)."""
    right = case.right
    if right.made:
        return []
    return _wrong(
        "shortfall_subtracted",
        case,
        misremembered(shortfall_subtracted=True),
        shortfall=-right.difference,
    )


def half_point_to_loser(case: Case) -> list[Wrong]:
    """At 3 or 5 players, rounded the trailing half point towards the losing side."""
    s = case.input
    if s.players == 4 or s.taker_half_points % 2 == 0:
        return []
    return _wrong("half_point_to_loser", case, misremembered(half_point_to=Rounding.TO_LOSER))


def chelem_multiplied(case: Case) -> list[Wrong]:
    """Multiplied the chelem bonus by the contract (it is never multiplied)."""
    if case.input.chelem is Chelem.NONE:
        return []
    return _wrong("chelem_multiplied", case, misremembered(chelem_multiplied=True))


def old_multipliers(case: Case) -> list[Wrong]:
    """A house rule's multipliers: garde sans ×3, garde contre ×4 (FFT: ×4 and ×6)."""
    old = OLD_MULTIPLIERS.get(case.input.contract)
    if old is None:
        return []
    return _wrong(
        "old_multipliers",
        case,
        misremembered(multipliers=OLD_FAMILY_MULTIPLIERS),
        old=old,
    )


def _multiplier_numbers(case: Case) -> dict[str, int]:
    """This deal's numbers for a sentence about the multiplier: the difference (without its
    sign), the contract's multiplier and the right product (25 + difference) × multiplier."""
    diff, mult = abs(case.right.difference), FFT_2012.multiplier(case.input.contract)
    return {"diff": diff, "mult": mult, "right": (FFT_2012.base + diff) * mult}


def forgot_multiplier(case: Case) -> list[Wrong]:
    """Left out the contract's multiplier: 25 + the difference, as if every contract were a
    prise."""
    numbers = _multiplier_numbers(case)
    return _wrong("forgot_multiplier", case, misremembered(multipliers=(1, 1, 1, 1)), **numbers)


def multiplied_difference_only(case: Case) -> list[Wrong]:
    """Multiplied only the difference: 25 + 11 × 2 = 47 instead of (25 + 11) × 2 = 72. With
    a difference of 0 it gives 25, exactly what forgetting the multiplier gives: that one is
    said instead."""
    numbers = _multiplier_numbers(case)
    if numbers["diff"] == 0:
        return []
    wrong = FFT_2012.base + numbers["diff"] * numbers["mult"]
    rules = misremembered(multiplied=Multiplied.DIFFERENCE_ONLY)
    return _wrong("multiplied_difference_only", case, rules, **numbers, wrong=wrong)


def multiplied_base_only(case: Case) -> list[Wrong]:
    """Multiplied only the 25: 25 × 2 + 11 = 61 instead of (25 + 11) × 2 = 72."""
    numbers = _multiplier_numbers(case)
    wrong = FFT_2012.base * numbers["mult"] + numbers["diff"]
    rules = misremembered(multiplied=Multiplied.BASE_ONLY)
    return _wrong("multiplied_base_only", case, rules, **numbers, wrong=wrong)


def forgot_base(case: Case) -> list[Wrong]:
    """Left out the 25: the difference alone, times the multiplier."""
    return _wrong("forgot_base", case, misremembered(base=0))


def juste_fait_lost(case: Case) -> list[Wrong]:
    """Scored a difference of 0 as lost (exactly the points needed makes the contract)."""
    return _wrong("juste_fait_lost", case, misremembered(juste_fait=JusteFait.LOST))


def juste_fait_nothing(case: Case) -> list[Wrong]:
    """Scored a difference of 0 as a draw, with no 25."""
    return _wrong("juste_fait_nothing", case, misremembered(juste_fait=JusteFait.NOTHING))


def _chelem_bonus_changed(case: Case, code: str, chelem: Chelem, wrong: int) -> list[Wrong]:
    """The chelem ``chelem`` (when it is this deal's) scored as ``wrong`` per defender."""
    if case.input.chelem is not chelem:
        return []
    bonuses = list(FFT_2012.chelem_bonuses)
    bonuses[CHELEMS.index(chelem)] = wrong
    return _wrong(code, case, misremembered(chelem_bonuses=tuple(bonuses)))


def forgot_chelem(case: Case) -> list[Wrong]:
    """Left out the taker's chelem bonus (announced or not: the message names this deal's)."""
    return _chelem_bonus_changed(case, "forgot_chelem", Chelem.ANNOUNCED_MADE, 0) + (
        _chelem_bonus_changed(case, "forgot_unannounced_chelem", Chelem.MADE, 0)
    )


def unannounced_chelem_as_announced(case: Case) -> list[Wrong]:
    """Gave an unannounced chelem the announced one's 400 (it is 200)."""
    return _chelem_bonus_changed(case, "unannounced_chelem_as_announced", Chelem.MADE, 400)


def announced_chelem_as_unannounced(case: Case) -> list[Wrong]:
    """Gave an announced chelem the unannounced one's 200 (it is 400)."""
    return _chelem_bonus_changed(
        case, "announced_chelem_as_unannounced", Chelem.ANNOUNCED_MADE, 200
    )


def failed_chelem_ignored(case: Case) -> list[Wrong]:
    """Ignored a failed chelem announcement because the contract was made (it costs 200)."""
    return _chelem_bonus_changed(case, "failed_chelem_ignored", Chelem.ANNOUNCED_FAILED, 0)


def defence_chelem_forgotten(case: Case) -> list[Wrong]:
    """Left out the defence's chelem (200 per defender, whatever the contract)."""
    return _chelem_bonus_changed(case, "defence_chelem_forgotten", Chelem.DEFENCE, 0)


def petit_au_bout_lost_ignored(case: Case) -> list[Wrong]:
    """Ignored the taker's own petit au bout because the contract was lost (it still counts
    for the taker's side): the mirror of ``petit_au_bout_taker_only``."""
    if case.input.petit_au_bout is not Side.ATTACK or case.right.made:
        return []
    return _wrong(
        "petit_au_bout_lost_ignored",
        case,
        misremembered(petit_au_bout_credit=PetitAuBoutCredit.DEAL_WINNER_ONLY),
    )


def five_shares_swapped(case: Case) -> list[Wrong]:
    """At 5 players, swapped the shares: the partner 2, the taker 1 (it is taker 2, partner 1)."""
    s = case.input
    if s.players != 5 or s.alone:
        return []
    return _wrong(
        "five_shares_swapped", case, misremembered(taker_units=(2, 3, 1, 4), partner_units=2)
    )


def partner_as_defender(case: Case) -> list[Wrong]:
    """At 5 players, marked the partner like a defender (the taker then keeps four shares)."""
    s = case.input
    if s.players != 5 or s.alone:
        return []
    return _wrong(
        "partner_as_defender", case, misremembered(taker_units=(2, 3, 4, 4), partner_units=-1)
    )


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
    juste_fait_lost,
    juste_fait_nothing,
    shortfall_subtracted,
    forgot_base,
    forgot_multiplier,
    multiplied_difference_only,
    multiplied_base_only,
    petit_au_bout_wrong_side,
    petit_au_bout_taker_only,
    petit_au_bout_lost_ignored,
    petit_au_bout_not_multiplied,
    old_multipliers,
    poignee_multiplied,
    poignee_to_shower,
    old_poignee_values,
    chelem_multiplied,
    forgot_chelem,
    unannounced_chelem_as_announced,
    announced_chelem_as_unannounced,
    failed_chelem_ignored,
    defence_chelem_forgotten,
    forgot_taker_multiple,
    four_player_multiple,
    five_no_split,
    five_shares_swapped,
    partner_as_defender,
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

    def asked(steps: tuple[tuple[StepKind, int], ...]) -> list[tuple[StepKind, int]]:
        # the unit is never asked on its own: it is read in the marks
        return [step for step in steps[:index] if step[0] is not StepKind.UNIT]

    return [
        wrong
        for wrong in all_wrongs(case)
        if asked(wrong.steps) == asked(right) and wrong.steps[index][1] == value
    ]


# --- counting -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CountCase:
    pile: int  # the attack's cards
    set_aside: int  # the écart or the chien among them
    to_defence: int = 0  # a garde contre's chien: not in the pile, it counts for the defence
    chien_set_aside: bool = False  # what is set aside is a garde sans's chien, not an écart


@dataclass(frozen=True, slots=True)
class WrongCount:
    code: str
    half_points: int


def forgot_set_aside(case: CountCase) -> list[WrongCount]:
    """Left out the écart (or, on a garde sans, the chien: the message names which) of the
    pile."""
    if not case.set_aside & case.pile:
        return []
    code = "forgot_chien" if case.chien_set_aside else "forgot_set_aside"
    return [WrongCount(code, half_points(case.pile & ~case.set_aside))]


def honour_alone_as_pair(case: CountCase) -> list[WrongCount]:
    """Counted a king as 5 on its own (queen 4, cavalier 3, jack 2, oudler 5): the pair's value
    given to the single card, the low card then counted again."""
    honours = (case.pile & (HONOURS_MASK | OUDLERS_MASK)).bit_count()
    if not honours:
        return []
    return [WrongCount("honour_alone_as_pair", half_points(case.pile) + honours)]


def chien_counted_on_garde_contre(case: CountCase) -> list[WrongCount]:
    """Counted a garde contre's chien for the taker (it goes to the defence)."""
    if not case.to_defence:
        return []
    return [
        WrongCount(
            "chien_counted_on_garde_contre", half_points(case.pile | case.to_defence)
        )
    ]


def low_card_as_one(case: CountCase) -> list[WrongCount]:
    """Counted each low card as 1 point (it is 0.5; two low cards make 1)."""
    lows = (case.pile & LOW_CARDS_MASK).bit_count()
    if not lows:
        return []
    return [WrongCount("low_card_as_one", half_points(case.pile) + lows)]


def plain_trump_as_honour(case: CountCase) -> list[WrongCount]:
    """Counted a plain trump (the 20, say) as an honour, 4.5 instead of 0.5: only the 21,
    the Petit and the Excuse are worth more than a low card."""
    if not case.pile & TRUMPS_MASK & ~OUDLERS_MASK:
        return []
    return [WrongCount("plain_trump_as_honour", half_points(case.pile) + 8)]


def lone_low_card_forgotten(case: CountCase) -> list[WrongCount]:
    """Counting in pairs, forgot the low card left over at the end (it is worth 0.5)."""
    count = count_in_pairs(cards_of(case.pile))
    lone = count.leftover
    if len(lone) != 1 or nominal_value(lone[0]) != 1:
        return []
    return [WrongCount("lone_low_card_forgotten", count.total - 1)]


def defence_pile_counted(case: CountCase) -> list[WrongCount]:
    """Counted the defence's cards and gave that total (the attack has 91 minus it)."""
    return [WrongCount("defence_pile_counted", 2 * TOTAL_POINTS - half_points(case.pile))]


COUNT_MISTAKES: tuple[Callable[[CountCase], list[WrongCount]], ...] = (
    forgot_set_aside,
    chien_counted_on_garde_contre,
    honour_alone_as_pair,
    low_card_as_one,
    plain_trump_as_honour,
    lone_low_card_forgotten,
    defence_pile_counted,
)


# --- Italian counting (whole points, groups of three) --------------------------------------
def italian_per_card(cards: list[int]) -> Fraction:
    """Subtracted 1 per card instead of 2 per group of three (and 1 per left-over group)."""
    return Fraction(sum(nominal_value(card) - 1 for card in cards))


def italian_french_way(cards: list[int]) -> Fraction:
    """Counted the French way, in pairs with half points (a king with a low card 5 ...)."""
    return Fraction(count_in_pairs(cards).total, 2)


ITALIAN_MISTAKES: tuple[Callable[[list[int]], Fraction], ...] = (
    italian_per_card,
    italian_french_way,
)


def match_italian_count(cards: list[int], value: Fraction) -> list[str]:
    """The codes of the Italian-counting mistakes giving ``value``; a value with a half point
    that no mistake gives is still named: Italian counts are whole numbers."""
    right = count_in_threes(cards).total
    if value == right:
        return []
    codes = [mistake.__name__ for mistake in ITALIAN_MISTAKES if mistake(cards) == value]
    if not codes and value.denominator != 1:
        codes.append("italian_half_point")
    return codes


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
