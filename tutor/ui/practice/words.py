"""The practice page's words: seats, bids, results, refusals and dates, in the learner's
language (the engine gives codes, the catalogs the sentences; the coach's words are
``tutor.ui.coach_text``)."""

from __future__ import annotations

from datetime import date, datetime

from tutor.engine import FFT_2012, Contract, Deal, Rules, first_to_speak, format_half
from tutor.practice import LEARNER, Refusal, seat_key
from tutor.practice.explain import explain_refusal
from tutor.ui import coach_text
from tutor.ui.i18n import t
from tutor.ui.words import contract_label, seat_name


def seat_who(seat: int, players: int, lang: str) -> str:
    """The seat inside a sentence: 'you', 'Right' / 'tu', 'il giocatore a destra'."""
    return t(lang, f"game.who.{seat_key(seat, players)}")


def points_text(half: int, lang: str) -> str:
    text = format_half(half)
    return text.replace(".", ",") if lang == "it" else text


def contract_name(contract: Contract | None, lang: str, rules: Rules = FFT_2012) -> str:
    """A bid's name, as the rules name it (online-first-to-100 says "Petite")."""
    return contract_label(rules, contract.code if contract is not None else "pass", lang)


def refusal_words(refusal: Refusal, lang: str, coach: bool) -> str:
    """A refused action in the coach's words: the rule and the cards forcing it (the coach
    speaking), or the rule's name only."""
    item = explain_refusal(refusal)
    return coach_text.refusal_text(item, lang) if coach else coach_text.refusal_short(item, lang)


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


def readable_day(day: date, lang: str) -> str:
    """'2 Dec 2026' / '2 dic 2026'."""
    return t(lang, "game.daily.date", day=day.day,
             month=t(lang, f"game.saved.months.m{day.month}"), year=day.year)


__all__ = [
    "bids_by_seat",
    "contract_name",
    "points_text",
    "readable_date",
    "readable_day",
    "refusal_words",
    "result_line",
    "seat_name",
    "seat_who",
]
