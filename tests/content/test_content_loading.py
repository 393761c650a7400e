"""Loading: the real content checks clean, YAML marks and errors, several errors per file."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from tutor.content import (
    Bank,
    ContentError,
    ContentErrors,
    ContentLoader,
    CountExercise,
    LegalSetExercise,
    Lesson,
    PlayExercise,
    Puzzle,
    Theme,
    check_paths,
    load_all,
    load_lesson,
    load_puzzle,
    parse_yaml,
)
from tutor.content.loader import REPO_ROOT
from tutor.content.yamlload import YamlSyntaxError
from tutor.engine.cards import parse_card

LESSONS = REPO_ROOT / "lessons"
PUZZLES = REPO_ROOT / "puzzles"

REQUIRED_PUZZLES = {
    "follow-suit/follow-suit-01": "legal-set",
    "overtrump/overtrump-01": "play",
    "ecart/ecart-01": "ecart",
    "counting/counting-01": "count",
    "italian-counting/italian-counting-01": "count",
    "scoring/scoring-01": "score",
    "needed-and-bidding/needed-01": "bid",
    "card-play/save-the-petit-01": "play",
}

PUZZLE = """\
id: demo-01
theme: follow-suit
difficulty: 1
kind: legal-set
question:
  en: Which cards?
  it: Quali carte?
position:
  players: 4
  hand: {hand}
  trick: [9D]
explanation:
  en: Follow suit.
  it: Rispondi al seme.
"""


def write(tmp_path: Path, rel: str, text: str) -> Path:
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --- the real content -------------------------------------------------------------------------
def test_real_lessons_and_puzzles_check_clean() -> None:
    errors = check_paths()
    assert errors == [], "\n".join(map(str, errors))


def test_required_sample_puzzles_exist_with_their_kinds() -> None:
    for rel, kind in REQUIRED_PUZZLES.items():
        puzzle = load_puzzle(PUZZLES / f"{rel}.yaml")
        assert puzzle.kind == kind
        assert puzzle.explanation.en and puzzle.explanation.it


def test_load_all_gives_a_sorted_bank_with_lookups() -> None:
    bank = load_all(LESSONS, PUZZLES)
    assert isinstance(bank, Bank)
    assert [lesson.number for lesson in bank.lessons] == sorted(x.number for x in bank.lessons)
    order = list(Theme)
    keys = [(order.index(p.theme), p.id) for p in bank.puzzles]
    assert keys == sorted(keys)
    assert bank.puzzle("scoring-01").theme is Theme.SCORING
    assert bank.lesson("the-deck").number == 1
    assert bank.lesson_number(1).id == "the-deck"
    assert {p.id for p in bank.puzzles_for([Theme.COUNTING, "scoring"])} >= {"counting-01",
                                                                              "scoring-01"}
    with pytest.raises(KeyError):
        bank.puzzle("nope")


def test_first_lesson_has_the_required_checks() -> None:
    lesson = load_lesson(LESSONS / "01-the-deck.yaml")
    assert isinstance(lesson, Lesson)
    assert 4 <= len(lesson.steps) <= 6
    kinds = {step.check.kind for step in lesson.steps if step.check is not None}
    assert {"choice", "count"} <= kinds and kinds & {"play", "legal-set"}
    count = next(s.check for s in lesson.steps if isinstance(s.check, CountExercise))
    assert count.pile == (parse_card("KH"), parse_card("2S")) and count.answer == 5
    assert any(step.cards for step in lesson.steps)


def test_sample_scoring_puzzle_is_the_fft_example() -> None:
    puzzle = load_puzzle(PUZZLES / "scoring/scoring-01.yaml")
    deal = puzzle.exercise.deal  # type: ignore[union-attr]
    assert (deal.contract, deal.points, deal.oudlers) == ("garde", 49, 2)
    assert puzzle.exercise.answer == 318  # type: ignore[union-attr]


def test_load_all_raises_every_error(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/follow-suit/demo-01.yaml", PUZZLE.format(hand="[KD, ZZ, T8, YY]"))
    (tmp_path / "lessons").mkdir()
    with pytest.raises(ContentErrors) as raised:
        load_all(tmp_path / "lessons", tmp_path / "puzzles")
    assert [e.field for e in raised.value.errors] == ["position.hand.1", "position.hand.3"]


def test_a_bank_of_300_puzzle_files_loads_every_puzzle(tmp_path: Path) -> None:
    # Its speed is measured by hand: tests/benchmarks/bench_content.py.
    template = (PUZZLES / "overtrump/overtrump-01.yaml").read_text(encoding="utf-8")
    for i in range(300):
        write(tmp_path, f"puzzles/overtrump/p-{i:03d}.yaml",
              template.replace("id: overtrump-01", f"id: p-{i:03d}"))
    (tmp_path / "lessons").mkdir()
    bank = load_all(tmp_path / "lessons", tmp_path / "puzzles")
    assert [p.id for p in bank.puzzles] == [f"p-{i:03d}" for i in range(300)]
    assert bank.puzzle("p-123").exercise == bank.puzzle("p-000").exercise


# --- several errors, all reported ---------------------------------------------------------
def test_several_errors_in_one_file_are_all_reported(tmp_path: Path) -> None:
    text = """\
