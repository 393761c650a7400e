"""The CLI's --rules on score and --position on legal (issue #11)."""

import json

from tutor.cli import main

POSITION = (
    "tarot1 3 fft-2012 0 garde:1 - 9C.EX/KC/QC.T21 1:NC "
    "1S.2S.4S.6S.JS.QS.KS.3H.4H.5H.1C.2C.3C.5C.6C.7C.8C.10C.JC.T3.T7.T8.T12.T13/"
    "7S.9S.NS.6H.7H.8H.9H.10H.JH.NH.QH.KH.1D.2D.3D.4D.5D.6D.7D.8D.9D.10D.JD.ND.QD.KD."
    "4C.T1.T2.T4.T5.T6.T9.T10.T11.T14.T15.T16.T17.T18.T19.T20 "
    "3S.5S.8S.10S.1H.2H - 1@0 -"
)


def test_score_under_online_first_to_100_adds_a_flat_10_for_the_petit_au_bout(capsys):
    args = ["score", "--contract", "garde", "--points", "49", "--oudlers", "2",
            "--petit-au-bout", "attack", "--json"]
    assert main([*args, "--rules", "online-first-to-100"]) == 0
    assert json.loads(capsys.readouterr().out)["unit"] == 76
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["unit"] == 86  # FFT: (25 + 8 + 10) × 2


def test_an_unknown_rule_set_is_a_usage_error(capsys):
    try:
        main(["score", "--contract", "garde", "--points", "49", "--oudlers", "2",
              "--rules", "belote"])
    except SystemExit as exit_:
        assert exit_.code == 2
    assert "belote" in capsys.readouterr().err


def test_legal_reads_the_hand_and_trick_of_a_position(capsys):
    assert main(["legal", "--position", POSITION, "--json"]) == 0
    # Seat 2 holds QC and T21 with clubs led: it must follow with the queen.
    assert json.loads(capsys.readouterr().out) == {"legal": ["QC"], "illegal": {
        "T21": "must_follow_suit"}}


def test_a_bad_position_is_one_line_and_status_2(capsys):
    assert main(["legal", "--position", "tarot1 4 nonsense"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1
    assert main(["legal", "--position", POSITION, "--hand", "KH"]) == 2


def test_a_position_with_a_non_ascii_digit_gets_the_tutors_message(capsys):
    fields = POSITION.split(" ")
    fields[3] = "²"  # the dealer
    assert main(["legal", "--position", " ".join(fields)]) == 2
    assert capsys.readouterr().err == "error: dealer: '²' is not a small number\n"
