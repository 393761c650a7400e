"""Texts of a "best card" puzzle written from the solver's lines, in English and Italian.

``puzzle_texts`` gives the question and the explanation of a proven position: the idea's
sentence names the best card and says what the best line does with it (which trick it wins,
where the Petit or the king goes), then what the most tempting wrong card costs in points of
the taker's mark. Every fact comes from ``tutor.analysis.bestcard``'s reading of the lines, so
a generated puzzle says nothing the solver did not show. Authored puzzles start from these
drafts and are kept short by hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.analysis.bestcard import (
    Idea,
    Proof,
    Reading,
    guarded_king,
    read_lines,
    recognise,
    ruffed_by_them,
    won_by_us,
)
from tutor.engine import EXCUSE, PETIT, Card, Position, TrickRecord, card_name

CONTRACTS = {"prise": "prise", "garde": "garde", "garde-sans": "garde sans",
             "garde-contre": "garde contre"}


def _name(card: Card, lang: str) -> str:
    """'king of hearts', 'trump 14', 'Petit (trump 1)'; in Italian with its article:
    'il re di cuori', "l'atout 14", "l'Excuse", "l'8 di fiori"."""
    name = card_name(card, lang)
    if card in (PETIT, EXCUSE):
        return name if lang == "en" else ("l'Excuse" if card == EXCUSE else f"il {name}")
    name = name[0].lower() + name[1:]
    if lang == "en":
        return name
    first = name.split()[0]
    if first in ("asso", "atout", "8"):
        return f"l'{name}"
    return f"la {name}" if first == "donna" else f"il {name}"


def _wins(p: Position, seat: int, lang: str, what: str = "this trick") -> str:
    """'you win this trick' / 'your partner (Player 3) wins this trick'; Italian: 'questa
    presa la vinci tu' / '... la vince il tuo compagno (giocatore 3)'."""
    if lang == "en":
        return f"you win {what}" if seat == p.to_play else f"{_who(p, seat, 'en')} wins {what}"
    return f"{what} la vinci tu" if seat == p.to_play else f"{what} la vince {_who(p, seat, 'it')}"


def _seat(seat: int, lang: str) -> str:
    return f"Player {seat + 1}" if lang == "en" else f"giocatore {seat + 1}"


def _role(p: Position, lang: str) -> str:
    me = p.to_play
    if me == p.taker:
        return "you are the taker" if lang == "en" else "sei il preneur"
    if me == p.partner:
        return ("you are the taker's called partner" if lang == "en"
                else "sei il compagno chiamato del preneur")
    return "you defend" if lang == "en" else "sei in difesa"


def _who(p: Position, seat: int, lang: str) -> str:
    """'you', 'your partner (Player 3)', 'the taker (Player 2)', 'Player 4 (other side)'."""
    me = p.to_play
    if seat == me:
        return "you" if lang == "en" else "tu"
    ours = p.is_attack(seat) == p.is_attack(me)
    if ours:
        return (f"your partner ({_seat(seat, lang)})" if lang == "en"
                else f"il tuo compagno ({_seat(seat, lang)})")
    if seat == p.taker:
        return (f"the taker ({_seat(seat, lang)})" if lang == "en"
                else f"il preneur ({_seat(seat, lang)})")
    return (f"{_seat(seat, lang)} (other side)" if lang == "en"
            else f"il {_seat(seat, lang)} (altro campo)")


def _held_by_it(p: Position, seat: int) -> str:
    """'al preneur (giocatore 1)', 'al giocatore 4 (altro campo)'."""
    return "a" + _who(p, seat, "it").removeprefix("i")


def _when(tricks: Sequence[TrickRecord], card: Card, lang: str) -> str:
    index = next(i for i, t in enumerate(tricks) if card in t.cards)
    if index == 0:
        return "in this trick" if lang == "en" else "in questa presa"
    if index == 1:
        return "in the next trick" if lang == "en" else "nella presa successiva"
    return (f"{index} tricks from now" if lang == "en" else f"fra {index} prese")


def _winning_card(trick: TrickRecord) -> Card:
    return trick.cards[trick.seats.index(trick.winner)]


def _trick(tricks: Sequence[TrickRecord], card: Card) -> TrickRecord:
    return next(t for t in tricks if card in t.cards)


def question(p: Position, lang: str) -> str:
    left = p.hands[p.to_play].bit_count()
    contract = CONTRACTS[p.contract.code]
    if lang == "en":
        return (f"{p.players} players, {contract}: {_role(p, 'en')}. {left} tricks are left, "
                "counting this one, and every hand is shown. Which card keeps the best result?")
    return (f"{p.players} giocatori, {contract}: {_role(p, 'it')}. Restano {left} prese, "
            "contando questa, e tutte le mani sono scoperte. Quale carta conserva il "
            "risultato migliore?")


