"""The examples in the engine's docstrings run (the public API's documentation stays true)."""

import doctest
import importlib
import pkgutil

import pytest

import tutor.engine

MODULES = ["tutor.engine"] + [
    f"tutor.engine.{m.name}" for m in pkgutil.iter_modules(tutor.engine.__path__)
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_the_package_lists_its_public_api_each_documented():
    for name in tutor.engine.__all__:
        value = getattr(tutor.engine, name)
        if callable(value) and not isinstance(value, int):
            assert (value.__doc__ or "").strip(), f"{name} has no docstring"


def test_the_package_docstring_shows_every_part_of_the_api():
    doc = tutor.engine.__doc__
    for part in ("parse_card", "Deal", "explain_play", "trick_outcome", "score",
                 "ONLINE_FIRST_TO_100", "format_position"):
        assert f"{part}" in doc
