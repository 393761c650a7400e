"""The page's side of the analysis service: this server's service, who asks, and the wait.

A page asks for a job on every run; while it is pending the page shows its fallback and a
small fragment that polls (``wait``) and reruns the page when the result is in, so the
learner never waits on a search in their script thread. A long job's fragment shows its
progress as reported by the worker.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from functools import partial

import streamlit as st

from tutor.service import (
    AnalysisService,
    Job,
    Outcome,
    Progress,
    Requester,
    State,
    channel_for,
    configured_executor,
)
from tutor.ui.client import client_address
from tutor.ui.i18n import t
from tutor.ui.learner import LEARNER

REQUESTER = "analysis-requester"  # this session's own name until it has a learner id
POLL_SECONDS = 1.0
# A computer player's card is a short search the learner watches for: looked for more often.
SOON_SECONDS = 0.25

Show = Callable[[Progress | None], None]  # draws the page's waiting note, with the progress


@st.cache_resource(show_spinner=False)
def analysis() -> AnalysisService:
    """This server process's analysis service (its local worker pool, or the Dask cluster
    named by TAROT_TUTOR_DASK_SCHEDULER)."""
    executor = configured_executor()
    # a review's parts one per worker: the local pool's processes, a Dask cluster's threads
    service = AnalysisService(executor, channel=channel_for(executor))
    service.warm_up(service.capacity())
    return service


def requester() -> Requester:
    """Who asks: the learner when known (no profile is made for asking), else this session;
    and the visitor's address (behind a trusted proxy, the one it forwards), so many sessions
    from one client share one limit."""
    learner = st.session_state.get(LEARNER)
    if not isinstance(learner, str) or not learner:
        learner = st.session_state.get(REQUESTER)
        if not isinstance(learner, str):
            learner = st.session_state[REQUESTER] = f"session-{secrets.token_hex(8)}"
    return Requester(learner, client_address())


def ask(job: Job) -> Outcome:
    return analysis().ask(requester(), job)


def ask_when_idle(job: Job) -> Outcome:
    """``ask`` for a job that can wait: a new one only while a worker is free (the local
    pool's processes, a Dask cluster's threads)."""
    service = analysis()
    return service.ask(requester(), job, spare=service.capacity())


def forget(job: Job) -> None:
    """on_click of "Try again": the failure kept for ``job`` is dropped, so the page's next
    run asks the workers afresh."""
    analysis().forget(job)


def show_not_ready(outcome: Outcome, job: Job, lang: str) -> None:
    """What the page says while a mined puzzle is not done: pending (and the poll), refused,
    failed."""
    if outcome.state is State.PENDING:
        wait(job, partial(_pending, lang))
    elif outcome.state is State.REFUSED:
        st.warning(t(lang, f"analysis.refused_{outcome.reason.replace('-', '_')}",
                     seconds=max(1, math.ceil(outcome.retry_after))))
    elif outcome.state is State.FAILED:
        st.warning(t(lang, "analysis.failed"))


def _pending(lang: str, _progress: Progress | None) -> None:
    st.info(t(lang, "analysis.pending"), icon=":material/hourglass_top:")


def _poll(job: Job, show: Show) -> None:
    service = analysis()
    if service.ask(requester(), job).state is not State.PENDING:
        st.rerun()
    show(service.progress(job))


@st.fragment(run_every=POLL_SECONDS)
def wait(job: Job, show: Show) -> None:
    """While ``job`` is pending: its note (``show``) each second; the page reruns when done."""
    _poll(job, show)


@st.fragment(run_every=SOON_SECONDS)
def wait_soon(job: Job, show: Show) -> None:
    """``wait``, looking four times a second (a computer player's card)."""
    _poll(job, show)
