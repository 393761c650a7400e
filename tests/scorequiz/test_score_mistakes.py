"""Every mistake of the catalogue: a known deal gives the known wrong value, and the matchers
(full answer and step by step) recognise it."""

from __future__ import annotations

import random

import pytest

from tests.bank import bank
from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.cards import mask_of, parse_cards
from tutor.engine.contracts import Contract
from tutor.engine.errors import ImpossiblePositionError
from tutor.engine.scoring import ScoreInput, Side, StepKind, score
from tutor.scorequiz import mistakes as m
from tutor.scorequiz.mistakes import Case, CountCase, match_count, match_marks, match_step

A, D = Side.ATTACK, Side.DEFENCE
P, G, GS, GC = Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE
S, DB = Poignee.SIMPLE, Poignee.DOUBLE


def case(
    players=4,
    contract=G,
    points=41.0,
    oudlers=2,
    pab=None,
    poignees=(),
    chelem=Chelem.NONE,
    alone=False,
    sides=(),
):
    s = ScoreInput(players, contract, int(points * 2), oudlers, pab, tuple(poignees), chelem, alone)
    return Case(s, tuple(sides))


# The worked examples of RULES §9.6 (the FFT's and the Italian article's).
FFT_1 = case(contract=G, points=49, oudlers=2, pab=A, poignees=[S], sides=[A])  # +318
FFT_2 = case(contract=GS, points=45, oudlers=2, pab=D)  # +228
FFT_3 = case(contract=P, points=44, oudlers=1, pab=A, poignees=[S], sides=[A])  # -126
FFT_5 = case(
    contract=G, points=87, oudlers=2, pab=A, poignees=[S], sides=[A], chelem=Chelem.ANNOUNCED_MADE
)  # +1746
THREE = case(players=3, contract=G, points=44.5, oudlers=2)  # 116 / -58
FIVE = case(players=5, contract=G, points=44.5, oudlers=2)  # 116 / 58 / -58

