"""``python -m tutor``: check content, and ask the engine for legal cards, scores and counts.

Bad input exits with status 2 and one line naming the problem, never a traceback: malformed
arguments, and inputs no real deal can produce (a hand larger than a deal gives, poignées
needing more trumps than exist, a chelem without the oudlers it must hold, ...).
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import NoReturn

from tutor.engine import (
    CHIEN_SIZE,
    EXCUSE,
    EXCUSE_BIT,
    FFT_2012,
    FULL_DECK,
    HAND_SIZE,
    HONOURS_MASK,
    KINGS_MASK,
    OUDLERS_MASK,
    POIGNEE_TRUMPS,
    PRESETS,
    TRUMPS_MASK,
    Chelem,
    ChienFate,
    Contract,
    Deal,
    Poignee,
    Score,
    ScoreInput,
    Side,
    StepKind,
    TarotError,
    card_name,
    cards_of,
    count_in_pairs,
    count_in_threes,
    display_order,
    explain_play,
    format_card,
    format_half,
    half_points,
    led_suit,
    mask_of,
    nominal_value,
    parse_card,
    parse_cards,
    rules_named,
    score,
    suit_of,
    validate_hand_and_trick,
)

ROOT = Path(__file__).resolve().parent.parent


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


# Plain ASCII decimals: float() would take "inf", "nan", "1e999" and Arabic-Indic digits.
_POINTS = re.compile(r"-?[0-9]{1,6}(?:[.,][0-9]{1,6})?", re.ASCII)
_WHOLE = re.compile(r"[+-]?[0-9]{1,6}", re.ASCII)
# Every card a poignée can show: the 21 trumps, the Excuse standing in for one of them.
POIGNEE_CARDS = (TRUMPS_MASK | EXCUSE_BIT).bit_count()


def _parse_points(text: str) -> int:
    """'49' or '40.5' (or '40,5') -> half-points."""
    if not _POINTS.fullmatch(text.strip()):
        raise UsageError(f"points must be a number like 49 or 40.5, not {text!r}")
    half = Fraction(text.strip().replace(",", ".")) * 2
    if half.denominator != 1:
        raise UsageError(f"points are counted to the half point, not {text}")
    return int(half)


def _whole_number(text: str) -> int:
    """An argparse type: a whole number in ASCII digits (int() also takes '٣' and '1_0')."""
    if not _WHOLE.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"a whole number is expected, not {text!r}")
    return int(text)


# --- legal --------------------------------------------------------------------------------
def check_hand_size(hand: Sequence[int], players: int) -> None:
    """A hand never holds more cards than the deal gives each player (the taker's écart
    brings it back to that size)."""
    if len(hand) > HAND_SIZE[players]:
        raise UsageError(f"a hand has at most {HAND_SIZE[players]} cards at {players} players, "
                         f"not {len(hand)}")


def check_first_trick_hand(hand: Sequence[int], players: int) -> None:
    """On the first trick every player holds a whole hand (the taker's écart brought it back
    to that size), the card about to be played included."""
    if len(hand) != HAND_SIZE[players]:
        raise UsageError(f"on the first trick a hand holds {HAND_SIZE[players]} cards at "
                         f"{players} players, not {len(hand)}")


def check_called_card(called: int, players: int) -> None:
    """At 5 players the taker calls a king (a queen, cavalier or jack when holding every
    higher one): never a trump, the Excuse or a low card."""
    if players != 5:
        raise UsageError("a card is called only at 5 players")
    if not HONOURS_MASK >> called & 1:
        raise UsageError(f"the called card is a king, queen, cavalier or jack, "
                         f"not {format_card(called)}")


def check_first_trick_lead(trick: Sequence[int], called: int) -> None:
    """On the first trick nobody leads the called suit except with the called card itself."""
    lead = next((card for card in trick if card != EXCUSE), None)
    if lead is not None and lead != called and led_suit(trick) == int(suit_of(called)):
        raise UsageError(f"on the first trick the called suit is led only with the called "
                         f"card {format_card(called)}, not {format_card(lead)}")


def cmd_legal(args: argparse.Namespace) -> int:
    if args.position is not None:
        if args.hand or args.trick or args.called or args.first_trick:
            raise UsageError("--position gives the hand, the trick and the called card: alone")
        verdicts = Deal.from_position(args.position).explain_plays()
    else:
        if not args.hand:
            raise UsageError("give --hand (and --trick), or --position")
        hand = parse_cards(args.hand)
        trick = parse_cards(args.trick) if args.trick else []
        called = parse_card(args.called) if args.called else None
        check_hand_size(hand, args.players)
        if called is not None:
            check_called_card(called, args.players)
            if args.first_trick:
                check_first_trick_lead(trick, called)
        if args.first_trick:
            check_first_trick_hand(hand, args.players)
        hand_mask = mask_of(hand)
        validate_hand_and_trick(hand_mask, trick, args.players)
        verdicts = explain_play(hand_mask, trick, called, args.first_trick)
    if args.json:
        print(
            json.dumps(
                {
                    "legal": [format_card(c) for c in display_order(verdicts.legal)],
                    "illegal": {
                        format_card(c): v.reason.value
                        for c, v in sorted(
                            verdicts.illegal.items(), key=lambda kv: display_order([kv[0]])
                        )
                    },
                }
            )
        )
        return 0
    print("legal:   " + " ".join(format_card(c) for c in display_order(verdicts.legal)))
    for card in display_order(verdicts.illegal):
        v = verdicts.illegal[card]
        forced = " ".join(format_card(c) for c in v.forcing)
        print(f"illegal: {format_card(card):4} {v.reason.value} ({forced})")
    return 0


# --- score --------------------------------------------------------------------------------
_STEP_LABELS = {
    StepKind.POINTS: "points",
    StepKind.NEEDED: "needed",
    StepKind.DIFFERENCE: "difference",
    StepKind.BASE: "25 + difference",
    StepKind.PETIT_AU_BOUT: "petit au bout",
    StepKind.MULTIPLIER: "multiplier",
    StepKind.POIGNEE: "poignée",
    StepKind.CHELEM: "chelem",
    StepKind.UNIT: "each defender",
    StepKind.MARKS: "taker",
}


def describe_steps(result: Score) -> list[str]:
    """The worked calculation as plain English lines (the UI has its own, localized)."""
    lines = []
    for step in result.steps:
        k = step.kind
        if k is StepKind.POINTS:
            lines.append(f"points: {format_half(step.value)}, oudlers: {step.detail}")
        elif k is StepKind.NEEDED:
            lines.append(f"needed: {step.value}")
        elif k is StepKind.DIFFERENCE:
            made = step.detail.startswith("made")
            note = " (half point to the winner)" if "rounded" in step.detail else ""
            lines.append(f"difference: {'made' if made else 'lost'} by {abs(step.value)}{note}")
        elif k is StepKind.BASE:
            lines.append(f"25 + {step.value - 25} = {step.total}")
        elif k is StepKind.PETIT_AU_BOUT:
            lines.append(f"petit au bout ({step.detail}): {step.value:+d} = {step.total}")
        elif k is StepKind.MULTIPLIER:
            lines.append(f"× {step.value} ({step.detail}) = {step.total}")
        elif k is StepKind.POIGNEE:
            lines.append(f"poignée {step.detail}: +{step.value} to the winner = {step.total}")
        elif k is StepKind.CHELEM:
            lines.append(f"chelem {step.detail}: {step.value:+d} = {step.total}")
        elif k is StepKind.UNIT:
            lines.append(f"each defender: {-step.value:+d}")
        elif k is StepKind.MARKS:
            partner = f", partner: {result.partner:+d}" if result.partner is not None else ""
            lines.append(f"taker: {result.taker:+d}{partner}")
    return lines


def check_poignees_fit_the_trumps(poignees: Sequence[Poignee], players: int) -> None:
    """Each poignée shows its own trumps: together they cannot need more than the 21 trumps
    and the Excuse."""
    needed = sum(POIGNEE_TRUMPS[players][p] for p in poignees)
    if needed > POIGNEE_CARDS:
        shown = " + ".join(p.code for p in poignees)
        raise UsageError(f"poignées {shown} at {players} players show {needed} trumps; there are "
                         f"only 21 and the Excuse")


def check_chelem_oudlers(s: ScoreInput) -> None:
    """A taker who wins every trick wins the 21 and the Petit wherever they were dealt, unless
    they lay in the chien of a garde contre (which goes to the defence)."""
    if s.chelem not in (Chelem.MADE, Chelem.ANNOUNCED_MADE):
        return
    if s.contract.chien is not ChienFate.DEFENCE_UNSEEN and s.oudlers < 2:
        raise UsageError(f"a chelem by the taker in a {s.contract.code} takes the 21 and the "
                         f"Petit: at least 2 oudlers, not {s.oudlers}")


def most_kept_without_a_trick(contract: Contract, players: int) -> int:
    """Half-points the attack can hold when the defence wins every trick: only its écart (prise,
    garde: never a king nor an oudler), or the chien of a garde sans (any cards), and the
    Excuse it played (which stays its own)."""
    fate = contract.chien
    if fate is ChienFate.DEFENCE_UNSEEN:
        return half_points(EXCUSE_BIT)
    pool = FULL_DECK & ~EXCUSE_BIT
    if fate is ChienFate.SHOWN_TAKEN_AND_ECART:
        pool &= ~(KINGS_MASK | OUDLERS_MASK)
    richest = sorted((half_points(1 << card) for card in cards_of(pool)), reverse=True)
    return sum(richest[: CHIEN_SIZE[players]]) + half_points(EXCUSE_BIT)


def check_defence_chelem_points(s: ScoreInput) -> None:
    """A chelem by the defence leaves the attack no trick: its points are what it kept."""
    if s.chelem is not Chelem.DEFENCE:
        return
    most = most_kept_without_a_trick(s.contract, s.players)
    if s.taker_half_points > most:
        raise UsageError(f"after a chelem by the defence the taker's side won no trick: at most "
                         f"{format_half(most)} points in a {s.contract.code} at {s.players} "
                         f"players, not {format_half(s.taker_half_points)}")


def cmd_score(args: argparse.Namespace) -> int:
    if args.players not in HAND_SIZE:
        raise UsageError(f"players must be 3, 4 or 5, not {args.players}")
    poignees = tuple(Poignee.from_code(p) for p in args.poignee or ())
    check_poignees_fit_the_trumps(poignees, args.players)
    s = ScoreInput(
        players=args.players,
        contract=Contract.from_code(args.contract),
        taker_half_points=_parse_points(args.points),
        oudlers=args.oudlers,
        petit_au_bout=Side.from_code(args.petit_au_bout) if args.petit_au_bout else None,
        poignees=poignees,
        chelem=Chelem.from_code(args.chelem) if args.chelem else Chelem.NONE,
        alone=args.alone,
    )
    check_chelem_oudlers(s)
    check_defence_chelem_points(s)
    result = score(s, rules_named(args.rules))
    if args.json:
        print(
            json.dumps(
                {
                    "unit": result.unit,
                    "made": result.made,
                    "marks": {
                        "taker": result.taker,
                        "partner": result.partner,
                        "defender": result.defender,
                    },
                    "steps": [
                        {
                            "kind": st.kind.value,
                            "value": st.value,
                            "total": st.total,
                            "detail": st.detail,
                        }
                        for st in result.steps
                    ],
                }
            )
        )
        return 0
    print("\n".join(describe_steps(result)))
    return 0


# --- count --------------------------------------------------------------------------------
def cmd_count(args: argparse.Namespace) -> int:
    cards = parse_cards(args.cards)
    if args.italian:
        count = count_in_threes(cards)
        groups = [
            {"cards": [format_card(c) for c in g.cards], "value": g.value} for g in count.groups
        ]
        if args.json:
            print(json.dumps({"method": "italian", "points": count.total, "groups": groups}))
            return 0
        for g in count.groups:
            values = " + ".join(str(nominal_value(c)) for c in g.cards)
            minus = 2 if len(g.cards) == 3 else 1
            print(f"{' '.join(format_card(c) for c in g.cards):14} {values} - {minus} = {g.value}")
        print(f"total: {count.total}")
        return 0
    french = count_in_pairs(cards)
    total = half_points(mask_of(cards))
    if args.json:
        print(
            json.dumps(
                {
                    "method": "french",
                    "points": total / 2,
                    "groups": [
                        {"cards": [format_card(c) for c in g.cards], "value": g.value / 2}
                        for g in french.groups
                    ],
                }
            )
        )
        return 0
    for g in french.groups:
        names = ", ".join(card_name(c) for c in g.cards)
        print(
            f"{' '.join(format_card(c) for c in g.cards):10} {format_half(g.value):>4}  ({names})"
        )
    print(f"total: {format_half(total)}")
    return 0


# --- check --------------------------------------------------------------------------------
def cmd_check(args: argparse.Namespace) -> int:
    # content needs pydantic and YAML: loaded late
    from tutor.content.check import robustness_checked
    from tutor.content.loader import SUFFIX, check_files

    paths = [Path(p) for p in args.paths] or [ROOT / "lessons", ROOT / "puzzles"]
    # a best-card answer must also hold at the table (dealt again hidden hands), as CI asks
    with robustness_checked():
        checked, errors = check_files(paths)
    problems: list[object] = list(errors)
    if not checked and not problems:  # nothing checked agrees with nothing: say so
        problems.append(f"no {SUFFIX} file in {', '.join(str(p) for p in paths)}")
    if not args.paths:  # the app's own words are learner-facing text too
        from tutor.content.lint import lint_catalog_files

        problems += lint_catalog_files(ROOT / "tutor" / "ui" / "locales")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("all content agrees with the engine")
    return 0


class Parser(argparse.ArgumentParser):
    """argparse's errors as UsageError: one line, not the usage block and a second line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m tutor", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    check = sub.add_parser("check", help="validate lessons and puzzles against the engine")
    check.add_argument("paths", nargs="*", help="files or folders (default: lessons/ puzzles/)")
    check.set_defaults(func=cmd_check)

    legal = sub.add_parser("legal", help="legal cards of a hand for a trick so far")
    legal.add_argument("--hand", help='e.g. "KH 10S T21 EX"')
    legal.add_argument(
        "--position", help="instead of --hand and --trick: a position in the engine's notation"
    )
    legal.add_argument("--trick", default="", help='cards played so far, lead first: "7H T9"')
    legal.add_argument("--players", type=_whole_number, choices=(3, 4, 5), default=4)
    legal.add_argument("--called", help="5 players: the called card, e.g. KD")
    legal.add_argument("--first-trick", action="store_true", help="5 players: the first trick")
    legal.add_argument("--json", action="store_true")
    legal.set_defaults(func=cmd_legal)

    sc = sub.add_parser("score", help="the worked score of a deal")
    sc.add_argument("--players", type=_whole_number, default=4)
    sc.add_argument("--contract", required=True, help="prise, garde, garde-sans or garde-contre")
    sc.add_argument("--points", required=True, help="the taker's points, e.g. 49 or 40.5")
    sc.add_argument("--oudlers", type=_whole_number, required=True)
    sc.add_argument("--petit-au-bout", choices=("attack", "defence"))
    sc.add_argument("--poignee", action="append", choices=("simple", "double", "triple"))
    sc.add_argument("--chelem", choices=[c.value for c in Chelem if c is not Chelem.NONE])
    sc.add_argument("--alone", action="store_true", help="5 players: the taker has no partner")
    sc.add_argument(
        "--rules", default=FFT_2012.name, choices=sorted(PRESETS), help="the rule set (variant)"
    )
    sc.add_argument("--json", action="store_true")
    sc.set_defaults(func=cmd_score)

    count = sub.add_parser("count", help="points of a pile of cards")
    count.add_argument("cards", help='e.g. "KH 2S T21 EX"')
    count.add_argument("--italian", action="store_true", help="count in threes, tarocchi style")
    count.add_argument("--json", action="store_true")
    count.set_defaults(func=cmd_count)
    return parser


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """Built once per process: parsing does not change it, and building costs milliseconds."""
    return build_parser()


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        return int(args.func(args))
    except SystemExit as done:  # --help: argparse printed it and exits
        return done.code if isinstance(done.code, int) else 0
    except BrokenPipeError:  # the reader (e.g. ``| head``) stopped early: not an error
        sys.stderr.close()
        return 0
    except (TarotError, UsageError, ValueError, OSError) as error:
        # OSError: a path the system refuses (too long, unreadable) given to ``check``.
        message = " ".join(str(error).split()) or type(error).__name__
        print(f"error: {message}", file=sys.stderr)
        return 2
