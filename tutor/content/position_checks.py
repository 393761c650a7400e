"""Checks of a position against the engine: it must be possible for the exercise it serves.

Each check returns ``Issue``s located by field path (the YAML path: a puzzle's exercise fields
are at its top level, a lesson's check under ``steps.N.check``). The loader turns them into
``ContentError``s with line and column.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tutor.content.errors import FieldPath
from tutor.content.fields import Position
from tutor.engine import (
    CHIEN_SIZE,
    HAND_SIZE,
    Card,
    TarotError,
    format_card,
    validate_hand_and_trick,
)


@dataclass(frozen=True)
class Issue:
    path: FieldPath
    message: str


@dataclass
class Report:
    """Issues under one field path: ``report.add(("hand", 3), "...")``."""

    at: FieldPath
    issues: list[Issue] = field(default_factory=list)

    def add(self, where: FieldPath, message: str) -> None:
        self.issues.append(Issue(self.at + where, message))

    def extend(self, issues: Iterable[Issue]) -> None:
        self.issues.extend(issues)

    def __bool__(self) -> bool:
        return bool(self.issues)


# --- positions ------------------------------------------------------------------------------
def duplicate_cards(cards: Sequence[Card], at: FieldPath, what: str) -> list[Issue]:
    seen: set[Card] = set()
    report = Report(at)
    for i, card in enumerate(cards):
        if card in seen:
            report.add((i,), f"card '{format_card(card)}' appears twice in the {what}")
        seen.add(card)
    return report.issues


def check_position(pos: Position, at: FieldPath, role: str) -> list[Issue]:
    """``role``: "play" / "legal-set" (a card to play), "ecart" (the taker's hand with the
    chien, before the first trick), "bid" (before play), "show" (a lesson's table)."""
    n = pos.players
    r = Report(at)
    for name in ("me", "leader", "taker"):
        seat = getattr(pos, name)
        if seat is not None and seat >= n:
            r.add((name,), f"seat {seat} does not exist at {n} players: seats are 0 to {n - 1}")
    _check_cards_once(pos, r)
    _check_hand_size(pos, r, role)
    if role in ("ecart", "bid") and pos.trick:
        when = "the écart is made" if role == "ecart" else "bidding happens"
        r.add(("trick",), f"{when} before the first trick: no trick here")
    if len(pos.trick) >= n:
        r.add(("trick",), f"the trick already has {len(pos.trick)} cards: at {n} players it is "
                          "complete")
    r.extend(_check_seats(pos, at))
    _check_five_players(pos, r)
    if role == "ecart" and pos.contract in ("garde-sans", "garde-contre"):
        r.add(("contract",), f"no écart on a {pos.contract}: the chien is not taken")
    if not r and pos.hand and role in ("play", "legal-set", "show"):
        try:  # the engine's own guard, in case it knows more
            validate_hand_and_trick(pos.hand_mask, pos.trick_cards, n)
        except TarotError as exc:
            r.add((), str(exc))
    return r.issues


def _check_cards_once(pos: Position, r: Report) -> None:
    """No card twice across the hand and the trick: the error is at the second one."""
    r.extend(duplicate_cards(pos.hand, (*r.at, "hand"), "hand"))
    hand = set(pos.hand)
    in_trick: set[Card] = set()
    for i, entry in enumerate(pos.trick):
        code = format_card(entry.card)
        if entry.card in hand:
            r.add(("trick", i), f"card '{code}' is already in the hand")
        elif entry.card in in_trick:
            r.add(("trick", i), f"card '{code}' appears twice in the trick")
        in_trick.add(entry.card)


def _check_hand_size(pos: Position, r: Report, role: str) -> None:
    n, size = pos.players, len(pos.hand)
    most = HAND_SIZE[n]
    if role in ("play", "legal-set", "ecart") and not pos.hand:
        given = "hand" in pos.model_fields_set
        r.add(("hand",), "the hand is empty" if given else "the position needs the learner's hand")
    if role == "ecart":
        chien = CHIEN_SIZE[n]
        if pos.hand and size != most + chien:
            r.add(("hand",), f"the taker's hand with the chien has {most} + {chien} = "
                             f"{most + chien} cards at {n} players, not {size}")
    elif size > most:
        r.add(("hand",), f"{size} cards: at {n} players a hand has at most {most}")


def _check_five_players(pos: Position, r: Report) -> None:
    n = pos.players
    if pos.called is not None and n != 5:
        r.add(("called",), f"a card is called only at 5 players, not {n}")
    if not pos.first_trick:
        return
    if n != 5:
        r.add(("first_trick",), "first_trick is only for 5 players (the called suit may not be "
                                "led)")
    elif pos.called is None:
        r.add(("first_trick",), "first_trick needs the called card ('called')")
    elif pos.hand and len(pos.hand) != HAND_SIZE[5]:
        r.add(("hand",), f"on the first trick the hand has {HAND_SIZE[5]} cards, not "
                         f"{len(pos.hand)}")


def _check_seats(pos: Position, at: FieldPath) -> list[Issue]:
    """The trick's seats follow each other counter-clockwise, and the learner plays next."""
    n = pos.players
    r = Report(at)
    seats = [entry.seat for entry in pos.trick]
    if None in seats and any(s is not None for s in seats):
        r.add(("trick", seats.index(None)), "give every card of the trick a seat, or none "
                                            "(with 'leader')")
        return r.issues
    given = [s for s in seats if s is not None]
    if given:
        for i, seat in enumerate(given):
            if seat >= n:
                r.add(("trick", i, "seat"), f"seat {seat} does not exist at {n} players")
        if r:
            return r.issues
        for i in range(1, len(given)):
            expected = (given[i - 1] + 1) % n
            if given[i] != expected:
                r.add(("trick", i, "seat"), f"seat {given[i]} cannot play after seat "
                                            f"{given[i - 1]}: play goes counter-clockwise, "
                                            f"seat {expected} plays next")
                return r.issues
        if pos.leader is not None and pos.leader != given[0]:
            r.add(("leader",), f"the leader is seat {pos.leader} but the trick starts with "
                               f"seat {given[0]}")
            return r.issues
    if pos.leader is not None and pos.leader >= n:
        return r.issues
    turn = (pos.leader_seat + len(pos.trick)) % n
    if pos.me < n and turn != pos.me and len(pos.trick) < n:
        where = "me" if "me" in pos.model_fields_set else (
            "leader" if pos.leader is not None else "trick")
        if pos.trick:
            played = ", ".join(str(s) for s in pos.trick_seats)
            why = f"seats {played} have played, so seat {turn} plays next"
        else:
            why = f"the trick is empty, so the leader (seat {turn}) plays next"
        r.add((where,), f"{why}, not the learner (seat {pos.me})")
    return r.issues