# (mistake, case, step where it is made, wrong value at that step, wrong taker marks)
KNOWN = [
    (m.poignee_multiplied, FFT_1, StepKind.POIGNEE, 86 + 40, 3 * 126),
    (m.poignee_to_shower, FFT_3, StepKind.POIGNEE, 22 - 20, -3 * 2),
    (
        m.old_poignee_values,
        case(contract=G, points=50, oudlers=2, poignees=[DB]),
        StepKind.POIGNEE,
        68 + 40,
        3 * 108,
    ),
    (m.petit_au_bout_wrong_side, FFT_2, StepKind.PETIT_AU_BOUT, 29 + 10, 3 * 156),
    (m.petit_au_bout_taker_only, FFT_2, StepKind.PETIT_AU_BOUT, 29, 3 * 116),
    (m.petit_au_bout_not_multiplied, FFT_1, StepKind.MULTIPLIER, 33 * 2 + 10, 3 * 96),
    (m.forgot_taker_multiple, FFT_1, StepKind.MARKS, 106, 106),
    (m.forgot_taker_multiple, THREE, StepKind.MARKS, 58, 58),
    (m.four_player_multiple, THREE, StepKind.MARKS, 174, 174),
    (m.four_player_multiple, FIVE, StepKind.MARKS, 174, 174),
    (m.five_no_split, FIVE, StepKind.MARKS, 232, 232),
    (m.shortfall_subtracted, case(contract=G, points=37, oudlers=2), StepKind.BASE, 21, -126),
    (
        m.half_point_to_loser,
        case(players=3, contract=P, points=40.5, oudlers=2),
        StepKind.DIFFERENCE,
        0,
        50,
    ),
    (
        m.half_point_to_loser,
        case(players=5, contract=P, points=41.5, oudlers=2),
        StepKind.DIFFERENCE,
        0,
        50,
    ),
    (m.chelem_multiplied, FFT_5, StepKind.CHELEM, 162 + 20 + 800, 3 * 982),
    (m.old_multipliers, case(contract=GS, points=45, oudlers=2), StepKind.MULTIPLIER, 87, 261),
    (m.old_multipliers, case(contract=GC, points=45, oudlers=2), StepKind.MULTIPLIER, 116, 348),
    # content-review §7: the common mistakes the catalogue missed
    (m.multiplied_difference_only, case(contract=G, points=52), StepKind.MULTIPLIER, 47, 141),
    (m.multiplied_base_only, case(contract=G, points=52), StepKind.MULTIPLIER, 61, 183),
    (m.forgot_base, case(contract=G, points=52), StepKind.BASE, 11, 66),
    (m.forgot_multiplier, case(contract=GC, points=52), StepKind.MULTIPLIER, 36, 108),
    (m.juste_fait_lost, case(contract=G, points=41), StepKind.MARKS, -150, -150),
    (m.juste_fait_nothing, case(contract=G, points=41), StepKind.BASE, 0, 0),
    (m.forgot_chelem, FFT_5, StepKind.CHELEM, 182, 546),
    (m.announced_chelem_as_unannounced, FFT_5, StepKind.CHELEM, 382, 1146),
    (
        m.unannounced_chelem_as_announced,
        case(contract=P, points=91, oudlers=3, pab=A, chelem=Chelem.MADE),
        StepKind.CHELEM,
        490,
        1470,
    ),
    (
        m.failed_chelem_ignored,
        case(contract=G, points=60, chelem=Chelem.ANNOUNCED_FAILED),
        StepKind.CHELEM,
        88,
        264,
    ),
    (
        m.defence_chelem_forgotten,
        case(contract=P, points=0, oudlers=0, chelem=Chelem.DEFENCE),
        StepKind.CHELEM,
        81,
        -243,
    ),
    (
        m.petit_au_bout_lost_ignored,
        case(contract=G, points=37, pab=A),
        StepKind.PETIT_AU_BOUT,
        29,
        -174,
    ),
    (m.five_shares_swapped, FIVE, StepKind.MARKS, 58, 58),
    (m.partner_as_defender, FIVE, StepKind.MARKS, 232, 232),
    (m.wrong_sign, FFT_1, StepKind.MARKS, -318, -318),
    (m.defender_mark, FFT_1, StepKind.MARKS, -106, -106),
    (m.defender_mark, FIVE, StepKind.MARKS, -58, -58),
]


@pytest.mark.parametrize(
    ("mistake", "deal", "at", "value", "taker"),
    KNOWN,
    ids=[f"{k[0].__name__}-{i}" for i, k in enumerate(KNOWN)],
)
def test_known_deal_gives_the_known_wrong_value(mistake, deal, at, value, taker) -> None:
    (wrong,) = mistake(deal)
    assert wrong.code == mistake.__name__
    assert wrong.at is at
    assert wrong.value == value
    assert wrong.taker == taker
    assert taker != deal.right.taker


@pytest.mark.parametrize(
    ("mistake", "deal", "at", "value", "taker"),
    KNOWN,
    ids=[f"{k[0].__name__}-{i}" for i, k in enumerate(KNOWN)],
)
def test_matchers_recognise_the_mistake(mistake, deal, at, value, taker) -> None:
    assert mistake.__name__ in {w.code for w in match_marks(deal, taker)}
    index = next(i for i, (kind, _) in enumerate(m.right_steps(deal)) if kind is at)
    assert mistake.__name__ in {w.code for w in match_step(deal, index, value)}


def test_wrong_threshold_56_with_one_oudler() -> None:
    deal = case(contract=P, points=53, oudlers=1)  # made by 2: 27, taker +81
    assert deal.right.taker == 81
    wrongs = {int(dict(w.params)["needed"]): w for w in m.wrong_threshold(deal)}
    assert set(wrongs) == {56, 41, 36}
    assert wrongs[56].at is StepKind.NEEDED and wrongs[56].value == 56
    assert wrongs[56].taker == -84  # lost by 3: 28
    assert "wrong_threshold" in {w.code for w in match_marks(deal, -84)}
    assert "wrong_threshold" in {w.code for w in match_step(deal, 1, 56)}


