"""The coach's one-line remarks after a trick the learner played in.

A remark is data (a code and the facts), turned into a sentence by the UI's catalogs
(``game.coach.<code>``); tests assert on the codes. The coach judges with what the learner
could know at the table: at 5 players, a trick won by a player whose side is not yet known
(the called card has not appeared) gets no remark about sides.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tutor.bots.knowledge import View, observe
from tutor.engine.cards import EXCUSE, HALF_POINTS, PETIT, Card, cards_of
from tutor.engine.game import Action, Deal, TrickRecord
from tutor.engine.trick import ExcuseLastTrick
from tutor.engine.variants import PetitAuBoutCredit

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


def trick_remarks(deal: Deal, index: int, learner: int, legal: int | None) -> list[Remark]:
    """Remarks on trick ``index`` (already played in ``deal``) for ``learner``, whose legal
    cards at the time were ``legal`` (None: unknown, no "cheaper card" judgement)."""
    record: TrickRecord = deal.tricks[index]
    out: list[Remark] = []
    last = index == deal.tricks_per_deal - 1
    winner = record.winner
    if learner not in record.seats:
        return out
    card = record.cards[record.seats.index(learner)]
    view = _view_after(deal, index, learner)
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
        elif points >= POINT_CARD:
            code = RemarkCode.GAVE_POINTS if cheaper is not None else RemarkCode.GAVE_POINTS_FORCED
            out.append(Remark(index, code, card, winner, side, points, cheaper))
    elif known_friend:
        if card == PETIT:
            out.append(Remark(index, RemarkCode.PETIT_SAVED, card, winner, side, points))
        elif points >= POINT_CARD:
            out.append(Remark(index, RemarkCode.CHARGED, card, winner, side, points))
    return out


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


def _view_after(deal: Deal, index: int, learner: int) -> View:
    """What the learner knew right after trick ``index``: replay up to it."""
    done = len(deal.tricks)
    if done == index + 1 and not deal.trick:
        return observe(deal, learner)
    popped: list[Action] = []
    while len(deal.tricks) > index + 1 or deal.trick:
        popped.append(deal.pop())
    try:
        return observe(deal, learner)
    finally:
        for action in reversed(popped):
            deal.push(action)
