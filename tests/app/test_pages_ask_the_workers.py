"""The pages only ask the analysis service (issue 20): with workers that never answer by
themselves and the solver made to fail in this process, the practice table shows a Strong
player thinking and the review page shows its progress and the coach's remarks; the answers,
once in, are played and stored; refused, the table plays the rules of thumb at once; a second
request for a review or a mined puzzle is a read of the store, not a job."""

from __future__ import annotations

import threading
from concurrent.futures import Executor, Future
from functools import partial
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

import tutor.analysis.bestcard as bestcard_module
import tutor.bots.strong as strong_module
import tutor.content.bestcard as texts_module
import tutor.content.generate as generate_module
import tutor.review.deal as review_module
import tutor.review.expected as expected_module
import tutor.ui.analysis as analysis_module
from tests.app.conftest import known_solution, open_app, texts, unknown_to_this_process
from tests.app.test_practice import PAGE as PRACTICE_PAGE
from tests.app.test_practice import game_of, table
from tests.app.test_review_page import PAGE as REVIEW_PAGE
from tests.app.test_review_page import saved_game
from tests.bank import bank
from tests.practice.test_thinking import awaiting_search, no_report
from tests.review.test_review_deal import FEW
from tutor.bots import SimpleBot, decision_rng
from tutor.content.kinds import BestCardExercise
from tutor.engine import Contract, DealRecord, cards_of
from tutor.practice import Stage
from tutor.progress.store import Database, LearnerStore
from tutor.review.hint import Hint
from tutor.service import MINED_VERSION, AnalysisService, JobKind, Limits
from tutor.service.jobs import Job, compute
from tutor.ui.i18n import t
from tutor.ui.practice.words import contract_name
from tutor.ui.trainer import puzzle_data


class Recorded(Executor):
    """Workers that record each job and finish it only when the test says so."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Job, Future[Any]]] = []
        self._max_workers = 2  # two workers, as a local pool says its size

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.jobs.append((args[0], future))
        return future

    def kinds(self) -> list[JobKind]:
        return [job.kind for job, _ in self.jobs]

    def answer(self, index: int) -> None:
        """Finish job ``index`` with what a real worker computes (the solver, in the test)."""
        job, future = self.jobs[index]
        future.set_running_or_notify_cancel()
        future.set_result(compute(job, no_report))


def install(monkeypatch: pytest.MonkeyPatch, limits: Limits | None = None) -> Recorded:
    executor = Recorded()
    service = AnalysisService(executor, limits)
    monkeypatch.setattr(analysis_module, "analysis", lambda: service)
    return executor


SOLVER_NAMES = ((strong_module, "Solver"), (review_module, "Solver"),
                (generate_module, "generate"), (bestcard_module, "analyse"),
                (bestcard_module, "best_line"), (texts_module, "every_best_line"),
                (expected_module, "Solver"), (expected_module, "play_out"))


def no_solver_in_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver and the miner raise in the page's script thread; the test's own thread
    (standing for the worker processes) still has them."""
    for module, name in SOLVER_NAMES:
        monkeypatch.setattr(module, name, _outside_the_page(getattr(module, name)))


def _outside_the_page(real: Any) -> Any:
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if threading.current_thread() is not threading.main_thread():
            raise AssertionError("the page searched in its own thread")
        return real(*args, **kwargs)

    return guarded


def strong_game_awaiting(store: LearnerStore) -> tuple[int, DealRecord]:
    """A saved game against Strong players whose deal awaits a Strong player's search."""
    record = awaiting_search()
    data = {
        "version": 1, "players": record.players, "rules": record.rules.name,
        "seed": record.seed, "first_dealer": record.dealer, "target": None, "coach": "always",
        "level": "strong", "rows": [],
        "current": {"number": 1, "seed": record.seed, "dealer": record.dealer,
                    "moves": list(record.notation)},
    }
    return store.create_game("Practice (4 players)", "practice", data).id, record


