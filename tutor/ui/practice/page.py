"""The practice page: whole deals against the bots on a card table, with a coach.

The page is thin: one typed state (``tutor.practice.page.PracticeState``, kept by
``saving.page_state``), the table component (``tutor/ui/table``) fed by ``view.table_data``, and
callbacks that change the game before the page is drawn again. Only the table fragment reruns on
a card. Everything the table offers is also in one collapsed "choose by name" panel (buttons and
pills with the card names): for the keyboard and screen readers, and for AppTest, which cannot
click inside a component.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

import streamlit as st

from tutor.bots.levels import STRENGTH, BotLevel
from tutor.engine import (
    FFT_2012,
    PRESETS,
    Card,
    CardNotationError,
    Contract,
    Poignee,
    card_name,
    cards_of,
    display_order,
    parse_card,
)
from tutor.practice import LEARNER, TARGETS, PracticeGame, Refusal, Stage
from tutor.practice.advice import CoachLevel
from tutor.practice.daily import allows_take_backs
from tutor.practice.page import Leaving, MessageKind, PracticeState, Speed
from tutor.progress.store import StoreError
from tutor.ui.coach_text import level_text
from tutor.ui.i18n import t
from tutor.ui.practice import ending
from tutor.ui.practice.background import value_in_background
from tutor.ui.practice.coach_view import coach_drawer, coach_items, coach_notes, on_ask
from tutor.ui.practice.daily_view import daily_button, daily_panel, on_daily
from tutor.ui.practice.details import deal_details
from tutor.ui.practice.hint_view import hint_offered, hint_wait, on_hint, table_hint
from tutor.ui.practice.saving import (
    STATE,
    four_only,
    on_resume,
    other_games,
    page_state,
    persist,
    saved_line,
)
from tutor.ui.practice.thinking import searched_cards, thinking_note
from tutor.ui.practice.view import table_data
from tutor.ui.practice.words import contract_name, readable_date, refusal_words, seat_name
from tutor.ui.session import LANGUAGE, current_language, store, store_problem_text
from tutor.ui.table import Action, table
from tutor.ui.words import rules_about, rules_label

NEW_GAME_SHORTCUT = "Shift+N"
HEADER_KEY = "practice-header"
# A phone has no keyboard: the shortcut's key cap beside "New game" only takes room there. On a
# phone the header is kept to two lines (the title, then the buttons in one row without their
# icons), in both languages: wrapped to four, it pushed the table down and squeezed the felt
# until the chien's label ran into the seat across.
_HEADER_ON_PHONES = """<style>
@media (max-width: 640px), (hover: none) { .st-key-practice-new-game kbd { display: none; } }
@media (max-width: 640px) {
  [data-testid="stMain"] h1 { font-size: 1.9rem; }
  .st-key-practice-header { gap: 0.35rem; }
  .st-key-practice-header button { padding-left: 0.5rem; padding-right: 0.5rem; }
  .st-key-practice-header button span:has(> [data-testid="stIconMaterial"]),
  .st-key-practice-header button div:has(> span > [data-testid="stIconMaterial"]) {
    display: none; }
  .st-key-practice-header button p { font-size: 0.85rem; white-space: nowrap; }
}
</style>"""
NO_TARGET = 0  # the target selectbox's "no target" (None would show as no choice at all)
TABLE_KEY = "practice-table"
NEW_GAME_YES_KEY = "practice-new-game-yes"
NEW_GAME_NO_KEY = "practice-new-game-no"
DAILY_YES_KEY = "practice-daily-yes"
DAILY_NO_KEY = "practice-daily-no"
LEAVE_YES_KEYS = {Leaving.NEW_GAME: NEW_GAME_YES_KEY, Leaving.DAILY: DAILY_YES_KEY}
LEAVE_NO_KEYS = {Leaving.NEW_GAME: NEW_GAME_NO_KEY, Leaving.DAILY: DAILY_NO_KEY}
HINT_KEY = "practice-hint"

# The practice page needs the room: less space above the table than Streamlit's default; and
# no scroll anchoring, which scrolled the page down when the table was redrawn after a card.
_PAGE_CSS = """<style>
.stMainBlockContainer, .block-container { padding-top: 3rem !important; }
[data-testid="stMain"], [data-testid="stMain"] * { overflow-anchor: none; }
</style>"""


# --- the state in callbacks ----------------------------------------------------------------
def _state() -> PracticeState:
    state = st.session_state[STATE]
    assert isinstance(state, PracticeState)
    return state


def _lang() -> str:
    return str(st.session_state.get(LANGUAGE, "en"))


def _after(refusal: Refusal | None) -> None:
    state = _state()
    state.changed()
    state.message = None
    state.refusal = refusal
    state.leaving = None  # playing on answers the question
    if refusal is not None:
        state.say(MessageKind.ERROR, refusal_words(refusal, _lang(), state.coach_speaks))
    state.game.record()


def _adopt(game: PracticeGame) -> None:
    state = _state()
    state.adopt(game)
    state.offered = []
    _sync_settings(game)


def _sync_settings(game: PracticeGame) -> None:
    st.session_state["practice-players"] = game.players
    st.session_state["practice-coach"] = _state().coach_level.value
    st.session_state["practice-target"] = game.target or NO_TARGET
    st.session_state["practice-rules"] = game.rules.name
    st.session_state["practice-level"] = game.level.value


def _new_game(
    players: int | None = None, rules: Any = None, level: BotLevel | None = None
) -> None:
    """A new game; what is not given is as chosen in the settings (for the next deal, when
    chosen during a deal), else as in the game in progress."""
    state = _state()
    old = state.game
    rules = rules or state.next_rules or old.rules
    players = players or state.next_players
    level = level or state.next_level
    target = old.target
    if rules is not old.rules:
        # new rules bring their own target (the web game's 100); the learner's own target
        # goes on, but not the one the old rules brought
        target = rules.target_score or (None if old.rules.target_score else old.target)
    game = PracticeGame.new(players or old.players, target=target, coach=old.coach, rules=rules,
                            level=level or old.level, elsewhere=True)
    state.message = None
    _adopt(game)


def ask_new_game() -> None:
    """New game (the button, Shift+N, or ``n`` on the table while there is no next deal): a
    deal the learner is playing is not dropped without asking."""
    _ask_before_leaving(Leaving.NEW_GAME)


def ask_daily() -> None:
    """The deal of the day's button: as New game, a deal in progress is not left without
    asking (it stays in the saved games either way)."""
    _ask_before_leaving(Leaving.DAILY)


def _ask_before_leaving(leaving: Leaving) -> None:
    state = _state()
    if _mid_deal(state):
        state.leaving = leaving
    else:
        _leave(leaving)


def _leave(leaving: Leaving) -> None:
    if leaving is Leaving.DAILY:
        on_daily()
    else:
        _new_game()


def _on_leaving_answer(leave: bool) -> None:
    state = _state()
    leaving, state.leaving = state.leaving, None
    if leave and leaving is not None:
        _leave(leaving)


def _mid_deal(state: PracticeState) -> bool:
    """A deal the learner has started and not finished: its table and players stay."""
    current = state.game.deal
    return not current.finished and any(e.seat == LEARNER for e in current.events)


def _on_players() -> None:
    state = _state()
    players = st.session_state.get("practice-players")
    if players not in (3, 4, 5):
        st.session_state["practice-players"] = state.game.players
        return
    if players not in state.game.rules.players:  # the web game's rules are for 4 players
        st.session_state["practice-players"] = state.game.players
        state.say(MessageKind.WARNING, four_only(state.game.rules, _lang()))
        return
    if players == state.game.players:
        state.next_players = None
    elif _mid_deal(state):
        state.next_players = players
        state.say(MessageKind.INFO, t(_lang(), "game.settings.players_next", n=players))
    else:
        _new_game(players)


def _on_rules() -> None:
    """A new game under the rules chosen (refused, with a message, for a table size the
    rules are not written for), from the next deal when a deal is in progress."""
    state = _state()
    game = state.game
    rules = PRESETS.get(str(st.session_state.get("practice-rules")), game.rules)
    if game.players not in rules.players:
        st.session_state["practice-rules"] = game.rules.name
        state.say(MessageKind.WARNING, four_only(rules, _lang()))
        return
    if rules is game.rules:
        state.next_rules = None
    elif _mid_deal(state):
        state.next_rules = rules
        state.say(MessageKind.INFO, t(_lang(), "game.settings.rules_next",
                                      name=rules_label(rules, _lang())))
    else:
        _new_game(rules=rules)


def _on_level() -> None:
    """The computer players' level: at once when the learner has not acted in the deal yet
    (the same cards dealt again to players of that level), else from the next deal — a deal
    is played to its end by the players who started it."""
    state = _state()
    game = state.game
    value = st.session_state.get("practice-level")
    try:
        level = BotLevel.from_code(str(value))
    except ValueError:  # a cleared choice: the level stays
        st.session_state["practice-level"] = (state.next_level or game.level).value
        return
    if level is game.level:
        state.next_level = None
    elif _mid_deal(state) or game.deal.finished:
        state.next_level = level
        lang = _lang()
        state.say(MessageKind.INFO, t(lang, "game.settings.level_next",
                                      level=t(lang, f"game.settings.levels.{level.value}")))
    else:
        game.level = level
        game.current = game.dealt_again()
        state.next_level = None
        state.restart_deal()


def _on_coach() -> None:
    value = st.session_state.get("practice-coach")
    if value in {level.value for level in CoachLevel}:
        _state().set_coach(CoachLevel(value))
    else:  # a cleared choice: the level stays
        st.session_state["practice-coach"] = _state().coach_level.value


def _on_target() -> None:
    target = st.session_state.get("practice-target")
    _state().game.target = target if isinstance(target, int) and target > 0 else None


def _on_speed() -> None:
    value = st.session_state.get("practice-speed")
    if value in {s.value for s in Speed}:
        _state().speed = Speed(value)


def on_bid(code: str) -> None:
    deal = _state().game.deal
    try:
        contract = None if code == "pass" else Contract.from_code(code)
    except ValueError:
        return
    _after(deal.bid(contract))


def on_chelem(announce: bool) -> None:
    _after(_state().game.deal.announce_chelem(announce))


def on_poignee(level: str | None) -> None:
    try:
        chosen = None if level is None else Poignee.from_code(level)
    except ValueError:
        return
    _after(_state().game.deal.show_poignee(chosen))


def on_next_deal() -> None:
    """The next deal, with what was chosen for it during the last one: another table size
    or rules start a new game; another level plays from this deal on."""
    state = _state()
    if not state.game.deal.finished:
        return
    if state.retry is not None:  # a deal played again is a game of its own deal: a new game
        _new_game()
        return
    if state.next_players is not None or state.next_rules is not None:
        _new_game()  # with them (and the level chosen)
        return
    if state.next_level is not None:
        state.game.level = state.next_level
        state.next_level = None
    state.game.next_deal()
    state.changed()
    state.review = None
    state.message = None


def on_call(card: Card) -> None:
    _after(_state().game.deal.call(card))


def on_take_back(card: Card) -> None:
    _after(_state().game.deal.take_back(card))


def on_discard(card: Card) -> None:
    _after(_state().game.deal.discard(card))


def on_play(card: Card) -> None:
    _after(_state().game.deal.play(card))


def on_undo() -> None:
    """Take back the learner's last action and the computer players' replies to it."""
    state = _state()
    if not allows_take_backs(state.game):  # a click sent before the button went away
        return
    if state.game.deal.take_back_last() is None:
        state.took_back()
        state.message = None


def on_review(step: int | None) -> None:
    """Open (None: from the first trick), move through, or close the review of the deal."""
    state = _state()
    tricks = len(state.game.deal.deal.tricks)
    if not state.game.deal.deal.tricks or state.game.deal.stage is not Stage.FINISHED:
        state.review = None
        return
    if step is None:
        state.review = 0 if state.review is None else None
        return
    state.review = min(max((state.review or 0) + step, 0), tricks - 1)


_CARD_ACTIONS: dict[str, Callable[[Card], None]] = {
    "play": on_play,
    "discard": on_discard,
    "take_back": on_take_back,
    "call": on_call,
}


# Kinds that move the game on: applied only when sent from the table as it is now drawn.
_ONCE = frozenset({*_CARD_ACTIONS, "action"})


def on_table_action(action: Action) -> None:
    """A click on the table (anything a visitor's browser sends is checked here). A click
    that changes the game names the table it was made on (``seq``): a repeated or stale one
    is ignored, so each click is applied exactly once, never after the game moved on."""
    kind = action.get("kind")
    state = _state()
    if kind in _ONCE and not _is_review(action) and (
        action.get("seq") != state.seq or action.get("epoch") != state.epoch
    ):
        return
    if _sent_again(state, action.get("click")):
        return
    if kind in _CARD_ACTIONS:
        code = action.get("card")
        if not isinstance(code, str) or len(code) > 4:
            return
        try:
            card = parse_card(code)
        except CardNotationError:
            return
        _CARD_ACTIONS[str(kind)](card)
    elif kind == "review":
        step = action.get("step")
        if step in (-1, 1):
            on_review(int(step))
    elif kind == "action":
        _on_named_action(str(action.get("id", ""))[:40])
    elif kind == "coach":
        on_ask()
    elif kind == "hint" and action.get("seq") == state.seq and action.get("epoch") == state.epoch:
        # asking changes no game (the table's number stays: a card clicked meanwhile counts)
        on_hint(state)
    if kind in _ONCE:
        state.changed()  # answered with a new drawing, whatever the click did


def _sent_again(state: PracticeState, click: object) -> bool:
    """The click already applied, sent again by the table (its answer was slow to come):
    applied once. Else it is noted as the last click."""
    if not isinstance(click, str) or not click or len(click) > 40:
        return False
    if click == state.last_click:
        return True
    state.last_click = click
    return False


def _is_review(action: Action) -> bool:
    """Moving through the review or asking the coach changes no game: never stale."""
    name = str(action.get("id", ""))
    return name == "coach" or name.startswith("review:")


def _on_named_action(name: str) -> None:
    kind, _, arg = name.partition(":")
    if kind == "bid":
        on_bid(arg)
    elif kind == "chelem" and arg in ("yes", "no"):
        on_chelem(arg == "yes")
    elif kind == "poignee":
        on_poignee(None if arg == "no" else arg)
    elif name == "next":
        on_next_deal()
    elif name == "new":
        ask_new_game()
    elif name == "coach":
        on_ask()
    elif name == "undo":
        on_undo()
    elif kind == "review":
        on_review({"open": None, "close": None, "back": -1, "next": 1}.get(arg, 0))


def strength_text(lang: str) -> str:
    """Each level's measured strength against Beginner (``tutor.bots.levels.STRENGTH``)."""
    lines = [t(lang, "game.settings.strength_heading")]
    for level in BotLevel:
        if level is BotLevel.BEGINNER:
            continue
        name = t(lang, f"game.settings.levels.{level.value}")
        measured = STRENGTH.get(level)
        if measured is None:
            lines.append(t(lang, "game.settings.strength_none", level=name))
            continue
        line = t(lang, "game.settings.strength", level=name, mean=signed(measured.mean, lang),
                 low=signed(measured.low, lang), high=signed(measured.high, lang),
                 deals=measured.deals)
        if not measured.beats_beginner():  # zero inside the interval: say so
            line += " " + t(lang, "game.settings.strength_noise")
        lines.append(line)
    return "  \n".join(lines)


def signed(value: float, lang: str) -> str:
    text = f"{value:+.2f}"
    return text.replace(".", ",") if lang == "it" else text


# --- the settings --------------------------------------------------------------------------
def _settings(state: PracticeState, lang: str) -> None:
    game = state.game
    # what the game is played with, shown as it is (a resumed game brings its own; a choice
    # just made has already changed the game in its callback)
    st.session_state["practice-players"] = state.next_players or game.players
    st.session_state["practice-rules"] = (state.next_rules or game.rules).name
    st.session_state["practice-level"] = (state.next_level or game.level).value
    st.session_state.setdefault("practice-coach", state.coach_level.value)
    st.session_state.setdefault("practice-target", game.target or NO_TARGET)
    st.session_state.setdefault("practice-speed", state.speed.value)
    st.segmented_control(
        t(lang, "game.settings.players"), (3, 4, 5), key="practice-players",
        on_change=_on_players,
    )
    st.segmented_control(
        t(lang, "game.settings.level"), [level.value for level in BotLevel],
        key="practice-level", on_change=_on_level, help=t(lang, "game.settings.level_help"),
        format_func=lambda v: t(lang, f"game.settings.levels.{v}"),
    )
    st.caption(strength_text(lang))
    st.segmented_control(
        t(lang, "game.settings.coach"), [level.value for level in CoachLevel],
        key="practice-coach", on_change=_on_coach, help=t(lang, "game.settings.coach_help"),
        format_func=lambda v: level_text(CoachLevel(v), lang),
    )
    st.segmented_control(
        t(lang, "game.settings.speed"), [s.value for s in Speed], key="practice-speed",
        on_change=_on_speed, format_func=lambda v: t(lang, f"game.settings.speeds.{v}"),
    )
    st.selectbox(
        t(lang, "game.settings.target"), (NO_TARGET, *TARGETS), key="practice-target",
        on_change=_on_target,
        format_func=lambda n: (
            t(lang, "game.settings.no_target")
            if n == NO_TARGET
            else t(lang, "game.settings.target_option", n=n)
        ),
    )
    st.selectbox(
        t(lang, "variants.label"), list(PRESETS), key="practice-rules", on_change=_on_rules,
        format_func=lambda name: rules_label(PRESETS[name], lang), help=t(lang, "variants.help"),
    )


def _header(state: PracticeState, lang: str) -> None:
    st.title(t(lang, "game.heading"))  # a heading like every other page's
    st.html(_HEADER_ON_PHONES)
    # the controls in one row at every width (columns would stack on a phone and push the
    # table down; beside the title they were clipped on a phone)
    with st.container(horizontal=True, vertical_alignment="center", gap="small",
                      key=HEADER_KEY):
        with st.popover(t(lang, "game.settings.heading"), icon=":material/tune:"):
            st.caption(t(lang, "game.intro"))
            _settings(state, lang)
        st.button(
            t(lang, "game.settings.new_game"), key="practice-new-game", on_click=ask_new_game,
            help=t(lang, "game.settings.new_game_help"), shortcut=NEW_GAME_SHORTCUT,
            icon=":material/restart_alt:",
        )
        daily_button(lang, ask_daily)
    if state.leaving is not None:
        _leaving_question(state.leaving, lang)
    game = state.game
    if game.rules is not FFT_2012:  # FFT 2012 is what the lessons teach: only a variant said
        st.caption(t(lang, "variants.in_use", name=rules_label(game.rules, lang),
                     about=rules_about(game.rules, lang)))
    for saved in state.offered:
        box, button = st.columns([5, 2], vertical_alignment="center")
        box.info(t(lang, "game.saved.offer", when=readable_date(saved.updated, lang)),
                 icon=":material/history:")
        button.button(t(lang, "game.saved.resume"), key=f"practice-offer-{saved.id}",
                      on_click=on_resume, args=(saved.id,), type="primary")


# The question asked before leaving a deal in progress, and its "leave" answer, per request.
_LEAVING_WORDS = {
    Leaving.NEW_GAME: ("game.settings.new_game_confirm", "game.settings.new_game_yes"),
    Leaving.DAILY: ("game.daily.leave_confirm", "game.daily.leave_yes"),
}


def _leaving_question(leaving: Leaving, lang: str) -> None:
    question, yes = _LEAVING_WORDS[leaving]
    st.warning(t(lang, question), icon=":material/help:")
    with st.container(horizontal=True, gap="small"):
        st.button(t(lang, yes), key=LEAVE_YES_KEYS[leaving], on_click=_on_leaving_answer,
                  args=(True,), type="primary")
        st.button(t(lang, "game.settings.new_game_no"), key=LEAVE_NO_KEYS[leaving],
                  on_click=_on_leaving_answer, args=(False,))


# --- the fallback: everything by name --------------------------------------------------------
def _message(state: PracticeState) -> None:
    message = state.take_message()
    if message is None:
        return
    if message.kind is MessageKind.ERROR:
        st.error(message.text, icon=":material/block:")
    elif message.kind is MessageKind.WARNING:
        st.warning(message.text, icon=":material/warning:")
    else:
        st.info(message.text, icon=":material/info:")


def _pills(cards: list[Card], key: str, lang: str, on_pick: Callable[[Card], None]) -> None:
    def changed() -> None:
        choice = st.session_state.get(key)
        if choice is not None:
            st.session_state[key] = None  # nothing stays selected: the next pick counts too
            on_pick(choice)

    if cards:
        st.pills(t(lang, "game.fallback.cards"), options=cards, selection_mode="single",
                 format_func=lambda c: card_name(c, lang), key=key, on_change=changed)


def _fallback(state: PracticeState, lang: str) -> None:
    """Every choice of the table as buttons and pills named in words (shown once, folded)."""
    current = state.game.deal
    deal = current.deal
    stage = current.stage
    with st.expander(t(lang, "game.fallback.heading"), icon=":material/keyboard:"):
        _message(state)  # a refusal: said on the table, and here for the panel's users
        if stage is Stage.BID:
            bids = current.legal_bids()
            for column, bid in zip(st.columns(len(bids)), bids, strict=True):
                code = bid.code if bid is not None else "pass"
                column.button(contract_name(bid, lang, deal.rules), key=f"practice-bid-{code}",
                              on_click=on_bid, args=(code,), width="stretch")
        elif stage is Stage.CALL:
            _pills(current.callable(), "practice-call-fallback", lang, on_call)
        elif stage is Stage.ECART:
            _pills(display_order(cards_of(current.hand)), "practice-ecart-fallback", lang,
                   on_discard)
        if stage in (Stage.ECART, Stage.CHELEM) and deal.ecart:
            st.caption(t(lang, "game.ecart.yours"))
            _pills(display_order(cards_of(deal.ecart)), "practice-ecart-back-fallback", lang,
                   on_take_back)
        if stage is Stage.CHELEM:
            left, right = st.columns(2)
            left.button(t(lang, "game.chelem.no"), key="practice-chelem-no", on_click=on_chelem,
                        args=(False,), width="stretch")
            right.button(t(lang, "game.chelem.yes"), key="practice-chelem-yes",
                         on_click=on_chelem, args=(True,), width="stretch")
        if stage is Stage.POIGNEE:
            options = current.poignee_options()
            columns = st.columns(len(options) + 1)
            for column, (level, shown) in zip(columns, options.items(), strict=False):
                column.button(
                    t(lang, "game.poignee.show",
                      level=t(lang, f"game.poignee.levels.{level.code}"), n=shown.bit_count()),
                    key=f"practice-poignee-{level.code}", on_click=on_poignee,
                    args=(level.code,), width="stretch",
                )
            columns[-1].button(t(lang, "game.poignee.no"), key="practice-poignee-no",
                               on_click=on_poignee, args=(None,), width="stretch")
        if stage in (Stage.PLAY, Stage.POIGNEE):
            _pills(display_order(cards_of(current.hand)), "practice-hand-fallback", lang,
                   on_play)
        if hint_offered(state) is not None:
            st.button(t(lang, "game.hint.button"), key=HINT_KEY, on_click=on_hint,
                      args=(state,), help=t(lang, "game.hint.help"),
                      icon=":material/lightbulb:")
        if current.last_learner_action() is not None:
            st.button(t(lang, "game.undo.button"), key="practice-undo", on_click=on_undo,
                      help=t(lang, "game.undo.help"), icon=":material/undo:")
        if stage in (Stage.FINISHED, Stage.REDEAL) and not state.game.over:
            st.button(t(lang, "game.result.next"), key="practice-next-deal",
                      on_click=on_next_deal, icon=":material/skip_next:")
        if stage is Stage.FINISHED and deal.tricks:
            _review_buttons(state, lang)


def _review_buttons(state: PracticeState, lang: str) -> None:
    if state.review is None:
        st.button(t(lang, "game.review.open"), key="practice-review-open", on_click=on_review,
                  args=(None,))
        return
    back, forward, close = st.columns(3)
    back.button(t(lang, "game.review.back"), key="practice-review-back", on_click=on_review,
                args=(-1,), disabled=state.review == 0, width="stretch")
    forward.button(t(lang, "game.review.next"), key="practice-review-next", on_click=on_review,
                   args=(1,), disabled=state.review >= len(state.game.deal.deal.tricks) - 1,
                   width="stretch")
    close.button(t(lang, "game.review.close"), key="practice-review-close", on_click=on_review,
                 args=(None,), width="stretch")


# --- the page -----------------------------------------------------------------------------
def _saved_games(state: PracticeState, lang: str) -> None:
    # Read and drawn only while open (a lazy expander), not on every card played.
    box = st.expander(t(lang, "game.saved.heading"), key="practice-saved", on_change="rerun")
    if not box.open:
        return
    with box:
        try:
            others = other_games(state)
        except StoreError as error:  # said, never shown as "no saved game"
            st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")
            return
        if not others:
            st.caption(t(lang, "game.saved.none"))
        for saved in others:
            text, button = st.columns([5, 1], vertical_alignment="center")
            text.caption(saved_line(saved, lang))
            button.button(t(lang, "game.saved.resume"), key=f"practice-resume-{saved.id}",
                          on_click=on_resume, args=(saved.id,))


def render() -> None:
    st.html(_PAGE_CSS)
    _learner_known()
    _practice()


def _learner_known() -> None:
    """Resolve the visitor's learner in the page's full run, not later in a fragment rerun:
    the app writes the learner's cookie after a full run only, and without the cookie a reload
    would be a stranger to the saved game. (A learner profile, not a saved game: a visit still
    saves no game.)"""
    with suppress(StoreError):  # said where the store is used
        store()


@st.fragment
def _practice() -> None:
    """The page is one fragment: every card, button and setting changes only the game, so a
    move reruns this function alone, not the app's sidebar and navigation."""
    lang = current_language()
    state = page_state(lang)
    state.game.record()
    awaited = searched_cards(state, lang)  # a Strong player's card from the workers
    hint, hint_awaited = table_hint(state, lang)  # before saving: a hint shown is recorded
    if awaited is None and hint_awaited is None:  # the learner's one job: none awaited
        value_in_background(state)
    notice = st.empty()  # where a failed save is said
    # saved before the table is drawn: a reload right after a click finds the move saved
    persist(state, lang, notice)
    _header(state, lang)
    data = table_data(state, lang)
    message = state.message
    if message is not None and message.kind is MessageKind.ERROR:
        data["notice"] = message.text  # a refused card, explained on the table
    coach = coach_items(state)
    data["coach"] = coach_drawer(state, coach, lang)
    data["hint"] = hint
    table(data, key=TABLE_KEY, on_action=on_table_action)
    if awaited is not None:
        thinking_note(state, awaited, lang)
    if hint_awaited is not None:
        hint_wait(hint_awaited)
    coach_notes(state, coach, lang)
    _fallback_and_message(state, lang)
    stage = state.game.deal.stage
    if stage is Stage.FINISHED:
        ending.finished(state, lang)
    elif stage is Stage.REDEAL:
        ending.redeal(state, lang)
    if stage in (Stage.FINISHED, Stage.REDEAL) and state.review is None:
        daily_panel(state, lang)
    deal_details(state, lang)
    ending.score_sheet(state, lang)
    _saved_games(state, lang)


def _fallback_and_message(state: PracticeState, lang: str) -> None:
    message = state.message
    if message is not None and message.kind is not MessageKind.ERROR:
        _message(state)
    _fallback(state, lang)


__all__ = ["on_table_action", "render", "seat_name"]
