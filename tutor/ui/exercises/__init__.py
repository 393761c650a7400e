"""The exercise widgets, one per ``Kind`` (``tutor.content.kinds``): the UI side of the kinds'
registry, kept here so that content never imports streamlit. A test pins that ``WIDGETS``
covers ``Kind`` exactly, as ``tutor.content.kinds.MODELS`` does."""

from __future__ import annotations

from typing import Any

from tutor.content.kinds import ExerciseKind, Kind
from tutor.ui.exercises import cards, choice, counting, decision, hand, numbers
from tutor.ui.exercises.common import Widget

WIDGETS: dict[Kind, Widget[Any]] = {
    Kind.PLAY: cards.PLAY,
    Kind.LEGAL_SET: cards.LEGAL_SET,
    Kind.ECART: cards.ECART,
    Kind.COUNT: numbers.COUNT,
    Kind.SCORE: numbers.SCORE,
    Kind.BID: numbers.BID,
    Kind.CHOICE: choice.CHOICE,
    Kind.BEST_CARD: cards.BEST_CARD,
    Kind.HAND: hand.HAND,
    Kind.CARDS_OUT: counting.CARDS_OUT,
    Kind.OWN_MISTAKE: cards.OWN_MISTAKE,
    Kind.OWN_DECISION: decision.OWN_DECISION,
}


def widget_of(ex: ExerciseKind) -> Widget[Any]:
    """The widget of an exercise's kind."""
    return WIDGETS[Kind(ex.kind)]


__all__ = ["WIDGETS", "Widget", "widget_of"]
