"""Loading lessons and puzzles: YAML -> data with marks -> pydantic models -> engine checks.

Every mistake becomes a ``ContentError`` at ``path:line:col`` with its dotted field, and all of
a file's mistakes are reported together. ``load_all`` gives the checked ``Bank`` the UI uses;
``tutor.content.check`` runs the same over any files or folders and adds the cross-file checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from tutor.content.checks import (
    PROVE_BEST_CARDS,
    Issue,
    check_exercise,
    check_lesson,
    check_puzzle,
    check_step,
)
from tutor.content.errors import ContentError, ContentErrors, FieldPath, display_path, dotted
from tutor.content.lint import lint_texts
from tutor.content.models import (
    GLOSSARY_FILE,
    KINDS,
    LANGUAGES,
    PUZZLE_FIELDS,
    QUOTE_HINT,
    Exercise,
    Glossary,
    Lesson,
    Puzzle,
    Step,
    Theme,
)
from tutor.content.yamlload import MAX_FILE_BYTES, YamlDoc, YamlSyntaxError, child, parse_yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
LESSON_FILE = re.compile(r"^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.yaml$")
SUFFIX = ".yaml"
THEMES = frozenset(theme.value for theme in Theme)

M = TypeVar("M", bound=BaseModel)
EXERCISE: TypeAdapter[Any] = TypeAdapter(Exercise)  # built once: validating is then cheap


@dataclass
class LoadedFile:
    """One file's outcome: the model (None when it failed), its raw data and every error."""

    path: Path
    shown: str
    kind: str  # "lesson" or "puzzle"
    doc: YamlDoc | None = None
    model: Lesson | Puzzle | Glossary | None = None
    errors: list[ContentError] = field(default_factory=list)
    source: str = ""  # the file's text, for the lint to point inside multi-line texts

    @property
    def data(self) -> Any:
        return self.doc.data if self.doc is not None else None

    def raw(self, key: str) -> Any:
        data = self.data
        return data.get(key) if isinstance(data, dict) else None

    def error(self, path: FieldPath, message: str, *, key: bool = False) -> ContentError:
        if self.doc is None:
            line, col = 1, 1
        else:
            line, col = self.doc.key_mark_of(path) if key else self.doc.mark_of(path)
        return ContentError(self.shown, line, col, dotted(path) or "file", message)


# --- pydantic errors -> content errors ------------------------------------------------------
def _data_path(doc: YamlDoc, loc: Sequence[int | str]) -> FieldPath:
    """Follow pydantic's ``loc`` through the data: components that are not in the data (union
    tags) are skipped, except a last one naming a missing field or a card in a card string."""
    node: Any = doc.data
    path: list[str | int] = []
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        found, value = child(node, part)
        if found:
            node = value
            path.append(part)
        elif isinstance(node, str) and isinstance(part, int):
            path.append(part)  # the n-th code of "KH 10S T21"
            node = None
        elif last and isinstance(node, dict):
            path.append(part)  # a missing field
    return tuple(path)


def _name(path: FieldPath) -> str:
    names = [p for p in path if isinstance(p, str)]
    return names[-1] if names else "value"


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()} ({QUOTE_HINT})"
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    return repr(value)


def _message(err: Any, path: FieldPath) -> tuple[FieldPath, str, bool]:
    """(path, message, point at the key) for one pydantic error."""
    kind = err["type"]
    ctx = err.get("ctx") or {}
    value = err.get("input")
    name = _name(path)
    if kind == "missing":
        last = path[-1] if path else ""
        if last in LANGUAGES:
            return path, f"missing {LANGUAGES[str(last)]} text", False
        return path, f"missing field '{last}'", False
    if kind == "extra_forbidden":
        return path, f"unknown field '{path[-1] if path else ''}'", True
    if kind == "union_tag_invalid":
        return (*path, "kind"), f"unknown kind {ctx.get('tag')!r}: use {', '.join(KINDS)}", False
    if kind == "union_tag_not_found":
        return (*path, "kind"), f"missing field 'kind': use {', '.join(KINDS)}", False
    if kind in ("literal_error", "enum"):
        return path, f"{name} must be {ctx.get('expected')}, not {_describe(value)}", False
    if kind == "string_type":
        return path, f"a text is expected, not {_describe(value)}", False
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return path, f"a whole number is expected, not {_describe(value)}", False
    if kind in ("bool_type", "bool_parsing"):
        return path, f"true or false is expected, not {_describe(value)}", False
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return path, f"a mapping (field: value) is expected, not {_describe(value)}", False
    if kind in ("tuple_type", "list_type", "iterable_type"):
        return path, f"a list is expected, not {_describe(value)}", False
    if kind == "less_than_equal":
        return path, f"{name} must be at most {ctx.get('le')}, not {value!r}", False
    if kind == "greater_than_equal":
        return path, f"{name} must be at least {ctx.get('ge')}, not {value!r}", False
    if kind == "too_short":
        return path, (f"{name} needs at least {ctx.get('min_length')} item(s), "
                      f"not {ctx.get('actual_length')}"), False
    if kind == "too_long":
        return path, (f"{name} has at most {ctx.get('max_length')} items, "
                      f"not {ctx.get('actual_length')}"), False
    if kind == "string_pattern_mismatch":
        return path, (f"{value!r} is not a valid {name}: lower-case letters, digits and dashes "
                      "(e.g. overtrump-01)"), False
    msg = str(err["msg"])
    msg = msg.removeprefix("Value error, ")
    return path, msg[:1].lower() + msg[1:], False


