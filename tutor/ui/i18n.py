"""UI strings from the English and Italian catalogs, and the learner's language.

The language comes from ``?lang=`` in the URL when present, else from the browser's locale,
and is written back to the URL so a shared link keeps it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

LANGUAGES = ("en", "it")
LANGUAGE_NAMES = {"en": "English", "it": "Italiano"}
CATALOG_DIR = Path(__file__).parent / "locales"


@cache
def catalog(lang: str) -> dict[str, str]:
    """The flat catalog of one language: every ``locales/<lang>/*.yaml`` file (one per part of
    the app), nested keys joined with dots. A key defined twice is an error."""
    out: dict[str, str] = {}
    for path in sorted((CATALOG_DIR / lang).glob("*.yaml")):
        with path.open(encoding="utf-8") as handle:
            data = yaml.safe_load(handle) or {}
        before = len(out)
        keys = _flatten(data)
        out.update(keys)
        if len(out) != before + len(keys):
            raise ValueError(f"{path}: a key is already defined in another catalog file")
    return out


def _flatten(data: Any) -> dict[str, str]:
    out: dict[str, str] = {}

    def walk(prefix: str, node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(f"{prefix}.{key}" if prefix else str(key), value)
        else:
            out[prefix] = str(node)

    walk("", data)
    return out


def t(lang: str, key: str, **values: object) -> str:
    """The string ``key`` in ``lang``, formatted with ``values``; a missing key shows itself."""
    text = catalog(lang if lang in LANGUAGES else "en").get(key)
    if text is None:
        text = catalog("en").get(key, key)
    return text.format(**values) if values else text


def language_from_locale(locale: str | None) -> str:
    """'it-IT' -> 'it'; anything not Italian -> 'en'."""
    if locale and locale.lower().startswith("it"):
        return "it"
    return "en"


def localized(text: Any, lang: str) -> str:
    """A content ``Text`` ({en, it}) in the learner's language."""
    value = getattr(text, lang, None)
    return str(value if value is not None else getattr(text, "en", text))
