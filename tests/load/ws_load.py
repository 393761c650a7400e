"""Load test: N concurrent learners driving ``streamlit run app.py`` over Streamlit's websocket.

Run by hand (pytest does not collect ``tests/load``)::

    python tests/load/ws_load.py --sessions 40 --seconds 30            # starts one server
    python tests/load/ws_load.py --sessions 40 --processes 2           # two servers, one DB
    python tests/load/ws_load.py --url http://127.0.0.1:8501 --sessions 10   # a running one

Each virtual learner speaks the browser's protocol on ``/_stcore/stream``: a ``BackMsg`` with
``rerun_script`` (page, query string, widget states: a button's trigger, a typed answer, a
card clicked in a card component) and reads ``ForwardMsg`` frames until ``script_finished``.
A learner loops over a realistic mix — open a lesson and go Next, answer a puzzle and go to the
next one, answer the score quiz, play a practice game — without pause unless ``--think`` is
given (closed loop: the figures are the server's capacity). Each virtual learner is one
learner of the app: by default a returning one (a profile made in the database beforehand, its
signed ``tarot_learner`` cookie sent with the websocket handshake, as a browser does);
``--learners new`` sends no cookie, so each session makes a fresh profile on its first
save. The latency of an interaction is from sending the BackMsg to the ForwardMsg that
finishes the script run; interactions that start during ``--warmup`` are not counted.
Prints interactions/s, median and p95 latency, overall and per kind, and any script error the
pages showed.

Only 127.0.0.1 is ever contacted or served on. Everything is bounded: the number of sessions,
``--seconds`` of measurement, ``--max-interactions`` per session, and a hard stop that closes
every socket and terminates the servers this script started.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tutor.content.evaluate import expected_answer  # noqa: E402
from tutor.content.loader import load_all  # noqa: E402
from tutor.engine.cards import format_card  # noqa: E402
from tutor.progress.store import Database  # noqa: E402
from tutor.ui.learner import COOKIE, signed  # noqa: E402

LOOPBACK = "127.0.0.1"
FINISHED = {
    ForwardMsg.FINISHED_SUCCESSFULLY,
    ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
    ForwardMsg.FINISHED_WITH_COMPILE_ERROR,
}
INTERNAL_KEY = "$$STREAMLIT_INTERNAL_KEY_"  # trigger widgets of a v2 component
PRACTICE_TABLE = "practice-table"  # the practice page's table component (its widget key)


# --- the content the learners use --------------------------------------------------------------
@dataclass(frozen=True)
class PuzzlePick:
    id: str
    kind: str  # "number", "play" or "choice": how it is answered
    right: str  # the right answer as typed / the card code / the option index
    wrong: str


def _puzzle_picks() -> tuple[list[str], list[PuzzlePick]]:
    bank = load_all(ROOT / "lessons", ROOT / "puzzles")
    picks = []
    for puzzle in bank.puzzles:
        ex = puzzle.exercise
        answer = expected_answer(puzzle)
        if ex.kind in ("count", "score") or (ex.kind == "bid" and ex.ask == "needed"):
            value = answer if isinstance(answer, int) else float(answer)  # type: ignore[arg-type]
            picks.append(PuzzlePick(puzzle.id, "number", f"{value:g}", f"{value + 7:g}"))
        elif ex.kind == "play":
            right = sorted(answer)  # type: ignore[call-overload]
            wrong = [c for c in ex.position.hand if c not in answer]  # type: ignore[operator]
            picks.append(PuzzlePick(puzzle.id, "play", format_card(right[0]),
                                    format_card(wrong[0] if wrong else right[0])))
        elif ex.kind == "choice":
            wrong_index = (int(answer) + 1) % len(ex.options)  # type: ignore[call-overload]
            picks.append(PuzzlePick(puzzle.id, "choice", str(answer), str(wrong_index)))
    return [lesson.id for lesson in bank.lessons], picks


# --- one browser session -----------------------------------------------------------------------
@dataclass
class Widget:
    type: str  # the element's proto field: "button", "text_input", "bidi_component"...
    id: str
    data: str = ""  # a v2 component's JSON data (the hand's cards)
    fragment: str = ""  # the st.fragment it is drawn in: its events rerun only that fragment


@dataclass
class Run:
    latency: float
    errors: list[str]
    messages: int  # ForwardMsgs received: the elements drawn and the bookkeeping


class ScriptError(Exception):
    pass


class Session:
    """One browser tab: a websocket, the page it is on, and the widgets of its last run."""

    def __init__(self, ws: websockets.ClientConnection, cookie: bool = False) -> None:
        self.ws = ws
        self.cookie = cookie  # a learner cookie was sent: the page must not write a new one
        self.query = ""
        self.page_hash = ""
        self.pages: dict[str, str] = {}  # url path -> page script hash
        self.widgets: dict[str, Widget] = {}  # user key -> widget
        self._fragments: dict[str, str] = {}  # widget id -> its fragment ("" for none)
        self.cached: dict[str, ForwardMsg] = {}  # the large messages already received

    async def rerun(self, *, page: str | None = None, query: str | None = None,
                    states: list[WidgetState] = ()) -> Run:  # type: ignore[assignment]
        msg = BackMsg()
        client = msg.rerun_script
        client.query_string = self.query if query is None else query
        if page is not None:
            client.page_name = page
            client.page_script_hash = self.pages.get(page, "")
        else:
            client.page_script_hash = self.page_hash
        client.widget_states.widgets.extend(states)
        # As the browser does: an event from a widget inside a fragment reruns the fragment.
        fragments = {self._fragments.get(state.id, "") for state in states}
        if page is None and len(fragments) == 1:
            client.fragment_id = fragments.pop()
        client.cached_message_hashes.extend(self.cached)
        client.context_info.timezone = "UTC"
        client.context_info.locale = "en-US"
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        widgets: dict[str, Widget] = {}
        errors: list[str] = []
        messages = 0
        while True:
            frame = await self.ws.recv()
            messages += 1
            fwd = ForwardMsg()
            fwd.ParseFromString(frame)
            kind = fwd.WhichOneof("type")
            if fwd.metadata.cacheable:  # the browser keeps these and says so on each rerun
                self.cached[fwd.hash] = fwd
            elif kind == "ref_hash":  # "the message you already have": read it again
                known = self.cached.get(fwd.ref_hash)
                if known is None:
                    errors.append(f"reference to an unknown message {fwd.ref_hash}")
                    continue
                fwd, kind = known, known.WhichOneof("type")
            if kind == "delta":
                self._read_delta(fwd, widgets, errors)
            elif kind == "page_info_changed":
                self.query = fwd.page_info_changed.query_string
            elif kind == "navigation":
                self.page_hash = fwd.navigation.page_script_hash
                self.pages = {p.url_pathname: p.page_script_hash
                              for p in fwd.navigation.app_pages}
            elif kind == "script_finished":
                if fwd.script_finished in FINISHED:
                    latency = time.perf_counter() - start
                    if fwd.script_finished == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                        errors.append("compile error")
                    break
                widgets.clear()  # finished early for a rerun: the next run redraws all
        if client.fragment_id:  # a fragment run redraws only the fragment's widgets
            kept = {k: w for k, w in self.widgets.items() if w.fragment != client.fragment_id}
            widgets = {**kept, **widgets}
        self.widgets = widgets
        self._fragments = {w.id: w.fragment for w in widgets.values()}
        for w in widgets.values():
            if w.type == "bidi_component":
                self._fragments[f"{INTERNAL_KEY}{w.id}__events"] = w.fragment
        return Run(latency, errors, messages)

    @staticmethod
    def _read_delta(fwd: ForwardMsg, widgets: dict[str, Widget], errors: list[str]) -> None:
        if fwd.delta.WhichOneof("type") != "new_element":
            return
        element = fwd.delta.new_element
        kind = element.WhichOneof("type")
        if kind == "exception":
            errors.append(f"{element.exception.type}: {element.exception.message}")
            return
        if kind is None:
            return
        body = getattr(element, kind)
        element_id = getattr(body, "id", "")
        if not element_id:
            return
        # Ids end with "-<user key>" when a key was given (every widget the learners use has
        # one); an id without a key is kept under the id itself.
        key = element_id.split("-", 2)[-1] if element_id.startswith("$$ID-") else element_id
        data = body.json if kind == "bidi_component" else ""
        widgets[key] = Widget(kind, element_id, data, fwd.delta.fragment_id)
        if kind == "button" and body.is_form_submitter:  # found by its form's key
            widgets[f"submit:{body.form_id}"] = widgets[key]

    # --- widget states as the browser sends them ------------------------------------------
    def _widget(self, key: str) -> Widget:
        widget = self.widgets.get(key)
        if widget is None:
            raise ScriptError(f"no widget with key {key!r} on the page")
        return widget

    def has(self, key: str) -> bool:
        return key in self.widgets

    def click(self, key: str) -> WidgetState:
        return WidgetState(id=self._widget(key).id, trigger_value=True)

    def typed(self, key: str, text: str) -> WidgetState:
        return WidgetState(id=self._widget(key).id, string_value=text)

    def radio(self, key: str, index: int) -> WidgetState:
        return WidgetState(id=self._widget(key).id, int_value=index)

    def trigger(self, key: str, event: str, value: object) -> WidgetState:
        """A v2 component's trigger value ``event`` (its trigger aggregator), as the browser
        sends it."""
        base = self._widget(key).id
        payload = json.dumps([{"event": event, "value": value}])
        return WidgetState(id=f"{INTERNAL_KEY}{base}__events", json_trigger_value=payload)

    def card_click(self, key: str, code: str) -> WidgetState:
        """A click in the card picker."""
        return self.trigger(key, "clicked", code)

    def data(self, key: str) -> dict[str, object]:
        """A v2 component's data, as drawn in the last run."""
        data = json.loads(self._widget(key).data or "{}")
        return data if isinstance(data, dict) else {}

    def items(self, key: str, field: str) -> list[dict[str, object]]:
        """The objects in the list ``field`` of a v2 component's data."""
        value = self.data(key).get(field)
        return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []

    def hand(self, key: str) -> list[dict[str, object]]:
        return self.items(key, "cards")


