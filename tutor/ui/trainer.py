"""What the puzzle page shares with the pages that send a learner to it: its sources, the weak
rate, the puzzle of an id (authored, or generated again from its id), and the session-state
inbox a lesson and "My progress" write before they switch to it. A module of its own: pages
do not import pages."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from tutor.bots import hand_count
from tutor.content.generate import FAMILIES, GenerationError, generate
from tutor.content.models import Puzzle, Theme
from tutor.content.solved import remember
from tutor.engine import card_name, format_card, parse_position
from tutor.inputs import read_int
from tutor.progress.store import OwnPuzzle, PuzzleFilters, StoreError
from tutor.review.card_why import PLAY_DECIDED
from tutor.review.expected import Decision, Option, count_bid
from tutor.review.mistakes import TOLERANCE, OwnDecision, OwnMistake, is_decision, is_own
from tutor.service import MINED_VERSION, MinedPuzzle, Outcome, State, mine_puzzle
from tutor.ui.analysis import ask
from tutor.ui.i18n import t
from tutor.ui.reviews import bid_name, card_why_text, cards_text, choice_name, points
from tutor.ui.session import bank, database, kept_state, store
from tutor.ui.words import contract_label

AUTHORED, GENERATED, REVIEW, BOOKMARKS = "authored", "generated", "review", "bookmarks"
AT_LEVEL = "level"  # untried authored puzzles near the learner's rating
MINE = "mine"  # the learner's own mistakes, from their reviewed deals
OWN_SOURCE = "own"  # the attempts' source of the learner's own puzzles (never rated)
SOURCES = (AUTHORED, AT_LEVEL, GENERATED, REVIEW, MINE, BOOKMARKS)
WEAK_RATE = 0.7  # a theme answered right at the first try less often than this is weak
GEN_SEEDS = 10**9  # a generated puzzle's seed is below this (as the page draws them)
PROVEN = "proven"  # the family mined by the solver on the analysis workers
SOURCE = "puzzles-source"  # the puzzle page's source widget: "My progress" opens the queue
STATE = "puzzles-state"


@dataclass
class PuzzlesState:
    """What the puzzle page keeps between reruns (its source and filters are its widgets')."""

    current: str | None = None  # the puzzle shown; None: a new source's first
    answered: bool = False  # an answer was saved in this run: the stats bar is read again
    filters_read: bool = False  # the learner's store was read once this session
    stored_filters: PuzzleFilters | None = None  # as kept there; None: never set
    themes_asked: list[str] | None = None  # themes a lesson's last step asked for
    source: str | None = None  # the source of the last run: a new one starts at its first


def puzzles_state() -> PuzzlesState:
    return kept_state(STATE, PuzzlesState)


@dataclass(frozen=True)
class GeneratedId:
    """A generated puzzle's id read back: 'gen-obligations-4p-42'."""

    family: str
    players: int
    seed: int


def read_generated_id(puzzle_id: str) -> GeneratedId | None:
    """The family, players and seed of a well-formed generated id (None otherwise); each number
    bounded before conversion, as an id may come from a URL."""
    parts = puzzle_id.split("-")
    if len(parts) != 4 or parts[0] != "gen" or parts[1] not in FAMILIES:
        return None
    if not parts[2].endswith("p"):
        return None
    try:
        return GeneratedId(parts[1], read_int(parts[2][:-1], 3, 5),
                           read_int(parts[3], 0, GEN_SEEDS - 1))
    except ValueError:
        return None


def generated_from_id(puzzle_id: str) -> Puzzle | None:
    """'gen-obligations-4p-42' -> the same generated puzzle again."""
    read = read_generated_id(puzzle_id)
    if read is None:
        return None
    if read.family == PROVEN:
        return _mined(read.players, read.seed)
    try:
        return generate(read.family, read.seed, read.players)
    except GenerationError:
        return None


def _mined(players: int, seed: int) -> Puzzle | None:
    """The mined puzzle of this seed once the workers have it (None while they search)."""
    outcome = ask_mined(players, seed)
    return outcome.value if outcome.state is State.DONE else None


def being_mined(puzzle_id: str) -> bool:
    """A well-formed mined puzzle's id whose search is still under way on the workers."""
    read = read_generated_id(puzzle_id)
    if read is None or read.family != PROVEN:
        return False
    return ask_mined(read.players, read.seed).state is State.PENDING


def ask_mined(players: int, seed: int) -> Outcome:
    """The puzzle mined from ``seed``: read from the store when a worker mined it before (for
    anyone: it is shared content), else asked of the workers and stored once done. A store
    that cannot be read or written costs a search, never the puzzle."""
    with suppress(StoreError):
        data = database().mined_puzzle(players, seed, MINED_VERSION)
        if data is not None:
            with suppress(ValidationError):  # not a puzzle this version reads: mined again
                return Outcome(State.DONE, Puzzle.model_validate(data))
    outcome = ask(mine_puzzle(players, seed))
    if outcome.state is not State.DONE or not isinstance(outcome.value, MinedPuzzle):
        return outcome
    mined = outcome.value
    if mined.solution is not None:
        remember(mined.solution)  # its hand is played at once, without a second job
    with suppress(StoreError):
        database().save_mined_puzzle(players, seed, MINED_VERSION, puzzle_data(mined.puzzle))
    return Outcome(State.DONE, mined.puzzle)


def puzzle_data(puzzle: Puzzle) -> dict[str, Any]:
    """A puzzle as plain data, flat as in its YAML (what ``Puzzle.model_validate`` reads)."""
    data = puzzle.model_dump(mode="json", by_alias=True)
    return {**{k: v for k, v in data.items() if k != "exercise"}, **data["exercise"]}


def find_puzzle(puzzle_id: str) -> Puzzle | None:
    """An authored puzzle, a generated one made again, or one of the learner's own (read
    from their store: another learner's id is not found)."""
    if is_own(puzzle_id):
        stored = None
        with suppress(StoreError):  # a store that cannot be read: the puzzle is not shown
            stored = store().own_puzzle(puzzle_id)
        return None if stored is None else own_puzzle(stored)
    try:
        return bank().puzzle(puzzle_id)
    except KeyError:
        return generated_from_id(puzzle_id)


# A learner's own puzzle has no author's stars: it sits in the middle of the scale.
OWN_DIFFICULTY = 3


def own_puzzles() -> list[Puzzle]:
    """The learner's own puzzles, the latest first (one that no longer reads is left out)."""
    return [p for p in (own_puzzle(s) for s in store().own_puzzles()) if p is not None]


def own_puzzle(stored: OwnPuzzle) -> Puzzle | None:
    """The puzzle of one of the learner's own mistakes, in the words of both catalogs
    (None: data this version does not read)."""
    if is_decision(stored.data):
        return own_decision_puzzle(stored)
    try:
        mistake = OwnMistake.from_data(stored.data)
        return Puzzle.model_validate({
            "id": mistake.item,
            "theme": Theme.CARD_PLAY.value,
            "difficulty": OWN_DIFFICULTY,
            "explanation": {lang: _own_why(mistake, lang) for lang in ("en", "it")},
            "kind": "own-mistake",
            "question": {lang: t(lang, "own.question") for lang in ("en", "it")},
            "notation": mistake.notation,
            "played": format_card(mistake.played),
            "label": mistake.verdict.value,
            "options": [{"cards": [format_card(c) for c in cards], "value": value}
                        for cards, value in mistake.options],
            "tolerance": TOLERANCE,
            "samples": mistake.samples,
        })
    except (ValueError, ValidationError):
        return None


def _own_why(mistake: OwnMistake, lang: str) -> str:
    """The review's why: its sentence for the card (when it was kept with one that states a
    fact of the trick), then the best card's value and the card played's, by what the learner
    could know."""
    played = next(value for cards, value in mistake.options if mistake.played in cards)
    values = t(lang, "own.why", best=cards_text(mistake.best, lang),
               best_value=points(mistake.options[0][1]), samples=mistake.samples,
               played=card_name(mistake.played, lang), played_value=points(played),
               loss=points(mistake.loss), tolerance=TOLERANCE)
    if mistake.why is None or mistake.why.why in PLAY_DECIDED:  # no "show me how" here
        return values
    players = parse_position(mistake.notation).players
    return " ".join((card_why_text(mistake.why, players, lang), values))


# The theme of each decision besides the cards (the bid, the call and the announcements are
# the bidding's; the écart its own).
DECISION_THEMES = {
    Decision.BID: Theme.NEEDED_AND_BIDDING,
    Decision.CALL: Theme.NEEDED_AND_BIDDING,
    Decision.ECART: Theme.ECART,
    Decision.CHELEM: Theme.NEEDED_AND_BIDDING,
    Decision.POIGNEE: Theme.NEEDED_AND_BIDDING,
}


def own_decision_puzzle(stored: OwnPuzzle) -> Puzzle | None:
    """The puzzle of one of the learner's own bid, call, écart, chelem or poignée mistakes
    (None: data this version does not read, or a moment the engine no longer replays)."""
    try:
        own = OwnDecision.from_data(stored.data)
        record = own.record
        return Puzzle.model_validate({
            "id": own.item,
            "theme": DECISION_THEMES[own.decision].value,
            "difficulty": OWN_DIFFICULTY,
            "explanation": {lang: _decision_why(own, lang) for lang in ("en", "it")},
            "kind": "own-decision",
            "hint": {lang: _decision_hint(own, lang) for lang in ("en", "it")},
            "question": {lang: t(lang, f"own_decision.question.{own.decision.value}")
                         for lang in ("en", "it")},
            "decision": own.decision.value,
            "players": record.players,
            "seed": record.seed,
            "dealer": record.dealer,
            "rules": record.rules.name,
            "moves": list(record.notation),
            "seat": own.seat,
            "chosen": own.chosen,
            "label": own.verdict.value,
            "options": [{"moves": list(moves), "value": value}
                        for moves, value in own.options],
            "tolerance": TOLERANCE,
            "samples": own.samples,
        })
    except (ValueError, ValidationError):
        return None


def _decision_hint(own: OwnDecision, lang: str) -> str:
    """The first hint: for a bid, the hand's point count and the bid it gives (the bots'
    count, lesson 17); for the others, the rule that decides what the choice is worth."""
    if own.decision is not Decision.BID:
        return t(lang, f"own_decision.hint.{own.decision.value}")
    before = own.record.deal()
    counted = count_bid(before, own.seat)
    return t(lang, "review.bid.count",
             count=hand_count(before.hands[own.seat], own.record.players).total,
             by_count=contract_label(own.record.rules,
                                     "pass" if counted is None else counted.code, lang))


def _decision_why(own: OwnDecision, lang: str) -> str:
    """The review's why: its sentence for the decision, then the best option's value and the
    learner's, by what they could know."""
    best, played = Option(own.best, own.options[0][1]), Option(own.played, 0.0)
    if own.why is None:  # the bid: said by its loss
        said = t(lang, f"review.bid.verdict.{own.verdict.value}", loss=points(own.loss),
                 best=bid_name(best, own.record.rules, lang), samples=own.samples)
    else:
        said = t(lang, f"review.why.{own.why.value}", best=choice_name(best, lang),
                 played=choice_name(played, lang),
                 **{f"{key}_n": value for key, value in own.facts})
    return " ".join((said, t(lang, "own_decision.why", best_value=points(own.options[0][1]),
                                samples=own.samples,
                                played_value=points(own.options[own.chosen][1]),
                                loss=points(own.loss), tolerance=TOLERANCE)))
