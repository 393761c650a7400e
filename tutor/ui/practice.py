"""The practice game page: whole deals against the bots, with a coach.

The game (``tutor.practice.PracticeGame``) lives in ``st.session_state["practice_game"]`` and
is saved in the learner's own store after every change, once the learner has made a move (a
mere visit saves nothing): ``create_game`` the first time, then ``update_game`` of its meta
with the version last saved, so a change made from a stale tab is refused with a message
instead of overwriting the newer game. The URL carries ``?seed=&players=&dealer=`` (the deal
in progress: a link deals the same cards, and the bots choose the same way) and ``?game=<id>``
(the learner's saved game, so a page reload resumes it; another learner's is not found).
A new game is played under the rules chosen in the settings (FFT 2012 by default; a variant of
``tutor.engine.variants.PRESETS`` is kept in the saved game and named in ``?rules=``); while
cards are played the page offers a link to the position (``?pos=`` on the puzzles page).

Buttons change the game in ``on_click`` callbacks. A card click comes back from the hand
widget during the run: it is applied and the page reruns at once, so what the learner sees is
always drawn from the new state. The bots play inside the learner's action, up to the
learner's next turn; the last trick stays on the table until the next trick is complete.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

import pandas as pd
import streamlit as st

from tutor.bots.bidding import hand_strength, wanted_contract
from tutor.engine.announcements import Poignee
from tutor.engine.cards import (
    TRUMPS_MASK,
    Card,
    card_name,
    cards_of,
    display_order,
    format_half,
    half_points,
)
from tutor.engine.contracts import ChienFate, Contract, first_to_speak
from tutor.engine.game import Deal, Phase, TrickRecord
from tutor.engine.play import NO_SUIT_LED, Reason
from tutor.engine.variants import FFT_2012, PRESETS, Rules
from tutor.inputs import plain
from tutor.practice import (
    LEARNER,
    TARGETS,
    PracticeDeal,
    PracticeGame,
    Refusal,
    Remark,
    Stage,
    seat_key,
)
from tutor.practice.game import SEED_RANGE, row_deal
from tutor.practice.replay import replay
from tutor.practice.table import known_partner
from tutor.progress.store import NotFoundError, SavedGame, StaleEditError, StoreError
from tutor.ui.card_svg import card_height, card_svg, hand_svg_row
from tutor.ui.hand_widget import card_picker
from tutor.ui.i18n import t
from tutor.ui.position import position_link
from tutor.ui.safe import BIGINT, query_choice, query_int
from tutor.ui.score_sheet import contract_label, rules_about, rules_label
from tutor.ui.session import current_language, store, store_problem_text
from tutor.ui.views import names, score_lines

GAME = "practice_game"
MESSAGE = "practice_message"
SAVED = "practice_saved"
VERSION = "practice_version"  # (game id, version) as last saved by this session
OTHERS = "practice_other_games"  # (game id, the other saved games) as last read
KIND = "practice"
PLAY_REASONS = frozenset(r.value for r in Reason)
ECART_REASONS = frozenset({"king_in_ecart", "oudler_in_ecart", "trump_while_other_cards"})
NEW_GAME_SHORTCUT = "Shift+N"
NO_TARGET = 0  # the target selectbox's "no target" (None would show as no choice at all)
TABLE_CARD = 64
SMALL_CARD = 40

# Where each seat sits in the 3 x 3 table grid (areas named after the seat keys).
# Single quotes: the value goes inside a double-quoted style attribute.
_AREAS = {
    3: "'left . right' '. center .' '. you .'",
    4: "'. across .' 'left center right' '. you .'",
    5: "'across_left . across_right' 'left center right' '. you .'",
}


# --- words --------------------------------------------------------------------------------
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


def show_remarks(remarks: Iterable[Remark], players: int, lang: str) -> None:
    for remark in remarks:
        text = remark_text(remark, players, lang)
        if remark.good:
            st.success(text, icon=":material/thumb_up:")
        else:
            st.warning(text, icon=":material/school:")


# --- the game in the session --------------------------------------------------------------
def _flash(kind: str, text: str) -> None:
    st.session_state[MESSAGE] = (kind, text)


def _show_flash() -> None:
    message = st.session_state.pop(MESSAGE, None)
    if message is None:
        return
    kind, text = message
    if kind == "error":
        st.error(text, icon=":material/block:")
    elif kind == "warning":
        st.warning(text, icon=":material/warning:")
    else:
        st.info(text, icon=":material/info:")


def _adopt(game: PracticeGame) -> None:
    """Make ``game`` the session's game and set the settings widgets to match it."""
    st.session_state[GAME] = game
    st.session_state["practice-players"] = game.players
    st.session_state["practice-coach"] = game.coach
    st.session_state["practice-target"] = game.target or NO_TARGET
    st.session_state["practice-rules"] = game.rules.name
    # a resumed game is saved as it is: not written again until it changes
    st.session_state[SAVED] = game.to_data() if game.game_id is not None else None


