"""The content lint: learner-facing text says nothing a learner cannot understand, and says
each thing with one word per language.

Every text a learner reads (any ``en:`` or ``it:`` value of a lesson, a puzzle or the
glossary) is searched for:

- names of our own files and sources: "seed", "della fonte", a puzzle id such as
  ``scoring-29`` or ``needed-05``, a file name ``08-the-excuse.yaml``, a zero-padded "lesson 08";
- the Italian forms the tutor has replaced by one term (``sovratagliare`` -> ``surtagliare``,
  ``unità`` -> ``valore``, ``cartina`` -> ``scartina``, ``oudler`` -> ``bout`` in running text,
  ``mano`` for a deal -> ``smazzata``, ``Scusa`` -> ``l'Excuse``, ``solutore`` ->
  ``risolutore``, ``gli bout`` -> ``i bout``…), the English ``bout`` (the glossary's English
  word is ``oudler``; "petit au bout" is the bonus's name), "unit" and "points of mark" (the
  lessons say the deal's *value* and points on the taker's score), the non-word "boudler", and
  a negative mark written with a hyphen instead of the minus sign.

Each finding is a ``LintIssue`` at the line and column of the offending word in the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tutor.content.errors import FieldPath
from tutor.content.models import LANGUAGES
from tutor.content.yamlload import YamlDoc, parse_yaml


@dataclass(frozen=True)
class TermRule:
    """A form learners must not read, and what to write instead."""

    pattern: re.Pattern[str]
    message: str
    # Lower-case words the pattern cannot match without: a cheap test before the regex (the
    # lint reads every text of every file on each load).
    needles: tuple[str, ...]
    # An alternative name may still be given where a term is defined (a glossary entry's
    # ``term``, the terminology table), never in running text.
    allowed_where_defined: bool = False


def _rule(regex: str, message: str, needles: tuple[str, ...], *,
          allowed_where_defined: bool = False, case: bool = False) -> TermRule:
    flags = 0 if case else re.IGNORECASE
    return TermRule(re.compile(regex, flags), message, needles, allowed_where_defined)


# Rules for every language: our file and source names mean nothing to a learner.
INTERNAL_NAMES: tuple[TermRule, ...] = (
    _rule(r"\bseeds?\b", "names an internal source: say where the example comes from "
                         "(\"the FFT rulebook's example\", \"an Italian rules guide\")",
          ("seed",)),
    # Puzzle ids are slugs ending in a two-digit number (scoring-29, needed-05); no word of
    # running text has that shape.
    _rule(r"\b[a-z]+(?:-[a-z]+)*-\d{2,}\b", "names an internal puzzle id: describe the "
                                             "position instead",
          tuple(f"-{digit}" for digit in "0123456789"), case=True),
    _rule(r"[\w/-]+\.ya?ml\b", "names a file: name the lesson by its number or title",
          (".yaml", ".yml")),
    _rule(r"\b(?:lesson|lezione|lessons|lezioni) 0\d\b",
          "a zero-padded lesson number is a file name: write \"lesson 8\"",
          ("lesson 0", "lezione 0", "lessons 0", "lezioni 0")),
    _rule(r"\bboudlers?\b", "is not a word: write bout or oudler", ("boudler",)),
    # A negative mark is written with the minus sign, as the lessons write it (−168); a
    # hyphen after a word character is a range or a compound (1-3, 3-player), not a sign.
    _rule(r"(?<![\w-])-\d", "a negative mark is written with the minus sign '−', not a "
                            "hyphen", tuple(f"-{digit}" for digit in "0123456789")),
)

# One term per concept, per language (the seeds' usage for Italian).
TERMS: dict[str, tuple[TermRule, ...]] = {
    "en": (
        # "bout" may be named as the other word (*bouts*, **bouts**, (bouts)); "petit au
        # bout" is the bonus's name.
        _rule(r"(?<![*(])(?<!au )\bbouts?\b",
              "write 'oudler' in English running text (the glossary's word); name 'bout' "
              "only as the other word: *bout* or (bout)", ("bout",),
              allowed_where_defined=True),
        _rule(r"\bpoints\s+of\s+mark\b", "is not English: write 'points on the taker's "
                                          "score'", ("mark",)),
        _rule(r"\bunits?\b", "write 'value' (of the deal), as lesson 10 does", ("unit",)),
    ),
    "it": (
        _rule(r"\bdella fonte\b", "names an internal source: say which (\"un "
                                  "manuale italiano\", \"il regolamento FFT\")",
              ("della fonte",)),
        _rule(r"\bsovr+att?agli\w*", "write 'surtagliare' (the tutor's one word for "
                                     "overtrumping)", ("sovr",)),
        _rule(r"\bunità\b", "write 'valore' (della smazzata), as lesson 10 does", ("unità",)),
        # "mano" is the cards held; a deal is a "smazzata" (the Italian players' word). The
        # phrases below only ever mean the deal.
        _rule(r"\b(?:(?:vinc|perd)\w*|vint[oa]|pers[oa])\s+(?:sia\s+)?la\s+mano\b"
              r"|\b(?:valore|risultato|resto|fine|presa) della\s+mano\b"
              r"|\b(?:fine|metà)\s+mano\b"
              r"|\bla\s+mano\s+(?:è\s+nulla|si\s+annulla|si\s+gioca|non\s+si\s+gioca"
              r"|vale|è\s+finita|è\s+della|la\s+vince|perfetta)"
              r"|\b(?:vale|contare|controllare)\s+una\s+mano\b|\bun'altra\s+mano\b"
              r"|\bman[oi]\s+(?:pers[ae]|giocat[ae]|a\s+gioco)\b"
              r"|\b(?:decidere|segnano)\s+le\s+mani\b"
              r"|\b(?:quella|una)\s+mano\s+(?:così|giocata)\b|\bdi\s+quella\s+mano\b",
              "'mano' is the cards held: write 'smazzata' for a deal", ("mano", "mani")),
        # "bout" takes "i", not "gli": i bout, dai bout, dei bout.
        _rule(r"\b(?:gli|dagli|agli|degli|negli|sugli)\s+bout\b",
              "'bout' takes the article 'i' (i bout, dai bout, dei bout)", ("bout",)),
        _rule(r"\bScusa\b", "write 'l'Excuse' (il Matto only for the Italian game)",
              ("scusa",), case=True),
        _rule(r"\bsolutor[ei]\b", "write 'risolutore' (the review page's word)",
              ("solutor",)),
        _rule(r"\bpunti\s+peggio\b", "write 'punti in peggio'", ("peggio",)),
        _rule(r"\bfamigli[ae]\b", "a calque: write 'tavoli' for house tables, 'semi' for suits",
              ("famigli",)),
        _rule(r"\bcartin[ae]\b", "write 'scartina' (the Italian players' word)", ("cartin",)),
        _rule(r"\bhai preso con\b", "write 'hai dichiarato' a contract (preso is for tricks "
                                    "and the chien)", ("hai preso con",)),
        # "oudler" may be named as the other word (in *italics*, **bold** or brackets).
        _rule(r"(?<![*(])\boudlers?\b",
              "write 'bout' in Italian running text (the seeds' word); name 'oudler' only "
              "as the other word: *oudler* or (oudler)", ("oudler",),
              allowed_where_defined=True),
    ),
}


@dataclass(frozen=True)
class LintIssue:
    path: FieldPath
    line: int
    col: int
    message: str


def learner_texts(data: object, path: FieldPath = ()) -> Iterator[tuple[FieldPath, str, str]]:
    """Every (field path, language, text) under a language key: the text a learner reads."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in LANGUAGES and isinstance(value, str):
                yield (*path, key), key, value
            else:
                yield from learner_texts(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from learner_texts(value, (*path, i))


def _is_definition(path: FieldPath) -> bool:
    """A glossary entry's ``term`` or the terminology table: where other names are given."""
    return bool(path) and (path[0] == "terminology"
                           or (path[0] == "terms" and len(path) >= 3 and path[2] == "term"))


def _line_starts(source: str) -> list[int]:
    """The offset in ``source`` where each line (1-based, index line - 1) starts."""
    return [0, *(m.end() for m in re.finditer("\n", source))]


def _locate(source: str, start: int, match: re.Match[str], rule: TermRule,
            fallback: tuple[int, int]) -> tuple[int, int]:
    """The line and column of the match in the file: the first occurrence of the same rule at
    or after the value's start (block scalars keep their text; folding rarely splits a word)."""
    found = rule.pattern.search(source, start)
    if found is None or found.group(0).lower() != match.group(0).lower():
        return fallback
    before = source[:found.start()]
    return before.count("\n") + 1, found.start() - (before.rfind("\n") + 1) + 1


def _rules_broken(text: str, lang: str) -> list[TermRule]:
    """The rules (every language's and ``lang``'s own) that ``text`` breaks."""
    lowered = text.lower()
    return [rule for rule in (*INTERNAL_NAMES, *TERMS.get(lang, ()))
            if any(needle in lowered for needle in rule.needles) and rule.pattern.search(text)]


def lint_texts(doc: YamlDoc, source: str) -> list[LintIssue]:
    """Every forbidden form in the learner-facing texts of one file."""
    issues: list[LintIssue] = []
    starts: list[int] | None = None
    for path, lang, text in learner_texts(doc.data):
        rules = [rule for rule in _rules_broken(text, lang)
                 if not (rule.allowed_where_defined and _is_definition(path))]
        if not rules:
            continue
        starts = starts or _line_starts(source)
        line, col = doc.mark_of(path)
        value_start = starts[line - 1] + col - 1
        for rule in rules:
            start = value_start
            for match in rule.pattern.finditer(text):
                where_line, where_col = _locate(source, start, match, rule, (line, col))
                issues.append(LintIssue(path, where_line, where_col,
                                        f"{match.group(0)!r}: {rule.message}"))
                start = starts[where_line - 1] + where_col
    return issues


PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def locale_texts(data: object, lang: str,
                 path: FieldPath = ()) -> Iterator[tuple[FieldPath, str, str]]:
    """Every string of a UI catalog (``tutor/ui/locales/<lang>/*.yaml``): all of it is read
    by learners in that one language."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from locale_texts(value, lang, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from locale_texts(value, lang, (*path, i))
    elif isinstance(data, str):
        yield path, lang, data


def lint_catalog(doc: YamlDoc, lang: str) -> list[LintIssue]:
    """Every forbidden form in one UI catalog, at the line and column of its value."""
    issues: list[LintIssue] = []
    for path, _, value in locale_texts(doc.data, lang):
        text = PLACEHOLDER.sub(" ", value)  # {seed}, {oudlers}: filled in, never read
        for rule in _rules_broken(text, lang):
            line, col = doc.mark_of(path)
            issues.extend(LintIssue(path, line, col, f"{match.group(0)!r}: {rule.message}")
                          for match in rule.pattern.finditer(text))
    return issues


def lint_catalog_files(folder: Path) -> list[str]:
    """``path:line:col: key: message`` for every forbidden form in the UI catalogs
    ``folder/<lang>/*.yaml`` (what ``python -m tutor check`` runs beside the content)."""
    problems: list[str] = []
    for path in sorted(folder.glob("*/*.yaml")):
        lang = path.parent.name
        if lang not in LANGUAGES:
            continue
        doc = parse_yaml(path.read_text(encoding="utf-8"))
        if doc is None:
            problems.append(f"{path}:1:1: not a YAML catalog")
            continue
        problems += [f"{path}:{issue.line}:{issue.col}: {'.'.join(map(str, issue.path))}: "
                     f"{issue.message}" for issue in lint_catalog(doc, lang)]
    return problems
