"""Glicko-2 ratings, as Mark Glickman publishes them ("Example of the Glicko-2 system",
Boston University, 2013): a rating, its deviation (how unsure it is) and its volatility (how
erratic the player is), updated after a rating period's games.

Pure functions over frozen values. The steps are numbered as in the paper. A rating period
is a day (``RATING_PERIOD``): every first try is rated as its own game, and a learner who stays
away for whole days has their deviation grown by step 6 once per day without play
(``idle``), never beyond a new player's (the paper: a rating never more uncertain than an
unrated player's).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

SCALE = 173.7178  # Glicko-2's scale: 400 / ln 10
BASE = 1500.0  # the rating the Glicko-2 scale is centred on
TAU = 0.5  # the system constant: how much the volatility may change (the paper's example)
EPSILON = 0.000001  # the paper's convergence tolerance for the new volatility
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
RATING_PERIOD = timedelta(days=1)  # a day without play widens a learner's deviation once


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating on the Glicko scale (1500 average), its deviation and volatility."""

    rating: float = BASE
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    @property
    def mu(self) -> float:
        """Step 2: the rating on the Glicko-2 scale."""
        return (self.rating - BASE) / SCALE

    @property
    def phi(self) -> float:
        """Step 2: the deviation on the Glicko-2 scale."""
        return self.deviation / SCALE


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the period: the opponent's rating before it, and the score (1 a win, 0.5 a
    draw, 0 a loss)."""

    opponent: Rating
    score: float


def g(phi: float) -> float:
    """How much an opponent's uncertainty damps what the game says."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected_score(player: Rating, opponent: Rating) -> float:
    """E: the player's expected score against ``opponent`` (its deviation damps it)."""
    return 1.0 / (1.0 + math.exp(-g(opponent.phi) * (player.mu - opponent.mu)))


def _variance(player: Rating, games: Sequence[Game]) -> float:
    """Step 3: v, the estimated variance of the rating from the games' outcomes alone."""
    total = 0.0
    for game in games:
        e = expected_score(player, game.opponent)
        total += g(game.opponent.phi) ** 2 * e * (1.0 - e)
    return 1.0 / total


def _improvement(player: Rating, games: Sequence[Game]) -> float:
    """Step 4 without the factor v: the sum of g(φj)(sj − E) over the games."""
    return sum(
        g(game.opponent.phi) * (game.score - expected_score(player, game.opponent))
        for game in games
    )


def _new_volatility(player: Rating, delta: float, v: float, tau: float) -> float:
    """Step 5: σ′, the root of f by the Illinois algorithm, as the paper iterates it."""
    phi2 = player.phi**2
    a = math.log(player.volatility**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi2 + v:
        big_b = math.log(delta**2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def idle(player: Rating, periods: int) -> Rating:
    """The player's rating after ``periods`` rating periods without games: step 6 applied
    once per period, φ* = √(φ² + periods·σ²), the deviation capped at a new player's
    (``DEFAULT_DEVIATION``); the rating and volatility unchanged."""
    if periods < 0:
        raise ValueError(f"{periods} rating periods")
    if periods == 0:
        return player
    phi = math.sqrt(player.phi**2 + periods * player.volatility**2)
    return Rating(player.rating, min(phi * SCALE, DEFAULT_DEVIATION), player.volatility)


def periods_between(last: datetime, at: datetime) -> int:
    """The whole rating periods without play from a rated game at ``last`` to ``at`` (0 when
    ``at`` is not later)."""
    return max(0, (at - last) // RATING_PERIOD)


def rate(player: Rating, games: Sequence[Game], tau: float = TAU) -> Rating:
    """The player's rating after a period with ``games`` (steps 3 to 8). A period without
    games only widens the deviation by the volatility (step 6 alone)."""
    if not games:
        phi = math.sqrt(player.phi**2 + player.volatility**2)
        return Rating(player.rating, phi * SCALE, player.volatility)
    v = _variance(player, games)
    improvement = _improvement(player, games)
    sigma = _new_volatility(player, v * improvement, v, tau)
    phi_star = math.sqrt(player.phi**2 + sigma**2)  # step 6
    phi = 1.0 / math.sqrt(1.0 / phi_star**2 + 1.0 / v)  # step 7
    mu = player.mu + phi**2 * improvement
    return Rating(mu * SCALE + BASE, phi * SCALE, sigma)  # step 8


def play(first: Rating, second: Rating, first_score: float, tau: float = TAU) -> tuple[
    Rating, Rating
]:
    """One game as its own rating period for both sides: both new ratings, each computed from
    the other's rating before the game."""
    return (
        rate(first, [Game(second, first_score)], tau),
        rate(second, [Game(first, 1.0 - first_score)], tau),
    )
