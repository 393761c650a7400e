"""Words every page shares: the rules' and bids' names, the seats, signed marks (the engine
gives codes, the catalogs the words), a lesson's stars. A module of its own so that no page
imports another for its labels."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Protocol

from tutor.content.models import Lesson
from tutor.engine import FFT_2012, Contract, Rules
from tutor.practice import LEARNER, seat_key
from tutor.progress.store import STARS, lesson_stars
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


class LessonRecord(Protocol):
    """A lesson's progress, as saved (``SavedLesson``) or as kept in the session."""

    @property
    def seen(self) -> AbstractSet[int]: ...
    @property
    def passed(self) -> AbstractSet[int]: ...
    @property
    def solved(self) -> AbstractSet[int]: ...
    @property
    def answered(self) -> AbstractSet[int]: ...


def check_steps(lesson: Lesson) -> list[int]:
    """The steps of ``lesson`` that have a check."""
    return [index for index, step in enumerate(lesson.steps) if step.check is not None]


@dataclass(frozen=True)
class LessonStanding:
    """Where a learner stands in a lesson, as the course list, the lesson picker, the lesson's
    end and "My progress" show it: its stars, and complete only when every check is answered."""

    steps: int
    seen: int
    checks: int
    answered: int
    passed: int
    stars: int

    @classmethod
    def of(cls, lesson: Lesson, record: LessonRecord | None) -> LessonStanding:
        checks = check_steps(lesson)
        if record is None:
            return cls(len(lesson.steps), 0, len(checks), 0, 0, 0)
        wanted = set(checks)
        return cls(
            steps=len(lesson.steps), seen=len(record.seen), checks=len(checks),
            answered=len(wanted & set(record.answered)), passed=len(wanted & set(record.passed)),
            stars=lesson_stars(checks, record.passed, record.solved, record.answered),
        )

    @property
    def complete(self) -> bool:
        """Every check answered (a lesson without checks: every step seen)."""
        return self.stars > 0 and (self.checks > 0 or self.seen >= self.steps)

    def star_text(self) -> str:
        return "★" * self.stars + "☆" * (STARS - self.stars)

    def mark(self, lang: str) -> str:
        """The stars and the ✓ of a lesson begun; nothing for one never opened."""
        if not self.seen:
            return ""
        return self.star_text() + (f" {t(lang, 'lesson.done_mark')}" if self.complete else "")

    def counts(self, lang: str) -> str:
        return (t(lang, "lesson.progress_label", done=self.seen, total=self.steps) + " · "
                + t(lang, "lesson.checks_label", answered=self.answered, passed=self.passed,
                    total=self.checks))