def open_page(page: str, **params: str) -> AppTest:
    at = AppTest.from_file(page, default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def test_a_strong_players_card_is_asked_of_the_workers_and_played_once_in(
    mine: LearnerStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    game_id, _ = strong_game_awaiting(mine)
    at = open_page(PRACTICE_PAGE, game=str(game_id), lang="en")
    deal = game_of(at).deal
    assert deal.stage is Stage.THINKING and workers.kinds() == [JobKind.BOT_CARDS]
    assert any("is thinking" in c.value for c in at.caption)
    moves = len(deal.deal.moves)
    at.run()  # the poll: still pending, nothing played, nothing asked again
    assert len(game_of(at).deal.deal.moves) == moves and len(workers.jobs) == 1
    workers.answer(0)
    at.run()
    assert not at.exception, at.exception
    played = game_of(at).deal.deal.moves
    answer = workers.jobs[0][1].result()
    assert [str(m) for m in played[moves:moves + len(answer)]] == list(answer)
    assert mine.game(game_id).meta["current"]["moves"][moves:] == list(answer)  # saved
    at.run()
    assert game_of(at).deal.deal.moves[: moves + 1] == played[: moves + 1]  # once


def test_while_an_expert_players_bid_is_searched_the_chien_and_the_bidding_stay_on_the_table(
    mine: LearnerStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Expert's bid is a search on the workers: meanwhile the table says who thinks and
    still shows the bidding (the chien face down, "Bidding in progress"), not an empty felt."""
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    data = {
        "version": 1, "players": 4, "rules": "fft-2012", "seed": 11, "first_dealer": 0,
        "target": None, "coach": "always", "level": "expert", "rows": [],
        "current": {"number": 1, "seed": 11, "dealer": 0, "moves": []},
    }
    game_id = mine.create_game("Practice (4 players)", "practice", data).id
    at = open_page(PRACTICE_PAGE, game=str(game_id), lang="en")
    assert game_of(at).deal.stage is Stage.THINKING and workers.kinds() == [JobKind.BOT_CARDS]
    shown = table(at)
    assert shown["strip"] == {"label": t("en", "game.ecart.chien"), "backs": 6}
    assert t("en", "game.status.bidding") in shown["bar"]


def test_a_full_pool_has_the_rules_of_thumb_play_at_once_and_says_so(
    mine: LearnerStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(monkeypatch, Limits(in_flight=0))  # every new job refused: the pool is full
    no_solver_in_the_page(monkeypatch)
    game_id, record = strong_game_awaiting(mine)
    board = record.deal()
    seat = board.current_seat
    assert seat is not None
    expected = SimpleBot().choose(board, seat, decision_rng(board.seed, len(board.moves)))
    at = open_page(PRACTICE_PAGE, game=str(game_id), lang="en")
    deal = game_of(at).deal
    assert deal.deal.moves[len(record.moves)] == expected
    assert deal.stage is not Stage.THINKING
    assert t("en", "game.thinking.busy") in [i.value for i in at.info]  # said on the page


def test_the_review_shows_its_progress_then_is_stored_and_read_back(
    mine: LearnerStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = saved_game(mine)
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    # what is pinned is the review's path (asked, shown in progress, stored, read back), not
    # its labels: the worker deals FEW samples per decision instead of the full count
    monkeypatch.setattr(review_module, "review_part",
                        partial(review_module.review_part, **FEW))
    at = open_page(REVIEW_PAGE)
    # the review's parts, one per worker (two) at a time
    assert workers.kinds() == [JobKind.REVIEW_PART] * 2
    assert at.get("progress")  # the bar, and the coach's remarks meanwhile
    assert "Trick 1 of 18" in texts(at) and "Not judged by the solver" in texts(at)
    assert mine.deal_review(game_id, 1) is None
    index = 0
    while index < len(workers.jobs):  # each part answered hands on the next
        workers.answer(index)
        index += 1
    at.run()
    assert not at.exception, at.exception
    assert not at.get("progress")
    assert mine.deal_review(game_id, 1) is not None  # stored once in
    again = install(monkeypatch)  # another server process: nothing in memory
    at = open_page(REVIEW_PAGE)
    assert again.jobs == [] and not at.get("progress")  # a read


def test_a_mined_puzzle_in_the_store_is_read_not_asked_for(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = generate_module.generate("proven", 5, 4)
    database.save_mined_puzzle(4, 5, MINED_VERSION, puzzle_data(puzzle))
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    at = open_app("puzzles", lang="en", gen="proven", seed="5", players="4")
    assert JobKind.MINE_PUZZLE not in workers.kinds()  # (its proof may be asked: not held)
    assert t("en", "bestcard.open_cards") in texts(at)


def test_a_mined_puzzle_asked_for_is_stored_once_in(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    at = open_app("puzzles", lang="en", gen="proven", seed="6", players="4")
    assert workers.kinds() == [JobKind.MINE_PUZZLE]
    assert database.mined_puzzle(4, 6, MINED_VERSION) is None
    workers.answer(0)
    at.run()
    assert not at.exception, at.exception
    assert database.mined_puzzle(4, 6, MINED_VERSION) is not None
    # its best card's solution came with it: the hand is played at once, nothing asked again
    assert workers.kinds() == [JobKind.MINE_PUZZLE]
    assert any(pills.key.endswith("-hand-fallback") for pills in at.pills)


BEST_CARD = "proven-cash-the-king-01"
HAND = f"puzzle-{BEST_CARD}-hand-fallback"  # the hand to play (AppTest sees its pills)


def best_card_exercise() -> BestCardExercise:
    ex = bank().puzzle(BEST_CARD).exercise
    assert isinstance(ex, BestCardExercise)
    return ex


def hand_to_play(at: AppTest) -> bool:
    return any(pills.key == HAND for pills in at.pills)


def test_a_best_card_puzzle_is_proven_on_the_workers_while_the_page_says_proving(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    ex = best_card_exercise()
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    with unknown_to_this_process(ex):
        at = open_app("puzzles", lang="en", puzzle=BEST_CARD)
        assert workers.kinds() == [JobKind.SOLVE_BEST_CARD]
        assert t("en", "bestcard.proving") in texts(at)
        assert t("en", "bestcard.open_cards") in texts(at)  # the position is shown at once
        assert not hand_to_play(at)
        at.run()  # the poll: still pending, asked once
        assert len(workers.jobs) == 1 and not hand_to_play(at)
        workers.answer(0)
        at.run()
        assert not at.exception, at.exception
        assert t("en", "bestcard.proving") not in texts(at) and hand_to_play(at)
        solution = workers.jobs[0][1].result()
        at.pills(key=HAND).set_value(solution.proof.best[0]).run()
        assert not at.exception, at.exception
        assert "Right!" in texts(at) and "Trick 1: won by" in texts(at)


def test_a_best_card_solution_this_process_holds_is_read_not_asked_for(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    ex = best_card_exercise()
    solution = known_solution(ex)
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    at = open_app("puzzles", lang="en", puzzle=BEST_CARD)
    assert workers.jobs == [] and hand_to_play(at)
    at.pills(key=HAND).set_value(solution.proof.wrong[0][0]).run()
    assert not at.exception, at.exception
    assert workers.jobs == []
    assert any(e.label.startswith("What happens after the") for e in at.expander)


def test_a_failed_proof_says_not_proven_yet_and_try_again_asks_afresh(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    ex = best_card_exercise()
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    with unknown_to_this_process(ex):
        at = open_app("puzzles", lang="en", puzzle=BEST_CARD)
        _, future = workers.jobs[0]
        future.set_running_or_notify_cancel()
        future.set_exception(RuntimeError("a worker was lost"))
        at.run()
        assert t("en", "bestcard.not_proven") in texts(at) and not hand_to_play(at)
        at.run()  # the failure is kept: not asked again by itself
        assert len(workers.jobs) == 1
        at.button(key=f"puzzle-{BEST_CARD}-try-again").click().run()
        assert not at.exception, at.exception
        assert workers.kinds() == [JobKind.SOLVE_BEST_CARD] * 2
        assert t("en", "bestcard.proving") in texts(at)


def test_a_full_pool_says_not_proven_yet_in_italian_too(monkeypatch: pytest.MonkeyPatch) -> None:
    ex = best_card_exercise()
    install(monkeypatch, Limits(in_flight=0))  # every new job refused
    no_solver_in_the_page(monkeypatch)
    with unknown_to_this_process(ex):
        at = open_app("puzzles", lang="it", puzzle=BEST_CARD)
        assert t("it", "bestcard.not_proven") in texts(at) and not hand_to_play(at)
        assert at.button(key=f"puzzle-{BEST_CARD}-try-again").label == t("it", "bestcard.try_again")


def hint_on_the_table(at: AppTest) -> dict[str, Any]:
    shown = table(at).get("hint")
    assert isinstance(shown, dict), "no hint button on the table"
    return shown


@pytest.mark.parametrize(("lang", "said"), [("en", "By what you can know"),
                                            ("it", "Con ciò che puoi sapere")])
def test_a_hint_is_asked_of_the_workers_shown_on_the_table_and_recorded_in_the_deal(
    monkeypatch: pytest.MonkeyPatch, lang: str, said: str
) -> None:
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    at = open_page(PRACTICE_PAGE, seed="3", players="4", lang=lang)
    assert game_of(at).deal.stage is Stage.BID
    assert hint_on_the_table(at)["label"] == t(lang, "game.hint.button")
    assert workers.kinds() == []  # nothing asked before the learner asks
    at.button(key="practice-hint").click().run()
    assert not at.exception, at.exception
    assert workers.kinds() == [JobKind.HINT]
    waiting = hint_on_the_table(at)
    assert waiting["busy"] and waiting["text"] == t(lang, "game.hint.pending")
    assert table(at)["hand_action"] is None or table(at)["actions"]  # still playable
    workers.answer(0)
    at.run()
    assert not at.exception, at.exception
    given = Hint.from_data(workers.jobs[0][1].result())
    text = hint_on_the_table(at)["text"]
    assert text.startswith(said)
    best = given.best.moves[0].removeprefix("bid:")
    legal = {b.code if b is not None else "pass" for b in game_of(at).deal.legal_bids()}
    assert best in legal
    rules = game_of(at).rules
    named = contract_name(None if best == "pass" else Contract.from_code(best), lang, rules)
    assert named in text
    assert game_of(at).deal.hints == ["bid"]  # recorded in the deal


def test_a_hint_that_arrives_after_the_learner_played_is_dropped(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    at = open_page(PRACTICE_PAGE, seed="3", players="4", lang="en")
    at.button(key="practice-hint").click().run()
    assert workers.kinds() == [JobKind.HINT]
    at.button(key="practice-bid-pass").click().run()  # played before the hint came
    assert not at.exception, at.exception
    workers.answer(0)
    at.run()
    shown = table(at).get("hint")
    assert shown is None or not shown["text"]
    assert game_of(at).deal.hints == []


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_hint_the_workers_failed_says_so_and_the_button_asks_it_afresh(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    at = open_page(PRACTICE_PAGE, seed="3", players="4", lang=lang)
    at.button(key="practice-hint").click().run()
    failed = workers.jobs[0][1]
    failed.set_running_or_notify_cancel()
    failed.set_exception(RuntimeError("the worker was lost"))
    at.run()
    assert not at.exception, at.exception
    shown = hint_on_the_table(at)
    assert shown["text"] == t(lang, "game.hint.busy") and shown["again"]
    assert not shown["busy"]
    at.button(key="practice-hint").click().run()  # asked again: the failure is not kept
    assert not at.exception, at.exception
    assert workers.kinds() == [JobKind.HINT, JobKind.HINT]
    assert workers.jobs[1][0] == workers.jobs[0][0]  # the same decision's hint
    assert hint_on_the_table(at)["busy"]
    workers.answer(1)
    at.run()
    said = {"en": "By what you can know", "it": "Con ciò che puoi sapere"}[lang]
    assert hint_on_the_table(at)["text"].startswith(said)
    assert game_of(at).deal.hints == ["bid"]


def _to_the_ecart_or_chelem(at: AppTest, stage: Stage) -> None:
    """Seed 3 at 4 players: the learner takes a garde; at the chelem, the coach's écart made."""
    from tests.app.test_practice import pick
    from tutor.practice.advice import ecart_advice

    at.button(key="practice-bid-garde").click().run()
    if stage is Stage.CHELEM:
        for item in ecart_advice(game_of(at).deal.deal, 0).cards:
            pick(at, "practice-ecart", item.card)
    assert game_of(at).deal.stage is stage


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize(("stage", "said", "recorded"), [
    (Stage.ECART, {"en": "the best of these candidates",
                   "it": "il migliore di questi candidati"}, "ecart"),
    (Stage.CHELEM, {"en": "By what you can know, the best choice is",
                    "it": "Con ciò che puoi sapere, la scelta migliore è"}, "chelem"),
])
def test_a_hint_at_the_ecart_or_the_chelem_is_asked_of_the_workers_and_said_on_the_table(
    monkeypatch: pytest.MonkeyPatch, lang: str, stage: Stage, said: dict[str, str],
    recorded: str
) -> None:
    from tutor.ui.reviews import choice_name

    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    at = open_page(PRACTICE_PAGE, seed="3", players="4", lang=lang)
    _to_the_ecart_or_chelem(at, stage)
    assert hint_on_the_table(at)["label"] == t(lang, "game.hint.button")
    asked = len(workers.jobs)
    at.button(key="practice-hint").click().run()
    assert not at.exception, at.exception
    assert workers.kinds()[asked:] == [JobKind.HINT]
    workers.answer(asked)
    at.run()
    assert not at.exception, at.exception
    given = Hint.from_data(workers.jobs[asked][1].result())
    text = hint_on_the_table(at)["text"]
    assert said[lang] in text and choice_name(given.best, lang).lower() in text.lower()
    assert "best écart" not in text and "miglior scarto" not in text
    assert game_of(at).deal.hints == [recorded]


def test_the_deal_of_the_day_offers_no_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    at = open_page(PRACTICE_PAGE, daily="1", lang="en")
    assert game_of(at).daily is not None
    assert table(at).get("hint") is None
    assert "practice-hint" not in {b.key for b in at.button}


def test_the_decisions_are_valued_on_the_workers_during_the_deal_and_the_review_takes_them(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    workers = install(monkeypatch)
    no_solver_in_the_page(monkeypatch)
    at = open_page(PRACTICE_PAGE, seed="4", players="4", lang="en")

    def answer_decisions() -> None:
        for index, (job, future) in enumerate(workers.jobs):
            if job.kind is JobKind.VALUE_DECISIONS and not future.done():
                workers.answer(index)

    for _ in range(60):
        answer_decisions()
        at.run()
        deal = game_of(at).deal
        if deal.stage in (Stage.FINISHED, Stage.REDEAL):
            break
        if deal.stage is Stage.BID:
            at.button(key="practice-bid-pass").click().run()
        elif deal.stage is Stage.POIGNEE:
            at.button(key="practice-poignee-no").click().run()
        else:
            at.pills(key="practice-hand-fallback").set_value(
                cards_of(deal.legal_plays())[0]).run()
        assert not at.exception, at.exception
    assert game_of(at).deal.stage is Stage.FINISHED, "choose a seed that is played"
    state = at.session_state["practice-state"]
    assert "bid" in state.valued and "trick 0" in state.valued
    # the review takes what is known: its parts value the rest, the open-card judging first
    parts = [str(job.args[-1]) for job, _ in workers.jobs if job.kind is JobKind.REVIEW_PART]
    assert parts and parts[0] == "open-card" and not set(parts) & set(state.valued)
    assert at.get("progress")  # the review finishing, as soon as the deal is over
