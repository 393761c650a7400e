"""Texts of a "best card" puzzle written from the solver's lines, in English and Italian.

``puzzle_texts`` gives the question and the explanation of a proven position: the idea's
sentence names the best card and says what the best line does with it (which trick it wins,
where the Petit or the king goes), then what the most tempting wrong card costs in points of
the taker's mark. Every fact comes from ``tutor.analysis.bestcard``'s reading of the lines, so
a generated puzzle says nothing the solver did not show. Authored puzzles start from these
drafts and are kept short by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import TypeVar

from tutor.analysis import TooManyLines, every_best_line
from tutor.analysis.bestcard import (
    Idea,
    Proof,
    Reading,
    guarded_king,
    read_lines,
    recognise,
    replay,
    ruffed_by_them,
    won_by_us,
)
from tutor.engine import (
    EXCUSE,
    KINGS_MASK,
    NO_SUIT_LED,
    PETIT,
    QUEENS_MASK,
    SUIT_MASKS,
    TRUMPS_MASK,
    Card,
    Deal,
    Position,
    Side,
    Suit,
    TrickRecord,
    card_name,
    cards_of,
    format_card,
    format_position,
    is_trump,
    led_suit,
    parse_card,
    parse_position,
    suit_name,
    suit_of,
)

CONTRACTS = {"prise": "prise", "garde": "garde", "garde-sans": "garde sans",
             "garde-contre": "garde contre"}


def _name(card: Card, lang: str) -> str:
    """'king of hearts', 'trump 14', 'Petit (trump 1)'; in Italian with its article:
    'il re di cuori', "l'atout 14", "l'Excuse", "l'8 di fiori"."""
    name = card_name(card, lang)
    if card in (PETIT, EXCUSE):
        return name if lang == "en" else ("l'Excuse" if card == EXCUSE else f"il {name}")
    name = name[0].lower() + name[1:]
    if lang == "en":
        return name
    first = name.split()[0]
    if first in ("asso", "atout", "8"):
        return f"l'{name}"
    return f"la {name}" if first == "donna" else f"il {name}"


def _wins(p: Position, seat: int, lang: str, what: str = "this trick") -> str:
    """'you win this trick' / 'your partner (Player 3) wins this trick'; Italian: 'questa
    presa la vinci tu' / '... la vince il tuo compagno (giocatore 3)'."""
    if lang == "en":
        return f"you win {what}" if seat == p.to_play else f"{_who(p, seat, 'en')} wins {what}"
    return f"{what} la vinci tu" if seat == p.to_play else f"{what} la vince {_who(p, seat, 'it')}"


def _seat(seat: int, lang: str) -> str:
    return f"Player {seat + 1}" if lang == "en" else f"giocatore {seat + 1}"


def _role(p: Position, lang: str) -> str:
    me = p.to_play
    if me == p.taker:
        return "you are the taker" if lang == "en" else "sei il preneur"
    if me == p.partner:
        return ("you are the taker's called partner" if lang == "en"
                else "sei il compagno chiamato del preneur")
    return "you defend" if lang == "en" else "sei in difesa"


def _who(p: Position, seat: int, lang: str) -> str:
    """'you', 'your partner (Player 3)', 'the taker (Player 2)', 'Player 4 (other side)'."""
    me = p.to_play
    if seat == me:
        return "you" if lang == "en" else "tu"
    ours = p.is_attack(seat) == p.is_attack(me)
    if ours:
        return (f"your partner ({_seat(seat, lang)})" if lang == "en"
                else f"il tuo compagno ({_seat(seat, lang)})")
    if seat == p.taker:
        return (f"the taker ({_seat(seat, lang)})" if lang == "en"
                else f"il preneur ({_seat(seat, lang)})")
    return (f"{_seat(seat, lang)} (other side)" if lang == "en"
            else f"il {_seat(seat, lang)} (altro campo)")


