"""YAML for lessons and puzzles: duplicate keys refused, and every value traced to ``line:col``.

PyYAML's ``safe_load`` keeps the last of two duplicate keys and forgets where each value came
from. Here the document is composed into nodes (libyaml's fast parser when available) and turned
into plain Python data by hand, recording for every field path — ``("steps", 2, "check",
"answer")`` — the 1-based ``(line, col)`` of its value and of its key. Scalars are resolved by
PyYAML's SafeLoader rules (so an unquoted ``no`` is still the boolean false: the models then
refuse it where a card code or a text is expected, with a hint to quote it).

Reading has bounds, so that no file can crash or hang the checker or the app: nesting deeper
than ``MAX_DEPTH``, more than ``MAX_ALIASES`` aliases, or aliases expanding to more than
``MAX_VALUES`` values are each one error at the place they happen (the file size is bounded by
the loader, ``MAX_FILE_BYTES``). libyaml's own composer recurses in C and overflows the stack on
deep nesting, so only its parser is used; the composing is PyYAML's, with the bounds checked.

``ContentLoader`` (a ``yaml.SafeLoader`` subclass) also refuses duplicate keys on its own, for
callers that use ``yaml.load`` directly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import ConstructorError
from yaml.events import AliasEvent, MappingStartEvent, SequenceStartEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tutor.content.errors import FieldPath

Mark = tuple[int, int]  # 1-based (line, column)

# The largest content file is ~26 KB, nests 7 levels and has ~600 values; these bounds leave
# ample room for real content and stop an adversarial file long before memory or time matter.
MAX_FILE_BYTES = 1024 * 1024
MAX_DEPTH = 32  # Python recursion (about 1000 frames) is never approached
MAX_ALIASES = 100  # content does not need aliases; a few are harmless
MAX_VALUES = 20_000  # values after alias expansion: a "billion laughs" stops here (~0.2 s)

MERGE_TAG = "tag:yaml.org,2002:merge"
INT_TAG = "tag:yaml.org,2002:int"
_BOOL_WORDS = re.compile(r"^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|"
                         r"on|On|ON|off|Off|OFF)$")


class _NoDuplicateKeys:
    """Constructor mixin: a mapping with the same key twice is an error at the second key."""

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, Node] = {}
        for key_node, _ in node.value:
            if key_node.tag == MERGE_TAG:
                continue
            key = self.construct_object(key_node, deep=deep)  # type: ignore[attr-defined]
            try:
                first = seen.get(key)
            except TypeError:
                continue  # unhashable: SafeConstructor reports it
            if first is not None:
                raise ConstructorError(
                    "while constructing a mapping", node.start_mark,
                    f"found duplicate key {key!r} (first at line {first.start_mark.line + 1})",
                    key_node.start_mark,
                )
            seen[key] = key_node
        return super().construct_mapping(node, deep)  # type: ignore[misc, no-any-return]


class ContentLoader(_NoDuplicateKeys, yaml.SafeLoader):
    """A SafeLoader that refuses duplicate mapping keys."""


if getattr(yaml, "__with_libyaml__", False):

    class FastContentLoader(_NoDuplicateKeys, yaml.CSafeLoader):
        """The same on libyaml's C parser (several times faster)."""


