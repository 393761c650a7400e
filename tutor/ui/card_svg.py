"""Card faces as standalone SVG strings, and a wrapping row of them in HTML.

A pure function of the card, like python-chess's board renderer: no Streamlit, no state.
Every face is drawn in a 100 x 156 user space (aspect about 5:8) and scaled by the
``width``/``height`` attributes, so the same drawing is used at every size; the corner
indices are large enough to be read at ``width=44``.

- Suit cards: rank and suit symbol in the top-left corner (repeated upside down bottom-right),
  a large suit symbol in the centre. Figures (jack, cavalier, queen, king) get a tinted inner
  frame with the figure's letter large and the suit symbol under it. Letters are J N Q K in
  English and F C D R in Italian (Fante, Cavallo, Donna, Re).
- Trumps: an ivory/pale-gold face, the number large in the centre and small in the corners.
  The two trump oudlers (T1, the Petit, and T21) carry a gold ring round the number and a star.
- The Excuse: a lavender face with a large star and the label "Excuse" (the French word is
  used by Italian players too).

Suit symbols are drawn as paths, not font glyphs, so they are centred the same way in every
browser whatever fonts are installed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import lru_cache
from html import escape

from tutor.engine import (
    DECK_SIZE,
    EXCUSE,
    PETIT,
    TRUMP_21,
    Suit,
    card_name,
    format_card,
    is_trump,
    rank_of,
    suit_of,
)

__all__ = ["card_height", "card_svg", "hand_svg_row", "rank_label"]

# --- geometry (user units) ----------------------------------------------------------------
VIEW_W = 100
VIEW_H = 156
_INSET = 3  # room for the selection outline around the card
_CARD_W = VIEW_W - 2 * _INSET
_CARD_H = VIEW_H - 2 * _INSET
_RADIUS = 8

# --- colours ------------------------------------------------------------------------------
RED = "#c62828"
BLACK = "#212121"
BORDER = "#9e9e9e"
SELECTED = "#1f6f5c"  # the app's own green (.streamlit/config.toml primaryColor)
_FACE = "#ffffff"
_TRUMP_FACE = "#fbf1d3"
_TRUMP_FRAME = "#c9a54a"
_TRUMP_INK = "#4e342e"
_OUDLER_GOLD = "#b8860b"
_EXCUSE_FACE = "#f1eaf7"
_EXCUSE_INK = "#5e2a84"
_FIGURE_TINT = {RED: "#fdeaea", BLACK: "#eceff1"}

# Unquoted family names (valid CSS) so they sit in an XML attribute without escaping.
_FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
_CONDENSED = "DejaVu Sans Condensed, Liberation Sans Narrow, Arial Narrow, " + _FONT

_FIGURE_LETTERS = {
    "en": {11: "J", 12: "N", 13: "Q", 14: "K"},
    "it": {11: "F", 12: "C", 13: "D", 14: "R"},
}

# Suit symbols as paths in a 100 x 100 box (centre 50,50), fill set by the caller.
_SUIT_PATHS = {
    Suit.SPADES: (
        "M50 2C66 20 98 40 98 64C98 80 86 90 73 90C64 90 57 86 54 79"
        "C55 89 60 95 70 100H30C40 95 45 89 46 79C43 86 36 90 27 90"
        "C14 90 2 80 2 64C2 40 34 20 50 2Z"
    ),
    Suit.HEARTS: (
        "M50 96C38 80 2 60 2 31C2 14 14 4 28 4C39 4 47 11 50 21"
        "C53 11 61 4 72 4C86 4 98 14 98 31C98 60 62 80 50 96Z"
    ),
    Suit.DIAMONDS: "M50 0L88 50L50 100L12 50Z",
    Suit.CLUBS: (
        "M50 4A22 22 0 0 1 67 40A22 22 0 1 1 55 76C56 88 60 94 68 100H32"
        "C40 94 44 88 45 76A22 22 0 1 1 33 40A22 22 0 0 1 50 4Z"
    ),
}
# Five-pointed star in a 100 x 100 box, centre 50,52.
_STAR_PATH = "M50 4L61.8 37.8H97.6L68.9 58.9L79.4 93L50 72.2L20.6 93L31.1 58.9L2.4 37.8H38.2Z"


def card_height(width: int) -> int:
    """The pixel height of a card drawn ``width`` pixels wide (64 -> 100)."""
    return round(width * VIEW_H / VIEW_W)


def rank_label(card: int, lang: str = "en") -> str:
    """What the corner shows: '7', '10', 'K' (en) / 'R' (it), '21' for T21, 'EX'."""
    _check(card)
    if card == EXCUSE:
        return "EX"
    rank = rank_of(card)
    if is_trump(card):
        return str(rank)
    letters = _FIGURE_LETTERS.get(lang, _FIGURE_LETTERS["en"])
    return letters.get(rank, str(rank))


def suit_colour(card: int) -> str:
    """Red for hearts and diamonds, near-black for spades and clubs (trumps: brown ink)."""
    suit = suit_of(card)
    if suit in (Suit.HEARTS, Suit.DIAMONDS):
        return RED
    if suit in (Suit.SPADES, Suit.CLUBS):
        return BLACK
    return _EXCUSE_INK if card == EXCUSE else _TRUMP_INK


def _check(card: int) -> None:
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < DECK_SIZE:
        raise ValueError(f"not a card: {card!r} (a card is an int 0..{DECK_SIZE - 1})")


def _attr(value: object) -> str:
    return escape(str(value), quote=True)


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    fill: str,
    max_width: float | None = None,
) -> str:
    """Text centred on x with its baseline at y; squeezed to max_width if it may overflow.

    Font family and weight (bold) are set once on the ``<svg>`` element.
    """
    squeeze = ""
    # DejaVu Sans Bold digits are about 0.7 em wide: squeeze only what would overflow.
    if max_width is not None and len(text) * 0.7 * size > max_width:
        squeeze = (
            f' font-family="{_CONDENSED}" textLength="{_num(max_width)}"'
            ' lengthAdjust="spacingAndGlyphs"'
        )
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" text-anchor="middle" font-size="{_num(size)}"'
        f' fill="{fill}"{squeeze}>{escape(text, quote=False)}</text>'
    )


def _centred_text(cx: float, cy: float, text: str, *, size: float, fill: str) -> str:
    """Text whose digits/capitals are vertically centred on cy (cap height ~0.73 em)."""
    return _text(cx, cy + 0.365 * size, text, size=size, fill=fill)


def _shape(path: str, cx: float, cy: float, size: float, fill: str) -> str:
    """A 100 x 100 path scaled to ``size`` and centred on (cx, cy)."""
    s = size / 100
    return (
        f'<path transform="translate({_num(cx - size / 2)} {_num(cy - size / 2)})'
        f' scale({_num(s)})" d="{path}" fill="{fill}"/>'
    )


def _corner_pair(inner: str) -> str:
    """The corner drawing top-left, and again rotated a half-turn bottom-right."""
    return f'<g>{inner}</g><g transform="rotate(180 {VIEW_W / 2:g} {VIEW_H / 2:g})">{inner}</g>'


# Corner index column: centre x, rank baseline, suit symbol centre.
_CX = 17
_RANK_SIZE = 29
_RANK_Y = 34
_PIP_CY = 50
_PIP_SIZE = 17


def _suit_card(card: int, lang: str) -> tuple[str, str]:
    suit = suit_of(card)
    colour = suit_colour(card)
    label = rank_label(card, lang)
    path = _SUIT_PATHS[suit]
    corner = _corner_pair(
        _text(_CX, _RANK_Y, label, size=_RANK_SIZE, fill=colour, max_width=26)
        + _shape(path, _CX, _PIP_CY, _PIP_SIZE, colour)
    )
    if rank_of(card) <= 10:
        centre = _shape(path, 50, 78, 46, colour)
        return _FACE, corner + centre
    tint = _FIGURE_TINT[colour]
    frame = (
        f'<rect x="32" y="22" width="36" height="112" rx="5" fill="{tint}"'
        f' stroke="{colour}" stroke-width="1.5"/>'
    )
    centre = _centred_text(50, 62, label, size=34, fill=colour) + _shape(path, 50, 100, 26, colour)
    return _FACE, frame + corner + centre


def _trump(card: int) -> tuple[str, str]:
    number = str(rank_of(card))
    frame = (
        f'<rect x="9" y="9" width="82" height="138" rx="5" fill="none"'
        f' stroke="{_TRUMP_FRAME}" stroke-width="1.2"/>'
    )
    corner = _corner_pair(_text(_CX + 1, 34, number, size=24, fill=_TRUMP_INK, max_width=24))
    size = 44 if len(number) == 1 else 36
    centre = _centred_text(50, 78, number, size=size, fill=_TRUMP_INK)
    extra = ""
    if card in (PETIT, TRUMP_21):
        extra = (
            f'<circle cx="50" cy="78" r="31" fill="#fff8e1" stroke="{_OUDLER_GOLD}"'
            f' stroke-width="4"/>'
            + _shape(_STAR_PATH, 82, 24, 18, _OUDLER_GOLD)
            + _shape(_STAR_PATH, 18, 132, 18, _OUDLER_GOLD)
        )
    return _TRUMP_FACE, frame + corner + extra + centre


def _excuse() -> tuple[str, str]:
    corner = _corner_pair(
        _text(_CX + 1, 28, "EX", size=17, fill=_EXCUSE_INK, max_width=22)
        + _shape(_STAR_PATH, _CX + 1, 41, 13, _EXCUSE_INK)
    )
    # The label stays clear of the upside-down corner (which starts at y = 108).
    centre = _shape(_STAR_PATH, 50, 64, 48, _EXCUSE_INK) + _text(
        50, 104, "Excuse", size=15, fill=_EXCUSE_INK, max_width=46
    )
    return _EXCUSE_FACE, corner + centre


# A face depends only on its arguments: drawn once per server, then reused by every rerun
# (78 cards x a few widths x dimmed/selected x 2 languages stay well under the bound).
@lru_cache(maxsize=4096, typed=True)  # typed: True is not the card 1
def card_svg(
    card: int,
    *,
    width: int = 64,
    dimmed: bool = False,
    selected: bool = False,
    lang: str = "en",
) -> str:
    """One card face as a standalone ``<svg>`` element (``width`` px wide, 5:8).

    ``dimmed`` fades the card (opacity 0.35 under a grey veil), for a card that may not be
    played; ``selected`` draws a thick green outline. The accessible name (``aria-label`` and
    ``<title>``) is ``card_name(card, lang)``.
    """
    _check(card)
    if isinstance(width, bool) or not isinstance(width, int) or width <= 0:
        raise ValueError(f"width must be a positive int, not {width!r}")
    name = card_name(card, lang)
    if card == EXCUSE:
        face, body = _excuse()
    elif is_trump(card):
        face, body = _trump(card)
    else:
        face, body = _suit_card(card, lang)
    edge = f'x="{_INSET}" y="{_INSET}" width="{_CARD_W}" height="{_CARD_H}" rx="{_RADIUS}"'
    # A dimmed card fades over an opaque white base, so it looks the same on any page colour.
    base = f'<rect {edge} fill="#ffffff"/>' if dimmed else ""
    fade = ' opacity="0.35"' if dimmed else ""
    card_group = (
        f"{base}<g{fade}>"
        f'<rect {edge} fill="{face}" stroke="{BORDER}" stroke-width="1.5"/>'
        f"{body}</g>"
    )
    veil = f'<rect {edge} fill="#9e9e9e" fill-opacity="0.3"/>' if dimmed else ""
    outline = f'<rect {edge} fill="none" stroke="{SELECTED}" stroke-width="6"/>' if selected else ""
    classes = "tarot-card" + (" dimmed" if dimmed else "") + (" selected" if selected else "")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_W} {VIEW_H}"'
        f' width="{width}" height="{card_height(width)}" role="img"'
        f' font-family="{_FONT}" font-weight="700"'
        f' aria-label="{_attr(name)}" class="{classes}" data-card="{_attr(format_card(card))}">'
        f"<title>{escape(name, quote=False)}</title>"
        f"{card_group}{veil}{outline}</svg>"
    )


def hand_svg_row(
    cards: Iterable[int],
    *,
    width: int = 56,
    dimmed_cards: Collection[int] = frozenset(),
    selected: Collection[int] = frozenset(),
    lang: str = "en",
) -> str:
    """The cards side by side in a wrapping flex row, as one HTML ``<div>``.

    For ``st.markdown(..., unsafe_allow_html=True)`` (``st.html`` strips SVG). Each face is
    wrapped in ``<span class="card" data-card="KH" title="King of hearts">``.
    """
    spans = []
    for card in cards:
        svg = card_svg(
            card, width=width, dimmed=card in dimmed_cards, selected=card in selected, lang=lang
        )
        name = card_name(card, lang)
        spans.append(
            f'<span class="card" data-card="{_attr(format_card(card))}" title="{_attr(name)}"'
            f' style="display:inline-block;line-height:0">{svg}</span>'
        )
    return (
        '<div class="hand" style="display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start">'
        + "".join(spans)
        + "</div>"
    )