def _held_by_it(p: Position, seat: int) -> str:
    """'al preneur (giocatore 1)', 'al giocatore 4 (altro campo)'."""
    return "a" + _who(p, seat, "it").removeprefix("i")


def _when_at(index: int, lang: str) -> str:
    """'in this trick', 'in the next trick', '3 tricks from now' (the trick's index from now)."""
    if index == 0:
        return "in this trick" if lang == "en" else "in questa presa"
    if index == 1:
        return "in the next trick" if lang == "en" else "nella presa successiva"
    return (f"{index} tricks from now" if lang == "en" else f"fra {index} prese")


def _winning_card(trick: TrickRecord) -> Card:
    return trick.cards[trick.seats.index(trick.winner)]


# --- what holds in every best line --------------------------------------------------------
Tricks = tuple[TrickRecord, ...]
T = TypeVar("T")


@lru_cache(maxsize=512)
def _best_lines(notation: str, card: Card) -> tuple[tuple[Card, ...], ...]:
    """The cards of every best line after ``card`` (empty when there are too many to list:
    then nothing is known to hold in all of them)."""
    try:
        return tuple(line.cards for line in every_best_line(notation, card))
    except TooManyLines:
        return ()


@lru_cache(maxsize=512)
def _every_line(notation: str, card: Card) -> tuple[Tricks, ...]:
    p = parse_position(notation)
    return tuple(replay(p, cards) for cards in _best_lines(notation, card))


def lines_after(p: Position, card: Card) -> tuple[Tricks, ...]:
    """Every best line after ``card``, as tricks: a text says of a line only what holds in
    each of them."""
    return _every_line(format_position(p), card)


def _agreed(lines: Sequence[Tricks], fact: Callable[[Tricks], T | None]) -> T | None:
    """The fact every line shows (None when two lines differ, or no line is known)."""
    values = {fact(tricks) for tricks in lines}
    return values.pop() if len(values) == 1 else None


def _index_of(card: Card) -> Callable[[Tricks], int | None]:
    return lambda tricks: next((i for i, t in enumerate(tricks) if card in t.cards), None)


def _trick_with(tricks: Tricks, card: Card) -> TrickRecord | None:
    return next((t for t in tricks if card in t.cards), None)


def _winner_with(card: Card) -> Callable[[Tricks], int | None]:
    def winner(tricks: Tricks) -> int | None:
        trick = _trick_with(tricks, card)
        return None if trick is None else trick.winner
    return winner


def _taken_with(card: Card) -> Callable[[Tricks], Card | None]:
    def taken(tricks: Tricks) -> Card | None:
        trick = _trick_with(tricks, card)
        return None if trick is None else _winning_card(trick)
    return taken


def _ours_with(p: Position, card: Card) -> Callable[[Tricks], bool | None]:
    return lambda tricks: won_by_us(p, tricks, card)


def _beaten_by(p: Position, card: Card) -> Callable[[Tricks], tuple[Card, int] | None]:
    """The highest trump of the other side that ``card`` beats in its trick (when it wins)."""
    def beaten(tricks: Tricks) -> tuple[Card, int] | None:
        trick = _trick_with(tricks, card)
        if trick is None or trick.winner != p.to_play:
            return None
        theirs = [(c, s) for c, s in zip(trick.cards, trick.seats, strict=True)
                  if is_trump(c) and c != EXCUSE and p.is_attack(s) != p.is_attack(p.to_play)]
        return max(theirs) if theirs else None
    return beaten


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a line ends: whether the contract is made, who scores the petit au bout, and
    the attack's cards."""

    made: bool
    petit_au_bout: Side | None
    attack_pile: int


@lru_cache(maxsize=4096)
def _outcome(notation: str, cards: tuple[Card, ...]) -> Outcome:
    deal = Deal.from_position(parse_position(notation), undo=False)
    for card in cards:
        deal.play(card)
    result = deal.result()
    return Outcome(result.score.made, result.petit_au_bout, result.attack_pile)