def _mark(value: int) -> str:
    """A signed mark as the lessons write it: +84, −108 (the minus sign, not a hyphen)."""
    return f"{value:+d}".replace("-", "\u2212")


def _cost(proof: Proof, wrong: Card, lang: str) -> str:
    value, other = proof.value, proof.analysis.value_of(wrong).lower
    if lang == "en":
        return (f"With best play afterwards the taker scores {_mark(value)}; after the "
                f"{_name(wrong, 'en')} {_mark(other)}: {abs(value - other)} points worse for "
                "your side on the taker's score.")
    return (f"Con il gioco migliore il preneur segna {_mark(value)}; dopo "
            f"{_name(wrong, 'it')} {_mark(other)}: {abs(value - other)} punti in peggio per "
            "il tuo campo.")


def idea_sentence(r: Reading, idea: Idea | None, lang: str) -> str:
    """What the best card does, as the best line shows it (and the wrong line, where the idea
    is about what the wrong card loses)."""
    p = r.proof.position
    best = r.proof.best[0]
    b = f"**{_name(best, lang)}**"
    wrong = r.wrong_card
    en = lang == "en"
    if idea is Idea.EXCUSE_EARLY:
        last = r.wrong_tricks[-1] if r.wrong_tricks else None
        kept = last is not None and EXCUSE in last.cards
        if en:
            text = (f"Play the {b} now: played before the last trick it stays with your side "
                    "(you give a low card for it).")
            if kept:
                text += (" Kept, it falls in the last trick, and there the Excuse changes "
                         "side.")
            return text
        text = (f"Gioca {b} adesso: giocata prima dell'ultima presa resta al tuo campo "
                "(dai in cambio una scartina).")
        if kept:
            text += " Se la tieni, finisce nell'ultima presa, e lì l'Excuse cambia campo."
        return text
    if idea is Idea.SAVE_THE_PETIT:
        trick = _trick(r.best_tricks, PETIT)
        lost = won_by_us(p, r.wrong_tricks, PETIT) is False
        if en:
            text = (f"Play the {b} now: {_wins(p, trick.winner, 'en')}, so the Petit, an "
                    "oudler and 4.5 points, stays with your side.")
            if lost:
                text += (f" After the {_name(wrong, 'en')} the other side wins the Petit "
                         f"{_when(r.wrong_tricks, PETIT, 'en')}.")
            return text
        text = (f"Gioca {b} adesso: {_wins(p, trick.winner, 'it', 'questa presa')}, "
                "quindi il Petit, un bout da 4,5 punti, resta al tuo campo.")
        if lost:
            text += (f" Dopo {_name(wrong, 'it')} l'altro campo prende il Petit "
                     f"{_when(r.wrong_tricks, PETIT, 'it')}.")
        return text
    if idea is Idea.HUNT_THE_PETIT:
        owner = next(s for s, hand in enumerate(p.hands) if hand >> PETIT & 1)
        when_best = _when(r.best_tricks, PETIT, lang)
        when_wrong = _when(r.wrong_tricks, PETIT, lang)
        if en:
            return (f"Play the {b}: the Petit is held by {_who(p, owner, 'en')}, and in the "
                    f"best line your side wins it {when_best}. After the {_name(wrong, 'en')} "
                    f"the Petit escapes: the other side wins it {when_wrong}.")
        return (f"Gioca {b}: il Petit è in mano {_held_by_it(p, owner)}, e nella linea "
                f"migliore il tuo campo lo prende {when_best}. Dopo {_name(wrong, 'it')} il "
                f"Petit si salva: lo prende l'altro campo {when_wrong}.")
    if idea is Idea.CASH_THE_KING:
        lost_in = _trick(r.wrong_tricks, best)
        taker_card = _name(_winning_card(lost_in), lang)
        who = _who(p, lost_in.winner, lang)
        if en:
            return (f"Cash the {b} now: it wins this trick. After the {_name(wrong, 'en')} "
                    f"the king is lost {_when(r.wrong_tricks, best, 'en')}: {who} takes it "
                    f"with the {taker_card}.")
        return (f"Incassa {b} adesso: vince questa presa. Dopo {_name(wrong, 'it')} il re "
                f"si perde {_when(r.wrong_tricks, best, 'it')}: lo prende {who} con "
                f"{taker_card}.")
    if idea is Idea.CHARGE_PARTNER:
        trick = _trick(r.best_tricks, best)
        who = _who(p, trick.winner, lang)
        winning = _name(_winning_card(trick), lang)
        if en:
            return (f"Charge your partner's trick with the {b}: {who} wins it with the "
                    f"{winning}, so its points go to your side.")
        return (f"Carica la presa del compagno con {b}: la vince {who} con {winning}, "
                "quindi i suoi punti vanno al tuo campo.")
    if idea is Idea.OVERTRUMP_HIGH_OR_LOW:
        trick = r.best_tricks[0]
        other = r.wrong_tricks[0]
        higher = best > wrong
        if en:
            how = "higher" if higher else "lower"
            text = (f"Play the {how} trump: the {b}, not the {_name(wrong, 'en')}. With it "
                    f"{_wins(p, trick.winner, 'en')}")
            if other.winner != trick.winner:
                text += (f"; with the {_name(wrong, 'en')}, "
                         f"{_wins(p, other.winner, 'en', 'it')}.")
            else:
                text += ", and the trump you keep decides a later trick."
            return text
        how = "più alto" if higher else "più basso"
        text = (f"Gioca l'atout {how}: {b}, non {_name(wrong, 'it')}. Così "
                f"{_wins(p, trick.winner, 'it', 'questa presa')}")
        if other.winner != trick.winner:
            text += (f"; con {_name(wrong, 'it')} "
                     f"{_wins(p, other.winner, 'it', 'la presa').replace('la presa la', 'la')}.")
        else:
            text += ", e l'atout che tieni decide una presa successiva."
        return text
    if idea is Idea.KEEP_THE_GUARD:
        king = guarded_king(r)
        assert king is not None and r.wrong_trump is not None
        k_name = _name(king, lang)
        trump = _name(r.wrong_trump, lang)
        if en:
            return (f"Play the {b} and keep the {trump}: in the best line your {k_name} "
                    f"wins a trick {_when(r.best_tricks, king, 'en')}. Spend the {trump} now "
                    f"instead, and the other side takes the {k_name} "
                    f"{_when(r.wrong_trump_tricks, king, 'en')}.")
        return (f"Gioca {b} e tieni {trump}: nella linea migliore {k_name} fa la sua presa "
                f"{_when(r.best_tricks, king, 'it')}. Se spendi invece ora {trump}, "
                f"l'altro campo prende {k_name} {_when(r.wrong_trump_tricks, king, 'it')}.")
    if idea is Idea.DRAW_TRUMPS:
        ruff = ruffed_by_them(p, r.wrong_tricks)
        assert ruff is not None
        led = _name(next(c for c in ruff.cards if c != EXCUSE), lang)
        trump = _name(_winning_card(ruff), lang)
        who = _who(p, ruff.winner, lang)
        now = ruff is r.wrong_tricks[0] and wrong in ruff.cards
        if en:
            draws = (f"Lead the {b}: it draws the other side's trumps before they can trump "
                     "your plain cards.")
            if now:
                return (f"{draws} Lead the {led} instead, and in the best line after it {who} "
                        f"trumps it with the {trump}.")
            return (f"{draws} In the best line after the {_name(wrong, 'en')}, {who} trumps the "
                    f"{led} {_when(r.wrong_tricks, ruff.cards[0], 'en')} with the {trump}.")
        draws = (f"Esci con {b}: tira gli atout dell'altro campo prima che possano tagliare le "
                 "tue carte degli altri semi.")
        if now:
            return (f"{draws} Se esci invece con {led}, nella linea migliore dopo quella "
                    f"carta {who} la taglia con {trump}.")
        return (f"{draws} Nella linea migliore dopo {_name(wrong, 'it')}, {who} taglia {led} "
                f"{_when(r.wrong_tricks, ruff.cards[0], 'it')} con {trump}.")
    if en:
        return f"Play the {b}: every other card gives the other side more."
    return f"Gioca {b}: ogni altra carta dà di più all'altro campo."


