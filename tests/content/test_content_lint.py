"""The content lint: learner-facing text names no internal source, id or file, and uses one
term per concept in each language. Each rule has a broken file in ``tests/content/broken_lint/``
(what it breaks is in the file's first comment) and is reported as
``path:line:col: field: message`` by ``python -m tutor check``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from tests.bank import bank
from tutor.cli import main as cli_main
from tutor.content import (
    BidExercise,
    ChoiceExercise,
    ContentError,
    ContentErrors,
    ExerciseModel,
    check_paths,
    load_puzzle,
    parse_yaml,
)
from tutor.content.lint import INTERNAL_NAMES, TERMS, learner_texts, lint_texts

HERE = Path(__file__).parent
BROKEN = HERE / "broken_lint"
COUNTING = "puzzles/counting"

# file (under broken_lint/), line, col, field, the message's start
EXPECTED: list[tuple[str, int, int, str, str]] = [
    (f"{COUNTING}/seed-in-text.yaml", 14, 13, "explanation.en",
     "'seed': names an internal source"),
    (f"{COUNTING}/puzzle-id-in-text.yaml", 14, 18, "explanation.en",
     "'needed-05': names an internal puzzle id"),
    (f"{COUNTING}/file-name-in-text.yaml", 14, 9, "explanation.en",
     "'02-card-values.yaml': names a file"),
    (f"{COUNTING}/padded-lesson.yaml", 14, 5, "explanation.en",
     "'Lesson 02': a zero-padded lesson number is a file name"),
    (f"{COUNTING}/boudler.yaml", 14, 27, "explanation.en", "'boudler': is not a word"),
    (f"{COUNTING}/della-fonte.yaml", 17, 15, "explanation.it",
     "'della fonte': names an internal source"),
    (f"{COUNTING}/sovratagliare.yaml", 17, 13, "explanation.it",
     "'sovratagliare': write 'surtagliare'"),
    (f"{COUNTING}/unita.yaml", 17, 5, "explanation.it", "'Unità': write 'valore'"),
    (f"{COUNTING}/famiglie.yaml", 17, 15, "explanation.it", "'famiglie': a calque"),
    (f"{COUNTING}/cartina.yaml", 17, 16, "explanation.it", "'cartina': write 'scartina'"),
    (f"{COUNTING}/hai-preso-con.yaml", 17, 5, "explanation.it",
     "'Hai preso con': write 'hai dichiarato'"),
    (f"{COUNTING}/oudler-in-italian.yaml", 17, 24, "explanation.it",
     "'oudler': write 'bout' in Italian running text"),
    (f"{COUNTING}/bout-in-english.yaml", 14, 8, "explanation.en",
     "'bout': write 'oudler' in English running text"),
    (f"{COUNTING}/mano-for-a-deal.yaml", 17, 25, "explanation.it",
     "'vince la mano': 'mano' is the cards held"),
    (f"{COUNTING}/hyphen-mark.yaml", 14, 22, "explanation.en",
     "'-6': a negative mark is written with the minus sign"),
    (f"{COUNTING}/points-of-mark.yaml", 14, 8, "explanation.en",
     "'points of mark': is not English"),
    (f"{COUNTING}/unit-in-english.yaml", 14, 9, "explanation.en", "'unit': write 'value'"),
    (f"{COUNTING}/gli-bout.yaml", 17, 13, "explanation.it",
     "'gli bout': 'bout' takes the article 'i'"),
    (f"{COUNTING}/scusa.yaml", 17, 14, "explanation.it", "'Scusa': write 'l'Excuse'"),
    (f"{COUNTING}/solutore.yaml", 17, 8, "explanation.it", "'solutore': write 'risolutore'"),
    (f"{COUNTING}/punti-peggio.yaml", 17, 7, "explanation.it",
     "'punti peggio': write 'punti in peggio'"),
    (f"{COUNTING}/unita-lowercase.yaml", 17, 14, "explanation.it", "'unità': write 'valore'"),
    (f"{COUNTING}/mano-finita.yaml", 17, 5, "explanation.it",
     "'La mano è finita': 'mano' is the cards held"),
    ("lessons/glossary.yaml", 8, 76, "terms.0.definition.it",
     "'oudler': write 'bout' in Italian running text"),
]
CLEAN = [f"{COUNTING}/clean-names.yaml"]


@pytest.fixture(scope="module")
def lint_errors() -> list[ContentError]:
    return check_paths([BROKEN])


def _of(errors: list[ContentError], name: str) -> list[ContentError]:
    return [e for e in errors if Path(e.path).resolve() == (BROKEN / name).resolve()]


def test_every_lint_fixture_is_in_the_table() -> None:
    on_disk = {p.relative_to(BROKEN).as_posix() for p in BROKEN.rglob("*.yaml")}
    assert on_disk == {row[0] for row in EXPECTED} | set(CLEAN)


def test_every_rule_has_a_fixture() -> None:
    words = [row[4].split("'")[1] for row in EXPECTED]
    rules = [*INTERNAL_NAMES, *(rule for rules in TERMS.values() for rule in rules)]
    untested = [rule.pattern.pattern for rule in rules
                if not any(rule.pattern.fullmatch(word) for word in words)]
    assert untested == []


@pytest.mark.parametrize("name, line, col, field, start", EXPECTED,
                         ids=[row[0] for row in EXPECTED])
def test_lint_reports_the_word_where_it_is(lint_errors: list[ContentError], name: str,
                                           line: int, col: int, field: str,
                                           start: str) -> None:
    errors = _of(lint_errors, name)
    assert len(errors) == 1, "\n".join(map(str, errors))
    error = errors[0]
    assert str(error) == f"{error.path}:{line}:{col}: {field}: {error.message}"
    assert error.message.startswith(start)
    text = (BROKEN / name).read_text(encoding="utf-8").splitlines()[line - 1]
    word = start.split("'")[1]
    assert text[col - 1:col - 1 + len(word)] == word


@pytest.mark.parametrize("name", CLEAN)
def test_other_names_given_as_such_are_not_errors(lint_errors: list[ContentError],
                                                  name: str) -> None:
    assert _of(lint_errors, name) == []


def test_a_lint_error_refuses_the_puzzle_like_any_other() -> None:
    with pytest.raises(ContentErrors) as raised:
        load_puzzle(BROKEN / COUNTING / "seed-in-text.yaml")
    assert [(e.line, e.col, e.field) for e in raised.value.errors] == [
        (14, 13, "explanation.en")]


def test_the_check_command_prints_lint_errors(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli_main(["check", str(BROKEN / COUNTING / "unita.yaml")])
    out = capsys.readouterr().out
    assert status == 1
    assert "unita.yaml:17:5: explanation.it: 'Unità': write 'valore'" in out


def test_the_same_word_twice_is_reported_at_each_place() -> None:
    source = ("explanation:\n"
              "  it: |-\n"
              "    Unità 5, poi\n"
              "    ancora Unità 6.\n")
    doc = parse_yaml(source)
    assert doc is not None
    issues = lint_texts(doc, source)
    assert [(i.line, i.col) for i in issues] == [(3, 5), (4, 12)]


def test_english_text_may_say_oudler_and_italian_may_name_it() -> None:
    source = ('question: {en: "No oudler here.", it: "Nessun bout (*oudler*) qui, né (oudler)."}\n')
    doc = parse_yaml(source)
    assert doc is not None
    assert lint_texts(doc, source) == []


# --- the real content ----------------------------------------------------------------------
def _practice_key(exercise: ExerciseModel) -> str | None:
    """What a learner practises, texts left out; None for exercises with few possible
    positions (a choice is its texts; 'points needed' has four)."""
    if isinstance(exercise, ChoiceExercise):
        return None
    if isinstance(exercise, BidExercise) and exercise.ask == "needed":
        return None
    data = exercise.model_dump(exclude={"question", "hint", "feedback", "ask"},
                               mode="json", warnings=False)
    position = data.get("position")
    if isinstance(position, dict):  # the same cards on the table, whoever the taker is
        data["position"] = {k: v for k, v in position.items()
                            if k not in ("contract", "taker", "me")}
    return repr(sorted(data.items()))


def test_no_puzzle_repeats_a_lesson_check_or_another_puzzle() -> None:
    content = bank()
    seen: dict[str, list[str]] = defaultdict(list)
    for lesson in content.lessons:
        for i, step in enumerate(lesson.steps, start=1):
            if step.check is not None and (key := _practice_key(step.check)):
                seen[key].append(f"lesson {lesson.number} step {i}")
    for puzzle in content.puzzles:
        if (key := _practice_key(puzzle.exercise)):
            seen[key].append(puzzle.id)
    repeats = [where for where in seen.values()
               if len(where) > 1 and not all(w.startswith("lesson") for w in where)]
    assert repeats == []


def test_the_glossary_has_a_terminology_table_in_the_tutors_words() -> None:
    glossary = bank().glossary
    assert glossary is not None
    italian = {row.fr: row.it for row in glossary.terminology}
    assert italian["surcouper"] == "surtagliare"
    assert italian["donne"] == "smazzata"
    assert italian["chelem"] == "chelem (cappotto)"
    assert italian["bout, oudler"] == "bout"


def _first_word(term: str) -> str:
    """A term's first word past an article (Italian or French)."""
    return next(w for w in re.split(r"[ ',]+", term.lower())
                if w and w not in ("il", "la", "l", "lo", "i", "le", "gli", "se"))


def _stem(term: str) -> str:
    """The word a term is searched by: its first word, less an inflection."""
    word = _first_word(term)
    return word[:max(4, len(word) - 3)]


def test_the_terminology_table_gives_the_word_the_italian_text_uses() -> None:
    """Each row's Italian word is the one the lessons' Italian text uses, and the Italian
    players' word in brackets is at most a gloss: the table claimed 'tallone', 'manciata'
    and 'cappotto', which a learner then never met."""
    glossary = bank().glossary
    assert glossary is not None
    docs = [parse_yaml(path.read_text(encoding="utf-8"))
            for path in sorted((HERE.parents[1] / "lessons").glob("*.yaml"))]
    text = " ".join(value for doc in docs if doc is not None
                    for _, lang, value in learner_texts(doc.data) if lang == "it").lower()
    for row in glossary.terminology:
        used = re.sub(r"\(.*?\)", "", row.it)
        glosses = re.findall(r"\((.*?)\)", row.it)
        count = text.count(_stem(used))
        assert count > 0, row
        french = _first_word(row.fr)
        assert len(re.findall(rf"\b{re.escape(french)}s?\b", text)) <= count, row
        for gloss in glosses:
            assert text.count(_stem(gloss)) < count, row