class YamlSyntaxError(ValueError):
    def __init__(self, mark: Mark, message: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message


class YamlLimitError(YamlSyntaxError):
    """The document goes past one of the reading bounds (depth, aliases, values)."""


def _event_mark(event: Any) -> Mark:
    mark = event.start_mark
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


class _BoundedComposer(Composer):
    """PyYAML's composer, refusing nesting deeper than MAX_DEPTH and more than MAX_ALIASES
    aliases before they can recurse or multiply."""

    def _start_bounds(self) -> None:
        self.anchors = {}
        self.depth = 0
        self.aliases = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()  # type: ignore[attr-defined]  # the parser's, mixed in
        if isinstance(event, AliasEvent):
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                raise YamlLimitError(_event_mark(event), f"more than {MAX_ALIASES} aliases "
                                                         "(*name): write the values out")
        elif isinstance(event, (SequenceStartEvent, MappingStartEvent)):
            if self.depth >= MAX_DEPTH:
                raise YamlLimitError(_event_mark(event), f"nested deeper than {MAX_DEPTH} levels")
            self.depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1
        return super().compose_node(parent, index)


class _PyComposer(_BoundedComposer, yaml.SafeLoader):
    def __init__(self, stream: str) -> None:
        yaml.SafeLoader.__init__(self, stream)
        self._start_bounds()


_COMPOSER: type[Any] = _PyComposer
if getattr(yaml, "__with_libyaml__", False):

    class _FastComposer(_BoundedComposer, yaml.CSafeLoader):
        """libyaml's parser (fast, iterative) under the bounded Python composer."""

        def __init__(self, stream: str) -> None:
            yaml.CSafeLoader.__init__(self, stream)
            self._start_bounds()

    _COMPOSER = _FastComposer


def _mark(node: Node) -> Mark:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


@dataclass
class YamlProblem:
    """A mistake found while reading: where, which field, what."""

    path: FieldPath
    mark: Mark
    message: str


@dataclass
class YamlDoc:
    """Plain data (dicts, lists, scalars) with the marks of every value and key."""

    data: Any
    marks: dict[FieldPath, Mark] = field(default_factory=dict)
    key_marks: dict[FieldPath, Mark] = field(default_factory=dict)
    # Single-line string scalars: where their text starts, to point inside "KH 10S T21".
    text_starts: dict[FieldPath, Mark] = field(default_factory=dict)
    problems: list[YamlProblem] = field(default_factory=list)

    def value_at(self, path: FieldPath) -> Any:
        node = self.data
        for part in path:
            found, node = child(node, part)
            if not found:
                raise KeyError(path)
        return node

    def mark_of(self, path: FieldPath) -> Mark:
        """The mark of the value at ``path``, else of its nearest ancestor (a missing field is
        reported at its parent mapping). An index into a space-separated card string points at
        that card."""
        path = tuple(path)
        if path in self.marks:
            return self.marks[path]
        if path and isinstance(path[-1], int) and path[:-1] in self.text_starts:
            token = _token_column(self.value_at(path[:-1]), path[-1])
            if token is not None:
                line, col = self.text_starts[path[:-1]]
                return (line, col + token)
        for cut in range(len(path) - 1, -1, -1):
            if path[:cut] in self.marks:
                return self.marks[path[:cut]]
        return (1, 1)

    def key_mark_of(self, path: FieldPath) -> Mark:
        """The mark of the key of ``path`` (for unknown or duplicate fields)."""
        return self.key_marks.get(tuple(path)) or self.mark_of(path)


def child(node: Any, part: str | int) -> tuple[bool, Any]:
    """(found, value) of ``node[part]`` for a mapping key or a list index."""
    if isinstance(node, dict) and part in node:
        return True, node[part]
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return True, node[part]
    return False, None


def _token_column(text: Any, index: int) -> int | None:
    if not isinstance(text, str):
        return None
    tokens = list(re.finditer(r"[^\s,]+", text))
    return tokens[index].start() if 0 <= index < len(tokens) else None


_PARSER_DEPTH_LIMIT = "maximum nesting depth"
TAB_INDENT = "a tab where YAML needs spaces: indent with spaces only"


def _is_tab_problem(problem: str) -> bool:
    return "'\\t'" in problem or "tab character" in problem


def _syntax_error(exc: yaml.YAMLError, text: str) -> YamlSyntaxError:
    if isinstance(exc, yaml.MarkedYAMLError):
        where = exc.problem_mark or exc.context_mark
        mark = (where.line + 1, where.column + 1) if where is not None else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        if _PARSER_DEPTH_LIMIT in problem:
            # PyYAML 6.0.4's parser has a depth bound of its own, met before ours on very
            # deep flow nesting: the same refusal, said in the tutor's words.
            return YamlLimitError(mark, f"nested deeper than {MAX_DEPTH} levels")
        if _is_tab_problem(problem):  # PyYAML's "found character '\t' that cannot start ..."
            return YamlSyntaxError(mark, TAB_INDENT)
        message = f"YAML syntax error: {problem}"
        if exc.context and exc.problem and exc.context_mark is not None:
            message += f" ({exc.context} at line {exc.context_mark.line + 1})"
        return YamlSyntaxError(mark, message)
    position = getattr(exc, "position", None)
    if isinstance(position, int):
        before = text[:position]
        line = before.count("\n") + 1
        col = position - (before.rfind("\n") + 1) + 1
        return YamlSyntaxError((line, col), f"YAML error: {_first_line(exc)}")
    return YamlSyntaxError((1, 1), f"YAML error: {_first_line(exc)}")


def _first_line(exc: Exception) -> str:
    """A reader error adds 'in "<unicode string>", position N' on further lines: the position
    is already in the mark, and an error is one line."""
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def compose(text: str) -> Node | None:
    """The node tree of a single YAML document (None for an empty one); raises YamlSyntaxError
    (YamlLimitError past a bound)."""
    loader = _COMPOSER(text)
    try:
        return loader.get_single_node()  # type: ignore[no-any-return]
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text) from None
    finally:
        loader.dispose()


