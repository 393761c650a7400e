"""Card faces as SVG: every card draws, names itself, and shows its rank in its colours."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tutor.engine.cards import (
    DECK_SIZE,
    EXCUSE,
    PETIT,
    TRUMP_21,
    card_name,
    format_card,
    is_trump,
    parse_card,
)
from tutor.ui import card_svg as card_svg_module
from tutor.ui.card_svg import BLACK, RED, SELECTED, card_height, card_svg, hand_svg_row, rank_label

SVG = "{http://www.w3.org/2000/svg}"
ALL_CARDS = range(DECK_SIZE)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG}text")]


def fills(root: ET.Element) -> set[str]:
    return {el.get("fill") for el in root.iter() if el.get("fill")}


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("card", ALL_CARDS, ids=format_card)
def test_every_card_is_valid_svg_named_in_the_language(card: int, lang: str) -> None:
    root = parse(card_svg(card, lang=lang))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 100 156"
    assert root.get("role") == "img"
    assert root.get("aria-label") == card_name(card, lang)
    assert root.find(f"{SVG}title").text == card_name(card, lang)
    assert root.get("data-card") == format_card(card)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("card", ALL_CARDS, ids=format_card)
def test_every_card_shows_its_rank_or_number(card: int, lang: str) -> None:
    assert rank_label(card, lang) in texts(parse(card_svg(card, lang=lang)))


@pytest.mark.parametrize(
    ("code", "en", "it"),
    [
        ("1S", "1", "1"),
        ("10H", "10", "10"),
        ("JD", "J", "F"),
        ("NC", "N", "C"),
        ("QS", "Q", "D"),
        ("KH", "K", "R"),
        ("T1", "1", "1"),
        ("T21", "21", "21"),
        ("EX", "EX", "EX"),
    ],
)
def test_corner_letters_are_english_or_italian(code: str, en: str, it: str) -> None:
    assert rank_label(parse_card(code), "en") == en
    assert rank_label(parse_card(code), "it") == it
    assert it in texts(parse(card_svg(parse_card(code), lang="it")))


def test_the_excuse_is_labelled_excuse_in_both_languages() -> None:
    for lang in ("en", "it"):
        shown = texts(parse(card_svg(EXCUSE, lang=lang)))
        assert "Excuse" in shown and "EX" in shown


@pytest.mark.parametrize("code", ["KH", "7H", "1D", "ND"])
def test_hearts_and_diamonds_are_red(code: str) -> None:
    used = fills(parse(card_svg(parse_card(code))))
    assert RED in used and BLACK not in used


@pytest.mark.parametrize("code", ["KS", "7S", "1C", "NC"])
def test_spades_and_clubs_are_black(code: str) -> None:
    used = fills(parse(card_svg(parse_card(code))))
    assert BLACK in used and RED not in used


def test_trumps_have_their_own_face_colour() -> None:
    plain = parse(card_svg(parse_card("7S"))).find(f"{SVG}g/{SVG}rect").get("fill")
    for card in (PETIT, parse_card("T12"), TRUMP_21):
        face = parse(card_svg(card)).find(f"{SVG}g/{SVG}rect").get("fill")
        assert face != plain
    excuse = parse(card_svg(EXCUSE)).find(f"{SVG}g/{SVG}rect").get("fill")
    assert excuse not in (plain, parse(card_svg(PETIT)).find(f"{SVG}g/{SVG}rect").get("fill"))


def test_the_petit_and_the_21_are_marked_as_oudlers() -> None:
    def rings(card: int) -> int:
        return len(list(parse(card_svg(card)).iter(f"{SVG}circle")))

    assert rings(PETIT) == 1 and rings(TRUMP_21) == 1
    assert all(rings(c) == 0 for c in ALL_CARDS if is_trump(c) and c not in (PETIT, TRUMP_21))


def test_width_sets_the_size_at_five_to_eight() -> None:
    root = parse(card_svg(0, width=64))
    assert (root.get("width"), root.get("height")) == ("64", "100")
    assert card_height(48) == 75
    assert parse(card_svg(0, width=48)).get("height") == "75"


def test_dimmed_fades_the_card() -> None:
    plain, dimmed = card_svg(13), card_svg(13, dimmed=True)
    assert plain != dimmed
    assert 'opacity="0.35"' in dimmed and 'opacity="0.35"' not in plain
    parse(dimmed)


def test_selected_draws_a_blue_outline() -> None:
    plain, selected = card_svg(13), card_svg(13, selected=True)
    assert plain != selected
    strokes = {el.get("stroke") for el in parse(selected).iter()}
    assert SELECTED in strokes
    assert SELECTED not in {el.get("stroke") for el in parse(plain).iter()}
    both = parse(card_svg(13, selected=True, dimmed=True))
    assert SELECTED in {el.get("stroke") for el in both.iter()}


def test_names_are_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    tricky = "Roi <b>\"de\" cœur</b> & 'co'"
    monkeypatch.setattr(card_svg_module, "card_name", lambda card, lang="en": tricky)
    card_svg.cache_clear()  # faces are cached: draw this one with the tricky name
    svg = card_svg(27)
    assert "<b>" not in svg
    root = parse(svg)
    assert root.get("aria-label") == tricky
    assert root.find(f"{SVG}title").text == tricky
    row = ET.fromstring(hand_svg_row([27, 13]))
    assert [span.get("title") for span in row] == [tricky, tricky]
    card_svg.cache_clear()


@pytest.mark.parametrize("bad", [-1, DECK_SIZE, 3.0, "KH", True])
def test_not_a_card_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        card_svg(bad)  # type: ignore[arg-type]


def test_hand_row_wraps_the_faces_in_order() -> None:
    cards = [parse_card(c) for c in ("KH", "10S", "T21", "EX")]
    row = ET.fromstring(
        hand_svg_row(cards, width=48, dimmed_cards={cards[1]}, selected={cards[2]}, lang="it")
    )
    assert row.tag == "div" and "flex-wrap:wrap" in row.get("style")
    spans = list(row)
    assert [s.get("data-card") for s in spans] == ["KH", "10S", "T21", "EX"]
    assert [s.get("title") for s in spans] == [card_name(c, "it") for c in cards]
    assert all(s.get("class") == "card" for s in spans)
    svgs = [s.find(f"{SVG}svg") for s in spans]
    assert all(svg.get("width") == "48" for svg in svgs)
    assert ["dimmed" in svg.get("class") for svg in svgs] == [False, True, False, False]
    assert ["selected" in svg.get("class") for svg in svgs] == [False, False, True, False]


def test_the_empty_hand_is_an_empty_row() -> None:
    assert len(ET.fromstring(hand_svg_row([]))) == 0
