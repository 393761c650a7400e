"""A deal in the middle of play as one line of text (as FEN is for chess), exactly round-tripped.

Grammar (fields separated by one space; seats are numbered counter-clockwise from 0)::

    position  = "tarot1" players rules dealer contract chelem hands trick piles aside
                excuse petit poignees [ history ]
    players   = "3" | "4" | "5"
    rules     = a preset name: fft-2012 | excuse-to-last-winner | online-first-to-100
    dealer    = seat
    contract  = code ":" taker [ ":" called ":" (partner | "-") ]   (the called card: 5 players;
                "-" when the taker called their own card and plays alone)
    chelem    = "chelem" | "-"                       (announced by the taker)
    hands     = cards { "/" cards }                  (one per seat, seat 0 first)
    trick     = leader ":" cards                     (the trick in progress, in playing order)
    piles     = cards "/" cards                      (the cards won by the attack / the defence)
    aside     = cards                                (the écart; the chien at garde sans/contre)
    excuse    = "-" | owner ">" winner               (an Excuse played earlier, exchange pending)
    petit     = "-" | trick_index "@" seat           (the trick that took the Petit, and its winner)
    poignees  = "-" | seat "=" cards { ";" seat "=" cards }
    history   = "history=" played { ";" played }   (optional: every trick played so far, in order)
    played    = leader ":" card { "." card }         (a finished trick, in playing order)
    cards     = "-" | card { "." card }              (card codes as in RULES §1.4: KH 10S T21 EX)

The player to play is the trick's leader plus the cards already in it. Cards are written in
index order (spades, hearts, diamonds, clubs, trumps, Excuse), the trick in playing order.

The history, when given, is the play so far: what a player at the table has seen (who did not
follow, who did not trump). It is checked by replaying it: the hands before the first trick are
the hands now plus every card played, each trick follows the rules of play from them, each is
led by the winner of the one before, and the last winner leads the trick in progress; the
replay ends with the same piles, Excuse and Petit facts as the position, and a poignée's trumps
were in its player's hand. A position without it (every position written before it existed) is
as valid as before; a position before the first trick has none to give.

>>> text = (
...     "tarot1 3 fft-2012 0 garde:1 - 9C.EX/KC/QC.T21 1:NC "
...     "1S.2S.4S.6S.JS.QS.KS.3H.4H.5H.1C.2C.3C.5C.6C.7C.8C.10C.JC.T3.T7.T8.T12.T13/"
...     "7S.9S.NS.6H.7H.8H.9H.10H.JH.NH.QH.KH.1D.2D.3D.4D.5D.6D.7D.8D.9D.10D.JD.ND.QD.KD."
...     "4C.T1.T2.T4.T5.T6.T9.T10.T11.T14.T15.T16.T17.T18.T19.T20 "
...     "3S.5S.8S.10S.1H.2H - 1@0 -"
... )
>>> p = parse_position(text)
>>> p.to_play, p.tricks_done, format_position(p) == text
(2, 22, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from tutor.engine.cards import (
    DECK_SIZE,
    EXCUSE,
    EXCUSE_BIT,
    KINGS_MASK,
    OUDLERS_MASK,
    PETIT,
    Card,
    cards_of,
    format_card,
    parse_card,
)
from tutor.engine.contracts import ChienFate, Contract, first_to_speak
from tutor.engine.dealing import HAND_SIZE
from tutor.engine.ecart import CHIEN_SIZE
from tutor.engine.errors import CardNotationError, ImpossiblePositionError
from tutor.engine.variants import FORMER_NAMES, PRESETS, Rules

TAG = "tarot1"
FIELDS = 13  # and the optional history after them
HISTORY = "history="


@dataclass(frozen=True, slots=True)
class PastTrick:
    """A trick played before the position: who led it and its cards in playing order."""

    leader: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Position:
    """Everything the rest of a deal depends on, at a moment of the play."""

    players: int
    dealer: int
    contract: Contract
    taker: int
    hands: tuple[int, ...]  # one mask per seat
    leader: int  # who led the trick in progress (to play, when it is empty)
    trick: tuple[Card, ...] = ()
    attack_won: int = 0  # cards won by the attack so far (the Excuse pending aside)
    defence_won: int = 0
    aside: int = 0  # the écart (prise, garde) or the chien (garde sans, garde contre)
    called: Card | None = None  # 5 players
    partner: int | None = None  # 5 players; None: the taker plays alone
    chelem_announced: bool = False
    excuse_owner: int | None = None  # an Excuse played before, its exchange still to settle
    excuse_winner: int | None = None
    petit_won: tuple[int, int] | None = None  # (trick index, seat that won it)
    poignees: tuple[tuple[int, int], ...] = ()  # (seat, cards shown), in the order shown
    rules: str = "fft-2012"
    history: tuple[PastTrick, ...] | None = None  # every trick played so far; None: not given

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    @property
    def trick_seats(self) -> tuple[int, ...]:
        return tuple((self.leader + i) % self.players for i in range(len(self.trick)))

    @property
    def tricks_done(self) -> int:
        """Tricks already played: what the leader's hand has lost since the deal."""
        played = 1 if self.trick else 0
        return HAND_SIZE[self.players] - self.hands[self.leader].bit_count() - played

    def is_attack(self, seat: int) -> bool:
        return seat == self.taker or seat == self.partner

    @property
    def attack_tricks(self) -> int:
        """Tricks the attack won: its cards, plus the Excuse it won and gave back."""
        won = self.attack_won.bit_count()
        if self.excuse_winner is not None and self.is_attack(self.excuse_winner):
            won += 1
        return won // self.players


