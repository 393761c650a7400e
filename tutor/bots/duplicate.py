"""A duplicate match: how much a computer player gains over SimpleBot on the same cards.

Each seeded deal is played once with SimpleBot in every seat, then once per seat with the
player under test in that seat and SimpleBot in the others. The same seed deals the same cards
and every decision draws from the same per-decision rng (``simulate.decision_rng``), so a
seat's mark with the player under test minus its mark with SimpleBot is what the player changed
on those cards. The unit is the deal: a deal's gain is the mean of its seats' gains (the seats of
one deal share the cards, so they are not independent samples), and deals are independent, so
the interval is taken over the per-deal means.

Seeds come from two ranges kept apart: ``TUNING_SEEDS`` for trying ideas out, and
``EVALUATION_SEEDS``, never used to tune, for the figures quoted as a player's strength.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from statistics import NormalDist

from tutor.bots.base import Bot
from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import play_deal
from tutor.engine import Deal, Phase

TUNING_SEEDS = range(100_000, 200_000)  # ideas are tried on these
EVALUATION_SEEDS = range(900_000, 1_000_000)  # strength figures only: never tuned on
CONFIDENCE = 0.95


class Role(Enum):
    """A seat's side in a deal."""

    TAKER = "taker"
    DEFENDER = "defender"
    PARTNER = "partner"  # the called card's holder at five players


@dataclass(frozen=True, slots=True)
class SeatGain:
    """One seat of one deal: its mark with the player under test minus its mark with SimpleBot
    on the same cards, and its role in the deal the player under test played."""

    seat: int
    role: Role
    gain: float


@dataclass(frozen=True, slots=True)
class DealGain:
    """One seeded deal of a duplicate match, every seat played in turn."""

    seed: int
    seats: tuple[SeatGain, ...]

    @property
    def gain(self) -> float:
        """The deal's gain: the mean over its seats."""
        return statistics.fmean(s.gain for s in self.seats)

    def role_gain(self, role: Role) -> float | None:
        """The mean gain of the seats in ``role`` (None: no seat held it in this deal)."""
        gains = [s.gain for s in self.seats if s.role is role]
        return statistics.fmean(gains) if gains else None


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean with its two-sided confidence interval (Student's t on ``n`` samples)."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def excludes_zero(self) -> bool:
        """Whether the gain is outside the noise: zero is not in the interval."""
        return self.low > 0 or self.high < 0


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile at ``p`` for ``df`` degrees of freedom: exact at 1 and 2, else
    from the normal one by the Cornish-Fisher expansion (Abramowitz and Stegun 26.7.5), within
    0.2% of the exact value at 3 degrees of freedom and 0.01% from 10 on."""
    if df < 1:
        raise ValueError("at least one degree of freedom")
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    z = NormalDist().inv_cdf(p)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The mean of ``values`` (independent samples) and its t interval at ``confidence``."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = statistics.fmean(values)
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    half = t_quantile((1 + confidence) / 2, n - 1) * statistics.stdev(values) / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n)


def role_of(deal: Deal, seat: int) -> Role:
    if seat == deal.taker:
        return Role.TAKER
    if deal.partner is not None and seat == deal.partner:
        return Role.PARTNER
    return Role.DEFENDER


def seat_mark(deal: Deal, seat: int) -> int:
    """The seat's mark for the deal; a deal dealt again scores nothing."""
    if deal.phase is Phase.REDEAL:
        return 0
    return deal.result().marks[seat]


def seeded_deal(players: int, seed: int, bots: Sequence[Bot]) -> Deal:
    """The deal from ``seed`` played to its end by ``bots``, the dealer turning with the seed."""
    return play_deal(players, seed, dealer=seed % players, bots=bots)


def duplicate_deal(players: int, seed: int, make_bot: Callable[[], Bot]) -> DealGain | None:
    """Every seat's gain on the deal from ``seed`` with a player from ``make_bot`` in that seat;
    None when SimpleBot's table deals again (everyone passed, or a petit sec)."""
    reference = seeded_deal(players, seed, [SimpleBot() for _ in range(players)])
    if reference.phase is Phase.REDEAL:
        return None
    seats = []
    for seat in range(players):
        bots: list[Bot] = [SimpleBot() for _ in range(players)]
        bots[seat] = make_bot()
        tested = seeded_deal(players, seed, bots)
        # A player that bids otherwise may make the table pass: its role is then the one the
        # reference deal gave the seat.
        played = reference if tested.phase is Phase.REDEAL else tested
        gain = seat_mark(tested, seat) - seat_mark(reference, seat)
        seats.append(SeatGain(seat, role_of(played, seat), float(gain)))
    return DealGain(seed, tuple(seats))


@dataclass(frozen=True, slots=True)
class MatchReport:
    """The deals of one duplicate match and the figures drawn from them."""

    players: int
    deals: tuple[DealGain, ...]
    redeals: int  # seeds SimpleBot's table dealt again: no deal to compare

    def overall(self) -> Interval:
        """The mean gain per deal (seats averaged within each deal) and its interval."""
        return interval([d.gain for d in self.deals])

    def by_role(self, role: Role) -> Interval | None:
        """The mean gain per deal of the seats in ``role``, over the deals that had one."""
        gains = [g for d in self.deals if (g := d.role_gain(role)) is not None]
        return interval(gains) if gains else None


def duplicate_match(
    players: int,
    seeds: Iterable[int],
    make_bot: Callable[[], Bot],
    on_deal: Callable[[DealGain], None] | None = None,
) -> MatchReport:
    """A duplicate match over ``seeds``; ``on_deal`` sees each deal's gains as it is played."""
    deals: list[DealGain] = []
    redeals = 0
    for seed in seeds:
        result = duplicate_deal(players, seed, make_bot)
        if result is None:
            redeals += 1
            continue
        deals.append(result)
        if on_deal is not None:
            on_deal(result)
    return MatchReport(players, tuple(deals), redeals)


__all__ = [
    "CONFIDENCE",
    "EVALUATION_SEEDS",
    "TUNING_SEEDS",
    "DealGain",
    "Interval",
    "MatchReport",
    "Role",
    "SeatGain",
    "duplicate_deal",
    "duplicate_match",
    "interval",
    "role_of",
    "seat_mark",
    "seeded_deal",
    "t_quantile",
]
