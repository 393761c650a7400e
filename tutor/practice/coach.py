"""The coach's one-line remarks after a trick the learner played in.

A remark is data (a code and the facts), turned into a sentence by the UI's catalogs
(``game.coach.<code>``); tests assert on the codes. The coach judges with what the learner
could know at the table: at 5 players, a trick won by a player whose side is not yet known
(the called card has not appeared) gets no remark about sides.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tutor.bots.knowledge import observe
from tutor.engine import (
    EXCUSE,
    HALF_POINTS,
    KINGS_MASK,
    PETIT,
    Card,
    Deal,
    ExcuseLastTrick,
    PetitAuBoutCredit,
    ReplayedTrick,
    TrickRecord,
    cards_of,
    is_trump,
    led_suit,
    suit_of,
)

# A card "gives points" from the jack up (1.5 points); low cards are 0.5.
POINT_CARD = 3


class RemarkCode(StrEnum):
    GAVE_POINTS = "gave_points"  # a counter on a trick the other side won, a cheaper card legal
    GAVE_POINTS_FORCED = "gave_points_forced"  # the same, with no cheaper legal card
    LOST_PETIT = "lost_petit"  # the Petit caught by the other side, another card allowed
    LOST_PETIT_FORCED = "lost_petit_forced"  # the Petit caught, it was the only legal card
    EXCUSE_LAST = "excuse_last"  # the Excuse played to the last trick changes side
    # Under a variant where the last trick's winner takes it: it went to the other side.
    EXCUSE_LAST_TO_WINNER = "excuse_last_to_winner"
    CHARGED = "charged"  # points given to a partner's trick: well done
    PETIT_SAVED = "petit_saved"  # the learner's Petit won, or fell in a partner's trick
    PETIT_AU_BOUT = "petit_au_bout"  # the Petit in the last trick
    # Under a variant where the bonus raises the taker's stake, whoever took the Petit.
    PETIT_AU_BOUT_STAKE = "petit_au_bout_stake"
    # The learner's king of the suit led, trumped by the other side: led the first time the
    # suit went round, or followed (``cheaper``: a lower card of the suit was allowed).
    KING_CUT = "king_cut"
    # The learner led a king of a suit already played before: cashed too late, and trumped.
    KING_CUT_LATE = "king_cut_late"
    # Two cards left and the learner kept the Excuse: it must go to the last trick, where it
    # changes side (lesson 8). Not said when the learner's side has won every trick (chelem).
    EXCUSE_KEPT = "excuse_kept"


class Side(StrEnum):
    TAKER = "taker"
    ATTACK = "attack"  # the taker and the called partner (5 players)
    DEFENCE = "defence"


@dataclass(frozen=True, slots=True)
class Remark:
    trick: int  # index of the trick (0-based)
    code: RemarkCode
    card: Card | None  # the learner's card the remark is about
    winner: int  # seat that won the trick
    side: Side  # the winner's side, as the learner knows it
    points: int  # half-points the remark is about (the card's)
    cheaper: Card | None = None  # a cheaper legal card the learner had

    @property
    def good(self) -> bool:
        return self.code in (RemarkCode.CHARGED, RemarkCode.PETIT_SAVED)


def winner_side(deal: Deal, winner: int) -> Side:
    if winner == deal.taker:
        return Side.TAKER
    return Side.ATTACK if deal.is_attack(winner) else Side.DEFENCE


def remarks_on(trick: ReplayedTrick) -> list[Remark]:
    """The remarks on a replayed trick for the seat it was watched from."""
    return trick_remarks(trick.after, trick.index, trick.seat, trick.legal)


def trick_remarks(deal: Deal, index: int, learner: int, legal: int | None) -> list[Remark]:
    """Remarks on trick ``index``, the trick ``deal`` has just gathered (a snapshot of a deal's
    past comes from its replay, ``DealRecord.replay``), for ``learner``, whose legal cards at
    the time were ``legal`` (None: unknown, no "cheaper card" judgement)."""
    if index != len(deal.tricks) - 1 or deal.trick:
        raise ValueError(
            f"trick {index}: the deal must stand just after it (replay the deal to that moment)"
        )
    record: TrickRecord = deal.tricks[index]
    out: list[Remark] = []
    number = trick_number(deal, index)
    last = number == deal.tricks_per_deal - 1
    winner = record.winner
    if learner not in record.seats:
        return out
    card = record.cards[record.seats.index(learner)]
    view = observe(deal, learner)  # what the learner knows right after the trick
    if number == deal.tricks_per_deal - 2 and card != EXCUSE:
        out.extend(_excuse_kept(deal, index, learner, winner, view.friends))
    known_friend = winner in view.friends
    known_foe = winner in view.foes
    side = winner_side(deal, winner)
    if last and PETIT in record.cards:
        code = (
            RemarkCode.PETIT_AU_BOUT_STAKE
            if deal.rules.petit_au_bout_credit is PetitAuBoutCredit.TO_THE_STAKE
            else RemarkCode.PETIT_AU_BOUT
        )
        out.append(Remark(index, code, PETIT, winner, side, HALF_POINTS[PETIT]))
    if card == EXCUSE:
        if last:
            out.extend(_excuse_last(deal, index, learner, winner, side))
        return out
    if winner == learner:
        if card == PETIT:
            out.append(Remark(index, RemarkCode.PETIT_SAVED, PETIT, winner, side, 9))
        return out
    points = HALF_POINTS[card]
    cheaper = _cheaper(card, legal)
    if known_foe:
        if card == PETIT:
            code = RemarkCode.LOST_PETIT if cheaper is not None else RemarkCode.LOST_PETIT_FORCED
            out.append(Remark(index, code, card, winner, side, points, cheaper))
        elif (king_code := _king_cut(deal, index, learner, card)) is not None:
            out.append(Remark(index, king_code, card, winner, side, points, cheaper))
        elif points >= POINT_CARD:
            code = RemarkCode.GAVE_POINTS if cheaper is not None else RemarkCode.GAVE_POINTS_FORCED
            out.append(Remark(index, code, card, winner, side, points, cheaper))
    elif known_friend:
        if card == PETIT:
            out.append(Remark(index, RemarkCode.PETIT_SAVED, card, winner, side, points))
        elif points >= POINT_CARD:
            out.append(Remark(index, RemarkCode.CHARGED, card, winner, side, points))
    return out


def trick_number(deal: Deal, index: int) -> int:
    """The trick's number in the whole deal (0-based): ``deal.tricks`` holds only the tricks
    played since the deal was built, which for a position is after some were."""
    return deal.tricks_done - len(deal.tricks) + index


def _king_cut(deal: Deal, index: int, learner: int, card: Card) -> RemarkCode | None:
    """The learner's king of the suit led, won by a trump: cashed late if the learner led a
    suit that had already gone round once (a defender may have run out of it)."""
    record = deal.tricks[index]
    if not KINGS_MASK >> card & 1 or led_suit(record.cards) != suit_of(card):
        return None
    if not is_trump(record.cards[record.seats.index(record.winner)]):
        return None
    suit = suit_of(card)
    led_before = any(led_suit(t.cards) == suit for t in deal.tricks[:index])
    if record.leader == learner and led_before:
        return RemarkCode.KING_CUT_LATE
    return RemarkCode.KING_CUT


def _excuse_kept(
    deal: Deal, index: int, learner: int, winner: int, friends: frozenset[int]
) -> list[Remark]:
    """After the second-to-last trick the learner still holds the Excuse: it will go to the
    last trick. Keeping it is right only for a side that has won every trick (the chelem
    exception, lesson 8)."""
    if not deal.hands[learner] >> EXCUSE & 1:
        return []
    # Judged as the learner knows the sides (``friends``, after the trick): at 5 players an
    # unrevealed partner's trick is not known to be the learner's side's.
    won_known = all(t.winner in friends for t in deal.tricks[: index + 1])
    attack = deal.is_attack(learner)
    earlier = deal.tricks_done - len(deal.tricks)  # tricks played before a position
    won_earlier = earlier == 0 or (
        deal.attack_tricks == deal.tricks_done if attack else deal.attack_tricks == 0
    )
    if won_known and won_earlier:
        return []
    return [Remark(index, RemarkCode.EXCUSE_KEPT, EXCUSE, winner, winner_side(deal, winner), 9)]


def _excuse_last(deal: Deal, index: int, learner: int, winner: int, side: Side) -> list[Remark]:
    """The Excuse the learner played to the last trick, as the deal's rules decide its fate:
    FFT 2012, it changes camp (unless it won, in a chelem); under a variant where the trick's
    winner takes it, it is lost only when the other camp won the trick."""
    if deal.rules.excuse_last_trick is ExcuseLastTrick.CHANGES_CAMP:
        if winner == learner:
            return []
        return [Remark(index, RemarkCode.EXCUSE_LAST, EXCUSE, winner, side, 9)]
    if deal.is_attack(winner) == deal.is_attack(learner):
        return []
    return [Remark(index, RemarkCode.EXCUSE_LAST_TO_WINNER, EXCUSE, winner, side, 9)]


def _cheaper(card: Card, legal: int | None) -> Card | None:
    """The cheapest legal card worth less than ``card`` (the Excuse aside), or None."""
    if legal is None:
        return None
    options = [
        c for c in cards_of(legal) if c not in (card, EXCUSE) and HALF_POINTS[c] < HALF_POINTS[card]
    ]
    if card == PETIT:
        options = [c for c in cards_of(legal) if c not in (PETIT, EXCUSE)]
        if not options and legal >> EXCUSE & 1:
            return EXCUSE  # the Excuse would have saved the Petit
    if not options:
        return None
    return min(options, key=lambda c: (HALF_POINTS[c], c))

