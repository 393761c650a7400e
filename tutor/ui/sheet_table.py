"""A score sheet as a table: one row per deal (taker, contract, result, each player's marks,
their sum) and a row of totals. The score sheet page and the practice page's end of a game both
show it. ``compact_table_html`` is the same sheet narrow enough for a phone: the marks in one
row per deal, the deal's taker, contract and result on a line under it."""

from __future__ import annotations

import html

import pandas as pd

from tutor.inputs import plain
from tutor.scoresheet.sheet import DealEntry, ScoredDeal, Sheet
from tutor.ui.i18n import t
from tutor.ui.words import contract_label


def taker_text(sheet: Sheet, entry: DealEntry, lang: str, *, markdown: bool = False) -> str:
    """'Ann', or at 5 players 'Ann with Dee' / 'Ann alone'; ``markdown``: the names escaped
    to show literally inside Markdown (a table cell is plain text already)."""
    shown = plain if markdown else str
    taker = shown(sheet.players[entry.taker])
    if sheet.size != 5:
        return taker
    if entry.partner is None or entry.partner == entry.taker:
        return t(lang, "score_sheet.taker_alone", taker=taker)
    return t(
        lang, "score_sheet.taker_with", taker=taker, partner=shown(sheet.players[entry.partner])
    )


def result_text(deal: ScoredDeal, lang: str) -> str:
    diff = abs(deal.score.difference)
    key = "score_sheet.made_by" if deal.score.made else "score_sheet.lost_by"
    return t(lang, key, diff=diff)


def detail_columns(lang: str) -> tuple[str, str, str, str, str]:
    """The headings of the table's own columns: deal, taker, contract, result, sum."""
    return (
        t(lang, "score_sheet.col_deal"),
        t(lang, "score_sheet.col_taker"),
        t(lang, "score_sheet.col_contract"),
        t(lang, "score_sheet.col_result"),
        t(lang, "score_sheet.col_check"),
    )


def player_columns(sheet: Sheet, lang: str) -> list[str]:
    """Each player's column heading: the name, or the name and seat when the name is already
    a heading (a player called "Deal" or "Sum" must not overwrite that column, nor two
    players differing only in case share one)."""
    taken = {heading.casefold() for heading in detail_columns(lang)}
    headings = []
    for seat, name in enumerate(sheet.players):
        heading = name
        seat_label = t(lang, "score_sheet.player_name", n=seat + 1)
        repeat = 0
        while heading.casefold() in taken:
            repeat += 1
            heading = f"{name} ({seat_label})" + (f" {repeat}" if repeat > 1 else "")
        taken.add(heading.casefold())
        headings.append(heading)
    return headings


def deals_table(sheet: Sheet, lang: str) -> pd.DataFrame:
    """One row per deal (details, each player's marks, their sum) and a row of totals."""
    deal_col, taker_col, contract_col, result_col, sum_col = detail_columns(lang)
    players = player_columns(sheet, lang)
    rows = []
    for number, deal in enumerate(sheet.scored(), start=1):
        e = deal.entry
        rows.append(
            {
                deal_col: str(number),
                taker_col: taker_text(sheet, e, lang),
                contract_col: contract_label(sheet.rules, e.contract.code, lang),
                result_col: result_text(deal, lang),
                **dict(zip(players, deal.marks, strict=True)),
                sum_col: f"{sum(deal.marks)} ✓",
            }
        )
    totals = sheet.totals()
    rows.append(
        {
            deal_col: t(lang, "score_sheet.total_row"),
            taker_col: "",
            contract_col: "",
            result_col: "",
            **dict(zip(players, totals, strict=True)),
            sum_col: f"{sum(totals)} ✓",
        }
    )
    return pd.DataFrame(rows)


COMPACT_CSS = """
table.sheet-compact { width: 100%; border-collapse: collapse; table-layout: fixed;
  font-size: 0.9rem; font-variant-numeric: tabular-nums; }
table.sheet-compact th, table.sheet-compact td { padding: 0.3rem 0.2rem; text-align: right;
  overflow-wrap: anywhere; border-bottom: 1px solid rgba(30, 42, 38, 0.12); }
table.sheet-compact th:first-child, table.sheet-compact td:first-child { text-align: left;
  width: 3.4rem; }
table.sheet-compact th { font-size: 0.78rem; }
table.sheet-compact tr.sheet-detail td { text-align: left; font-size: 0.8rem;
  color: #55625d; padding-top: 0; }
table.sheet-compact tr.sheet-mark td { border-bottom: none; }
table.sheet-compact tr.sheet-total td { font-weight: 600; border-bottom: none; }
"""


def _row(cells: list[str], tag: str = "td", css: str = "") -> str:
    klass = f' class="{css}"' if css else ""
    inner = "".join(f"<{tag}>{html.escape(cell)}</{tag}>" for cell in cells)
    return f"<tr{klass}>{inner}</tr>"


def compact_table_html(sheet: Sheet, lang: str) -> str:
    """The sheet as an HTML table a 390 px phone shows whole: the deal number and each
    player's marks in a row, the taker, contract and result on a line under it, the totals
    last (every name escaped: the players typed them)."""
    heading = ["#", *player_columns(sheet, lang)]
    rows = [_row(heading, "th")]
    for number, deal in enumerate(sheet.scored(), start=1):
        rows.append(_row([str(number), *(str(mark) for mark in deal.marks)], css="sheet-mark"))
        detail = ", ".join([
            taker_text(sheet, deal.entry, lang),
            contract_label(sheet.rules, deal.entry.contract.code, lang),
            result_text(deal, lang),
        ])
        rows.append(
            f'<tr class="sheet-detail"><td colspan="{len(heading)}">{html.escape(detail)}</td></tr>'
        )
    rows.append(_row([t(lang, "score_sheet.total_row"), *(str(v) for v in sheet.totals())],
                     css="sheet-total"))
    return f'<table class="sheet-compact">{"".join(rows)}</table>'
