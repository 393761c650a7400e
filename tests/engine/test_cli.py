"""The command line as a public interface: JSON shapes, worked steps, one-line errors."""

import json
import subprocess
import sys

import pytest

from tutor.cli import main

FIFTEEN = "2H 3S 4S 5S 6S 7S 8S 9S 10S 1C 2C 3C 4C 5C 6C"  # a whole 5-player hand


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_legal_json_lists_legal_cards_and_reason_per_illegal_card(capsys):
    code, out, _ = run(capsys, "legal", "--hand", "KH 10S T21 EX", "--trick", "7H T9", "--json")
    assert code == 0
    assert json.loads(out) == {
        "legal": ["KH", "EX"],
        "illegal": {"10S": "must_follow_suit", "T21": "must_follow_suit"},
    }


def test_legal_five_player_first_trick_called_suit(capsys):
    _code, out, _ = run(
        capsys,
        "legal",
        "--hand",
        "QD 2D 1S T3 2S 3S 4S 5S 6S 7S 8S 9S 10S T4 T5",  # a whole hand: 15 cards at 5
        "--players",
        "5",
        "--called",
        "KD",
        "--first-trick",
        "--json",
    )
    assert json.loads(out)["illegal"] == {
        "QD": "called_suit_first_trick",
        "2D": "called_suit_first_trick",
    }


def test_score_json_matches_the_fft_example(capsys):
    _code, out, _ = run(
        capsys,
        "score",
        "--players",
        "4",
        "--contract",
        "garde",
        "--points",
        "49",
        "--oudlers",
        "2",
        "--petit-au-bout",
        "attack",
        "--poignee",
        "simple",
        "--json",
    )
    data = json.loads(out)
    assert data["unit"] == 106
    assert data["marks"] == {"taker": 318, "partner": None, "defender": -106}
    assert [s["kind"] for s in data["steps"]][:4] == ["points", "needed", "difference", "base"]


def test_score_prints_the_worked_calculation(capsys):
    _, out, _ = run(
        capsys,
        "score",
        "--players",
        "5",
        "--contract",
        "garde",
        "--points",
        "44.5",
        "--oudlers",
        "2",
    )
    assert "half point to the winner" in out and "taker: +116, partner: +58" in out


def test_count_french_and_italian(capsys):
    _, out, _ = run(capsys, "count", "KH 2S T21 EX", "--json")
    assert json.loads(out)["points"] == 14.0
    _, out, _ = run(capsys, "count", "KS QS 3S", "--italian", "--json")
    assert json.loads(out)["points"] == 8