def outcomes_after(p: Position, card: Card) -> tuple[Outcome, ...]:
    """How every best line after ``card`` ends (empty when there are too many lines)."""
    notation = format_position(p)
    return tuple(_outcome(notation, cards) for cards in _best_lines(notation, card))


STAKES = KINGS_MASK | QUEENS_MASK  # the cards a stake sentence names besides the bonuses


def stakes(p: Position, best: Card, wrong: Card, named: frozenset[Card]) -> tuple[str, ...]:
    """What changes side between every best line and every line after ``wrong``: 'contract',
    'petit-au-bout', or a king or queen (as its notation) not already ``named``."""
    after_best, after_wrong = outcomes_after(p, best), outcomes_after(p, wrong)
    if not after_best or not after_wrong:
        return ()
    out: list[str] = []
    made = {o.made for o in after_best}, {o.made for o in after_wrong}
    if len(made[0]) == len(made[1]) == 1 and made[0] != made[1]:
        out.append("contract")
    bonus = {o.petit_au_bout for o in after_best}, {o.petit_au_bout for o in after_wrong}
    if len(bonus[0]) == len(bonus[1]) == 1 and bonus[0] != bonus[1]:
        out.append("petit-au-bout")
    always = {True: ~0, False: ~0}
    for o in after_best:
        always[True] &= o.attack_pile
        always[False] &= ~o.attack_pile
    for o in after_wrong:
        always[True] &= ~o.attack_pile
        always[False] &= o.attack_pile
    moved = (always[True] | always[False]) & STAKES
    out += [format_card(c) for c in cards_of(moved) if c not in named]
    return tuple(out)


def _stake_name(stake: str, lang: str) -> str:
    if stake == "contract":
        return "the contract" if lang == "en" else "il contratto"
    if stake == "petit-au-bout":
        return "the petit au bout" if lang == "en" else "il petit au bout"
    card = _name(parse_card(stake), lang)
    return f"the {card}" if lang == "en" else card


def stake_sentence(r: Reading, idea: Idea | None, lang: str) -> str:
    """'At stake: the contract and the queen of spades. ': what changes side between every
    best line and every line after the wrong card, named (empty when nothing more than the
    idea's own card does)."""
    p = r.proof.position
    best = r.proof.best[0]
    wrong = r.wrong_trump if idea is Idea.KEEP_THE_GUARD and r.wrong_trump else r.wrong_card
    named = {best, wrong}
    if idea is Idea.KEEP_THE_GUARD and (king := guarded_king(r)) is not None:
        named.add(king)
    names = [_stake_name(s, lang) for s in stakes(p, best, wrong, frozenset(named))]
    if not names:
        return ""
    joined = names[0] if len(names) == 1 else (
        ", ".join(names[:-1]) + (" and " if lang == "en" else " e ") + names[-1])
    return f"At stake: {joined}. " if lang == "en" else f"In gioco: {joined}. "


def _won(p: Position, lines: Sequence[Tricks], card: Card, lang: str) -> str | None:
    """'' or ' in the next trick' when ``card`` is won by the player's side in every line
    (the trick named only when they all agree); None otherwise."""
    if _agreed(lines, _ours_with(p, card)) is not True:
        return None
    index = _agreed(lines, _index_of(card))
    return "" if index is None else f" {_when_at(index, lang)}"


def _lost(p: Position, lines: Sequence[Tricks], card: Card, lang: str) -> tuple[str, str] | None:
    """Where ``card`` is lost and to whom, keeping only what every line agrees on: ('' or
    ' in the next trick', ': the taker (Player 2) takes it[ with the trump 15]'); None when
    it is not lost in every line."""
    if _agreed(lines, _ours_with(p, card)) is not False:
        return None
    index = _agreed(lines, _index_of(card))
    seat = _agreed(lines, _winner_with(card))
    taken = _agreed(lines, _taken_with(card))
    when = "" if index is None else f" {_when_at(index, lang)}"
    en = lang == "en"
    if seat is None:
        return when, (": the other side takes it" if en else ": lo prende l'altro campo")
    who = _who(p, seat, lang)
    if taken is None:
        return when, (f": {who} takes it" if en else f": lo prende {who}")
    card_name_ = _name(taken, lang)
    return when, (f": {who} takes it with the {card_name_}" if en
                  else f": lo prende {who} con {card_name_}")


