"""Questions for the score quiz: a whole deal played through the engine's state machine.

``generate(level, seed)`` deals ``Deal.new(players, seed, dealer)`` and plays it to the end with
a simple seeded policy, every action through ``legal_actions``/``push``: the strongest hand
takes, random legal écart and cards. At levels 2 and 3 players holding enough trumps show a
poignée (``ShowPoignee`` before their first card), the Petit's holder sometimes keeps it to
the end, and now and then the taker announces a chelem. Every number a question carries comes
from ``Deal.result()``.

Levels (``fits``):
1. 4 players, no bonus at all (no poignée, no petit au bout, no chelem) and no Excuse
   exchanged for a low card (the pile is then whole tricks and the écart, as lesson 9 counts);
2. 4 players, at least one bonus;
3. 3 or 5 players, the attack's points ending in a half point (so the half point must go to
   the winner), with the partner split at 5 players.

A seed that does not fit its level raises ``NotThisLevel``; ``find_seed`` walks to the next
seed that fits, so a question is always reproduced from ``(level, seed)`` alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from tutor.engine import (
    EXCUSE_BIT,
    KINGS_MASK,
    OUDLERS_MASK,
    PETIT,
    TRUMPS_MASK,
    AnnounceChelem,
    Bid,
    Call,
    Card,
    Chelem,
    ChienFate,
    Contract,
    Deal,
    DealResult,
    Discard,
    Phase,
    Play,
    Poignee,
    Score,
    ScoreInput,
    ShowPoignee,
    Side,
    TarotError,
    callable_cards,
    cards_of,
    display_order,
)

LEVELS = (1, 2, 3)
MAX_SEED = 10**9
SEARCH_LIMIT = 5000

# Weights of the contracts the taker bids (prise, garde, garde sans, garde contre).
_CONTRACT_WEIGHTS = (
    (Contract.PRISE, 40),
    (Contract.GARDE, 40),
    (Contract.GARDE_SANS, 12),
    (Contract.GARDE_CONTRE, 8),
)


class NotThisLevel(ValueError):
    """The deal of this seed does not fit the level (or cannot be played to the end)."""


@dataclass(frozen=True, slots=True)
class ShownPoignee:
    seat: int
    level: Poignee
    cards: tuple[Card, ...]
    side: Side  # the side of the player who showed it


@dataclass(frozen=True, slots=True)
class ExcuseExchange:
    """The Excuse played in a trick the other side won: its owner's side keeps it and gives
    that side one low card in exchange (RULES §6), so a pile is not whole tricks."""

    owner: int  # the seat that played the Excuse
    owner_attack: bool
    card: Card  # the low card given in exchange
    from_set_aside: bool  # given from the écart (or the taker's chien), not from tricks


@dataclass(frozen=True, slots=True)
class Question:
    level: int
    seed: int
    players: int
    dealer: int
    contract: Contract
    taker: int
    partner: int | None  # 5 players: the called card's holder; None otherwise or alone
    called: Card | None
    alone: bool
    pile: tuple[Card, ...]  # the attack's cards, in display order
    set_aside: tuple[Card, ...]  # the écart (prise, garde) or the chien (garde sans) in the pile
    chien_to_defence: bool  # garde contre: the chien counts for the defence
    poignees: tuple[ShownPoignee, ...]
    chelem_announced: bool
    bout_trick: tuple[Card, ...]  # the last trick (the penultimate after a chelem's Excuse)
    bout_trick_winner: int
    bout_trick_is_last: bool
    result: DealResult
    defence_chien: tuple[Card, ...] = ()  # garde contre: the chien, counted for the defence
    excuse_exchange: ExcuseExchange | None = None

    @property
    def score(self) -> Score:
        return self.result.score

    @property
    def score_input(self) -> ScoreInput:
        return self.result.score.input

    @property
    def petit_in_bout_trick(self) -> bool:
        return PETIT in self.bout_trick

    @property
    def marks(self) -> tuple[int, ...]:
        """The engine's marks, one per seat."""
        return self.result.marks

    def is_attack(self, seat: int) -> bool:
        return seat == self.taker or seat == self.partner

    def role(self, seat: int) -> str:
        if seat == self.taker:
            return "taker"
        if seat == self.partner:
            return "partner"
        return "defender"


def _strength(hand: int) -> int:
    return (
        (hand & TRUMPS_MASK).bit_count()
        + 2 * (hand & OUDLERS_MASK).bit_count()
        + (hand & KINGS_MASK).bit_count()
    )


def _players_for(level: int, rng: random.Random) -> int:
    return rng.choice((3, 5)) if level == 3 else 4


