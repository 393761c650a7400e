"""Every theme a learner's attempts can carry has a name in both catalogs: the puzzles'
themes (authored and generated) on "My progress" and in the puzzle filter, the score quiz's
levels in its own section. A raw key such as "themes.level-1" never reaches a page."""

from __future__ import annotations

import pytest

from tests.bank import bank
from tutor.content.generate import FAMILIES, FAMILY_THEMES, generate
from tutor.content.models import Theme
from tutor.scorequiz.generator import LEVELS
from tutor.ui.i18n import catalog
from tutor.ui.trainer import PROVEN

LANGS = ("en", "it")


def _named(lang: str, key: str) -> bool:
    return bool(catalog(lang).get(key))


@pytest.mark.parametrize("lang", LANGS)
def test_every_puzzle_theme_has_a_name(lang: str) -> None:
    themes = {theme.value for theme in Theme}
    themes |= {puzzle.theme.value for puzzle in bank().puzzles}
    themes |= {theme for family in FAMILY_THEMES.values() for theme in family}
    assert [theme for theme in sorted(themes) if not _named(lang, f"themes.{theme}")] == []


@pytest.mark.parametrize("family", [f for f in FAMILIES if f != PROVEN])
def test_generated_puzzles_carry_a_theme_of_their_family(family: str) -> None:
    # the proven family mines with the solver (its theme is pinned by FAMILY_THEMES above)
    for players in (3, 4, 5):
        for seed in range(8):
            assert generate(family, seed, players).theme.value in FAMILY_THEMES[family]


@pytest.mark.parametrize("lang", LANGS)
def test_every_score_quiz_level_has_a_name(lang: str) -> None:
    assert [level for level in LEVELS if not _named(lang, f"score_quiz.levels.{level}")] == []
