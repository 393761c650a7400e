"""Rule variants: every number and reading the count and the score depend on, as one frozen
``Rules`` object, with named presets that each name their source.

``FFT_2012`` is the default and what every lesson teaches. A scoring mistake a learner makes
is often a rule remembered wrong: ``dataclasses.replace(FFT_2012, poignee_multiplied=True)``.

>>> rules_named("online-first-to-100").contract_name(Contract.PRISE)
'Petite'
>>> rules_named("seed-004-web-game") is ONLINE_FIRST_TO_100  # its name before 2026-12
True
>>> FFT_2012.multiplier(Contract.GARDE_SANS), FFT_2012.needed(2)
(4, 41)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.contracts import Contract
from tutor.engine.errors import UnknownNameError
from tutor.engine.trick import ExcuseLastTrick


class Rounding(Enum):
    """Where the trailing half point of the difference goes (3 and 5 players)."""

    TO_WINNER = "to_winner"  # FFT: 40.5 needing 41 is lost by 1, 41.5 made by 1
    TO_LOSER = "to_loser"  # towards zero


class PetitAuBoutCredit(Enum):
    """Who the petit au bout bonus is for."""

    TO_ITS_SIDE = "to_its_side"  # FFT: the side that wins the last trick, won or lost deal
    TO_THE_OTHER_SIDE = "to_the_other_side"
    TAKER_ONLY = "taker_only"  # the defence's petit au bout is ignored
    DEAL_WINNER_ONLY = "deal_winner_only"  # ignored when its side lost the deal
    TO_THE_STAKE = "to_the_stake"  # it raises what the taker wins or loses, whoever took it


class Multiplied(Enum):
    """What the contract's multiplier applies to."""

    BASE_AND_DIFFERENCE = "base_and_difference"  # FFT: (25 + difference) × multiplier
    DIFFERENCE_ONLY = "difference_only"  # 25 + difference × multiplier (a learner's mistake)
    BASE_ONLY = "base_only"  # 25 × multiplier + difference (a learner's mistake)


class JusteFait(Enum):
    """A difference of 0 (the taker has exactly the points needed)."""

    MADE = "made"  # FFT: made, worth 25
    LOST = "lost"  # a learner's mistake: lost by 0, worth 25 to the defence
    NOTHING = "nothing"  # a learner's mistake: a draw, no base at all


