"""The UI's house rules on imports: a page is a leaf (no module of tutor/ui imports a page, at
the top or inside a function), and the one page registry lists every shim of tutor/ui/pages."""

from __future__ import annotations

import ast
from pathlib import Path

from tutor.ui.registry import PAGES, SHIMS

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "tutor" / "ui"
PAGE_MODULES = {page.module for page in PAGES}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def ui_modules() -> dict[str, Path]:
    """Every module of tutor/ui but the shims (a shim only calls its page's render())."""
    return {
        module_name(path): path
        for path in sorted(UI.rglob("*.py"))
        if path.parent != ROOT / SHIMS
    }


def imported(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports anywhere in it (functions included):
    ``from a.b import c`` counts ``a.b``, and ``a.b.c`` when that is a module."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found & known


def test_the_registry_names_modules_that_exist() -> None:
    modules = ui_modules()
    assert not PAGE_MODULES - set(modules)


def test_no_module_of_the_ui_imports_a_page() -> None:
    modules = ui_modules()
    offences = {
        name: sorted(imported(path, PAGE_MODULES) - {name})
        for name, path in modules.items()
    }
    assert {name: pages for name, pages in offences.items() if pages} == {}


def test_every_shim_is_a_registry_row_and_calls_its_page() -> None:
    shims = {path.stem: path for path in (ROOT / SHIMS).glob("*.py")}
    assert set(shims) == {page.name for page in PAGES}
    for page in PAGES:
        assert imported(shims[page.name], PAGE_MODULES) == {page.module}, page.name


def test_a_page_importing_a_page_is_caught_even_inside_a_function(tmp_path: Path) -> None:
    page = next(iter(sorted(PAGE_MODULES)))
    offender = tmp_path / "offender.py"
    offender.write_text(f"def draw():\n    from {page} import render\n    render()\n")
    assert imported(offender, PAGE_MODULES) == {page}
