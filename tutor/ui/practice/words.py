"""The practice page's words: seats, bids, refusals, the coach's remarks and dates, in the
learner's language (the engine gives codes, the catalogs the sentences)."""

from __future__ import annotations

from datetime import datetime

from tutor.engine.cards import card_name, format_half
from tutor.engine.contracts import Contract, first_to_speak
from tutor.engine.game import Deal
from tutor.engine.play import NO_SUIT_LED, Reason
from tutor.engine.variants import FFT_2012, Rules
from tutor.practice import LEARNER, Refusal, Remark, seat_key
from tutor.ui.i18n import t
from tutor.ui.score_sheet import contract_label
from tutor.ui.views import names

PLAY_REASONS = frozenset(r.value for r in Reason)
ECART_REASONS = frozenset({"king_in_ecart", "oudler_in_ecart", "trump_while_other_cards"})


def seat_name(seat: int, players: int, lang: str) -> str:
    """'You', 'Right', 'Across', 'Left' …: a label."""
    return t(lang, f"game.seats.{seat_key(seat, players)}")


def seat_who(seat: int, players: int, lang: str) -> str:
    """The seat inside a sentence: 'you', 'Right' / 'tu', 'il giocatore a destra'."""
    return t(lang, f"game.who.{seat_key(seat, players)}")


def points_text(half: int, lang: str) -> str:
    text = format_half(half)
    return text.replace(".", ",") if lang == "it" else text


def contract_name(contract: Contract | None, lang: str, rules: Rules = FFT_2012) -> str:
    """A bid's name, as the rules name it (seed 004's web game says "Petite")."""
    return contract_label(rules, contract.code if contract is not None else "pass", lang)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def refusal_text(refusal: Refusal, lang: str, coach: bool) -> str:
    """A refused action as a sentence: with the coach, the rule and the cards forcing it (the
    engine's reason through the catalog, as for puzzles); without, a short one."""
    code = refusal.code
    if code in PLAY_REASONS:
        if not coach:
            return t(lang, f"game.short.{code}")
        suit = t(lang, f"suits.{refusal.led}") if refusal.led != NO_SUIT_LED else ""
        text = _sentence(t(lang, f"verdict.{code}", suit=suit, cards=names(refusal.forcing, lang)))
        if refusal.card is not None and code != "not_in_hand":
            return f"{card_name(refusal.card, lang)} — {text}"
        return text
    if code in ECART_REASONS:
        text = t(lang, f"verdict.{code}")
        return f"{card_name(refusal.card, lang)} — {text}" if refusal.card is not None else text
    return t(lang, "game.refused.other")


def remark_text(remark: Remark, players: int, lang: str) -> str:
    code = remark.code.value
    if code == "petit_saved" and remark.winner == LEARNER:
        code = "petit_saved_you"
    return t(
        lang,
        f"game.coach.{code}",
        card=card_name(remark.card, lang) if remark.card is not None else "",
        winner=seat_who(remark.winner, players, lang),
        side=t(lang, f"game.sides.{remark.side.value}"),
        points=points_text(remark.points, lang),
        cheaper=card_name(remark.cheaper, lang) if remark.cheaper is not None else "",
    )


def result_line(deal: Deal, lang: str) -> str:
    """'Your Garde is made by 12.' / "Left's Prise is lost by 3." (a finished, played deal)."""
    result = deal.result()
    assert deal.taker is not None and deal.contract is not None
    score = result.score
    diff = abs(score.difference)
    contract = contract_name(deal.contract, lang, deal.rules)
    if deal.taker == LEARNER:
        key = "game.result.you_made" if score.made else "game.result.you_lost"
        return t(lang, key, contract=contract, diff=diff)
    key = "game.result.made" if score.made else "game.result.lost"
    return t(lang, key, seat=seat_name(deal.taker, deal.players, lang), contract=contract,
             diff=diff)


def bids_by_seat(deal: Deal) -> dict[int, Contract | None]:
    """Each seat's bid so far (a seat speaks once)."""
    first = first_to_speak(deal.dealer, deal.players)
    return {(first + i) % deal.players: bid for i, bid in enumerate(deal.bids)}


def readable_date(when: datetime, lang: str) -> str:
    """'30 Nov 2026, 19:10' / '30 nov 2026, 19:10'."""
    month = t(lang, f"game.saved.months.m{when.month}")
    return t(lang, "game.saved.date", day=when.day, month=month, year=when.year,
             time=f"{when:%H:%M}")


__all__ = [
    "bids_by_seat",
    "contract_name",
    "points_text",
    "readable_date",
    "refusal_text",
    "remark_text",
    "result_line",
    "seat_name",
    "seat_who",
]
