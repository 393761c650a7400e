"""The practice game's logic (no Streamlit): deals against the bots, the coach, the score
sheet, the replay."""

from tutor.practice.coach import Remark, RemarkCode, Side, trick_remarks
from tutor.practice.deal import LEARNER, PracticeDeal, Refusal, Stage
from tutor.practice.game import TARGETS, DealRow, PracticeGame, next_seed
from tutor.practice.table import seat_key

__all__ = [
    "LEARNER",
    "TARGETS",
    "DealRow",
    "PracticeDeal",
    "PracticeGame",
    "Refusal",
    "Remark",
    "RemarkCode",
    "Side",
    "Stage",
    "next_seed",
    "seat_key",
    "trick_remarks",
]
