"""The analysis service: searches and mining run on worker processes, never in a page's thread.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from tutor.service import AnalysisService, Requester, State, mine_puzzle
    >>> service = AnalysisService(ThreadPoolExecutor(1))
    >>> service.ask(Requester("learner-1", "127.0.0.1"), mine_puzzle(4, 7)).state
    <State.PENDING: 'pending'>

A page asks on every run and shows its fallback until the outcome is done (see
``tutor.service.service``); ``tutor.service.executors`` chooses the workers.
"""

from tutor.service.executors import (
    channel_for,
    configured_executor,
    local_pool,
    local_worker_count,
)
from tutor.service.jobs import (
    MINED_VERSION,
    Budget,
    Job,
    JobKind,
    MinedPuzzle,
    bot_cards,
    hint,
    known_text,
    mine_puzzle,
    review,
    review_samples,
    run,
    solve_best_card,
    value_decision,
    warm_up,
)
from tutor.service.progress import Progress
from tutor.service.service import (
    AnalysisService,
    Limits,
    Outcome,
    Refusal,
    Requester,
    State,
)

__all__ = [
    "MINED_VERSION",
    "AnalysisService",
    "Budget",
    "Job",
    "JobKind",
    "Limits",
    "MinedPuzzle",
    "Outcome",
    "Progress",
    "Refusal",
    "Requester",
    "State",
    "bot_cards",
    "channel_for",
    "configured_executor",
    "hint",
    "known_text",
    "local_pool",
    "local_worker_count",
    "mine_puzzle",
    "review",
    "review_samples",
    "run",
    "solve_best_card",
    "value_decision",
    "warm_up",
]
