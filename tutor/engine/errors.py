"""Errors raised by the engine, one small ValueError subclass per cause.

Every error carries a stable ``code`` (what a caller tests, never the English message) and
the ``cards`` it concerns, so the UI can say it in any language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class TarotError(ValueError):
    """Base class: every engine error is a ValueError with a one-line message, a code and
    the cards concerned (card indices, possibly none)."""

    default_code = "tarot_error"

    def __init__(
        self,
        message: str,
        code: str = "",
        cards: Iterable[int] = (),
        values: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code or self.default_code
        self.cards: tuple[int, ...] = tuple(cards)
        # What a sentence about it needs, e.g. {"n": "3"}.
        self.values: dict[str, object] = dict(values or {})


class CardNotationError(TarotError):
    """A card code that is not in the notation (``KH``, ``10S``, ``T21``, ``EX``)."""

    default_code = "bad_card"


class DuplicateCardError(TarotError):
    """The same card appears twice where each card can appear once."""

    default_code = "duplicate_card"


class ImpossiblePositionError(TarotError):
    """A trick, hand or score input that cannot happen in a real deal."""

    default_code = "impossible_position"


class UnknownNameError(TarotError):
    """A name that is not one of a closed set: a contract, a poignée, a side, a rule set."""

    default_code = "unknown_name"


class ActionNotationError(TarotError):
    """A move that is not in the actions' notation (``bid:garde``, ``play:EX`` …)."""

    default_code = "bad_action"


class IllegalActionError(TarotError):
    """An action the rules forbid at this point of the deal; ``reason`` is its code."""

    default_code = "illegal_action"

    @property
    def reason(self) -> str:
        return self.code
