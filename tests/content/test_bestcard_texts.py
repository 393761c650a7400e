"""Best-card texts say of "the best line" only what every best line shows: a trick, a winner
or a card is named only when all the solver's best lines agree on it (content review 2, §3)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutor.analysis import best_line, every_best_line
from tutor.analysis.bestcard import Idea, proof_of, read_lines
from tutor.content.bestcard import explanation, lines_after, outcomes_after, stakes
from tutor.engine import (
    EXCUSE,
    KINGS_MASK,
    PETIT,
    QUEENS_MASK,
    cards_of,
    is_trump,
    parse_card,
    parse_position,
)

PUZZLES = Path(__file__).parents[2] / "puzzles" / "best-card"


# Positions of puzzles since replaced (issue #23: their answers were best at the table only
# within the check's old 5-point tolerance): the texts' rules pinned on them still hold.
FORMER = {
    "charge-partner-11": (
        "tarot1 4 fft-2012 0 garde-sans:0 - QD.NC.T21.EX/8S.QS.2D.T17/8D.9D.10D.T10/9H.JH.NH.T19 "
        "3:- 1S.2S.3S.4S.5S.6S.7S.9S.10S.JS.NS.KS.3H.4H.5H.6H.8H.T1.T5.T6.T9.T12.T18.T20/1H.2H.7H."
        "10H.QH.KH.1D.3D.4D.5D.6D.7D.JD.ND.KD.1C.2C.4C.6C.7C.8C.9C.10C.QC.KC.T2.T3.T7.T11.T13.T14."
        "T16 3C.5C.JC.T4.T8.T15 - 7@0 -"),
    "hunt-the-petit-09": (
        "tarot1 4 fft-2012 0 prise:2 - 7D.10D.T12.T14.T21/8S.9S.8D.JD.ND/10S.NS.JH.T1.EX/KD.NC.T15."
        "T17.T20 1:- 1D.2D.3D.5D.6D.QD.1C.3C.4C.5C.6C.7C.8C.9C.JC.KC.T3.T4.T7.T11.T13.T16.T18.T19/"
        "1S.2S.3S.4S.5S.6S.7S.JS.QS.KS.1H.2H.3H.4H.5H.6H.7H.8H.9H.10H.NH.KH.T2.T5.T6.T8.T9.T10 "
        "QH.4D.9D.2C.10C.QC - - -"),
    "hunt-the-petit-12": (
        "tarot1 4 fft-2012 0 prise:2 - 5H.7H.9D.T1/8C.NC.T15.EX/JS.10H.T18.T20/9C.10C.JC.T21 2:- "
        "2H.4H.9H.KH.1D.2D.4D.5D.7D.10D.JD.ND.QD.KD.1C.2C.3C.4C.KC.T2.T5.T6.T7.T8.T9.T11.T14.T17/"
        "1S.2S.3S.4S.5S.6S.7S.8S.9S.10S.NS.KS.1H.3H.6H.8H.JH.NH.QH.5C.6C.T3.T4.T10.T12.T13.T16.T19 "
        "QS.3D.6D.8D.7C.QC - - -"),
}


def _notation(name: str) -> str:
    if name in FORMER:
        return FORMER[name]
    data = yaml.safe_load((PUZZLES / f"proven-{name}.yaml").read_text(encoding="utf-8"))
    return str(data["notation"])


def test_every_best_line_holds_the_principal_one_and_the_same_value() -> None:
    notation = _notation("cash-the-king-07")
    card = parse_card("10C")
    lines = every_best_line(notation, card)
    principal = best_line(notation, card)
    assert len(lines) > 1
    assert principal.cards in [line.cards for line in lines]
    assert {line.value for line in lines} == {principal.value}
    assert all(line.cards[0] == card for line in lines)


def _king_trick_indexes(notation: str, card_text: str) -> set[int]:
    p = parse_position(notation)
    king = next(k for k in cards_of(p.hands[p.to_play] & KINGS_MASK))
    return {next(i for i, t in enumerate(tricks) if king in t.cards)
            for tricks in lines_after(p, parse_card(card_text))}


def test_a_trick_the_best_lines_disagree_on_is_not_named() -> None:
    # After the 6 of diamonds the king of diamonds falls in different tricks in different
    # best lines: the text says it is lost, not when.
    notation = _notation("cash-the-king-09")
    assert len(_king_trick_indexes(notation, "6D")) > 1
    r = read_lines(proof_of(notation))
    for lang in ("en", "it"):
        text = explanation(r, Idea.CASH_THE_KING, lang)
        assert "tricks from now" not in text and "fra " not in text, text


def test_a_trick_every_best_line_agrees_on_is_named() -> None:
    notation = _notation("cash-the-king-03")
    assert _king_trick_indexes(notation, "4D") == {1}
    text = explanation(read_lines(proof_of(notation)), Idea.CASH_THE_KING, "en")
    assert "lost in the next trick: the taker (Player 2) takes it with the trump 15" in text


@pytest.mark.parametrize("lang, words", [("en", "At the table you would need a reason"),
                                         ("it", "Al tavolo ti servirebbe un motivo")])
def test_a_charge_led_into_a_void_says_only_the_open_hands_show_it(lang: str,
                                                                   words: str) -> None:
    notation = _notation("charge-partner-11")
    assert not parse_position(notation).trick  # the learner leads
    text = explanation(read_lines(proof_of(notation)), Idea.CHARGE_PARTNER, lang)
    assert words in text


def test_the_kept_trump_names_the_trump_it_beats() -> None:
    notation = _notation("overtrump-high-or-low-09")
    text = explanation(read_lines(proof_of(notation)), Idea.OVERTRUMP_HIGH_OR_LOW, "en")
    assert "the trump 20 you keep later beats the trump 19" in text


def test_the_contract_the_wrong_card_gives_away_in_every_line_is_named() -> None:
    notation = _notation("cash-the-king-14")
    p = parse_position(notation)
    assert {o.made for o in outcomes_after(p, parse_card("KS"))} == {False}
    assert {o.made for o in outcomes_after(p, parse_card("7D"))} == {True}
    r = read_lines(proof_of(notation))
    assert "At stake: the contract." in explanation(r, Idea.CASH_THE_KING, "en")
    assert "In gioco: il contratto." in explanation(r, Idea.CASH_THE_KING, "it")


def test_no_stake_is_named_when_nothing_else_changes_side() -> None:
    r = read_lines(proof_of(_notation("cash-the-king-03")))
    assert "At stake" not in explanation(r, Idea.CASH_THE_KING, "en")


@pytest.mark.parametrize("name, words", [
    ("save-the-petit-01", "Nobody after you can beat it: Player 4 (other side) and Player 1 "
                          "(other side) must follow suit."),
    ("save-the-petit-03", "You play last: nobody can beat it."),
    ("save-the-petit-09", "Nobody after you can beat it: your partner (Player 4) is on your side."),
    ("save-the-petit-13", "Nobody after you can beat it: Player 1 (other side) has no trump left."),
])
def test_a_petit_saved_now_says_why_nobody_after_can_beat_it(name: str, words: str) -> None:
    notation = _notation(name)
    text = explanation(read_lines(proof_of(notation)), Idea.SAVE_THE_PETIT, "en")
    assert words in text


def test_a_petit_saved_under_a_partners_trump_gives_no_reason_it_cannot_be_beaten() -> None:
    notation = _notation("save-the-petit-05")  # the partner's 21 wins: the Petit could be beaten
    text = explanation(read_lines(proof_of(notation)), Idea.SAVE_THE_PETIT, "en")
    assert "can beat it" not in text
    assert "Nessuno dopo di te" in explanation(
        read_lines(proof_of(_notation("save-the-petit-13"))), Idea.SAVE_THE_PETIT, "it")


@pytest.mark.parametrize("name, words", [
    ("hunt-the-petit-03", "the Petit is held by the taker (Player 4), with the trump 17, the "
                          "trump 16 and the trump 11 beside it"),
    ("hunt-the-petit-09", "the Petit is held by the taker (Player 3), the only trump in that "
                          "hand"),
    ("hunt-the-petit-12", "your side wins it in the next trick: you take it with the trump 18."),
])
def test_a_hunted_petit_is_named_with_the_trumps_beside_it_and_the_card_that_takes_it(
        name: str, words: str) -> None:
    text = explanation(read_lines(proof_of(_notation(name))), Idea.HUNT_THE_PETIT, "en")
    assert words in text


def test_a_petit_taken_by_the_card_to_play_is_not_named_twice() -> None:
    notation = _notation("hunt-the-petit-01")  # the trump 17 itself takes the Petit
    text = explanation(read_lines(proof_of(notation)), Idea.HUNT_THE_PETIT, "en")
    assert "take it with" not in text


def _explanation_of(name: str, lang: str) -> str:
    data = yaml.safe_load((PUZZLES / f"proven-{name}.yaml").read_text(encoding="utf-8"))
    return " ".join(str(data["explanation"][lang]).split())


def test_a_queen_charged_after_the_takers_excuse_also_catches_his_petit() -> None:
    """charge-partner-04 (issue 23: the old one was best only with the hands open): after
    the queen of diamonds the Petit falls to the defence in every best line; after the trump
    17 the taker's Petit wins the queen. The text says both and no more."""
    p = parse_position(_notation("charge-partner-04"))
    assert p.trick == (EXCUSE,) and not p.is_attack(p.to_play)
    for card, petit_to_attack in (("QD", False), ("T17", True)):
        for line in lines_after(p, parse_card(card)):
            taken = next(t for t in line if PETIT in t.cards)
            assert p.is_attack(taken.winner) is petit_to_attack, card
    assert "the Petit falls to your side" in _explanation_of("charge-partner-04", "en")
    assert "il Petit cade nel tuo campo" in _explanation_of("charge-partner-04", "it")