def _fail(
    code: str, message: str, cards: int = 0, field: str | None = None
) -> ImpossiblePositionError:
    values = {} if field is None else {"field": field}
    return ImpossiblePositionError(message, code, cards_of(cards), values)


# --- text -> Position ---------------------------------------------------------------------
# One or two ASCII digits: str.isdigit() also takes "²" and "٣", which int() then refuses.
_SMALL_NUMBER = re.compile(r"[0-9]{1,2}", re.ASCII)


def _int(text: str, what: str) -> int:
    if not _SMALL_NUMBER.fullmatch(text):
        raise _fail("bad_number", f"{what}: {text!r} is not a small number", field=what)
    return int(text)


def _seat(text: str, players: int, what: str) -> int:
    seat = _int(text, what)
    if seat >= players:
        raise _fail(
            "bad_seat", f"{what}: seat {seat} does not exist at {players} players", field=what
        )
    return seat


def _cards(text: str, what: str) -> list[Card]:
    if text == "-":
        return []
    try:
        cards = [parse_card(code) for code in text.split(".")]
    except CardNotationError as error:
        raise _fail("bad_card", f"{what}: {error}", field=what) from None
    if len(set(cards)) != len(cards):
        raise _fail("duplicate_card", f"{what}: a card appears twice", field=what)
    return cards


def _mask(text: str, what: str) -> int:
    mask = 0
    for card in _cards(text, what):
        mask |= 1 << card
    return mask