def question(p: Position, lang: str) -> str:
    left = p.hands[p.to_play].bit_count()
    contract = CONTRACTS[p.contract.code]
    if lang == "en":
        return (f"{p.players} players, {contract}: {_role(p, 'en')}. {left} tricks are left, "
                "counting this one, and every hand is shown. Which card keeps the best result?")
    return (f"{p.players} giocatori, {contract}: {_role(p, 'it')}. Restano {left} prese, "
            "contando questa, e tutte le mani sono scoperte. Quale carta conserva il "
            "risultato migliore?")


def _mark(value: int) -> str:
    """A signed mark as the lessons write it: +84, −108 (the minus sign, not a hyphen)."""
    return f"{value:+d}".replace("-", "\u2212")


def _cost(proof: Proof, wrong: Card, lang: str) -> str:
    value, other = proof.value, proof.analysis.value_of(wrong).lower
    if lang == "en":
        return (f"With best play afterwards the taker scores {_mark(value)}; after the "
                f"{_name(wrong, 'en')} {_mark(other)}: {abs(value - other)} points worse for "
                "your side on the taker's score.")
    return (f"Con il gioco migliore il preneur segna {_mark(value)}; dopo "
            f"{_name(wrong, 'it')} {_mark(other)}: {abs(value - other)} punti in peggio per "
            "il tuo campo.")


def idea_sentence(r: Reading, idea: Idea | None, lang: str) -> str:
    """What the best card does, as every best line shows it (and every line after the wrong
    card, where the idea is about what the wrong card loses): a trick, a winner or a card is
    named only when all those lines agree on it."""
    b = f"**{_name(r.proof.best[0], lang)}**"
    if idea is Idea.EXCUSE_EARLY:
        return _excuse_early(r, b, lang)
    if idea is Idea.SAVE_THE_PETIT:
        return _save_the_petit(r, b, lang)
    if idea is Idea.HUNT_THE_PETIT:
        return _hunt_the_petit(r, b, lang)
    if idea is Idea.CASH_THE_KING:
        return _cash_the_king(r, b, lang)
    if idea is Idea.CHARGE_PARTNER:
        return _charge_partner(r, b, lang)
    if idea is Idea.OVERTRUMP_HIGH_OR_LOW:
        return _overtrump(r, b, lang)
    if idea is Idea.KEEP_THE_GUARD:
        return _keep_the_guard(r, b, lang)
    if idea is Idea.DRAW_TRUMPS:
        return _draw_trumps(r, b, lang)
    if lang == "en":
        return f"Play the {b}: every other card gives the other side more."
    return f"Gioca {b}: ogni altra carta dà di più all'altro campo."


def _excuse_early(r: Reading, b: str, lang: str) -> str:
    p = r.proof.position
    # Kept, the Excuse falls in the last trick in every line after the wrong card.
    kept = bool(lines := lines_after(p, r.wrong_card)) and all(
        EXCUSE in tricks[-1].cards for tricks in lines)
    if lang == "en":
        text = (f"Play the {b} now: played before the last trick it stays with your side "
                "(you give a low card for it).")
        if kept:
            text += " Kept, it falls in the last trick, and there the Excuse changes side."
        return text
    text = (f"Gioca {b} adesso: giocata prima dell'ultima presa resta al tuo campo "
            "(dai in cambio una scartina).")
    if kept:
        text += " Se la tieni, finisce nell'ultima presa, e lì l'Excuse cambia campo."
    return text


