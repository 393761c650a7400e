"""``kind: bid``: the points the taker needs (``ask: needed``), or what the learner may say
after the bids so far (``ask: allowed-bids``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated, Literal

from pydantic import PlainValidator
from pydantic_core import PydanticCustomError

from tutor.content.errors import FieldPath
from tutor.content.fields import BID_CODES, ExerciseBase, Oudlers, Position, split_codes
from tutor.content.kinds.base import Say
from tutor.content.position_checks import Issue, Report, check_position
from tutor.content.verdict import Verdict, judge_number, judge_set, read_codes
from tutor.engine import Contract, may_bid, needed


def _bid_answer(value: object) -> int | tuple[str, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    codes = split_codes(value)
    if isinstance(codes, list) and all(isinstance(code, str) for code in codes):
        for code in codes:
            if code not in BID_CODES:
                raise PydanticCustomError(
                    "bid", f"unknown bid {code!r}: use {', '.join(BID_CODES)}"
                )
        return tuple(codes)
    raise PydanticCustomError(
        "bid_answer",
        "the answer is a number (ask: needed) or a list of bids (ask: allowed-bids), "
        f"not {value!r}",
    )


BidAnswer = Annotated[int | tuple[str, ...], PlainValidator(_bid_answer)]


def highest_bid(bids: Sequence[str]) -> Contract | None:
    contracts = [Contract.from_code(b) for b in bids if b != "pass"]
    return max(contracts) if contracts else None


def allowed_bids(bids: Sequence[str]) -> frozenset[str]:
    """Pass, or any contract higher than every bid so far."""
    highest = highest_bid(bids)
    return frozenset(["pass"] + [c.code for c in Contract if may_bid(c, highest)])


def in_auction_order(codes: Iterable[str]) -> list[str]:
    return sorted(codes, key=BID_CODES.index)


class BidExercise(ExerciseBase):
    """``ask: needed`` (points needed with ``oudlers``) or ``ask: allowed-bids`` (after
    ``position.bids``, what may the learner say?)."""

    kind: Literal["bid"]
    ask: Literal["needed", "allowed-bids"]
    oudlers: Oudlers | None = None
    position: Position | None = None
    answer: BidAnswer | None = None

    @property
    def asks_a_number(self) -> bool:
        return self.ask == "needed"

    def expected(self) -> int | frozenset[str]:
        """The points needed, or the bids allowed."""
        if self.asks_a_number:
            assert self.oudlers is not None  # check: ask: needed needs oudlers
            return needed(self.oudlers)
        assert self.position is not None  # check: ask: allowed-bids needs a position
        return allowed_bids(self.position.bids)

    def judge(self, answer: object) -> Verdict:
        expected = self.expected()
        if isinstance(expected, int):
            return judge_number(answer, expected)
        return judge_set(read_codes(answer), expected, cards=False)

    def check(self, at: FieldPath = ()) -> list[Issue]:
        if self.asks_a_number:
            return self._check_needed(at)
        return self._check_allowed(at)

    def _check_needed(self, at: FieldPath) -> list[Issue]:
        r = Report(at)
        if self.oudlers is None:
            r.add(("oudlers",), "ask: needed needs the number of oudlers ('oudlers': 0 to 3)")
            return r.issues
        if self.position is not None:
            r.extend(check_position(self.position, (*at, "position"), "bid"))
        if isinstance(self.answer, tuple):
            r.add(("answer",), "the answer to ask: needed is a number of points")
        elif self.answer is not None and self.answer != needed(self.oudlers):
            plural = "s" if self.oudlers != 1 else ""
            r.add(("answer",), f"with {self.oudlers} oudler{plural} the taker needs "
                               f"{needed(self.oudlers)} points, not {self.answer}")
        return r.issues

    def _check_allowed(self, at: FieldPath) -> list[Issue]:
        r = Report(at)
        if self.oudlers is not None:
            r.add(("oudlers",), "oudlers is only for ask: needed")
        if self.position is None:
            r.add(("position",), "ask: allowed-bids needs a position with the bids so far "
                                 "('bids')")
            return r.issues
        pos = self.position
        r.extend(check_position(pos, (*at, "position"), "bid"))
        if len(pos.bids) >= pos.players:
            r.add(("position", "bids"), f"{len(pos.bids)} bids: at {pos.players} players "
                                        "everyone has spoken")
            return r.issues
        highest: Contract | None = None
        for i, code in enumerate(pos.bids):
            if code == "pass":
                continue
            contract = Contract.from_code(code)
            if highest is not None and not may_bid(contract, highest):
                r.add(("position", "bids", i), f"'{code}' is not higher than '{highest.code}': "
                                               "only higher bids are allowed")
            else:
                highest = contract
        if r or self.answer is None:
            return r.issues
        if isinstance(self.answer, int):
            r.add(("answer",), "the answer to ask: allowed-bids is a list of bids")
            return r.issues
        expected = allowed_bids(pos.bids)
        stated = set(self.answer)
        if stated != expected:
            parts = [f"the allowed bids are {_bid_list(expected)}"]
            if expected - stated:
                parts.append(f"missing {_bid_list(expected - stated)}")
            if stated - expected:
                parts.append(f"not allowed {_bid_list(stated - expected)}")
            r.add(("answer",), "; ".join(parts))
        return r.issues

    def answer_text(self, lang: str, say: Say) -> str:
        expected = self.expected()
        if isinstance(expected, int):
            return str(expected)
        return ", ".join(say(f"contracts.{code}") for code in in_auction_order(expected))


def _bid_list(codes: Iterable[str]) -> str:
    return ", ".join(in_auction_order(codes))