# --- what learners do ----------------------------------------------------------------------------
@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    messages: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    failures: int = 0
    # server CPU seconds of each interaction, when one session runs alone (nothing else runs
    # on the servers then, so the CPU they spent between request and reply is its own)
    cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    pids: list[int] = field(default_factory=list)


class Learner:
    def __init__(self, session: Session, stats: Stats, rng: random.Random, lessons: list[str],
                 puzzles: list[PuzzlePick], window: tuple[float, float], think: float,
                 budget: int) -> None:
        self.s = session
        self.stats = stats
        self.rng = rng
        self.lessons = lessons
        self.puzzles = puzzles
        self.window = window
        self.think = think
        self.budget = budget

    async def act(self, kind: str, **rerun: object) -> None:
        if self.budget <= 0 or time.monotonic() >= self.window[1]:
            raise TimeoutError
        self.budget -= 1
        started = time.monotonic()
        cpu_before = _cpu_seconds(self.stats.pids)
        run = await self.s.rerun(**rerun)  # type: ignore[arg-type]
        cpu = _cpu_seconds(self.stats.pids) - cpu_before
        for error in run.errors:
            self.stats.errors[error[:160]] += 1
        if self.s.cookie and self.s.has("learner-cookie"):
            self.stats.errors["the server refused the learner cookie (made a new profile)"] += 1
        if self.window[0] <= started and time.monotonic() <= self.window[1]:
            self.stats.latencies[kind].append(run.latency)
            self.stats.messages[kind].append(run.messages)
            self.stats.cpu[kind].append(cpu)
        if self.think:
            await asyncio.sleep(self.rng.expovariate(1 / self.think))

    async def lesson(self) -> None:
        lesson = self.rng.choice(self.lessons)
        await self.act("lesson_open", page="lessons",
                       query=urlencode({"lang": "en", "lesson": lesson, "step": 1}))
        for _ in range(3):
            if not self.s.has("lessons-next"):
                break
            await self.act("lesson_next", states=[self.s.click("lessons-next")])

    async def puzzle(self) -> None:
        pick = self.rng.choice(self.puzzles)
        await self.act("puzzle_open", page="puzzles",
                       query=urlencode({"lang": "en", "puzzle": pick.id}))
        key = f"puzzle-{pick.id}"
        answer = pick.right if self.rng.random() < 0.7 else pick.wrong
        if pick.kind == "number":
            states = [self.s.typed(f"{key}-number", answer), self.s.click(f"submit:{key}-form")]
        elif pick.kind == "play":
            states = [self.s.card_click(f"{key}-hand", answer)]
        else:
            states = [self.s.radio(f"{key}-choice", int(answer))]
            await self.act("puzzle_choose", states=states)
            states = [self.s.click(f"{key}-check")]
        await self.act("puzzle_answer", states=states)
        if self.s.has("puzzles-next"):
            await self.act("puzzle_next", states=[self.s.click("puzzles-next")])

    async def score_quiz(self) -> None:
        seed = self.rng.randrange(10**6)
        await self.act("quiz_open", page="score-quiz",
                       query=urlencode({"lang": "en", "mode": "count", "level": 1,
                                        "seed": seed}))
        submit = next(
            (k for k in self.s.widgets if k.startswith("submit:score-quiz-count-form-")), None
        )
        if submit is None:
            raise ScriptError("the score quiz shows no count form")
        text_key = submit.replace("submit:score-quiz-count-form-", "score-quiz-count-")
        points = f"{self.rng.randrange(0, 182) / 2:g}"
        await self.act("quiz_answer", states=[self.s.typed(text_key, points),
                                              self.s.click(submit)])

    async def practice(self) -> None:
        await self.act("practice_open", page="practice", query="lang=en")
        for _ in range(8):
            states = self._practice_move()
            if states is None:
                break
            before = self._table_state()
            await self.act("practice_move", states=states)
            if self._table_state() == before:
                # the click was not taken: the load test would measure reruns, not moves
                self.stats.errors["a practice click left the table unchanged"] += 1

    def _practice_move(self) -> list[WidgetState] | None:
        """The learner's next click on the practice table, sent as the table component's
        ``action`` trigger value (``tutor/ui/table``): a card of the hand the table offers to
        play or discard, a card to call, else a bid, "no chelem", "no poignée", the next deal
        or, when the game is over, a new game."""
        s = self.s
        if not s.has(PRACTICE_TABLE):
            return None
        table = s.data(PRACTICE_TABLE)
        kind = table.get("hand_action")
        hand = s.items(PRACTICE_TABLE, "hand")
        if kind in ("play", "discard"):
            playable = [c for c in hand if c.get("playable")] or hand
            if playable:
                return [self._table_action(kind=kind, card=self.rng.choice(playable)["card"])]
        strip = table.get("strip")
        if isinstance(strip, dict) and strip.get("kind") == "call" and strip.get("cards"):
            return [self._table_action(kind="call", card=self.rng.choice(strip["cards"]))]
        offered = {a.get("id") for a in s.items(PRACTICE_TABLE, "actions")}
        for wanted in ("bid:prise", "bid:pass", "chelem:no", "poignee:no", "next"):
            if wanted in offered:
                return [self._table_action(kind="action", id=wanted)]
        if table.get("mode") == "finished":
            return [self._table_action(kind="new")]
        return None

    def _table_state(self) -> object:
        """Names the table's state (changes with every action taken)."""
        return self.s.data(PRACTICE_TABLE).get("state_key") if self.s.has(PRACTICE_TABLE) else None

    def _table_action(self, **action: object) -> WidgetState:
        # the nonce makes each click a new value, as the component's own sends do
        return self.s.trigger(PRACTICE_TABLE, "action", {**action, "nonce": self.rng.random()})

    async def run(self) -> None:
        tasks = [self.lesson, self.puzzle, self.score_quiz, self.practice]
        weights = [3, 4, 2, 3]
        try:
            while True:
                task = self.rng.choices(tasks, weights)[0]
                try:
                    await task()
                except ScriptError as error:
                    self.stats.errors[str(error)] += 1
        except TimeoutError:
            return