class Unbeaten(StrEnum):
    """Why a player after the seat to play cannot beat its Petit in this trick."""

    OUR_SIDE = "our-side"
    FOLLOWS_SUIT = "follows-suit"
    NO_TRUMP = "no-trump"


# (one player, several players) per reason and language
UNBEATEN_WORDS = {
    (Unbeaten.OUR_SIDE, "en"): ("is on your side", "are on your side"),
    (Unbeaten.OUR_SIDE, "it"): ("è dalla tua parte", "sono dalla tua parte"),
    (Unbeaten.FOLLOWS_SUIT, "en"): ("must follow suit", "must follow suit"),
    (Unbeaten.FOLLOWS_SUIT, "it"): ("deve rispondere al seme", "devono rispondere al seme"),
    (Unbeaten.NO_TRUMP, "en"): ("has no trump left", "have no trump left"),
    (Unbeaten.NO_TRUMP, "it"): ("non ha più atout", "non hanno più atout"),
}


def _why_unbeaten(p: Position, seat: int) -> Unbeaten | None:
    """Why ``seat``, playing after the seat to play, cannot beat its Petit: on its side, bound
    to follow the plain suit led, or out of trumps (None: none of these holds)."""
    led = led_suit(p.trick)
    hand = p.hands[seat]
    if p.is_attack(seat) == p.is_attack(p.to_play):
        return Unbeaten.OUR_SIDE
    if led not in (NO_SUIT_LED, Suit.TRUMPS) and hand & SUIT_MASKS[led]:
        return Unbeaten.FOLLOWS_SUIT
    if not hand & TRUMPS_MASK:
        return Unbeaten.NO_TRUMP
    return None


def _why_the_petit_is_safe(p: Position, lang: str) -> str | None:
    """Why the Petit played now cannot be beaten in this trick: the seat to play is last, or
    each player after it is on its side, must follow the suit led, or has no trump. None when
    some later player could beat it and only the line of play keeps it safe."""
    later = tuple((p.to_play + i) % p.players for i in range(1, p.players - len(p.trick)))
    if not later:
        return "You play last: nobody can beat it." if lang == "en" else (
            "Giochi per ultimo: nessuno può batterlo.")
    reasons = {seat: _why_unbeaten(p, seat) for seat in later}
    if None in reasons.values():
        return None
    and_ = " and " if lang == "en" else " e "
    parts = []
    for reason in Unbeaten:
        seats = [seat for seat in later if reasons[seat] is reason]
        if seats:
            one, several = UNBEATEN_WORDS[reason, lang]
            who = and_.join(_who(p, seat, lang) for seat in seats)
            parts.append(f"{who} {one if len(seats) == 1 else several}")
    listed = "; ".join(parts)
    return (f"Nobody after you can beat it: {listed}." if lang == "en"
            else f"Nessuno dopo di te può batterlo: {listed}.")


def _save_the_petit(r: Reading, b: str, lang: str) -> str:
    p = r.proof.position
    seat = _agreed(lines_after(p, PETIT), _winner_with(PETIT))
    wrong = r.wrong_card
    lost = _lost(p, lines_after(p, wrong), PETIT, lang)
    safe = _why_the_petit_is_safe(p, lang) if seat == p.to_play else None
    if lang == "en":
        wins = "your side wins this trick" if seat is None else _wins(p, seat, "en")
        text = (f"Play the {b} now: {wins}, so the Petit, an oudler and 4.5 points, stays "
                "with your side.")
        if safe is not None:
            text += f" {safe}"
        if lost is not None:
            text += f" After the {_name(wrong, 'en')} the other side wins the Petit{lost[0]}."
        return text
    wins = ("questa presa la vince il tuo campo" if seat is None
            else _wins(p, seat, "it", "questa presa"))
    text = f"Gioca {b} adesso: {wins}, quindi il Petit, un bout da 4,5 punti, resta al tuo campo."
    if safe is not None:
        text += f" {safe}"
    if lost is not None:
        text += f" Dopo {_name(wrong, 'it')} l'altro campo prende il Petit{lost[0]}."
    return text


