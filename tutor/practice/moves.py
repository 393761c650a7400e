"""Actions as short strings, for saving a deal and replaying it: ``bid:garde``, ``bid:pass``,
``call:KH``, ``discard:5D``, ``chelem:no``, ``poignee:T3 T4 …``, ``play:EX``."""

from __future__ import annotations

from tutor.engine.cards import cards_of, format_card, format_cards, mask_of, parse_card, parse_cards
from tutor.engine.contracts import Contract
from tutor.engine.game import (
    Action,
    AnnounceChelem,
    Bid,
    Call,
    Discard,
    Play,
    ShowPoignee,
)


def encode(action: Action) -> str:
    if isinstance(action, Bid):
        return f"bid:{action.contract.code if action.contract is not None else 'pass'}"
    if isinstance(action, Call):
        return f"call:{format_card(action.card)}"
    if isinstance(action, Discard):
        return f"discard:{format_card(action.card)}"
    if isinstance(action, AnnounceChelem):
        return f"chelem:{'yes' if action.announce else 'no'}"
    if isinstance(action, ShowPoignee):
        return f"poignee:{format_cards(cards_of(action.cards))}"
    return f"play:{format_card(action.card)}"


def decode(text: str) -> Action:
    """The action a string stands for; ValueError when it is not one."""
    kind, _, arg = text.partition(":")
    if kind == "bid":
        return Bid(None if arg == "pass" else Contract.from_code(arg))
    if kind == "call":
        return Call(parse_card(arg))
    if kind == "discard":
        return Discard(parse_card(arg))
    if kind == "chelem":
        if arg not in ("yes", "no"):
            raise ValueError(f"chelem:{arg}: use chelem:yes or chelem:no")
        return AnnounceChelem(arg == "yes")
    if kind == "poignee":
        return ShowPoignee(mask_of(parse_cards(arg)))
    if kind == "play":
        return Play(parse_card(arg))
    raise ValueError(f"unknown move {text!r}")
