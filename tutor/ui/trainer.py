"""What the puzzle page shares with the pages that send a learner to it: its sources, the weak
rate, the puzzle of an id (authored, or generated again from its id), and the session-state
inbox a lesson and "My progress" write before they switch to it. A module of its own: pages
do not import pages."""

from __future__ import annotations

from tutor.content.generate import FAMILIES, GenerationError, generate
from tutor.content.models import Puzzle
from tutor.inputs import read_int
from tutor.ui.session import bank

AUTHORED, GENERATED, REVIEW, BOOKMARKS = "authored", "generated", "review", "bookmarks"
SOURCES = (AUTHORED, GENERATED, REVIEW, BOOKMARKS)
WEAK_RATE = 0.7  # a theme answered right at the first try less often than this is weak
GEN_SEEDS = 10**9  # a generated puzzle's seed is below this (as the page draws them)
SOURCE = "trainer_source"  # the puzzle page's source widget: "My progress" opens the queue
PUZZLE_ID = "puzzle_id"  # the puzzle the page shows; dropped to start from a new source's first
FROM_LESSON = "trainer_themes_chosen"  # themes a lesson's last step asked for


def generated_from_id(puzzle_id: str) -> Puzzle | None:
    """'gen-obligations-4p-42' -> the same generated puzzle again."""
    parts = puzzle_id.split("-")
    if len(parts) != 4 or parts[0] != "gen" or parts[1] not in FAMILIES:
        return None
    if not parts[2].endswith("p"):
        return None
    try:  # bounded before conversion: an id may come from a URL
        players = read_int(parts[2][:-1], 3, 5)
        seed = read_int(parts[3], 0, GEN_SEEDS - 1)
        return generate(parts[1], seed, players)
    except (ValueError, GenerationError):
        return None


def find_puzzle(puzzle_id: str) -> Puzzle | None:
    try:
        return bank().puzzle(puzzle_id)
    except KeyError:
        return generated_from_id(puzzle_id)