def _validate(model: type[M], loaded: LoadedFile) -> M | None:
    assert loaded.doc is not None
    try:
        return model.model_validate(loaded.doc.data)
    except ValidationError as exc:
        # A value YAML could not read (a 100,000-digit number, a bad date) is already reported;
        # the model would only add "not None" at the same place.
        unreadable = {problem.path for problem in loaded.doc.problems}
        for err in exc.errors(include_url=False):
            loc = list(err["loc"])
            if model is Puzzle and loc and loc[0] == "exercise":
                loc = loc[1:]  # the exercise's fields are flat in the YAML
            path, message, at_key = _message(err, _data_path(loaded.doc, loc))
            if path in unreadable and err.get("input") is None and err["type"] != "extra_forbidden":
                continue
            loaded.errors.append(loaded.error(path, message, key=at_key))
        return None


# --- one file -------------------------------------------------------------------------------
def _kind_of(path: Path, data: Any) -> str:
    for parent in path.parents:
        if parent.name in ("lessons", "puzzles"):
            return parent.name[:-1]
    return "lesson" if isinstance(data, dict) and "steps" in data else "puzzle"


def _read(path: Path, kind: str | None) -> LoadedFile:
    loaded = LoadedFile(path, display_path(path), kind or "puzzle")
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)  # never more: a huge file is not read whole
        if len(raw) > MAX_FILE_BYTES:
            loaded.errors.append(ContentError(
                loaded.shown, 1, 1, "file",
                f"the file is larger than {MAX_FILE_BYTES // 1024} KB: split it"))
            return loaded
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        loaded.errors.append(ContentError(loaded.shown, 1, 1, "file", f"not UTF-8 text: {exc}"))
        return loaded
    except OSError as exc:
        message = f"cannot read: {exc.strerror}"
        loaded.errors.append(ContentError(loaded.shown, 1, 1, "file", message))
        return loaded
    loaded.source = text
    try:
        doc = parse_yaml(text)
    except YamlSyntaxError as exc:
        line, col = exc.mark
        loaded.errors.append(ContentError(loaded.shown, line, col, "yaml", exc.message))
        return loaded
    if doc is None:
        what = kind or _kind_of(path, None)
        loaded.errors.append(ContentError(loaded.shown, 1, 1, "file",
                                          f"the file is empty: a {what} file needs its fields"))
        return loaded
    loaded.doc = doc
    loaded.kind = kind or _kind_of(path, doc.data)
    for problem in doc.problems:
        line, col = problem.mark
        loaded.errors.append(ContentError(loaded.shown, line, col, dotted(problem.path) or "file",
                                          problem.message))
    if not isinstance(doc.data, dict):
        loaded.errors.append(loaded.error((), f"a {loaded.kind} is a mapping of fields, not "
                                              f"{_describe(doc.data)}"))
    return loaded


def _issues(loaded: LoadedFile, issues: Iterable[Issue]) -> None:
    for issue in issues:
        loaded.errors.append(loaded.error(issue.path, issue.message))


