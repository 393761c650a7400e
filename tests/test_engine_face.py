"""The project reaches the engine through its public face: outside ``tutor/engine/``, every
module of ``tutor/`` (and ``app.py``) imports engine names from ``tutor.engine``, never from one
of its modules, so ``tutor.engine.__all__`` is the contract the project lives by."""

from __future__ import annotations

import ast
from pathlib import Path

import tutor.engine

ROOT = Path(__file__).resolve().parents[1]


def project_files() -> list[Path]:
    inside = ROOT / "tutor" / "engine"
    return [p for p in sorted((ROOT / "tutor").rglob("*.py")) if inside not in p.parents] + [
        ROOT / "app.py"
    ]


def test_the_project_imports_the_engine_only_through_its_public_face() -> None:
    behind = [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.module}"
        for path in project_files()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tutor.engine.")
    ]
    assert behind == []


def test_every_engine_name_the_project_imports_is_in_the_public_list() -> None:
    missing = {
        alias.name
        for path in project_files()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module == "tutor.engine"
        for alias in node.names
        if alias.name not in tutor.engine.__all__
    }
    assert missing == set()
