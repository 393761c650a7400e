"""The content lint also reads the app's own words (tutor/ui/locales), which `tutor check`
runs: placeholders are not words, each catalog is judged in its folder's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cli import main as cli
from tutor.content.lint import lint_catalog, lint_catalog_files
from tutor.content.yamlload import parse_yaml

ROOT = Path(__file__).resolve().parents[2]


def _messages(text: str, lang: str) -> list[str]:
    doc = parse_yaml(text)
    assert doc is not None
    return [f"{'.'.join(map(str, i.path))}@{i.line}: {i.message}" for i in lint_catalog(doc, lang)]


def test_an_internal_source_in_a_catalog_is_refused_at_its_line():
    [message] = _messages("a:\n  ok: Fine\n  bad: \"Seed example 3\"\n", "en")
    assert message.startswith("a.bad@3: 'Seed'")


def test_a_placeholder_named_like_a_refused_word_is_not_read():
    assert _messages('a: "Puzzle number {seed}, {oudlers} oudlers"\n', "en") == []
    assert _messages('a: "Punti: {points} con {oudlers} bout"\n', "it") == []


def test_an_italian_catalog_gets_the_italian_terms():
    assert _messages('a: "La tua mano"\n', "it") == []
    [message] = _messages('a: "La mano è nulla"\n', "it")
    assert "smazzata" in message
    assert _messages('a: "La mano è nulla"\n', "en") == []  # English has no such rule


def test_catalog_files_are_reported_with_path_line_and_key(tmp_path: Path):
    (tmp_path / "it").mkdir()
    (tmp_path / "it" / "game.yaml").write_text("game:\n  over: \"Fine della mano\"\n")
    [problem] = lint_catalog_files(tmp_path)
    assert problem.startswith(f"{tmp_path / 'it' / 'game.yaml'}:2:") and "game.over" in problem


@pytest.mark.long  # the whole bank checked as CI does, robustness included: ~40 s of CPU
def test_the_apps_catalogs_are_clean_and_tutor_check_reads_them(capsys):
    assert lint_catalog_files(ROOT / "tutor" / "ui" / "locales") == []
    assert cli(["check"]) == 0
    assert "all content agrees" in capsys.readouterr().out