def _play_out(level: int, seed: int) -> Deal:
    """The deal of ``(level, seed)`` played to the end, or NotThisLevel."""
    if level not in LEVELS:
        raise ValueError(f"level must be 1, 2 or 3, not {level}")
    rng = random.Random(f"score-quiz:{level}:{seed}")
    players = _players_for(level, rng)
    dealer = rng.randrange(players)
    deal = Deal.new(players, seed, dealer)
    if deal.phase is Phase.REDEAL:
        raise NotThisLevel("petit sec: the deal is void")
    bonuses = level >= 2
    strengths = [_strength(hand) for hand in deal.hands]
    taker = strengths.index(max(strengths))
    contract = rng.choices([c for c, _ in _CONTRACT_WEIGHTS], [w for _, w in _CONTRACT_WEIGHTS])[0]
    announce = bonuses and rng.random() < 0.03
    keep_petit = bonuses and rng.random() < 0.6
    show_chance = 0.9 if level == 2 else 0.6 if level == 3 else 0.0
    while deal.phase is Phase.BIDDING:
        deal.push(Bid(contract if deal.speaker == taker else None))
    if deal.phase is Phase.CALLING:
        hand = deal.hands[taker]
        callable_mask = callable_cards(hand)
        others = callable_mask & ~hand
        own_call = rng.random() < 0.08 or not others
        deal.push(Call(rng.choice(cards_of(callable_mask if own_call else others))))
    while deal.phase is Phase.ECART:
        discards = [a for a in deal.legal_actions() if isinstance(a, Discard)]
        deal.push(rng.choice(discards))
    if deal.phase is Phase.CHELEM:
        deal.push(AnnounceChelem(announce))
    considered: set[int] = set()
    while deal.phase is Phase.PLAYING:
        seat = deal.to_play
        if bonuses and seat not in considered:
            considered.add(seat)
            choices = deal.poignee_choices()
            if choices and rng.random() < show_chance:
                deal.push(ShowPoignee(choices[max(choices)]))
        legal = deal.legal_plays()
        if keep_petit and legal >> PETIT & 1 and legal != 1 << PETIT:
            legal &= ~(1 << PETIT)
        cards = cards_of(legal)
        # Going for an announced chelem, the attack plays its strongest card.
        card = cards[-1] if announce and deal.is_attack(seat) else rng.choice(cards)
        deal.push(Play(card))
    return deal


def excuse_exchange(deal: Deal, result: DealResult, set_aside: int) -> ExcuseExchange | None:
    """The low card given for the Excuse, when it was played in a trick the other side won
    (None otherwise, or when there was no low card to give)."""
    owner, winner = deal.excuse_seat, deal.excuse_winner
    if owner is None or winner is None or deal.is_attack(owner) == deal.is_attack(winner):
        return None
    won = set_aside
    for seat, pile in enumerate(deal.won):
        if deal.is_attack(seat):
            won |= pile
    owner_attack = deal.is_attack(owner)
    moved = (won & ~result.attack_pile) if owner_attack else (result.attack_pile & ~won)
    moved &= ~EXCUSE_BIT
    if not moved:
        return None
    card = (moved & -moved).bit_length() - 1
    return ExcuseExchange(owner, owner_attack, card, bool(set_aside >> card & 1))


def fits(level: int, deal: Deal, result: DealResult) -> bool:
    """Does the finished deal fit the level's constraints?"""
    if result.excuse_owed_half:
        return False  # the Excuse exchange without a low card: pile and count would differ
    if level == 1 and excuse_exchange(deal, result, _set_aside(deal)) is not None:
        return False  # level 1: a pile of whole tricks and the écart, nothing exchanged
    has_bonus = (
        bool(deal.poignees)
        or result.petit_au_bout is not None
        or (result.chelem is not Chelem.NONE)
    )
    if level == 1:
        return deal.players == 4 and not has_bonus
    if level == 2:
        return deal.players == 4 and has_bonus
    return deal.players in (3, 5) and result.attack_half_points % 2 == 1


@lru_cache(maxsize=512)
def generate(level: int, seed: int) -> Question:
    """The question of ``(level, seed)``; NotThisLevel when that deal does not fit the level."""
    deal = _play_out(level, seed)
    try:
        result = deal.result()
    except TarotError as error:  # a count the scorer refuses: not a question
        raise NotThisLevel(str(error)) from error
    if not fits(level, deal, result):
        raise NotThisLevel(f"seed {seed} does not fit level {level}")
    assert deal.taker is not None and deal.contract is not None
    fate = deal.contract.chien
    set_aside = _set_aside(deal)
    index = -2 if deal.excuse_won_last else -1
    bout = deal.tricks[index]
    return Question(
        level=level,
        seed=seed,
        players=deal.players,
        dealer=deal.dealer,
        contract=deal.contract,
        taker=deal.taker,
        partner=deal.partner,
        called=deal.called,
        alone=deal.players == 5 and deal.partner is None,
        pile=tuple(display_order(cards_of(result.attack_pile))),
        set_aside=tuple(display_order(cards_of(result.attack_pile & set_aside))),
        chien_to_defence=fate is ChienFate.DEFENCE_UNSEEN,
        poignees=tuple(
            ShownPoignee(
                p.seat,
                p.level,
                tuple(display_order(cards_of(p.cards))),
                Side.ATTACK if deal.is_attack(p.seat) else Side.DEFENCE,
            )
            for p in deal.poignees
        ),
        chelem_announced=deal.chelem_announced,
        bout_trick=bout.cards,
        bout_trick_winner=bout.winner,
        bout_trick_is_last=index == -1,
        result=result,
        defence_chien=tuple(display_order(cards_of(deal.chien)))
        if fate is ChienFate.DEFENCE_UNSEEN
        else (),
        excuse_exchange=excuse_exchange(deal, result, set_aside),
    )


def _set_aside(deal: Deal) -> int:
    """The cards the taker's pile holds without winning them: the écart (prise, garde) or
    the unseen chien (garde sans)."""
    assert deal.contract is not None
    fate = deal.contract.chien
    if fate is ChienFate.SHOWN_TAKEN_AND_ECART:
        return deal.ecart
    if fate is ChienFate.TAKER_UNSEEN:
        return deal.chien
    return 0


def find_seed(level: int, start: int) -> int:
    """The first seed from ``start`` (wrapping below MAX_SEED) whose deal fits the level."""
    seed = start % MAX_SEED
    for _ in range(SEARCH_LIMIT):
        try:
            generate(level, seed)
            return seed
        except NotThisLevel:
            seed = (seed + 1) % MAX_SEED
    raise NotThisLevel(f"no seed fits level {level} near {start}")  # pragma: no cover


def question(level: int, seed: int) -> Question:
    """The question of the first seed from ``seed`` that fits the level."""
    return generate(level, find_seed(level, seed))