def _load_or_new(lang: str) -> PracticeGame:
    # Each parameter bounded before use; one the page cannot use is named in a message.
    game_id = query_int("game", 1, BIGINT, lang)
    seed = query_int("seed", 0, SEED_RANGE - 1, lang)
    players = query_int("players", 3, 5, lang) or 4
    dealer = query_int("dealer", 0, players - 1, lang)
    rules = PRESETS[query_choice("rules", PRESETS, lang) or FFT_2012.name]
    if players not in rules.players:  # a link naming a 4-player variant at 3 or 5: said
        _flash("warning", _four_only(rules, lang))
        rules = FFT_2012
    if game_id is not None:
        saved = _saved_game(game_id, lang)
        if saved is not None and saved.kind == KIND:
            try:
                game = _restore(saved)
            except ValueError as error:
                _flash("warning", t(lang, "game.saved.unreadable", problem=error))
            else:
                if seed is None or game.deal.seed == seed:
                    _flash("info", t(lang, "game.saved.restored"))
                    return game
    if seed is not None:
        return PracticeGame.new(players, seed, dealer=dealer, rules=rules)
    return PracticeGame.new(players, rules=rules)


def _saved_game(game_id: int, lang: str) -> SavedGame | None:
    """The learner's saved game ``game_id`` (None when not theirs, or the store failed: said)."""
    try:
        return store().game(game_id)
    except NotFoundError:
        return None
    except StoreError as error:
        _flash("warning", store_problem_text(error, lang))
        return None


def _restore(saved: SavedGame) -> PracticeGame:
    """The game of a saved practice game (ValueError when unreadable); its version is noted so
    the next save is checked against it."""
    data = dict(saved.meta)
    if saved.rows and not data.get("rows"):  # a game saved before learners: deals as rows
        data["rows"] = [row.data for row in saved.rows]
    game = PracticeGame.from_data(data, saved.id)
    st.session_state[VERSION] = (saved.id, saved.version)
    return game


def current_game(lang: str) -> PracticeGame:
    game = st.session_state.get(GAME)
    if not isinstance(game, PracticeGame):
        game = _load_or_new(lang)
        _adopt(game)
    return game


def _started(data: dict[str, Any]) -> bool:
    """A game worth saving: a deal finished, or a move made in this one."""
    return bool(data.get("rows") or data.get("current", {}).get("moves"))


def _save(game: PracticeGame, data: dict[str, Any], lang: str) -> None:
    """Create the saved game, or update its meta against the version this session saw."""
    s = store()
    known = st.session_state.get(VERSION)
    if game.game_id is None:
        saved = s.create_game(t(lang, "game.saved.name", players=game.players), KIND, data)
        game.game_id = saved.id
    else:
        version = known[1] if isinstance(known, tuple) and known[0] == game.game_id else 0
        saved = s.update_game(game.game_id, version, meta=data)
    st.session_state[VERSION] = (saved.id, saved.version)


def _persist(game: PracticeGame, lang: str, notice: Any) -> None:
    """Save the game when it changed (a failure is said in ``notice``, at the top of the
    page, and the next change tries again), and keep the URL pointing at it."""
    data = game.to_data()
    if st.session_state.get(SAVED) != data and _started(data):
        try:
            _save(game, data, lang)
        except StoreError as error:
            with notice.container():
                st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")
                if isinstance(error, StaleEditError) and game.game_id is not None:
                    st.button(t(lang, "store.reload"), key="practice-reload",
                              on_click=_on_resume, args=(game.game_id,),
                              icon=":material/refresh:")
        else:
            st.session_state[SAVED] = data
    wanted = {
        "seed": str(game.deal.seed),
        "players": str(game.players),
        "dealer": str(game.deal.dealer),
    }
    if game.rules is not FFT_2012:
        wanted["rules"] = game.rules.name
    elif "rules" in st.query_params:
        del st.query_params["rules"]
    if game.game_id is not None:
        wanted["game"] = str(game.game_id)
    for key, value in wanted.items():
        if st.query_params.get(key) != value:
            st.query_params[key] = value


def deal_link(game: PracticeGame, lang: str) -> str:
    """A relative link that deals the deal in progress again (same cards, same bots)."""
    deal = game.deal
    rules = "" if game.rules is FFT_2012 else f"&rules={game.rules.name}"
    return f"?seed={deal.seed}&players={game.players}&dealer={deal.dealer}{rules}&lang={lang}"


# --- callbacks ----------------------------------------------------------------------------
def _game() -> PracticeGame:
    game = st.session_state[GAME]
    assert isinstance(game, PracticeGame)
    return game


def _lang() -> str:
    return str(st.session_state.get("lang", "en"))


def _after(refusal: Refusal | None, coach: bool) -> None:
    st.session_state.pop(MESSAGE, None)
    if refusal is not None:
        _flash("error", refusal_text(refusal, _lang(), coach))
    _game().record()


def _four_only(rules: Rules, lang: str) -> str:
    return t(
        lang,
        "variants.four_only",
        name=rules_label(rules, lang),
        allowed=" / ".join(map(str, rules.players)),
    )


def _new_game(players: int | None = None, rules: Rules | None = None) -> None:
    old = _game()
    rules = rules or old.rules
    target = old.target
    if rules is not old.rules:
        # new rules bring their own target (the web game's 100); the learner's own target
        # goes on, but not the one the old rules brought
        target = rules.target_score or (None if old.rules.target_score else old.target)
    game = PracticeGame.new(players or old.players, target=target, coach=old.coach, rules=rules)
    st.session_state.pop(MESSAGE, None)
    _adopt(game)