def test_the_matcher_says_nothing_about_a_right_answer() -> None:
    assert match_marks(FFT_1, 318) == []
    assert match_marks(FIVE, 116, [58, -58, -58, -58]) == []
    assert match_step(FFT_1, 6, 106) == []


def test_all_marks_must_match_the_mistake_too() -> None:
    # five_no_split gives the taker 232 and the partner 0
    assert "five_no_split" in {w.code for w in match_marks(FIVE, 232, [0, -58, -58, -58])}
    assert "five_no_split" not in {w.code for w in match_marks(FIVE, 232, [58, -58, -58, -58])}


def test_an_unknown_wrong_answer_matches_nothing() -> None:
    assert match_marks(FFT_1, 317) == []


def test_mistakes_that_do_not_apply_give_nothing() -> None:
    plain = case(contract=P, points=60, oudlers=1)
    for mistake in (
        m.poignee_multiplied,
        m.poignee_to_shower,
        m.old_poignee_values,
        m.petit_au_bout_wrong_side,
        m.petit_au_bout_taker_only,
        m.petit_au_bout_not_multiplied,
        m.shortfall_subtracted,
        m.half_point_to_loser,
        m.chelem_multiplied,
        m.old_multipliers,
        m.four_player_multiple,
        m.five_no_split,
        m.juste_fait_lost,
        m.juste_fait_nothing,
        m.forgot_chelem,
        m.unannounced_chelem_as_announced,
        m.announced_chelem_as_unannounced,
        m.failed_chelem_ignored,
        m.defence_chelem_forgotten,
        m.petit_au_bout_lost_ignored,
        m.five_shares_swapped,
        m.partner_as_defender,
        m.multiplied_difference_only,  # a prise: ×1 changes nothing
        m.forgot_multiplier,
        m.multiplied_base_only,
    ):
        assert mistake(plain) == [], mistake.__name__
    # a prise multiplies by 1: multiplying the poignée changes nothing, so it is no mistake
    assert m.poignee_multiplied(FFT_3) == []


def test_the_unchanged_rules_are_exactly_the_engine() -> None:
    """The mistakes' calculator with no rule changed gives the engine's steps and marks, so
    each wrong value differs from the right one by its mistake alone."""
    rng = random.Random(7)
    checked = 0
    while checked < 3000:
        players = rng.choice((3, 4, 5))
        s = ScoreInput(
            players,
            rng.choice(list(Contract)),
            rng.randrange(0, 183),
            rng.randrange(4),
            rng.choice((None, A, D)),
            tuple(rng.choice(list(Poignee)) for _ in range(rng.randrange(3))),
            rng.choice(list(Chelem)),
            players == 5 and rng.random() < 0.3,
        )
        try:
            right = score(s)
        except ImpossiblePositionError:
            continue
        checked += 1
        deal = Case(s, tuple(rng.choice((A, D)) for _ in s.poignees))
        same = m.worked(deal)
        assert same.steps == m.right_steps(deal)
        assert (same.taker, same.partner, same.defender) == (
            right.taker,
            right.partner,
            right.defender,
        )
        for wrong in m.all_wrongs(deal):
            assert (wrong.taker, wrong.steps) != (right.taker, m.right_steps(deal))


# --- counting ----------------------------------------------------------------------------
PILE = CountCase(mask_of(parse_cards("KS 1S QH T21 5D")), mask_of(parse_cards("1S 5D")))


def test_count_forgot_the_ecart() -> None:
    (wrong,) = m.forgot_set_aside(PILE)  # 4.5 + 3.5 + 4.5 = 12.5 instead of 13.5
    assert wrong.half_points == 25
    assert [w.code for w in match_count(PILE, 25)] == ["forgot_set_aside"]


def test_count_forgot_a_garde_sans_chien_names_the_chien() -> None:
    chien = CountCase(PILE.pile, PILE.set_aside, chien_set_aside=True)
    assert [w.code for w in match_count(chien, 25)] == ["forgot_chien"]


