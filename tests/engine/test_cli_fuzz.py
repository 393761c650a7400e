"""The command line never answers with a traceback: thousands of random argument lists, mixing
fragments that look valid (card codes, contracts, numbers, flags) with junk, each exit 0, 1 or
2, and on 2 a single line on stderr. ``main(argv)`` runs in-process, its output captured.

``check`` is driven with chosen paths only: random text could name ``/`` and walk the disk.
"""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.profiles import examples
from tutor.cli import main
from tutor.engine.announcements import Chelem
from tutor.engine.cards import DECK_SIZE, format_card
from tutor.engine.variants import PRESETS

CARD_CODES = [format_card(c) for c in range(DECK_SIZE)]
ODD_CARDS = ["ZZ", "T22", "T0", "0S", "11H", "K♥", "k♠", "EXX", "", " ", ",", "KH,", "ＫＨ"]
NUMBERS = [
    "0", "1", "2", "3", "4", "5", "6", "-1", "49", "40.5", "40,5", "91", "91.5", "182", "1e3",
    "inf", "-inf", "Infinity", "nan", "NaN", "1e400", "9" * 5000, "0x10", "1_0", "٣", "４",
    "١٢", "²", "½", "4.", ".5", "+4", " 4 ", "4\n", "\x00", "4.25",
]
WORDS = [
    "prise", "garde", "garde-sans", "garde-contre", "GARDE", "petite", "attack", "defence",
    "defense", "taker", "simple", "double", "triple", *(c.value for c in Chelem), "",
    *PRESETS, "fft", "FFT-2012",
]
FLAGS = [
    "--hand", "--trick", "--players", "--called", "--first-trick", "--json", "--contract",
    "--points", "--oudlers", "--petit-au-bout", "--poignee", "--chelem", "--alone", "--italian",
    "--help", "-h", "--", "-", "--hand=KH", "--points=inf", "--players=5", "--bogus",
    "--rules", "--position", "--rules=online-first-to-100", "--position=tarot1",
]
COMMANDS = ["legal", "score", "count", "LEGAL", "help", "", "-h"]

card_lists = st.lists(st.sampled_from(CARD_CODES + ODD_CARDS), max_size=80).map(" ".join)
fragments = st.one_of(
    st.sampled_from(FLAGS),
    st.sampled_from(NUMBERS),
    st.sampled_from(WORDS),
    st.sampled_from(CARD_CODES + ODD_CARDS),
    card_lists,
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.text(max_size=12),
)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def assert_answered_without_traceback(argv: list[str]) -> None:
    code, _out, err = run(argv)
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    if code == 2:
        assert err.count("\n") == 1 and err.endswith("\n") and err.startswith("error: "), (
            argv, err)


