"""The rules of French Tarot (FFT 2012) as a library: the one module a newcomer reads.

Pure Python; imports nothing else from ``tutor``. Everything below is in ``__all__``.

**Cards** are ints 0..77 (hands and piles are int bit masks); the notation is RULES §1.4's:

>>> from tutor.engine import parse_card, format_card, CardSet, half_points, mask_of
>>> format_card(parse_card("K♥")), str(CardSet.parse("T21 KH EX 10S"))
('KH', '10S KH T21 EX')
>>> half_points(mask_of([parse_card("KH"), parse_card("2S")]))  # 4.5 + 0.5, in half-points
10

**A deal** is a state machine: ``legal_actions()``, ``push(action)``, ``pop()``; the fast path
is ``legal_plays()`` (a mask) and ``play(card)``:

>>> from tutor.engine import Deal, Bid, AnnounceChelem, Phase, Contract, IllegalActionError
>>> d = Deal.new(players=4, seed=2)
>>> d.push(Bid(Contract.GARDE_SANS))
>>> for _ in range(3):
...     d.push(Bid(None))
>>> d.push(AnnounceChelem(False))
>>> d.phase is Phase.PLAYING, d.to_play
(True, 1)
>>> try:
...     d.push(Bid(Contract.GARDE_CONTRE))
... except IllegalActionError as refused:
...     print(refused.code)
wrong_phase
>>> for _ in range(6):
...     legal = d.legal_plays()
...     d.play((legal & -legal).bit_length() - 1)   # the lowest legal card
>>> len(d.tricks), len(d.trick)
(1, 2)

**Positions**: a deal in the middle of play as one line (``tutor.engine.position`` gives the
grammar), rebuilt exactly; ``copy()`` is cheap:

>>> from tutor.engine import format_position
>>> text = format_position(d.position())
>>> text.split(" ")[:6]
['tarot1', '4', 'fft-2012', '0', 'garde-sans:1', '-']
>>> Deal.from_position(text).position() == d.position() == d.copy().position()
True
>>> while d.phase is Phase.PLAYING:
...     legal = d.legal_plays()
...     d.play((legal & -legal).bit_length() - 1)
>>> sum(d.result().marks)   # marks always sum to zero
0

**A saved deal** is its record: the deal's ``(players, seed, dealer)``, its rules and its
moves, each action written in one notation (``str`` and ``parse_action``); ``replay(seat)``
gives each trick with the hands, the seat's legal cards and snapshots of the deal:

>>> record = DealRecord.of(d)
>>> record.notation[:2], parse_action("play:EX")
(('bid:garde-sans', 'bid:pass'), Play(EX))
>>> record.deal().result() == d.result(), len(record.replay(0).tricks)
(True, 18)

**Legal plays with reasons** (for a learner), and the trick's outcome as a pure function:

>>> from tutor.engine import explain_play, parse_cards, trick_outcome
>>> v = explain_play(mask_of(parse_cards("2H T5 3S")), parse_cards("KH"))
>>> [format_card(c) for c in v.legal], v.illegal[parse_card("T5")].reason.value
(['2H'], 'must_follow_suit')
>>> trick_outcome(tuple(parse_cards("KH T2 EX 1H")), attack=0b0001).winner
1

**Scoring** under a rule set (FFT 2012 by default), with its steps:

>>> from tutor.engine import ScoreInput, Side, Poignee, score, ONLINE_FIRST_TO_100
>>> s = score(ScoreInput(4, Contract.GARDE, 98, 2, Side.ATTACK, (Poignee.SIMPLE,)))
>>> s.unit, s.taker          # FFT: garde, 49 points, 2 oudlers, poignée, petit au bout
(106, 318)
>>> score(ScoreInput(4, Contract.GARDE, 98, 2, Side.ATTACK), ONLINE_FIRST_TO_100).unit
76
"""

from tutor.engine.actions import parse_action
from tutor.engine.announcements import Chelem, Poignee, check_poignee, poignee_options
from tutor.engine.cards import (
    EXCUSE,
    PETIT,
    TRUMP_21,
    Card,
    CardSet,
    Suit,
    card_name,
    cards_of,
    format_card,
    format_cards,
    half_points,
    mask_of,
    oudlers_in,
    parse_card,
    parse_cards,
)
from tutor.engine.contracts import ChienFate, Contract, callable_cards
from tutor.engine.dealing import DealtCards, deal
from tutor.engine.ecart import ecart_mask, ecart_refusal
from tutor.engine.errors import (
    ActionNotationError,
    CardNotationError,
    DuplicateCardError,
    IllegalActionError,
    ImpossiblePositionError,
    TarotError,
    UnknownNameError,
)
from tutor.engine.game import (
    Action,
    AnnounceChelem,
    Bid,
    Call,
    Deal,
    DealResult,
    Discard,
    Phase,
    Play,
    RedealReason,
    ShowPoignee,
    TrickRecord,
)
from tutor.engine.play import IllegalPlay, Reason, explain_play, illegal_play, legal_mask
from tutor.engine.position import Position, format_position, parse_position
from tutor.engine.record import DealRecord, Replay, ReplayedTrick
from tutor.engine.scoring import Score, ScoreInput, Side, Step, StepKind, calculate, score
from tutor.engine.trick import ExcuseFate, ExcuseLastTrick, TrickOutcome, trick_outcome
from tutor.engine.variants import (
    EXCUSE_TO_LAST_WINNER,
    FFT_2012,
    ONLINE_FIRST_TO_100,
    PRESETS,
    Rules,
    rules_named,
)

__all__ = [
    "EXCUSE",
    "EXCUSE_TO_LAST_WINNER",
    "FFT_2012",
    "ONLINE_FIRST_TO_100",
    "PETIT",
    "PRESETS",
    "TRUMP_21",
    "Action",
    "ActionNotationError",
    "AnnounceChelem",
    "Bid",
    "Call",
    "Card",
    "CardNotationError",
    "CardSet",
    "Chelem",
    "ChienFate",
    "Contract",
    "Deal",
    "DealRecord",
    "DealResult",
    "DealtCards",
    "Discard",
    "DuplicateCardError",
    "ExcuseFate",
    "ExcuseLastTrick",
    "IllegalActionError",
    "IllegalPlay",
    "ImpossiblePositionError",
    "Phase",
    "Play",
    "Poignee",
    "Position",
    "Reason",
    "RedealReason",
    "Replay",
    "ReplayedTrick",
    "Rules",
    "Score",
    "ScoreInput",
    "ShowPoignee",
    "Side",
    "Step",
    "StepKind",
    "Suit",
    "TarotError",
    "TrickOutcome",
    "TrickRecord",
    "UnknownNameError",
    "calculate",
    "callable_cards",
    "card_name",
    "cards_of",
    "check_poignee",
    "deal",
    "ecart_mask",
    "ecart_refusal",
    "explain_play",
    "format_card",
    "format_cards",
    "format_position",
    "half_points",
    "illegal_play",
    "legal_mask",
    "mask_of",
    "oudlers_in",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_position",
    "poignee_options",
    "rules_named",
    "score",
    "trick_outcome",
]