def parse_yaml(text: str) -> YamlDoc | None:
    """Parse one document into data and marks. None for an empty file; raises YamlSyntaxError
    (YamlLimitError when aliases expand past MAX_VALUES values or MAX_DEPTH levels).
    Duplicate keys, non-string keys and unsupported tags are collected in ``problems``."""
    node = compose(text)
    if node is None:
        return None
    builder = _Builder()
    data = builder.build(node, ())
    doc = builder.doc
    doc.data = data
    return doc


class _Builder:
    def __init__(self) -> None:
        self.doc = YamlDoc(None)
        self.constructor = yaml.SafeLoader("")  # only its scalar constructors are used
        self.active: set[int] = set()
        self.values = 0

    def build(self, node: Node, path: FieldPath) -> Any:
        # Aliases can repeat a node many times and nest it deeper than it was written: the
        # bounds are checked again on the expanded data.
        self.values += 1
        if self.values > MAX_VALUES:
            raise YamlLimitError(_mark(node), f"more than {MAX_VALUES} values once aliases "
                                              "are expanded")
        if len(path) > MAX_DEPTH:
            raise YamlLimitError(_mark(node), f"nested deeper than {MAX_DEPTH} levels")
        self.doc.marks[path] = _mark(node)
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        if id(node) in self.active:
            self.problem(path, _mark(node), "a recursive alias cannot be read")
            return None
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
            if isinstance(node, MappingNode):
                return self.mapping(node, path)
        finally:
            self.active.discard(id(node))
        self.problem(path, _mark(node), "unsupported YAML node")  # pragma: no cover
        return None

    def construct(self, node: ScalarNode, path: FieldPath) -> tuple[bool, Any]:
        try:
            return True, self.constructor.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            problem = getattr(exc, "problem", None) or str(exc)
            self.problem(path, _mark(node), f"cannot read this value: {problem}")
            return False, None
        except ValueError as exc:  # a bad date, or an integer past Python's 4300 digits
            problem = (f"a number of {len(node.value)} digits is too long"
                       if node.tag == INT_TAG else str(exc))
            self.problem(path, _mark(node), f"cannot read this value: {problem}")
            return False, None

    def scalar(self, node: ScalarNode, path: FieldPath) -> Any:
        _, value = self.construct(node, path)
        if isinstance(value, str) and node.start_mark.line == node.end_mark.line:
            line, col = _mark(node)
            self.doc.text_starts[path] = (line, col + (1 if node.style in ("'", '"') else 0))
        return value

    def mapping(self, node: MappingNode, path: FieldPath) -> dict[str, Any]:
        result: dict[str, Any] = {}
        first_seen: dict[str, Mark] = {}
        for key_node, value_node in node.value:
            key_mark = _mark(key_node)
            if key_node.tag == MERGE_TAG:
                self.problem(path, key_mark, "merge keys (<<) are not supported: write the "
                                             "fields out")
                continue
            if not isinstance(key_node, ScalarNode):
                self.problem(path, key_mark, "a key must be a plain name, not a list or a mapping")
                continue
            ok, key = self.construct(key_node, path)
            if not ok:
                continue
            if not isinstance(key, str):
                hint = (
                    ": YAML reads unquoted yes/no/on/off as booleans, quote it"
                    if isinstance(key, bool) or _BOOL_WORDS.match(key_node.value)
                    else ""
                )
                self.problem(path, key_mark, f"the key {key_node.value!r} is not a name{hint}")
                continue
            if key in first_seen:
                where = (*path, key)
                line = first_seen[key][0]
                self.problem(where, key_mark, f"duplicate key '{key}' (first at line {line})")
                continue
            first_seen[key] = key_mark
            self.doc.key_marks[(*path, key)] = key_mark
            result[key] = self.build(value_node, (*path, key))
        return result

    def problem(self, path: FieldPath, mark: Mark, message: str) -> None:
        self.doc.problems.append(YamlProblem(path, mark, message))
