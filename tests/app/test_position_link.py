"""``?pos=`` on the puzzles page: a position in the one-line notation opens, its hands and trick
are drawn, a card picked gets the engine's verdict; a hostile value (empty, too long, junk, a
card twice) gives one plain message and no exception. The practice game links its position."""

from __future__ import annotations

import random
from pathlib import Path
from urllib.parse import unquote

import pytest
from streamlit.testing.v1 import AppTest

from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import WAITING, bot_step
from tutor.engine.cards import card_name, cards_of, format_card
from tutor.engine.game import Deal, Phase
from tutor.engine.position import format_position
from tutor.engine.variants import ONLINE_FIRST_TO_100, Rules
from tutor.ui.position import POSITION_CHARS

ROOT = Path(__file__).resolve().parents[2]
PAGE = str(ROOT / "tutor" / "ui" / "pages" / "puzzles.py")


def mid_trick(players: int = 4, seed: int = 11, rules: Rules | None = None) -> Deal:
    """A deal of the bots stopped with two cards in the third trick."""
    for s in range(seed, seed + 50):
        deal = Deal.new(players, s, 0) if rules is None else Deal.new(players, s, 0, rules)
        bots = [SimpleBot()] * players
        while deal.phase in WAITING and not (
            deal.phase is Phase.PLAYING and deal.tricks_done >= 2 and len(deal.trick) == 2
        ):
            bot_step(deal, bots)
        if deal.phase is Phase.PLAYING:
            return deal
    raise AssertionError("no deal reached the play")


def open_pos(value: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=30)
    at.query_params["pos"] = value
    at.run()
    assert not at.exception, at.exception
    return at


def pick(at: AppTest, card: int) -> None:
    at.pills(key="position-hand-fallback").set_value(card).run()
    assert not at.exception, at.exception


def test_a_position_opens_and_a_card_gets_the_engines_verdict() -> None:
    deal = mid_trick()
    text = format_position(deal.position())
    at = open_pos(text)
    assert not at.warning and not at.error
    shown = "\n".join(str(m.value) for m in at.markdown)
    assert f"Player {deal.to_play + 1} to play" in shown
    for card in deal.trick:  # the trick drawn as cards
        assert f'data-card="{format_card(card)}"' in shown or card_name(card) in shown
    hand = cards_of(deal.hands[deal.to_play])
    legal = deal.legal_plays()
    illegal = [c for c in hand if not legal >> c & 1]
    ok = next(c for c in hand if legal >> c & 1)
    pick(at, ok)
    assert at.success[0].value == f"{card_name(ok)} may be played here."
    if illegal:
        pick(at, illegal[0])
        assert at.warning[0].value.startswith(f"{card_name(illegal[0])} may not be played here:")
    # the page keeps its copy link, which opens the same position
    link = at.code[0].value
    assert unquote(link.split("pos=")[1].split("&")[0]) == text


def test_an_illegal_card_is_explained_by_its_rule() -> None:
    for seed in range(11, 60):
        deal = mid_trick(seed=seed)
        legal = deal.legal_plays()
        hand = cards_of(deal.hands[deal.to_play])
        illegal = [c for c in hand if not legal >> c & 1]
        if illegal:
            break
    else:
        pytest.skip("no illegal card in these deals")  # pragma: no cover
    at = open_pos(format_position(deal.position()))
    pick(at, illegal[0])
    text = at.warning[0].value
    assert "must" in text  # the rule that forbids it, with the cards it obliges


def test_a_position_under_a_variant_says_its_rules_and_bid_names() -> None:
    deal = mid_trick(rules=ONLINE_FIRST_TO_100)
    at = open_pos(format_position(deal.position()))
    facts = "\n".join(str(m.value) for m in at.markdown)
    assert "Web game, first to 100" in facts
    assert ONLINE_FIRST_TO_100.contract_name(deal.contract) in facts  # type: ignore[arg-type]


def _doubled(text: str) -> str:
    """The position with the first card of seat 0's hand also put in seat 1's."""
    fields = text.split(" ")
    hands = fields[6].split("/")
    first = hands[0].split(".")[0]
    hands[1] = f"{first}.{hands[1]}"
    fields[6] = "/".join(hands)
    return " ".join(fields)


HOSTILE = {
    "empty": ("", "?pos=” is empty"),
    "spaces": ("   ", "?pos=” is empty"),
    "ten thousand characters": ("x" * 10_000, f"at most {POSITION_CHARS}"),
    "random junk": ("]]<script>alert(1)</script> **bold** [x](http://e.vil)", "cannot be read"),
    "wrong tag": ("tarot9 4 fft-2012", "cannot be read"),
    "unknown rules": ("tarot1 4 house 0 garde:1 - - 1:- -/- - - - -", "cannot be read"),
}


@pytest.mark.parametrize("name", [*HOSTILE, "a card twice", "random bytes", "a ² for the dealer"])
def test_a_hostile_position_gives_a_message_and_no_exception(name: str) -> None:
    if name == "a card twice":
        value, said = _doubled(format_position(mid_trick().position())), "cannot be read"
    elif name == "a ² for the dealer":
        fields = format_position(mid_trick().position()).split(" ")
        value = " ".join([*fields[:3], "²", *fields[4:]])
        said = "dealer:\u2060 '²' is not a small number"  # the ':' kept from linking
    elif name == "random bytes":
        rng = random.Random(5)
        value = "".join(chr(rng.randrange(1, 0x3000)) for _ in range(300))
        said = "cannot be read"
    else:
        value, said = HOSTILE[name]
    at = open_pos(value)
    assert not at.error and not at.exception
    assert len(at.warning) == 1
    message = at.warning[0].value
    assert said in message.replace("\\", "")
    assert "<script>" not in message and "](http" not in message  # shown literally
    assert not at.get("bidi_component")  # no hand drawn


def test_the_close_button_goes_back_to_the_puzzles() -> None:
    at = open_pos("")
    at.button(key="position-close").click().run()
    assert "pos" not in at.query_params
    assert not at.exception