def test_count_king_as_five_on_its_own() -> None:
    (wrong,) = m.honour_alone_as_pair(PILE)  # 5 + 4 + 5 + 0.5 + 0.5 = 15
    assert wrong.half_points == 30
    assert [w.code for w in match_count(PILE, 30)] == ["honour_alone_as_pair"]


def test_count_right_or_unknown_matches_nothing() -> None:
    assert match_count(PILE, 27) == []
    assert match_count(PILE, 28) == []


def test_count_breakdown_adds_up() -> None:
    parts = dict((kind, (n, half)) for kind, n, half in m.count_breakdown(PILE.pile))
    assert parts["kings"] == (1, 9) and parts["oudlers"] == (1, 9) and parts["low"] == (2, 2)
    assert sum(half for _, half in parts.values()) == 27


@pytest.mark.parametrize(
    ("text", "value"),
    [("45", 45), ("45.5", 45.5), ("45,5", 45.5), ("-126", -126), ("−126", -126), ("+318", 318)],
)
def test_parse_points(text: str, value: float) -> None:
    assert m.parse_points(text) == value


@pytest.mark.parametrize("text", ["", "abc", "1/0", "4 5x"])
def test_parse_points_refuses_what_is_not_a_number(text: str) -> None:
    assert m.parse_points(text) is None


def test_match_answer_finds_the_mistake_for_whichever_mark_is_asked():
    from tutor.engine.announcements import Chelem, Poignee
    from tutor.engine.contracts import Contract
    from tutor.engine.scoring import ScoreInput, Side
    from tutor.scorequiz.mistakes import Case, match_answer

    case = Case(ScoreInput(4, Contract.GARDE, 98, 2, Side.ATTACK, (Poignee.SIMPLE,), Chelem.NONE))
    assert match_answer(case, "taker", 318) == []  # the right answer is no mistake
    assert "poignee_multiplied" in {w.code for w in match_answer(case, "taker", 378)}
    assert "poignee_multiplied" in {w.code for w in match_answer(case, "defender", -126)}
    assert "poignee_multiplied" in {w.code for w in match_answer(case, "unit", 126)}


def test_the_known_mistakes_name_the_five_player_marks_they_give() -> None:
    (swapped,) = m.five_shares_swapped(FIVE)
    assert (swapped.taker, swapped.partner, swapped.defender) == (58, 116, -58)
    (as_defender,) = m.partner_as_defender(FIVE)
    assert (as_defender.taker, as_defender.partner, as_defender.defender) == (232, -58, -58)
    assert "partner_as_defender" in {
        w.code for w in match_marks(FIVE, 232, [-58, -58, -58, -58])}


def test_the_failed_chelem_of_scoring_19_ignored_gives_plus_354() -> None:
    # scoring-19: garde sans... the content review's example: +354 instead of -246
    from tutor.content.kinds.score import score_input

    puzzle = bank().puzzle("scoring-19")
    deal = Case(score_input(puzzle.exercise))
    assert deal.right.taker == -246
    assert "failed_chelem_ignored" in {w.code for w in match_marks(deal, 354)}


def test_the_shortfall_message_names_the_deals_own_shortfall() -> None:
    (wrong,) = m.shortfall_subtracted(case(contract=G, points=31))  # lost by 10
    assert dict(wrong.params)["shortfall"] == "10"


def test_a_juste_fait_answered_without_the_multiplier_is_named_as_that_with_its_numbers() -> None:
    """Lesson 5's garde contre made exactly, answered 25 for each defender: the multiplier
    left out (25 + 0 × 6 is 25 as well, but nothing told those apart), said with this deal's
    numbers, not with another deal's example."""
    juste = case(contract=GC, points=41, oudlers=2)
    (wrong,) = m.match_answer(juste, "unit", 25)
    assert wrong.code == "forgot_multiplier"
    assert dict(wrong.params) == {"diff": "0", "mult": "6", "right": "150"}


