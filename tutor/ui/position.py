"""A position from a link (``?pos=<one-line notation>``, as FEN is for chess), and links to one.

The text is bounded before it is parsed (``POSITION_CHARS``) and read by the engine
(``Deal.from_position``: the notation and every rule a reachable position obeys); whatever it
refuses is said in one plain sentence naming the problem, never as Streamlit's error box. The
view draws every hand and the trick in progress; the learner picks a card for the player to
play and gets the engine's verdict, legal or not and why: a play puzzle with no fixed answer.
``position_link`` is the address that opens a position here (the practice game offers it).
"""

from __future__ import annotations

import html
from urllib.parse import quote

import streamlit as st

from tutor.engine import (
    NO_SUIT_LED,
    Card,
    Deal,
    Position,
    TarotError,
    card_name,
    cards_of,
    display_order,
    format_position,
    illegal_play,
    led_suit,
)
from tutor.inputs import clip, plain
from tutor.ui.card_svg import card_svg, hand_svg_row
from tutor.ui.hand_widget import card_picker
from tutor.ui.i18n import t
from tutor.ui.registry import page
from tutor.ui.words import contract_label, rules_label

PARAM = "pos"
# A 5-player position at the first card is about 330 characters; this leaves room and keeps a
# hostile link from costing more than reading a short string.
POSITION_CHARS = 1000
PROBLEM_SHOWN = 200  # characters of the engine's reason quoted back
VERDICT = "position-verdict"  # (position text, card picked) in session state
HAND = "position-hand"
CLOSE = "position-close"  # the puzzle page's button back from a position


def position_link(position: Position, lang: str) -> str:
    """The puzzles page's address opening ``position`` (absolute when the browser's address
    is known, relative to the app otherwise)."""
    try:
        here = str(st.context.url or "")
    except AttributeError:
        here = ""
    base = here.split("?")[0].rsplit("/", 1)[0] + "/" if "://" in here else ""
    text = quote(format_position(position), safe="")
    return f"{base}{page('puzzles').path}?{PARAM}={text}&lang={lang}"


def read_position(raw: str, lang: str) -> Deal | str:
    """The deal at the position ``raw`` gives, or the sentence saying why there is none
    (everything quoted from the link shown literally)."""
    text = raw.strip()
    if not text:
        return t(lang, "position.missing")
    if len(text) > POSITION_CHARS:  # refused before any parsing
        return t(lang, "position.too_long", n=len(text), limit=POSITION_CHARS)
    try:
        return Deal.from_position(text, undo=False)
    except TarotError as error:  # the notation, or a position no deal can reach
        return t(lang, "position.refused", problem=plain(clip(str(error), PROBLEM_SHOWN)))


def seat_text(seat: int, lang: str) -> str:
    return t(lang, "position.seat", n=seat + 1)


def verdict_text(deal: Deal, seat: int, card: Card, lang: str) -> tuple[bool, str]:
    """(legal, the sentence): the engine's rule for ``card`` played by ``seat`` now."""
    name = card_name(card, lang)
    trick = list(deal.trick)
    verdict = illegal_play(
        deal.hands[seat], trick, card, deal.called, deal.tricks_done == 0
    )
    if verdict is None:
        return True, t(lang, "position.legal", card=name)
    led = led_suit(trick)
    suit = t(lang, f"suits.{led}") if led != NO_SUIT_LED else ""
    forcing = ", ".join(card_name(c, lang) for c in display_order(verdict.forcing))
    reason = t(lang, f"verdict.{verdict.reason.value}", suit=suit, cards=forcing)
    return False, t(lang, "position.illegal", card=name, reason=reason)


def _pick(text: str, card: Card) -> None:
    st.session_state[VERDICT] = (text, card)


def _show_trick(deal: Deal, lang: str) -> None:
    st.markdown(f"**{t(lang, 'position.trick')}**")
    if not deal.trick:
        st.caption(t(lang, "position.trick_empty", seat=seat_text(deal.to_play, lang)))
        return
    cells = [
        '<div style="display:flex;flex-direction:column;align-items:center;gap:2px">'
        f"{card_svg(card, width=60, lang=lang)}"
        f'<span style="font-size:0.8rem;color:#44524d">{html.escape(seat_text(seat, lang))}'
        "</span></div>"
        for card, seat in zip(deal.trick, deal.trick_seats, strict=True)
    ]
    st.markdown(
        '<div style="display:flex;gap:12px;flex-wrap:wrap">' + "".join(cells) + "</div>",
        unsafe_allow_html=True,
    )


def render_position(raw: str, lang: str) -> None:
    """The position view for ``?pos=`` (``raw`` as the URL gave it)."""
    st.subheader(t(lang, "position.heading"))
    deal = read_position(raw, lang)
    if isinstance(deal, str):
        st.warning(deal, icon=":material/link_off:")
        return
    st.caption(t(lang, "position.intro"))
    text = raw.strip()
    assert deal.taker is not None and deal.contract is not None
    rules = deal.rules
    number = min(deal.tricks_done + 1, deal.tricks_per_deal)
    st.markdown(
        t(
            lang,
            "position.facts",
            players=deal.players,
            rules=rules_label(rules, lang),
            contract=contract_label(rules, deal.contract.code, lang),
            taker=seat_text(deal.taker, lang),
            trick=number,
            tricks=deal.tricks_per_deal,
        )
    )
    _show_trick(deal, lang)
    seat = deal.to_play
    for other in range(deal.players):
        cards = display_order(cards_of(deal.hands[other]))
        if other == seat or not cards:  # the hand to play from is drawn below, to pick from
            continue
        st.caption(t(lang, "position.hand_of", seat=seat_text(other, lang)))
        st.markdown(hand_svg_row(cards, width=44, lang=lang), unsafe_allow_html=True)
    hand = display_order(cards_of(deal.hands[seat]))
    if not hand:
        st.info(t(lang, "position.over"))
        return
    st.markdown(t(lang, "position.to_play", seat=seat_text(seat, lang)))
    picked = st.session_state.get(VERDICT)
    chosen = picked[1] if isinstance(picked, tuple) and picked[0] == text else None
    st.markdown(f"**{t(lang, 'position.pick', seat=seat_text(seat, lang))}**")
    card_picker(
        hand,
        key=HAND,
        playable=None,
        selected={chosen} if chosen in hand else None,
        lang=lang,
        on_pick=lambda card: _pick(text, card),
    )
    if chosen in hand:
        legal, sentence = verdict_text(deal, seat, chosen, lang)
        (st.success if legal else st.warning)(sentence)
    with st.expander(t(lang, "position.copy"), icon=":material/link:"):
        st.caption(t(lang, "position.copy_help"))
        st.code(position_link(deal.position(), lang), language=None)