def _on_players() -> None:
    players = st.session_state.get("practice-players")
    if players not in (3, 4, 5):
        st.session_state["practice-players"] = _game().players
        return
    if players not in _game().rules.players:  # the web game's rules are for 4 players
        st.session_state["practice-players"] = _game().players
        _flash("warning", _four_only(_game().rules, _lang()))
        return
    if players != _game().players:
        _new_game(players)


def _on_rules() -> None:
    """A new game under the rules chosen (refused, with a message, for a table size the
    rules are not written for)."""
    game = _game()
    rules = PRESETS.get(str(st.session_state.get("practice-rules")), game.rules)
    if game.players not in rules.players:
        st.session_state["practice-rules"] = game.rules.name
        _flash("warning", _four_only(rules, _lang()))
        return
    if rules is not game.rules:
        _new_game(rules=rules)


def _on_coach() -> None:
    _game().coach = bool(st.session_state.get("practice-coach"))


def _on_target() -> None:
    target = st.session_state.get("practice-target")
    _game().target = target if isinstance(target, int) and target > 0 else None


def _on_bid(code: str) -> None:
    game = _game()
    contract = None if code == "pass" else Contract.from_code(code)
    _after(game.deal.bid(contract), game.coach)


def _on_chelem(announce: bool) -> None:
    game = _game()
    _after(game.deal.announce_chelem(announce), game.coach)


def _on_poignee(level: str | None) -> None:
    game = _game()
    _after(game.deal.show_poignee(None if level is None else Poignee.from_code(level)), game.coach)


def _on_next_deal() -> None:
    game = _game()
    if game.deal.finished:
        game.next_deal()
    st.session_state.pop(MESSAGE, None)


def _on_resume(game_id: int) -> None:
    saved = _saved_game(game_id, _lang())
    if saved is None or saved.kind != KIND:
        return
    try:
        game = _restore(saved)
    except ValueError as error:
        _flash("warning", t(_lang(), "game.saved.unreadable", problem=error))
        return
    _adopt(game)
    _flash("info", t(_lang(), "game.saved.restored"))


# Card clicks are applied in the hand widget's callback, before the page is drawn: the page
# is drawn once, from the new state (not drawn, rerun and drawn again).
def _on_call(card: Card) -> None:
    game = _game()
    _after(game.deal.call(card), game.coach)


def _on_take_back(card: Card) -> None:
    game = _game()
    _after(game.deal.take_back(card), game.coach)


def _on_discard(card: Card) -> None:
    game = _game()
    _after(game.deal.discard(card), game.coach)


def _on_play(card: Card) -> None:
    game = _game()
    _after(game.deal.play(card), game.coach)


# --- drawing: the table -------------------------------------------------------------------
def _slot(width: int) -> str:
    return (
        f'<div style="width:{width}px;height:{card_height(width)}px;border:2px dashed #c5d0cb;'
        'border-radius:7px;box-sizing:border-box"></div>'
    )


def table_html(
    deal: Deal,
    cards: Sequence[Card],
    seats: Sequence[int],
    lang: str,
    *,
    to_play: int | None = None,
    winner: int | None = None,
    center: str = "",
    width: int = TABLE_CARD,
) -> str:
    """The trick laid out round the table: each seat's card (or an empty place) under its
    name, the learner at the bottom, the next seat (counter-clockwise) on the right."""
    players = deal.players
    played = dict(zip(seats, cards, strict=True))
    cells = []
    for seat in range(players):
        key = seat_key(seat, players)
        tags = []
        if seat == deal.taker:
            tags.append(t(lang, "game.roles.taker"))
        status, partner = known_partner(deal)
        if status == "partner" and seat == partner:
            tags.append(t(lang, "game.roles.partner"))
        if seat == deal.dealer:
            tags.append(t(lang, "game.roles.dealer"))
        label = html.escape(seat_name(seat, players, lang))
        tag = html.escape(" · ".join(tags))
        card = played.get(seat)
        face = card_svg(card, width=width, lang=lang) if card is not None else _slot(width)
        ring = ""
        if winner is not None and seat == winner:
            ring = "box-shadow:0 0 0 3px #e0a800;border-radius:9px;"
        turn = ""
        if to_play is not None and seat == to_play:
            turn = (
                '<div style="font-size:0.75rem;color:#1f6f5c;font-weight:600">▲ '
                f"{html.escape(t(lang, 'game.table.to_play'))}</div>"
            )
        cells.append(
            f'<div data-seat="{key}" style="grid-area:{key};display:flex;flex-direction:column;'
            'align-items:center;gap:2px">'
            f'<div style="font-weight:600;font-size:0.9rem">{label}</div>'
            f'<div style="font-size:0.72rem;color:#5b6b65;min-height:1em">{tag}</div>'
            f'<div style="line-height:0;{ring}">{face}</div>{turn}</div>'
        )
    cells.append(
        '<div style="grid-area:center;display:flex;align-items:center;justify-content:center;'
        f'font-size:0.8rem;color:#5b6b65;text-align:center">{html.escape(center)}</div>'
    )
    return (
        f'<div class="practice-table" data-testid="practice-table" style="display:grid;'
        f"grid-template-areas:{_AREAS[players]};grid-template-columns:repeat(3,minmax(84px,1fr));"
        'gap:6px 10px;padding:10px;background:#e8f0ec;border-radius:14px;max-width:460px">'
        + "".join(cells)
        + "</div>"
    )