def _beside_the_petit(p: Position, owner: int, lang: str) -> str:
    """The other trumps in the Petit's hand, which decide whether it can be kept from falling:
    ', the only trump in that hand', ', with the trump 19 beside it', ', with 5 other trumps'."""
    others = [c for c in cards_of(p.hands[owner] & TRUMPS_MASK) if c != PETIT]
    en = lang == "en"
    if not others:
        return ", the only trump in that hand" if en else ", il suo unico atout"
    if len(others) > 3:
        return (f", with {len(others)} other trumps" if en
                else f", con altri {len(others)} atout")
    named = [("the " if en else "") + _name(c, lang) for c in sorted(others, reverse=True)]
    names = named[0] if len(named) == 1 else (
        ", ".join(named[:-1]) + (" and " if en else " e ") + named[-1])
    return f", with {names} beside it" if en else f", con accanto {names}"


def _taken_how(p: Position, lines: Sequence[Tricks], card: Card, lang: str) -> str:
    """': your partner (Player 3) takes it with the trump 21' when every line agrees on who
    wins ``card``'s trick and with which card; '' otherwise."""
    seat = _agreed(lines, _winner_with(card))
    taken = _agreed(lines, _taken_with(card))
    if seat is None or taken is None:
        return ""
    with_ = _name(taken, lang)
    if seat == p.to_play:
        return f": you take it with the {with_}" if lang == "en" else f": lo prendi tu con {with_}"
    who = _who(p, seat, lang)
    return (f": {who} takes it with the {with_}" if lang == "en"
            else f": lo prende {who} con {with_}")


def _hunt_the_petit(r: Reading, b: str, lang: str) -> str:
    p = r.proof.position
    best, wrong = r.proof.best[0], r.wrong_card
    owner = next(s for s, hand in enumerate(p.hands) if hand >> PETIT & 1)
    best_lines = lines_after(p, best)
    won = _won(p, best_lines, PETIT, lang)
    # Taken with the card the learner is told to play: the first sentence said it already.
    how = ("" if won is None or _agreed(best_lines, _taken_with(PETIT)) == best
           else _taken_how(p, best_lines, PETIT, lang))
    lost = _lost(p, lines_after(p, wrong), PETIT, lang)
    when_wrong = "" if lost is None else lost[0]
    beside = _beside_the_petit(p, owner, lang)
    if lang == "en":
        text = f"Play the {b}: the Petit is held by {_who(p, owner, 'en')}{beside}"
        text += "." if won is None else f", and with best play your side wins it{won}{how}."
        if lost is not None:
            text += (f" After the {_name(wrong, 'en')} the Petit escapes: the other side "
                     f"wins it{when_wrong}.")
        return text
    text = f"Gioca {b}: il Petit è in mano {_held_by_it(p, owner)}{beside}"
    text += "." if won is None else f", e con il gioco migliore il tuo campo lo prende{won}{how}."
    if lost is not None:
        text += (f" Dopo {_name(wrong, 'it')} il Petit si salva: lo prende l'altro campo"
                 f"{when_wrong}.")
    return text


def _cash_the_king(r: Reading, b: str, lang: str) -> str:
    p = r.proof.position
    best, wrong = r.proof.best[0], r.wrong_card
    wins_now = _agreed(lines_after(p, best), _winner_with(best)) == p.to_play
    lost = _lost(p, lines_after(p, wrong), best, lang)
    if lang == "en":
        text = f"Cash the {b} now" + (": it wins this trick." if wins_now else ".")
        if lost is not None:
            text += f" After the {_name(wrong, 'en')} the king is lost{lost[0]}{lost[1]}."
        return text
    text = f"Incassa {b} adesso" + (": vince questa presa." if wins_now else ".")
    if lost is not None:
        text += f" Dopo {_name(wrong, 'it')} il re si perde{lost[0]}{lost[1]}."
    return text


