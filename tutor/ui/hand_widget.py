"""A clickable hand: the cards as SVG faces in a row; returns the card clicked in this run.

The faces are mounted by an ``st.components.v2`` component (inline HTML/CSS/JS, no build
step). Each face is a button-like element (``role="button"``, ``tabindex="0"``,
``data-card="KH"``, ``aria-label`` = the card's name); a click, Enter or Space calls
``setTriggerValue("clicked", "KH")``. Trigger values last one script run, so Python sees the
code once, in the run the click caused, and ``None`` afterwards.

Every card stays clickable: the tutor lets a learner try an illegal card and explains why.
Cards outside ``playable`` are drawn dimmed, unless selected: a selected card is raised, ringed
and ticked, and never dimmed.

Under the faces, a row of ``st.pills`` with the card names (key ``f"{key}-fallback"``) does the
same job for anyone who cannot use the faces and for ``AppTest``, which cannot click inside a
component. Its choice is reported once too: the pills' ``on_change`` callback moves the choice
to a one-shot slot in session state and clears the pills. A hand whose cards are selected one by
one (``several``, with ``selected`` and ``on_pick``) has pills that select several, showing the
same selection as the faces: a click on a face marks its name, a click on a name toggles it as
a click on its face would.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import partial
from typing import Any

import streamlit as st

from tutor.engine import CardNotationError, card_name, format_card, parse_card
from tutor.ui.card_svg import card_svg

__all__ = ["card_picker"]

COMPONENT_NAME = "tarot_tutor_card_picker"

_HTML = '<div class="tarot-hand" data-testid="tarot-hand" role="group"></div>'

_CSS = """
.tarot-hand {
  display: flex;
  flex-wrap: wrap;
  gap: 2px; /* 12 cards of 56 px fit the 704 px of the centred layout: 24 in two rows */
  padding: 12px 0 2px 0; /* room for a selected card raised above the row */
  align-items: flex-start;
}
.tarot-hand .tarot-card-button {
  line-height: 0;
  border-radius: 7px;
  cursor: pointer;
  outline: none;
  transition: transform 80ms ease-out;
  -webkit-tap-highlight-color: transparent;
}
.tarot-hand .tarot-card-button:hover {
  transform: translateY(-4px);
}
.tarot-hand .tarot-card-button:focus-visible {
  box-shadow: 0 0 0 3px #ff8f00;
}
.tarot-hand .tarot-card-button svg {
  display: block;
}
/* A selected card stands out at a glance: raised, ringed and ticked (not only outlined). */
.tarot-hand .tarot-card-button[data-selected="true"] {
  position: relative;
  transform: translateY(-8px);
  box-shadow: 0 0 0 3px #1f6f5c, 0 4px 10px rgba(0, 0, 0, 0.25);
}
.tarot-hand .tarot-card-button[data-selected="true"]::after {
  content: "✓";
  position: absolute;
  top: -7px;
  right: -7px;
  width: 20px;
  height: 20px;
  border-radius: 50%;
  background: #1f6f5c;
  color: #ffffff;
  font: bold 13px/20px sans-serif;
  text-align: center;
}
"""

# `data` = {"label": str, "cards": [{"code", "name", "svg", "playable", "selected"}]}.
# The SVG strings come from card_svg (escaped there); names go in through setAttribute.
_JS = """
export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  const root = parentElement.querySelector('.tarot-hand');
  if (!root || !data) {
    return;
  }
  const cards = Array.isArray(data.cards) ? data.cards : [];
  root.setAttribute('aria-label', data.label || '');

  // Keep keyboard focus on the same card (or its neighbour) across reruns.
  const active = parentElement.activeElement || document.activeElement;
  let focusCode = null;
  let focusIndex = -1;
  if (active && root.contains(active) && active.dataset) {
    focusCode = active.dataset.card;
    focusIndex = Array.prototype.indexOf.call(root.children, active);
  }

  const items = cards.map((card) => {
    const el = document.createElement('div');
    el.className = 'tarot-card-button';
    el.dataset.card = card.code;
    el.dataset.playable = card.playable ? 'true' : 'false';
    el.dataset.selected = card.selected ? 'true' : 'false';
    el.setAttribute('role', 'button');
    el.setAttribute('tabindex', '0');
    el.setAttribute('aria-label', card.name);
    el.setAttribute('aria-pressed', card.selected ? 'true' : 'false');
    el.title = card.name;
    el.innerHTML = card.svg;
    const send = () => setTriggerValue('clicked', card.code);
    el.addEventListener('click', send);
    el.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ' || event.key === 'Spacebar') {
        event.preventDefault();
        send();
      }
    });
    return el;
  });
  root.replaceChildren(...items);

  if (focusCode !== null && items.length > 0) {
    const same = items.find((el) => el.dataset.card === focusCode);
    const target = same || items[Math.min(Math.max(focusIndex, 0), items.length - 1)];
    target.focus();
  }
}
"""

# Registered once, at import: the name must be unique in the app.
_hand_component = st.components.v2.component(COMPONENT_NAME, html=_HTML, css=_CSS, js=_JS)

_TEXT = {
    "en": {"hand": "Cards", "fallback": "Or choose a card by name"},
    "it": {"hand": "Carte", "fallback": "Oppure scegli una carta per nome"},
}


def _fallback_key(key: str) -> str:
    return f"{key}-fallback"


def _choice_key(key: str) -> str:
    """Session-state slot holding a fallback choice until card_picker reports it (once)."""
    return f"_{key}-fallback-choice"


def _noop() -> None:
    """The component needs an ``on_clicked_change`` callback to expose ``clicked``."""


def _on_fallback_change(key: str, on_pick: Callable[[int], None] | None = None) -> None:
    fallback = _fallback_key(key)
    choice = st.session_state.get(fallback)
    if choice is not None:
        st.session_state[fallback] = None  # nothing stays selected: the next pick also counts
        if on_pick is not None:
            on_pick(choice)
        else:
            st.session_state[_choice_key(key)] = choice


def _on_fallback_toggle(key: str, before: frozenset[int], on_pick: Callable[[int], None]) -> None:
    """The several-card pills' callback: each card whose name was marked or unmarked, toggled
    as a click on its face would."""
    now = st.session_state.get(_fallback_key(key)) or []
    for card in sorted(set(now) ^ before):
        on_pick(card)


def _on_face_click(key: str, cards: Collection[int], on_pick: Callable[[int], None]) -> None:
    """The component's callback: the face clicked, handed to ``on_pick`` before the run."""
    state = st.session_state.get(key)
    code = state.get("clicked") if isinstance(state, Mapping) else None
    card = _card_from_code(code, cards)
    if card is not None:
        on_pick(card)