def explanation(r: Reading, idea: Idea | None, lang: str) -> str:
    wrong = r.wrong_card
    if idea is Idea.KEEP_THE_GUARD and r.wrong_trump is not None:
        wrong = r.wrong_trump  # the trump the idea is about
    return f"{idea_sentence(r, idea, lang)} {_cost(r.proof, wrong, lang)}"


def explanation_for(proof: Proof, card: Card, idea: Idea | None, lang: str) -> str:
    """The explanation as it speaks of ``card``, a wrong card a learner played (a puzzle's
    own explanation speaks of the most tempting one): the idea's sentence when the lines
    after that card show the idea, else the plain sentence; then what that card costs."""
    r = read_lines(proof, card)
    shown = idea if idea is not None and idea in recognise(proof, r) else None
    return f"{idea_sentence(r, shown, lang)} {_cost(proof, card, lang)}"


def puzzle_texts(r: Reading, idea: Idea | None = None) -> dict[str, dict[str, str]]:
    """The question and the explanation of a proven position, in both languages; ``idea``
    defaults to the first the lines show."""
    if idea is None:
        ideas = recognise(r.proof, r)
        idea = ideas[0] if ideas else None
    p = r.proof.position
    return {
        "question": {lang: question(p, lang) for lang in ("en", "it")},
        "explanation": {lang: explanation(r, idea, lang) for lang in ("en", "it")},
    }