def trick_row_html(record: TrickRecord, players: int, lang: str, *, width: int = SMALL_CARD) -> str:
    """A finished trick in a row, in the order played, each card over its player's name;
    the winning card ringed."""
    cells = []
    for seat, card in zip(record.seats, record.cards, strict=True):
        ring = "box-shadow:0 0 0 3px #e0a800;border-radius:7px;" if seat == record.winner else ""
        label = html.escape(seat_name(seat, players, lang))
        cells.append(
            f'<div data-seat="{seat_key(seat, players)}" style="display:flex;flex-direction:column;'
            f'align-items:center;gap:3px"><div style="line-height:0;{ring}">'
            f"{card_svg(card, width=width, lang=lang)}</div>"
            f'<div style="font-size:0.75rem;color:#44524d">{label}</div></div>'
        )
    return (
        '<div class="practice-last-trick" style="display:flex;gap:8px;flex-wrap:wrap;'
        'align-items:flex-start">' + "".join(cells) + "</div>"
    )


def _last_trick(game: PracticeGame, lang: str) -> None:
    deal = game.deal.deal
    players = deal.players
    if not deal.tricks:
        st.caption(t(lang, "game.table.none_yet"))
        return
    record = deal.tricks[-1]
    st.markdown(f"**{t(lang, 'game.table.last', seat=seat_name(record.winner, players, lang))}**")
    st.markdown(trick_row_html(record, players, lang, width=SMALL_CARD), unsafe_allow_html=True)
    points = half_points(sum(1 << c for c in record.cards))
    st.caption(t(lang, "game.table.last_points", points=points_text(points, lang)))
    if game.coach:
        show_remarks(game.deal.remarks_for(len(deal.tricks) - 1), players, lang)


def _tricks_played(deal: Deal, lang: str) -> None:
    if not deal.tricks:
        return
    # Drawn only while open (a lazy expander): the faces of every trick are a large message.
    box = st.expander(t(lang, "game.table.previous"), key="practice-tricks", on_change="rerun")
    if not box.open:
        return
    players = deal.players
    # One element for the whole list, not two per trick: each element is a message to send.
    rows = "".join(
        '<div style="font-size:0.875rem;color:#5b6b65;margin:8px 0 2px 0">'
        f"{html.escape(_trick_line(number, record, players, lang))}</div>"
        + hand_svg_row(record.cards, width=36, selected=_winning_card(record), lang=lang)
        for number, record in enumerate(deal.tricks, start=1)
    )
    box.markdown(rows, unsafe_allow_html=True)


def _winning_card(record: TrickRecord) -> set[Card]:
    return {record.cards[record.seats.index(record.winner)]}


def _trick_line(number: int, record: TrickRecord, players: int, lang: str) -> str:
    played = ", ".join(
        f"{seat_name(s, players, lang)} {card_name(c, lang)}"
        for s, c in zip(record.seats, record.cards, strict=True)
    )
    return t(
        lang,
        "game.table.trick_line",
        n=number,
        leader=seat_name(record.leader, players, lang),
        winner=seat_name(record.winner, players, lang),
        cards=played,
    )


# --- drawing: the facts of the deal -------------------------------------------------------
def _status(game: PracticeGame, lang: str) -> None:
    deal = game.deal.deal
    players = deal.players
    facts = [
        t(lang, "game.status.deal", n=game.number),
        t(lang, "game.status.dealer", seat=seat_name(deal.dealer, players, lang)),
    ]
    if deal.taker is not None and deal.contract is not None:
        facts.append(
            t(
                lang,
                "game.status.taker",
                seat=seat_name(deal.taker, players, lang),
                contract=contract_name(deal.contract, lang, deal.rules),
            )
        )
        if deal.called is not None:
            facts.append(t(lang, "game.status.called", card=card_name(deal.called, lang)))
            status, partner = known_partner(deal)
            if status == "partner" and partner is not None:
                facts.append(t(lang, "game.status.partner", seat=seat_name(partner, players, lang)))
            elif status == "alone":
                facts.append(t(lang, "game.status.alone"))
            else:
                facts.append(t(lang, "game.status.partner_unknown"))
        status, partner = known_partner(deal)
        attack = deal.taker == LEARNER or (status == "partner" and partner == LEARNER)
        facts.append(t(lang, "game.status.you_attack" if attack else "game.status.you_defend"))
        if deal.tricks or deal.trick:
            number = min(len(deal.tricks) + 1, deal.tricks_per_deal)
            facts.append(t(lang, "game.status.trick", n=number, total=deal.tricks_per_deal))
    elif game.deal.stage is Stage.BID:
        facts.append(t(lang, "game.status.bidding"))
    st.markdown(" · ".join([f"**{facts[0]}**", *facts[1:]]))