def _card_from_code(code: Any, cards: Collection[int]) -> int | None:
    if not isinstance(code, str):
        return None
    try:
        card = parse_card(code)
    except CardNotationError:
        return None
    return card if card in cards else None


def card_picker(
    cards: Sequence[int],
    *,
    key: str,
    playable: set[int] | None = None,
    selected: set[int] | None = None,
    lang: str = "en",
    width: int = 56,
    on_pick: Callable[[int], None] | None = None,
    several: bool = False,
) -> int | None:
    """Show ``cards`` as faces in a wrapping row; return the card clicked in this run, or None.

    ``playable=None`` means every card is playable; others are dimmed but stay clickable.
    ``selected`` cards are raised, ringed and ticked. The component's key is ``key``; the pills
    fallback's key is ``f"{key}-fallback"``; with ``several`` (cards selected one by one through
    ``on_pick``) the pills mark the ``selected`` cards too.

    With ``on_pick``, a click calls ``on_pick(card)`` in a callback, before the page is drawn
    again, and ``card_picker`` returns None: a page that changes on a click then draws once,
    already changed, instead of drawing, calling ``st.rerun()`` and drawing again.
    """
    cards = list(cards)
    if len(set(cards)) != len(cards):
        raise ValueError(f"card_picker got a card twice: {cards!r}")
    playable_set = set(cards) if playable is None else set(playable)
    selected_set = set() if selected is None else set(selected)
    text = _TEXT.get(lang, _TEXT["en"])

    data = {
        "label": text["hand"],
        "cards": [
            {
                "code": format_card(card),
                "name": card_name(card, lang),
                "playable": card in playable_set,
                "selected": card in selected_set,
                "svg": card_svg(
                    card,
                    width=width,
                    dimmed=card not in playable_set and card not in selected_set,
                    selected=card in selected_set,
                    lang=lang,
                ),
            }
            for card in cards
        ],
    }
    on_click = _noop if on_pick is None else partial(_on_face_click, key, tuple(cards), on_pick)
    result = _hand_component(key=key, data=data, on_clicked_change=on_click)
    clicked = None if on_pick is not None else _card_from_code(result.get("clicked"), cards)

    chosen = st.session_state.pop(_choice_key(key), None)
    if cards:
        # several cards selected one by one: the names show the selection, as the faces do
        marks = several and on_pick is not None
        if marks:
            st.session_state[_fallback_key(key)] = [c for c in cards if c in selected_set]
        st.pills(
            text["fallback"],
            options=cards,
            format_func=lambda card: card_name(card, lang),
            selection_mode="multi" if marks else "single",
            key=_fallback_key(key),
            on_change=partial(_on_fallback_toggle, key, frozenset(selected_set), on_pick)
            if marks and on_pick is not None
            else partial(_on_fallback_change, key, on_pick),
        )
    if clicked is not None:
        return clicked
    return chosen if chosen in cards else None