@settings(max_examples=examples(2000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(COMMANDS), st.lists(fragments, max_size=12))
def test_random_argument_lists_never_give_a_traceback(command: str, rest: list[str]) -> None:
    assert_answered_without_traceback([command, *rest])


# Well-formed commands with random values: the fuzz reaches the engine, not only argparse.
@settings(max_examples=examples(1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from(["3", "4", "5", *NUMBERS]),
    contract=st.sampled_from(WORDS),
    points=st.one_of(st.sampled_from(NUMBERS), st.decimals(0, 91, places=1).map(str)),
    oudlers=st.sampled_from(NUMBERS),
    extras=st.lists(st.sampled_from([
        ["--petit-au-bout", "attack"], ["--petit-au-bout", "defence"], ["--alone"], ["--json"],
        ["--poignee", "simple"], ["--poignee", "double"], ["--poignee", "triple"],
        *(["--chelem", c.value] for c in Chelem if c is not Chelem.NONE),
    ]), max_size=5),
)
def test_random_scores_never_give_a_traceback(
    players: str, contract: str, points: str, oudlers: str, extras: list[list[str]]
) -> None:
    argv = ["score", "--players", players, "--contract", contract, "--points", points,
            "--oudlers", oudlers]
    assert_answered_without_traceback(argv + [arg for extra in extras for arg in extra])


@settings(max_examples=examples(1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=card_lists,
    trick=st.lists(st.sampled_from(CARD_CODES), max_size=6).map(" ".join),
    players=st.sampled_from(["3", "4", "5"]),
    called=st.one_of(st.none(), st.sampled_from(CARD_CODES + ODD_CARDS)),
    first=st.booleans(),
)
def test_random_positions_never_give_a_traceback(
    hand: str, trick: str, players: str, called: str | None, first: bool
) -> None:
    argv = ["legal", "--hand", hand, "--trick", trick, "--players", players, "--json"]
    argv += ["--called", called] if called is not None else []
    argv += ["--first-trick"] if first else []
    assert_answered_without_traceback(argv)


@pytest.mark.parametrize(
    "path",
    ["does/not/exist.yaml", "a\x00b", "x" * 5000, "/" + "d/" * 3000, "-", "README.md"],
)
def test_check_refuses_odd_paths_without_a_traceback(path: str) -> None:
    assert_answered_without_traceback(["check", path])


def _odd_path(tmp_path: Path, kind: str) -> str:
    if kind == "a symlink loop":
        (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
        return str(tmp_path / "loop.yaml")
    if kind == "a folder named x.yaml":
        (tmp_path / "x.yaml").mkdir()
        return str(tmp_path / "x.yaml")
    if kind == "an empty folder":
        return str(tmp_path)
    return kind


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("README.md", "file: not a .yaml file"),
        ("/proc/self/status", "file: not a .yaml file"),
        ("a symlink loop", "file: cannot read: Too many levels of symbolic links"),
        ("a folder named x.yaml", "file: a folder, not a .yaml file"),
        ("an empty folder", "no .yaml file in "),
    ],
)
def test_check_of_no_content_never_says_all_content_agrees(
    tmp_path: Path, kind: str, said: str
) -> None:
    code, out, _ = run(["check", _odd_path(tmp_path, kind)])
    assert code == 1
    assert "all content agrees" not in out
    [line] = out.splitlines()
    assert said in line, line


def test_check_says_a_tab_indent_in_the_tutors_words(tmp_path: Path) -> None:
    tabbed = tmp_path / "tabbed.yaml"
    tabbed.write_text("id: x\n\ttheme: y\n", encoding="utf-8")
    code, out, _ = run(["check", str(tabbed)])
    assert code == 1
    assert out == f"{tabbed}:2:1: yaml: a tab where YAML needs spaces: indent with spaces only\n"


def test_check_reports_a_hostile_file_in_one_line_per_error(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("a: &a [x, x, x, x, x, x, x, x, x, x]\n"
                    + "".join(f"b{i}: &b{i} [" + ", ".join(["*a" if i == 0 else f"*b{i - 1}"] * 10)
                              + "]\n" for i in range(8)), encoding="utf-8")
    code, out, _ = run(["check", str(bomb)])
    assert code == 1
    [line] = out.splitlines()
    assert line.startswith(f"{bomb}:") and line.endswith(
        ": yaml: more than 20000 values once aliases are expanded")


# A real mid-deal position (3 players, 2 tricks left), then damaged at random: the notation's
# parser must refuse every broken form in one line, never with a traceback.
POSITION = (
    "tarot1 3 fft-2012 0 garde:1 - 9C.EX/KC/QC.T21 1:NC "
    "1S.2S.4S.6S.JS.QS.KS.3H.4H.5H.1C.2C.3C.5C.6C.7C.8C.10C.JC.T3.T7.T8.T12.T13/"
    "7S.9S.NS.6H.7H.8H.9H.10H.JH.NH.QH.KH.1D.2D.3D.4D.5D.6D.7D.8D.9D.10D.JD.ND.QD.KD."
    "4C.T1.T2.T4.T5.T6.T9.T10.T11.T14.T15.T16.T17.T18.T19.T20 "
    "3S.5S.8S.10S.1H.2H - 1@0 -"
)


def test_the_sample_position_is_answered() -> None:
    code, out, _err = run(["legal", "--position", POSITION])
    assert code == 0 and out


@settings(max_examples=examples(1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(POSITION)), st.integers(0, 6),
                          st.sampled_from([*CARD_CODES, *ODD_CARDS, *NUMBERS, *WORDS, ".", "/",
                                           ":", "-", " ", ">", "@", "=", ";"])),
                min_size=1, max_size=4))
def test_damaged_positions_never_give_a_traceback(edits: list[tuple[int, int, str]]) -> None:
    text = POSITION
    for at, cut, insert in edits:
        text = text[:at] + insert + text[at + cut:]
    assert_answered_without_traceback(["legal", "--position", text])