def parse_position(text: str) -> Position:
    """Read a position; ``ImpossiblePositionError`` (with ``code``) when it is malformed or
    cannot happen in a deal. Never anything else, whatever the text."""
    if not isinstance(text, str) or len(text) > 2000:
        raise _fail("bad_format", "a position is one line of text")
    parts = text.split(" ")
    history: tuple[PastTrick, ...] | None = None
    if len(parts) == FIELDS + 1 and parts[-1].startswith(HISTORY):
        history = _history(parts.pop()[len(HISTORY) :])
    if len(parts) != FIELDS or parts[0] != TAG:
        raise _fail(
            "bad_format",
            f"a position has {FIELDS} fields (and a history) and starts with {TAG}",
        )
    _, players_text, rules, dealer_text, contract_text, chelem, hands_text, trick_text = parts[:8]
    piles_text, aside_text, excuse_text, petit_text, poignees_text = parts[8:]
    players = _int(players_text, "players")
    if history is not None and any(t.leader >= players for t in history):
        raise _fail(
            "bad_history", f"history: a leader's seat does not exist at {players} players",
            field="history",
        )
    if players not in HAND_SIZE:
        raise _fail(
            "bad_players",
            f"French tarot is played by 3, 4 or 5 players, not {players}",
            field="players",
        )
    contract_parts = contract_text.split(":")
    if len(contract_parts) not in (2, 4) or (len(contract_parts) == 4) != (players == 5):
        raise _fail(
            "bad_contract", "contract:taker, and :called:partner at 5 players", field="contract"
        )
    try:
        contract = Contract.from_code(contract_parts[0])
    except ValueError as error:
        raise _fail("bad_contract", str(error), field="contract") from None
    taker = _seat(contract_parts[1], players, "taker")
    called: Card | None = None
    partner: int | None = None
    if players == 5:
        called_cards = _cards(contract_parts[2], "called card")
        if len(called_cards) != 1:
            raise _fail("bad_contract", "one called card", field="called card")
        called = called_cards[0]
        if contract_parts[3] != "-":
            partner = _seat(contract_parts[3], players, "partner")
    if chelem not in ("chelem", "-"):
        raise _fail("bad_format", "the chelem field is 'chelem' or '-'", field="chelem")
    hand_texts = hands_text.split("/")
    if len(hand_texts) != players:
        raise _fail("bad_format", f"{players} hands separated by '/'", field="hands")
    hands = tuple(_mask(h, f"hand {seat}") for seat, h in enumerate(hand_texts))
    leader_text, _, trick_cards = trick_text.partition(":")
    pile_texts = piles_text.split("/")
    if len(pile_texts) != 2:
        raise _fail("bad_format", "the piles are attack/defence", field="piles")
    excuse_owner = excuse_winner = None
    if excuse_text != "-":
        owner_text, _, winner_text = excuse_text.partition(">")
        excuse_owner = _seat(owner_text, players, "Excuse owner")
        excuse_winner = _seat(winner_text, players, "Excuse trick winner")
    petit_won = None
    if petit_text != "-":
        index_text, _, seat_text = petit_text.partition("@")
        petit_won = (_int(index_text, "Petit trick"), _seat(seat_text, players, "Petit winner"))
    poignees: list[tuple[int, int]] = []
    if poignees_text != "-":
        for item in poignees_text.split(";"):
            seat_text, _, shown = item.partition("=")
            poignees.append((_seat(seat_text, players, "poignée"), _mask(shown, "poignée")))
    position = Position(
        players=players,
        dealer=_seat(dealer_text, players, "dealer"),
        contract=contract,
        taker=taker,
        hands=hands,
        leader=_seat(leader_text, players, "leader"),
        trick=tuple(_cards(trick_cards, "trick")),
        attack_won=_mask(pile_texts[0], "attack's cards"),
        defence_won=_mask(pile_texts[1], "defence's cards"),
        aside=_mask(aside_text, "écart or chien"),
        called=called,
        partner=partner,
        chelem_announced=chelem == "chelem",
        excuse_owner=excuse_owner,
        excuse_winner=excuse_winner,
        petit_won=petit_won,
        poignees=tuple(poignees),
        rules=rules,
        history=history,
    )
    validate_position(position)
    return position


def _history(text: str) -> tuple[PastTrick, ...]:
    """The tricks of the history field, each ``leader:cards`` (its seats are checked later)."""
    tricks = []
    for item in text.split(";"):
        leader_text, colon, cards_text = item.partition(":")
        cards = _cards(cards_text, "history") if colon else []
        if not cards:
            raise _fail("bad_history", "history: each trick is leader:cards", field="history")
        tricks.append(PastTrick(_int(leader_text, "history"), tuple(cards)))
    return tuple(tricks)


# --- Position -> text ---------------------------------------------------------------------
def _text(mask: int) -> str:
    return ".".join(format_card(c) for c in cards_of(mask)) or "-"


def format_position(p: Position) -> str:
    """The one-line notation of a position (the module docstring gives the grammar)."""
    contract = f"{p.contract.code}:{p.taker}"
    if p.players == 5:
        assert p.called is not None
        contract += f":{format_card(p.called)}:{'-' if p.partner is None else p.partner}"
    trick = ".".join(format_card(c) for c in p.trick) or "-"
    excuse = "-" if p.excuse_owner is None else f"{p.excuse_owner}>{p.excuse_winner}"
    petit = "-" if p.petit_won is None else f"{p.petit_won[0]}@{p.petit_won[1]}"
    poignees = ";".join(f"{seat}={_text(shown)}" for seat, shown in p.poignees) or "-"
    history = () if p.history is None else (
        HISTORY + ";".join(
            f"{t.leader}:{'.'.join(format_card(c) for c in t.cards)}" for t in p.history
        ),
    )
    return " ".join(
        (
            TAG,
            str(p.players),
            p.rules,
            str(p.dealer),
            contract,
            "chelem" if p.chelem_announced else "-",
            "/".join(_text(h) for h in p.hands),
            f"{p.leader}:{trick}",
            f"{_text(p.attack_won)}/{_text(p.defence_won)}",
            _text(p.aside),
            excuse,
            petit,
            poignees,
            *history,
        )
    )


# --- what can happen ----------------------------------------------------------------------
def rules_of(p: Position) -> Rules:
    """The preset a position names (a name it had before included: old links still open)."""
    rules = PRESETS.get(FORMER_NAMES.get(p.rules, p.rules))
    if rules is None:
        raise _fail("unknown_rules", f"unknown rules {p.rules!r}: use {', '.join(PRESETS)}")
    return rules


