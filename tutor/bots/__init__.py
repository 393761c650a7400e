"""Computer players (pure Python): the ``Bot`` protocol, ``SimpleBot``, ``ClubBot`` and
``StrongBot``, and the levels a practice game offers (``BotLevel``)."""

from tutor.bots.base import Bot
from tutor.bots.bidding import (
    SCALE,
    SOURCE,
    CountItem,
    CountLine,
    HandCount,
    choose_bid,
    choose_call,
    hand_count,
    hand_strength,
    wanted_contract,
)
from tutor.bots.club import ClubBot
from tutor.bots.ecart import plan_ecart
from tutor.bots.knowledge import View, observe
from tutor.bots.levels import BotLevel
from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import bot_step, decision_rng, play_deal
from tutor.bots.strong import StrongBot

__all__ = [
    "SCALE",
    "SOURCE",
    "Bot",
    "BotLevel",
    "ClubBot",
    "CountItem",
    "CountLine",
    "HandCount",
    "SimpleBot",
    "StrongBot",
    "View",
    "bot_step",
    "choose_bid",
    "choose_call",
    "decision_rng",
    "hand_count",
    "hand_strength",
    "observe",
    "plan_ecart",
    "play_deal",
    "wanted_contract",
]
