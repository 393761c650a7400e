"""A practice game as a score sheet: each played deal becomes the entry a table would write on
the score-sheet page (the taker, the contract, the attack's points and oudlers, the partner,
petit au bout, poignées, chelem), so the practice page draws its sheet with that page's table.
Redeals score nothing and are left out (the page counts them apart)."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine import Deal, Side
from tutor.practice.game import PracticeGame, row_deal
from tutor.scoresheet.sheet import DealEntry, PoigneeEntry, Sheet


def deal_entry(deal: Deal) -> DealEntry:
    """The score-sheet entry of a finished, played deal (counted by the attack)."""
    result = deal.result()
    assert deal.taker is not None and deal.contract is not None
    partner = None
    if deal.players == 5:
        # the called card in the taker's own hand or écart: the taker plays alone
        partner = deal.partner if deal.partner is not None else deal.taker
    return DealEntry(
        taker=deal.taker,
        contract=deal.contract,
        points_half=result.attack_half_points,
        oudlers=result.oudlers,
        counted_by=Side.ATTACK,
        partner=partner,
        petit_au_bout=result.petit_au_bout,
        poignees=tuple(PoigneeEntry(p.seat, p.level) for p in deal.poignees),
        chelem=result.chelem,
    )


def game_sheet(game: PracticeGame, names: Sequence[str]) -> Sheet:
    """The game's played deals on a score sheet with the players ``names`` (seat order)."""
    sheet = Sheet.new(list(names), game.rules)
    for row in game.rows:
        if row.redeal is None:
            sheet = sheet.add(deal_entry(row_deal(game.players, row, game.rules)))
    return sheet


__all__ = ["deal_entry", "game_sheet"]