def validate_position(p: Position) -> None:
    """Refuse a position no deal can reach, with a code (``error.code``) and one line."""
    players = p.players
    if players not in HAND_SIZE or len(p.hands) != players:
        raise _fail("bad_players", f"{len(p.hands)} hands for {players} players")
    rules = rules_of(p)
    if players not in rules.players:
        raise _fail("bad_players", f"{rules.name} is not played by {players} players")
    seats = range(players)
    for seat in (p.dealer, p.taker, p.leader, p.partner, p.excuse_owner, p.excuse_winner):
        if seat is not None and seat not in seats:
            raise _fail("bad_seat", f"seat {seat} does not exist at {players} players")
    if (p.called is not None) != (players == 5) or (p.partner is not None and players != 5):
        raise _fail("bad_contract", "a card is called (and a partner known) only at 5 players")
    if p.partner == p.taker:
        raise _fail("bad_contract", "the partner is not the taker")
    if len(p.trick) >= players:
        raise _fail("trick_full", f"a trick in progress has fewer than {players} cards")
    if len(set(p.trick)) != len(p.trick) or not all(0 <= c < DECK_SIZE for c in p.trick):
        raise _fail("duplicate_card", "a card appears twice in the trick")
    excuse_pending = EXCUSE_BIT if p.excuse_owner is not None else 0
    if (p.excuse_owner is None) != (p.excuse_winner is None):
        raise _fail("bad_excuse", "an Excuse to exchange has an owner and a trick winner")
    parts = [*p.hands, p.attack_won, p.defence_won, p.aside, excuse_pending]
    parts.append(sum(1 << c for c in p.trick))
    seen = 0
    for part in parts:
        if seen & part:
            both = " ".join(format_card(c) for c in cards_of(seen & part))
            raise _fail("duplicate_card", f"{both} is in two places", seen & part)
        seen |= part
    if seen != (1 << DECK_SIZE) - 1:
        missing = " ".join(format_card(c) for c in cards_of(((1 << DECK_SIZE) - 1) & ~seen))
        raise _fail(
            "missing_cards",
            f"every card is somewhere: {missing} is nowhere",
            ((1 << DECK_SIZE) - 1) & ~seen,
        )
    if p.aside.bit_count() != CHIEN_SIZE[players]:
        raise _fail("aside_size", f"the écart or chien has {CHIEN_SIZE[players]} cards")
    if p.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART and p.aside & (
        KINGS_MASK | OUDLERS_MASK
    ):
        raise _fail(
            "illegal_ecart",
            "no king nor oudler goes to the écart",
            p.aside & (KINGS_MASK | OUDLERS_MASK),
        )
    done = p.tricks_done
    if done < 0:
        raise _fail("hand_sizes", f"the leader holds more than {HAND_SIZE[players]} cards")
    in_trick = set(p.trick_seats)
    for seat in seats:
        expected = HAND_SIZE[players] - done - (1 if seat in in_trick else 0)
        if p.hands[seat].bit_count() != expected:
            raise _fail(
                "hand_sizes",
                f"seat {seat} holds {p.hands[seat].bit_count()} cards, not {expected}",
            )
    if not any(p.hands):
        raise _fail("not_in_play", "a position is taken while cards remain to be played")
    won = p.attack_won.bit_count() + p.defence_won.bit_count() + excuse_pending.bit_count()
    if won != done * players:
        raise _fail("pile_sizes", f"{done} tricks played make {done * players} cards won")
    attack_cards = p.attack_won.bit_count()
    if p.excuse_winner is not None and p.is_attack(p.excuse_winner):
        attack_cards += 1  # the trick's winners gave back the Excuse
    if attack_cards % players:
        raise _fail("pile_sizes", "each side's cards are whole tricks")
    if p.petit_won is not None:
        index, seat = p.petit_won
        pile = p.attack_won if p.is_attack(seat) else p.defence_won
        if index >= done or not pile >> PETIT & 1:
            raise _fail("bad_petit", "the Petit was won in a trick played, by that side")
    elif (p.attack_won | p.defence_won) >> PETIT & 1:
        raise _fail("bad_petit", "the Petit was won: say in which trick and by whom")
    if excuse_pending and EXCUSE in p.trick:
        raise _fail("bad_excuse", "the Excuse is played once")
    sizes = rules.poignee_sizes(players)
    shown_by: set[int] = set()
    for seat, shown in p.poignees:
        if seat in shown_by or shown.bit_count() not in sizes:
            raise _fail("bad_poignee", f"one poignée per player, of {sizes} trumps")
        shown_by.add(seat)
    if p.history is not None:
        _validate_history(p, p.history)