def _partner_void(p: Position, seat: int, card: Card) -> bool:
    return not p.hands[seat] & SUIT_MASKS[suit_of(card)]


def _charge_partner(r: Reading, b: str, lang: str) -> str:
    p = r.proof.position
    best = r.proof.best[0]
    lines = lines_after(p, best)
    seat = _agreed(lines, _winner_with(best))
    taken = _agreed(lines, _taken_with(best))
    who = "your partner" if lang == "en" else "il tuo compagno"
    if seat is not None:
        who = _who(p, seat, lang)
    with_card = "" if taken is None else (f" with the {_name(taken, 'en')}" if lang == "en"
                                          else f" con {_name(taken, 'it')}")
    leads = not p.trick
    if leads and seat is not None and taken is not None and is_trump(taken) and \
            _partner_void(p, seat, best):
        # Leading into a void only the open hands show: say so (content review 2, §3 19).
        suit = suit_name(suit_of(best), lang)
        if lang == "en":
            return (f"Lead the {b}: {who} has no {suit} and wins it{with_card}, so its "
                    "points go to your side. At the table you would need a reason to know "
                    "your partner is void (a suit they already trumped or discarded).")
        return (f"Esci con {b}: {who} non ha {suit} e la vince{with_card}, quindi i suoi "
                "punti vanno al tuo campo. Al tavolo ti servirebbe un motivo per sapere che "
                "il compagno non ha quel seme (l'ha già tagliato o scartato).")
    if lang == "en":
        return (f"Charge your partner's trick with the {b}: {who} wins it{with_card}, so its "
                "points go to your side.")
    return (f"Carica la presa del compagno con {b}: la vince {who}{with_card}, quindi i suoi "
            "punti vanno al tuo campo.")


def _of_it(p: Position, seat: int) -> str:
    """'del preneur (giocatore 2)', 'del giocatore 4 (altro campo)'."""
    return "de" + _who(p, seat, "it").removeprefix("i")


def _overtrump(r: Reading, b: str, lang: str) -> str:
    p = r.proof.position
    best, wrong = r.proof.best[0], r.wrong_card
    best_lines = lines_after(p, best)
    seat = _agreed(best_lines, _winner_with(best))
    other = _agreed(lines_after(p, wrong), _winner_with(wrong))
    beaten = _agreed(best_lines, _beaten_by(p, wrong))
    higher = best > wrong
    if lang == "en":
        how = "higher" if higher else "lower"
        text = f"Play the {how} trump: the {b}, not the {_name(wrong, 'en')}."
        if seat is not None:
            text = text[:-1] + f". With it {_wins(p, seat, 'en')}"
            if other is not None and other != seat:
                text += f"; with the {_name(wrong, 'en')}, {_wins(p, other, 'en', 'it')}."
            elif beaten is not None:
                text += (f", and the {_name(wrong, 'en')} you keep later beats the "
                         f"{_name(beaten[0], 'en')} of {_who(p, beaten[1], 'en')}.")
            else:
                text += "."
        return text.replace("..", ".")
    how = "più alto" if higher else "più basso"
    text = f"Gioca l'atout {how}: {b}, non {_name(wrong, 'it')}."
    if seat is not None:
        text = text[:-1] + f". Così {_wins(p, seat, 'it', 'questa presa')}"
        if other is not None and other != seat:
            text += (f"; con {_name(wrong, 'it')} "
                     f"{_wins(p, other, 'it', 'la presa').replace('la presa la', 'la')}.")
        elif beaten is not None:
            text += (f", e {_name(wrong, 'it')} che tieni batte poi {_name(beaten[0], 'it')} "
                     f"{_of_it(p, beaten[1])}.")
        else:
            text += "."
    return text.replace("..", ".")


