"""The duplicate match's bookkeeping: a player against itself gains nothing, the interval is
Student's t on the per-deal means, and each seat's gain is put under the role it played."""

from __future__ import annotations

import math
import random

import pytest

from tutor.bots import SimpleBot
from tutor.bots.base import Bot
from tutor.bots.duplicate import (
    EVALUATION_SEEDS,
    TUNING_SEEDS,
    DealGain,
    MatchReport,
    Role,
    SeatGain,
    duplicate_deal,
    duplicate_match,
    interval,
    seat_mark,
    seeded_deal,
    t_quantile,
)
from tutor.engine import Action, Deal, Phase, Play


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simplebot_against_itself_gains_exactly_nothing_on_every_deal(players):
    report = duplicate_match(players, range(EVALUATION_SEEDS.start, EVALUATION_SEEDS.start + 25),
                             SimpleBot)
    assert report.deals and report.redeals + len(report.deals) == 25
    for deal in report.deals:
        assert [s.gain for s in deal.seats] == [0.0] * players
    overall = report.overall()
    assert (overall.mean, overall.low, overall.high) == (0.0, 0.0, 0.0)


def test_the_tuning_and_evaluation_seeds_do_not_overlap():
    assert not set(TUNING_SEEDS) & set(EVALUATION_SEEDS)


def test_the_interval_is_students_t_on_a_known_sample():
    # mean 3, standard deviation sqrt(2.5), t(0.975, 4) = 2.776445 (tables).
    got = interval([1.0, 2.0, 3.0, 4.0, 5.0])
    half = 2.776445 * math.sqrt(2.5) / math.sqrt(5)
    assert got.mean == 3.0 and got.n == 5
    assert got.low == pytest.approx(3.0 - half, abs=1e-3)
    assert got.high == pytest.approx(3.0 + half, abs=1e-3)
    assert got.excludes_zero()
    assert not interval([-1.0, 1.0, -2.0, 2.0]).excludes_zero()


@pytest.mark.parametrize(
    ("df", "exact"), [(1, 12.7062), (2, 4.3027), (3, 3.1824), (10, 2.2281), (100, 1.9840)]
)
def test_the_t_quantile_matches_the_tables(df, exact):
    assert t_quantile(0.975, df) == pytest.approx(exact, rel=2e-3)


def test_the_unit_is_the_deal_seats_averaged_within_it():
    # Two deals of four seats: the interval is on the two deal means (4 and 0), not the 8 seats.
    deals = (
        DealGain(1, tuple(SeatGain(s, Role.DEFENDER, g) for s, g in enumerate((4, 4, 4, 4)))),
        DealGain(2, tuple(SeatGain(s, Role.DEFENDER, g) for s, g in enumerate((2, -2, 1, -1)))),
    )
    overall = MatchReport(4, deals, 0).overall()
    assert overall.n == 2 and overall.mean == 2.0
    assert overall.half_width == pytest.approx(12.7062 * math.sqrt(8) / math.sqrt(2), rel=1e-3)


class FirstLegalCard:
    """SimpleBot but for card play, where it plays its lowest legal card: a weaker player."""

    def __init__(self) -> None:
        self._simple = SimpleBot()

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Action:
        action = self._simple.choose(deal, seat, rng)
        if isinstance(action, Play):
            legal = deal.legal_plays()
            return Play((legal & -legal).bit_length() - 1)
        return action


def test_each_seat_gain_is_its_mark_difference_under_the_role_it_played():
    seed = TUNING_SEEDS.start
    while seeded_deal(5, seed, [SimpleBot()] * 5).partner is None:  # a deal with a partner
        seed += 1
    gain = duplicate_deal(5, seed, FirstLegalCard)
    assert gain is not None
    reference = seeded_deal(5, seed, [SimpleBot() for _ in range(5)])
    for seat_gain in gain.seats:
        seat = seat_gain.seat
        bots: list[Bot] = [SimpleBot() for _ in range(5)]
        bots[seat] = FirstLegalCard()
        tested = seeded_deal(5, seed, bots)
        assert seat_gain.gain == seat_mark(tested, seat) - seat_mark(reference, seat)
        expected = (Role.TAKER if seat == reference.taker
                    else Role.PARTNER if seat == reference.partner else Role.DEFENDER)
        assert seat_gain.role is expected
    roles = [s.role for s in gain.seats]
    assert roles.count(Role.TAKER) == 1 and roles.count(Role.PARTNER) == 1
    assert roles.count(Role.DEFENDER) == 3
    defenders = [s.gain for s in gain.seats if s.role is Role.DEFENDER]
    assert gain.role_gain(Role.DEFENDER) == pytest.approx(sum(defenders) / 3)


def test_a_weaker_player_loses_marks_and_the_match_reports_every_role():
    report = duplicate_match(4, range(TUNING_SEEDS.start, TUNING_SEEDS.start + 30), FirstLegalCard)
    assert report.overall().mean < 0
    taker = report.by_role(Role.TAKER)
    defender = report.by_role(Role.DEFENDER)
    assert taker is not None and defender is not None
    assert taker.n == defender.n == len(report.deals)  # one taker, three defenders a deal
    assert report.by_role(Role.PARTNER) is None  # no partner at four players


def test_a_deal_dealt_again_scores_nothing():
    seed = 0
    while (deal := seeded_deal(4, seed, [SimpleBot()] * 4)).phase is not Phase.REDEAL:
        seed += 1
    assert seat_mark(deal, 0) == 0
    assert duplicate_deal(4, seed, SimpleBot) is None
