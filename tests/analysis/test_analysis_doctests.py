"""The worked example in tutor.analysis's docstring runs as written."""

from __future__ import annotations

import doctest

import tutor.analysis


def test_the_docstring_example_runs() -> None:
    result = doctest.testmod(tutor.analysis)
    assert result.attempted > 0 and result.failed == 0