def test_excuse_early_10_names_the_king_and_queen_of_clubs_that_decide_it() -> None:
    """Issue 23: what decides excuse-early-10 is the king and queen of clubs, which change
    side between every line after the Excuse and every line after the trump 16."""
    p = parse_position(_notation("excuse-early-10"))
    assert set(stakes(p, EXCUSE, parse_card("T16"), frozenset())) == {"KC", "QC"}
    assert "At stake: the king of clubs and the queen of clubs." in _explanation_of(
        "excuse-early-10", "en")
    assert "In gioco: il re di fiori e la donna di fiori." in _explanation_of(
        "excuse-early-10", "it")


def test_excuse_early_05_keeps_the_taker_off_lead_so_the_king_of_clubs_falls_to_him() -> None:
    """Content review 2, finding 27: an Excuse puzzle that is not the two-card ending. The
    Excuse now gives the defence this trick and the taker every later one; trumping with the
    18 puts the taker on lead, his Excuse led next loses a trick with the king of clubs on it."""
    p = parse_position(_notation("excuse-early-05"))
    assert p.hands[p.to_play].bit_count() == 5 and p.is_attack(p.to_play)
    king = parse_card("KC")
    for line in lines_after(p, EXCUSE):
        assert all(p.is_attack(t.winner) for t in line[1:])
    for line in lines_after(p, parse_card("T18")):
        assert line[1].cards[0] == EXCUSE and king in line[1].cards
        assert not p.is_attack(line[1].winner)
    assert "At stake: the king of clubs." in _explanation_of("excuse-early-05", "en")


