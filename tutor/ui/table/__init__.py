"""The card table: one ``st.components.v2`` component (``table.html``/``.css``/``.js`` in this
folder, inline, no build step) that draws a practice deal for 3, 4 or 5 players and plays the
events since the learner's last action one by one.

``table(data, key=…, on_action=…)`` mounts it. ``data`` is plain JSON built by the page (see
``tutor/ui/practice/view.py``): the seats, the trick, the hand with each card's name and why it
is not playable, the card faces as SVG strings (``tutor.ui.card_svg``), the actions offered and
the events to play. A click comes back as the trigger value ``action`` —
``{"kind": "play" | "discard" | "take_back" | "call" | "action" | "review" | "new", …}`` — handed
to ``on_action`` in a callback, before the page is drawn again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

import streamlit as st

_HERE = Path(__file__).resolve().parent
COMPONENT_NAME = "tarot_tutor_table"

Action = dict[str, Any]

# Registered once, at import: the name must be unique in the app.
_component = st.components.v2.component(
    COMPONENT_NAME,
    html=(_HERE / "table.html").read_text(encoding="utf-8"),
    css=(_HERE / "table.css").read_text(encoding="utf-8"),
    js=(_HERE / "table.js").read_text(encoding="utf-8"),
)


def _on_action(key: str, on_action: Callable[[Action], None]) -> None:
    state = st.session_state.get(key)
    action = state.get("action") if isinstance(state, Mapping) else None
    if isinstance(action, Mapping) and isinstance(action.get("kind"), str):
        on_action(dict(action))


def table(data: dict[str, Any], *, key: str, on_action: Callable[[Action], None]) -> None:
    """Mount the table with ``data``; the learner's clicks go to ``on_action``."""
    _component(key=key, data=data, on_action_change=partial(_on_action, key, on_action))


__all__ = ["COMPONENT_NAME", "Action", "table"]
