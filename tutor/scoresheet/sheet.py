"""A score sheet: players, one entry per deal, marks computed by the engine (RULES §9).

``Sheet`` is immutable: ``add``, ``replace`` and ``delete`` return a new sheet, and raise
``ImpossiblePositionError`` (the engine's, or ``EntryError`` for what only a sheet knows, such
as a partner at 4 players) with the reason in one line — the sheet they were called on is left
as it was. Marks are never stored: they are recomputed from the entries by
``engine.scoring.score`` and ``marks_for``, so editing a row recomputes every total.

A sheet is scored under one ``Rules`` (FFT 2012 unless the table chose a variant when the game
was created); the saved data names it, and data without a name is FFT 2012 (games saved before
variants existed).
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from typing import Any

from tutor.engine import (
    FFT_2012,
    TOTAL_HALF_POINTS,
    Chelem,
    Contract,
    ImpossiblePositionError,
    Poignee,
    Rules,
    Score,
    ScoreInput,
    Side,
    format_half,
    rules_named,
    score,
    validate_score_input,
)

DATA_VERSION = 1
CSV_FIELDS = (
    "deal",
    "taker",
    "partner",
    "contract",
    "points",
    "oudlers",
    "petit_au_bout",
    "poignees",
    "chelem",
)
ALONE = "alone"
TOTAL = "total"
MAX_POINTS = TOTAL_HALF_POINTS // 2  # 91: the points of the whole deck
# A cell a spreadsheet would read as a formula (=HYPERLINK(...), +cmd, -2+3, @SUM) or that
# starts with a control character it strips; a quote before it makes it text (OWASP's advice).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TEXT_MARK = "'"


class EntryError(ImpossiblePositionError):
    """An entry the sheet refuses; ``code`` and ``values`` let the UI say it in any language."""

    def __init__(self, message: str, code: str, **values: object) -> None:
        super().__init__(message, code, values=values)


@dataclass(frozen=True, slots=True)
class PoigneeEntry:
    seat: int  # who showed it (the bonus goes to the side that wins anyway)
    level: Poignee


@dataclass(frozen=True, slots=True)
class DealEntry:
    """One deal as the table reports it."""

    taker: int
    contract: Contract
    points_half: int  # the points counted, in half-points
    oudlers: int  # the oudlers of the side that counted
    counted_by: Side = Side.ATTACK  # whose cards were counted: the taker's or the defence's
    partner: int | None = None  # 5 players: the called partner's seat; None: alone
    petit_au_bout: Side | None = None
    poignees: tuple[PoigneeEntry, ...] = ()
    chelem: Chelem = Chelem.NONE

    @property
    def taker_half_points(self) -> int:
        if self.counted_by is Side.ATTACK:
            return self.points_half
        return TOTAL_HALF_POINTS - self.points_half

    @property
    def taker_oudlers(self) -> int:
        return self.oudlers if self.counted_by is Side.ATTACK else 3 - self.oudlers

    # --- JSON for the database -----------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {
            "taker": self.taker,
            "contract": self.contract.code,
            "points_half": self.points_half,
            "oudlers": self.oudlers,
            "counted_by": self.counted_by.value,
            "partner": self.partner,
            "petit_au_bout": self.petit_au_bout.value if self.petit_au_bout else None,
            "poignees": [[p.seat, p.level.code] for p in self.poignees],
            "chelem": self.chelem.value,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> DealEntry:
        pab = data.get("petit_au_bout")
        return cls(
            taker=int(data["taker"]),
            contract=Contract.from_code(data["contract"]),
            points_half=int(data["points_half"]),
            oudlers=int(data["oudlers"]),
            counted_by=Side.from_code(data.get("counted_by", "attack")),
            partner=None if data.get("partner") is None else int(data["partner"]),
            petit_au_bout=Side.from_code(pab) if pab else None,
            poignees=tuple(
                PoigneeEntry(int(seat), Poignee.from_code(level))
                for seat, level in data.get("poignees", [])
            ),
            chelem=Chelem.from_code(data.get("chelem", "none")),
        )


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    entry: DealEntry
    score: Score
    marks: tuple[int, ...]  # one per seat, summing to zero


def typed_points_half(points: float | None) -> int:
    """The points a number box holds, in half-points: bounded *before* any arithmetic (a typed
    1e308 doubled is infinity, and ``int`` of that raises ``OverflowError``)."""
    if points is None or not math.isfinite(points):  # a typed "1e999" arrives as infinity
        raise EntryError("enter the points", "no_points")
    if not 0 <= points <= MAX_POINTS:
        raise EntryError(
            f"points must be between 0 and {MAX_POINTS}, not {points:g}",
            "points_range",
            points=f"{points:g}",
        )
    half = float(points) * 2
    if half != int(half):
        raise EntryError(
            f"points go by halves: {points:g} is not possible", "not_half", points=f"{points:g}"
        )
    return int(half)


def as_text_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as typed: text that would start a formula gets a leading
    quote (so does text already starting with one, so that ``from_text_cell`` is exact)."""
    if isinstance(value, str) and value.startswith((*FORMULA_STARTS, TEXT_MARK)):
        return TEXT_MARK + value
    return value


