"""One naming scheme for session-state and widget keys: ``<page>-<name>``, lower-case words
joined by dashes (``score-sheet-form-points``, ``puzzles-hints-<id>``), the page's prefix taken
from the page registry. The scan reads every ``key=`` and every ``st.session_state`` use of
tutor/ui and app.py with ``ast`` and resolves module-level constants."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from tutor.ui.registry import PAGES

ROOT = Path(__file__).resolve().parents[2]
# keys of parts shown on several pages: the language, the learner's profile, a position view,
# the analysis service's requester, an exercise (in a lesson and as a puzzle)
SHARED = ("app", "learner", "position", "analysis", "exercise")
PREFIXES = tuple(page.key_prefix for page in PAGES) + tuple(f"{name}-" for name in SHARED)
HOLE = "{}"  # a formatted part of an f-string key
WORDS = re.compile(r"^(?:[a-z0-9]+|\{\})(?:-(?:[a-z0-9]+|\{\}))*$")

STATE_CALLS = {"get", "pop", "setdefault", "__contains__", "__getitem__", "__setitem__"}


def pattern(node: ast.expr, constants: dict[str, ast.expr]) -> str | None:
    """The key an expression names, formatted parts as ``{}``; None when it is not written
    here (a parameter, a call's result: checked where its literal is written)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) else HOLE for part in node.values
        )
    if isinstance(node, ast.Name) and node.id in constants:
        return pattern(constants[node.id], {})
    return None


def is_session_state(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "session_state"


def keys_in(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    constants = {
        target.id: node.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    for node in ast.walk(tree):
        used: ast.expr | None = None
        if isinstance(node, ast.keyword) and node.arg == "key":
            used = node.value
        elif isinstance(node, ast.Subscript) and is_session_state(node.value):
            used = node.slice
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and is_session_state(node.func.value) and node.func.attr in STATE_CALLS
              and node.args):
            used = node.args[0]
        elif isinstance(node, ast.Compare) and any(is_session_state(c) for c in node.comparators):
            used = node.left
        if used is not None and (key := pattern(used, constants)) is not None:
            yield used.lineno, key


def follows_the_scheme(key: str) -> bool:
    if not WORDS.match(key):
        return False
    # a key that starts with a formatted part gets its page's prefix from the caller
    return key.startswith(HOLE) or key.startswith(PREFIXES)


def scanned() -> list[Path]:
    return [ROOT / "app.py", *sorted((ROOT / "tutor" / "ui").rglob("*.py"))]


def test_every_key_follows_the_page_scheme() -> None:
    off = sorted(
        f"{path.relative_to(ROOT)}:{line} {key!r}"
        for path in scanned()
        for line, key in keys_in(path)
        if not follows_the_scheme(key)
    )
    assert off == []


def test_the_scan_reads_constants_and_f_strings() -> None:
    tree = ast.parse('K = "sq_seed"\nst.session_state[K]\nst.button("x", key=f"ss_edit_{i}")\n')
    constants = {"K": tree.body[0].value}  # type: ignore[attr-defined]
    found = {pattern(n, constants) for n in ast.walk(tree)
             if isinstance(n, ast.Name | ast.JoinedStr)}
    assert {"sq_seed", "ss_edit_{}"} <= found
    assert not follows_the_scheme("ss_edit_{}")
    assert follows_the_scheme("score-sheet-edit-{}")
    assert follows_the_scheme("{}-hand")


def test_forgetting_the_session_copies_drops_each_pages_state() -> None:
    from tutor.ui import session
    from tutor.ui.practice.saving import STATE as PRACTICE
    from tutor.ui.score_sheet_state import STATE as SCORE_SHEET

    assert {PRACTICE, SCORE_SHEET} <= set(session._SESSION_COPIES)
