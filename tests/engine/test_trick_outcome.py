"""The trick's outcome as a pure function (RULES §6.7, §7): winner and the Excuse's fate."""

import pytest

from tutor.engine.cards import parse_cards
from tutor.engine.trick import ExcuseFate, ExcuseLastTrick, trick_outcome, winning_position

FFT = ExcuseLastTrick.CHANGES_CAMP
WINNER_TAKES = ExcuseLastTrick.TO_THE_WINNER


def cards(text):
    return tuple(parse_cards(text))


# Tricks at 3, 4 and 5 players: the Excuse is played second (position 1); T21 is played at the
# last position and wins.
TRICKS = {3: "KH EX T21", 4: "KH EX 2H T21", 5: "KH EX 2H 3H T21"}


def positions(players, *attack):
    return sum(1 << p for p in attack)


def test_highest_trump_wins_else_highest_card_of_the_suit_led():
    assert winning_position(cards("KH T2 EX 1H")) == 1
    assert winning_position(cards("EX 2H KH 1S")) == 2  # the Excuse led: hearts set the suit
    assert winning_position(cards("2H QS 5H")) == 2


@pytest.mark.parametrize("players", [3, 4, 5])
def test_excuse_before_the_last_trick_stays_with_its_owner_for_an_exchange(players):
    out = trick_outcome(cards(TRICKS[players]), positions(players, 1))
    assert out.winner == players - 1
    assert out.excuse is ExcuseFate.EXCHANGED and out.excuse_to_attack is True


@pytest.mark.parametrize("players", [3, 4, 5])
def test_last_trick_won_by_the_other_side_the_excuse_goes_to_it_in_both_readings(players):
    # The attacker (position 1) plays the Excuse; the defence wins with T21.
    for reading in (FFT, WINNER_TAKES):
        out = trick_outcome(cards(TRICKS[players]), positions(players, 1), last=True,
                            reading=reading)
        assert out.winner == players - 1 and out.excuse_to_attack is False


@pytest.mark.parametrize("players", [3, 4, 5])
def test_last_trick_won_by_its_own_side_the_excuse_changes_camp_under_fft(players):
    # The defender at position 1 plays the Excuse, a fellow defender wins with T21.
    attack = positions(players, 0)
    out = trick_outcome(cards(TRICKS[players]), attack, last=True)
    assert out.excuse is ExcuseFate.CHANGES_CAMP and out.excuse_to_attack is True
    variant = trick_outcome(cards(TRICKS[players]), attack, last=True, reading=WINNER_TAKES)
    assert variant.excuse is ExcuseFate.TO_THE_WINNER and variant.excuse_to_attack is False


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("reading", [FFT, WINNER_TAKES])
def test_chelem_excuse_led_to_the_last_trick_wins_it(players, reading):
    trick = cards("EX " + " ".join(f"{n}H" for n in range(2, players + 1)))
    attack_out = trick_outcome(trick, positions(players, 0), last=True, attack_won_all=True,
                               reading=reading)
    assert attack_out.winner == 0 and attack_out.excuse is ExcuseFate.WINS_THE_TRICK
    assert attack_out.excuse_to_attack is True
    defence_out = trick_outcome(trick, positions(players, 1), last=True, defence_won_all=True,
                                reading=reading)
    assert defence_out.winner == 0 and defence_out.excuse_to_attack is False
    # Led without a chelem behind it, it wins nothing and changes camp.
    plain = trick_outcome(trick, positions(players, 0), last=True, reading=reading)
    assert plain.winner == players - 1 and plain.excuse_to_attack is False


@pytest.mark.parametrize("players", [3, 4, 5])
def test_chelem_excuse_not_led_stays_when_its_side_wins_the_last_trick_too(players):
    # The defence won every trick; a defender plays the Excuse second, another wins the trick.
    out = trick_outcome(cards(TRICKS[players]), positions(players, 0), last=True,
                        defence_won_all=True)
    assert out.excuse is ExcuseFate.KEPT and out.excuse_to_attack is False
    # The attack won every trick but loses the last one: its Excuse changes camp.
    lost = trick_outcome(cards(TRICKS[players]), positions(players, 1), last=True,
                         attack_won_all=True)
    assert lost.excuse is ExcuseFate.CHANGES_CAMP and lost.excuse_to_attack is False


def test_outcomes_are_shared_not_allocated_each_time():
    trick = cards("KH EX 2H T21")
    assert trick_outcome(trick, 1) is trick_outcome(trick, 1)