def _history_fail(message: str, cards: int = 0) -> ImpossiblePositionError:
    return _fail("bad_history", f"history: {message}", cards, field="history")


def hands_before_play(p: Position, history: tuple[PastTrick, ...]) -> tuple[int, ...]:
    """Each seat's hand before the first trick: its hand now, and every card it played."""
    hands = list(p.hands)
    tricks = [*((t.leader, t.cards) for t in history), (p.leader, p.trick)]
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            hands[(leader + i) % p.players] |= 1 << card
    return tuple(hands)


def _validate_history(p: Position, history: tuple[PastTrick, ...]) -> None:
    """The history is the play that reached ``p`` (the module docstring says what is checked)."""
    if len(history) != p.tricks_done:
        raise _history_fail(f"{len(history)} tricks given, {p.tricks_done} played")
    if not history:
        raise _history_fail("leave it out before the first trick")
    played = 0
    for trick in history:
        if len(trick.cards) != p.players or not all(0 <= c < DECK_SIZE for c in trick.cards):
            raise _history_fail(f"each trick has {p.players} cards")
        cards = sum(1 << c for c in trick.cards)
        if played & cards or cards.bit_count() != p.players:
            raise _history_fail("a card is played twice", played & cards)
        played |= cards
    excuse_pending = EXCUSE_BIT if p.excuse_owner is not None else 0
    if played != p.attack_won | p.defence_won | excuse_pending:
        raise _history_fail(
            "its cards are the cards won", played ^ (p.attack_won | p.defence_won | excuse_pending)
        )
    start = hands_before_play(p, history)
    for seat, shown in p.poignees:
        if shown & ~start[seat]:
            raise _history_fail("a poignée's trumps were in its player's hand", shown)
    reached = _replayed(p, history, start)
    facts = (p.attack_won, p.defence_won, p.excuse_owner, p.excuse_winner, p.petit_won)
    if (reached.attack_won, reached.defence_won, reached.excuse_owner, reached.excuse_winner,
            reached.petit_won) != facts:
        raise _history_fail("replayed, it does not give the piles, Excuse and Petit written")


def _replayed(p: Position, history: tuple[PastTrick, ...], start: tuple[int, ...]) -> Position:
    """The position the history reaches, played by the engine from the hands ``start`` (before
    the first trick) under ``p``'s contract, partner and poignées."""
    # The deal plays the rules; it imports this module, so it is imported here.
    from tutor.engine.actions import Play
    from tutor.engine.errors import IllegalActionError
    from tutor.engine.game import Deal

    first = history[0]
    opener = p.taker if p.chelem_announced else first_to_speak(p.dealer, p.players)
    if first.leader != opener:
        raise _history_fail(f"the first trick is led by seat {opener}")
    deal = Deal.from_position(
        Position(
            players=p.players, dealer=p.dealer, contract=p.contract, taker=p.taker, hands=start,
            leader=first.leader, aside=p.aside, called=p.called, partner=p.partner,
            chelem_announced=p.chelem_announced, poignees=p.poignees, rules=p.rules,
        ),
        undo=False,
    )
    for index, trick in enumerate((*history, PastTrick(p.leader, p.trick))):
        if deal.to_play != trick.leader:
            raise _history_fail(
                f"trick {index + 1} is led by seat {deal.to_play}, who won trick {index}"
            )
        for card in trick.cards:
            try:
                deal.push(Play(card))
            except IllegalActionError as error:
                raise _history_fail(f"trick {index + 1}: {error}", 1 << card) from None
    return deal.position()


def with_partner(p: Position, partner: int | None) -> Position:
    """``p`` with another called partner (5 players; None: the taker plays alone), its piles,
    pending Excuse exchange and Petit trick rebuilt by replaying its history under the camps
    that partner makes: who won each trick is the same, which side it counts for may not be.
    Raises ImpossiblePositionError when ``p`` has no history or the replay breaks a rule."""
    if p.history is None:
        raise _fail("bad_history", "the camps of past tricks need the history", field="history")
    moved = replace(p, partner=partner)
    reached = _replayed(moved, p.history, hands_before_play(moved, p.history))
    return replace(moved, attack_won=reached.attack_won, defence_won=reached.defence_won,
                   excuse_owner=reached.excuse_owner, excuse_winner=reached.excuse_winner,
                   petit_won=reached.petit_won)
