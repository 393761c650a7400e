"""The house's floors: a module of ``tutor/`` imports only its own room and the rooms on the
floors below it, never one above or beside it (siblings on a floor know nothing of each other).
Every import counts, a function-local one too: a loop hidden inside a function is still a loop.

The floors are written once, here, lowest first. A room is a package or a module; a module
belongs to the longest room its name starts with. A new room must be placed on a floor.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TUTOR = Path(__file__).resolve().parents[1] / "tutor"

FLOORS: tuple[tuple[str, ...], ...] = (
    # the rules, the learner's store and the number parser stand on nothing of the tutor's
    ("tutor.engine", "tutor.inputs", "tutor.progress"),
    # the open-card solver; the score sheet and the score quiz, on the rules
    ("tutor.analysis", "tutor.scoresheet", "tutor.scorequiz"),
    # the computer players (the strong one searches with the solver)
    ("tutor.bots",),
    # the practice game against the bots, with its coach and the deal of the day
    # (``tutor.practice.daily``, which reads a day's standing from the store); the lessons and
    # puzzles (mined from the bots' deals)
    ("tutor.practice", "tutor.content"),
    # the review of a played deal: the solver's verdicts beside the coach's remarks
    ("tutor.review",),
    # the analysis service: the heavy jobs above (mining, reviews) run on worker processes
    ("tutor.service",),
    # the practice page's state, which keeps the finished deal's review
    ("tutor.practice.page",),
    # the pages and the command line
    ("tutor.ui", "tutor.cli"),
    ("tutor.__main__",),
)
FLOOR_OF = {room: floor for floor, rooms in enumerate(FLOORS) for room in rooms}


def module_name(path: Path) -> str:
    parts = path.relative_to(TUTOR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(TUTOR.rglob("*.py"))}


def room_of(module: str) -> str | None:
    """The longest room ``module`` is in (None: on no floor)."""
    rooms = [r for r in FLOOR_OF if module == r or module.startswith(r + ".")]
    return max(rooms, key=len, default=None)


def imported(path: Path) -> set[str]:
    """The tutor modules ``path`` imports, anywhere in it (``from tutor import inputs`` is
    the module ``tutor.inputs``; ``from tutor.x import name`` is ``tutor.x``)."""
    out: set[str] = set()
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - node.level + 1]  # a relative import's package
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                out.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return {m for m in out if m == "tutor" or m.startswith("tutor.")}


def test_every_module_of_the_tutor_is_on_a_floor() -> None:
    assert [m for m in MODULES if m != "tutor" and room_of(m) is None] == []


def runs_up(module: str, targets: set[str]) -> list[str]:
    """The imports among ``targets`` that ``module`` may not make: a room on its own floor or
    above, or a module on no floor."""
    room = room_of(module)
    assert room is not None, f"{module} is on no floor"
    wrong = []
    for target in sorted(targets):
        other = room_of(target)
        if other != room and (other is None or FLOOR_OF[other] >= FLOOR_OF[room]):
            wrong.append(f"{target} ({other}, floor {FLOOR_OF.get(other or '', '?')})")
    return wrong


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m != "tutor"))
def test_a_module_imports_only_its_room_and_the_floors_below(module: str) -> None:
    assert runs_up(module, imported(MODULES[module])) == []


def test_the_solver_stands_on_the_rules_alone() -> None:
    """The open-card search is the floor under the bots: it imports the engine only."""
    for module, path in MODULES.items():
        if room_of(module) == "tutor.analysis":
            assert {room_of(m) for m in imported(path)} <= {"tutor.engine", "tutor.analysis"}


@pytest.mark.parametrize(
    ("module", "target"),
    [
        ("tutor.analysis.solver", "tutor.bots.simple"),  # up
        ("tutor.review.deal", "tutor.practice.page"),  # up, into a room inside a room
        ("tutor.content.mine", "tutor.practice.deal"),  # beside, on the same floor
        ("tutor.engine.game", "tutor.nowhere"),  # a module on no floor
    ],
)
def test_an_import_up_or_beside_is_caught(module: str, target: str) -> None:
    assert runs_up(module, {target}) != []
