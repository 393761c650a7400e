"""``python -m tutor``: check content, and ask the engine for legal cards, scores and counts.

Bad input exits with status 2 and one line naming the problem, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tutor.engine.announcements import Chelem, Poignee
from tutor.engine.cards import (
    card_name,
    display_order,
    format_card,
    format_half,
    half_points,
    mask_of,
    parse_card,
    parse_cards,
)
from tutor.engine.contracts import Contract
from tutor.engine.errors import TarotError
from tutor.engine.game import Deal
from tutor.engine.play import explain_play, validate_position
from tutor.engine.scoring import Score, ScoreInput, Side, StepKind, score
from tutor.engine.tarocchi import count_in_pairs, count_in_threes, nominal_value
from tutor.engine.variants import FFT_2012, PRESETS, rules_named

ROOT = Path(__file__).resolve().parent.parent


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


def _parse_points(text: str) -> int:
    """'49' or '40.5' (or '40,5') -> half-points."""
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        raise UsageError(f"points must be a number like 49 or 40.5, not {text!r}") from None
    half = value * 2
    if half != int(half):
        raise UsageError(f"points are counted to the half point, not {text}")
    return int(half)


# --- legal --------------------------------------------------------------------------------
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
        if called is not None and args.players != 5:
            raise UsageError("a card is called only at 5 players")
        hand_mask = mask_of(hand)
        validate_position(hand_mask, trick, args.players)
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
            lines.append(f"points: {format_half(step.value)} with {step.detail} oudler(s)")
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


def cmd_score(args: argparse.Namespace) -> int:
    if args.players not in (3, 4, 5):
        raise UsageError(f"players must be 3, 4 or 5, not {args.players}")
    s = ScoreInput(
        players=args.players,
        contract=Contract.from_code(args.contract),
        taker_half_points=_parse_points(args.points),
        oudlers=args.oudlers,
        petit_au_bout=Side.from_code(args.petit_au_bout) if args.petit_au_bout else None,
        poignees=tuple(Poignee.from_code(p) for p in args.poignee or ()),
        chelem=Chelem.from_code(args.chelem) if args.chelem else Chelem.NONE,
        alone=args.alone,
    )
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
    from tutor.content.check import check_paths  # content needs pydantic and YAML: load late

    paths = [Path(p) for p in args.paths] or [ROOT / "lessons", ROOT / "puzzles"]
    problems = check_paths(paths)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("all content agrees with the engine")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tutor", description=__doc__)
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
    legal.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    legal.add_argument("--called", help="5 players: the called card, e.g. KD")
    legal.add_argument("--first-trick", action="store_true", help="5 players: the first trick")
    legal.add_argument("--json", action="store_true")
    legal.set_defaults(func=cmd_legal)

    sc = sub.add_parser("score", help="the worked score of a deal")
    sc.add_argument("--players", type=int, default=4)
    sc.add_argument("--contract", required=True, help="prise, garde, garde-sans or garde-contre")
    sc.add_argument("--points", required=True, help="the taker's points, e.g. 49 or 40.5")
    sc.add_argument("--oudlers", type=int, required=True)
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (TarotError, UsageError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader (e.g. ``| head``) stopped early: not an error
        sys.stderr.close()
        return 0