def bids_line(deal: Deal, lang: str) -> str:
    """'Right: Pass · Across: Garde · …' in the order the players spoke."""
    players = deal.players
    first = first_to_speak(deal.dealer, players)
    return " · ".join(
        t(
            lang,
            "game.bid.made",
            seat=seat_name((first + i) % players, players, lang),
            bid=contract_name(bid, lang, deal.rules),
        )
        for i, bid in enumerate(deal.bids)
    )


def _announcements(deal: Deal, lang: str) -> None:
    """What everybody has seen: the bids, the chien (prise, garde), trumps in the écart,
    poignées."""
    players = deal.players
    if deal.bids:
        st.caption(f"{t(lang, 'game.bid.so_far')}: {bids_line(deal, lang)}")
    shown_chien = (
        deal.contract is not None and deal.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART
    )
    for poignee in deal.poignees:
        st.info(
            t(
                lang,
                "game.poignee.shown",
                seat=seat_name(poignee.seat, players, lang),
                level=t(lang, f"game.poignee.levels.{poignee.level.code}"),
                cards=names(cards_of(poignee.cards), lang),
            ),
            icon=":material/back_hand:",
        )
    if deal.chelem_announced and deal.taker is not None:
        st.info(t(lang, "game.chelem.announced", seat=seat_name(deal.taker, players, lang)))
    trumps = deal.trumps_shown_in_ecart()
    if trumps and deal.taker != LEARNER:
        st.caption(t(lang, "game.ecart.trumps_shown", cards=names(trumps, lang)))
    if shown_chien:
        with st.expander(t(lang, "game.ecart.chien"), expanded=not deal.tricks):
            _cards_row(cards_of(deal.chien), lang, width=SMALL_CARD)


def _cards_row(cards: Iterable[Card], lang: str, *, width: int = 56, **kwargs: Any) -> None:
    ordered = display_order(cards)
    if ordered:
        st.markdown(hand_svg_row(ordered, width=width, lang=lang, **kwargs), unsafe_allow_html=True)


# --- the stages ---------------------------------------------------------------------------
def _bidding(game: PracticeGame, lang: str) -> None:
    current = game.deal
    deal = current.deal
    players = deal.players
    st.subheader(t(lang, "game.bid.heading"))
    if deal.bids:
        st.markdown(f"{t(lang, 'game.bid.so_far')}: {bids_line(deal, lang)}")
    else:
        st.caption(t(lang, "game.bid.nobody"))
    st.markdown(f"**{t(lang, 'game.table.your_hand')}**")
    _cards_row(cards_of(current.hand), lang)
    st.markdown(t(lang, "game.bid.your_turn"))
    if game.coach:
        suggestion = wanted_contract(current.hand, players)
        st.caption(
            t(
                lang,
                "game.bid.coach",
                points=hand_strength(current.hand, players),
                bid=contract_name(suggestion, lang, deal.rules),
            )
        )
    _show_flash()
    bids = current.legal_bids()
    for column, bid in zip(st.columns(len(bids)), bids, strict=True):
        code = bid.code if bid is not None else "pass"
        column.button(
            contract_name(bid, lang, deal.rules),
            key=f"practice-bid-{code}",
            on_click=_on_bid,
            args=(code,),
            type="secondary" if bid is None else "primary",
            width="stretch",
        )


def _calling(game: PracticeGame, lang: str) -> None:
    current = game.deal
    st.subheader(t(lang, "game.call.heading"))
    st.markdown(t(lang, "game.call.help"))
    _show_flash()
    card_picker(current.callable(), key="practice-call", lang=lang, on_pick=_on_call)
    st.markdown(f"**{t(lang, 'game.table.your_hand')}**")
    _cards_row(cards_of(current.hand), lang)


def _ecart(game: PracticeGame, lang: str) -> None:
    current = game.deal
    deal = current.deal
    stage = current.stage
    shown = deal.contract is not None and deal.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART
    if shown:
        st.markdown(t(lang, "game.ecart.chien_shown"))
        _cards_row(cards_of(deal.chien), lang)
        st.subheader(t(lang, "game.ecart.heading"))
        size = deal.ecart_size
        done = deal.ecart.bit_count()
        if stage is Stage.ECART:
            st.markdown(t(lang, "game.ecart.help", done=done, size=size))
        else:
            st.success(t(lang, "game.ecart.complete"))
        if deal.ecart:
            st.caption(t(lang, "game.ecart.yours"))
            card_picker(
                display_order(cards_of(deal.ecart)), key="practice-ecart-back", lang=lang,
                on_pick=_on_take_back,
            )
        _show_flash()
    if stage is Stage.ECART:
        refused = current.discard_refusals()
        hand = display_order(cards_of(current.hand))
        st.markdown(f"**{t(lang, 'game.table.your_hand')}**")
        if game.coach:
            st.caption(t(lang, "game.ecart.coach_hint"))
        playable = {c for c in hand if c not in refused} if game.coach else None
        card_picker(hand, key="practice-ecart", playable=playable, lang=lang,
                    on_pick=_on_discard)
        return
    st.markdown(f"**{t(lang, 'game.table.your_hand')}**")
    _cards_row(cards_of(current.hand), lang)
    if not shown:
        _show_flash()
    st.markdown(t(lang, "game.chelem.question"))
    left, right = st.columns(2)
    left.button(
        t(lang, "game.chelem.no"),
        key="practice-chelem-no",
        on_click=_on_chelem,
        args=(False,),
        type="primary",
        width="stretch",
    )
    right.button(
        t(lang, "game.chelem.yes"),
        key="practice-chelem-yes",
        on_click=_on_chelem,
        args=(True,),
        width="stretch",
    )


