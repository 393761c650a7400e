"""The coach's data as sentences, in English and Italian (catalog ``coach.*``).

``text(item, lang, players)`` says any coach item in plain text (no markdown: card names and
catalog strings only); ``lesson_link(item, lang)`` gives the lesson step that teaches the rule
a refusal is about, as a label and a page path with its query.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import urlencode

import yaml

from tutor.bots import SCALE, CountItem, CountLine, HandCount
from tutor.engine import (
    Card,
    Contract,
    Suit,
    card_name,
    format_half,
    is_trump,
    suit_name,
    suit_of,
)
from tutor.practice.advice import (
    BidAdvice,
    BidRisk,
    BidRiskCode,
    CallAdvice,
    CoachLevel,
    EcartAdvice,
    EcartCard,
    EcartReview,
)
from tutor.practice.coach import Remark, RemarkCode
from tutor.practice.deal import LEARNER
from tutor.practice.explain import (
    ADVICE_LESSONS,
    REMARK_LESSONS,
    AdviceTopic,
    IllegalExplained,
    LessonStep,
    RefusalKind,
)
from tutor.practice.table import seat_key
from tutor.ui.i18n import catalog, t

CoachItem = (
    BidAdvice | BidRisk | CallAdvice | EcartAdvice | EcartReview | Remark | IllegalExplained
)
LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
LESSONS_PAGE = "lessons"  # app.py's url_path of the lessons page
# Items said with their number, never in the plural: a card, or a suit's length.
_SINGLE_ITEMS = frozenset((CountItem.TRUMP_21, CountItem.EXCUSE, CountItem.PETIT,
                           CountItem.LONG_SUIT))


@dataclass(frozen=True, slots=True)
class LessonLink:
    label: str  # "Lesson 7, step 3: Trick obligations"
    path: str  # "lessons?lesson=trick-obligations&step=3&lang=en"


# --- small words ----------------------------------------------------------------------------
def points_text(half: int, lang: str) -> str:
    text = format_half(half)
    return text.replace(".", ",") if lang == "it" else text


def join(items: Sequence[str], lang: str) -> str:
    """'a', 'a and b', 'a, b and c' (Italian 'e')."""
    if len(items) <= 1:
        return "".join(items)
    return t(lang, "coach.list.pair", a=", ".join(items[:-1]), b=items[-1])


def cards_text(cards: Iterable[Card], lang: str) -> str:
    return join([card_name(c, lang) for c in cards], lang)


def suits_text(suits: Iterable[Suit], lang: str) -> str:
    return join([suit_name(s, lang) for s in suits], lang)


def contract_text(contract: Contract | None, lang: str) -> str:
    """A contract's name inside a sentence ('garde sans'; 'pass')."""
    code = contract.code if contract is not None else "pass"
    return t(lang, f"contracts.{code}").lower()


def _who(seat: int, players: int, lang: str) -> str:
    return t(lang, f"game.who.{seat_key(seat, players)}")


def _counted(key: str, n: int, lang: str, **values: object) -> str:
    form = "none" if n == 0 else "one" if n == 1 else "many"
    return t(lang, f"{key}.{form}", n=n, **values)


def level_text(level: CoachLevel, lang: str) -> str:
    return t(lang, f"coach.level.{level.value}")


# --- the items ----------------------------------------------------------------------------
def count_line_text(line: CountLine, lang: str, excuse: bool = False) -> str:
    """One item of the count with its points: 'the Petit (with 6 trumps) +7', '2 kings +12';
    the trumps say when the Excuse is counted among them (``excuse``)."""
    key = f"coach.count.items.{line.item.value}"
    suit = suit_name(line.suit, lang) if line.suit is not None else ""
    if line.item is CountItem.TRUMPS and excuse:
        return t(lang, "coach.count.items.trumps_excuse", n=line.n, points=line.points)
    if line.item in _SINGLE_ITEMS:
        return t(lang, key, n=line.n, points=line.points, suit=suit)
    return _counted(key, line.n, lang, points=line.points, suit=suit)


def count_text(count: HandCount, lang: str) -> str:
    """'Your hand counts 58 (lesson 17's count): the 21 +10, ...' — the count item by item."""
    lead = t(lang, "coach.count.lead", total=count.total)
    if count.players != 4:
        lead += " " + t(lang, "coach.count.scaled")
    excuse = count.points_of(CountItem.EXCUSE) > 0
    items = ", ".join(count_line_text(line, lang, excuse) for line in count.lines)
    return f"{lead}: {items or t(lang, 'coach.count.nothing')}."


