"""``kind: hand``: judge a whole hand by the count the bots bid with (``tutor.bots.bidding``,
Noël Chavey's point count): what it counts (``ask: count``), the bid the count gives
(``ask: bid``), or, at five players, the card to call (``ask: call``); or by the rules of the
deal: whether the deal is played or void and dealt again (``ask: redeal``, RULES §2.3)."""

from __future__ import annotations

from typing import Literal

from pydantic import StrictInt, StrictStr

from tutor.bots import choose_call, hand_count
from tutor.content.errors import FieldPath
from tutor.content.fields import BID_CODES, CardList, ExerciseBase
from tutor.content.kinds.base import Say
from tutor.content.position_checks import Issue, Report, duplicate_cards
from tutor.content.verdict import NOT_ACCEPTED, RIGHT, Verdict, judge_number, read_card
from tutor.engine import (
    HAND_SIZE,
    Card,
    CardNotationError,
    callable_cards,
    card_name,
    cards_of,
    format_card,
    has_petit_sec,
    mask_of,
    parse_card,
)

# The answers to ``ask: redeal``: the deal stands, or it is void and dealt again (petit sec).
REDEAL_ANSWERS = ("play", "redeal")


def bid_code(contract: object) -> str:
    """A contract's code, 'pass' for None."""
    code = getattr(contract, "code", None)
    return str(code) if code is not None else "pass"


class HandExercise(ExerciseBase):
    """A whole hand: its count, the bid it gives, the card to call, or whether the deal
    stands."""

    kind: Literal["hand"]
    players: Literal[3, 4, 5] = 4
    hand: CardList
    ask: Literal["count", "bid", "call", "redeal"]
    answer: StrictInt | StrictStr | None = None

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)

    def callable(self) -> tuple[Card, ...]:
        """The cards the rules let this hand call (5 players)."""
        return tuple(cards_of(callable_cards(self.hand_mask)))

    def expected(self) -> int | str | Card:
        """The count, the bid's code ('pass' included), the card to call, or 'redeal' for a
        petit sec ('play' otherwise)."""
        if self.ask == "redeal":
            return "redeal" if has_petit_sec(self.hand_mask) else "play"
        if self.ask == "count":
            return hand_count(self.hand_mask, self.players).total
        if self.ask == "bid":
            return bid_code(hand_count(self.hand_mask, self.players).contract)
        return choose_call(self.hand_mask)

    def judge(self, answer: object) -> Verdict:
        expected = self.expected()
        if self.ask == "count":
            assert isinstance(expected, int)
            return judge_number(answer, expected)
        if self.ask in ("bid", "redeal"):
            stated = str(answer).strip().lower() if answer is not None else ""
            right = stated == expected
            return Verdict(right, RIGHT if right else NOT_ACCEPTED, (), expected)
        card = read_card(answer)
        right = card == expected
        return Verdict(right, RIGHT if right else NOT_ACCEPTED, (card,), expected)

    def check(self, at: FieldPath = ()) -> list[Issue]:
        r = Report(at)
        size = HAND_SIZE[self.players]
        if len(self.hand) != size:
            r.add(("hand",), f"a hand at {self.players} players has {size} cards, "
                             f"not {len(self.hand)}")
        r.extend(duplicate_cards(self.hand, (*at, "hand"), "hand"))
        if self.ask == "call" and self.players != 5:
            r.add(("ask",), "a king is called only at 5 players")
        if r or self.answer is None:
            return r.issues
        expected = self.expected()
        if self.ask == "count":
            if not isinstance(self.answer, int):
                r.add(("answer",), "the answer to ask: count is a whole number")
            elif self.answer != expected:
                r.add(("answer",), f"the hand counts {expected}, not {self.answer}")
        elif self.ask == "bid":
            if self.answer not in BID_CODES:
                r.add(("answer",), f"unknown bid {self.answer!r}: use {', '.join(BID_CODES)}")
            elif self.answer != expected:
                r.add(("answer",), f"the count ({hand_count(self.hand_mask, self.players).total})"
                                   f" gives {expected}, not {self.answer}")
        elif self.ask == "redeal":
            if self.answer not in REDEAL_ANSWERS:
                r.add(("answer",), f"the answer to ask: redeal is {' or '.join(REDEAL_ANSWERS)}")
            elif self.answer != expected:
                sec = "petit sec" if expected == "redeal" else "no petit sec"
                r.add(("answer",), f"the hand has {sec}: the engine gives {expected}, "
                                   f"not {self.answer}")
        else:
            self._check_call(r, expected)
        return r.issues

    def _check_call(self, r: Report, expected: object) -> None:
        try:
            stated = parse_card(str(self.answer))
        except CardNotationError:
            r.add(("answer",), f"{self.answer!r} is not a card")
            return
        if stated not in self.callable():
            r.add(("answer",), f"{format_card(stated)} may not be called with this hand")
        elif stated != expected:
            assert isinstance(expected, int)
            r.add(("answer",), f"club practice calls {format_card(expected)}, "
                               f"not {format_card(stated)}")

    def answer_text(self, lang: str, say: Say) -> str:
        expected = self.expected()
        if self.ask == "count":
            return str(expected)
        if self.ask == "bid":
            return say(f"contracts.{expected}")
        if self.ask == "redeal":
            return say(f"exercise.redeal_{expected}")
        assert isinstance(expected, int)
        return card_name(expected, lang)