def _playing(game: PracticeGame, lang: str) -> None:
    current = game.deal
    deal = current.deal
    left, right = st.columns([3, 2], gap="medium")
    with left:
        st.markdown(f"**{t(lang, 'game.table.current')}**")
        number = min(len(deal.tricks) + 1, deal.tricks_per_deal)
        st.markdown(
            table_html(
                deal,
                deal.trick,
                deal.trick_seats,
                lang,
                to_play=deal.to_play,
                center=t(lang, "game.status.trick", n=number, total=deal.tricks_per_deal),
            ),
            unsafe_allow_html=True,
        )
    with right:
        _last_trick(game, lang)
        _announcements(deal, lang)
    if current.stage is Stage.POIGNEE:
        options = current.poignee_options()
        trumps = (current.hand & TRUMPS_MASK).bit_count()
        st.info(t(lang, "game.poignee.offer", n=trumps), icon=":material/back_hand:")
        columns = st.columns(len(options) + 1)
        for column, (level, shown) in zip(columns, options.items(), strict=False):
            column.button(
                t(
                    lang,
                    "game.poignee.show",
                    level=t(lang, f"game.poignee.levels.{level.code}"),
                    n=shown.bit_count(),
                ),
                key=f"practice-poignee-{level.code}",
                help=names(cards_of(shown), lang),
                on_click=_on_poignee,
                args=(level.code,),
                width="stretch",
            )
        columns[-1].button(
            t(lang, "game.poignee.no"),
            key="practice-poignee-no",
            on_click=_on_poignee,
            args=(None,),
            width="stretch",
        )
    st.markdown(f"**{t(lang, 'game.table.your_hand')}** — {t(lang, 'game.table.your_turn')}")
    if game.coach:
        st.caption(t(lang, "game.table.coach_hint"))
    _show_flash()
    hand = display_order(cards_of(current.hand))
    legal = current.legal_plays()
    playable = {c for c in hand if legal >> c & 1} if game.coach else None
    card_picker(hand, key="practice-hand", playable=playable, lang=lang, on_pick=_on_play)
    _tricks_played(deal, lang)
    if deal.phase is Phase.PLAYING:  # a position exists once the cards are being played
        with st.expander(t(lang, "position.copy"), icon=":material/link:"):
            st.caption(t(lang, "position.copy_help"))
            st.code(position_link(deal.position(), lang), language=None)


def _finished(game: PracticeGame, lang: str) -> None:
    current = game.deal
    deal = current.deal
    result = current.result()
    assert result is not None and deal.taker is not None and deal.contract is not None
    players = deal.players
    score = result.score
    st.subheader(t(lang, "game.result.heading"))
    diff = abs(score.difference)
    contract = contract_name(deal.contract, lang, deal.rules)
    if deal.taker == LEARNER:
        key = "game.result.you_made" if score.made else "game.result.you_lost"
        line = t(lang, key, contract=contract, diff=diff)
    else:
        key = "game.result.made" if score.made else "game.result.lost"
        line = t(lang, key, seat=seat_name(deal.taker, players, lang), contract=contract, diff=diff)
    (st.success if score.made else st.error)(line)
    left, right = st.columns([3, 2], gap="medium")
    with left:
        st.markdown(
            t(
                lang,
                "game.result.count",
                points=points_text(result.attack_half_points, lang),
                oudlers=result.oudlers,
                needed=deal.rules.needed(result.oudlers),
            )
        )
        st.markdown(f"**{t(lang, 'game.result.worked')}**")
        st.markdown("\n".join(f"1. {line}" for line in score_lines(score, lang, deal.rules)))
        st.markdown(f"**{t(lang, 'game.result.marks')}**")
        marks = " · ".join(
            f"{seat_name(seat, players, lang)} {mark:+d}" for seat, mark in enumerate(result.marks)
        )
        st.markdown(marks)
    with right:
        _last_trick(game, lang)
        if deal.ecart:
            st.caption(t(lang, "game.result.ecart", cards=names(cards_of(deal.ecart), lang)))
        st.caption(t(lang, "game.result.chien", cards=names(cards_of(deal.chien), lang)))
    _game_over_or_next(game, lang)
    _replay(game, lang)


def _redeal(game: PracticeGame, lang: str) -> None:
    current = game.deal
    seat = current.petit_sec_seat()
    if seat is None:
        st.info(t(lang, "game.redeal.all_passed"), icon=":material/replay:")
    elif seat == LEARNER:
        st.warning(t(lang, "game.redeal.petit_sec_you"), icon=":material/replay:")
        _cards_row(cards_of(current.hand), lang)
    else:
        st.warning(
            t(lang, "game.redeal.petit_sec", seat=seat_name(seat, game.players, lang)),
            icon=":material/replay:",
        )
        _cards_row(cards_of(current.deal.hands[seat]), lang)
    if current.deal.bids:
        st.caption(f"{t(lang, 'game.bid.so_far')}: {bids_line(current.deal, lang)}")
        st.markdown(f"**{t(lang, 'game.table.your_hand')}**")
        _cards_row(cards_of(current.hand), lang)
    _game_over_or_next(game, lang)


