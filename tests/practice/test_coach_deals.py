"""The coach through whole deals at 3, 4 and 5 players: at every decision of the learner its
advice exists and reads in both languages, the advice is legal for the engine, and every
remark and refused card has its words."""

from __future__ import annotations

import random

import pytest

from tutor.engine.cards import cards_of
from tutor.practice import PracticeDeal, Stage
from tutor.practice.advice import (
    bid_advice,
    bid_risk,
    call_advice,
    ecart_advice,
    ecart_review,
    risk_of_bid_made,
)
from tutor.practice.explain import card_verdicts
from tutor.ui.coach_text import card_label, lesson_link, text

LANGS = ("en", "it")


def say(item: object, players: int) -> None:
    for lang in LANGS:
        sentence = text(item, lang, players)  # type: ignore[arg-type]
        assert sentence and "coach." not in sentence and "{" not in sentence
        lesson_link(item, lang)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_coach_speaks_at_every_decision_of_whole_deals(players):
    rng = random.Random(players)
    for seed in range(8):
        practice = PracticeDeal(players, seed)
        deal = practice.deal
        while not practice.finished:
            stage = practice.stage
            if stage is Stage.BID:
                advice = bid_advice(deal, 0)
                say(advice, players)
                bid = rng.choice(practice.legal_bids())
                risk = bid_risk(deal, 0, bid)
                if risk is not None:
                    say(risk, players)
                assert practice.bid(bid) is None
                assert risk_of_bid_made(deal, 0) == risk
            elif stage is Stage.CALL:
                advice = call_advice(deal, 0)
                say(advice, players)
                assert advice.advised in practice.callable()
                assert practice.call(advice.advised) is None
            elif stage is Stage.ECART:
                advice = ecart_advice(deal, 0)
                say(advice, players)
                verdicts = card_verdicts(deal, 0)
                for card, verdict in verdicts.items():
                    assert card_label(card, verdict, "it")
                for item in advice.cards:  # the engine takes the whole suggestion
                    assert practice.discard(item.card) is None
                say(ecart_review(deal, 0, deal.ecart), players)
            elif stage is Stage.CHELEM:
                assert practice.announce_chelem(False) is None
            elif stage is Stage.POIGNEE:
                assert practice.show_poignee(None) is None
            else:
                verdicts = card_verdicts(deal, 0)
                legal = practice.legal_plays()
                assert {c for c, v in verdicts.items() if v is None} == set(cards_of(legal))
                for card, verdict in verdicts.items():
                    if verdict is not None:
                        refusal = practice.play(card)
                        assert refusal is not None and refusal.code == verdict.code
                        say(verdict, players)
                        break
                assert practice.play(rng.choice(cards_of(legal))) is None
        for remark in practice.remarks:
            say(remark, players)