# --- servers -------------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return int(sock.getsockname()[1])


def _wait_healthy(url: str, proc: subprocess.Popen[bytes] | None, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server at {url} exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"the server at {url} did not answer in {timeout:.0f}s")


@contextlib.contextmanager
def servers(count: int, env: dict[str, str],
            log_dir: Path) -> Iterator[tuple[list[str], list[int]]]:
    """``count`` ``streamlit run app.py`` processes on 127.0.0.1 sharing ``env`` (the DB)."""
    procs: list[subprocess.Popen[bytes]] = []
    urls = []
    try:
        for i in range(count):
            port = _free_port()
            with (log_dir / f"server-{i}.log").open("wb") as log:
                procs.append(subprocess.Popen(
                    [sys.executable, "-m", "streamlit", "run", "app.py",
                     "--server.headless=true", f"--server.address={LOOPBACK}",
                     f"--server.port={port}", "--server.fileWatcherType=none",
                     "--server.runOnSave=false", "--browser.gatherUsageStats=false"],
                    cwd=ROOT, env={**os.environ, **env}, stdout=log, stderr=subprocess.STDOUT,
                    start_new_session=True,
                ))
            urls.append(f"http://{LOOPBACK}:{port}")
        for url, proc in zip(urls, procs, strict=True):
            _wait_healthy(url, proc)
        yield urls, [proc.pid for proc in procs]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def _ws_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.hostname not in (LOOPBACK, "localhost"):
        raise SystemExit(f"refusing {url}: the load test only targets {LOOPBACK}")
    return f"ws://{LOOPBACK}:{parts.port}/_stcore/stream"


