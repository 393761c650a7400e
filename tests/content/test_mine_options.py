"""``python -m tutor.content.mine`` refuses options that would run unbounded or print
against what was asked (issue 20): --tricks past what a puzzle proves in seconds, a --limit of
0 or less, a --budget that is not a finite positive number."""

from __future__ import annotations

import pytest

from tutor.content.mine import MOST_TRICKS, main


@pytest.mark.parametrize(
    "option",
    [
        ["--tricks", str(MOST_TRICKS + 1)],
        ["--tricks", "18"],
        ["--tricks", "1000000"],
        ["--tricks", "0"],
        ["--tricks", "²"],
        ["--limit", "0"],
        ["--limit", "-1"],
        ["--budget", "nan"],
        ["--budget", "inf"],
        ["--budget", "-1"],
        ["--budget", "0"],
    ],
)
def test_an_unbounded_or_empty_option_is_refused_before_any_deal(option, capsys):
    with pytest.raises(SystemExit) as done:
        main(["--seeds", "0", "1", *option])
    assert done.value.code == 2
    said = capsys.readouterr()
    assert said.out == ""  # nothing mined, nothing printed
    assert f"argument {option[0]}:" in said.err


def test_a_limit_of_one_prints_one_find(capsys):
    assert main(["--seeds", "0", "3", "--tricks", "3", "--limit", "1", "--budget", "60"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1
