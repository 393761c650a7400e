"""The plain minimax the solver is checked against: every legal card of every player through
``Deal.play`` and ``Deal.pop``, no pruning, no table, no grouping; the value of a finished deal
is ``Deal.result().marks[taker]``."""

from __future__ import annotations

from tutor.engine.cards import cards_of
from tutor.engine.game import Deal, Phase


def minimax(deal: Deal) -> int:
    if deal.phase is Phase.FINISHED:
        assert deal.taker is not None
        return deal.result().marks[deal.taker]
    attack = deal.is_attack(deal.to_play)
    values = []
    for card in cards_of(deal.legal_plays()):
        deal.play(card)
        values.append(minimax(deal))
        deal.pop()
    return max(values) if attack else min(values)


def card_values(deal: Deal) -> dict[int, int]:
    """The minimax value after each legal card of the player to play."""
    out = {}
    for card in cards_of(deal.legal_plays()):
        deal.play(card)
        out[card] = minimax(deal)
        deal.pop()
    return out


def alphabeta(deal: Deal, alpha: int, beta: int) -> int:
    """The same value with alpha-beta pruning (still through ``play``/``pop``), for positions
    too large for the plain minimax. Fail-hard: exact inside (alpha, beta)."""
    if deal.phase is Phase.FINISHED:
        assert deal.taker is not None
        return deal.result().marks[deal.taker]
    attack = deal.is_attack(deal.to_play)
    for card in cards_of(deal.legal_plays()):
        deal.play(card)
        value = alphabeta(deal, alpha, beta)
        deal.pop()
        if attack:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha if attack else beta


def card_values_pruned(deal: Deal) -> dict[int, int]:
    """The exact value after each legal card, each searched with alpha-beta."""
    out = {}
    for card in cards_of(deal.legal_plays()):
        deal.play(card)
        out[card] = alphabeta(deal, -(1 << 30), 1 << 30)
        deal.pop()
    return out