def test_the_multiplier_sentences_work_this_deals_numbers() -> None:
    made_by_11 = case(contract=GS, points=52)
    (only_difference,) = m.multiplied_difference_only(made_by_11)
    assert dict(only_difference.params) == {"diff": "11", "mult": "4", "right": "144",
                                            "wrong": "69"}
    assert only_difference.value == 69
    (only_base,) = m.multiplied_base_only(made_by_11)
    assert dict(only_base.params)["wrong"] == "111" and only_base.value == 111


# --- counting: the mistakes content-review §7 listed ----------------------------------------
def pile(cards: str, set_aside: str = "", to_defence: str = "") -> CountCase:
    return CountCase(
        mask_of(parse_cards(cards)),
        mask_of(parse_cards(set_aside)) if set_aside else 0,
        mask_of(parse_cards(to_defence)) if to_defence else 0,
    )


@pytest.mark.parametrize(
    ("mistake", "deal", "half_points"),
    [
        (m.low_card_as_one, PILE, 27 + 2),  # two low cards at 1 instead of 0.5
        (m.plain_trump_as_honour, pile("KS T20"), 10 + 8),  # the 20 as 4.5
        (m.lone_low_card_forgotten, pile("KS 1S 5D"), 11 - 1),  # K + low 5, the lone 0.5 lost
        (m.chien_counted_on_garde_contre, pile("KS 1S", to_defence="QS 2C"), 10 + 8),
        (m.defence_pile_counted, PILE, 182 - 27),
    ],
    ids=lambda v: getattr(v, "__name__", None),
)
def test_count_mistakes_give_their_known_total(mistake, deal, half_points) -> None:
    (wrong,) = mistake(deal)
    assert wrong.half_points == half_points
    assert mistake.__name__ in {w.code for w in match_count(deal, half_points)}


def test_count_mistakes_that_do_not_apply_give_nothing() -> None:
    assert m.plain_trump_as_honour(PILE) == []  # the 21 is an oudler, not a plain trump
    assert m.lone_low_card_forgotten(PILE) == []  # the card left over is the 21
    assert m.chien_counted_on_garde_contre(PILE) == []
    assert m.low_card_as_one(pile("KS QH")) == []


def test_italian_count_mistakes() -> None:
    from fractions import Fraction

    cards = parse_cards("KH 3S 4S")  # one group of three: 5 + 1 + 1 - 2 = 5
    assert m.match_italian_count(cards, Fraction(5)) == []
    assert m.match_italian_count(cards, Fraction(4)) == ["italian_per_card"]
    assert m.match_italian_count(cards, Fraction(11, 2)) == ["italian_french_way"]
    assert m.match_italian_count(cards, Fraction(9, 2)) == ["italian_half_point"]
    assert m.match_italian_count(cards, Fraction(7)) == []  # unknown: nothing named


@pytest.mark.parametrize(
    ("mistake", "params"),
    [
        # garde made by 11 (52 with 2 oudlers): (25 + 11) x 2 = 72
        (m.multiplied_difference_only, {"diff": "11", "mult": "2", "right": "72", "wrong": "47"}),
        (m.multiplied_base_only, {"diff": "11", "mult": "2", "right": "72", "wrong": "61"}),
    ],
)
def test_the_multiplier_messages_quote_the_deals_own_numbers(mistake, params) -> None:
    (wrong,) = mistake(case(contract=G, points=52))
    assert dict(wrong.params) == params


def test_a_garde_sans_lost_by_3_quotes_its_own_product() -> None:
    (wrong,) = m.multiplied_difference_only(case(contract=GS, points=38))  # (25 + 3) x 4
    assert dict(wrong.params) == {"diff": "3", "mult": "4", "right": "112", "wrong": "37"}


@pytest.mark.parametrize(
    ("chelem", "code"),
    [(Chelem.ANNOUNCED_MADE, "forgot_chelem"), (Chelem.MADE, "forgot_unannounced_chelem")],
)
def test_a_forgotten_chelem_is_named_as_this_deal_made_it(chelem, code) -> None:
    (wrong,) = m.forgot_chelem(case(contract=P, points=91, oudlers=3, chelem=chelem))
    assert wrong.code == code