def from_text_cell(cell: str) -> str:
    """A CSV cell written by ``as_text_cell``, back as it was typed."""
    if cell.startswith(TEXT_MARK) and cell[1:].startswith((*FORMULA_STARTS, TEXT_MARK)):
        return cell[1:]
    return cell


def score_input(players: int, entry: DealEntry, rules: Rules = FFT_2012) -> ScoreInput:
    """The engine's input for an entry, after the checks only a sheet can make."""
    if not 0 <= entry.taker < players:
        raise EntryError(
            f"there is no player {entry.taker + 1}", "no_such_player", n=entry.taker + 1
        )
    if entry.partner is not None:
        if players != 5:
            raise EntryError(
                f"a partner is called only at 5 players, not at {players}",
                "partner_not_five",
                players=players,
            )
        if not 0 <= entry.partner < players:
            raise EntryError(
                f"there is no player {entry.partner + 1}", "no_such_player", n=entry.partner + 1
            )
    seen: set[int] = set()
    for poignee in entry.poignees:
        if not 0 <= poignee.seat < players:
            raise EntryError(
                f"there is no player {poignee.seat + 1}", "no_such_player", n=poignee.seat + 1
            )
        if poignee.seat in seen:
            raise EntryError("one poignée per player", "poignee_twice")
        seen.add(poignee.seat)
    # The counted side's own numbers first, so the message speaks of what was entered.
    validate_score_input(
        ScoreInput(players, entry.contract, entry.points_half, entry.oudlers), rules
    )
    partner = None if entry.partner == entry.taker else entry.partner
    return ScoreInput(
        players=players,
        contract=entry.contract,
        taker_half_points=entry.taker_half_points,
        oudlers=entry.taker_oudlers,
        petit_au_bout=entry.petit_au_bout,
        poignees=tuple(p.level for p in entry.poignees),
        chelem=entry.chelem,
        alone=players == 5 and partner is None,
    )


def score_entry(players: int, entry: DealEntry, rules: Rules = FFT_2012) -> ScoredDeal:
    """The engine's score of one entry under ``rules``, and each seat's marks
    (ImpossiblePositionError when the entry cannot happen)."""
    s = score(score_input(players, entry, rules), rules)
    partner = None if entry.partner == entry.taker else entry.partner
    marks = tuple(
        s.taker if seat == entry.taker else (s.partner or 0) if seat == partner else s.defender
        for seat in range(players)
    )
    if sum(marks) != 0:  # pragma: no cover - the engine's marks always sum to zero
        raise ImpossiblePositionError(f"the marks {marks} do not sum to zero")
    return ScoredDeal(entry, s, marks)


