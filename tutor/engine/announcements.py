"""Announcements (RULES §8.1, §8.2): the poignée and the chelem."""

from __future__ import annotations

from enum import Enum, IntEnum, StrEnum

from tutor.engine.cards import EXCUSE_BIT, TRUMPS_MASK, cards_of, mask_of
from tutor.engine.errors import IllegalActionError, UnknownNameError


class Poignee(IntEnum):
    """A poignée's level: simple, double, triple."""

    SIMPLE = 1
    DOUBLE = 2
    TRIPLE = 3

    @property
    def bonus(self) -> int:
        """20 / 30 / 40, never multiplied, always to the side that wins the deal."""
        return 10 + 10 * self.value

    @property
    def code(self) -> str:
        return self.name.lower()

    @classmethod
    def from_code(cls, code: str) -> Poignee:
        try:
            return cls[code.strip().upper()]
        except KeyError:
            raise UnknownNameError(
                f"unknown poignée {code!r}: use simple, double or triple", "unknown_poignee"
            ) from None


POIGNEE_TRUMPS: dict[int, dict[Poignee, int]] = {
    3: {Poignee.SIMPLE: 13, Poignee.DOUBLE: 15, Poignee.TRIPLE: 18},
    4: {Poignee.SIMPLE: 10, Poignee.DOUBLE: 13, Poignee.TRIPLE: 15},
    5: {Poignee.SIMPLE: 8, Poignee.DOUBLE: 10, Poignee.TRIPLE: 13},
}


class PoigneeReason(StrEnum):
    """Why a poignée shown is refused (the codes the UI translates)."""
    NOT_IN_HAND = "poignee_card_not_in_hand"
    NOT_A_TRUMP = "poignee_card_not_a_trump"
    WRONG_COUNT = "poignee_wrong_count"
    EXCUSE_WITH_HIDDEN_TRUMP = "poignee_excuse_while_trump_hidden"


Sizes = tuple[int, int, int]  # trumps to show for a simple, double, triple poignée


def poignee_sizes(players: int, sizes: Sizes | None = None) -> dict[Poignee, int]:
    """The FFT table for ``players``, or the ``sizes`` a variant gives."""
    if sizes is None:
        return POIGNEE_TRUMPS[players]
    return dict(zip(Poignee, sizes, strict=True))


def poignee_for_count(count: int, players: int, sizes: Sizes | None = None) -> Poignee | None:
    for level, needed in poignee_sizes(players, sizes).items():
        if needed == count:
            return level
    return None


def check_poignee(hand: int, shown: int, players: int, sizes: Sizes | None = None) -> Poignee:
    """The level of a shown poignée, or IllegalActionError with the reason: exactly the
    number of trumps of a level; the Excuse stands in only when no other trump stays hidden."""
    if shown & ~hand:
        raise IllegalActionError(
            "a shown card is not in the hand",
            PoigneeReason.NOT_IN_HAND.value,
            cards_of(shown & ~hand),
        )
    if shown & ~(TRUMPS_MASK | EXCUSE_BIT):
        raise IllegalActionError(
            "a poignée shows only trumps (and the Excuse)",
            PoigneeReason.NOT_A_TRUMP.value,
            cards_of(shown & ~(TRUMPS_MASK | EXCUSE_BIT)),
        )
    level = poignee_for_count(shown.bit_count(), players, sizes)
    if level is None:
        counts = ", ".join(str(n) for n in poignee_sizes(players, sizes).values())
        raise IllegalActionError(
            f"a poignée at {players} players shows exactly {counts} trumps, "
            f"not {shown.bit_count()}",
            PoigneeReason.WRONG_COUNT.value,
            cards_of(shown),
            {"counts": counts, "shown": str(shown.bit_count())},
        )
    if shown & EXCUSE_BIT and hand & TRUMPS_MASK & ~shown:
        raise IllegalActionError(
            "the Excuse may stand in for a trump only when no other trump is hidden",
            PoigneeReason.EXCUSE_WITH_HIDDEN_TRUMP.value,
            cards_of(hand & TRUMPS_MASK & ~shown),
        )
    return level


def poignee_options(hand: int, players: int, sizes: Sizes | None = None) -> dict[Poignee, int]:
    """Each poignée the hand may show, with one valid set of cards to show for it
    (the lowest trumps, the Excuse only as a last resort)."""
    trumps = cards_of(hand & TRUMPS_MASK)
    has_excuse = bool(hand & EXCUSE_BIT)
    options: dict[Poignee, int] = {}
    for level, needed in poignee_sizes(players, sizes).items():
        if len(trumps) >= needed:
            options[level] = mask_of(trumps[:needed])
        elif has_excuse and len(trumps) == needed - 1:
            options[level] = mask_of(trumps) | EXCUSE_BIT
    return options


class Chelem(Enum):
    """How a deal ended with respect to the chelem, for scoring."""

    NONE = "none"
    ANNOUNCED_MADE = "announced-made"
    ANNOUNCED_FAILED = "announced-failed"
    MADE = "made"  # unannounced
    DEFENCE = "defence"

    @property
    def bonus_to_taker(self) -> int:
        """Per defender, from the taker's side; never multiplied."""
        return _CHELEM_BONUS[self]

    @classmethod
    def from_code(cls, code: str) -> Chelem:
        try:
            return cls(code.strip().lower())
        except ValueError:
            raise UnknownNameError(
                f"unknown chelem {code!r}: use announced-made, announced-failed, made or defence",
                "unknown_chelem",
            ) from None


_CHELEM_BONUS = {
    Chelem.NONE: 0,
    Chelem.ANNOUNCED_MADE: 400,
    Chelem.ANNOUNCED_FAILED: -200,
    Chelem.MADE: 200,
    Chelem.DEFENCE: -200,
}


def chelem_outcome(announced: bool, attack_won_all: bool, defence_won_all: bool) -> Chelem:
    """Which chelem the deal ends with: announced or not, made by the attack or by the
    defence, or none."""
    if announced:
        return Chelem.ANNOUNCED_MADE if attack_won_all else Chelem.ANNOUNCED_FAILED
    if attack_won_all:
        return Chelem.MADE
    if defence_won_all:
        return Chelem.DEFENCE
    return Chelem.NONE