id: Bad_Id
theme: follow-suit
difficulty: 0
kind: legal-set
question:
  en: Which cards?
position:
  players: 4
  hand: [KD, ZZ, T8]
  trick: [9D]
  trick: [8D]
explanation:
  en: ''
  it: Rispondi al seme.
colour: red
"""
    path = write(tmp_path, "loose/several.yaml", text)
    with pytest.raises(ContentErrors) as raised:
        load_puzzle(path)
    found = {(e.line, e.col, e.field): e.message for e in raised.value.errors}
    fields = [(e.line, e.col, e.field) for e in raised.value.errors]
    assert (11, 3, "position.trick") in fields  # duplicate key
    assert (1, 5, "id") in fields  # not a slug (and not the file name)
    assert (3, 13, "difficulty") in fields
    assert (6, 3, "question.it") in fields  # missing Italian, at the parent mapping
    assert (9, 14, "position.hand.1") in fields
    assert (13, 7, "explanation.en") in fields  # empty English
    assert (15, 1, "colour") in fields  # unknown field, at its key
    assert found[(6, 3, "question.it")] == "missing Italian text"
    assert found[(13, 7, "explanation.en")] == "empty English text"
    assert len(raised.value.errors) >= 7
    assert str(raised.value).count("\n") == len(raised.value.errors) - 1


def test_engine_errors_are_reported_beside_model_errors(tmp_path: Path) -> None:
    text = PUZZLE.format(hand="[KD, 9D, T8]").replace("difficulty: 1", "difficulty: 9")
    path = write(tmp_path, "puzzles/follow-suit/demo-01.yaml", text)
    errors = check_paths([path])
    assert [(e.line, e.col, e.field) for e in errors] == [(3, 13, "difficulty"),
                                                          (11, 11, "position.trick.0")]
    lesson = """\
id: demo
number: 7
title: {en: x}
summary: {en: x, it: y}
steps:
  - text: {en: x, it: y}
    cards: [KH, KH]