@dataclass(frozen=True, slots=True)
class Sheet:
    players: tuple[str, ...]
    entries: tuple[DealEntry, ...] = ()
    rules: Rules = FFT_2012

    @classmethod
    def new(cls, names: list[str] | tuple[str, ...], rules: Rules = FFT_2012) -> Sheet:
        cleaned = tuple(name.strip() for name in names)
        if len(cleaned) not in (3, 4, 5):
            raise EntryError(
                f"French tarot is played by 3, 4 or 5 players, not {len(cleaned)}",
                "players_count",
                n=len(cleaned),
            )
        if len(cleaned) not in rules.players:
            # a variant written for one table size (online-first-to-100: 4 players)
            raise EntryError(
                f"{rules.name} is played by {' or '.join(map(str, rules.players))} players, "
                f"not {len(cleaned)}",
                "rules_players",
                n=len(cleaned),
                allowed=" / ".join(map(str, rules.players)),
            )
        if any(not name for name in cleaned):
            raise EntryError("every player needs a name", "name_missing")
        if len({name.casefold() for name in cleaned}) != len(cleaned):
            raise EntryError("two players have the same name", "name_twice")
        if any(";" in name or name.casefold() in (TOTAL, ALONE) for name in cleaned):
            raise EntryError(
                "a name may not contain ';' nor be 'total' or 'alone'", "name_reserved"
            )
        return cls(cleaned, rules=rules)

    @property
    def size(self) -> int:
        return len(self.players)

    # --- editing (each returns a new sheet; this one is never changed) ----------------------
    def add(self, entry: DealEntry) -> Sheet:
        score_entry(self.size, entry, self.rules)
        return Sheet(self.players, (*self.entries, entry), self.rules)

    def replace(self, index: int, entry: DealEntry) -> Sheet:
        self._check_index(index)
        score_entry(self.size, entry, self.rules)
        entries = list(self.entries)
        entries[index] = entry
        return Sheet(self.players, tuple(entries), self.rules)

    def delete(self, index: int) -> Sheet:
        self._check_index(index)
        return Sheet(self.players, self.entries[:index] + self.entries[index + 1 :], self.rules)

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self.entries):
            raise EntryError(f"there is no deal {index + 1}", "no_such_deal", n=index + 1)

    # --- marks ----------------------------------------------------------------------------
    def scored(self) -> list[ScoredDeal]:
        return [score_entry(self.size, entry, self.rules) for entry in self.entries]

    def running_totals(self) -> list[tuple[int, ...]]:
        """Each player's total before the first deal (all 0) and after every deal."""
        totals = [0] * self.size
        out = [tuple(totals)]
        for deal in self.scored():
            totals = [t + m for t, m in zip(totals, deal.marks, strict=True)]
            out.append(tuple(totals))
        return out

    def totals(self) -> tuple[int, ...]:
        return self.running_totals()[-1]

    def winners(self) -> list[str]:
        """The players who reached the rules' target score (online-first-to-100's "first to 100"),
        highest first; empty when the rules have no target or nobody reached it."""
        return self.rules.winners(dict(zip(self.players, self.totals(), strict=True)))

    # --- JSON for the database ------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {
            "version": DATA_VERSION,
            "players": list(self.players),
            "rules": self.rules.name,
            "rows": [entry.to_data() for entry in self.entries],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Sheet:
        """The sheet back from ``to_data`` (no ``rules``: FFT 2012, as every game saved
        before variants; an unknown name raises UnknownNameError, a ValueError)."""
        sheet = cls.new(list(data["players"]), rules_of_data(data))
        for row in data.get("rows", []):
            sheet = sheet.add(DealEntry.from_data(row))
        return sheet

    # --- CSV ------------------------------------------------------------------------------
    def to_csv(self) -> str:
        """One row per deal (its details, then each player's marks) and a last row of totals."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([as_text_cell(cell) for cell in (*CSV_FIELDS, *self.players)])
        for number, deal in enumerate(self.scored(), start=1):
            e = deal.entry
            partner = ""
            if self.size == 5:
                partner = ALONE if e.partner in (None, e.taker) else self.players[e.partner]
            row: list[object] = [
                number,
                self.players[e.taker],
                partner,
                e.contract.code,
                format_half(e.taker_half_points),
                e.taker_oudlers,
                e.petit_au_bout.value if e.petit_au_bout else "",
                "; ".join(f"{self.players[p.seat]}:{p.level.code}" for p in e.poignees),
                "" if e.chelem is Chelem.NONE else e.chelem.value,
                *deal.marks,
            ]
            writer.writerow([as_text_cell(cell) for cell in row])
        writer.writerow([TOTAL, *[""] * (len(CSV_FIELDS) - 1), *self.totals()])
        return out.getvalue()

    @classmethod
    def from_csv(cls, text: str, rules: Rules = FFT_2012) -> Sheet:
        """A sheet back from ``to_csv`` (the totals row is checked against the marks, scored
        under ``rules``: the CSV does not name them)."""
        rows = [[from_text_cell(cell) for cell in row] for row in csv.reader(io.StringIO(text))]
        if not rows or tuple(rows[0][: len(CSV_FIELDS)]) != CSV_FIELDS:
            raise ValueError("not a score sheet CSV: the header is missing")
        names = rows[0][len(CSV_FIELDS) :]
        sheet = cls.new(names, rules)
        seat = {name: i for i, name in enumerate(sheet.players)}
        totals: list[int] | None = None
        for row in rows[1:]:
            if not row:
                continue
            if row[0] == TOTAL:
                totals = [int(v) for v in row[len(CSV_FIELDS) :]]
                continue
            fields = dict(zip(CSV_FIELDS, row, strict=False))
            half = typed_points_half(float(fields["points"]))
            partner_name = fields["partner"]
            poignees = tuple(
                PoigneeEntry(seat[name.strip()], Poignee.from_code(level))
                for name, level in (
                    item.rsplit(":", 1) for item in fields["poignees"].split(";") if item.strip()
                )
            )
            entry = DealEntry(
                taker=seat[fields["taker"]],
                contract=Contract.from_code(fields["contract"]),
                points_half=half,
                oudlers=int(fields["oudlers"]),
                partner=seat[partner_name] if partner_name not in ("", ALONE) else None,
                petit_au_bout=Side.from_code(fields["petit_au_bout"])
                if fields["petit_au_bout"]
                else None,
                poignees=poignees,
                chelem=Chelem.from_code(fields["chelem"] or "none"),
            )
            sheet = sheet.add(entry)
            marks = [int(v) for v in row[len(CSV_FIELDS) :]]
            if marks != list(sheet.scored()[-1].marks):
                raise ValueError(f"deal {fields['deal']}: the marks do not match the engine's")
        if totals is not None and totals != list(sheet.totals()):
            raise ValueError("the totals row does not match the marks")
        return sheet


def rules_of_data(data: dict[str, Any]) -> Rules:
    """The rules a saved sheet names; FFT 2012 when it names none (saved before variants)."""
    name = data.get("rules")
    if name is None:
        return FFT_2012
    if not isinstance(name, str):
        raise ValueError(f"the rules of a saved sheet are a name, not {name!r}")
    return rules_named(name)
