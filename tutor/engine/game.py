"""A whole deal as a state machine, one action at a time, with undo (python-chess style).

deal -> bidding -> (called card at 5 players) -> écart, card by card (prise, garde) ->
chelem announcement -> tricks (a poignée may be shown before one's first card) -> count ->
score. ``legal_actions()`` lists what may be done now, ``push(action)`` does it (raising
IllegalActionError with a reason code otherwise) and ``pop()`` undoes the last action.

The hot path the bots and simulations use is ``legal_plays()`` (a card mask) and
``play(card)``; they run the same rules as ``push(Play(card))``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple, NoReturn, cast

from tutor.engine import play as plays

# The actions (and their notation) have a module of their own; named here too, where they
# were first defined, for the modules that import them from the deal.
from tutor.engine.actions import Action as Action
from tutor.engine.actions import AnnounceChelem as AnnounceChelem
from tutor.engine.actions import Bid as Bid
from tutor.engine.actions import Call as Call
from tutor.engine.actions import Discard as Discard
from tutor.engine.actions import Play as Play
from tutor.engine.actions import ShowPoignee as ShowPoignee
from tutor.engine.announcements import (
    Chelem,
    Poignee,
    check_poignee,
    chelem_outcome,
    poignee_options,
)
from tutor.engine.cards import (
    DECK_SIZE,
    EXCUSE,
    EXCUSE_BIT,
    FIRST_TRUMP,
    LOW_CARDS_MASK,
    PETIT,
    SUIT_MASKS,
    Card,
    cards_of,
    format_card,
    half_points,
    oudlers_in,
)
from tutor.engine.contracts import (
    ChienFate,
    Contract,
    callable_cards,
    check_bid,
    check_call,
    first_to_speak,
)
from tutor.engine.dealing import HAND_SIZE, DealtCards, deal, petit_sec_seat
from tutor.engine.ecart import (
    CHIEN_SIZE,
    EcartReason,
    ecart_mask,
    ecart_refusal,
    trumps_to_show,
)
from tutor.engine.errors import IllegalActionError, ImpossiblePositionError
from tutor.engine.position import (
    PastTrick,
    Position,
    parse_position,
    rules_of,
    validate_position,
)
from tutor.engine.scoring import Score, ScoreInput, Side, calculate
from tutor.engine.trick import ExcuseFate, TrickOutcome, trick_outcome
from tutor.engine.variants import FFT_2012, Rules

PETIT_BIT = 1 << PETIT


class Phase(Enum):
    """Where the deal stands; ``legal_actions()`` depends on it."""

    BIDDING = "bidding"
    CALLING = "calling"  # 5 players: the taker calls a card
    ECART = "ecart"  # prise and garde: the taker discards, one card at a time
    CHELEM = "chelem"  # the taker announces a chelem or not
    PLAYING = "playing"
    FINISHED = "finished"
    REDEAL = "redeal"  # all passed, or a petit sec was shown: the deal is void


class RedealReason(Enum):
    """Why a deal is void and dealt again."""

    ALL_PASSED = "all_passed"
    PETIT_SEC = "petit_sec"


class TrickRecord(NamedTuple):
    """A finished trick (a named tuple: immutable, and cheap to make 18 times a deal)."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class ShownPoignee:
    seat: int
    level: Poignee
    cards: int


@dataclass(frozen=True, slots=True)
class DealResult:
    """The count and the score of a finished deal."""

    attack_pile: int  # the attack's cards after the Excuse is settled
    defence_pile: int
    attack_half_points: int
    oudlers: int
    excuse_owed_half: int  # half-points moved for an Excuse exchange with no low card to give
    petit_au_bout: Side | None
    chelem: Chelem
    score: Score
    marks: tuple[int, ...]  # one per seat, summing to zero