def _game_over_or_next(game: PracticeGame, lang: str) -> None:
    if game.over:
        st.subheader(t(lang, "game.over.heading"))
        leaders = game.leaders
        if LEARNER in leaders:
            st.balloons()
            st.success(t(lang, "game.over.you_won"))
        seats = ", ".join(seat_name(s, game.players, lang) for s in leaders)
        st.info(t(lang, "game.over.winner", seats=seats, target=game.target))
        return
    st.button(
        t(lang, "game.result.next"),
        key="practice-next-deal",
        on_click=_on_next_deal,
        type="primary",
        icon=":material/skip_next:",
    )


def _replay(game: PracticeGame, lang: str) -> None:
    current = game.deal
    players = current.players
    views = replay(
        players, current.seed, current.dealer, current.moves, rules=current.rules
    )
    if not views:
        return
    with st.expander(t(lang, "game.replay.heading"), expanded=False):
        number = st.slider(
            t(lang, "game.replay.slider"),
            min_value=1,
            max_value=len(views),
            value=1,
            key=f"practice-replay-{game.number}",
        )
        view = views[number - 1]
        record = view.record
        winner = seat_name(record.winner, players, lang)
        st.markdown(f"**{t(lang, 'game.replay.trick', n=number, winner=winner)}**")
        st.markdown(
            table_html(current.deal, record.cards, record.seats, lang, winner=record.winner),
            unsafe_allow_html=True,
        )
        if view.remarks:
            show_remarks(view.remarks, players, lang)
        else:
            st.caption(t(lang, "game.replay.no_remark"))
        st.markdown(f"**{t(lang, 'game.replay.hands', n=number)}**")
        for seat in range(players):
            st.caption(seat_name(seat, players, lang))
            _cards_row(
                cards_of(view.hands[seat]),
                lang,
                width=SMALL_CARD,
                selected={record.cards[record.seats.index(seat)]},
            )


# --- the score sheet ----------------------------------------------------------------------
def _sheet_table(game: PracticeGame, lang: str) -> pd.DataFrame | None:
    """The score sheet drawn by the score-sheet page's own table (played deals; redeals are
    counted apart), or None if that module is not available."""
    try:
        from tutor.engine.scoring import Side
        from tutor.scoresheet.sheet import DealEntry, PoigneeEntry, Sheet
        from tutor.ui.score_sheet import deals_table
    except ImportError:  # pragma: no cover - the score sheet ships with the tutor
        return None
    players = game.players
    sheet = Sheet.new([seat_name(s, players, lang) for s in range(players)], game.rules)
    for row in game.rows:
        if row.redeal is not None:
            continue
        deal = row_deal(players, row, game.rules)
        result = deal.result()
        assert deal.taker is not None and deal.contract is not None
        partner = deal.partner if players == 5 else None
        entry = DealEntry(
            taker=deal.taker,
            contract=deal.contract,
            points_half=result.attack_half_points,
            oudlers=result.oudlers,
            counted_by=Side.ATTACK,
            partner=partner if partner is not None else (deal.taker if players == 5 else None),
            petit_au_bout=result.petit_au_bout,
            poignees=tuple(PoigneeEntry(p.seat, p.level) for p in deal.poignees),
            chelem=result.chelem,
        )
        sheet = sheet.add(entry)
    return deals_table(sheet, lang)


def _plain_sheet(game: PracticeGame, lang: str) -> pd.DataFrame:
    players = game.players
    seats = [seat_name(s, players, lang) for s in range(players)]
    rows = []
    for row in game.rows:
        if row.redeal is not None:
            outcome = t(lang, "game.sheet.redeal")
        else:
            outcome = t(lang, "game.sheet.made" if row.made else "game.sheet.lost")
        rows.append(
            {
                t(lang, "game.sheet.deal"): str(row.number),
                t(lang, "game.sheet.contract"): contract_name(row.contract, lang, game.rules)
                if row.contract
                else "",
                t(lang, "game.sheet.taker"): seat_name(row.taker, players, lang)
                if row.taker is not None
                else "",
                t(lang, "game.sheet.outcome"): outcome,
                **dict(zip(seats, row.marks, strict=True)),
            }
        )
    rows.append(
        {
            t(lang, "game.sheet.deal"): t(lang, "game.sheet.total"),
            **dict(zip(seats, game.totals, strict=True)),
        }
    )
    return pd.DataFrame(rows)


def _score_sheet(game: PracticeGame, lang: str) -> None:
    with st.expander(t(lang, "game.sheet.heading"), expanded=game.deal.finished):
        if not game.rows:
            st.caption(t(lang, "game.sheet.empty"))
            return
        columns = st.columns(game.players)
        for seat, (column, total) in enumerate(zip(columns, game.totals, strict=True)):
            column.metric(seat_name(seat, game.players, lang), f"{total:+d}")
        table = _sheet_table(game, lang)
        if table is None:
            table = _plain_sheet(game, lang)
        redeals = [row.number for row in game.rows if row.redeal is not None]
        if len(redeals) == len(game.rows):
            table = _plain_sheet(game, lang)
        elif redeals:
            st.caption(t(lang, "game.sheet.redeals", n=len(redeals)))
        st.dataframe(table, hide_index=True, width="stretch")


