"""SimpleBot's decisions on seeded deals are pinned: a speed-up of how a bot keeps what it
knows must not change a single choice. The fixture holds every action of 300 deals per
player count (SimpleBot in every seat, seeds 0..299, the dealer rotating with the seed), in the
engine's move notation, one deal a line.

Regenerate it only for a deliberate change of strategy (and say why in the commit):

    python tests/bots/test_decisions_unchanged.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tutor.bots import play_deal

FIXTURE = Path(__file__).parent / "fixtures" / "simplebot_decisions.txt"
DEALS = 300
PLAYER_COUNTS = (3, 4, 5)


def deal_line(players: int, seed: int) -> str:
    """The deal's actions in the engine's move notation (``bid:garde``, ``play:10S`` …)."""
    deal = play_deal(players, seed, dealer=seed % players)
    return f"{players} {seed}: " + " ".join(str(a) for a in deal.moves)


def recorded() -> dict[tuple[int, int], str]:
    lines: dict[tuple[int, int], str] = {}
    for line in FIXTURE.read_text(encoding="utf-8").splitlines():
        players, seed = line.split(":", 1)[0].split()
        lines[int(players), int(seed)] = line
    return lines


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_simplebot_makes_the_recorded_decisions_on_seeded_deals(players):
    expected = recorded()
    assert sum(1 for p, _ in expected if p == players) == DEALS
    for seed in range(DEALS):
        assert deal_line(players, seed) == expected[players, seed], f"seed {seed}"


if __name__ == "__main__":
    FIXTURE.write_text(
        "".join(deal_line(p, s) + "\n" for p in PLAYER_COUNTS for s in range(DEALS)),
        encoding="utf-8",
    )
    print(f"wrote {FIXTURE}")
