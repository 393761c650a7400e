"""Hostile content files: each is one error naming the file, within a bounded memory and time.

The files are checked in a child process whose address space is capped (``RLIMIT_AS``) and
which is given a generous ``timeout``: an alias bomb that grows without bound, a file read whole,
or a recursion that overflows the C stack would fail the test by a MemoryError, a timeout or a
signal, never by a tight wall-clock assertion.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tutor.content.yamlload import MAX_ALIASES, MAX_DEPTH, MAX_FILE_BYTES, MAX_VALUES

MEMORY_CAP = 512 * 1024 * 1024  # bytes of address space for the child (it needs ~100 MB)
TIMEOUT = 120  # seconds: generous for a busy machine; a hang is what it catches

ROOT = Path(__file__).resolve().parents[2]


def alias_bomb() -> str:
    """A ~500-byte "billion laughs": 10 levels of 10 aliases, 10**10 values expanded."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 10):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


def deep_through_aliases() -> str:
    """Each anchor nests the previous one 20 levels deeper: no written nesting is past the
    bound, the expanded data is."""
    lines = ["l0: &l0 x"]
    for level in range(1, 6):
        lines.append(f"l{level}: &l{level} " + "[" * 20 + f"*l{level - 1}" + "]" * 20)
    return "\n".join(lines) + "\n"


# name -> (content, a fragment of the error it must give)
CASES: dict[str, tuple[str | bytes, str]] = {
    "alias-bomb": (alias_bomb(), f"more than {MAX_VALUES} values once aliases are expanded"),
    "many-aliases": ("a: &a x\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n",
                     f"more than {MAX_ALIASES} aliases"),
    "deep-through-aliases": (deep_through_aliases(), f"nested deeper than {MAX_DEPTH} levels"),
    "fifty-megabytes": ("x: " + "a" * (50 * 1024 * 1024) + "\n",
                        f"larger than {MAX_FILE_BYTES // 1024} KB"),
    "nesting-498": ("a: " + "[" * 498 + "]" * 498 + "\n", f"nested deeper than {MAX_DEPTH}"),
    "nesting-100000": ("a: " + "[" * 100_000 + "]" * 100_000 + "\n",
                       f"nested deeper than {MAX_DEPTH}"),
    "nesting-block": ("".join("  " * i + f"k{i}:\n" for i in range(200)) + "  " * 200 + "x\n",
                      f"nested deeper than {MAX_DEPTH}"),
    "id-is-a-list": ("id: [a, b]\ntheme: overtrump\n", "id: a text is expected, not a list"),
    "number-100000-digits": ("difficulty: " + "7" * 100_000 + "\n",
                             "a number of 100000 digits is too long"),
    "binary-junk": (random.Random(10).randbytes(4096), "not UTF-8 text"),
    "control-characters": ("id: a\x00b\x07\n", "unacceptable character"),
    "not-utf-8": ("id: écart\n".encode("latin-1"), "not UTF-8 text"),
    "a-tab": ("id: a\n\ttheme: b\n", "indent with spaces only"),
    "empty": ("", "the file is empty"),
    "top-level-list": ("- a\n- b\n", "is a mapping of fields, not a list"),
    "points-with-a-huge-exponent": ("kind: count\npile: [KH]\nanswer: '1e999999999'\n",
                                    "a number of points is expected"),
}

CHILD = textwrap.dedent(
    """
    import json, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
    from tutor.content.errors import ContentErrors
    from tutor.content.loader import check_files, load_all
    root = sys.argv[1]
    _, errors = check_files([root + "/puzzles"])
    try:
        load_all(root + "/lessons", root + "/puzzles")
        app = []
    except ContentErrors as raised:  # what the app gets at start: never another exception
        app = [str(e) for e in raised.errors]
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({{"check": [str(e) for e in errors], "app": app, "peak_kb": peak_kb}}))
    """
)


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Every case written under puzzles/, checked once in a capped child process."""
    root = tmp_path_factory.mktemp("adversarial")
    (root / "lessons").mkdir()
    folder = root / "puzzles" / "overtrump"
    folder.mkdir(parents=True)
    for name, (content, _) in CASES.items():
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        (folder / f"{name}.yaml").write_bytes(data)
    done = subprocess.run(
        [sys.executable, "-c", CHILD.format(cap=MEMORY_CAP), str(root)],
        capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT, check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def errors_of(lines: list[str], name: str) -> list[str]:
    return [line for line in lines if f"/{name}.yaml:" in line]


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_hostile_file_is_an_error_naming_it(checked: dict[str, list[str]], name: str) -> None:
    expected = CASES[name][1]
    found = errors_of(checked["check"], name)
    assert any(expected in line for line in found), found
    for line in found:  # path:line:col: field: message, on one line
        assert "\n" not in line
        path, line_no, col, rest = line.split(":", 3)
        assert path.endswith(f"puzzles/overtrump/{name}.yaml")
        assert line_no.isdigit() and col.isdigit() and ": " in rest


def test_the_app_gets_the_same_errors_as_content_errors(checked: dict[str, list[str]]) -> None:
    assert checked["app"] == checked["check"]


def test_one_error_per_bound_not_one_per_expanded_value(checked: dict[str, list[str]]) -> None:
    for name in ("alias-bomb", "nesting-100000", "fifty-megabytes"):
        assert len(errors_of(checked["check"], name)) == 1


def test_an_unreadable_value_is_reported_once(checked: dict[str, list[str]]) -> None:
    at_difficulty = [line for line in errors_of(checked["check"], "number-100000-digits")
                     if ": difficulty: " in line]
    assert len(at_difficulty) == 1


def test_a_path_the_system_refuses_is_an_error_naming_it() -> None:
    from tutor.content.loader import check_files

    name = "x" * 5000 + ".yaml"  # past the file-name limit: stat() raises, not "no such file"
    _, errors = check_files([name])
    assert [(e.path, e.field, e.message) for e in errors] == [
        (name, "file", "cannot read: File name too long")]


def test_the_nesting_bound_is_exactly_max_depth_levels() -> None:
    from tutor.content.yamlload import YamlLimitError, compose

    def nested(levels: int) -> str:  # the top mapping is the first level
        return "a: " + "[" * (levels - 1) + "]" * (levels - 1) + "\n"

    assert compose(nested(MAX_DEPTH)) is not None
    with pytest.raises(YamlLimitError, match=f"nested deeper than {MAX_DEPTH} levels"):
        compose(nested(MAX_DEPTH + 1))
