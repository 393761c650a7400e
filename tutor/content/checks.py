"""Checks against the engine: positions must be possible, stated answers must be the engine's.

Each check returns ``Issue``s located by field path (the YAML path: a puzzle's exercise fields
are at its top level, a lesson's check under ``steps.N.check``). The loader turns them into
``ContentError``s with line and column.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field

from tutor.analysis.bestcard import MARGIN, NotProven, proof_of, read_lines, recognise
from tutor.analysis.robust import MIN_SHARE, robustness_of
from tutor.content.errors import FieldPath
from tutor.content.models import (
    BID_CODES,
    BestCardExercise,
    BidExercise,
    ChoiceExercise,
    CountExercise,
    EcartExercise,
    ExerciseModel,
    LegalSetExercise,
    Lesson,
    PlayExercise,
    Position,
    Puzzle,
    ScoreExercise,
    Step,
    card_codes,
)
from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.cards import (
    Card,
    display_order,
    format_card,
    format_half,
    half_points,
    mask_of,
)
from tutor.engine.contracts import Contract, may_bid
from tutor.engine.dealing import HAND_SIZE
from tutor.engine.ecart import CHIEN_SIZE, EcartReason, ecart_refusals, legal_ecart_exists
from tutor.engine.errors import TarotError
from tutor.engine.play import Reason, explain_play, illegal_play, validate_position
from tutor.engine.scoring import Score, ScoreInput, Side, needed, score
from tutor.engine.tarocchi import count_in_threes


@dataclass(frozen=True)
class Issue:
    path: FieldPath
    message: str


@dataclass
class _Report:
    """Issues under one field path: ``report.add(("hand", 3), "...")``."""

    at: FieldPath
    issues: list[Issue] = field(default_factory=list)

    def add(self, where: FieldPath, message: str) -> None:
        self.issues.append(Issue(self.at + where, message))

    def extend(self, issues: Iterable[Issue]) -> None:
        self.issues.extend(issues)

    def __bool__(self) -> bool:
        return bool(self.issues)


ECART_REASONS = {
    EcartReason.NOT_IN_HAND: "it is not in the hand",
    EcartReason.KING: "a king never goes to the écart",
    EcartReason.OUDLER: "an oudler never goes to the écart",
    EcartReason.TRUMP_AVOIDABLE: "a trump goes to the écart only when there are not enough "
                                 "other cards",
    EcartReason.WRONG_SIZE: "wrong number of cards",
}


# --- positions ------------------------------------------------------------------------------
def duplicate_cards(cards: Sequence[Card], at: FieldPath, what: str) -> list[Issue]:
    seen: set[Card] = set()
    report = _Report(at)
    for i, card in enumerate(cards):
        if card in seen:
            report.add((i,), f"card '{format_card(card)}' appears twice in the {what}")
        seen.add(card)
    return report.issues


def check_position(pos: Position, at: FieldPath, role: str) -> list[Issue]:
    """``role``: "play" / "legal-set" (a card to play), "ecart" (the taker's hand with the
    chien, before the first trick), "bid" (before play), "show" (a lesson's table)."""
    n = pos.players
    r = _Report(at)
    for name in ("me", "leader", "taker"):
        seat = getattr(pos, name)
        if seat is not None and seat >= n:
            r.add((name,), f"seat {seat} does not exist at {n} players: seats are 0 to {n - 1}")
    _check_cards_once(pos, r)
    _check_hand_size(pos, r, role)
    if role in ("ecart", "bid") and pos.trick:
        when = "the écart is made" if role == "ecart" else "bidding happens"
        r.add(("trick",), f"{when} before the first trick: no trick here")
    if len(pos.trick) >= n:
        r.add(("trick",), f"the trick already has {len(pos.trick)} cards: at {n} players it is "
                          "complete")
    r.extend(_check_seats(pos, at))
    _check_five_players(pos, r)
    if role == "ecart" and pos.contract in ("garde-sans", "garde-contre"):
        r.add(("contract",), f"no écart on a {pos.contract}: the chien is not taken")
    if not r and pos.hand and role in ("play", "legal-set", "show"):
        try:  # the engine's own guard, in case it knows more
            validate_position(pos.hand_mask, pos.trick_cards, n)
        except TarotError as exc:
            r.add((), str(exc))
    return r.issues


def _check_cards_once(pos: Position, r: _Report) -> None:
    """No card twice across the hand and the trick: the error is at the second one."""
    r.extend(duplicate_cards(pos.hand, (*r.at, "hand"), "hand"))
    hand = set(pos.hand)
    in_trick: set[Card] = set()
    for i, entry in enumerate(pos.trick):
        code = format_card(entry.card)
        if entry.card in hand:
            r.add(("trick", i), f"card '{code}' is already in the hand")
        elif entry.card in in_trick:
            r.add(("trick", i), f"card '{code}' appears twice in the trick")
        in_trick.add(entry.card)


def _check_hand_size(pos: Position, r: _Report, role: str) -> None:
    n, size = pos.players, len(pos.hand)
    most = HAND_SIZE[n]
    if role in ("play", "legal-set", "ecart") and not pos.hand:
        given = "hand" in pos.model_fields_set
        r.add(("hand",), "the hand is empty" if given else "the position needs the learner's hand")
    if role == "ecart":
        chien = CHIEN_SIZE[n]
        if pos.hand and size != most + chien:
            r.add(("hand",), f"the taker's hand with the chien has {most} + {chien} = "
                             f"{most + chien} cards at {n} players, not {size}")
    elif size > most:
        r.add(("hand",), f"{size} cards: at {n} players a hand has at most {most}")


def _check_five_players(pos: Position, r: _Report) -> None:
    n = pos.players
    if pos.called is not None and n != 5:
        r.add(("called",), f"a card is called only at 5 players, not {n}")
    if not pos.first_trick:
        return
    if n != 5:
        r.add(("first_trick",), "first_trick is only for 5 players (the called suit may not be "
                                "led)")
    elif pos.called is None:
        r.add(("first_trick",), "first_trick needs the called card ('called')")
    elif pos.hand and len(pos.hand) != HAND_SIZE[5]:
        r.add(("hand",), f"on the first trick the hand has {HAND_SIZE[5]} cards, not "
                         f"{len(pos.hand)}")


def _check_seats(pos: Position, at: FieldPath) -> list[Issue]:
    """The trick's seats follow each other counter-clockwise, and the learner plays next."""
    n = pos.players
    r = _Report(at)
    seats = [entry.seat for entry in pos.trick]
    if None in seats and any(s is not None for s in seats):
        r.add(("trick", seats.index(None)), "give every card of the trick a seat, or none "
                                            "(with 'leader')")
        return r.issues
    given = [s for s in seats if s is not None]
    if given:
        for i, seat in enumerate(given):
            if seat >= n:
                r.add(("trick", i, "seat"), f"seat {seat} does not exist at {n} players")
        if r:
            return r.issues
        for i in range(1, len(given)):
            expected = (given[i - 1] + 1) % n
            if given[i] != expected:
                r.add(("trick", i, "seat"), f"seat {given[i]} cannot play after seat "
                                            f"{given[i - 1]}: play goes counter-clockwise, "
                                            f"seat {expected} plays next")
                return r.issues
        if pos.leader is not None and pos.leader != given[0]:
            r.add(("leader",), f"the leader is seat {pos.leader} but the trick starts with "
                               f"seat {given[0]}")
            return r.issues
    if pos.leader is not None and pos.leader >= n:
        return r.issues
    turn = (pos.leader_seat + len(pos.trick)) % n
    if pos.me < n and turn != pos.me and len(pos.trick) < n:
        where = "me" if "me" in pos.model_fields_set else (
            "leader" if pos.leader is not None else "trick")
        if pos.trick:
            played = ", ".join(str(s) for s in pos.trick_seats)
            why = f"seats {played} have played, so seat {turn} plays next"
        else:
            why = f"the trick is empty, so the leader (seat {turn}) plays next"
        r.add((where,), f"{why}, not the learner (seat {pos.me})")
    return r.issues


# --- exercises ------------------------------------------------------------------------------
def check_exercise(ex: ExerciseModel, at: FieldPath = ()) -> list[Issue]:
    """Everything the engine can say about an exercise (a puzzle's at ``()``)."""
    if isinstance(ex, PlayExercise):
        return _check_play(ex, at)
    if isinstance(ex, LegalSetExercise):
        return _check_legal_set(ex, at)
    if isinstance(ex, EcartExercise):
        return _check_ecart(ex, at)
    if isinstance(ex, CountExercise):
        return _check_count(ex, at)
    if isinstance(ex, ScoreExercise):
        return _check_score(ex, at)
    if isinstance(ex, BidExercise):
        return _check_bid(ex, at)
    if isinstance(ex, BestCardExercise):
        return check_best_card(ex, at)
    return _check_choice(ex, at)


def legal_set(pos: Position) -> tuple[Card, ...]:
    return explain_play(pos.hand_mask, pos.trick_cards, pos.called, pos.first_trick).legal


def _play_reason(pos: Position, card: Card) -> str | None:
    verdict = illegal_play(pos.hand_mask, pos.trick_cards, card, pos.called, pos.first_trick)
    if verdict is None:
        return None
    if verdict.reason is Reason.NOT_IN_HAND:
        return "not_in_hand"
    return f"{verdict.reason.value}: {card_codes(display_order(verdict.forcing))}"


def _check_play(ex: PlayExercise, at: FieldPath) -> list[Issue]:
    issues = check_position(ex.position, (*at, "position"), "play")
    if issues or ex.accept is None:
        return issues
    r = _Report(at)
    if not ex.accept:
        r.add(("accept",), "accept lists no card: leave it out to accept every legal card")
        return r.issues
    r.extend(duplicate_cards(ex.accept, (*at, "accept"), "accepted cards"))
    for j, card in enumerate(ex.accept):
        code = format_card(card)
        reason = _play_reason(ex.position, card)
        if reason == "not_in_hand":
            r.add(("accept", j), f"card '{code}' is not in the hand")
        elif reason is not None:
            r.add(("accept", j), f"card '{code}' is not a legal play ({reason})")
    return r.issues


def _check_legal_set(ex: LegalSetExercise, at: FieldPath) -> list[Issue]:
    issues = check_position(ex.position, (*at, "position"), "legal-set")
    if issues or ex.answer is None:
        return issues
    dupes = duplicate_cards(ex.answer, (*at, "answer"), "answer")
    if dupes:
        return dupes
    legal = set(legal_set(ex.position))
    stated = set(ex.answer)
    if legal == stated:
        return []
    parts = [f"the engine's legal cards are {card_codes(display_order(legal))}"]
    missing = display_order(legal - stated)
    if missing:
        parts.append(f"the answer misses {card_codes(missing)}")
    extra = display_order(stated - legal)
    if extra:
        reasons = ", ".join(f"{format_card(c)} ({_play_reason(ex.position, c)})" for c in extra)
        parts.append(f"not legal: {reasons}")
    return [Issue((*at, "answer"), "; ".join(parts))]


def _check_ecart(ex: EcartExercise, at: FieldPath) -> list[Issue]:
    pos = ex.position
    issues = check_position(pos, (*at, "position"), "ecart")
    if issues:
        return issues
    r = _Report(at)
    size = CHIEN_SIZE[pos.players]
    if not legal_ecart_exists(pos.hand_mask, size):
        r.add(("position", "hand"), f"no legal écart: fewer than {size} cards that are neither "
                                    "kings nor oudlers")
        return r.issues
    if ex.answer is None:
        return []
    r.extend(duplicate_cards(ex.answer, (*at, "answer"), "écart"))
    if len(ex.answer) != size:
        r.add(("answer",), f"an écart has {size} cards at {pos.players} players, not "
                           f"{len(ex.answer)}")
    if r:
        return r.issues
    refused = ecart_refusals(pos.hand_mask, mask_of(ex.answer), size)
    for card, reason in sorted(refused.items()):
        r.add(("answer", ex.answer.index(card)),
              f"card '{format_card(card)}' may not go to the écart: {ECART_REASONS[reason]} "
              f"({reason.value})")
    return r.issues


def count_expected(ex: CountExercise) -> int:
    """French: half-points; Italian: whole points."""
    if ex.method == "italian":
        return count_in_threes(list(ex.pile)).total
    return half_points(mask_of(ex.pile))


def _check_count(ex: CountExercise, at: FieldPath) -> list[Issue]:
    r = _Report(at)
    if not ex.pile:
        r.add(("pile",), "the pile is empty")
        return r.issues
    r.extend(duplicate_cards(ex.pile, (*at, "pile"), "pile"))
    if r or ex.answer is None:
        return r.issues
    expected = count_expected(ex)
    shown = format_half(int(ex.answer * 2))
    if ex.method == "italian":
        if ex.answer.denominator != 1:
            r.add(("answer",), "Italian counting gives whole points")
        elif ex.answer != expected:
            r.add(("answer",), f"counted in threes the pile is worth {expected} points, not "
                               f"{shown}")
    elif ex.answer * 2 != expected:
        r.add(("answer",), f"the pile is worth {format_half(expected)} points, not {shown}")
    return r.issues


def score_input(ex: ScoreExercise) -> ScoreInput:
    deal = ex.deal
    return ScoreInput(
        players=deal.players,
        contract=Contract.from_code(deal.contract),
        taker_half_points=int(deal.points * 2),
        oudlers=deal.oudlers,
        petit_au_bout=Side.from_code(deal.petit_au_bout) if deal.petit_au_bout else None,
        poignees=tuple(Poignee.from_code(p) for p in deal.poignees),
        chelem=Chelem.from_code(deal.chelem),
        alone=deal.alone,
    )


def score_answer(result: Score, ask: str) -> int | None:
    if ask == "taker":
        return result.taker
    if ask == "partner":
        return result.partner
    if ask == "defender":
        return result.defender
    return result.unit


def _check_score(ex: ScoreExercise, at: FieldPath) -> list[Issue]:
    r = _Report(at)
    try:
        result = score(score_input(ex))
    except TarotError as exc:
        r.add(("deal",), str(exc))
        return r.issues
    expected = score_answer(result, ex.ask)
    if expected is None:
        r.add(("ask",), "there is a partner only at 5 players when the taker does not play alone")
    elif ex.answer is not None and ex.answer != expected:
        r.add(("answer",), f"the engine scores the {ex.ask} {expected:+d}, not {ex.answer:+d}")
    return r.issues


def highest_bid(bids: Sequence[str]) -> Contract | None:
    contracts = [Contract.from_code(b) for b in bids if b != "pass"]
    return max(contracts) if contracts else None


def allowed_bids(bids: Sequence[str]) -> frozenset[str]:
    """Pass, or any contract higher than every bid so far."""
    highest = highest_bid(bids)
    return frozenset(["pass"] + [c.code for c in Contract if may_bid(c, highest)])


def _bid_list(codes: Iterable[str]) -> str:
    return ", ".join(sorted(codes, key=BID_CODES.index))


def _check_bid(ex: BidExercise, at: FieldPath) -> list[Issue]:
    r = _Report(at)
    if ex.ask == "needed":
        if ex.oudlers is None:
            r.add(("oudlers",), "ask: needed needs the number of oudlers ('oudlers': 0 to 3)")
            return r.issues
        if ex.position is not None:
            r.extend(check_position(ex.position, (*at, "position"), "bid"))
        if isinstance(ex.answer, tuple):
            r.add(("answer",), "the answer to ask: needed is a number of points")
        elif ex.answer is not None and ex.answer != needed(ex.oudlers):
            plural = "s" if ex.oudlers != 1 else ""
            r.add(("answer",), f"with {ex.oudlers} oudler{plural} the taker needs "
                               f"{needed(ex.oudlers)} points, not {ex.answer}")
        return r.issues
    if ex.oudlers is not None:
        r.add(("oudlers",), "oudlers is only for ask: needed")
    if ex.position is None:
        r.add(("position",), "ask: allowed-bids needs a position with the bids so far ('bids')")
        return r.issues
    pos = ex.position
    r.extend(check_position(pos, (*at, "position"), "bid"))
    if len(pos.bids) >= pos.players:
        r.add(("position", "bids"), f"{len(pos.bids)} bids: at {pos.players} players everyone "
                                    "has spoken")
        return r.issues
    highest: Contract | None = None
    for i, code in enumerate(pos.bids):
        if code == "pass":
            continue
        contract = Contract.from_code(code)
        if highest is not None and not may_bid(contract, highest):
            r.add(("position", "bids", i), f"'{code}' is not higher than '{highest.code}': only "
                                           "higher bids are allowed")
        else:
            highest = contract
    if r or ex.answer is None:
        return r.issues
    if isinstance(ex.answer, int):
        r.add(("answer",), "the answer to ask: allowed-bids is a list of bids")
        return r.issues
    expected = allowed_bids(pos.bids)
    stated = set(ex.answer)
    if stated != expected:
        parts = [f"the allowed bids are {_bid_list(expected)}"]
        if expected - stated:
            parts.append(f"missing {_bid_list(expected - stated)}")
        if stated - expected:
            parts.append(f"not allowed {_bid_list(stated - expected)}")
        r.add(("answer",), "; ".join(parts))
    return r.issues


def _check_choice(ex: ChoiceExercise, at: FieldPath) -> list[Issue]:
    r = _Report(at)
    options = len(ex.options)
    if not 0 <= ex.correct < options:
        r.add(("correct",), f"correct is a 0-based index into the {options} options: 0 to "
                            f"{options - 1}, not {ex.correct}")
    if ex.why is not None and len(ex.why) != options:
        r.add(("why",), f"{len(ex.why)} explanations for {options} options: give one per option")
    return r.issues


# The app loads its bank without the solver's proofs (they cost about 2.5 s of CPU per server
# process, paid by the first visitor of any page); `python -m tutor check` and CI prove every
# best-card puzzle, and the trainer proves each one once per process when it is first shown.
PROVE_BEST_CARDS: ContextVar[bool] = ContextVar("prove_best_cards", default=True)
# Whether a proven answer must also hold at the table (``tutor.analysis.robust``): about 30 s
# of CPU for the whole bank, so `python -m tutor check` (and CI through it) asks for it, and a
# page or a test that only loads the bank does not.
CHECK_ROBUSTNESS: ContextVar[bool] = ContextVar("check_robustness", default=False)


def check_best_card(ex: BestCardExercise, at: FieldPath = ()) -> list[Issue]:
    """The solver proves the puzzle: one card (or one group of equivalent cards) keeps the best
    value and every other loses at least MARGIN points of mark; the stated answer is that
    group; it holds at the table (``tutor.analysis.robust``: still best over deals of the
    hands its player cannot see); the stated idea is one the solver's lines show. The proof is
    kept for the process (``proof_of``), so the trainer reads it instead of searching again."""
    r = _Report(at)
    if not PROVE_BEST_CARDS.get():
        return r.issues
    try:
        proof = proof_of(ex.notation)
    except NotProven as refused:
        where = "answer" if refused.code == "not_unique" and ex.answer is not None else "notation"
        r.add((where,), f"not a best-card puzzle ({refused.code}): {refused}; a best-card "
                        f"puzzle has one best card and every other loses at least {MARGIN} "
                        "points of mark")
        return r.issues
    best = set(proof.best)
    if ex.answer is not None:
        r.extend(duplicate_cards(ex.answer, (*at, "answer"), "answer"))
        stated = set(ex.answer)
        if not stated or not stated <= best:
            value = proof.value
            r.add(("answer",), f"the solver's only best card is {card_codes(proof.best)} "
                               f"(the taker's mark {value:+d}), not {card_codes(ex.answer)}")
            return r.issues
    held = robustness_of(ex.notation, proof.best) if CHECK_ROBUSTNESS.get() else None
    if held is not None and not held.holds:
        r.add(("notation",), f"the answer holds only with every hand open: {held.describe()}; "
                             f"a best-card answer stays best on average and in at least "
                             f"{MIN_SHARE:.0%} of the deals of the hidden hands")
    ideas = recognise(proof, read_lines(proof))
    if ex.idea not in ideas:
        shown = ", ".join(ideas) or "none it can name"
        r.add(("idea",), f"the solver's lines do not show '{ex.idea}' (they show {shown})")
    return r.issues


# --- files ----------------------------------------------------------------------------------
def check_puzzle(puzzle: Puzzle) -> list[Issue]:
    return check_exercise(puzzle.exercise, ())


def check_step(step: Step, index: int) -> list[Issue]:
    at: FieldPath = ("steps", index)
    issues: list[Issue] = []
    if step.cards is not None:
        issues += duplicate_cards(step.cards, (*at, "cards"), "cards shown")
    if step.position is not None:
        issues += check_position(step.position, (*at, "position"), "show")
    if step.check is not None:
        issues += check_exercise(step.check, (*at, "check"))
    return issues


def check_lesson(lesson: Lesson) -> list[Issue]:
    return [issue for i, step in enumerate(lesson.steps) for issue in check_step(step, i)]
