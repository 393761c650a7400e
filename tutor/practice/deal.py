"""One deal of the practice game: the learner at seat 0, computer players at the others.

``PracticeDeal`` wraps the engine's ``Deal``: the learner acts through its methods (each
returns a ``Refusal`` with the engine's reason code when the rules forbid it, None when done)
and, after each of them, the bots act until the learner must act again (or the deal ends), in
the same call. The coach's remarks are computed as the learner's tricks complete.

A Strong computer player's card is a search. A deal played on a page is made with
``elsewhere=True``: the bots then stop at such a card (``thinking`` names the seat, the stage is
``THINKING``), the page asks the analysis workers for the bots' moves from there to the
learner's turn and hands them back (``answer``), or, when the workers cannot take it, has
the rules of thumb play (``fall_back``).
Everywhere else (tests, the command line, the benchmarks) the bots search in place.

A deal is reproducible: the cards come from ``(players, seed, dealer)`` and the bots' choices
from ``decision_rng(seed, move number)``, so its record (``record``: the deal and its moves)
rebuilds it (``from_record``), through the same replay as the deal review's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tutor.bots.base import Bot
from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import WAITING, decision_rng
from tutor.bots.strong import StrongBot
from tutor.engine import (
    FFT_2012,
    NO_SUIT_LED,
    Action,
    AnnounceChelem,
    Bid,
    Call,
    Card,
    Contract,
    Deal,
    DealRecord,
    DealResult,
    Discard,
    IllegalActionError,
    Phase,
    Play,
    Poignee,
    Replay,
    Rules,
    ShowPoignee,
    callable_cards,
    cards_of,
    led_suit,
    parse_action,
    petit_sec_seat,
)
from tutor.practice.coach import Remark, remarks_on
from tutor.practice.events import TableEvent, event_of, trick_gathered

LEARNER = 0


class Stage(StrEnum):
    """What the learner is asked to do now."""

    BID = "bid"
    CALL = "call"  # 5 players: the learner took and calls a king
    ECART = "ecart"  # the learner took a prise or garde: discard, one card at a time
    CHELEM = "chelem"  # the écart is done (cards can still be taken back): announce or not
    POIGNEE = "poignee"  # before the learner's first card, with enough trumps to show
    PLAY = "play"
    THINKING = "thinking"  # a computer player's card is being searched on the workers
    FINISHED = "finished"
    REDEAL = "redeal"


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the learner's action was refused: the engine's reason code, the card, and the
    cards the rule obliges instead (for a card played)."""

    code: str
    card: Card | None = None
    forcing: tuple[Card, ...] = ()
    led: int = NO_SUIT_LED  # the suit led when a card was refused (for the sentence)