_FIELDS = (
    "phase",
    "hands",
    "speaker",
    "bids",
    "highest",
    "taker",
    "contract",
    "called",
    "partner",
    "ecart",
    "chelem_announced",
    "poignees",
    "trick",
    "_leader",
    "led",
    "top",
    "to_play",
    "_trick_log",
    "tricks_done",
    "petit_won",
    "won",
    "excuse_seat",
    "excuse_winner",
    "attack_tricks",
    "excuse_won_last",
    "excuse_changed_camp",
    "redeal_reason",
)
_APPEND_ONLY = frozenset({"bids", "poignees", "_trick_log"})
_PLAY_IN_TRICK = object()  # marks the short undo record of a card that does not end a trick
_TRUMP_LED = plays.TRUMP_LED
_PLAYING = Phase.PLAYING
_BIDDING = Phase.BIDDING
_ECART = Phase.ECART
_SUIT_SIZE = 14
_TRUMP_BEFORE_ONE = FIRST_TRUMP - 1  # trump number n is card n + 55
_CARD_BITS = tuple(1 << card for card in range(DECK_SIZE))
_SUIT_MASKS = SUIT_MASKS
# _SEATS_FROM[players][leader]: the seats in playing order from the leader, as a trick sees them.
_SEATS_FROM = {
    players: tuple(
        tuple((leader + i) % players for i in range(players)) for leader in range(players)
    )
    for players in HAND_SIZE
}
_legal_mask = plays.legal_mask
# What copy() copies as lists (mutated in place) and as values (ints, frozen objects).
_LISTS = ("hands", "bids", "poignees", "trick", "_trick_log", "_records", "won", "_moves")
_COPIED = tuple(
    name
    for name in (
        *_FIELDS, "players", "dealer", "seed", "dealt", "chien", "rules", "tricks_per_deal",
        "_seats_from", "_next_seat", "_played_before",
    )
    if name not in _LISTS
)


def _is_card(card: object) -> bool:
    return type(card) is int and 0 <= card < DECK_SIZE


def _require_card(card: object) -> None:
    if not _is_card(card):
        raise IllegalActionError(f"{card!r} is not a card (0..77)", "malformed_action")


# Shared: actions are immutable, and a deal records one per move.
_PLAYS = tuple(Play(card) for card in range(DECK_SIZE))
_DISCARDS = tuple(Discard(card) for card in range(DECK_SIZE))
_BIDS = {contract: Bid(contract) for contract in (None, *Contract)}