def _check_puzzle_location(loaded: LoadedFile) -> None:
    puzzle_id, theme = loaded.raw("id"), loaded.raw("theme")
    if isinstance(puzzle_id, str) and puzzle_id != loaded.path.stem:
        loaded.errors.append(loaded.error(("id",), f"the id '{puzzle_id}' does not match the file "
                                                   f"name '{loaded.path.name}' (puzzles/<theme>/"
                                                   "<id>.yaml)"))
    folder = loaded.path.parent
    if not any(p.name == "puzzles" for p in loaded.path.parents):
        return  # a lone file: its folder is not checked
    if folder.name == "puzzles":
        loaded.errors.append(loaded.error(("theme",), "a puzzle lives in puzzles/<theme>/"
                                                      "<id>.yaml, not directly in puzzles/"))
    elif isinstance(theme, str) and theme != folder.name and theme in THEMES:
        loaded.errors.append(loaded.error(("theme",), f"theme '{theme}' does not match the folder "
                                                      f"'{folder.name}' (puzzles/<theme>/"
                                                      "<id>.yaml)"))


def _check_lesson_location(loaded: LoadedFile) -> None:
    match = LESSON_FILE.match(loaded.path.name)
    number, lesson_id = loaded.raw("number"), loaded.raw("id")
    if match is None:
        loaded.errors.append(loaded.error(("number",), f"a lesson file is named NN-slug.yaml "
                                                       f"(e.g. 01-the-deck.yaml), not "
                                                       f"'{loaded.path.name}'"))
        return
    if isinstance(number, int) and not isinstance(number, bool) and number != int(match[1]):
        loaded.errors.append(loaded.error(("number",), f"lesson number {number} does not match the "
                                                       f"file name '{loaded.path.name}'"))
    if isinstance(lesson_id, str) and lesson_id != match[2]:
        loaded.errors.append(loaded.error(("id",), f"the id '{lesson_id}' does not match the file "
                                                   f"name '{loaded.path.name}' (NN-<id>.yaml)"))


def _check_valid_steps(loaded: LoadedFile) -> None:
    """The lesson failed validation: still check its valid steps against the engine, so that
    every error of the file is reported at once."""
    steps = loaded.raw("steps")
    for i, raw in enumerate(steps if isinstance(steps, list) else []):
        try:
            step = Step.model_validate(raw)
        except ValidationError:
            continue  # already reported
        _issues(loaded, check_step(step, i))


def _check_valid_exercise(loaded: LoadedFile) -> None:
    """The puzzle failed validation (say, its difficulty): still check its exercise."""
    data = loaded.data
    try:
        exercise = EXERCISE.validate_python(
            {k: v for k, v in data.items() if k not in PUZZLE_FIELDS})
    except ValidationError:
        return  # already reported
    _issues(loaded, check_exercise(exercise))


def _lint(loaded: LoadedFile) -> None:
    """The learner-facing texts: no internal names, one term per concept (tutor.content.lint)."""
    assert loaded.doc is not None
    for issue in lint_texts(loaded.doc, loaded.source):
        loaded.errors.append(ContentError(loaded.shown, issue.line, issue.col,
                                          dotted(issue.path), issue.message))


def load_file(path: str | Path, kind: str | None = None) -> LoadedFile:
    """Read, validate and check one file; never raises (errors are in the result)."""
    path = Path(path)
    if path.name == GLOSSARY_FILE and path.parent.name == "lessons":
        kind = "glossary"
    loaded = _read(path, kind)
    if loaded.doc is None or not isinstance(loaded.doc.data, dict):
        return loaded
    if loaded.kind == "glossary":
        glossary = _validate(Glossary, loaded)
        if glossary is not None:
            keys = [term.key for term in glossary.terms]
            for i, key in enumerate(keys):
                if key in keys[:i]:
                    loaded.errors.append(loaded.error(("terms", i, "key"),
                                                      f"glossary key '{key}' is defined twice"))
        loaded.model = glossary
    elif loaded.kind == "lesson":
        _check_lesson_location(loaded)
        lesson = _validate(Lesson, loaded)
        if lesson is not None:
            _issues(loaded, check_lesson(lesson))
            loaded.model = lesson
        else:
            _check_valid_steps(loaded)
    else:
        _check_puzzle_location(loaded)
        puzzle = _validate(Puzzle, loaded)
        if puzzle is not None:
            _issues(loaded, check_puzzle(puzzle))
            loaded.model = puzzle
        else:
            _check_valid_exercise(loaded)
    _lint(loaded)
    if loaded.errors:
        loaded.model = None
    return loaded


def load_lesson(path: str | Path) -> Lesson:
    loaded = load_file(path, "lesson")
    if loaded.errors:
        raise ContentErrors(loaded.errors)
    assert isinstance(loaded.model, Lesson)
    return loaded.model


def load_puzzle(path: str | Path) -> Puzzle:
    loaded = load_file(path, "puzzle")
    if loaded.errors:
        raise ContentErrors(loaded.errors)
    assert isinstance(loaded.model, Puzzle)
    return loaded.model