def _keep_the_guard(r: Reading, b: str, lang: str) -> str:
    p = r.proof.position
    king = guarded_king(r)
    assert king is not None and r.wrong_trump is not None
    k_name = _name(king, lang)
    trump = _name(r.wrong_trump, lang)
    made = _won(p, lines_after(p, r.proof.best[0]), king, lang)
    lost = _lost(p, lines_after(p, r.wrong_trump), king, lang)
    if lang == "en":
        text = f"Play the {b} and keep the {trump}"
        text += "." if made is None else f": with best play your side wins your {k_name}{made}."
        if lost is not None:
            text += (f" Spend the {trump} now instead, and the other side takes the {k_name}"
                     f"{lost[0]}.")
        return text
    text = f"Gioca {b} e tieni {trump}"
    text += "." if made is None else f": con il gioco migliore il tuo campo vince {k_name}{made}."
    if lost is not None:
        text += (f" Se spendi invece ora {trump}, l'altro campo prende {k_name}"
                 f"{lost[0]}.")
    return text


def _draw_trumps(r: Reading, b: str, lang: str) -> str:
    """The trump lead that draws the other side's trumps; after the wrong card, the plain
    card they trump (in the best line after it, which the text says)."""
    p = r.proof.position
    wrong = r.wrong_card
    ruff = ruffed_by_them(p, r.wrong_tricks)
    assert ruff is not None
    led = _name(next(c for c in ruff.cards if c != EXCUSE), lang)
    trump = _name(_winning_card(ruff), lang)
    who = _who(p, ruff.winner, lang)
    now = ruff is r.wrong_tricks[0] and wrong in ruff.cards
    when = _when_at(r.wrong_tricks.index(ruff), lang)
    if lang == "en":
        draws = (f"Lead the {b}: it draws the other side's trumps before they can trump "
                 "your plain cards.")
        if now:
            return (f"{draws} Lead the {led} instead, and in the best line after it {who} "
                    f"trumps it with the {trump}.")
        return (f"{draws} In the best line after the {_name(wrong, 'en')}, {who} trumps the "
                f"{led} {when} with the {trump}.")
    draws = (f"Esci con {b}: tira gli atout dell'altro campo prima che possano tagliare le "
             "tue carte degli altri semi.")
    if now:
        return (f"{draws} Se esci invece con {led}, nella linea migliore dopo quella "
                f"carta {who} la taglia con {trump}.")
    return (f"{draws} Nella linea migliore dopo {_name(wrong, 'it')}, {who} taglia {led} "
            f"{when} con {trump}.")


def explanation(r: Reading, idea: Idea | None, lang: str) -> str:
    wrong = r.wrong_card
    if idea is Idea.KEEP_THE_GUARD and r.wrong_trump is not None:
        wrong = r.wrong_trump  # the trump the idea is about
    stake = stake_sentence(r, idea, lang)
    return f"{idea_sentence(r, idea, lang)} {stake}{_cost(r.proof, wrong, lang)}"


def explanation_for(proof: Proof, card: Card, idea: Idea | None, lang: str) -> str:
    """The explanation as it speaks of ``card``, a wrong card a learner played (a puzzle's
    own explanation speaks of the most tempting one): the idea's sentence when the lines
    after that card show the idea, else the plain sentence; then what that card costs."""
    r = read_lines(proof, card)
    shown = idea if idea is not None and idea in recognise(proof, r) else None
    return f"{idea_sentence(r, shown, lang)} {_cost(proof, card, lang)}"


def puzzle_texts(r: Reading, idea: Idea | None = None) -> dict[str, dict[str, str]]:
    """The question and the explanation of a proven position, in both languages; ``idea``
    defaults to the first the lines show."""
    if idea is None:
        ideas = recognise(r.proof, r)
        idea = ideas[0] if ideas else None
    p = r.proof.position
    return {
        "question": {lang: question(p, lang) for lang in ("en", "it")},
        "explanation": {lang: explanation(r, idea, lang) for lang in ("en", "it")},
    }