"""
    errors = check_paths([write(tmp_path, "lessons/07-demo.yaml", lesson)])
    assert [(e.line, e.col, e.field) for e in errors] == [(3, 8, "title.it"),
                                                          (7, 17, "steps.0.cards.1")]


def test_engine_errors_are_all_reported_too(tmp_path: Path) -> None:
    text = PUZZLE.format(hand="[KD, 9D, T8, KD]").replace("trick: [9D]", "trick: [9D, 1S, 2S, 3S]")
    path = write(tmp_path, "puzzles/follow-suit/demo-01.yaml", text)
    errors = check_paths([path])
    assert sorted(e.field for e in errors) == ["position.hand.3", "position.trick",
                                               "position.trick.0"]


# --- YAML ------------------------------------------------------------------------------------
def test_marks_are_one_based_and_follow_field_paths() -> None:
    doc = parse_yaml("a: 1\nsteps:\n  - x: 2\n  - check:\n      answer: [KH, 2S]\n")
    assert doc is not None
    assert doc.mark_of(("a",)) == (1, 4)
    assert doc.mark_of(("steps", 1, "check", "answer")) == (5, 15)
    assert doc.mark_of(("steps", 1, "check", "answer", 1)) == (5, 20)
    assert doc.mark_of(("steps", 1, "check", "missing")) == (5, 7)  # the parent mapping
    assert doc.key_mark_of(("steps", 1, "check", "answer")) == (5, 7)


def test_a_card_inside_a_space_separated_string_is_located() -> None:
    doc = parse_yaml('hand: "KH 10S  T21"\nplain: KH 10S T21\n')
    assert doc is not None
    assert doc.mark_of(("hand", 2)) == (1, 16)
    assert doc.mark_of(("plain", 1)) == (2, 11)


def test_duplicate_keys_are_refused_by_both_loaders() -> None:
    doc = parse_yaml("a: 1\nb:\n  c: 2\n  c: 3\n")
    assert doc is not None
    assert [(p.path, p.mark) for p in doc.problems] == [(("b", "c"), (4, 3))]
    assert doc.data == {"a": 1, "b": {"c": 2}}
    with pytest.raises(yaml.constructor.ConstructorError, match="duplicate key 'c'"):
        yaml.load("a: 1\nb:\n  c: 2\n  c: 3\n", Loader=ContentLoader)
    assert yaml.load("a: [1, 2]", Loader=ContentLoader) == {"a": [1, 2]}


def test_boolean_keys_are_refused() -> None:
    doc = parse_yaml("no: 1\nyes: 2\n")
    assert doc is not None
    assert doc.data == {}
    assert [p.mark for p in doc.problems] == [(1, 1), (2, 1)]
    assert "quote it" in doc.problems[0].message


def test_syntax_errors_carry_their_mark() -> None:
    with pytest.raises(YamlSyntaxError) as raised:
        parse_yaml("a: 1\n  b: 2\n")
    assert raised.value.mark[0] == 2
    with pytest.raises(YamlSyntaxError):
        parse_yaml("a: 1\n---\nb: 2\n")


def test_empty_and_comment_only_documents() -> None:
    assert parse_yaml("") is None
    assert parse_yaml("# only a comment\n") is None


def test_non_yaml_files_are_ignored_and_missing_paths_reported(tmp_path: Path) -> None:
    write(tmp_path, "puzzles/follow-suit/notes.md", "# notes")
    write(tmp_path, "puzzles/follow-suit/demo-01.yaml", PUZZLE.format(hand="[KD, 3D, T8]"))
    assert check_paths([tmp_path]) == []
    errors = check_paths([tmp_path / "nothing-here"])
    assert len(errors) == 1 and errors[0].message == "no such file or folder"


def test_error_paths_are_relative_to_the_working_directory(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "puzzles/follow-suit/demo-01.yaml", PUZZLE.format(hand="[KD, ZZ]"))
    monkeypatch.chdir(tmp_path)
    errors = check_paths([tmp_path / "puzzles"])
    assert errors == [ContentError("puzzles/follow-suit/demo-01.yaml", 10, 14, "position.hand.1",
                                   "card 'ZZ' is not a card: use e.g. KH, 10S, T21, EX")]


# --- models ----------------------------------------------------------------------------------
def test_card_lists_accept_a_list_or_one_string(tmp_path: Path) -> None:
    one = load_puzzle(write(tmp_path, "a/demo-01.yaml", PUZZLE.format(hand='"KD 3D T8"')))
    two = load_puzzle(write(tmp_path, "b/demo-01.yaml", PUZZLE.format(hand="[kd, 3D, T8]")))
    assert isinstance(one.exercise, LegalSetExercise)
    assert one.exercise.position.hand == two.exercise.position.hand  # type: ignore[union-attr]


def test_models_are_frozen(tmp_path: Path) -> None:
    puzzle = load_puzzle(write(tmp_path, "a/demo-01.yaml", PUZZLE.format(hand="[KD, 3D]")))
    with pytest.raises(ValidationError):
        puzzle.difficulty = 3


def test_a_puzzle_validates_from_plain_data() -> None:
    puzzle = Puzzle.model_validate({
        "id": "p-1", "theme": "counting", "difficulty": 2, "kind": "count",
        "question": {"en": "?", "it": "?"}, "pile": "KH 2S", "answer": "5",
        "explanation": {"en": "5", "it": "5"},
    })
    assert isinstance(puzzle.exercise, CountExercise)
    assert puzzle.exercise.answer == Fraction(5)


def test_trick_as_plain_cards_gets_its_seats_from_the_learner() -> None:
    puzzle = Puzzle.model_validate({
        "id": "p-1", "theme": "follow-suit", "difficulty": 2, "kind": "play",
        "question": {"en": "?", "it": "?"}, "explanation": {"en": "5", "it": "5"},
        "position": {"players": 4, "hand": "KD 3D", "trick": "9D T4", "me": 1},
    })
    assert isinstance(puzzle.exercise, PlayExercise)
    assert puzzle.exercise.position.trick_seats == (3, 0)
    assert puzzle.exercise.position.leader_seat == 3
