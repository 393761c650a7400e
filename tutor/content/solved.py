"""A best-card position solved for the page: everything a best-card exercise shows after an
answer, computed in one go on the analysis workers so that the page never searches.

``solve`` proves the position (``tutor.analysis.bestcard.prove``), draws the solver's line after
every legal card, and writes the "why" a wrong card gets when the puzzle's own explanation
speaks of another card (``tutor.content.bestcard.explanation_for``), in both languages. A page
keeps the solutions it was handed (``remember``) and reads them back at once (``solved``);
remembering one also hands its proof to ``proof_of``, so judging a card is a read.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from tutor.analysis.bestcard import (
    Idea,
    Proof,
    forget_proof,
    line_after,
    proof_of,
    remember_proof,
)
from tutor.analysis.deadline import NO_DEADLINE, Deadline
from tutor.content.bestcard import explanation_for
from tutor.engine import Card

LANGUAGES = ("en", "it")
SOLUTIONS_KEPT = 1024  # solutions kept per process (the authored bank has about a hundred)


@dataclass(frozen=True, slots=True)
class Solution:
    """The proof of ``notation``, the line of each legal card (the card, then best play by
    everyone) and, for each wrong card the puzzle's explanation does not speak of, its own
    "why" in each language (keyed by card and language)."""

    notation: str
    idea: Idea
    proof: Proof
    lines: Mapping[Card, tuple[Card, ...]]
    whys: Mapping[tuple[Card, str], str]

    def line_after(self, card: Card) -> tuple[Card, ...]:
        """The solver's line that starts with ``card``, to the end of the deal (KeyError: not a
        legal card)."""
        return self.lines[card]

    def why(self, card: Card, lang: str) -> str | None:
        """The explanation as it speaks of ``card`` (None: the puzzle's own fits it)."""
        return self.whys.get((card, lang))


def legal_cards(proof: Proof) -> tuple[Card, ...]:
    """Every legal card of the position, group by group, the best first."""
    return tuple(card for value in proof.analysis.cards for card in value.cards)


def needs_own_why(proof: Proof, card: Card) -> bool:
    """A wrong card the puzzle's explanation does not name: it speaks of the best card and of
    the most tempting wrong one (the first of the closest wrong group)."""
    return card not in proof.best and card != proof.wrong[0][0]


def solve(notation: str, idea: Idea, deadline: Deadline = NO_DEADLINE) -> Solution:
    """The whole solution of a best-card position (``NotProven`` when it is none): a search,
    for the analysis workers; ``OverBudget`` when ``deadline`` passes between two cards."""
    proof = proof_of(notation)
    cards = legal_cards(proof)
    lines = {}
    for card in cards:
        deadline.check()
        lines[card] = line_after(notation, card).cards
    whys = {(card, lang): explanation_for(proof, card, idea, lang)
            for card in cards if needs_own_why(proof, card) for lang in LANGUAGES}
    return Solution(notation, idea, proof, lines, whys)


# --- the page process's memory ---------------------------------------------------------
_solutions: OrderedDict[tuple[str, Idea], Solution] = OrderedDict()
_lock = threading.Lock()


def solved(notation: str, idea: Idea) -> Solution | None:
    """The solution this process was handed for the position (None: ask the workers)."""
    with _lock:
        solution = _solutions.get((notation, idea))
        if solution is not None:
            _solutions.move_to_end((notation, idea))
        return solution


def remember(solution: Solution) -> None:
    """Keep a solution (a worker's) and its proof: the page reads both from now on."""
    remember_proof(solution.notation, solution.proof)
    with _lock:
        _solutions[solution.notation, solution.idea] = solution
        _solutions.move_to_end((solution.notation, solution.idea))
        while len(_solutions) > SOLUTIONS_KEPT:
            _solutions.popitem(last=False)


def forget(notation: str) -> None:
    """Forget every solution and the proof of ``notation``, as if this process never had them."""
    forget_proof(notation)
    with _lock:
        for key in [key for key in _solutions if key[0] == notation]:
            del _solutions[key]

