"""Mined puzzles in the store, on both backends (issue 20): kept per (seed, players) for
everyone, read back as written, a puzzle by another miner version is not read, and storing
again replaces it."""

from __future__ import annotations

from tutor.progress.store import Database

PUZZLE = {"id": "gen-proven-4p-7", "theme": "best-card", "answer": ["NH"], "difficulty": 3}


def test_a_mined_puzzle_is_read_back_by_anyone_as_written(db: Database) -> None:
    assert db.mined_puzzle(4, 7, 1) is None
    db.save_mined_puzzle(4, 7, 1, PUZZLE)
    assert db.mined_puzzle(4, 7, 1) == PUZZLE
    assert db.mined_puzzle(3, 7, 1) is None  # another table size is another puzzle
    assert db.mined_puzzle(4, 8, 1) is None


def test_a_puzzle_another_miner_made_is_not_read_and_is_replaced_when_mined_again(
    db: Database,
) -> None:
    db.save_mined_puzzle(4, 7, 1, PUZZLE)
    assert db.mined_puzzle(4, 7, 2) is None
    again = {**PUZZLE, "difficulty": 4}
    db.save_mined_puzzle(4, 7, 2, again)
    assert db.mined_puzzle(4, 7, 2) == again
    assert db.mined_puzzle(4, 7, 1) is None


def test_the_largest_seed_a_link_can_name_is_kept(db: Database) -> None:
    db.save_mined_puzzle(5, 10**9 - 1, 1, PUZZLE)
    assert db.mined_puzzle(5, 10**9 - 1, 1) == PUZZLE
