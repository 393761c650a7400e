"""A puzzle's position may carry the engine's one-line notation, checked by the content model
(and so by ``python -m tutor check``)."""

import pytest
from pydantic import ValidationError

from tutor.content.models import Position as ContentPosition
from tutor.engine.cards import format_card
from tutor.engine.contracts import Contract
from tutor.engine.game import Deal, Phase
from tutor.engine.position import format_position


def mid_trick_deal() -> Deal:
    d = Deal.new(4, 8, undo=False)
    while d.phase is Phase.BIDDING:
        d.bid(Contract.GARDE_SANS if d.highest is None else None)
    d.announce_chelem(False)
    for _ in range(6):
        legal = d.legal_plays()
        d.play((legal & -legal).bit_length() - 1)
    return d


def content(d: Deal, **change):
    data = {
        "players": 4,
        "contract": "garde-sans",
        "taker": d.taker,
        "hand": [format_card(c) for c in range(78) if d.hands[d.to_play] >> c & 1],
        "trick": [
            {"seat": s, "card": format_card(c)}
            for s, c in zip(d.trick_seats, d.trick, strict=True)
        ],
        "me": d.to_play,
        "notation": format_position(d.position()),
    }
    data.update(change)
    return data


def test_a_notation_that_agrees_with_the_position_is_accepted():
    d = mid_trick_deal()
    pos = ContentPosition.model_validate(content(d))
    assert pos.notation is not None and pos.hand_mask == d.hands[d.to_play]


def test_a_notation_that_disagrees_names_the_fields():
    d = mid_trick_deal()
    hand = content(d)["hand"]
    with pytest.raises(ValidationError, match="disagrees with hand"):
        ContentPosition.model_validate(content(d, hand=hand[1:]))


def test_an_impossible_notation_is_refused_with_its_code():
    d = mid_trick_deal()
    with pytest.raises(ValidationError, match="bad_format"):
        ContentPosition.model_validate(content(d, notation="tarot1 4"))
