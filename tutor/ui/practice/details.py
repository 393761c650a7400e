"""The facts of the deal below the table, folded: what everybody has seen (bids, poignées
with their cards, a chelem announced, trumps put in the écart), the tricks played, the link
that deals this deal again and, while cards are played, the link to the position."""

from __future__ import annotations

import html

import streamlit as st

from tutor.engine import FFT_2012, Deal, Phase, TrickRecord, card_name, cards_of
from tutor.practice import LEARNER, PracticeGame
from tutor.practice.page import PracticeState
from tutor.ui.card_svg import hand_svg_row
from tutor.ui.i18n import t
from tutor.ui.position import position_link
from tutor.ui.practice.words import bids_by_seat, contract_name, seat_name
from tutor.ui.views import names


def deal_link(game: PracticeGame, lang: str) -> str:
    """A relative link that deals the deal in progress again (same cards, same bots)."""
    deal = game.deal
    rules = "" if game.rules is FFT_2012 else f"&rules={game.rules.name}"
    return f"?seed={deal.seed}&players={game.players}&dealer={deal.dealer}{rules}&lang={lang}"


def _trick_line(number: int, record: TrickRecord, players: int, lang: str) -> str:
    played = ", ".join(
        f"{seat_name(s, players, lang)} {card_name(c, lang)}"
        for s, c in zip(record.seats, record.cards, strict=True)
    )
    return t(lang, "game.table.trick_line", n=number,
             leader=seat_name(record.leader, players, lang),
             winner=seat_name(record.winner, players, lang), cards=played)


def _seen(deal: Deal, lang: str) -> list[str]:
    players = deal.players
    lines = []
    bids = bids_by_seat(deal)
    if bids:
        lines.append(f"{t(lang, 'game.bid.so_far')}: " + " · ".join(
            t(lang, "game.bid.made", seat=seat_name(seat, players, lang),
              bid=contract_name(bid, lang, deal.rules))
            for seat, bid in bids.items()
        ))
    for poignee in deal.poignees:
        lines.append(t(lang, "game.poignee.shown", seat=seat_name(poignee.seat, players, lang),
                       level=t(lang, f"game.poignee.levels.{poignee.level.code}"),
                       cards=names(cards_of(poignee.cards), lang)))
    if deal.chelem_announced and deal.taker is not None:
        lines.append(t(lang, "game.chelem.announced", seat=seat_name(deal.taker, players, lang)))
    trumps = deal.trumps_shown_in_ecart()
    if trumps and deal.taker != LEARNER:
        lines.append(t(lang, "game.ecart.trumps_shown", cards=names(trumps, lang)))
    return lines


def deal_details(state: PracticeState, lang: str) -> None:
    game = state.game
    deal = game.deal.deal
    seen = _seen(deal, lang)
    for line in seen[1:]:  # poignées, chelem, trumps: said at once
        st.caption(line)
    with st.expander(t(lang, "game.details.heading"), icon=":material/link:"):
        for line in seen[:1]:
            st.caption(line)
        st.markdown(f"[{t(lang, 'game.status.link')}]({deal_link(game, lang)})")
        if deal.phase is Phase.PLAYING:  # a position exists once the cards are being played
            st.caption(t(lang, "position.copy_help"))
            st.code(position_link(deal.position(), lang), language=None)
    _tricks_played(deal, lang)


def _tricks_played(deal: Deal, lang: str) -> None:
    """Drawn only while open (a lazy expander): the faces of every trick are a large message."""
    if not deal.tricks:
        return
    box = st.expander(t(lang, "game.table.previous"), key="practice-tricks", on_change="rerun",
                      icon=":material/list:")
    if not box.open:
        return
    rows = "".join(
        '<div style="font-size:0.875rem;color:#5b6b65;margin:8px 0 2px 0">'
        f"{html.escape(_trick_line(number, record, deal.players, lang))}</div>"
        + hand_svg_row(record.cards, width=36,
                       selected={record.cards[record.seats.index(record.winner)]}, lang=lang)
        for number, record in enumerate(deal.tricks, start=1)
    )
    box.markdown(rows, unsafe_allow_html=True)


__all__ = ["deal_details", "deal_link"]
