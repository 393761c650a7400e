"""At 5 players a player who does not know the partner has the called king dealt again with
the hidden cards, and its holder becomes the partner: who won each past trick stays, but the
side it counts for may change. With the history the piles are rebuilt by replaying it; without
it, a draw that would move a pending Excuse exchange between camps is refused. Before, such
a draw broke the position ("each side's cards are whole tricks")."""

from __future__ import annotations

import random
from dataclasses import replace

from tutor.analysis.robust import deal_hidden, seen_by_player
from tutor.bots.simulate import play_deal
from tutor.engine import Deal, Position, validate_position, with_partner

# SimpleBot's 5-player deal of seed 39 (dealer 4), after 57 moves: an Excuse played earlier
# waits for its exchange, and the player to play does not know the partner yet.
SEED, MOVES = 39, 57


def excuse_pending_partner_unknown() -> Position:
    played = play_deal(5, SEED, 4)
    deal = Deal.new(5, SEED, 4)
    for move in played.moves[:MOVES]:
        deal.push(move)
    p = deal.position()
    assert p.excuse_owner is not None and p.history is not None
    assert not seen_by_player(p).partner_known
    return p


def test_a_called_king_dealt_to_another_seat_gives_a_position_the_rules_allow() -> None:
    p = excuse_pending_partner_unknown()
    seen = seen_by_player(p)
    rng = random.Random(0)
    partners = set()
    for _ in range(30):
        drawn = deal_hidden(p, seen, rng)
        assert drawn is not None
        validate_position(drawn)
        partners.add(drawn.partner)
    assert len(partners) > 1  # the called king did change hands


def test_the_piles_rebuilt_for_another_partner_move_its_tricks_to_the_attack() -> None:
    p = excuse_pending_partner_unknown()
    assert p.taker is not None and p.partner is not None
    other = next(s for s in range(5) if s not in (p.taker, p.partner))
    moved = with_partner(p, other)
    validate_position(moved)
    assert moved.attack_won | moved.defence_won == p.attack_won | p.defence_won
    assert moved.attack_won != p.attack_won  # some tricks changed sides
    assert with_partner(p, p.partner) == p


def test_without_the_history_a_draw_moving_the_excuse_exchange_is_refused() -> None:
    p = replace(excuse_pending_partner_unknown(), history=None)
    seen = seen_by_player(p)
    rng = random.Random(0)
    for _ in range(30):
        drawn = deal_hidden(p, seen, rng)
        if drawn is not None:
            validate_position(drawn)
