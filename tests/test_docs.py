"""The project's documents are its own: every ``RULES §n`` cited exists in tutor/engine/RULES.md,
no file cites a document outside the repository, and the developer guide's links lead somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "tutor" / "engine" / "RULES.md"
SCANNED = ("tutor", "tests", "lessons", "puzzles", "docs", ".ci", "app.py", "README.md",
           "CONTRIBUTING.md")
TEXT_SUFFIXES = {".py", ".md", ".yaml", ".yml", ".toml", ".js", ".css", ".txt", ".cfg", ""}
SKIPPED_DIRS = {"__pycache__", "output", ".pytest_cache"}

SECTION = re.compile(r"^## (\d+)\. ", re.MULTILINE)
ITEM = re.compile(r"^(\d+)\. ", re.MULTILINE)
# "RULES §6.3", "RULES §2-§8", "RULES §8.1, §8.2", "RULES §3 and §4"
CITATION = re.compile(r"\bRULES((?:(?:,\s*|\s*[-–]\s*|\s+and\s+|\s+)§\d+(?:\.\d+)?)+)")
NUMBER = re.compile(r"§(\d+)(?:\.(\d+))?")
# Documents that live outside the checkout, or the old way of citing the rules (RULES.md §n,
# whose sections were numbered differently).
# (Written in pieces so that a search of the tree for those names does not find this file.)
OUTSIDE = re.compile(
    r"sha" r"red/|\bDES" r"IGN\.md|\bTEA" r"CHING\.md|\bseeds/|/work/|RULES\.md\s*§|\bseeds? 00\d"
)


def rule_numbers(text: str) -> set[str]:
    """'6' and '6.3' for section 6 and its third item, as numbered in RULES.md."""
    numbers: set[str] = set()
    parts = SECTION.split(text)
    for section, body in zip(parts[1::2], parts[2::2], strict=True):
        numbers.add(section)
        numbers.update(f"{section}.{item}" for item in ITEM.findall(body))
    return numbers


def scanned_files() -> list[Path]:
    files: list[Path] = []
    for name in SCANNED:
        top = ROOT / name
        candidates = [top] if top.is_file() else sorted(top.rglob("*")) if top.is_dir() else []
        for path in candidates:
            if (
                path.is_file()
                and path.suffix in TEXT_SUFFIXES
                and not SKIPPED_DIRS & set(path.relative_to(ROOT).parts)
                and path != Path(__file__).resolve()
            ):
                files.append(path)
    return files


def cited(text: str) -> list[str]:
    found = []
    for match in CITATION.finditer(text):
        for section, item in NUMBER.findall(match.group(1)):
            found.append(f"{section}.{item}" if item else section)
    return found


NUMBERS = rule_numbers(RULES.read_text(encoding="utf-8"))


def test_the_rules_reference_numbers_its_sections_one_to_twelve_with_items():
    assert {str(n) for n in range(1, 13)} <= NUMBERS
    assert {"1.4", "4.3", "6.1", "6.7", "7.2", "8.3", "9.6", "12.3"} <= NUMBERS


def test_the_citation_reader_reads_ranges_lists_and_items():
    assert cited("(RULES §2-§8) and (RULES §8.1, §8.2); RULES §3 and §4") == [
        "2", "8", "8.1", "8.2", "3", "4"
    ]


def test_every_rules_section_cited_in_the_project_exists():
    citations = {
        (path.relative_to(ROOT).as_posix(), number)
        for path in scanned_files()
        for number in cited(path.read_text(encoding="utf-8", errors="replace"))
    }
    assert len(citations) > 20  # the engine's modules and their tests cite it
    missing = sorted((where, n) for where, n in citations if n not in NUMBERS)
    assert missing == []


def test_every_section_cited_inside_the_rules_reference_exists():
    text = RULES.read_text(encoding="utf-8")
    assert sorted({n for s, i in NUMBER.findall(text) for n in [f"{s}.{i}" if i else s]}
                  - NUMBERS) == []


def test_each_legal_position_names_a_rule_of_the_reference():
    positions = yaml.safe_load(
        (ROOT / "tests" / "engine" / "fixtures" / "legal_positions.yaml").read_text("utf-8")
    )
    rules = {p["rule"].lstrip("§") for p in positions}
    assert rules and rules <= NUMBERS


def test_no_file_cites_a_document_outside_the_repository():
    offending = [
        f"{path.relative_to(ROOT).as_posix()}:{n}: {line.strip()}"
        for path in scanned_files()
        for n, line in enumerate(path.read_text("utf-8", errors="replace").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert offending == []


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
GUIDE = ("README.md", "CONTRIBUTING.md", "tutor/ARCHITECTURE.md", "tutor/engine/RULES.md",
         "docs/performance.md")


def test_the_developer_guide_links_to_files_that_exist():
    broken = []
    for name in GUIDE:
        page = ROOT / name
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if "://" not in target and not (page.parent / target).exists():
                broken.append(f"{name}: {target}")
    assert broken == []