# --- many files -----------------------------------------------------------------------------
def _given_files(p: Path) -> tuple[list[Path], str | None]:
    """The .yaml files a path given to the checker names, and why it names none: a check of
    nothing must not say that all content agrees (a README, /proc/self/status, a folder that
    happens to be called x.yaml, a symbolic link that loops)."""
    if not p.is_symlink() and not p.exists():
        return [], "no such file or folder"
    p.stat()  # OSError for a link loop or a dangling link: is_dir() would just say False
    if p.is_dir():
        found = sorted(f for f in p.rglob(f"*{SUFFIX}") if f.is_file())
        named_like_a_file = not found and p.suffix == SUFFIX
        return found, f"a folder, not a {SUFFIX} file" if named_like_a_file else None
    if not p.is_file():
        return [], "not a file nor a folder"
    if p.suffix != SUFFIX:
        return [], f"not a {SUFFIX} file"
    return [p], None


def yaml_files(paths: Iterable[str | Path | tuple[str | Path, str | None]]
               ) -> tuple[list[tuple[Path, str | None]], list[ContentError]]:
    """Every .yaml file under the given files and folders (others ignored), each once, with
    its kind when given as ``(path, "lesson" | "puzzle")``."""
    files: list[tuple[Path, str | None]] = []
    errors: list[ContentError] = []
    seen: set[Path] = set()
    for given in paths:
        given, kind = given if isinstance(given, tuple) else (given, None)
        p = Path(given)
        try:
            found, refusal = _given_files(p)
        except OSError as exc:  # a name too long, a folder that cannot be listed, a link loop
            found, refusal = [], f"cannot read: {exc.strerror}"
        if refusal is not None:
            errors.append(ContentError(display_path(p), 1, 1, "file", refusal))
        for f in found:
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                files.append((f, kind))
    return files, errors


def cross_file_errors(files: Sequence[LoadedFile], known_puzzle_ids: Iterable[str] = ()
                      ) -> list[ContentError]:
    """Unique puzzle ids, unique lesson ids and numbers (the error is at the second file), and
    lesson steps' puzzle references that resolve."""
    errors: list[ContentError] = []
    firsts: dict[tuple[str, str, object], LoadedFile] = {}
    for loaded in files:
        checks = [("id", "id", loaded.raw("id"))]
        if loaded.kind == "lesson":
            checks.append(("number", "number", loaded.raw("number")))
        for what, key, value in checks:
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                continue
            first = firsts.setdefault((loaded.kind, what, value), loaded)
            if first is not loaded:
                errors.append(loaded.error((key,), f"duplicate {loaded.kind} {what} {value!r}: "
                                                   f"also in {first.shown}"))
    errors += _glossary_reference_errors(files)
    puzzle_ids = {pid for f in files if f.kind == "puzzle" and isinstance(pid := f.raw("id"), str)}
    puzzle_ids |= set(known_puzzle_ids)
    for loaded in files:
        steps = loaded.raw("steps") if loaded.kind == "lesson" else None
        if not isinstance(steps, list):
            continue
        for i, step in enumerate(steps):
            refs = step.get("puzzles") if isinstance(step, dict) else None
            if not isinstance(refs, list):
                continue
            for j, ref in enumerate(refs):
                if isinstance(ref, str) and ref not in puzzle_ids:
                    errors.append(loaded.error(("steps", i, "puzzles", j),
                                               f"no puzzle has the id '{ref}'"))
    return errors


def _glossary_reference_errors(files: Sequence[LoadedFile]) -> list[ContentError]:
    """Every glossary key a lesson step names is defined in lessons/glossary.yaml."""
    glossaries = [f for f in files if f.kind == "glossary"]
    if not glossaries:
        return []
    terms = glossaries[0].raw("terms")
    entries = terms if isinstance(terms, list) else []
    keys = {key for term in entries if isinstance(term, dict)
            and isinstance(key := term.get("key"), str)}
    errors: list[ContentError] = []
    for loaded in files:
        steps = loaded.raw("steps") if loaded.kind == "lesson" else None
        for i, step in enumerate(steps if isinstance(steps, list) else []):
            refs = step.get("glossary") if isinstance(step, dict) else None
            for j, ref in enumerate(refs if isinstance(refs, list) else []):
                if isinstance(ref, str) and ref not in keys:
                    errors.append(loaded.error(("steps", i, "glossary", j),
                                               f"the glossary has no term '{ref}'"))
    return errors