@pytest.mark.parametrize(
    "argv,message",
    [
        (["legal", "--hand", "KH ZZ"], "unknown card 'ZZ'"),
        (["legal", "--hand", "KH KH"], "KH appears twice"),
        (["legal", "--hand", "KH 2S", "--trick", "2S"], "both in the hand and in the trick"),
        (["legal", "--hand", "KH", "--trick", "1S 2S 3S 4S"], "complete"),
        (["score", "--contract", "garde", "--points", "40", "--oudlers", "4"], "three oudlers"),
        (["score", "--contract", "garde", "--points", "95", "--oudlers", "1"], "between 0 and 91"),
        (["score", "--contract", "grand", "--points", "40", "--oudlers", "1"], "unknown contract"),
        (["score", "--contract", "garde", "--points", "abc", "--oudlers", "1"], "must be a number"),
        (["count", "KH 2Z"], "unknown card"),
        (["score", "--contract", "garde", "--points", "inf", "--oudlers", "1"], "like 49 or 40.5"),
        (["score", "--contract", "garde", "--points", "nan", "--oudlers", "1"], "like 49 or 40.5"),
        (["score", "--contract", "garde", "--points", "1e400", "--oudlers", "1"], "like 49"),
        (["score", "--contract", "garde", "--points", "١٢", "--oudlers", "1"], "like 49"),
        (["score", "--contract", "garde", "--points", "49", "--oudlers", "٢"], "whole number"),
        (["score", "--contract", "garde", "--points", "49", "--oudlers", "9" * 5000], "whole"),
        (["score", "--players", "3", "--contract", "garde", "--points", "60", "--oudlers", "2",
          "--poignee", "simple", "--poignee", "simple"], "26 trumps; there are only 21"),
        (["score", "--players", "4", "--contract", "garde", "--points", "60", "--oudlers", "2",
          "--poignee", "double", "--poignee", "simple"], "23 trumps"),
        (["score", "--players", "5", "--contract", "garde", "--points", "60", "--oudlers", "2",
          "--poignee", "simple", "--poignee", "simple", "--poignee", "simple"], "24 trumps"),
        (["score", "--contract", "garde", "--points", "80", "--oudlers", "0", "--chelem",
          "made"], "at least 2 oudlers, not 0"),
        (["score", "--contract", "prise", "--points", "80", "--oudlers", "1", "--chelem",
          "announced-made"], "at least 2 oudlers, not 1"),
        (["score", "--players", "6", "--contract", "garde", "--points", "49", "--oudlers", "1"],
         "3, 4 or 5"),
        (["score", "--contract", "garde"], "required: --points, --oudlers"),
        (["legal", "--hand", " ".join(f"{r}{s}" for s in "SHD" for r in (*range(1, 11), "K"))],
         "at most 18 cards at 4 players, not 33"),
        (["legal", "--players", "5", "--hand", "KH 2S", "--called", "EX", "--first-trick"],
         "a king, queen, cavalier or jack, not EX"),
        (["legal", "--players", "5", "--hand", "KH 2S", "--called", "T21"], "not T21"),
        (["legal", "--players", "5", "--hand", "KS", "--called", "KH", "--first-trick",
          "--trick", "EX 3H"], "called suit is led only with the called card KH, not 3H"),
        (["legal", "--players", "7", "--hand", "KH"], "invalid choice"),
        (["legal", "--players", "5", "--hand", "KH", "--called", "KD", "--first-trick"],
         "on the first trick a hand holds 15 cards at 5 players, not 1"),
        (["score", "--contract", "garde", "--points", "41", "--oudlers", "1", "--chelem",
          "defence"], "at most 23.5 points in a garde at 4 players, not 41"),
        (["score", "--contract", "garde-contre", "--points", "5", "--oudlers", "1", "--chelem",
          "defence"], "at most 4.5 points in a garde-contre at 4 players, not 5"),
        (["bogus"], "invalid choice"),
    ],
)
def test_bad_input_exits_non_zero_with_one_line(capsys, argv, message):
    code, _out, err = run(capsys, *argv)
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_python_dash_m_tutor_runs_as_a_module():
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "count", "KH 2S"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "total: 5" in done.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "--players", "4", "--contract", "garde", "--points", "60", "--oudlers", "2",
         "--poignee", "simple", "--poignee", "simple"],  # 20 of the 21 trumps
        ["score", "--contract", "garde-contre", "--points", "80", "--oudlers", "1", "--chelem",
         "made"],  # the 21 or the Petit may lie in the chien, which the defence gets
        ["score", "--contract", "garde", "--points", "60", "--oudlers", "0", "--chelem",
         "announced-failed"],
        ["legal", "--players", "5", "--hand", FIFTEEN, "--called", "KH", "--first-trick",
         "--trick", "EX KH"],  # the called card itself may open its suit
        ["legal", "--players", "5", "--hand", "2H 3S", "--called", "QH"],  # kings all held
        ["score", "--contract", "garde", "--points", "23.5", "--oudlers", "1", "--chelem",
         "defence", "--players", "3"],  # four queens, two cavaliers and the Excuse kept
    ],
)
def test_possible_inputs_next_to_the_refused_ones_are_answered(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 0 and out and not err


def test_help_is_printed_and_exits_zero(capsys):
    code, out, _ = run(capsys, "score", "--help")
    assert code == 0 and "--points" in out
