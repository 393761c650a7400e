"""The engine's one-line refusals as (code, values), so the UI can say them in any language.

``explain(error)`` recognises every message of ``engine.scoring.validate_score_input`` and the
sheet's own ``EntryError``; anything else comes back as ``("engine", {"text": message})``.
"""

from __future__ import annotations

import re

from tutor.scoresheet.sheet import EntryError

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (code, re.compile(pattern))
    for code, pattern in (
        ("players_count", r"French tarot is played by 3, 4 or 5 players, not (?P<n>-?\d+)$"),
        ("oudlers_range", r"there are three oudlers, not (?P<n>-?\d+)$"),
        ("points_range", r"points must be between 0 and 91, not (?P<points>-?[\d.]+)$"),
        ("half_at_four", r"at 4 players the points are whole: no half point$"),
        ("alone_not_five", r"only at 5 players can the taker play alone \(no partner\)$"),
        (
            "oudlers_worth",
            r"(?P<n>\d) oudlers alone are worth more than (?P<points>[\d.]+) points$",
        ),
        (
            "defence_oudlers_worth",
            r"the defence's (?P<n>\d) oudlers are worth more than the points it has left$",
        ),
        ("pab_attack_no_oudler", r"petit au bout by the attack, yet no oudler in its cards$"),
        (
            "pab_defence_all_oudlers",
            r"petit au bout by the defence, yet the attack has all three oudlers$",
        ),
        ("too_many_poignees", r"more poignées than players$"),
        ("chelem_lost", r"a chelem made by the taker cannot lose the contract$"),
        ("defence_chelem_made", r"a chelem by the defence cannot leave the contract made$"),
    )
)


def explain(error: Exception) -> tuple[str, dict[str, object]]:
    if isinstance(error, EntryError):
        return error.code, dict(error.values)
    text = str(error)
    for code, pattern in _PATTERNS:
        found = pattern.match(text)
        if found:
            return code, dict(found.groupdict())
    return "engine", {"text": text}