class Deal:
    """A deal being played. Seats are numbered counter-clockwise, so the next seat is +1."""

    __slots__ = (
        *_FIELDS,
        "players",
        "dealer",
        "seed",
        "dealt",
        "chien",
        "rules",
        "tricks_per_deal",
        "_seats_from",
        "_next_seat",
        "_undo",
        "_stack",
        "_moves",
        "_records",
        "_played_before",
    )

    def __init__(self, dealt: DealtCards, rules: Rules = FFT_2012, undo: bool = True) -> None:
        """``undo=False``: keep no undo history (``pop()`` is then refused), which makes every
        action cheaper: for simulations and searches that copy instead of undoing."""
        players = len(dealt.hands)
        if players not in rules.players:
            raise ImpossiblePositionError(
                f"{rules.name} is played by {' or '.join(map(str, rules.players))} players, "
                f"not {players}"
            )
        self.rules = rules
        self._undo = undo
        self.players = players
        self.tricks_per_deal = HAND_SIZE[players]
        self._seats_from = _SEATS_FROM[players]
        self._next_seat = _SEATS_FROM[players][1]  # seat s + 1, round the table
        self.dealer = dealt.dealer
        self.seed = dealt.seed
        self.dealt = dealt
        self.chien = dealt.chien
        self.hands = list(dealt.hands)
        self.phase = Phase.BIDDING
        self.speaker = first_to_speak(dealt.dealer, players)
        self.bids: list[Contract | None] = []
        self.highest: Contract | None = None
        self.taker: int | None = None
        self.contract: Contract | None = None
        self.called: Card | None = None
        self.partner: int | None = None
        self.ecart = 0
        self.chelem_announced = False
        self.poignees: list[ShownPoignee] = []
        self.trick: list[Card] = []
        self._leader = self.speaker  # who leads the trick in progress (set when play starts)
        self.led = plays.NO_SUIT_LED
        self.top = 0
        self.to_play = self.speaker
        # The tricks this object saw played, as (leader, cards, winner): ``tricks`` makes the
        # TrickRecords when asked (a simulation never asks; the bots ask once a card).
        self._trick_log: list[tuple[int, list[Card], int]] = []
        self._records: list[TrickRecord] = []
        self.tricks_done = 0  # tricks of the deal played so far (from a position: before it too)
        self.petit_won: tuple[int, int] | None = None  # (trick index, seat) that won the Petit
        self.won = [0] * players
        self.excuse_seat: int | None = None
        self.excuse_winner: int | None = None
        self.attack_tricks = 0
        self.excuse_won_last = False
        self.excuse_changed_camp = False
        self.redeal_reason: RedealReason | None = None
        self._stack: list[tuple[object, ...]] = []
        self._moves: list[Action] = []
        # The tricks played before this object saw the deal (none when it dealt it); None: a
        # position without its history, whose play so far is not known.
        self._played_before: tuple[PastTrick, ...] | None = ()
        if petit_sec_seat(dealt) is not None:
            self.phase = Phase.REDEAL
            self.redeal_reason = RedealReason.PETIT_SEC

    @classmethod
    def new(
        cls,
        players: int = 4,
        seed: int = 0,
        dealer: int = 0,
        rules: Rules = FFT_2012,
        undo: bool = True,
    ) -> Deal:
        return cls(deal(players, seed, dealer), rules, undo)

    # --- positions and copies --------------------------------------------------------------
    @classmethod
    def from_position(cls, position: Position | str, undo: bool = True) -> Deal:
        """A deal in the middle of play, from a ``Position`` or its one-line notation
        (``tutor.engine.position``). It plays on exactly as the deal it was taken from; its
        ``tricks`` and ``moves`` hold only what is played from here, ``tricks_done`` counts
        the tricks before too. Raises ImpossiblePositionError (with a code) when no deal can
        reach the position."""
        p = parse_position(position) if isinstance(position, str) else position
        if not isinstance(position, str):
            validate_position(p)
        fate = p.contract.chien
        chien = p.aside if fate is not ChienFate.SHOWN_TAKEN_AND_ECART else 0
        d = cls(DealtCards(p.hands, chien, p.dealer, 0), rules_of(p), undo)
        d.phase = Phase.PLAYING
        d.highest = d.contract = p.contract
        d.taker = p.taker
        d.called = p.called
        d.partner = p.partner
        d.redeal_reason = None  # a petit sec in the cards left is no redeal once play began
        d.ecart = p.aside if fate is ChienFate.SHOWN_TAKEN_AND_ECART else 0
        d.chelem_announced = p.chelem_announced
        sizes = d.rules.poignee_sizes(p.players)
        d.poignees = [
            ShownPoignee(seat, Poignee(sizes.index(shown.bit_count()) + 1), shown)
            for seat, shown in p.poignees
        ]
        d.tricks_done = p.tricks_done
        d.trick = list(p.trick)
        d._leader = p.leader
        d.led = plays.led_suit(p.trick)
        d.top = plays.top_trump(p.trick)
        d.to_play = p.to_play
        d.won = [0] * p.players
        d.won[p.taker] = p.attack_won
        if p.defence_won:
            d.won[d._a_seat_of_camp(False)] = p.defence_won
        d.excuse_seat = p.excuse_owner
        d.excuse_winner = p.excuse_winner
        d.attack_tricks = p.attack_tricks
        d.petit_won = p.petit_won
        d._played_before = p.history or (None if p.tricks_done else ())
        return d

    def position(self) -> Position:
        """This deal's position (in the playing phase), for ``from_position`` or the notation."""
        self._require(Phase.PLAYING)
        assert self.taker is not None and self.contract is not None
        attack, defence = self._piles_by_camp()
        shown = self.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART
        return Position(
            players=self.players,
            dealer=self.dealer,
            contract=self.contract,
            taker=self.taker,
            hands=tuple(self.hands),
            leader=self._leader if self.trick else self.to_play,
            trick=tuple(self.trick),
            attack_won=attack,
            defence_won=defence,
            aside=self.ecart if shown else self.chien,
            called=self.called,
            partner=self.partner,
            chelem_announced=self.chelem_announced,
            excuse_owner=self.excuse_seat,
            excuse_winner=self.excuse_winner,
            petit_won=self.petit_won,
            poignees=tuple((p.seat, p.cards) for p in self.poignees),
            rules=self.rules.name,
            history=self.history(),
        )

    def history(self) -> tuple[PastTrick, ...] | None:
        """Every trick played so far, in order (None when this deal was taken from a position
        without its history, or before the first trick: there is none to give)."""
        before = self._played_before
        if before is None or not (before or self._trick_log):
            return None
        log = self._trick_log
        return before + tuple(PastTrick(leader, tuple(cards)) for leader, cards, _ in log)

    def copy(self) -> Deal:
        """An independent deal in the same state, cheaply: the cards and the record of moves
        are copied, the undo history is not (``pop()`` on the copy undoes only what was done
        on it)."""
        other = Deal.__new__(Deal)
        for name in _COPIED:
            setattr(other, name, getattr(self, name))
        for name in _LISTS:
            setattr(other, name, getattr(self, name)[:])
        other._undo = self._undo
        other._stack = []
        return other

    # --- undo -----------------------------------------------------------------------------
    def _save(self, action: Action) -> None:
        self._moves.append(action)
        if self._undo:
            self._stack.append(self._snapshot())

    def _snapshot(self) -> tuple[object, ...]:
        # Append-only lists (bids, poignées, the trick log) are saved as their length: undo
        # truncates.
        return (
            self.phase,
            self.hands[:],
            self.speaker,
            len(self.bids),
            self.highest,
            self.taker,
            self.contract,
            self.called,
            self.partner,
            self.ecart,
            self.chelem_announced,
            len(self.poignees),
            self.trick[:],
            self._leader,
            self.led,
            self.top,
            self.to_play,
            len(self._trick_log),
            self.tricks_done,
            self.petit_won,
            self.won[:],
            self.excuse_seat,
            self.excuse_winner,
            self.attack_tricks,
            self.excuse_won_last,
            self.excuse_changed_camp,
            self.redeal_reason,
        )

    def pop(self) -> Action:
        """Undo the last action and return it."""
        if not self._undo:
            raise IllegalActionError(
                "this deal keeps no undo history: it was made with undo=False", "undo_disabled"
            )
        if not self._stack:
            raise IllegalActionError("nothing to undo", "nothing_to_undo")
        record = self._stack.pop()
        if record[0] is _PLAY_IN_TRICK:
            # A card that did not end its trick: only these fields changed.
            seat, hand, led, top = cast(tuple[int, int, int, int], record[1:])
            self.hands[seat] = hand
            self.led = led
            self.top = top
            self.to_play = seat
            self.trick.pop()
            return self._moves.pop()
        for name, value in zip(_FIELDS, record, strict=True):
            if name in _APPEND_ONLY:
                del getattr(self, name)[value:]
            else:
                setattr(self, name, value)
        del self._records[len(self._trick_log) :]  # records of undone tricks
        return self._moves.pop()

    @property
    def moves(self) -> tuple[Action, ...]:
        return tuple(self._moves)

    @property
    def tricks(self) -> list[TrickRecord]:
        """The tricks this object saw played (from a position: only those played since).
        The same record objects at every call (read only)."""
        records, log = self._records, self._trick_log
        if len(records) < len(log):
            seats_from = self._seats_from
            # tuple.__new__ skips the named tuple's Python-level __new__.
            records += [
                tuple.__new__(TrickRecord, (leader, seats_from[leader], tuple(cards), winner))
                for leader, cards, winner in log[len(records) :]
            ]
        return records

    # --- who is who -----------------------------------------------------------------------
    @property
    def current_seat(self) -> int | None:
        if self.phase is Phase.BIDDING:
            return self.speaker
        if self.phase in (Phase.CALLING, Phase.ECART, Phase.CHELEM):
            return self.taker
        if self.phase is Phase.PLAYING:
            return self.to_play
        return None

    def is_attack(self, seat: int) -> bool:
        return seat == self.taker or seat == self.partner

    @property
    def ecart_size(self) -> int:
        return CHIEN_SIZE[self.players]

    # --- legal actions --------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.BIDDING:
            bids: list[Action] = [Bid(None)]
            return bids + [Bid(c) for c in Contract if self.highest is None or c > self.highest]
        if phase is Phase.CALLING:
            assert self.taker is not None
            return [Call(c) for c in cards_of(callable_cards(self.hands[self.taker]))]
        if phase is Phase.ECART:
            assert self.taker is not None
            return [Discard(c) for c in cards_of(self.legal_discards())]
        if phase is Phase.CHELEM:
            return [AnnounceChelem(False), AnnounceChelem(True)]
        if phase is Phase.PLAYING:
            actions: list[Action] = [ShowPoignee(m) for m in self.poignee_choices().values()]
            return actions + [Play(c) for c in cards_of(self.legal_plays())]
        return []

    def push(self, action: Action) -> None:
        """Do ``action`` for the seat whose turn it is, or raise IllegalActionError (and change
        nothing) unless it is one of ``legal_actions()``. A poignée may show any valid set of
        cards of its level: ``legal_actions()`` lists one choice per level."""
        if type(action) is Play:  # the bots' hot path: the checks written out
            if self.phase is not _PLAYING:
                self._require(Phase.PLAYING)
            card = action.card
            if (
                type(card) is not int
                or not 0 <= card < DECK_SIZE
                or not self.legal_plays() >> card & 1
            ):
                self._refuse_play(card)
            self.play(card)
            return
        kind = type(action)
        if kind is Bid:
            assert isinstance(action, Bid)
            self.bid(action.contract)
        elif kind is Call:
            assert isinstance(action, Call)
            self.call(action.card)
        elif kind is Discard:
            assert isinstance(action, Discard)
            self.discard(action.card)
        elif kind is AnnounceChelem:
            assert isinstance(action, AnnounceChelem)
            self.announce_chelem(action.announce)
        elif kind is ShowPoignee:
            assert isinstance(action, ShowPoignee)
            self.show_poignee(action.cards)
        else:
            raise IllegalActionError(f"unknown action {action!r}", "unknown_action")

    def _require(self, phase: Phase) -> None:
        if self.phase is not phase:
            raise IllegalActionError(
                f"this is the {self.phase.value} phase, not {phase.value}", "wrong_phase"
            )

    # --- bidding --------------------------------------------------------------------------
    def bid(self, contract: Contract | None) -> None:
        """Each player speaks once, in turn: pass (None) or a higher contract."""
        if self.phase is not _BIDDING:
            self._require(Phase.BIDDING)
        if contract is not None:
            if type(contract) is not Contract:
                raise IllegalActionError(
                    f"a bid is a Contract or None (a pass), not {contract!r}", "malformed_action"
                )
            check_bid(contract, self.highest)
        self._moves.append(_BIDS[contract])  # _save(), written out on the hot path
        if self._undo:
            self._stack.append(self._snapshot())
        self.bids.append(contract)
        if contract is not None:
            self.highest = contract
            self.taker = self.speaker
        self.speaker = (self.speaker + 1) % self.players
        if len(self.bids) == self.players:
            self._end_bidding()

    def _end_bidding(self) -> None:
        if self.highest is None:
            self.phase = Phase.REDEAL
            self.redeal_reason = RedealReason.ALL_PASSED
            return
        self.contract = self.highest
        if self.players == 5:
            self.phase = Phase.CALLING
        else:
            self._turn_chien()

    def call(self, card: Card) -> None:
        """5 players: call a card; its holder is the secret partner (none: the taker is alone)."""
        self._require(Phase.CALLING)
        assert self.taker is not None
        _require_card(card)
        check_call(self.hands[self.taker], card)
        self._save(Call(card))
        self.called = card
        holder = next((s for s, h in enumerate(self.hands) if h >> card & 1), None)
        self.partner = None if holder == self.taker else holder
        self._turn_chien()

    def _turn_chien(self) -> None:
        assert self.contract is not None and self.taker is not None
        if self.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART:
            self.hands[self.taker] |= self.chien
            self.phase = Phase.ECART
        else:
            self.phase = Phase.CHELEM

    # --- écart ----------------------------------------------------------------------------
    def legal_discards(self) -> int:
        """The cards the taker may put to the écart now, as a mask."""
        assert self.taker is not None
        return ecart_mask(
            self.hands[self.taker], CHIEN_SIZE[self.players] - self.ecart.bit_count()
        )

    def discard_refusal(self, card: Card) -> EcartReason | None:
        """Why ``card`` may not go to the écart now (slots still open), or None."""
        assert self.taker is not None
        remaining = self.ecart_size - self.ecart.bit_count()
        return ecart_refusal(self.hands[self.taker], card, remaining)

    def discard(self, card: Card) -> None:
        if self.phase is not _ECART:
            self._require(Phase.ECART)
        if type(card) is not int or not 0 <= card < DECK_SIZE:
            _require_card(card)
        taker = self.taker
        assert taker is not None
        size = CHIEN_SIZE[self.players]
        hand = self.hands[taker]
        reason = ecart_refusal(hand, card, size - self.ecart.bit_count())  # discard_refusal()
        if reason is not None:
            raise IllegalActionError(f"{format_card(card)}: {reason.value}", reason.value, (card,))
        self._moves.append(_DISCARDS[card])  # _save(), written out on the hot path
        if self._undo:
            self._stack.append(self._snapshot())
        self.hands[taker] = hand & ~(1 << card)
        ecart = self.ecart = self.ecart | 1 << card
        if ecart.bit_count() == size:
            self.phase = Phase.CHELEM

    # --- announcements --------------------------------------------------------------------
    def announce_chelem(self, announce: bool) -> None:
        self._require(Phase.CHELEM)
        if type(announce) is not bool:
            raise IllegalActionError(
                f"a chelem is announced (True) or not (False), not {announce!r}",
                "malformed_action",
            )
        self._save(AnnounceChelem(announce))
        self.chelem_announced = announce
        self.phase = Phase.PLAYING
        # The announcer leads the first trick; otherwise the player on the dealer's right.
        self.to_play = self._leader = (
            self.taker
            if announce and self.taker is not None
            else first_to_speak(self.dealer, self.players)
        )

    @property
    def trick_seats(self) -> list[int]:
        """Who played each card of the trick in progress: seats follow each other from its
        leader, so they are not stored card by card."""
        return list(self._seats_from[self._leader][: len(self.trick)])

    @property
    def played_seats(self) -> int:
        """The seats that have played a card already (a mask): everyone after the first trick."""
        if self.tricks_done:
            return (1 << self.players) - 1
        played = 0
        for seat in self.trick_seats:
            played |= 1 << seat
        return played

    def poignee_choices(self) -> dict[Poignee, int]:
        """Poignées the player to play may still show (only before their first card)."""
        seat = self.to_play
        if self.played_seats >> seat & 1 or any(p.seat == seat for p in self.poignees):
            return {}
        return poignee_options(
            self.hands[seat], self.players, self.rules.poignee_sizes(self.players)
        )

    def show_poignee(self, cards: int) -> None:
        self._require(Phase.PLAYING)
        if type(cards) is not int:
            raise IllegalActionError(
                f"a poignée is a mask of cards, not {cards!r}", "malformed_action"
            )
        seat = self.to_play
        if self.played_seats >> seat & 1:
            raise IllegalActionError(
                "a poignée is shown before one's first card", "poignee_too_late"
            )
        if any(p.seat == seat for p in self.poignees):
            raise IllegalActionError("one poignée per player", "poignee_already_shown")
        level = check_poignee(
            self.hands[seat], cards, self.players, self.rules.poignee_sizes(self.players)
        )
        self._save(ShowPoignee(cards))
        self.poignees.append(ShownPoignee(seat, level, cards))

    # --- play -----------------------------------------------------------------------------
    def legal_plays(self) -> int:
        """The legal cards of the player to play, as a mask."""
        if self.called is None or self.tricks_done:  # the called suit rule: first trick only
            return _legal_mask(self.hands[self.to_play], self.led, self.top)
        return _legal_mask(self.hands[self.to_play], self.led, self.top, self.called)

    def explain_plays(self) -> plays.PlayVerdicts:
        return plays.explain_play(
            self.hands[self.to_play], self.trick, self.called, not self.tricks_done
        )

    def _refuse_play(self, card: Card) -> NoReturn:
        _require_card(card)
        plays.check_play(
            self.hands[self.to_play], self.trick, card, self.called, not self.tricks_done
        )
        raise AssertionError(f"{format_card(card)} is legal")  # pragma: no cover

    def play(self, card: Card) -> None:
        """Play ``card`` for the player to play. The fast path: the phase and that the card is
        in the player's hand are checked (two int tests, so a wrong call cannot corrupt the
        deal); following suit and trumping are the caller's promise. ``push(Play(card))``
        checks every rule."""
        seat = self.to_play
        hand = self.hands[seat]
        bit = 1 << card  # (a negative card or a non-int raises here, as a shift)
        if not hand & bit or self.phase is not _PLAYING:
            self._require(Phase.PLAYING)
            raise IllegalActionError(
                f"{format_card(card)} is not in the hand", "not_in_hand", (card,)
            )
        self._moves.append(_PLAYS[card])
        if self._undo:
            # A card that does not end its trick changes only these fields: a short record.
            self._stack.append(
                self._snapshot()
                if len(self.trick) == self.players - 1
                else (_PLAY_IN_TRICK, seat, hand, self.led, self.top)
            )
        self.hands[seat] = hand ^ bit
        self.trick.append(card)
        if card >= FIRST_TRUMP:  # a trump or the Excuse
            if card != EXCUSE:  # the Excuse sets nothing: the next card does
                if self.led < 0:
                    self.led = _TRUMP_LED
                if card - _TRUMP_BEFORE_ONE > self.top:
                    self.top = card - _TRUMP_BEFORE_ONE
        elif self.led < 0:
            self.led = card // _SUIT_SIZE
        following = self._next_seat[seat]
        if following == self._leader:  # every player has played: the trick is complete
            self._end_trick()
        else:
            self.to_play = following

    def _end_trick(self) -> None:
        trick = self.trick
        leader = self._leader
        seats = self._seats_from[leader]
        done = self.tricks_done
        cards = 0
        for card in trick:  # (sum() of these 78-bit ints is slower: no small-int fast path)
            cards |= _CARD_BITS[card]
        if cards & EXCUSE_BIT:
            players = self.players
            camp = 1 << self.taker if self.taker is not None else 0
            if self.partner is not None:
                camp |= 1 << self.partner
            # The attack's seats as positions in this trick: seats follow from the leader.
            attack = ((camp >> leader) | (camp << (players - leader))) & ((1 << players) - 1)
            attack_tricks = self.attack_tricks
            out = trick_outcome(
                trick,
                attack,
                done == self.tricks_per_deal - 1,
                attack_tricks == done,
                attack_tricks == 0,
                self.rules.excuse_last_trick,
            )
            winner = seats[out.winner]
            cards = self._settle_excuse_of_trick(out, cards, attack >> out.winner & 1, winner)
        elif self.top:
            # No Excuse: who wins is all there is to decide (trick_outcome's winner, held
            # equal by tests), from what play() kept: the highest trump,
            winner = seats[trick.index(self.top + _TRUMP_BEFORE_ONE)]
        else:
            # or else the highest card of the suit led.
            winner = seats[trick.index((cards & _SUIT_MASKS[self.led]).bit_length() - 1)]
        if cards & PETIT_BIT:
            self.petit_won = (done, winner)
        self.won[winner] |= cards
        if winner == self.taker or winner == self.partner:
            self.attack_tricks += 1
        self._trick_log.append((leader, trick, winner))  # trick: no longer changed
        self.tricks_done = done + 1
        self.trick = []
        self._leader = self.to_play = winner
        self.led = -1
        self.top = 0
        if done + 1 == self.tricks_per_deal:
            self.phase = Phase.FINISHED

    def _settle_excuse_of_trick(
        self, out: TrickOutcome, cards: int, attack_won: int, winner: int
    ) -> int:
        """The trick's cards that go to its winner, once the Excuse's fate is applied."""
        fate = out.excuse
        if fate is ExcuseFate.EXCHANGED:
            cards &= ~EXCUSE_BIT  # the owner keeps it; the exchange is settled at the end
            self.excuse_seat = self._seats_from[self._leader][self.trick.index(EXCUSE)]
            self.excuse_winner = winner
        elif fate is ExcuseFate.WINS_THE_TRICK:
            self.excuse_won_last = True
        elif out.excuse_to_attack != bool(attack_won):
            # It changes camp on its own, also when its own side wins the last trick (RULES §7.2).
            cards &= ~EXCUSE_BIT
            self.won[self._a_seat_of_camp(bool(out.excuse_to_attack))] |= EXCUSE_BIT
            self.excuse_changed_camp = True
        return cards

    def _a_seat_of_camp(self, attack: bool) -> int:
        """Where a card that changes camp is put: the piles are summed by camp at the count."""
        if attack:
            assert self.taker is not None
            return self.taker
        return next(s for s in range(self.players) if not self.is_attack(s))

    # --- the count ------------------------------------------------------------------------
    def result(self) -> DealResult:
        if self.phase is not Phase.FINISHED:
            raise IllegalActionError("the deal is not finished", "not_finished")
        assert self.taker is not None and self.contract is not None
        attack, defence = self._piles_by_camp()
        fate = self.contract.chien
        if fate is ChienFate.SHOWN_TAKEN_AND_ECART:
            attack |= self.ecart
        elif fate is ChienFate.TAKER_UNSEEN:
            attack |= self.chien
        else:
            defence |= self.chien
        attack, defence, owed = self._settle_excuse(attack, defence)
        attack_half = half_points(attack) + owed
        oudlers = oudlers_in(attack)
        pab = self._petit_au_bout()
        attack_won_all = self.attack_tricks == self.tricks_done
        chelem = chelem_outcome(self.chelem_announced, attack_won_all, self.attack_tricks == 0)
        alone = self.players == 5 and self.partner is None
        # The engine made these numbers itself from legal play: calculate() without score()'s
        # checks of a hand-typed input (they cannot fail here, and cost a fifth of result()).
        s = calculate(
            ScoreInput(
                self.players,
                self.contract,
                attack_half,
                oudlers,
                pab,
                tuple([p.level for p in self.poignees]),
                chelem,
                alone,
                self.excuse_changed_camp,
            ),
            self.rules,
        )
        marks = [s.defender] * self.players
        if self.partner is not None:
            marks[self.partner] = s.partner or 0
        marks[self.taker] = s.taker
        return DealResult(
            attack, defence, attack_half, oudlers, owed, pab, chelem, s, tuple(marks)
        )

    def _piles_by_camp(self) -> tuple[int, int]:
        """The cards each camp won in its tricks: (attack, defence)."""
        attack = 0
        defence = 0
        taker, partner = self.taker, self.partner
        for seat, pile in enumerate(self.won):
            if seat in (taker, partner):
                attack |= pile
            else:
                defence |= pile
        return attack, defence

    def _settle_excuse(self, attack: int, defence: int) -> tuple[int, int, int]:
        """The Excuse goes back to its owner's side, which gives the trick's winners a low
        card; with no low card to give, half a point is owed (the Excuse then counts 4)."""
        if self.excuse_seat is None:
            return attack, defence, 0
        assert self.excuse_winner is not None
        owner_attack = self.is_attack(self.excuse_seat)
        if owner_attack:
            attack |= EXCUSE_BIT
        else:
            defence |= EXCUSE_BIT
        if owner_attack == self.is_attack(self.excuse_winner):
            return attack, defence, 0
        giver = attack if owner_attack else defence
        low = giver & LOW_CARDS_MASK
        if not low:
            return attack, defence, -1 if owner_attack else 1
        card = low & -low  # the lowest
        if owner_attack:
            return attack & ~card, defence | card, 0
        return attack | card, defence & ~card, 0

    def _petit_au_bout(self) -> Side | None:
        """The Petit in the last trick gives the bonus to the side that wins that trick; when
        the Excuse led last won a chelem, the Petit counts au bout in the penultimate one."""
        if self.petit_won is None:
            return None
        index, seat = self.petit_won
        last = self.tricks_per_deal - 1
        if index == last or (self.excuse_won_last and index == last - 1):
            return Side.ATTACK if self.is_attack(seat) else Side.DEFENCE
        return None

    # --- views ----------------------------------------------------------------------------
    def trumps_shown_in_ecart(self) -> list[Card]:
        """Every trump put in the écart is shown to the defence."""
        return trumps_to_show(self.ecart)

    def __repr__(self) -> str:
        return (
            f"Deal(players={self.players}, seed={self.seed}, phase={self.phase.value}, "
            f"tricks={self.tricks_done})"
        )
