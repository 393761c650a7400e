"""Generated puzzles without end: fresh positions from seeded random deals, answers from the
engine. ``generate(family, seed, players)`` always builds the same puzzle for the same
arguments, so a seed in the URL reproduces it.

Families: ``obligations`` (a mid-trick position from a random deal: choose every legal card,
or play one), ``counting`` (a random pile, French or Italian), ``scoring`` (a random deal
result to score) and ``proven`` (a "best card" position from a computer-played deal, the
answer proven by the open-card solver). Every puzzle goes through the same model and engine
checks as an authored one, and its explanation is written from the engine's verdicts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from tutor.analysis.bestcard import Idea, read_lines
from tutor.analysis.deadline import NO_DEADLINE, Deadline
from tutor.content.bestcard import puzzle_texts
from tutor.content.checks import check_puzzle
from tutor.content.mine import candidate_positions, find_in
from tutor.content.models import Puzzle
from tutor.engine import (
    NO_SUIT_LED,
    TRUMP_LED,
    Card,
    Chelem,
    Contract,
    Deal,
    ImpossiblePositionError,
    Phase,
    PlayVerdicts,
    Poignee,
    Reason,
    ScoreInput,
    Side,
    callable_cards,
    card_name,
    cards_of,
    count_in_threes,
    display_order,
    explain_play,
    format_card,
    format_half,
    half_points,
    led_suit,
    mask_of,
    score,
    suit_name,
    top_trump,
)

FAMILIES = ("obligations", "counting", "scoring", "proven")
FAMILY_THEMES = {
    "proven": ("best-card",),
    "obligations": ("follow-suit", "trumping", "overtrump", "undertrump", "trump-led", "discard"),
    "counting": ("counting", "italian-counting"),
    "scoring": ("scoring",),
}


class GenerationError(RuntimeError):
    """No puzzle could be built from this seed (should not happen; the seed is named)."""


def generate(family: str, seed: int, players: int = 4, *,
             deadline: Deadline = NO_DEADLINE) -> Puzzle:
    """The puzzle of ``family`` built from ``seed`` at ``players`` players (the miner's,
    "proven", stops with ``OverBudget`` once ``deadline`` passes between two positions)."""
    if family not in FAMILIES:
        raise ValueError(f"unknown puzzle family {family!r}: use {', '.join(FAMILIES)}")
    if players not in (3, 4, 5):
        raise ValueError(f"players must be 3, 4 or 5, not {players}")
    rng = random.Random(f"{family}:{players}:{seed}")
    makers: dict[str, Callable[[random.Random, int], dict[str, Any]]] = {
        "obligations": _obligation, "counting": _counting, "scoring": _scoring,
        "proven": partial(_proven, deadline=deadline)}
    data = makers[family](rng, players)
    data["id"] = f"gen-{family}-{players}p-{seed}"
    puzzle = Puzzle.model_validate(data)
    problems = list(check_puzzle(puzzle))
    if problems:  # the engine disagrees with the generator: never show such a puzzle
        raise GenerationError(f"{data['id']}: {problems[0].message}")
    return puzzle


def _names(cards: list[Card] | tuple[Card, ...], lang: str) -> str:
    return ", ".join(card_name(c, lang) for c in display_order(cards))


def _text(en: str, it: str) -> dict[str, str]:
    return {"en": en, "it": it}


# --- obligations ----------------------------------------------------------------------------
def _theme_of(trick: list[Card], verdicts: PlayVerdicts) -> str:
    """The rule that decides this position, as a puzzle theme."""
    led = led_suit(trick)
    reasons = {v.reason for v in verdicts.illegal.values()}
    if led == TRUMP_LED:
        return "trump-led"
    if Reason.MUST_FOLLOW_SUIT in reasons:
        return "follow-suit"
    if Reason.MUST_OVERTRUMP in reasons:
        return "overtrump"
    if Reason.MUST_UNDERTRUMP in reasons:
        return "undertrump"
    if Reason.MUST_TRUMP in reasons:
        return "trumping"
    return "discard"


def _obligation(rng: random.Random, players: int) -> dict[str, Any]:
    for _ in range(200):
        deal = Deal.new(players, rng.randrange(1 << 30), dealer=rng.randrange(players))
        if deal.phase is not Phase.BIDDING:
            continue
        deal.bid(Contract.GARDE_SANS)
        while deal.phase is Phase.BIDDING:
            deal.bid(None)
        if deal.phase is Phase.CALLING:
            deal.call(_a_king(deal))
        deal.announce_chelem(False)
        stop = rng.randrange(4, deal.tricks_per_deal * players - 4)
        for _ in range(stop):
            deal.play(rng.choice(cards_of(deal.legal_plays())))
        if not deal.trick or deal.phase is not Phase.PLAYING:
            continue
        hand = deal.hands[deal.to_play]
        verdicts = explain_play(hand, deal.trick, deal.called, not deal.tricks)
        if not verdicts.illegal:
            continue  # everything legal: no rule to practise
        return _obligation_puzzle(deal, rng)
    raise GenerationError("no position with an obligation found")


PROVEN_DEALS = 40  # computer-played deals searched for a proven position before giving up
COMMON_IDEA_KEPT = 0.35  # the Excuse is most finds: keep only this share, for variety


def _proven(rng: random.Random, players: int, *, deadline: Deadline) -> dict[str, Any]:
    """A "best card" position mined from a SimpleBot deal (``tutor.content.mine``): the
    first one the solver proves, showing an idea it can name. A fixed number of deals and a
    node limit per position bound the work, so the same seed gives the same puzzle."""
    for _ in range(PROVEN_DEALS):
        seed = rng.randrange(1 << 30)
        for deal in candidate_positions(players, seed):
            deadline.check()
            find = find_in(deal, seed)
            if find is None or find.idea is None:
                continue
            idea = find.idea
            if idea is Idea.EXCUSE_EARLY and rng.random() > COMMON_IDEA_KEPT:
                continue
            texts = puzzle_texts(read_lines(find.proof), idea)
            return {
                "theme": "best-card",
                "difficulty": find.difficulty,
                "kind": "best-card",
                "notation": find.notation,
                "idea": idea.value,
                "answer": [format_card(c) for c in find.proof.best],
                **texts,
            }
    raise GenerationError("no proven best-card position found")


def _a_king(deal: Deal) -> Card:
    assert deal.taker is not None
    return cards_of(callable_cards(deal.hands[deal.taker]))[-1]


def _obligation_puzzle(deal: Deal, rng: random.Random) -> dict[str, Any]:
    seat = deal.to_play
    hand = deal.hands[seat]
    trick = list(deal.trick)
    verdicts = explain_play(hand, trick, deal.called, not deal.tricks)
    theme = _theme_of(trick, verdicts)
    kind = rng.choice(["legal-set", "play"])
    legal = list(verdicts.legal)
    position = {
        "players": deal.players,
        "hand": [format_card(c) for c in display_order(cards_of(hand))],
        "trick": [{"seat": s, "card": format_card(c)}
                  for s, c in zip(deal.trick_seats, trick, strict=True)],
        "contract": deal.contract.code if deal.contract else None,
        "taker": deal.taker,
        "me": seat,
    }
    if deal.called is not None:
        position["called"] = format_card(deal.called)
    reasons = sorted({v.reason for v in verdicts.illegal.values()}, key=list(Reason).index)
    difficulty = min(5, 1 + len(reasons) + (1 if len(cards_of(hand)) > 10 else 0))
    question = (
        _text("Choose every card you may play here.", "Scegli tutte le carte che puoi giocare.")
        if kind == "legal-set"
        else _text("Which card do you play? Any card the rules allow is right.",
                   "Quale carta giochi? Va bene qualsiasi carta permessa dalle regole.")
    )
    data: dict[str, Any] = {
        "theme": theme, "difficulty": difficulty, "kind": kind, "question": question,
        "position": position,
        "hint": _rule_hint(theme),
        "explanation": _obligation_explanation(hand, trick, legal, verdicts.illegal),
    }
    if kind == "legal-set":
        data["answer"] = [format_card(c) for c in display_order(legal)]
    return data


def _rule_hint(theme: str) -> dict[str, str]:
    hints = {
        "follow-suit": _text("Look at the suit led: do you hold that suit?",
                             "Guarda il seme di uscita: ce l'hai?"),
        "trumping": _text("You have none of the suit led. What must you do then?",
                          "Non hai il seme di uscita. Che cosa devi fare allora?"),
        "overtrump": _text("A trump is already in the trick. Can you beat it?",
                           "C'è già un atout nella presa. Puoi superarlo?"),
        "undertrump": _text("You cannot beat the trump in the trick, but do you still hold trumps?",
                            "Non puoi superare l'atout nella presa, ma hai ancora atout?"),
        "trump-led": _text("Trumps were led: compare your trumps with the highest in the trick.",
                           "Sono usciti atout: confronta i tuoi con il più alto nella presa."),
        "discard": _text("Neither the suit led nor a trump: what are you free to do?",
                         "Né il seme di uscita né atout: che cosa puoi fare?"),
    }
    return hints[theme]


def _obligation_explanation(hand: int, trick: list[Card], legal: list[Card],
                            illegal: dict[Card, Any]) -> dict[str, str]:
    led = led_suit(trick)
    top = top_trump(trick)
    parts_en: list[str] = []
    parts_it: list[str] = []
    if led == NO_SUIT_LED:
        parts_en.append("Only the Excuse was played: you set the suit, every card is allowed.")
        parts_it.append("È stata giocata solo l'Excuse: il seme lo decidi tu, ogni carta va bene.")
    elif led == TRUMP_LED:
        parts_en.append(f"Trumps were led and the highest trump in the trick is the {top}.")
        parts_it.append(f"Sono usciti atout e il più alto nella presa è il {top}.")
    else:
        parts_en.append(f"{suit_name(led, 'en').capitalize()} were led"  # type: ignore[arg-type]
                        + (f", and trump {top} is already in the trick." if top else "."))
        parts_it.append(f"Si è usciti a {suit_name(led, 'it')}"  # type: ignore[arg-type]
                        + (f", e l'atout {top} è già nella presa." if top else "."))
    by_reason: dict[Reason, list[Card]] = {}
    forcing: dict[Reason, tuple[Card, ...]] = {}
    for card, verdict in illegal.items():
        by_reason.setdefault(verdict.reason, []).append(card)
        forcing[verdict.reason] = verdict.forcing
    sentences = {
        Reason.MUST_FOLLOW_SUIT: ("You hold {forcing}: you must follow suit, so {cards} may "
                                  "not be played.",
                                  "Hai {forcing}: devi rispondere al seme, quindi {cards} non "
                                  "si possono giocare."),
        Reason.MUST_TRUMP: ("You have none of the suit led but you hold trumps ({forcing}): you "
                            "must trump, so {cards} may not be played.",
                            "Non hai il seme di uscita ma hai atout ({forcing}): devi tagliare, "
                            "quindi {cards} non si possono giocare."),
        Reason.MUST_OVERTRUMP: ("You hold a higher trump ({forcing}): you must overtrump, even "
                                "over a partner, so {cards} may not be played.",
                                "Hai un atout più alto ({forcing}): devi surtagliare, anche sul "
                                "compagno, quindi {cards} non si possono giocare."),
        Reason.MUST_UNDERTRUMP: ("You cannot beat the trump in the trick but you still hold "
                                 "trumps ({forcing}): you must play one, so {cards} may not be "
                                 "played.",
                                 "Non puoi superare l'atout nella presa ma hai ancora atout "
                                 "({forcing}): devi giocarne uno, quindi {cards} non si possono "
                                 "giocare."),
        Reason.MUST_PLAY_TRUMP: ("You have no higher trump, but you must still play a trump "
                                 "({forcing}), so {cards} may not be played.",
                                 "Non hai un atout più alto, ma devi comunque giocare atout "
                                 "({forcing}), quindi {cards} non si possono giocare."),
        Reason.MUST_PLAY_HIGHER_TRUMP: ("You hold a higher trump ({forcing}): you must play "
                                        "higher, so {cards} may not be played.",
                                        "Hai un atout più alto ({forcing}): devi salire, quindi "
                                        "{cards} non si possono giocare."),
        Reason.CALLED_SUIT_FIRST_TRICK: ("On the first trick nobody may open the called suit "
                                         "but with the called card: {cards} may not be played.",
                                         "Alla prima presa nessuno apre il seme chiamato se non "
                                         "con la carta chiamata: {cards} non si possono giocare."),
    }
    for reason, cards in by_reason.items():
        en, it = sentences[reason]
        parts_en.append(en.format(forcing=_names(forcing[reason], "en"),
                                  cards=_names(cards, "en")))
        parts_it.append(it.format(forcing=_names(forcing[reason], "it"),
                                  cards=_names(cards, "it")))
    parts_en.append(f"Legal: {_names(legal, 'en')}.")
    parts_it.append(f"Si possono giocare: {_names(legal, 'it')}.")
    if mask_of(legal) >> 77 & 1:
        parts_en.append("The Excuse may always be played.")
        parts_it.append("L'Excuse si può sempre giocare.")
    return _text(" ".join(parts_en), " ".join(parts_it))


# --- counting -------------------------------------------------------------------------------
def _counting(rng: random.Random, players: int) -> dict[str, Any]:
    del players
    italian = rng.random() < 0.35
    size = rng.randrange(3, 13)
    pile = rng.sample(range(78), size)
    codes = [format_card(c) for c in display_order(pile)]
    figures = sum(1 for c in pile if half_points(1 << c) > 1)
    difficulty = min(5, 1 + size // 4 + (1 if figures > 3 else 0))
    if italian:
        count = count_in_threes(pile)
        groups = "; ".join(
            " + ".join(card_name(c, "en") for c in g.cards) + f" = {g.value}" for g in count.groups)
        groups_it = "; ".join(
            " + ".join(card_name(c, "it") for c in g.cards) + f" = {g.value}" for g in count.groups)
        return {
            "theme": "italian-counting", "difficulty": difficulty, "kind": "count",
            "method": "italian", "pile": codes, "answer": count.total,
            "question": _text("Count this pile the Italian way, in groups of three.",
                              "Conta questo mazzetto all'italiana, a gruppi di tre."),
            "hint": _text("Each group of three is worth its values minus 2; a left-over group "
                          "its values minus 1.",
                          "Ogni gruppo di tre vale la somma meno 2; un gruppo incompleto la "
                          "somma meno 1."),
            "explanation": _text(f"By groups: {groups}. Total {count.total}.",
                                 f"A gruppi: {groups_it}. Totale {count.total}."),
        }
    total = half_points(mask_of(pile))
    values = ", ".join(f"{card_name(c, 'en')} {format_half(half_points(1 << c))}"
                       for c in display_order(pile))
    values_it = ", ".join(f"{card_name(c, 'it')} {format_half(half_points(1 << c))}"
                          for c in display_order(pile))
    return {
        "theme": "counting", "difficulty": difficulty, "kind": "count", "method": "french",
        "pile": codes, "answer": total / 2 if total % 2 else total // 2,
        "question": _text("How many points is this pile worth?",
                          "Quanti punti vale questo mazzetto?"),
        "hint": _text("Oudlers and kings 4.5, queens 3.5, cavaliers 2.5, jacks 1.5, other "
                      "cards 0.5 — or count in pairs.",
                      "Bout e re 4,5, donne 3,5, cavalli 2,5, fanti 1,5, le altre 0,5 — oppure "
                      "conta a coppie."),
        "explanation": _text(f"{values}: {format_half(total)} points in all.",
                             f"{values_it}: in tutto {format_half(total).replace('.', ',')} "
                             "punti."),
    }


# --- scoring --------------------------------------------------------------------------------
def _scoring(rng: random.Random, players: int) -> dict[str, Any]:
    for _ in range(500):
        contract = rng.choice(list(Contract))
        oudlers = rng.choice([0, 1, 1, 2, 2, 2, 3])
        half = rng.randrange(oudlers * 9, 183 - (3 - oudlers) * 9)
        if players == 4:
            half -= half % 2
        pab = rng.choice([None, None, None, Side.ATTACK, Side.DEFENCE])
        poignees = tuple(rng.choice(list(Poignee)) for _ in range(rng.choice([0, 0, 0, 1])))
        alone = players == 5 and rng.random() < 0.2
        s = ScoreInput(players, contract, half, oudlers, pab, poignees, Chelem.NONE, alone)
        try:
            result = score(s)
        except ImpossiblePositionError:
            continue
        ask = "partner" if players == 5 and not alone and rng.random() < 0.3 else "taker"
        bonus = (pab is not None) + len(poignees)
        difficulty = min(5, 1 + bonus + (players != 4) + (contract > Contract.GARDE))
        mark = result.partner if ask == "partner" else result.taker
        outcome_en = "made" if result.made else "lost"
        outcome_it = "vinta" if result.made else "persa"
        explanation = _text(
            f"With {oudlers} {'oudler' if oudlers == 1 else 'oudlers'} the taker needs "
            f"{result.steps[1].value}: the contract "
            f"is {outcome_en} by {abs(result.difference)}. Each defender marks "
            f"{result.defender:+d}, so the {ask} marks {mark:+d}. The calculation line by line "
            "is shown with your answer.",
            f"Con {oudlers} bout servono {result.steps[1].value}: il contratto è {outcome_it} "
            f"di {abs(result.difference)}. Ogni difensore segna {result.defender:+d}, quindi "
            f"{'il compagno' if ask == 'partner' else 'il preneur'} segna {mark:+d}. Il calcolo "
            "riga per riga compare con la tua risposta.")
        return {
            "theme": "scoring", "difficulty": difficulty, "kind": "score", "ask": ask,
            "deal": {
                "players": players, "contract": contract.code,
                "points": half / 2 if half % 2 else half // 2, "oudlers": oudlers,
                "petit_au_bout": pab.value if pab else None,
                "poignees": [p.code for p in poignees], "alone": alone,
            },
            "answer": mark,
            "question": _text(f"What does the {ask} mark?",
                              "Quanto segna il compagno?" if ask == "partner"
                              else "Quanto segna il preneur?"),
            "hint": _text("Points − needed, then 25 + difference, petit au bout × contract, "
                          "poignée to the winner.",
                          "Punti − necessari, poi 25 + differenza, petit au bout × contratto, "
                          "poignée a chi vince."),
            "explanation": explanation,
        }
    raise GenerationError("no valid deal to score")
