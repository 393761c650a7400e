"""Words every page shares: the rules' and bids' names, the seats, signed marks (the engine
gives codes, the catalogs the words). A module of its own so that no page imports another for
its labels."""

from __future__ import annotations

from tutor.engine import FFT_2012, Contract, Rules
from tutor.practice import LEARNER, seat_key
from tutor.ui.i18n import t

MINUS = "−"  # the typographic minus sign, where a mark stands alone in a sentence


def rules_label(rules: Rules, lang: str) -> str:
    return t(lang, f"variants.names.{rules.name}")


def rules_about(rules: Rules, lang: str) -> str:
    return t(lang, f"variants.about.{rules.name}")


def contract_label(rules: Rules, code: str, lang: str) -> str:
    """A bid's name: the variant's own where it names the bids differently (online-first-to-100's
    "Petite"), else the catalog's (FFT's names, and "Pass")."""
    if code != "pass" and rules.contract_names != FFT_2012.contract_names:
        return rules.contract_name(Contract.from_code(code))
    return t(lang, f"contracts.{code}")


def seat_name(seat: int, players: int, lang: str) -> str:
    """'You', 'Right', 'Across', 'Left' …: a seat of a practice table, as a label."""
    return t(lang, f"game.seats.{seat_key(seat, players, LEARNER)}")


def signed(value: int, *, typeset: bool = False) -> str:
    """'+12', '-30'; ``typeset``: with the typographic minus ('−30') for a sentence."""
    text = f"{value:+d}"
    return text.replace("-", MINUS) if typeset else text
