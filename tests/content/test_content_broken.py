"""Each deliberately broken file gives exactly its one error, at the right line, column and field.

The table is the catalogue of content mistakes the checker catches; the files live in
``tests/content/broken/`` (one mistake each, described in the file's first comment).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.content import ContentError, ContentErrors, check_paths, load_lesson, load_puzzle
from tutor.content.loader import load_file

HERE = Path(__file__).parent
BROKEN = HERE / "broken"
TREE = HERE / "broken_tree"

# file (under broken/), line, col, field, key phrase of the message
EXPECTED: list[tuple[str, int, int, str, str]] = [
    ("puzzles/follow-suit/bad-card-code.yaml", 11, 18, "position.hand.2",
     "card 'ZZ' is not a card: use e.g. KH, 10S, T21, EX"),
    ("puzzles/follow-suit/duplicate-key.yaml", 13, 3, "position.hand",
     "duplicate key 'hand' (first at line 11)"),
    ("lessons/02-missing-italian.yaml", 18, 7, "steps.2.text.it", "missing Italian text"),
    ("puzzles/follow-suit/legal-set-wrong-answer.yaml", 13, 9, "answer",
     "the answer misses EX; not legal: T8 (must_follow_suit"),
    ("puzzles/counting/count-wrong-answer.yaml", 10, 9, "answer",
     "the pile is worth 4.5 points, not 5"),
    ("lessons/05-check-count-wrong.yaml", 23, 15, "steps.1.check.answer",
     "the pile is worth 4 points, not 3.5"),
    ("puzzles/scoring/score-wrong-answer.yaml", 16, 9, "answer",
     "the engine scores the taker +318, not +378"),
    ("puzzles/needed-and-bidding/needed-wrong-answer.yaml", 8, 9, "answer",
     "with 1 oudler the taker needs 51 points, not 56"),
    ("puzzles/card-play/accept-illegal.yaml", 14, 14, "accept.1",
     "card 'KD' is not a legal play (must_play_trump: T6 T1)"),
    ("puzzles/follow-suit/card-in-hand-and-trick.yaml", 14, 7, "position.trick.1",
     "card '9D' is already in the hand"),
    ("puzzles/follow-suit/trick-too-long.yaml", 12, 10, "position.trick",
     "the trick already has 4 cards: at 4 players it is complete"),
    ("puzzles/follow-suit/trick-seats.yaml", 14, 14, "position.trick.1.seat",
     "seat 3 cannot play after seat 1"),
    ("puzzles/trumping/me-not-next.yaml", 15, 7, "position.me", "seat 3 plays next"),
    ("puzzles/follow-suit/unknown-theme.yaml", 3, 8, "theme", "not 'tricks'"),
    ("puzzles/follow-suit/difficulty-six.yaml", 4, 13, "difficulty",
     "difficulty must be at most 5, not 6"),
    ("puzzles/follow-suit/unknown-kind.yaml", 5, 7, "kind", "unknown kind 'legal'"),
    ("puzzles/follow-suit/extra-field.yaml", 13, 1, "answers", "unknown field 'answers'"),
    ("puzzles/follow-suit/unquoted-no.yaml", 12, 11, "position.trick.0",
     "not the boolean false: YAML reads unquoted yes/no"),
    ("puzzles/card-play/card-as-number.yaml", 13, 7, "position.hand.1",
     "a card code is expected as a string, not 10"),
    ("puzzles/follow-suit/yaml-syntax.yaml", 12, 8, "yaml", "YAML syntax error"),
    ("puzzles/ecart/ecart-hand-size.yaml", 11, 9, "position.hand",
     "has 18 + 6 = 24 cards at 4 players, not 23"),
    ("puzzles/ecart/ecart-illegal-answer.yaml", 14, 18, "answer.2",
     "card 'KS' may not go to the écart: a king never goes to the écart (king_in_ecart)"),
    ("puzzles/trumping/folder-theme-mismatch.yaml", 3, 8, "theme",
     "theme 'overtrump' does not match the folder 'trumping'"),
    ("puzzles/follow-suit/wrong-stem.yaml", 2, 5, "id",
     "the id 'follow-suit-99' does not match the file name 'wrong-stem.yaml'"),
    ("puzzles/overtrump/called-at-four.yaml", 11, 11, "position.called",
     "a card is called only at 5 players, not 4"),
    ("puzzles/five-player-first-trick/first-trick-without-called.yaml", 11, 16,
     "position.first_trick", "first_trick needs the called card"),
    ("puzzles/card-play/choice-out-of-range.yaml", 12, 10, "correct",
     "0 to 1, not 2"),
    ("puzzles/counting/empty.yaml", 1, 1, "file", "the file is empty"),
    ("puzzles/counting/missing-explanation.yaml", 2, 1, "explanation",
     "missing field 'explanation'"),
    ("lessons/03-number-mismatch.yaml", 3, 9, "number",
     "lesson number 4 does not match the file name '03-number-mismatch.yaml'"),
    ("puzzles/scoring/impossible-deal.yaml", 10, 3, "deal",
     "at 4 players the points are whole"),
    ("puzzles/italian-counting/italian-half.yaml", 11, 9, "answer",
     "Italian counting gives whole points"),
    ("puzzles/needed-and-bidding/bid-not-higher.yaml", 9, 17, "position.bids.1",
     "'prise' is not higher than 'garde'"),
]


def _same_file(error: ContentError, path: Path) -> bool:
    return Path(error.path).resolve() == path.resolve()


@pytest.fixture(scope="module")
def broken_errors() -> list[ContentError]:
    return check_paths([BROKEN])


def test_every_broken_file_is_in_the_table() -> None:
    on_disk = {p.relative_to(BROKEN).as_posix() for p in BROKEN.rglob("*.yaml")}
    assert on_disk == {row[0] for row in EXPECTED}
    assert len(on_disk) >= 22


def test_each_mistake_is_distinct() -> None:
    assert len({row[4] for row in EXPECTED}) == len(EXPECTED)


@pytest.mark.parametrize("name, line, col, field, phrase", EXPECTED, ids=[r[0] for r in EXPECTED])
def test_broken_file_reports_its_error(broken_errors: list[ContentError], name: str, line: int,
                                       col: int, field: str, phrase: str) -> None:
    errors = [e for e in broken_errors if _same_file(e, BROKEN / name)]
    assert len(errors) == 1, "\n".join(map(str, errors))
    error = errors[0]
    assert (error.line, error.col, error.field) == (line, col, field), str(error)
    assert phrase in error.message
    assert str(error) == f"{error.path}:{line}:{col}: {field}: {error.message}"


@pytest.mark.parametrize("name, line, col, field, phrase", EXPECTED, ids=[r[0] for r in EXPECTED])
def test_single_file_loaders_raise_the_same_error(name: str, line: int, col: int, field: str,
                                                 phrase: str) -> None:
    loader = load_lesson if name.startswith("lessons/") else load_puzzle
    with pytest.raises(ContentErrors) as raised:
        loader(BROKEN / name)
    assert [(e.line, e.col, e.field) for e in raised.value.errors] == [(line, col, field)]
    assert phrase in raised.value.errors[0].message


def test_cross_file_duplicate_id_points_at_the_second_file() -> None:
    errors = check_paths([TREE])
    dup = [e for e in errors if "duplicate puzzle id" in e.message]
    assert len(dup) == 1
    assert _same_file(dup[0], TREE / "puzzles/scoring/dup-01.yaml")
    assert (dup[0].line, dup[0].col, dup[0].field) == (2, 5, "id")
    assert "counting/dup-01.yaml" in dup[0].message


def test_cross_file_unresolved_puzzle_reference() -> None:
    errors = check_paths([TREE])
    refs = [e for e in errors if "no puzzle has the id" in e.message]
    assert len(refs) == 1
    assert _same_file(refs[0], TREE / "lessons/01-refs.yaml")
    assert (refs[0].line, refs[0].col, refs[0].field) == (14, 23, "steps.0.puzzles.1")
    assert "'no-such-puzzle'" in refs[0].message


def test_cross_file_duplicate_lesson_number() -> None:
    errors = check_paths([TREE])
    numbers = [e for e in errors if "duplicate lesson number" in e.message]
    assert len(numbers) == 1
    assert _same_file(numbers[0], TREE / "lessons/01-refs.yaml")
    assert (numbers[0].line, numbers[0].col, numbers[0].field) == (3, 9, "number")


def test_broken_tree_has_nothing_else() -> None:
    # the other files are valid, and README.txt (not .yaml) is ignored
    assert len(check_paths([TREE])) == 3


def test_each_file_on_its_own_has_no_cross_file_error() -> None:
    assert load_file(TREE / "puzzles/scoring/dup-01.yaml").errors == []