def _bid_advice(item: BidAdvice, lang: str) -> str:
    step = item.count.next_step
    least = next((n for n, c in SCALE if c is item.worth), 0)
    why = t(
        lang,
        f"coach.bid.{item.why.value}",
        bid=contract_text(item.advised, lang),
        worth=contract_text(item.worth, lang),
        highest=contract_text(item.highest, lang),
        least=least,
        next=step[0] if step else "",
        next_bid=contract_text(step[1], lang) if step else "",
    )
    return f"{count_text(item.count, lang)} {why}"


def _risk_key(item: BidRisk, mult: int) -> str:
    """The risk's sentence; a loss at a prise is not multiplied, so that one says only the loss."""
    if item.code is BidRiskCode.TOO_WEAK and mult == 1:
        return "coach.risk.too_weak_prise"
    return f"coach.risk.{item.code.value}"


def _bid_risk(item: BidRisk, lang: str) -> str:
    mult = item.bid.multiplier if item.bid is not None else 0
    advised_mult = item.advised.multiplier if item.advised is not None else 0
    text = t(
        lang,
        _risk_key(item, mult),
        bid=contract_text(item.bid, lang),
        advised=contract_text(item.advised, lang),
        mult=mult,
        advised_mult=advised_mult,
    )
    if item.petit_unguarded:
        text += " " + t(lang, "coach.risk.petit_unguarded")
    return text


def _call_advice(item: CallAdvice, lang: str) -> str:
    allowed = t(lang, "coach.call.allowed", cards=cards_text(item.allowed, lang))
    why = t(
        lang,
        f"coach.call.{item.why.value}",
        card=card_name(item.advised, lang),
        n=item.suit_length,
        suit=suit_name(suit_of(item.advised), lang),
        helpers=cards_text(item.helpers, lang),
    )
    return f"{why} {allowed}"


def ecart_card_text(item: EcartCard, lang: str) -> str:
    """One card of the suggested écart and why (for a line or a card's tooltip)."""
    return t(
        lang,
        f"coach.ecart.{item.why.value}",
        card=card_name(item.card, lang),
        suit="" if is_trump(item.card) else suit_name(suit_of(item.card), lang),
    )


def _ecart_advice(item: EcartAdvice, lang: str) -> str:
    lines = [t(lang, "coach.ecart.suggested", cards=cards_text((c.card for c in item.cards), lang))]
    lines += [ecart_card_text(c, lang) + "." for c in item.cards]
    if item.kept:
        lines.append(t(lang, "coach.ecart.kept", cards=cards_text((c for c, _ in item.kept), lang)))
    lines.append(t(lang, "coach.ecart.points", points=points_text(item.points, lang)))
    return "\n".join(lines)


def _ecart_review(item: EcartReview, lang: str) -> str:
    lines = [t(lang, "coach.review.points", points=points_text(item.points, lang))]
    if item.voids:
        lines.append(t(lang, "coach.review.voids", suits=suits_text(item.voids, lang)))
    else:
        lines.append(t(lang, "coach.review.no_void"))
    if item.singletons:
        lines.append(t(lang, "coach.review.singletons", suits=suits_text(item.singletons, lang)))
    if item.trumps_shown:
        lines.append(
            t(lang, "coach.review.trumps_shown", cards=cards_text(item.trumps_shown, lang))
        )
    if item.loose_honours:
        lines.append(
            t(lang, "coach.review.loose_honours", cards=cards_text(item.loose_honours, lang))
        )
    if item.bare_kings:
        lines.append(t(lang, "coach.review.bare_kings", cards=cards_text(item.bare_kings, lang)))
    advised = points_text(item.advised_points, lang)
    if item.same_as_advised:
        lines.append(t(lang, "coach.review.same"))
    elif item.advised_voids and set(item.advised_voids) - set(item.voids):
        lines.append(
            t(lang, "coach.review.advised_voids", suits=suits_text(item.advised_voids, lang),
              points=advised)
        )
    elif item.advised_points > item.points:
        lines.append(t(lang, "coach.review.advised_points", points=advised))
    return "\n".join(lines)


def remark_text(item: Remark, lang: str, players: int) -> str:
    key = item.code.value
    if item.code is RemarkCode.PETIT_SAVED and item.winner == LEARNER:
        key = "petit_saved_you"
    elif item.code is RemarkCode.KING_CUT and item.cheaper is not None:
        key = "king_cut_cheaper"
    return t(
        lang,
        f"coach.remark.{key}",
        card=card_name(item.card, lang) if item.card is not None else "",
        winner=_who(item.winner, players, lang),
        side=t(lang, f"game.sides.{item.side.value}"),
        points=points_text(item.points, lang),
        cheaper=card_name(item.cheaper, lang) if item.cheaper is not None else "",
    )


def refusal_text(item: IllegalExplained, lang: str) -> str:
    """The rule that refuses the action, with the cards that force it."""
    if item.kind is RefusalKind.PLAY:
        suit = t(lang, f"suits.{item.led}") if item.led >= 0 else ""
        rule = t(lang, f"verdict.{item.code}", suit=suit, cards=cards_text(item.forcing, lang))
    elif item.kind is RefusalKind.ECART and item.code != "wrong_ecart_size":
        rule = t(lang, f"verdict.{item.code}")
    else:
        key = f"coach.refusal.{item.code}"
        rule = t(lang, key) if key in catalog("en") else t(lang, "coach.refusal.other")
    rule = rule[:1].upper() + rule[1:]
    named = item.kind in (RefusalKind.PLAY, RefusalKind.ECART) and item.code != "not_in_hand"
    if item.card is not None and named:
        return f"{card_name(item.card, lang)} — {rule}"
    return rule


def refusal_short(item: IllegalExplained, lang: str) -> str:
    """A refused card said briefly (the coach off): the rule's name only."""
    if item.kind is RefusalKind.PLAY:
        return t(lang, f"game.short.{item.code}")
    return refusal_text(item, lang)


def card_label(card: Card, verdict: IllegalExplained | None, lang: str) -> str:
    """A card button's accessible name: 'Queen of hearts, not playable: you must follow
    suit.'"""
    name = card_name(card, lang)
    if verdict is None:
        return t(lang, "coach.card.playable", card=name)
    key = "not_for_ecart" if verdict.kind is RefusalKind.ECART else "not_playable"
    why = refusal_short(verdict, lang) if verdict.kind is RefusalKind.PLAY else refusal_text(
        IllegalExplained(verdict.code, verdict.kind, None, (), verdict.led, None), lang
    )
    return t(lang, f"coach.card.{key}", card=name, why=why[:1].lower() + why[1:])


def text(item: CoachItem, lang: str, players: int) -> str:
    """Any coach item as plain text in ``lang`` (lines separated by newlines)."""
    if isinstance(item, BidAdvice):
        return _bid_advice(item, lang)
    if isinstance(item, BidRisk):
        return _bid_risk(item, lang)
    if isinstance(item, CallAdvice):
        return _call_advice(item, lang)
    if isinstance(item, EcartAdvice):
        return _ecart_advice(item, lang)
    if isinstance(item, EcartReview):
        return _ecart_review(item, lang)
    if isinstance(item, Remark):
        return remark_text(item, lang, players)
    return refusal_text(item, lang)


# --- links to the lessons -----------------------------------------------------------------
@cache
def lesson_titles() -> dict[str, dict[str, str]]:
    """Each lesson's title by id and language, read once from ``lessons/``."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted(LESSONS_DIR.glob("[0-9]*.yaml")):
        with path.open(encoding="utf-8") as handle:
            data = yaml.safe_load(handle) or {}
        if isinstance(data, dict) and "id" in data:
            out[str(data["id"])] = {k: str(v) for k, v in dict(data.get("title") or {}).items()}
    return out


def step_link(step: LessonStep, lang: str) -> LessonLink:
    titles = lesson_titles().get(step.lesson, {})
    title = titles.get(lang) or titles.get("en") or step.lesson
    label = t(lang, "coach.lesson.label", number=step.number, step=step.step, title=title)
    query = urlencode({"lesson": step.lesson, "step": step.step, "lang": lang})
    return LessonLink(label, f"{LESSONS_PAGE}?{query}")


def lesson_link(item: CoachItem, lang: str) -> LessonLink | None:
    """The lesson step behind an item: the rule of a refusal, the advice's lesson, a
    remark's rule; None when no lesson step teaches it."""
    step: LessonStep | None = None
    if isinstance(item, IllegalExplained):
        step = item.lesson
    elif isinstance(item, Remark):
        step = REMARK_LESSONS.get(item.code)
    elif isinstance(item, BidAdvice | BidRisk):
        step = ADVICE_LESSONS[AdviceTopic.BID]
    elif isinstance(item, CallAdvice):
        step = ADVICE_LESSONS[AdviceTopic.CALL]
    else:
        step = ADVICE_LESSONS[AdviceTopic.ECART]
    return step_link(step, lang) if step is not None else None