@pytest.mark.parametrize("name, king", [("cash-the-king-02", "KC"), ("cash-the-king-03", "KD")])
def test_a_king_that_overtakes_a_partners_winning_queen_says_so(name: str, king: str) -> None:
    """Content review 2, finding 29: the king overtakes the partner's winning queen, which a
    learner is taught not to do, so the text names that first."""
    p = parse_position(_notation(name))
    queen = next(c for c in p.trick if c in cards_of(QUEENS_MASK))
    seat = p.trick_seats[p.trick.index(queen)]
    assert p.is_attack(seat) == p.is_attack(p.to_play)  # the partner's queen
    assert parse_card(king) in proof_of(_notation(name)).best
    assert _explanation_of(name, "en").startswith("Overtake your partner's queen")
    assert _explanation_of(name, "it").startswith("Supera la donna del tuo compagno")


def _excuse_early_positions() -> list[tuple[str, str]]:
    """(name, notation) of every excuse-early puzzle in the bank."""
    out = []
    for path in sorted(PUZZLES.glob("proven-excuse-early-*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        out.append((str(data["id"]).removeprefix("proven-"), str(data["notation"])))
    return out


def test_the_excuse_early_theme_drills_the_two_card_ending_at_most_twice() -> None:
    """Content review 2, finding 27: eleven of the theme's puzzles were the same two-card
    ending. Two are kept for the basic fact; the deeper ones (4 tricks or more) are dealt at
    3, 4 and 5 players."""
    positions = [parse_position(n) for _, n in _excuse_early_positions()]
    left = [p.hands[p.to_play].bit_count() for p in positions]
    assert 1 <= left.count(2) <= 2
    assert {p.players for p, n in zip(positions, left, strict=True) if n >= 4} == {3, 4, 5}


@pytest.mark.parametrize("name, card, en, it", [
    ("excuse-early-04", "NC", "you keep the cavalier of clubs", "tieni il cavallo di fiori"),
    ("excuse-early-08", "QS", "you keep the queen of spades", "tieni la donna di picche"),
    ("excuse-early-09", "QC", "you keep the queen of clubs", "tieni la donna di fiori"),
])
def test_the_excuse_keeps_a_card_the_other_side_would_take_in_this_trick(
        name: str, card: str, en: str, it: str) -> None:
    """The only card of the suit led would fall to the other side in this trick, in every
    best line after it; after the Excuse that card is won by the player's side in every
    best line."""
    p = parse_position(_notation(name))
    kept = parse_card(card)
    assert all(p.is_attack(line[0].winner) != p.is_attack(p.to_play)
               for line in lines_after(p, kept))
    after_excuse = lines_after(p, EXCUSE)
    assert after_excuse
    for line in after_excuse:
        trick = next(t for t in line if kept in t.cards)
        assert p.is_attack(trick.winner) == p.is_attack(p.to_play)
    assert en in _explanation_of(name, "en") and it in _explanation_of(name, "it")


@pytest.mark.parametrize("name", ["excuse-early-11", "excuse-early-12"])
def test_the_excuse_leaves_the_trick_to_the_partner_every_other_card_would_trump(
        name: str) -> None:
    """Every other legal card is a trump; after the Excuse the partner wins the trick in
    every best line (the card already played, since the Excuse beats nothing)."""
    p = parse_position(_notation(name))
    proof = proof_of(_notation(name))
    assert all(is_trump(c) and c != EXCUSE for group in proof.wrong for c in group)
    winners = {line[0].winner for line in lines_after(p, EXCUSE)}
    assert len(winners) == 1
    partner = winners.pop()
    assert partner in p.trick_seats and p.is_attack(partner) == p.is_attack(p.to_play)
    assert _explanation_of(name, "en").startswith("Play the **Excuse**: your partner's")
    assert _explanation_of(name, "it").startswith("Gioca **l'Excuse**: vince già")


@pytest.mark.parametrize("name, trump, takes", [
    ("excuse-early-06", "T20", "T18"),  # the taker's 20 catches the defence's 18
    ("excuse-early-07", "T14", None),  # the 14 would fall under the taker's 21
    ("excuse-early-11", "T18", "KS"),  # the 18 would overtrump the partner's 16
])
def test_the_trump_the_excuse_keeps_wins_the_next_trick_in_every_best_line(
        name: str, trump: str, takes: str | None) -> None:
    """The tempting card is that trump, played now; after the Excuse it wins a trick in every
    best line (the next one, or the one with the card it takes)."""
    p = parse_position(_notation(name))
    kept = parse_card(trump)
    assert read_lines(proof_of(_notation(name))).wrong_card == kept
    for line in lines_after(p, EXCUSE):
        trick = next(t for t in line if kept in t.cards)
        assert trick.winner == p.to_play
        assert takes is None or parse_card(takes) in trick.cards
        assert takes is not None or trick is line[1]


def test_excuse_early_02_lets_the_partner_save_the_petit_the_17_would_lose() -> None:
    """After the Excuse the partner wins this trick with the Petit in every best line; after
    the 17 he must overtrump with the 18, and the taker catches the Petit."""
    p = parse_position(_notation("excuse-early-02"))
    for line in lines_after(p, EXCUSE):
        assert PETIT in line[0].cards and line[0].winner != p.to_play
        assert p.is_attack(line[0].winner) == p.is_attack(p.to_play)
    for line in lines_after(p, parse_card("T17")):
        assert parse_card("T18") in line[0].cards
        assert p.is_attack(next(t for t in line if PETIT in t.cards).winner)
    assert "wins this trick with the Petit" in _explanation_of("excuse-early-02", "en")
    assert "vince questa presa con il Petit" in _explanation_of("excuse-early-02", "it")
