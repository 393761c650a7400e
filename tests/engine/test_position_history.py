"""The position's history (issue #23): the tricks played so far, an optional last field of the
notation, round-tripped exactly, checked by replaying it, and refused naming the field."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_positions import deal_in_play, player_counts, rule_names, seeds
from tests.profiles import examples
from tutor.engine.errors import ImpossiblePositionError
from tutor.engine.game import Deal, Phase
from tutor.engine.position import PastTrick, format_position, parse_position


def without_history(text: str) -> str:
    return " ".join(f for f in text.split(" ") if not f.startswith("history="))


@settings(max_examples=examples(150), deadline=None)
@given(players=player_counts, seed=seeds, stop=st.integers(0, 80), rules=rule_names)
def test_a_deals_position_carries_every_trick_played_and_round_trips(players, seed, stop, rules):
    d = deal_in_play(players, seed, stop, rules)
    if d is None:
        return
    position = d.position()
    played = tuple(PastTrick(t.leader, t.cards) for t in d.tricks)
    assert position.history == (played or None)
    text = format_position(position)
    assert parse_position(text) == position and format_position(parse_position(text)) == text
    rebuilt = Deal.from_position(text)
    assert rebuilt.position() == position
    if rebuilt.legal_plays():
        card = (rebuilt.legal_plays() & -rebuilt.legal_plays()).bit_length() - 1
        rebuilt.play(card)
        d.play(card)
        if d.phase is Phase.PLAYING:
            assert rebuilt.position() == d.position()  # the history goes on from the position's


@settings(max_examples=examples(100), deadline=None)
@given(players=player_counts, seed=seeds, stop=st.integers(0, 80))
def test_a_notation_without_history_stays_valid_and_round_trips_unchanged(players, seed, stop):
    d = deal_in_play(players, seed, stop)
    if d is None:
        return
    text = without_history(format_position(d.position()))
    position = parse_position(text)
    assert position.history is None
    assert format_position(position) == text
    rebuilt = Deal.from_position(text)
    assert rebuilt.position() == position
    if position.tricks_done and rebuilt.legal_plays():
        # what was played before the position is not known: no part of it is made up
        rebuilt.play((rebuilt.legal_plays() & -rebuilt.legal_plays()).bit_length() - 1)
        if rebuilt.phase is Phase.PLAYING:
            assert rebuilt.position().history is None


def test_a_position_before_the_first_trick_has_no_history():
    d = deal_in_play(4, 12, 0)
    assert d is not None and d.tricks_done == 0
    assert d.position().history is None
    assert "history=" not in format_position(d.position())


# The position of deal_in_play(4, 12, 9): chelem announced, so the taker (seat 2) led first;
# the Excuse in the first trick is owed by seat 0 to seat 3.
FIELDS = format_position(deal_in_play(4, 12, 9).position()).split(" ")  # type: ignore[union-attr]
HISTORY = "2:4S.JS.EX.5S;3:T14.T21.T9.T6"


def with_history(history: str) -> str:
    return " ".join([*FIELDS[:13], f"history={history}"])


def test_the_example_position_is_the_one_the_refusals_edit():
    assert FIELDS[13] == f"history={HISTORY}"
    history = parse_position(with_history(HISTORY)).history
    assert history is not None and [t.leader for t in history] == [2, 3]


@pytest.mark.parametrize(
    ("history", "message"),
    [
        ("3:T14.T21.T9.T6;2:4S.JS.EX.5S", "the first trick is led by seat 2"),
        ("2:4S.JS.EX.5S", "1 tricks given, 2 played"),
        ("2:4S.JS.EX.5S;3:T14.T21.T9", "each trick has 4 cards"),
        ("2:4S.JS.EX.5S;3:T14.T21.T9.T1", "its cards are the cards won"),
        ("2:4S.JS.EX.5S;3:T14.T21.T9.T9", "a card appears twice"),
        ("2:JS.4S.EX.5S;3:T14.T21.T9.T6", "trick 2 is led by seat 2, who won trick 1"),
        # seat 0 holds the 20 and the 18: under the 14 led, it had to overtrump
        ("2:4S.JS.EX.5S;3:T14.T9.T21.T6", "trick 2: T9: must_play_higher_trump"),
        # seat 2 played the Excuse, not seat 0 who is written as owing it
        ("2:EX.JS.4S.5S;3:T14.T21.T9.T6", "replayed, it does not give the piles"),
        ("2:4S.JS.EX.5S;9:T14.T21.T9.T6", "a leader's seat does not exist"),
        ("", "each trick is leader:cards"),
        ("2;3:T14.T21.T9.T6", "each trick is leader:cards"),
    ],
)
def test_a_history_that_did_not_happen_is_refused_naming_the_field(history, message):
    with pytest.raises(ImpossiblePositionError) as refused:
        parse_position(with_history(history))
    assert refused.value.values == {"field": "history"}
    assert str(refused.value).startswith("history: ")
    assert message in str(refused.value)


def test_a_history_before_the_first_trick_is_refused():
    fields = format_position(deal_in_play(4, 12, 0).position()).split(" ")  # type: ignore[union-attr]
    with pytest.raises(ImpossiblePositionError) as refused:
        parse_position(" ".join([*fields, "history=2:4S.JS.EX.5S"]))
    assert refused.value.code == "bad_history"


def test_a_fourteenth_field_that_is_no_history_is_a_bad_format():
    with pytest.raises(ImpossiblePositionError) as refused:
        parse_position(" ".join([*FIELDS[:13], "tricks=" + HISTORY]))
    assert refused.value.code == "bad_format"
