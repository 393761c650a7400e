"""Data-driven legal-play positions (RULES §4.3, §6, §6.6), in the spirit of chess "perft".

Every position of ``fixtures/legal_positions.yaml`` gives a hand, the trick so far, the complete
legal set worked out by hand from the rules and a reason code for every other card. The engine's
fast path (``legal_cards``) and its explanation (``explain_play``) must both agree with it.
A position marked ``engine_disagrees: true`` is one where the engine is believed wrong: it is
kept as written and xfailed strictly, so a fix of the engine shows up as an XPASS failure.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tutor.engine.cards import (
    PLAIN_SUITS,
    cards_of,
    format_card,
    mask_of,
    parse_card,
    parse_cards,
    suit_of,
)
from tutor.engine.play import Reason, explain_play, legal_cards, validate_hand_and_trick

FIXTURE = Path(__file__).parent / "fixtures" / "legal_positions.yaml"
POSITIONS: list[dict[str, Any]] = yaml.safe_load(FIXTURE.read_text(encoding="utf-8"))

MIN_POSITIONS = 40
REASON_CODES = {reason.value for reason in Reason}
KNOWN_KEYS = {
    "name",
    "rule",
    "players",
    "hand",
    "trick",
    "called",
    "first_trick",
    "legal",
    "illegal",
    "engine_disagrees",
    "note",
}


def _cards(text: str) -> list[int]:
    return parse_cards(text) if text.strip() else []


def _names(cards: list[int] | tuple[int, ...]) -> list[str]:
    return sorted(format_card(c) for c in cards)


class Position:
    """One fixture entry, parsed."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self.name: str = raw["name"]
        self.players: int = raw["players"]
        self.hand: list[int] = _cards(raw["hand"])
        self.hand_mask = mask_of(self.hand)
        self.trick: list[int] = _cards(raw["trick"])
        self.called: int | None = parse_card(raw["called"]) if raw.get("called") else None
        self.first_trick: bool = bool(raw.get("first_trick", False))
        self.legal: list[int] = _cards(raw["legal"])
        self.illegal: dict[int, str] = {
            parse_card(str(code)): reason for code, reason in (raw.get("illegal") or {}).items()
        }

    def args(self) -> tuple[int, list[int], int | None, bool]:
        return self.hand_mask, self.trick, self.called, self.first_trick


def _params(check_engine: bool) -> list[Any]:
    params = []
    for raw in POSITIONS:
        marks = []
        if check_engine and raw.get("engine_disagrees"):
            marks.append(pytest.mark.xfail(strict=True, reason=raw.get("note", "engine disagrees")))
        params.append(pytest.param(raw, id=raw["name"], marks=marks))
    return params


# --- the fixture itself -------------------------------------------------------------------
def test_names_unique_and_enough_positions() -> None:
    names = [raw["name"] for raw in POSITIONS]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    assert not duplicates, f"duplicate position names: {duplicates}"
    assert len(POSITIONS) >= MIN_POSITIONS


@pytest.mark.parametrize("raw", _params(check_engine=False))
def test_position_is_well_formed_and_complete(raw: dict[str, Any]) -> None:
    assert set(raw) <= KNOWN_KEYS, f"unknown keys {set(raw) - KNOWN_KEYS}"
    assert raw["name"].replace("_", "").isalnum() and raw["name"] == raw["name"].lower()
    assert str(raw["rule"]).startswith("§")
    for key in ("hand", "trick", "legal"):
        assert isinstance(raw[key], str), f"{key} must be a quoted string"
    pos = Position(raw)
    assert pos.players in (3, 4, 5)
    if pos.players != 5:
        assert "called" not in raw and "first_trick" not in raw, "called card: 5 players only"
    # a position that can happen: validate_hand_and_trick refuses duplicates, overlaps, full tricks
    validate_hand_and_trick(pos.hand_mask, pos.trick, pos.players)
    assert len(pos.trick) <= pos.players - 1
    assert 1 <= len(pos.hand) <= 18
    if pos.players == 5:  # 15 cards each: 15 on the first trick, at most 14 afterwards
        assert len(pos.hand) <= (15 if pos.first_trick else 14)
    if pos.called is not None:  # a king (or queen, ...) of a plain suit
        assert suit_of(pos.called) in PLAIN_SUITS
    # (c) complete: every card of the hand is either legal or has a reason, never both
    legal_mask = mask_of(pos.legal)
    illegal_mask = mask_of(pos.illegal)
    assert len(set(pos.legal)) == len(pos.legal)
    assert legal_mask & ~pos.hand_mask == 0, "a legal card is not in the hand"
    assert illegal_mask & ~pos.hand_mask == 0, "an illegal card is not in the hand"
    assert legal_mask & illegal_mask == 0, "a card is both legal and illegal"
    missing = pos.hand_mask & ~(legal_mask | illegal_mask)
    assert missing == 0, f"cards with no verdict: {_names(cards_of(missing))}"
    for card, reason in pos.illegal.items():
        assert reason in REASON_CODES, f"{format_card(card)}: unknown reason {reason!r}"
        assert reason != Reason.NOT_IN_HAND.value


# --- the engine against the fixture ---------------------------------------------------------
@pytest.mark.parametrize("raw", _params(check_engine=True))
def test_legal_cards_matches_fixture(raw: dict[str, Any]) -> None:
    pos = Position(raw)
    got = legal_cards(*pos.args())
    assert _names(cards_of(got)) == _names(pos.legal)


@pytest.mark.parametrize("raw", _params(check_engine=True))
def test_explain_play_matches_fixture(raw: dict[str, Any]) -> None:
    pos = Position(raw)
    verdict = explain_play(*pos.args())
    assert _names(verdict.legal) == _names(pos.legal)
    got_reasons = {format_card(c): v.reason.value for c, v in verdict.illegal.items()}
    want_reasons = {format_card(c): r for c, r in pos.illegal.items()}
    assert got_reasons == want_reasons