class PracticeDeal:
    def __init__(
        self,
        players: int = 4,
        seed: int = 0,
        dealer: int | None = None,
        *,
        bots: Mapping[int, Bot] | None = None,
        declined_poignee: bool = False,
        rules: Rules = FFT_2012,
        elsewhere: bool = False,
    ) -> None:
        """A new deal (no move yet); the learner speaks first unless ``dealer`` says."""
        dealer = players - 1 if dealer is None else dealer % players  # the learner speaks first
        self._take(Deal.new(players, seed, dealer, rules), bots, declined_poignee, elsewhere)
        self.advance()

    @classmethod
    def from_record(
        cls,
        record: DealRecord,
        *,
        bots: Mapping[int, Bot] | None = None,
        declined_poignee: bool = False,
        elsewhere: bool = False,
    ) -> PracticeDeal:
        """The deal ``record`` rebuilt move by move (each checked by the engine), with its
        events and the coach's remarks as when it was played; then the bots act if it is
        their turn."""
        self = cls.__new__(cls)
        self._take(record.dealt(), bots, False, elsewhere)
        for action in record.moves:
            self._push(action)
        # after the replay: its moves were made with the poignée still to be answered, so a
        # first card taken back offers it again
        self.declined_poignee = declined_poignee
        self.advance()
        return self

    @classmethod
    def from_deal(
        cls, deal: Deal, *, bots: Mapping[int, Bot] | None = None, declined_poignee: bool = False
    ) -> PracticeDeal:
        """Take over a deal built elsewhere (a chosen position, in tests): the learner is at
        seat 0 and the bots act at once if it is their turn. Its moves so far are not
        judged by the coach."""
        self = cls.__new__(cls)
        self._take(deal, bots, declined_poignee, elsewhere=False)
        self.advance()
        return self

    def _take(
        self, deal: Deal, bots: Mapping[int, Bot] | None, declined_poignee: bool, elsewhere: bool
    ) -> None:
        self.deal = deal
        self.elsewhere = elsewhere  # the bots' searches are asked of the analysis workers
        self.bots: Mapping[int, Bot] = bots or {
            seat: SimpleBot() for seat in range(deal.players) if seat != LEARNER
        }
        self.declined_poignee = declined_poignee
        self.remarks: list[Remark] = []
        # what happened at the table, in order (a deal rebuilt from its moves has them all)
        self.events: list[TableEvent] = []
        # every action goes through the replay: it keeps the learner's tricks for the coach
        self._replay = Replay(deal, LEARNER)
        self.takebacks = 0  # the learner's actions taken back in this deal (said in its review)
        # the decisions the learner was shown a hint at (said in its review; kept when the
        # action is taken back: the hint was seen)
        self.hints: list[str] = []
        # per move pushed here: who made it, how many events there were before it and whether
        # the learner had declined the poignée then (what taking it back restores)
        self._marks: list[tuple[int, int, bool]] = []
        self._base = len(deal.moves)  # the moves made before this object took the deal over

    # --- facts ----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.deal.players

    @property
    def rules(self) -> Rules:
        return self.deal.rules

    @property
    def seed(self) -> int:
        return self.deal.seed

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def record(self) -> DealRecord:
        """The deal and its moves so far: what saves it (a deal taken over from a position
        has none that rebuilds it)."""
        return DealRecord.of(self.deal)

    @property
    def moves(self) -> list[str]:
        """The moves so far in the notation (``bid:garde``, ``play:EX`` …), as saved."""
        return [str(action) for action in self.deal.moves]

    @property
    def hand(self) -> int:
        return self.deal.hands[LEARNER]

    @property
    def stage(self) -> Stage:
        deal = self.deal
        phase = deal.phase
        if phase is Phase.FINISHED:
            return Stage.FINISHED
        if phase is Phase.REDEAL:
            return Stage.REDEAL
        if self.thinking is not None:  # a computer player's bid or card, searched elsewhere
            return Stage.THINKING
        if phase is Phase.BIDDING:
            return Stage.BID
        if phase is Phase.CALLING:
            return Stage.CALL
        if phase is Phase.ECART:
            return Stage.ECART
        if phase is Phase.CHELEM:
            return Stage.CHELEM
        if self.poignee_options():
            return Stage.POIGNEE
        return Stage.PLAY

    @property
    def finished(self) -> bool:
        return self.deal.phase in (Phase.FINISHED, Phase.REDEAL)

    def result(self) -> DealResult | None:
        return self.deal.result() if self.deal.phase is Phase.FINISHED else None

    def petit_sec_seat(self) -> int | None:
        return petit_sec_seat(self.deal.dealt)

    def legal_bids(self) -> list[Contract | None]:
        if self.stage is not Stage.BID:
            return []
        return [a.contract for a in self.deal.legal_actions() if isinstance(a, Bid)]

    def callable(self) -> list[Card]:
        if self.stage is not Stage.CALL:
            return []
        return cards_of(callable_cards(self.hand))

    def discard_refusals(self) -> dict[Card, str]:
        """The learner's cards that may not go to the écart now, with the reason code."""
        if self.stage is not Stage.ECART:
            return {}
        out = {}
        for card in cards_of(self.hand):
            reason = self.deal.discard_refusal(card)
            if reason is not None:
                out[card] = reason.value
        return out

    def legal_plays(self) -> int:
        return self.deal.legal_plays() if self.stage in (Stage.PLAY, Stage.POIGNEE) else 0

    def poignee_options(self) -> dict[Poignee, int]:
        """Poignées the learner may show now (before their first card), unless declined."""
        deal = self.deal
        if deal.phase is not Phase.PLAYING or deal.to_play != LEARNER or self.declined_poignee:
            return {}
        return deal.poignee_choices()

    def remarks_for(self, trick: int) -> list[Remark]:
        return [r for r in self.remarks if r.trick == trick]

    # --- the learner's actions ------------------------------------------------------------
    def bid(self, contract: Contract | None) -> Refusal | None:
        return self._learner(Stage.BID, Bid(contract))

    def call(self, card: Card) -> Refusal | None:
        return self._learner(Stage.CALL, Call(card), card)

    def discard(self, card: Card) -> Refusal | None:
        return self._learner(Stage.ECART, Discard(card), card)

    def take_back(self, card: Card) -> Refusal | None:
        """Take a card back from the écart (until the chelem question is answered)."""
        deal = self.deal
        if self.stage not in (Stage.ECART, Stage.CHELEM) or not deal.ecart >> card & 1:
            return Refusal("not_in_ecart", card)
        redo: list[Action] = []
        while True:
            action = self._replay.pop()  # a discard makes no event: the events stay as they are
            if isinstance(action, Discard) and action.card == card:
                break
            redo.append(action)
        for action in reversed(redo):
            self._replay.push(action)
        del self._marks[len(deal.moves) - self._base :]  # discards: alike, and no events
        return None

    def hint_used(self, decision: str) -> None:
        """A hint was shown at ``decision`` (``tutor.review.deal.decision_name``, or "call")."""
        if decision not in self.hints:
            self.hints.append(decision)

    def last_learner_action(self) -> int | None:
        """Where the learner's last action is in the deal's moves, while it can be taken
        back: the deal is not over (None: nothing to take back)."""
        if self.finished:
            return None
        for index in range(len(self._marks) - 1, -1, -1):
            if self._marks[index][0] == LEARNER:
                return self._base + index
        return None

    def take_back_last(self) -> Refusal | None:
        """Take back the learner's last action (a card, a bid, an écart card, the chelem
        answer, a poignée) and what the computer players did after it, as a takeback against
        the computer at chess: the learner is to act there again, the same cards in hand. A
        first card taken back offers again the poignée that playing it had declined."""
        index = self.last_learner_action()
        if index is None:
            return Refusal("nothing_to_take_back")
        _, events, self.declined_poignee = self._marks[index - self._base]
        while len(self.deal.moves) > index:
            self._replay.pop()
        del self._marks[index - self._base :]
        del self.events[events:]
        tricks = len(self.deal.tricks)
        self.remarks = [r for r in self.remarks if r.trick < tricks]
        self.takebacks += 1
        return None

    def announce_chelem(self, announce: bool) -> Refusal | None:
        return self._learner(Stage.CHELEM, AnnounceChelem(announce))

    def show_poignee(self, level: Poignee | None) -> Refusal | None:
        """Show the poignée ``level`` (the engine's choice of trumps), or None: do not show."""
        if self.stage is not Stage.POIGNEE:
            return Refusal("poignee_too_late")
        if level is None:
            self.declined_poignee = True
            return None
        options = self.poignee_options()
        if level not in options:
            return Refusal("poignee_wrong_count")
        return self._learner(Stage.POIGNEE, ShowPoignee(options[level]))

    def play(self, card: Card) -> Refusal | None:
        """Play ``card``; an illegal card is refused with the rule and the cards forcing it.
        Playing a card without showing an offered poignée declines it."""
        if self.stage not in (Stage.PLAY, Stage.POIGNEE):
            return Refusal("wrong_phase", card)
        refusal = self._learner(Stage.PLAY, Play(card), card, led_suit(self.deal.trick))
        if refusal is None:
            self.declined_poignee = True
        return refusal

    # --- machinery ------------------------------------------------------------------------
    def _learner(
        self, stage: Stage, action: Action, card: Card | None = None, led: int = NO_SUIT_LED
    ) -> Refusal | None:
        """Do the learner's action, or say why the engine refused it: its reason code, and
        the cards its error names beside the learner's (for a card: those the rule obliges)."""
        if self.stage is not stage and not (stage is Stage.PLAY and self.stage is Stage.POIGNEE):
            return Refusal("wrong_phase", card)
        try:
            self._push(action)
        except IllegalActionError as error:
            forcing = tuple(c for c in error.cards if c != card)
            return Refusal(error.reason or "illegal", card, forcing, led)
        self.advance()
        return None

    def _push(self, action: Action) -> None:
        """Push an action (anybody's) and note what the coach and the table need."""
        deal = self.deal
        tricks = len(deal.tricks)
        seat = deal.current_seat
        marks = (LEARNER if seat is None else seat, len(self.events), self.declined_poignee)
        gathered = self._replay.push(action)
        self._marks.append(marks)
        event = event_of(action, LEARNER if seat is None else seat, tricks)
        if event is not None:
            self.events.append(event)
        if gathered is not None:
            self.events.append(trick_gathered(gathered.record, gathered.index))
            self.remarks += remarks_on(gathered)

    def advance(self) -> None:
        """The bots act until the learner must act, the deal is over, or (``elsewhere``) a
        bot's card is a search for the workers."""
        deal = self.deal
        while deal.phase in WAITING and deal.current_seat != LEARNER:
            seat = deal.current_seat
            assert seat is not None
            bot = self.bots[seat]
            if self.elsewhere and isinstance(bot, StrongBot) and bot.searches(deal, seat):
                return
            self._push(bot.choose(deal, seat, decision_rng(deal.seed, len(deal.moves))))

    # --- a computer player's card searched elsewhere --------------------------------------
    @property
    def thinking(self) -> int | None:
        """The computer player whose card is being searched on the workers (None: nobody)."""
        deal = self.deal
        if not self.elsewhere or deal.phase not in WAITING or deal.current_seat == LEARNER:
            return None
        return deal.current_seat

    def answer(self, moves: int, actions: Sequence[str]) -> bool:
        """The workers' answer for the card awaited after ``moves`` moves: the computer
        players' moves from there until the learner's turn, played if the deal still awaits
        them (an answer for another moment — repeated, or after a take-back — is never
        applied); then the bots go on. False when not wholly applied: not awaited, or a move
        the engine refuses or that would be the learner's (those before it stay: each was
        legal)."""
        if self.thinking is None or len(self.deal.moves) != moves or not actions:
            return False
        for text in actions:
            if self.thinking is None:
                return False
            try:
                self._push(parse_action(text))
            except ValueError:  # not in the notation, or refused by the engine
                return False
        self.advance()
        return True

    def fall_back(self) -> int | None:
        """The computer players play the rules of thumb's cards at once until the learner's
        turn (the workers cannot take their searches now: the learner waits for them once,
        not once per player); the first seat that did (None: nobody was awaited)."""
        first = self.thinking
        deal, simple = self.deal, SimpleBot()
        while (seat := self.thinking) is not None:
            self._push(simple.choose(deal, seat, decision_rng(deal.seed, len(deal.moves))))
            self.advance()
        return first


__all__ = ["LEARNER", "PracticeDeal", "Refusal", "Stage"]
