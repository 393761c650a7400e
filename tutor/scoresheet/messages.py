"""The engine's refusals as (code, values), so the UI can say them in any language.

Every engine error carries a stable ``code`` and the ``values`` its sentence needs
(``tutor.engine.errors.TarotError``); the sheet's own ``EntryError`` is one of them. Anything
else comes back as ``("engine", {"text": message})``.
"""

from __future__ import annotations

from tutor.engine import TarotError


def explain(error: Exception) -> tuple[str, dict[str, object]]:
    if isinstance(error, TarotError) and error.code != error.default_code:
        return error.code, dict(error.values)
    return "engine", {"text": str(error)}