def _other_games(game: PracticeGame) -> list[Any]:
    """The five latest other saved games, read once per game shown: reading and parsing every
    saved game on each card played was the page's largest cost under load (tests/load)."""
    memo = st.session_state.get(OTHERS)
    if memo is None or memo[0] != game.game_id:
        others = [g for g in store().games(KIND) if g.id != game.game_id][:5]
        memo = st.session_state[OTHERS] = (game.game_id, others)
    return list(memo[1])


def _saved_games(game: PracticeGame, lang: str) -> None:
    # Read and drawn only while open (a lazy expander), not on every card played.
    box = st.expander(t(lang, "game.saved.heading"), key="practice-saved", on_change="rerun")
    if not box.open:
        return
    with box:
        try:
            others = _other_games(game)
        except StoreError as error:  # said, never shown as "no saved game"
            st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")
            return
        if not others:
            st.caption(t(lang, "game.saved.none"))
        for saved in others:
            rows = saved.meta.get("rows") if isinstance(saved.meta, dict) else None
            deals = len(rows) if isinstance(rows, list) else saved.rows
            text, button = st.columns([4, 1])
            text.caption(
                t(lang, "game.saved.item", name=plain(saved.name), deals=deals,
                  when=f"{saved.updated:%Y-%m-%d %H:%M}")
            )
            button.button(
                t(lang, "game.saved.resume"),
                key=f"practice-resume-{saved.id}",
                on_click=_on_resume,
                args=(saved.id,),
            )


# --- the page -----------------------------------------------------------------------------
def _settings(game: PracticeGame, lang: str) -> None:
    st.session_state.setdefault("practice-players", game.players)
    st.session_state.setdefault("practice-coach", game.coach)
    st.session_state.setdefault("practice-target", game.target or NO_TARGET)
    st.session_state.setdefault("practice-rules", game.rules.name)
    players, coach, target, rules = st.columns([2, 2, 3, 3], vertical_alignment="bottom")
    players.segmented_control(
        t(lang, "game.settings.players"),
        (3, 4, 5),
        key="practice-players",
        on_change=_on_players,
    )
    coach.toggle(
        t(lang, "game.settings.coach"),
        key="practice-coach",
        on_change=_on_coach,
        help=t(lang, "game.settings.coach_help"),
    )
    target.selectbox(
        t(lang, "game.settings.target"),
        (NO_TARGET, *TARGETS),
        key="practice-target",
        on_change=_on_target,
        format_func=lambda n: (
            t(lang, "game.settings.no_target")
            if n == NO_TARGET
            else t(lang, "game.settings.target_option", n=n)
        ),
    )
    rules.selectbox(
        t(lang, "variants.label"),
        list(PRESETS),
        key="practice-rules",
        on_change=_on_rules,
        format_func=lambda name: rules_label(PRESETS[name], lang),
        help=t(lang, "variants.help"),
    )
    if game.rules is not FFT_2012:  # FFT 2012 is what the lessons teach: only a variant said
        st.caption(
            t(
                lang,
                "variants.in_use",
                name=rules_label(game.rules, lang),
                about=rules_about(game.rules, lang),
            )
        )


def _new_game_button(lang: str) -> None:
    st.button(
        t(lang, "game.settings.new_game"),
        key="practice-new-game",
        on_click=_new_game,
        help=t(lang, "game.settings.new_game_help"),
        shortcut=NEW_GAME_SHORTCUT,
        icon=":material/restart_alt:",
    )


def render() -> None:
    _practice()


@st.fragment
def _practice() -> None:
    """The whole page is one fragment: every button, card and setting changes only the game,
    so a move reruns this function alone, not the app's sidebar and navigation."""
    lang = current_language()
    game = current_game(lang)
    game.record()
    st.title(t(lang, "game.heading"))
    st.caption(t(lang, "game.intro"))
    notice = st.empty()  # where a failed save is said (the save comes last)
    _settings(game, lang)
    status, new = st.columns([5, 2], vertical_alignment="center")
    with status:
        _status(game, lang)
        st.caption(f"[{t(lang, 'game.status.link')}]({deal_link(game, lang)})")
    with new:
        _new_game_button(lang)
    stage = game.deal.stage
    if stage is Stage.BID:
        _bidding(game, lang)
    elif stage is Stage.CALL:
        _calling(game, lang)
    elif stage in (Stage.ECART, Stage.CHELEM):
        _ecart(game, lang)
    elif stage in (Stage.POIGNEE, Stage.PLAY):
        _playing(game, lang)
    elif stage is Stage.FINISHED:
        _finished(game, lang)
    else:
        _redeal(game, lang)
    _show_flash()
    _score_sheet(game, lang)
    _saved_games(game, lang)
    _persist(game, lang, notice)


__all__ = [
    "PracticeDeal",
    "current_game",
    "refusal_text",
    "remark_text",
    "render",
    "seat_name",
    "table_html",
]