# --- the run -------------------------------------------------------------------------------------
def _cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of the servers so far (Linux /proc), 0 when unknown."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def returning_learners(env: dict[str, str], count: int) -> list[str]:
    """``count`` profiles made in the servers' database, as the signed cookies their browsers
    hold (the database named by ``TAROT_TUTOR_DB_URL``, else the SQLite file
    ``TAROT_TUTOR_DB``)."""
    url = env.get("TAROT_TUTOR_DB_URL") or f"sqlite:///{env['TAROT_TUTOR_DB']}"
    db = Database(url)
    try:
        secret = db.secret()
        return [signed(secret, db.new_learner()) for _ in range(count)]
    finally:
        db.engine.dispose()


async def _learner(index: int, url: str, args: argparse.Namespace, stats: Stats,
                   content: tuple[list[str], list[PuzzlePick]],
                   window: tuple[float, float], cookie: str | None) -> None:
    rng = random.Random(args.seed * 1000 + index)
    await asyncio.sleep(rng.uniform(0, args.ramp))  # tabs do not all open in the same ms
    headers = {"Cookie": f"{COOKIE}={cookie}"} if cookie else {}
    try:
        async with websockets.connect(_ws_url(url), subprotocols=["streamlit"],  # type: ignore[list-item]
                                      max_size=2**26, open_timeout=30,
                                      additional_headers=headers) as ws:
            learner = Learner(Session(ws, bool(cookie)), stats, rng, content[0], content[1], window,
                              args.think, args.max_interactions)
            await learner.run()
    except (OSError, websockets.WebSocketException) as error:
        stats.failures += 1
        stats.errors[f"connection: {error}"[:160]] += 1


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def report(stats: Stats, seconds: float, sessions: int, processes: int,
           cpu: float | None) -> dict[str, float]:
    every = [x for values in stats.latencies.values() for x in values]
    print(f"\n{sessions} sessions, {processes} process(es), {seconds:.0f} s measured")
    if not every:
        print("no interaction completed")
        return {"rate": 0.0, "median": 0.0, "p95": 0.0}
    alone = sessions == 1 and bool(stats.pids)
    print(f"{'kind':<16}{'n':>7}{'median ms':>12}{'p95 ms':>10}{'messages':>10}"
          + (f"{'CPU ms':>8}" if alone else ""))
    for kind in sorted(stats.latencies):
        values = stats.latencies[kind]
        per_run = f"{statistics.mean(stats.cpu[kind]) * 1000:>8.1f}" if alone else ""
        print(f"{kind:<16}{len(values):>7}{statistics.median(values) * 1000:>12.0f}"
              f"{_percentile(values, 0.95) * 1000:>10.0f}"
              f"{statistics.mean(stats.messages[kind]):>10.0f}{per_run}")
    result = {
        "rate": len(every) / seconds,
        "median": statistics.median(every) * 1000,
        "p95": _percentile(every, 0.95) * 1000,
    }
    print(f"ALL: {result['rate']:.1f} interactions/s  median {result['median']:.0f} ms  "
          f"p95 {result['p95']:.0f} ms  ({len(every)} interactions)")
    if cpu:
        result["cpu_ms"] = cpu * 1000 / len(every)
        print(f"server CPU {cpu:.1f} s in the window: {result['cpu_ms']:.1f} ms per interaction "
              f"(load average now {os.getloadavg()[0]:.1f})")
    for error, n in sorted(stats.errors.items(), key=lambda e: -e[1]):
        print(f"  error x{n}: {error}")
    if stats.failures:
        print(f"  {stats.failures} session(s) lost their connection")
    return result


