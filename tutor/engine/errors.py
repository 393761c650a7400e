"""Errors raised by the engine, one small ValueError subclass per cause."""

from __future__ import annotations


class TarotError(ValueError):
    """Base class: every engine error is a ValueError with a one-line message."""


class CardNotationError(TarotError):
    """A card code that is not in the notation (``KH``, ``10S``, ``T21``, ``EX``)."""


class DuplicateCardError(TarotError):
    """The same card appears twice where each card can appear once."""


class ImpossiblePositionError(TarotError):
    """A trick, hand or score input that cannot happen in a real deal."""


class IllegalActionError(TarotError):
    """An action the rules forbid at this point of the deal; ``reason`` is a code."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason
