"""What the table component is given: the state of the deal after the learner's last action,
the events since (played one by one), the actions offered, every card's face and name, and
why a card may not be played (the engine's reason). Plain JSON (see ``tutor/ui/table``)."""

from __future__ import annotations

from typing import Any

from tutor.engine import (
    TRUMPS_MASK,
    Card,
    Contract,
    Deal,
    Phase,
    TrickRecord,
    card_name,
    cards_of,
    display_order,
    format_card,
    parse_card,
)
from tutor.practice import LEARNER, PracticeDeal, Stage, seat_key
from tutor.practice.advice import CoachLevel, chien_face_up
from tutor.practice.daily import allows_take_backs
from tutor.practice.events import EventKind
from tutor.practice.explain import card_verdicts
from tutor.practice.page import PracticeState
from tutor.practice.table import known_partner
from tutor.ui.card_svg import card_svg
from tutor.ui.coach_text import card_label
from tutor.ui.i18n import t
from tutor.ui.practice.coach_view import advised_bid
from tutor.ui.practice.words import (
    bids_by_seat,
    contract_name,
    result_line,
    seat_name,
)

FACE_WIDTH = 100  # the SVG scales to the size the table gives it

MODES = {
    Stage.BID: "bid",
    Stage.CALL: "call",
    Stage.ECART: "ecart",
    Stage.CHELEM: "chelem",
    Stage.POIGNEE: "poignee",
    Stage.PLAY: "play",
    Stage.THINKING: "thinking",
    Stage.FINISHED: "finished",
    Stage.REDEAL: "redeal",
}


def _tags(deal: Deal, seat: int, lang: str) -> str:
    tags = []
    if seat == deal.taker:
        tags.append(t(lang, "game.roles.taker"))
    status, partner = known_partner(deal)
    if status == "partner" and seat == partner:
        tags.append(t(lang, "game.roles.partner"))
    if seat == deal.dealer:
        tags.append(t(lang, "game.roles.dealer"))
    return " · ".join(tags)


def tricks_won(deal: Deal, upto: int | None = None) -> list[int]:
    won = [0] * deal.players
    for record in deal.tricks[:upto]:
        won[record.winner] += 1
    return won


def _seats(deal: Deal, current: PracticeDeal, lang: str, upto: int | None) -> list[dict[str, Any]]:
    bids = bids_by_seat(deal)
    won = tricks_won(deal, upto)
    turn = None if current.finished or upto is not None else deal.current_seat
    return [
        {
            "key": seat_key(seat, deal.players),
            "name": seat_name(seat, deal.players, lang),
            "tags": _tags(deal, seat, lang),
            "bid": contract_name(bids[seat], lang, deal.rules) if seat in bids else "",
            "won": t(lang, "game.table.tricks_won", n=won[seat]) if won[seat] else "",
            "won_count": won[seat],
            "turn": seat == turn,
        }
        for seat in range(deal.players)
    ]


def _trick_cards(record: TrickRecord | None) -> list[dict[str, Any]]:
    if record is None:
        return []
    return [
        {"seat": s, "card": format_card(c)}
        for s, c in zip(record.seats, record.cards, strict=True)
    ]


def _hand(state: PracticeState, lang: str) -> tuple[list[dict[str, Any]], str | None]:
    """The learner's cards, each named for screen readers with, when the coach speaks and the
    card may not be played (or discarded) now, the engine's reason; and what a click does."""
    current = state.game.deal
    deal = current.deal
    stage = current.stage
    hand = display_order(cards_of(current.hand))
    from_chien = deal.chien if deal.taker == LEARNER and chien_face_up(deal) else 0
    action = {Stage.PLAY: "play", Stage.POIGNEE: "play", Stage.ECART: "discard"}.get(stage)
    verdicts = card_verdicts(deal, LEARNER) if action is not None else {}
    speaks = state.coach_speaks or stage is Stage.ECART  # the écart rules are always shown
    out = []
    for card in hand:
        verdict = verdicts.get(card)
        dimmed = verdict is not None and speaks
        label = card_label(card, verdict, lang) if dimmed else card_name(card, lang)
        # ``legal``: the table moves the card at once on a click (the engine's verdict; the
        # coach decides only whether it is shown)
        out.append({"card": format_card(card), "label": label, "playable": not dimmed,
                    "legal": action is not None and verdict is None,
                    "chien": bool(from_chien >> card & 1)})
    return out, action


def _actions(state: PracticeState, lang: str) -> list[dict[str, Any]]:
    """The buttons under the felt: the decision's, then the take-back while there is one."""
    out = _decision_actions(state, lang)
    if state.review is None and allows_take_backs(state.game) \
            and state.game.deal.last_learner_action() is not None:
        out.append({"id": "undo", "label": t(lang, "game.undo.button"),
                    "help": t(lang, "game.undo.help")})
    return out


def _decision_actions(state: PracticeState, lang: str) -> list[dict[str, Any]]:
    game = state.game
    current = game.deal
    stage = current.stage
    rules = current.rules
    out: list[dict[str, Any]] = []
    if state.review is not None:
        total = len(current.deal.tricks)
        if state.review > 0:
            out.append({"id": "review:back", "label": t(lang, "game.review.back")})
        if state.review < total - 1:
            out.append({"id": "review:next", "label": t(lang, "game.review.next"),
                        "primary": True})
        out.append({"id": "review:close", "label": t(lang, "game.review.close")})
        return out
    if state.coach_level is CoachLevel.ON_REQUEST and not state.coach_speaks and stage not in (
        Stage.FINISHED, Stage.REDEAL
    ):  # the coach, asked at this decision
        out.append({"id": "coach", "label": t(lang, "coach.level.button")})
    if stage is Stage.BID:
        advised = advised_bid(state)
        return [*out, *(
            {"id": f"bid:{code}", "label": contract_name(bid, lang, rules),
             "primary": bid is not None, "advice": code == advised}
            for bid in current.legal_bids()
            for code in [bid.code if bid is not None else "pass"]
        )]
    if stage is Stage.CHELEM:
        return [*out,
            {"id": "chelem:no", "label": t(lang, "game.chelem.no"), "primary": True},
            {"id": "chelem:yes", "label": t(lang, "game.chelem.yes")},
        ]
    if stage is Stage.POIGNEE:
        shows = [
            {"id": f"poignee:{level.code}",
             "label": t(lang, "game.poignee.show",
                        level=t(lang, f"game.poignee.levels.{level.code}"),
                        n=shown.bit_count())}
            for level, shown in current.poignee_options().items()
        ]
        return [*out, *shows, {"id": "poignee:no", "label": t(lang, "game.poignee.no")}]
    if stage in (Stage.FINISHED, Stage.REDEAL):
        if not game.over:
            out.append({"id": "next", "label": t(lang, "game.result.next"), "primary": True})
        if stage is Stage.FINISHED:
            out.append({"id": "review:open", "label": t(lang, "game.review.open")})
        return out
    return out


def _prompt(state: PracticeState, lang: str) -> str:
    current = state.game.deal
    deal = current.deal
    stage = current.stage
    if state.review is not None:
        record = deal.tricks[state.review]
        return t(lang, "game.review.trick", n=state.review + 1, total=len(deal.tricks),
                 winner=seat_name(record.winner, deal.players, lang))
    if stage is Stage.ECART:
        return t(lang, "game.ecart.help", done=deal.ecart.bit_count(), size=deal.ecart_size)
    if stage is Stage.FINISHED:
        return result_line(deal, lang)
    if stage is Stage.POIGNEE:
        return t(lang, "game.poignee.offer", n=(current.hand & TRUMPS_MASK).bit_count())
    if stage is Stage.CHELEM:
        return t(lang, "game.chelem.question")
    if stage is Stage.CALL:
        return t(lang, "game.call.help")
    if current.thinking is not None:
        return t(lang, "game.prompt.thinking", seat=seat_name(current.thinking, deal.players,
                                                              lang))
    return t(lang, f"game.prompt.{MODES[stage]}")


def bidding(current: PracticeDeal) -> bool:
    """The bidding is on: the learner's bid, or a computer player's bid searched on the
    workers (the chien stays face down on the felt meanwhile)."""
    return current.stage is Stage.BID or (
        current.stage is Stage.THINKING and current.deal.phase is Phase.BIDDING)


def _strip(current: PracticeDeal, lang: str) -> dict[str, Any] | None:
    """What lies in the middle of the felt when no card is played: the chien (face down while
    bidding, face up when shown), or the cards the taker may call."""
    deal = current.deal
    stage = current.stage
    if bidding(current):
        return {"label": t(lang, "game.ecart.chien"), "backs": deal.chien.bit_count()}
    if stage is Stage.CALL:
        call: dict[str, Any] = {"label": t(lang, "game.call.heading"),
                "cards": [format_card(c) for c in current.callable()], "kind": "call"}
        return call
    if chien_face_up(deal) and not deal.tricks and not deal.trick:
        # shown in the middle until the écart is made, then aside (in a corner, small) until
        # the first card: the felt's middle is for the trick
        aside = stage not in (Stage.ECART, Stage.BID, Stage.CALL)
        label = "game.ecart.chien_was" if aside else "game.ecart.chien_shown"
        return {"label": t(lang, label), "aside": aside,
                "cards": [format_card(c) for c in display_order(cards_of(deal.chien))]}
    return None


def _bar(state: PracticeState, lang: str) -> list[str]:
    game = state.game
    deal = game.deal.deal
    players = deal.players
    facts = [t(lang, "game.status.deal", n=game.number)]
    if deal.taker is not None and deal.contract is not None:
        facts.append(t(lang, "game.status.taker", seat=seat_name(deal.taker, players, lang),
                       contract=contract_name(deal.contract, lang, deal.rules)))
        status, partner = known_partner(deal)
        if deal.called is not None:
            facts.append(t(lang, "game.status.called", card=card_name(deal.called, lang)))
            if status == "partner" and partner is not None:
                facts.append(t(lang, "game.status.partner",
                               seat=seat_name(partner, players, lang)))
            elif status == "alone":
                facts.append(t(lang, "game.status.alone"))
            else:
                facts.append(t(lang, "game.status.partner_unknown"))
        attack = deal.taker == LEARNER or (status == "partner" and partner == LEARNER)
        facts.append(t(lang, "game.status.you_attack" if attack else "game.status.you_defend"))
        if deal.tricks or deal.trick:
            number = min(len(deal.tricks) + 1, deal.tricks_per_deal)
            if state.review is not None:  # the trick under review, not the deal's last
                number = state.review + 1
            facts.append(t(lang, "game.status.trick", n=number, total=deal.tricks_per_deal))
    else:
        facts.append(t(lang, "game.status.dealer", seat=seat_name(deal.dealer, players, lang)))
        if bidding(game.deal):
            facts.append(t(lang, "game.status.bidding"))
    facts.append(_level_fact(state, lang))
    if game.rows:
        facts.append(" · ".join(
            f"{seat_name(s, players, lang)} {total:+d}" for s, total in enumerate(game.totals)
        ))
    return facts


def _level_fact(state: PracticeState, lang: str) -> str:
    """The computer players' level in force (and the one chosen for the next deal)."""
    level = t(lang, f"game.settings.levels.{state.game.level.value}")
    if state.next_level is None:
        return t(lang, "game.status.level", level=level)
    return t(lang, "game.status.level_next", level=level,
             next=t(lang, f"game.settings.levels.{state.next_level.value}"))


def _event_text(event: dict[str, Any], deal: Deal, lang: str) -> str:
    kind = event["kind"]
    seat = seat_name(event["seat"], deal.players, lang)
    if kind == EventKind.BID:
        code = event["contract"]
        return contract_name(None if code == "pass" else Contract.from_code(code), lang, deal.rules)
    if kind == EventKind.CALL:
        return t(lang, "game.events.call", seat=seat, card=card_name(_card(event["card"]), lang))
    if kind == EventKind.CHELEM:
        return t(lang, "game.chelem.announced", seat=seat) if event["announce"] else ""
    if kind == EventKind.POIGNEE:
        return t(lang, "game.events.poignee", seat=seat, n=len(event["cards"]))
    return ""


def _card(code: str) -> Card:
    return parse_card(code)


def _before(current: PracticeDeal, first: int) -> list[dict[str, Any]]:
    """The cards on the table when the events from ``first`` start."""
    on_table: list[dict[str, Any]] = []
    for event in current.events[:first]:
        if event.kind is EventKind.PLAY and event.card is not None:
            on_table.append({"seat": event.seat, "card": format_card(event.card)})
        elif event.kind is EventKind.TRICK:
            on_table = []
    return on_table


def table_data(state: PracticeState, lang: str) -> dict[str, Any]:
    """The table component's data for the page state (the events given are marked watched)."""
    game = state.game
    current = game.deal
    deal = current.deal
    stage = current.stage
    review = state.review if stage is Stage.FINISHED else None
    mode = "review" if review is not None else MODES[stage]
    unwatched = state.unwatched()
    # a chelem not announced is no event to watch
    events = [dict(e) for e in unwatched.events
              if e["kind"] != EventKind.CHELEM or e.get("announce")]
    for event in events:
        if event["kind"] in (EventKind.BID, EventKind.CALL, EventKind.CHELEM, EventKind.POIGNEE):
            event["text"] = _event_text(event, deal, lang)
    winner = None
    last: dict[str, Any] | None = None
    if review is not None:
        record: TrickRecord | None = deal.tricks[review]
        trick = _trick_cards(record)
        winner = record.winner if record is not None else None
    elif stage is Stage.FINISHED and deal.tricks:
        trick = _trick_cards(deal.tricks[-1])
        winner = deal.tricks[-1].winner
    else:
        trick = [{"seat": s, "card": format_card(c)}
                 for s, c in zip(deal.trick_seats, deal.trick, strict=True)]
        if deal.tricks:
            previous = deal.tricks[-1]
            last = {"cards": _trick_cards(previous), "winner": previous.winner}
    hand, action = _hand(state, lang)
    if review is not None:
        hand = [{"card": format_card(c), "label": card_name(c, lang), "playable": True}
                for c in display_order(cards_of(_review_hand(deal, review)))]
        action = None
    ecart: dict[str, Any] | None = None
    if stage in (Stage.ECART, Stage.CHELEM) and deal.taker == LEARNER:
        ecart = {
            "label": t(lang, "game.ecart.area", done=deal.ecart.bit_count(), size=deal.ecart_size),
            "cards": [format_card(c) for c in display_order(cards_of(deal.ecart))],
            "take_back": t(lang, "game.ecart.take_back"),
        }
    strip = None if review is not None else _strip(current, lang)
    codes: set[str] = {c["card"] for c in hand} | {c["card"] for c in trick}
    if last is not None:
        codes |= {c["card"] for c in last["cards"]}
    if strip is not None:
        codes |= set(strip.get("cards", []))
    if ecart is not None:
        codes |= set(ecart["cards"])
    for event in events:
        if "card" in event:
            codes.add(event["card"])
    before = _before(current, unwatched.first)
    codes |= {c["card"] for c in before}
    cards = [_card(code) for code in codes]
    return {
        "players": deal.players,
        "deal": game.number,
        "mode": mode,
        # changes with every action taken: tests wait on it after a click
        "state_key": f"{state.round}:{game.number}:{len(current.moves)}:{mode}:{review}",
        # sent back with each click: applied only while it is the page's (see PracticeState)
        "seq": state.seq,
        "epoch": state.epoch,
        "bar": _bar(state, lang),
        "seats": _seats(deal, current, lang, review + 1 if review is not None else None),
        "trick": trick,
        "winner": winner,
        "last": last,
        "hand": hand,
        "hand_action": action,
        "ecart": ecart,
        "strip": strip,
        "actions": _actions(state, lang),
        "prompt": _prompt(state, lang),
        "notice": "",
        "message": "",
        "faces": {format_card(c): card_svg(c, width=FACE_WIDTH, lang=lang) for c in cards},
        "names": {format_card(c): card_name(c, lang) for c in cards},
        "anim": {"key": f"{state.round}:{unwatched.key}", "events": events, "before": before},
        "speed_ms": state.speed.card_ms,
        "labels": {
            "table": t(lang, "game.table.label"),
            "hand": t(lang, "game.table.your_hand"),
            "skip": t(lang, "game.table.skip"),
            "last_trick": t(lang, "game.table.last_trick"),
            "back_to_table": t(lang, "game.table.back_to_table"),
            "tricks_won": t(lang, "game.table.tricks_won", n="{n}"),
        },
    }


def _review_hand(deal: Deal, index: int) -> int:
    """The learner's cards as trick ``index`` starts (the cards played from it on, back in)."""
    hand = deal.hands[LEARNER]
    for record in deal.tricks[index:]:
        if LEARNER in record.seats:
            hand |= 1 << record.cards[record.seats.index(LEARNER)]
    return hand


__all__ = ["MODES", "table_data", "tricks_won"]
