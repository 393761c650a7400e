"""An authored best-card answer must be the best card at the table with no tolerance: no other
card better on average over the deals of the hidden hands, by however little (issue #23). The
check once let a mean trail another card's by less than 5 points; eleven puzzles passed only
that way and were replaced."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import cli
from tutor.analysis.bestcard import proof_of
from tutor.analysis.robust import MIN_SHARE, robustness
from tutor.content.check import check_paths
from tutor.content.mine import find_in
from tutor.engine import Deal
from tutor.engine.cards import EXCUSE
from tutor.engine.position import parse_position

# The earlier excuse-early-03: the solver proves the Excuse, and it is best in 56% of the
# deals of the hidden hands, but the trump 18 does better on average by 4.8 points of mark.
BEST_ONLY_BY_THE_TOLERANCE = (
    "tarot1 5 fft-2012 0 garde:3:KS:4 - ND.QD.9C.T10/5H.10C.T3.T17/KD.T8.T19.T20/10S.T15.T21/"
    "JH.8D.T18.EX 3:6S 1S.2S.3S.4S.7S.8S.JS.NS.KS.1D.2D.4D.5D.6D.7D.9D.JD.1C.2C.3C.4C.6C.7C.8C."
    "JC.NC.QC.KC.T1.T2.T4.T6.T7.T13.T14/5S.9S.QS.1H.2H.3H.4H.6H.7H.8H.9H.10H.NH.QH.KH.T5.T9.T11."
    "T12.T16 3D.10D.5C - 4@3 -"
)

PLANTED = """\
id: best-only-by-the-tolerance
theme: best-card
difficulty: 1
kind: best-card
idea: excuse-early
notation: "{notation}"
answer: [EX]
question:
  en: Which card keeps the best result?
  it: Quale carta conserva il risultato migliore?
explanation:
  en: Play **the Excuse** now.
  it: Gioca **l'Excuse** adesso.
"""


def _planted_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "puzzles" / "best-card"
    folder.mkdir(parents=True)
    (folder / "best-only-by-the-tolerance.yaml").write_text(
        PLANTED.format(notation=BEST_ONLY_BY_THE_TOLERANCE), encoding="utf-8")
    return folder


def test_the_planted_answer_is_proven_and_best_in_most_deals_yet_trails_on_average() -> None:
    """What makes the planted position the case the rule is about: everything but the mean."""
    proof = proof_of(BEST_ONLY_BY_THE_TOLERANCE)
    assert proof.best == (EXCUSE,)
    held = robustness(BEST_ONLY_BY_THE_TOLERANCE, proof.best)
    assert held.answer.share_best >= MIN_SHARE
    assert 0 < held.mean_gap < 5
    assert not held.holds and not held.holds_strictly


def test_tutor_check_refuses_an_answer_another_card_beats_on_average(tmp_path: Path) -> None:
    [error] = check_paths([_planted_folder(tmp_path)])
    assert error.message.startswith("the answer holds only with every hand open")
    assert "its mean trails T18's by" in error.message


def test_python_m_tutor_check_fails_on_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["check", str(_planted_folder(tmp_path))]) == 1
    assert "its mean trails T18's by" in capsys.readouterr().out


def test_the_miner_refuses_it_by_the_same_rule() -> None:
    deal = Deal.from_position(parse_position(BEST_ONLY_BY_THE_TOLERANCE), undo=False)
    assert find_in(deal, seed=0) is None
