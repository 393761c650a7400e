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
from tutor.engine.announcements import (
    POIGNEE_TRUMPS,
    Chelem,
    Poignee,
    PoigneeReason,
    check_poignee,
    chelem_outcome,
    poignee_options,
)
from tutor.engine.cards import (
    CAVALIER,
    CAVALIERS_MASK,
    DECK_SIZE,
    EXCUSE,
    EXCUSE_BIT,
    FIRST_TRUMP,
    FULL_DECK,
    HALF_POINTS,
    HONOURS_MASK,
    JACK,
    JACKS_MASK,
    KING,
    KINGS_MASK,
    LOW_CARDS_MASK,
    OUDLERS_MASK,
    PETIT,
    PLAIN_SUITS,
    QUEEN,
    QUEENS_MASK,
    SUIT_MASKS,
    TOTAL_HALF_POINTS,
    TRUMP_21,
    TRUMPS_ABOVE,
    TRUMPS_MASK,
    Card,
    CardSet,
    Suit,
    bit,
    card_name,
    cards_of,
    display_order,
    format_card,
    format_cards,
    format_half,
    half_points,
    highest,
    is_trump,
    mask_of,
    oudlers_in,
    parse_card,
    parse_cards,
    rank_of,
    suit_card,
    suit_name,
    suit_of,
)
from tutor.engine.contracts import ChienFate, Contract, callable_cards, first_to_speak, may_bid
from tutor.engine.dealing import HAND_SIZE, DealtCards, deal, has_petit_sec, petit_sec_seat
from tutor.engine.ecart import (
    CHIEN_SIZE,
    EcartReason,
    default_ecart,
    discardable_plain_cards,
    ecart_mask,
    ecart_refusal,
    ecart_refusals,
    legal_ecart_exists,
    trumps_to_show,
)
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
from tutor.engine.play import (
    NO_SUIT_LED,
    REVOKE_REASONS,
    TRUMP_LED,
    IllegalPlay,
    PlayVerdicts,
    Reason,
    check_play,
    explain_play,
    illegal_play,
    is_revoke,
    led_suit,
    legal_mask,
    top_trump,
    validate_hand_and_trick,
)
from tutor.engine.position import (
    PastTrick,
    Position,
    format_position,
    parse_position,
    rules_of,
    validate_position,
    with_partner,
)
from tutor.engine.record import DealRecord, Replay, ReplayedTrick
from tutor.engine.scoring import (
    Score,
    ScoreInput,
    Side,
    Step,
    StepKind,
    calculate,
    marks_for,
    needed,
    score,
    validate_score_input,
)
from tutor.engine.tarocchi import count_in_pairs, count_in_threes, nominal_value
from tutor.engine.trick import (
    ExcuseFate,
    ExcuseLastTrick,
    TrickOutcome,
    trick_outcome,
    winning_position,
)
from tutor.engine.variants import (
    EXCUSE_TO_LAST_WINNER,
    FFT_2012,
    ONLINE_FIRST_TO_100,
    PRESETS,
    JusteFait,
    Multiplied,
    PetitAuBoutCredit,
    PoigneeCredit,
    Rounding,
    Rules,
    rules_named,
)

__all__ = [
    "CAVALIER",
    "CAVALIERS_MASK",
    "CHIEN_SIZE",
    "DECK_SIZE",
    "EXCUSE",
    "EXCUSE_BIT",
    "EXCUSE_TO_LAST_WINNER",
    "FFT_2012",
    "FIRST_TRUMP",
    "FULL_DECK",
    "HALF_POINTS",
    "HAND_SIZE",
    "HONOURS_MASK",
    "JACK",
    "JACKS_MASK",
    "KING",
    "KINGS_MASK",
    "LOW_CARDS_MASK",
    "NO_SUIT_LED",
    "ONLINE_FIRST_TO_100",
    "OUDLERS_MASK",
    "PETIT",
    "PLAIN_SUITS",
    "POIGNEE_TRUMPS",
    "PRESETS",
    "QUEEN",
    "QUEENS_MASK",
    "REVOKE_REASONS",
    "SUIT_MASKS",
    "TOTAL_HALF_POINTS",
    "TRUMPS_ABOVE",
    "TRUMPS_MASK",
    "TRUMP_21",
    "TRUMP_LED",
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
    "EcartReason",
    "ExcuseFate",
    "ExcuseLastTrick",
    "IllegalActionError",
    "IllegalPlay",
    "ImpossiblePositionError",
    "JusteFait",
    "Multiplied",
    "PastTrick",
    "PetitAuBoutCredit",
    "Phase",
    "Play",
    "PlayVerdicts",
    "Poignee",
    "PoigneeCredit",
    "PoigneeReason",
    "Position",
    "Reason",
    "RedealReason",
    "Replay",
    "ReplayedTrick",
    "Rounding",
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
    "bit",
    "calculate",
    "callable_cards",
    "card_name",
    "cards_of",
    "check_play",
    "check_poignee",
    "chelem_outcome",
    "count_in_pairs",
    "count_in_threes",
    "deal",
    "default_ecart",
    "discardable_plain_cards",
    "display_order",
    "ecart_mask",
    "ecart_refusal",
    "ecart_refusals",
    "explain_play",
    "first_to_speak",
    "format_card",
    "format_cards",
    "format_half",
    "format_position",
    "half_points",
    "has_petit_sec",
    "highest",
    "illegal_play",
    "is_revoke",
    "is_trump",
    "led_suit",
    "legal_ecart_exists",
    "legal_mask",
    "marks_for",
    "mask_of",
    "may_bid",
    "needed",
    "nominal_value",
    "oudlers_in",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_position",
    "petit_sec_seat",
    "poignee_options",
    "rank_of",
    "rules_named",
    "rules_of",
    "score",
    "suit_card",
    "suit_name",
    "suit_of",
    "top_trump",
    "trick_outcome",
    "trumps_to_show",
    "validate_hand_and_trick",
    "validate_position",
    "validate_score_input",
    "winning_position",
    "with_partner",
]