def _sibling_puzzle_ids(files: Sequence[LoadedFile]) -> set[str]:
    """Ids of the puzzles next to the checked lessons (``lessons/`` beside ``puzzles/``), so a
    lesson checked on its own still resolves its references."""
    checked = {f.path.resolve() for f in files}
    ids: set[str] = set()
    roots = {parent.parent / "puzzles" for f in files if f.kind == "lesson"
             for parent in f.path.resolve().parents if parent.name == "lessons"}
    for root in roots:
        if root.is_dir():
            for path in root.rglob(f"*{SUFFIX}"):
                if path.resolve() not in checked:
                    ids.add(path.stem)
    return ids


def check_files(paths: Iterable[str | Path | tuple[str | Path, str | None]]
                ) -> tuple[list[LoadedFile], list[ContentError]]:
    """Load and check every file, then the cross-file rules: (files, every error sorted)."""
    files, errors = yaml_files(paths)
    loaded = [load_file(f, kind) for f, kind in files]
    for one in loaded:
        errors += one.errors
    errors += cross_file_errors(loaded, _sibling_puzzle_ids(loaded))
    return loaded, sorted(errors, key=lambda e: e.sort_key)


DEFAULT_PATHS = (REPO_ROOT / "lessons", REPO_ROOT / "puzzles")


def check_paths(paths: Sequence[str | Path] | None = None) -> list[ContentError]:
    """Every error in the files under ``paths`` (files or folders; non-.yaml files ignored;
    default: ``lessons/`` and ``puzzles/`` at the repository root), per file and across files."""
    _, errors = check_files(list(paths) if paths else list(DEFAULT_PATHS))
    return errors


@dataclass(frozen=True)
class Bank:
    """The checked lessons (by number) and puzzles (by theme, then id), with lookups."""

    lessons: tuple[Lesson, ...]
    puzzles: tuple[Puzzle, ...]
    glossary: Glossary | None = None
    _lessons_by_id: dict[str, Lesson] = field(default_factory=dict, repr=False, compare=False)
    _puzzles_by_id: dict[str, Puzzle] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._lessons_by_id.update({lesson.id: lesson for lesson in self.lessons})
        self._puzzles_by_id.update({puzzle.id: puzzle for puzzle in self.puzzles})

    def lesson(self, lesson_id: str) -> Lesson:
        return self._lessons_by_id[lesson_id]

    def puzzle(self, puzzle_id: str) -> Puzzle:
        return self._puzzles_by_id[puzzle_id]

    def lesson_number(self, number: int) -> Lesson:
        for lesson in self.lessons:
            if lesson.number == number:
                return lesson
        raise KeyError(number)

    def puzzles_for(self, themes: Iterable[Theme | str] | None = None,
                    difficulties: Iterable[int] | None = None) -> list[Puzzle]:
        """Puzzles of any of the themes and difficulties (None: all)."""
        wanted = {Theme(t) for t in themes} if themes is not None else None
        levels = set(difficulties) if difficulties is not None else None
        return [p for p in self.puzzles
                if (wanted is None or p.theme in wanted)
                and (levels is None or p.difficulty in levels)]

    @property
    def themes(self) -> list[Theme]:
        return sorted({p.theme for p in self.puzzles}, key=list(Theme).index)

    def __iter__(self) -> Iterator[Lesson | Puzzle]:
        yield from self.lessons
        yield from self.puzzles


def load_all(lessons_dir: str | Path = REPO_ROOT / "lessons",
             puzzles_dir: str | Path = REPO_ROOT / "puzzles", *, prove: bool = True) -> Bank:
    """Load and check everything; raises ContentErrors listing every error. ``prove=False``
    leaves the best-card puzzles' solver proofs to ``tutor check`` (see PROVE_BEST_CARDS)."""
    token = PROVE_BEST_CARDS.set(prove)
    try:
        loaded, errors = check_files([(lessons_dir, "lesson"), (puzzles_dir, "puzzle")])
    finally:
        PROVE_BEST_CARDS.reset(token)
    if errors:
        raise ContentErrors(errors)
    lessons = sorted((f.model for f in loaded if isinstance(f.model, Lesson)),
                     key=lambda lesson: lesson.number)
    theme_order = {theme: i for i, theme in enumerate(Theme)}
    puzzles = sorted((f.model for f in loaded if isinstance(f.model, Puzzle)),
                     key=lambda p: (theme_order[p.theme], p.id))
    glossary = next((f.model for f in loaded if isinstance(f.model, Glossary)), None)
    return Bank(tuple(lessons), tuple(puzzles), glossary)