async def _drive(urls: list[str], args: argparse.Namespace, pids: list[int],
                 cookies: list[str | None]) -> dict[str, float]:
    content = _puzzle_picks()
    stats = Stats(pids=pids if args.sessions == 1 else [])
    start = time.monotonic()
    window = (start + args.ramp + args.warmup, start + args.ramp + args.warmup + args.seconds)
    tasks = [
        asyncio.create_task(_learner(i, urls[i % len(urls)], args, stats, content, window,
                                     cookies[i]))
        for i in range(args.sessions)
    ]
    await asyncio.sleep(window[0] - time.monotonic())
    cpu_start = _cpu_seconds(pids)
    await asyncio.sleep(max(0.0, window[1] - time.monotonic()))
    cpu = _cpu_seconds(pids) - cpu_start if pids else None
    _, pending = await asyncio.wait(tasks, timeout=args.grace)
    for task in pending:  # an interaction still waiting after the grace period
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    if pending:
        stats.errors[f"{len(pending)} session(s) stopped at the hard stop"] += 1
    return report(stats, args.seconds, args.sessions, len(urls), cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=30, help="measured time")
    parser.add_argument("--warmup", type=float, default=5, help="not measured, after the ramp")
    parser.add_argument("--ramp", type=float, default=2, help="sessions open over this time")
    parser.add_argument("--grace", type=float, default=15, help="hard stop after the window")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean pause between a learner's interactions (s); 0: none")
    parser.add_argument("--max-interactions", type=int, default=5000, help="per session")
    parser.add_argument("--processes", type=int, default=1, help="servers to start")
    parser.add_argument("--url", action="append", default=[],
                        help="target a running server instead (repeatable); 127.0.0.1 only")
    parser.add_argument("--env", action="append", default=[], metavar="KEY=VALUE",
                        help="environment for the started servers (e.g. the database)")
    parser.add_argument("--learners", choices=("returning", "new"), default="returning",
                        help="returning: each session sends the signed cookie of a profile "
                             "made beforehand; new: no cookie, a fresh profile per session")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the summary as JSON too")
    parser.add_argument("--logs", type=Path, help="keep the servers' logs in this folder")
    args = parser.parse_args(argv)
    if not 1 <= args.sessions <= 500 or not 0 < args.seconds <= 600:
        parser.error("--sessions must be 1..500 and --seconds 0..600")

    env = dict(item.split("=", 1) for item in args.env)
    returning = args.learners == "returning"
    if args.url:
        for url in args.url:
            _ws_url(url)
        if returning and not {"TAROT_TUTOR_DB_URL", "TAROT_TUTOR_DB"} & env.keys():
            parser.error("--url with returning learners needs --env naming the server's database")
        cookies: list[str | None] = [None] * args.sessions
        if returning:
            cookies = list(returning_learners(env, args.sessions))
        result = asyncio.run(_drive(args.url, args, [], cookies))
    else:
        with tempfile.TemporaryDirectory(prefix="tarot-load-") as folder:
            env = {"TAROT_TUTOR_DB": str(Path(folder) / "progress.sqlite3"),
                   "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false", **env}
            logs = args.logs or Path(folder)
            logs.mkdir(parents=True, exist_ok=True)
            with servers(args.processes, env, logs) as (urls, pids):
                # After the servers start: they make (migrate) the database.
                if returning:
                    cookies = list(returning_learners(env, args.sessions))
                result = asyncio.run(_drive(urls, args, pids, cookies))
                if args.json:
                    print(json.dumps(result))
                return 0
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