class PoigneeCredit(Enum):
    """Who a poignée's bonus goes to: the side that wins the deal (FFT), or the side that
    showed it."""
    TO_THE_DEAL_WINNER = "to_the_deal_winner"  # FFT: whoever showed it
    TO_THE_SHOWER = "to_the_shower"


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules a deal is counted and scored by. Tuples are indexed as said beside each."""

    name: str = "fft-2012"
    source: str = "FFT, Règlement officiel du Tarot, 2012 (tutor/engine/RULES.md)"
    players: tuple[int, ...] = (3, 4, 5)
    needed_by_oudlers: tuple[int, int, int, int] = (56, 51, 41, 36)  # 0..3 oudlers
    half_point_to: Rounding = Rounding.TO_WINNER
    base: int = 25
    shortfall_subtracted: bool = False  # a lost deal as 25 - shortfall (a learner's mistake)
    juste_fait: JusteFait = JusteFait.MADE
    multipliers: tuple[int, int, int, int] = (1, 2, 4, 6)  # prise, garde, sans, contre
    multiplied: Multiplied = Multiplied.BASE_AND_DIFFERENCE
    petit_au_bout: int = 10
    petit_au_bout_multiplied: bool = True
    petit_au_bout_credit: PetitAuBoutCredit = PetitAuBoutCredit.TO_ITS_SIDE
    poignee_bonuses: tuple[int, int, int] = (20, 30, 40)  # simple, double, triple
    poignee_multiplied: bool = False
    poignee_credit: PoigneeCredit = PoigneeCredit.TO_THE_DEAL_WINNER
    # Trumps shown for a simple, double, triple poignée, at 3, 4 and 5 players.
    poignee_trumps: tuple[tuple[int, int, int], ...] = ((13, 15, 18), (10, 13, 15), (8, 10, 13))
    # Per defender, from the taker's side: announced and made, announced and failed,
    # made unannounced, made by the defence.
    chelem_bonuses: tuple[int, int, int, int] = (400, -200, 200, -200)
    chelem_multiplied: bool = False
    taker_units: tuple[int, int, int, int] = (2, 3, 2, 4)  # 3, 4, 5 with partner, 5 alone
    partner_units: int = 1
    excuse_last_trick: ExcuseLastTrick = ExcuseLastTrick.CHANGES_CAMP
    target_score: int | None = None  # a game ends when a player reaches it (None: no end)
    contract_names: tuple[str, str, str, str] = ("Prise", "Garde", "Garde sans", "Garde contre")

    def needed(self, oudlers: int) -> int:
        """Points the taker needs with this many oudlers in their cards at the end."""
        return self.needed_by_oudlers[oudlers]

    def multiplier(self, contract: Contract) -> int:
        return self.multipliers[contract - 1]

    def contract_name(self, contract: Contract) -> str:
        return self.contract_names[contract - 1]

    def poignee_bonus(self, level: Poignee) -> int:
        return self.poignee_bonuses[level - 1]

    def poignee_sizes(self, players: int) -> tuple[int, int, int]:
        return self.poignee_trumps[players - 3]

    def chelem_bonus(self, chelem: Chelem) -> int:
        """Per defender, from the taker's side; 0 for no chelem."""
        if chelem is Chelem.NONE:
            return 0
        order = (Chelem.ANNOUNCED_MADE, Chelem.ANNOUNCED_FAILED, Chelem.MADE, Chelem.DEFENCE)
        return self.chelem_bonuses[order.index(chelem)]

    def marks(self, players: int, unit: int, alone: bool) -> tuple[int, int | None, int]:
        """(taker, partner or None, each defender) for what each defender pays, ``unit``."""
        if players == 5:
            if alone:
                return self.taker_units[3] * unit, None, -unit
            return self.taker_units[2] * unit, self.partner_units * unit, -unit
        return self.taker_units[players - 3] * unit, None, -unit

    def winners(self, totals: dict[str, int]) -> list[str]:
        """The players whose running total reached the target (the highest first); empty
        when there is no target or nobody reached it."""
        if self.target_score is None:
            return []
        reached = [p for p, t in totals.items() if t >= self.target_score]
        return sorted(reached, key=lambda p: -totals[p])


FFT_2012 = Rules()

EXCUSE_TO_LAST_WINNER = Rules(
    name="excuse-to-last-winner",
    source="An Italian rules article (RULES §11): the Excuse played to the last trick goes "
    "to the winner of that trick; FFT 2012 otherwise",
    excuse_last_trick=ExcuseLastTrick.TO_THE_WINNER,
)

ONLINE_FIRST_TO_100 = Rules(
    name="online-first-to-100",
    source="The help page of an online French Tarot game against three bots (RULES §11): "
    "4 players; bids Petite, Garde, Garde Sans, Garde Contre; (25 + difference) x contract, "
    "plus a flat 10 for the petit au bout; the last trick's winner takes an Excuse played to "
    "it; the first player to 100 wins",
    players=(4,),
    petit_au_bout_multiplied=False,
    petit_au_bout_credit=PetitAuBoutCredit.TO_THE_STAKE,
    excuse_last_trick=ExcuseLastTrick.TO_THE_WINNER,
    target_score=100,
    contract_names=("Petite", "Garde", "Garde Sans", "Garde Contre"),
)

PRESETS: dict[str, Rules] = {
    r.name: r for r in (FFT_2012, EXCUSE_TO_LAST_WINNER, ONLINE_FIRST_TO_100)
}

# Names a preset had before: games, sheets and positions saved under them still load.
FORMER_NAMES: dict[str, str] = {"seed-004-web-game": ONLINE_FIRST_TO_100.name}


def rules_named(name: str) -> Rules:
    """A preset by name (fft-2012, excuse-to-last-winner, online-first-to-100) or by a name it
    had before (``FORMER_NAMES``)."""
    key = name.strip().lower()
    try:
        return PRESETS[FORMER_NAMES.get(key, key)]
    except KeyError:
        raise UnknownNameError(
            f"unknown rules {name!r}: use {', '.join(PRESETS)}", "unknown_rules"
        ) from None
